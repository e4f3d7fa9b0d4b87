//! How the deep proof's pruning functions are found and chosen: the positions they are
//! sought on (a level's sample, or fixed pseudo-random games from the start), the linear
//! programmes that find them, and the greedy choice of the few that refute most.

use super::{GAMES, MIN_PEGS, REFRESH_PARENTS, SAMPLE, SURE_FUNCTIONS, WORTH};
use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::engines::prove::signed::SignedPagoda;
use crate::engines::whole::level::Level;
use crate::engines::whole::{Board, WholeError};

/// [`REFRESH_PARENTS`] positions of `level`, the same whatever way it is held: those whose
/// keys hash lowest (a block of a level held in runs depends on how the threads' parts fell,
/// and a sample taken by blocks would make the proof's figures differ run to run). One
/// read of the level on every thread.
pub fn level_sample(board: &Board, level: &Level) -> Result<Vec<u64>, WholeError> {
    let ranks = board.ranks_of(level)?;
    let keep = REFRESH_PARENTS;
    let parts = board.par_chunks(
        level,
        ranks.as_ref().map(|r| &r.0),
        || Ok((Vec::new(), u64::MAX)),
        |(low, limit): &mut (Vec<(u64, u64)>, u64), keys, _| {
            for &k in keys {
                let h = mix(k);
                if h < *limit {
                    low.push((h, k));
                    if low.len() >= 2 * keep {
                        low.sort_unstable();
                        low.truncate(keep);
                        *limit = low[keep - 1].0;
                    }
                }
            }
            Ok(())
        },
    )?;
    let mut low: Vec<(u64, u64)> = parts.into_iter().flat_map(|(l, _)| l).collect();
    low.sort_unstable();
    low.truncate(keep);
    Ok(low.into_iter().map(|(_, k)| k).collect())
}

/// A key's bits mixed (splitmix64's finaliser): an order unrelated to the keys' own.
pub(super) fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Positions of [`GAMES`] fixed pseudo-random games from `start`, of at least [`MIN_PEGS`]
/// pegs, at most [`SAMPLE`] of them.
pub(super) fn sample(compact: &Compact<u64>, start: u64) -> Vec<u64> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut all = Vec::new();
    for _ in 0..GAMES {
        let mut at = start;
        loop {
            let legal: Vec<usize> = compact.legal(at).iter().collect();
            if legal.is_empty() || at.count_ones() <= MIN_PEGS {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            at ^= compact.jumps[legal[(x % legal.len() as u64) as usize]].all;
            all.push(at);
        }
    }
    let stride = all.len().div_ceil(SAMPLE).max(1);
    all.into_iter().step_by(stride).collect()
}

/// Functions that refute some position of `sample` for some finish of `allowed`, each with
/// its images under `sub` when given (`None`: as found, for a sample of canonical forms,
/// which are what the tests will be asked about); at most `programs_most` programmes, none
/// spent on a pair a function found already refutes.
pub(super) fn candidates(
    compact: &Compact<u64>,
    sub: Option<&Symmetries<u64>>,
    sample: &[u64],
    allowed: &[usize],
    mut found: Vec<SignedPagoda>,
    programs_most: usize,
) -> Vec<SignedPagoda> {
    // Each finish its share of the programmes, spent over the whole sample.
    let share = (programs_most / allowed.len().max(1)).max(1);
    for &c in allowed {
        let goal = 1u64 << c;
        let mut programs = 0;
        for &p in sample {
            if programs >= share {
                break;
            }
            if found.iter().any(|f| f.refutes(p, goal)) {
                continue;
            }
            programs += 1;
            let Some(f) = SignedPagoda::find(compact, p, goal) else {
                continue;
            };
            let Some(sub) = sub else {
                if !found.contains(&f) {
                    found.push(f);
                }
                continue;
            };
            for s in 0..sub.len() {
                if let Some(g) = f.turned(compact, sub, s) {
                    if !found.contains(&g) {
                        found.push(g);
                    }
                }
            }
        }
    }
    found
}

/// Up to `most` of `candidates`, chosen greedily: each time the one that rules out most
/// positions of `sample` for every finish in `allowed` (counting, among equals, the
/// position-finish pairs it refutes; the first found among equals); past [`SURE_FUNCTIONS`]
/// only while each rules out one in [`WORTH`] of the sample more.
pub(super) fn choose(
    candidates: &[SignedPagoda],
    sample: &[u64],
    allowed: &[usize],
    most: usize,
) -> Vec<SignedPagoda> {
    let every: u64 = if allowed.len() >= 64 {
        u64::MAX
    } else {
        (1u64 << allowed.len()) - 1
    };
    // Per candidate, per position: the finishes it refutes, one bit each.
    let masks: Vec<Vec<u64>> = candidates
        .iter()
        .map(|f| {
            sample
                .iter()
                .map(|&p| {
                    let v = f.value(p);
                    allowed
                        .iter()
                        .enumerate()
                        .fold(0u64, |m, (t, &c)| m | u64::from(v < f.weight(c)) << t)
                })
                .collect()
        })
        .collect();
    let mut refuted = vec![0u64; sample.len()];
    let mut kept = Vec::new();
    let mut used = vec![false; candidates.len()];
    while kept.len() < most {
        let gain = |m: &[u64]| -> (u32, u32) {
            m.iter()
                .zip(&refuted)
                .fold((0, 0), |(all, pairs), (&m, &r)| {
                    let now = m | r;
                    (
                        all + u32::from(now == every && r != every),
                        pairs + (now & !r).count_ones(),
                    )
                })
        };
        let best = masks
            .iter()
            .enumerate()
            .filter(|&(i, _)| !used[i])
            .map(|(i, m)| (gain(m), std::cmp::Reverse(i)))
            .max();
        let Some((g, std::cmp::Reverse(i))) = best else {
            break;
        };
        if g == (0, 0) || (kept.len() >= SURE_FUNCTIONS && (g.0 as usize) * WORTH < sample.len()) {
            break;
        }
        used[i] = true;
        for (r, m) in refuted.iter_mut().zip(&masks[i]) {
            *r |= m;
        }
        kept.push(candidates[i].clone());
    }
    kept
}
