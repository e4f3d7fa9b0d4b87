//! What can go wrong in the terminal game, as a typed error whose cause stays reachable: the
//! terminal itself, a solution that does not replay, or games that could not be kept; and
//! why a window cannot be opened here ([`NoDisplay`]).

use pegsol_record::store::StoreError;
use std::path::PathBuf;

/// No display to open a window on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoDisplay {
    /// None of the variables that name one is set.
    #[error("no display: DISPLAY, WAYLAND_DISPLAY and WAYLAND_SOCKET are unset")]
    Unset,
    /// The displays named do not answer (a `DISPLAY` left behind by an SSH session that has
    /// gone); why, for each.
    #[error("no display: {0}")]
    Unreachable(String),
}

/// Why the terminal game stopped short, or what it could not keep.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    /// Reading keys or drawing failed.
    #[error("the terminal failed: {0}")]
    Terminal(#[from] std::io::Error),
    /// A solution to watch does not replay from the board's start.
    #[error("jump {index} of the solution: {reason}")]
    BadSolution {
        /// 1-based number of the jump.
        index: usize,
        /// Why it cannot be played, in the game's cell names.
        reason: String,
    },
    /// The game store could not be written; the game in play was saved to a file instead.
    #[error("the games could not be kept ({kept}); the game in play is saved to {}", saved.display())]
    SavedElsewhere {
        /// Why the store could not be written.
        #[source]
        kept: StoreError,
        /// Where the game in play is.
        saved: PathBuf,
    },
    /// Neither the game store nor a file could be written.
    #[error("the games could not be kept, nor saved elsewhere: {0}")]
    NotKept(#[source] StoreError),
}
