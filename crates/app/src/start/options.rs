//! What `pegsol [--layout L] [FILE] ...` asks of the window, as the command line parsed it.

use crate::paint::palette::ThemeChoice;
use std::path::PathBuf;

/// How to open the window (what `pegsol [--layout L] [FILE] ...` asks for).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Write a PNG of the window to this path and exit.
    pub screenshot: Option<PathBuf>,
    /// Board to open (level 0-8, catalogue name, or file).
    pub layout: Option<String>,
    /// Window size for the screenshot, e.g. `1200x800`.
    pub size: Option<String>,
    /// Solve the board (exact, no limit) before the screenshot and load the solution.
    pub solve: bool,
    /// With `solve`: move the timeline to jump N.
    pub step: Option<usize>,
    /// With `step`: hold the jump to step N this fraction (0 to 1) of the way through its
    /// slide, a still of the animation.
    pub mid_jump: Option<f32>,
    /// With `screenshot`: keep only the board in the picture.
    pub board_only: bool,
    /// With `solve`: find the fewest moves (the solver panel's "Fewest moves").
    pub fewest_moves: bool,
    /// With `screenshot`: ask for a hint (as H does) and wait for it.
    pub hint: bool,
    /// Open the layout editor (with `layout`'s board, or the English board).
    pub editor: bool,
    /// Open the Experiments window (with `screenshot`: run levels 0-8 at 10k and 100k to the
    /// end first).
    pub experiments: bool,
    /// Make a random puzzle from this seed on the board asked for, and play it.
    pub random: Option<u64>,
    /// With `random`: how many pegs (default: the Medium preset).
    pub pegs: Option<u32>,
    /// The theme for this run, over the remembered one.
    pub theme: Option<ThemeChoice>,
    /// A layout or saved game to open (what a double-click passes).
    pub file: Option<PathBuf>,
}
