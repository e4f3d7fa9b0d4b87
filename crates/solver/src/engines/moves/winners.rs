//! The winnable positions a fewest-moves search prunes with where the board has no whole
//! winnable set: every position reachable from the start that can still win, asked of the
//! level engine in memory, within caps that keep it cheap next to the search.

use super::{meet, Options};
use crate::engines::whole::{self, WholeError};
use crate::Control;
use pegsol_rules::{Goal, Position};

/// Most positions the level engine may hold on its way to the winnable positions (see
/// [`reachable_winners`]): the French board's catalogue start reaches about 1.5 billion
/// canonical forms, in about four minutes.
pub const MOST_LEVEL_POSITIONS: u64 = 2_000_000_000;

/// Most holes of a board whose winnable positions the level engine is asked for when the
/// search could meet in the middle instead: the diamond's 41. (On Wiegleb's 45 it held 272
/// million positions after 16 of 43 jumps at 220 s, still growing toward
/// [`MOST_LEVEL_POSITIONS`]: minutes thrown away; the 7x9 cross passes the cap at 324 s.)
const LEVEL_ENGINE_MOST_CELLS: u32 = 41;

/// Positions the level engine may hold per expansion of a budgeted search: a level step
/// costs about a sixteenth of a search's expansion (measured on English: 23 million
/// canonical forms forward and back in 3.6 s, against 1.5 million expansions in 8 s).
const LEVEL_PER_EXPANSION: u64 = 16;

/// Every position reachable from `start` that can still reach `goal`, from the level engine
/// ([`whole::decide::reachable_winners`], in memory only): for a goal with no whole winnable
/// set it prunes every lost position, not only those with few pegs. A search's cap on what
/// it holds, or its budget, caps the level engine as well.
pub(super) fn reachable_winners(
    start: &Position,
    goal: Goal,
    options: Options,
    control: &mut Control,
) -> Result<Vec<u64>, WholeError> {
    let cells = start.shape().cells().len();
    let most = if cells as usize <= meet::MAX_CELLS {
        LEVEL_ENGINE_MOST_CELLS
    } else {
        whole::MAX_CELLS
    };
    if cells > most {
        return Err(WholeError::TooLarge { cells, max: most });
    }
    let settings = whole::Settings {
        most_positions: Some(
            MOST_LEVEL_POSITIONS
                .min(options.max_held.unwrap_or(u64::MAX))
                .min(
                    options
                        .budget
                        .map_or(u64::MAX, |b| b.saturating_mul(LEVEL_PER_EXPANSION)),
                ),
        ),
        // The search holds the winners in memory: disk-bound levels would be time wasted.
        memory_only: true,
        memory: options.memory,
        ..whole::Settings::default()
    };
    let cancel = control.cancel_flag();
    whole::decide::reachable_winners(start, goal, &settings, cancel, &mut |s| {
        control.report_preparing(s);
    })
}
