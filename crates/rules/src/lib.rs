//! Pure game rules: cells and bitboard cell sets, board shapes on the square and triangular
//! grids, positions, jumps, moves (one peg's chain of jumps), symmetries, position classes, pagoda
//! functions and random solvable starts.
//!
//! Nothing here does I/O, spawns threads or knows about a user interface; every function is a
//! pure function of its arguments, and checked entry points ([`Position::try_play`]) reject bad
//! input with a reason instead of panicking.

mod cellset;
mod class;
mod jump;
mod keyboard;
mod moves;
pub mod pagoda;
mod position;
mod random;
mod shape;
mod words;

pub use cellset::{Cell, CellIter, CellParseError, CellSet, CELL_COUNT, MAX_SIDE};
pub use class::{ClassMasks, PositionClass};
pub use jump::{Jump, JumpError, JumpParseError};
pub use keyboard::{arrow_steps, start_cell, walk, Arrow, CursorTrail};
pub use moves::{chains, continues, move_count, move_ends, move_index};
pub use pagoda::{Pagoda, PagodaError};
pub use position::{legal_jumps_of, Goal, Position};
pub use random::{random_puzzle, RandomPuzzle};
pub use shape::{Direction, Grid, Shape, Symmetry, SQUARE_DIRECTIONS, TRIANGULAR_DIRECTIONS};
pub use words::{
    capitalise, cell_name, jumps_in_words, pegs_in_words, CellNames, DirectionRefusal,
};
