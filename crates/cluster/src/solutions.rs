//! Counting the solutions of a whole board on many workers: the one-machine level engine's
//! solution count ([`pegsol_solver::engines::whole::solutions`]) with each level shared out
//! as [`mod@crate::count`] shares it.
//!
//! The levels are made forward as for counting. Back, each worker's winners carry their
//! count of solutions: the goal positions one each; a winner c hands `count(c) x |orbit c|`
//! to each of its parents, once per undone jump, sent to the parent's owner, who adds up
//! what it receives for the forms of its part of the level above and divides each sum by
//! the form's own orbit (exactly: the one-machine engine's weighting, see its module docs).
//! The start's count, on the worker that owns it, is summed with the others' zeros, so every
//! worker ends with the answer.

use crate::count::{forward, goals, paced, sums, Job, Tables, Watch};
use crate::net::Net;
use crate::store::{Store, StoreError};
use std::time::Instant;

/// A solution count, the same on every worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Jump sequences from the start that reach the goal.
    pub solutions: u128,
    /// Positions on at least one solution.
    pub positions: u64,
    /// The same up to the board's symmetries.
    pub up_to_symmetry: u64,
    /// Canonical forms of every level made forward.
    pub examined: u64,
}

/// Why a solution count stopped.
#[derive(Debug, thiserror::Error)]
pub enum SolutionsError {
    /// A level file.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A count passed 128 bits.
    #[error("a solution count passed 2^128 (about 3.4e38): too large to count exactly here")]
    Overflow,
}

/// One worker's solution count (see the module docs).
pub fn solutions_on(
    net: &mut Net,
    tables: &Tables,
    job: &Job,
    store: &Store,
    watch: Option<&Watch>,
) -> Result<Solved, SolutionsError> {
    let began = Instant::now();
    let made = forward(net, tables, job, store, watch)?;
    let examined = made.forms.iter().sum();
    let start = tables.start_key(&job.start);
    let mut winners: Vec<(u64, u128)> = goals(tables, job, store, &made.counts)?
        .into_iter()
        .map(|k| (k, 1))
        .collect();
    let mut n = made.counts.len().saturating_sub(1) as u32;
    let mut out = Solved {
        solutions: 0,
        positions: 0,
        up_to_symmetry: 0,
        examined,
    };
    let mut overflow = false;
    loop {
        let keys: Vec<u64> = winners.iter().map(|w| w.0).collect();
        let (positions, distinct) = tables.figures(&keys);
        drop(keys);
        let start_count = match (n, winners.binary_search_by_key(&start, |w| w.0)) {
            (0, Ok(at)) => winners[at].1,
            _ => 0,
        };
        net.send_figures(&[
            winners.len() as u64,
            positions,
            distinct,
            start_count as u64,
            (start_count >> 64) as u64,
            u64::from(overflow),
        ]);
        if n > 0 {
            overflow |= send_counts(net, tables, &winners);
        }
        let got = net.finish();
        let total = sums(&got.figures);
        if total[5] > 0 {
            return Err(SolutionsError::Overflow);
        }
        if total[0] == 0 {
            break;
        }
        out.positions += total[1];
        out.up_to_symmetry += total[2];
        if n == 0 {
            out.solutions = u128::from(total[3]) | (u128::from(total[4]) << 64);
            break;
        }
        overflow |= got.overflow;
        if let Some(w) = watch {
            w(format!(
                "solutions: {n} jumps, {} winners, {:.1} s",
                total[0],
                began.elapsed().as_secs_f64()
            ));
        }
        n -= 1;
        let above = store.read(n)?.1;
        winners = within(&got.pairs, &above, tables);
    }
    Ok(out)
}

/// Sends each winner's count, weighted by its orbit, to each of its parents' owners, once
/// per undone jump; whether a count passed 128 bits.
fn send_counts(net: &mut Net, tables: &Tables, winners: &[(u64, u128)]) -> bool {
    let peers = net.peers;
    let mut overflow = false;
    paced(net, winners, |net, chunk| {
        let mut out: Vec<(u64, u128)> = Vec::with_capacity(chunk.len() * 8);
        for &(c, v) in chunk {
            let Some(w) = v.checked_mul(u128::from(tables.sub.orbit_size(c))) else {
                overflow = true;
                continue;
            };
            let im = tables.sub.images(c);
            for j in tables.compact.legal(tables.full ^ c).iter() {
                out.push((tables.sub.child_canon(&im, j), w));
            }
        }
        out.sort_unstable_by_key(|p| p.0);
        let mut parts: Vec<Vec<(u64, u128)>> = vec![Vec::new(); peers];
        let mut last: Option<(u64, u128)> = None;
        for (k, v) in out {
            match &mut last {
                Some((lk, lv)) if *lk == k => match lv.checked_add(v) {
                    Some(s) => *lv = s,
                    None => overflow = true,
                },
                _ => {
                    if let Some(p) = last.take() {
                        parts[tables.owner(p.0, peers)].push(p);
                    }
                    last = Some((k, v));
                }
            }
        }
        if let Some(p) = last {
            parts[tables.owner(p.0, peers)].push(p);
        }
        for (to, part) in parts.iter().enumerate() {
            net.send_pairs(to, part);
        }
    });
    overflow
}

/// The parents received (`pairs`, sorted) that are in `level` (sorted), each count divided
/// by its form's orbit.
fn within(pairs: &[(u64, u128)], level: &[u64], tables: &Tables) -> Vec<(u64, u128)> {
    let mut out = Vec::new();
    let mut i = 0;
    for &(k, v) in pairs {
        while i < level.len() && level[i] < k {
            i += 1;
        }
        if i < level.len() && level[i] == k {
            out.push((k, v / u128::from(tables.sub.orbit_size(k))));
        }
    }
    out
}
