//! One pass of the meeting ([`super::meet`]) over a side's last level: every move (or move
//! undone) from each of its positions, gathered by each thread into sorted chunks, either
//! kept as the side's next level ([`Search::grow`]) or only looked up in the other side's
//! last level ([`Search::look_through`]), for when that next level cannot be held.
//!
//! Every buffer is asked for fallibly: memory the system refuses ends the pass as
//! [`Grown::Refused`] (the search then answers with what it proved) instead of aborting.
//!
//! Same input, same answer: each thread expands a fixed stretch of the level (the same on
//! every run), gathers into buffers of a size set by the room, and is held to its own share
//! of the room, so whether a level fits never depends on how the threads' work interleaves.
//! A grow stopped part-way keeps what it made ([`Partial`]): the look-through that follows
//! looks that up and goes on from where each thread stopped, rather than expanding again
//! what the grow already had (Wiegleb's eighth backward level: 41 minutes).

use super::packed::{self, Packed};
use super::pass::{buffers, gather_for, parts_of, Part, Pass, Plan};
use super::sides::{Levels, Search, Side};
use crate::engines::memory::{self, NoMemory};
use crate::Control;

/// What growing a side gave.
pub(super) enum Grown {
    /// The new level (without what the side held before) and the positions generated on
    /// the way.
    Level(Packed, u64),
    /// Cancelled.
    Cancelled,
    /// More than the search may hold: more positions than its cap (`positions_short`, the
    /// cap the tighter limit by [`Room::positions_bind`]), or more bytes than its room. What
    /// was made before it stopped is in `partial`.
    Full {
        positions_short: bool,
        partial: Partial,
    },
    /// The system refused memory the search's room allowed (a limit it could not see, or
    /// memory the rest of the machine took meanwhile); what was made before, in the
    /// [`Partial`].
    Refused(Partial),
}

/// A grow stopped part-way: the sorted runs its threads made, and how far each thread got
/// through its stretch of the level, for [`Search::look_through`] to go on from.
pub(super) struct Partial {
    /// The side whose next level it is.
    side: Side,
    /// The level it grew from, as its position count (a check that it is the same level).
    from: u64,
    /// Each thread's runs.
    runs: Vec<Packed>,
    /// For each thread's stretch (by its first block): the positions whose every child is
    /// in `runs`.
    flushed: Vec<(usize, u64)>,
}

/// What a new level may take.
#[derive(Clone, Copy, Debug)]
pub(super) struct Room {
    /// Positions.
    pub(super) positions: u64,
    /// Bytes (`u64::MAX`: not counted).
    pub(super) bytes: u64,
    /// Whether `positions` is the cap the search was given (else a stand-in for memory).
    pub(super) capped: bool,
}

/// What looking through a side's next level found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Through {
    /// A position of that next level in the other side's last level: the sides meet there.
    Met(u64),
    /// None: every solution takes one move more than the levels held prove.
    Clear,
    /// Cancelled.
    Cancelled,
    /// The system refused memory.
    Refused,
}

impl Room {
    /// Whether its positions run out before its bytes, for a level packed as densely as
    /// `like` (a level of the same side): what a grow stopped by its room was short of. Told
    /// from the room and a level held, not from which thread stopped first, since that
    /// depends on how the threads' work interleaves (same input, same answer).
    pub(super) fn positions_bind(&self, like: &Packed) -> bool {
        // A grow stops a thread once its runs take half its bytes (see `grow`).
        let per_position = like.bytes().max(1) as u128 * 2 / like.len().max(1) as u128;
        (self.positions as u128) * per_position.max(1) < self.bytes as u128
    }
}

impl Partial {
    /// The positions whose every child is in the runs, of those in the level grown from.
    #[cfg(test)]
    pub(super) fn progress(&self) -> (u64, u64) {
        (self.flushed.iter().map(|&(_, n)| n).sum(), self.from)
    }

    /// What the threads of a pass over `side`'s `last` level made before it stopped.
    fn of(side: Side, last: &Packed, parts: Vec<Part<Vec<Packed>>>) -> Partial {
        let flushed = parts.iter().map(|p| (p.first_block, p.flushed)).collect();
        Partial {
            side,
            from: last.len(),
            runs: parts.into_iter().flat_map(|p| p.state).collect(),
            flushed,
        }
    }
}

