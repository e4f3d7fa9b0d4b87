//! A solution by moves where the fewest cannot be proven: a beam from the forward levels
//! into the backward ones, which [`super::meet`] runs when it stops before the two sides
//! meet.
//!
//! The beam starts from a whole forward level (the meeting runs it from the last, and from
//! the start: the best few of the last level can all be dead ends, where a beam that
//! chooses from the first move on is not) and keeps, level by level, the
//! [`WIDTH`] positions (fewer where memory is short) with the fewest pegs and the fewest borders between a peg and a
//! hole (compact positions finish; a greedy "fewest pegs" beam strands pegs and dies).
//! Every position it reaches is looked up in the backward levels: one found there at
//! backward level j, after k moves, makes a solution of k + j moves, the least of which is
//! kept. Everything is in sorted order, ties broken by the position itself, so the same
//! start gives the same solution on every run.

use super::packed::Packed;
use super::sides::{Levels, Search};
use super::status::{BeamStatus, MeetStatus};
use super::CHECK_EVERY;
use crate::engines::memory;
use crate::Control;
use rustc_hash::FxHashMap;

/// Positions the beam keeps a level, at most.
pub const WIDTH: usize = 200_000;

/// Bytes a position the beam keeps costs at the peak: its children (some sixty on a
/// 45-hole board, 16 bytes each, sorted, then 8 more each to choose the best by score) and
/// its place in a level's parent map.
const BYTES_PER_KEPT: u64 = 2_000;

/// Positions a level the beam may keep with `bytes` to spare: [`WIDTH`] at most, and at
/// least a hundred (a beam that narrow costs next to nothing).
pub(super) fn width_for(bytes: u64) -> usize {
    (bytes / BYTES_PER_KEPT).clamp(100, WIDTH as u64) as usize
}

/// The canonical forms of the shortest solution the beam finds from forward level `origin`,
/// start to finish (none when it finds none, or is cancelled). Its progress is reported as
/// `status` (the meeting's, its positions expanded `status.0` before) with the beam's place.
pub(super) fn solution(
    search: &Search<'_>,
    held: &Levels,
    origin: usize,
    width: usize,
    status: (u64, MeetStatus),
    control: &mut Control,
) -> Option<Vec<u64>> {
    let (before, meeting) = status;
    let report = |control: &mut Control, moves: usize, expanded: u64| {
        let beam = BeamStatus {
            from: origin as u32,
            moves: moves as u32,
            width: width as u64,
        };
        let status = MeetStatus {
            beam: Some(beam),
            ..meeting
        };
        control.report_meeting(before + expanded, 0, &status);
    };
    let board = search.board;
    let neighbours = neighbours(search);
    let full = search.full();
    let score = |b: u64| -> u32 {
        let holes = full & !b;
        let mut borders = 0;
        let mut pegs = b;
        while pegs != 0 {
            let i = pegs.trailing_zeros() as usize;
            pegs &= pegs - 1;
            borders += (neighbours[i] & holes).count_ones();
        }
        2 * b.count_ones() + borders
    };
    if origin >= held.forward.len() {
        return None;
    }
    // The best of the origin level, without a copy of it (it may hold hundreds of millions).
    let mut kept: std::collections::BinaryHeap<(u32, u64)> = std::collections::BinaryHeap::new();
    kept.try_reserve_exact(width + 1).ok()?;
    for b in held.forward[origin].iter() {
        kept.push((score(b), b));
        if kept.len() > width {
            kept.pop();
        }
    }
    let mut level: Vec<u64> = kept.into_sorted_vec().into_iter().map(|(_, b)| b).collect();
    // parents[k][form]: the form of beam level k - 1 it came from (level 0 is the origin).
    let mut parents: Vec<FxHashMap<u64, u64>> = vec![FxHashMap::default()];
    // The best meeting yet: (moves, the form met, the beam level it was reached at, the
    // form it was reached from).
    let mut best: Option<(u32, u64, usize, u64)> = None;
    let better = |best: &mut Option<(u32, u64, usize, u64)>, found: (u32, u64, usize, u64)| {
        if best.is_none_or(|b| found < b) {
            *best = Some(found);
        }
    };
    let backward_at = |canon: u64| held.backward.iter().position(|level| level.contains(canon));
    let mut origins: Vec<(u64, u64)> = Vec::new();
    origins.try_reserve_exact(level.len()).ok()?;
    origins.extend(level.iter().map(|&b| (b, b)));
    origins.sort_unstable();
    for (j, backward) in held.backward.iter().enumerate() {
        if let Some((b, _)) = least_in(backward, &origins) {
            better(&mut best, ((origin + j) as u32, b, 0, b));
        }
    }
    drop(origins);
    let mut k = 0usize;
    let mut expanded = 0u64;
    while !level.is_empty() {
        report(control, k, expanded);
        k += 1;
        if best.is_some_and(|(total, ..)| total as usize <= origin + k) {
            break;
        }
        let mut next: Vec<(u64, u64)> = Vec::new();
        // Every allocation asked for first: memory the system refuses ends the beam with
        // the best it found.
        let mut refused = false;
        for &p in &level {
            expanded += 1;
            if expanded.is_multiple_of(CHECK_EVERY) {
                if control.cancelled() {
                    return None;
                }
                if expanded.is_multiple_of(CHECK_EVERY * 64) {
                    report(control, k - 1, expanded);
                }
            }
            let _ = board.moves_from(p, &mut |b, canon, _| -> Result<bool, ()> {
                if search.lost(b) {
                    // Lost, and so is whatever the chain goes on to.
                    return Ok(false);
                }
                if memory::try_grow(&mut next, 1).is_err() {
                    refused = true;
                    return Err(());
                }
                next.push((canon, p));
                Ok(true)
            });
            if refused {
                break;
            }
        }
        // One parent a form, the least.
        next.sort_unstable();
        next.dedup_by_key(|&mut (canon, _)| canon);
        // Each backward level's least form among this level's (the one that would have won
        // had each child been looked up as it came, a binary search over each backward
        // level's index a child: most of a Wiegleb beam's minute), found in one sorted sweep.
        for (j, backward) in held.backward.iter().enumerate() {
            if let Some((canon, p)) = least_in(backward, &next) {
                better(&mut best, ((origin + k + j) as u32, canon, k, p));
            }
        }
        if refused {
            break;
        }
        // Then the best forms: each scored once (a score counts a form's borders peg by peg,
        // and choosing and sorting by a score asked again at every comparison cost a sixth of
        // a whole `solve wiegleb --fewest-moves --memory 300M`), the best chosen, then
        // sorted. A key is the score above the form's place in `next`, which is in the
        // forms' order: ties are broken by the form, in eight bytes a form.
        let mut scored: Vec<u64> = Vec::new();
        if memory::try_grow(&mut scored, next.len()).is_err() {
            break;
        }
        scored.extend(
            next.iter()
                .enumerate()
                .map(|(place, &(b, _))| u64::from(score(b)) << 32 | place as u64),
        );
        if scored.len() > width {
            scored.select_nth_unstable(width);
            scored.truncate(width);
        }
        scored.sort_unstable();
        let next: Vec<(u64, u64)> = scored
            .iter()
            .map(|&key| next[(key & u64::from(u32::MAX)) as usize])
            .collect();
        let mut parent: FxHashMap<u64, u64> = FxHashMap::default();
        if parents.try_reserve(1).is_err() || parent.try_reserve(next.len()).is_err() {
            break;
        }
        parent.extend(next.iter().copied());
        parents.push(parent);
        level = next.into_iter().map(|(b, _)| b).collect();
    }
    let (_, meeting, at, from) = best?;
    // Back through the beam to its origin, then through the forward levels to the start.
    let mut beam_path = vec![meeting];
    if at > 0 {
        beam_path.push(from);
        let mut form = from;
        for k in (1..at).rev() {
            form = *parents[k].get(&form)?;
            beam_path.push(form);
        }
    }
    beam_path.reverse();
    let mut path = search.back_to_start(held, origin, beam_path[0]);
    let j = backward_at(meeting)?;
    let on = search.on_to_finish(held, j, meeting);
    if path.is_empty() || on.is_empty() {
        return None;
    }
    path.extend_from_slice(&beam_path[1..]);
    path.extend_from_slice(&on[1..]);
    Some(path)
}

