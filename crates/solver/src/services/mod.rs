//! Services built on the engines, for the front ends (the threads they run on are in
//! [`super::jobs`]).
//!
//! - [`advisor`]: "still winnable?" and hints for the position in play, answered in the
//!   background and thought on until decided; [`advice`]: what it says, in the words both
//!   front ends show.
//! - [`hint`]: a position's verdict with its proof (position class, pagoda function,
//!   winnable set or exhaustive search) and every legal jump's verdict; with it, the lost
//!   middle games proven on the game played backwards (only the hint's judge asks for them).
//! - [`analyze`]: for every single-vacancy start of a board, the finishes that can be reached.

pub mod advice;
pub mod advisor;
pub mod analyze;
pub mod hint;
pub mod meet_pairs;