impl Search<'_> {
    /// The next level of `side`: every move (or move undone) from its last level, less what
    /// the side already holds, on every thread; [`Grown::Full`] past `room` (each thread's
    /// packed runs, and the level merged from them at the end, no larger).
    pub(super) fn grow(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        room: Room,
        control: &mut Control,
    ) -> Grown {
        let levels_of = held.of(side);
        let empty = Packed::default();
        let last = levels_of.last().unwrap_or(&empty);
        let parts = parts_of(last);
        let gather = gather_for(room.bytes, parts);
        // Each thread is held to its own share of the room, after the gathering buffers: a
        // shared total would stop the level at a point that depends on how the threads'
        // work interleaves. Its runs may take half its share: the level merged from them at
        // the end takes no more than they do. Positions likewise against the cap.
        let share_bytes = room.bytes.saturating_sub(buffers(parts, gather)) / parts as u64;
        let share_positions = room.positions / parts as u64;
        let plan = Plan {
            side,
            looking_through: false,
            gather,
            skip: &[],
        };
        let pass = self.pass(plan, held, before, control, Vec::new, |runs, chunk| {
            fold(runs, Packed::from_sorted(chunk)?)?;
            let bytes: u64 = runs.iter().map(Packed::bytes).sum();
            let positions: u64 = runs.iter().map(Packed::len).sum();
            Ok(positions > share_positions || bytes.saturating_mul(2) > share_bytes)
        });
        let parts = match pass {
            Pass::Done(parts) => parts,
            Pass::Stopped(parts) => {
                return Grown::Full {
                    positions_short: room.positions_bind(last),
                    partial: Partial::of(side, last, parts),
                }
            }
            Pass::Cancelled => return Grown::Cancelled,
            Pass::Refused(parts) => return Grown::Refused(Partial::of(side, last, parts)),
        };
        let generated = parts.iter().map(|p| p.generated).sum();
        let partial = Partial::of(side, last, parts);
        match packed::merge_minus(&partial.runs, levels_of) {
            Ok(next) if next.len() > room.positions => Grown::Full {
                positions_short: true,
                partial,
            },
            Ok(next) => Grown::Level(next, generated),
            Err(_) => Grown::Refused(partial),
        }
    }

    /// Looks through `side`'s next level without holding it: each of its positions is
    /// looked up in the other side's last level. Any position in both ends a solution of
    /// one move more than the levels held rule out, and no fewer can meet (those pairs of
    /// levels were disjoint), so a meeting here is a proven fewest; the least such
    /// position is the one returned. What a grow of the same level made before it stopped
    /// (`partial`) is looked up as it is, and each thread goes on from where it stopped;
    /// the threads' buffers take at most an eighth of `spare` bytes.
    pub(super) fn look_through(
        &self,
        side: Side,
        held: &Levels,
        before: (u64, u64),
        partial: Option<Partial>,
        spare: u64,
        control: &mut Control,
    ) -> Through {
        let Some(other) = held.of(side.other()).last() else {
            return Through::Clear;
        };
        let empty = Packed::default();
        let last = held.of(side).last().unwrap_or(&empty);
        let from = last.len();
        let gather = gather_for(spare, parts_of(last));
        let partial = partial.filter(|p| p.side == side && p.from == from);
        let (made, skip) = match partial {
            Some(Partial { runs, flushed, .. }) => {
                // The least meeting of the runs (positions of the next level, some of them
                // held by the side already: none of those is on the other side's last level,
                // as every pair of levels held is disjoint). The runs go before the pass.
                (
                    runs.iter().filter_map(|r| r.first_common(other)).min(),
                    flushed,
                )
            }
            None => (None, Vec::new()),
        };
        let plan = Plan {
            side,
            looking_through: true,
            gather,
            skip: &skip,
        };
        let pass = self.pass(
            plan,
            held,
            before,
            control,
            || None,
            |met: &mut Option<u64>, chunk| {
                // Every chunk is looked through, not only up to a first meeting: the least
                // meeting of all is the same on every run, whichever thread meets first.
                if let Some(m) = other.first_of(chunk.iter().copied()) {
                    *met = Some(met.map_or(m, |old| old.min(m)));
                }
                Ok(false)
            },
        );
        match pass {
            Pass::Done(parts) | Pass::Stopped(parts) => parts
                .into_iter()
                .filter_map(|p| p.state)
                .chain(made)
                .min()
                .map_or(Through::Clear, Through::Met),
            Pass::Cancelled => Through::Cancelled,
            Pass::Refused(_) => Through::Refused,
        }
    }
}

/// Adds the packed `chunk` to `runs`, merging the last two runs while the one before is no
/// more than twice the last: the runs' sizes fall geometrically, so each position is merged
/// a logarithmic number of times, not once per run after it. `Err` where the system
/// refuses the memory a merge needs.
fn fold(runs: &mut Vec<Packed>, chunk: Packed) -> Result<(), NoMemory> {
    memory::try_grow(runs, 1)?;
    runs.push(chunk);
    while let [.., a, b] = runs.as_slice() {
        if a.len() > 2 * b.len() {
            break;
        }
        let merged = packed::merge_two(&runs[runs.len() - 2], &runs[runs.len() - 1])?;
        runs.truncate(runs.len() - 2);
        runs.push(merged);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_runs_merge_to_the_union() {
        let mut runs = Vec::new();
        for chunk in [vec![5, 9], vec![1, 5], vec![2], vec![9, 10]] {
            let chunk = Packed::from_sorted(&chunk).expect("memory for a few words");
            fold(&mut runs, chunk).expect("memory for a few words");
        }
        assert!(runs.len() < 4, "runs of like size merge");
        let all = packed::merge_minus(&runs, &[]).expect("memory");
        assert_eq!(all.iter().collect::<Vec<_>>(), vec![1, 2, 5, 9, 10]);
    }
}
