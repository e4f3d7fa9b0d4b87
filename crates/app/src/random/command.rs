//! The New random puzzle window's command vocabulary, carried out by
//! [`super::RandomView::apply`], and the board it makes puzzles on.

use pegsol_rules::Shape;
use std::sync::Arc;

/// A board to make puzzles on: its name, where it came from, and its holes.
#[derive(Clone, Debug)]
pub struct RandomBoard {
    /// The board's name, for the title and the message.
    pub name: String,
    /// The catalogue key, when it is a catalogue board (the puzzle's source names it).
    pub key: Option<String>,
    /// The holes.
    pub shape: Arc<Shape>,
    /// The layout's frame (columns, rows), kept so the board is drawn as its layout has it.
    pub frame: (u8, u8),
}

/// Something a person asked the window for. [`super::RandomView::apply`] carries it out.
#[derive(Clone, Debug)]
pub enum RandomCommand {
    /// Open the window on this board (keeping the pegs' share and the seed).
    Open(Box<RandomBoard>),
    /// Make puzzles on a catalogue board instead.
    Board(String),
    /// How many pegs.
    SetPegs(u32),
    /// The seed as typed.
    SetSeedText(String),
    /// A new seed (from the clock).
    NewSeed,
    /// Set the seed (the command line's `--random SEED`).
    SetSeed(u64),
    /// Play the puzzle.
    Play,
    /// Close the window.
    Close,
}