/// The least of the forms `sorted` (ascending, one parent each) that `level` holds, with its
/// parent: swept through the level's blocks in order, or, where the level is far the
/// smaller (a side's first levels hold a handful), each of its forms looked up in `sorted`.
fn least_in(level: &Packed, sorted: &[(u64, u64)]) -> Option<(u64, u64)> {
    const FAR: u64 = 32;
    let at = |canon: u64| {
        sorted
            .binary_search_by_key(&canon, |&(c, _)| c)
            .ok()
            .map(|i| sorted[i])
    };
    if level.len().saturating_mul(FAR) < sorted.len() as u64 {
        return level.iter().find_map(at);
    }
    level
        .first_of(sorted.iter().map(|&(canon, _)| canon))
        .and_then(at)
}

/// Each compact cell's neighbours: the cells a jump passes between it and the next.
fn neighbours(search: &Search<'_>) -> Vec<u64> {
    let compact = &search.board.compact;
    let mut out = vec![0u64; compact.cells.len()];
    for cj in &compact.jumps {
        let index = |c| compact.index(c).unwrap_or(0) as usize;
        let (a, b, c) = (index(cj.jump.from), index(cj.jump.over), index(cj.jump.to));
        out[a] |= 1 << b;
        out[b] |= (1 << a) | (1 << c);
        out[c] |= 1 << b;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_in_finds_the_least_shared_form_and_its_parent_both_ways() {
        let sorted: Vec<(u64, u64)> = (0..5000u64).map(|i| (i * 5, i)).collect();
        let brute = |level: &Packed| sorted.iter().copied().find(|&(c, _)| level.contains(c));
        // A level as large as the beam's (swept in order) and a handful (looked up one by
        // one), each sharing forms with the beam's, and one sharing none.
        let large: Vec<u64> = (0..2000u64).map(|i| i * 7 + 3).collect();
        for level in [large, vec![12, 503, 700, 9000], vec![1, 2, 3, 4]] {
            let level = Packed::from_sorted(&level).expect("memory for a few words");
            assert_eq!(least_in(&level, &sorted), brute(&level));
        }
        let large = Packed::from_sorted(&[10, 25]).expect("memory");
        assert_eq!(least_in(&large, &sorted), Some((10, 2)));
        assert_eq!(least_in(&Packed::default(), &sorted), None);
        assert_eq!(least_in(&large, &[]), None);
    }
}
