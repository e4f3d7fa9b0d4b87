//! Sizing a whole board before running it: the first levels counted on this machine with
//! the one-machine engine (for a limited time), and the rest projected from their growth.
//!
//! The growth from one level to the next, `c(n+1) / c(n)`, falls as the board empties: its
//! logarithm falls close to a straight line over the middle levels (the English board's from
//! 1.27 at 8 jumps to 0.81 at 12, 0.68 at 13). The projection fits that line to the last
//! ratios counted and carries it on, each level capped by the number of ways to place its
//! pegs at all. The real fall steepens past the middle, so the projection errs high (the
//! English board from its first 13 levels: 4.0e8 positions projected, 1.9e8 counted):
//! sizes to plan with, not figures to quote.

use pegsol_rules::{Goal, Position};
use pegsol_solver::boards::compact::Compact;
use pegsol_solver::boards::symmetry::Symmetries;
use pegsol_solver::engines::count::LevelCount;
use pegsol_solver::engines::whole::{self, Settings, WholeError};
use pegsol_solver::system_memory::size_text;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Ratios fitted: the last this many counted.
const FITTED: usize = 5;

/// Machines the projection's time is given for.
pub const MACHINES: [u64; 6] = [1, 2, 4, 8, 16, 32];

/// The first levels counted and the whole count projected.
#[derive(Clone, Debug, PartialEq)]
pub struct Projection {
    /// The levels counted here (their figures exact).
    pub counted: Vec<LevelCount>,
    /// Seconds the counted levels took.
    pub counted_seconds: f64,
    /// Whether every level was counted (the projection is then the count).
    pub complete: bool,
    /// Every level's positions, counted then projected.
    pub levels: Vec<f64>,
    /// Positions in all.
    pub positions: f64,
    /// The largest level's positions.
    pub largest: f64,
    /// Jumps of the largest level.
    pub largest_at: usize,
    /// Symmetries the levels' canonical forms are taken under: a form stands for about
    /// this many positions.
    pub kept_symmetries: usize,
    /// Bytes of the level files, all machines together.
    pub disk_bytes: f64,
    /// Bytes of memory at the largest step, all machines together.
    pub memory_bytes: f64,
    /// Processor hours for the whole count at the counted levels' rate here.
    pub cpu_hours: f64,
}

/// Counts the first levels of `start` (for `goal`) for at most `limit`, and at most
/// `most_levels` levels, and projects the rest (see the module docs).
pub fn estimate(
    start: &Position,
    goal: Goal,
    settings: &Settings,
    limit: Duration,
    most_levels: Option<u32>,
) -> Result<Projection, WholeError> {
    let cancel = Arc::new(AtomicBool::new(false));
    let (done, timer) = mpsc::channel::<()>();
    let flag = Arc::clone(&cancel);
    // The timer stops the count at the limit; a count that ends first ends the timer.
    let clock = std::thread::spawn(move || {
        if timer.recv_timeout(limit).is_err() {
            flag.store(true, Ordering::Relaxed);
        }
    });
    let began = Instant::now();
    // The engine hears of each level made: past the levels asked for, it stops.
    let enough = Arc::clone(&cancel);
    let counted = whole::count::count(start, goal, settings, &cancel, &mut |s| {
        if s.phase == "forward" && most_levels.is_some_and(|m| s.jumps >= m) {
            enough.store(true, Ordering::Relaxed);
        }
    });
    let _ = done.send(());
    let _ = clock.join();
    let counted = counted?;
    let seconds = began.elapsed().as_secs_f64();
    match counted.stopped {
        None | Some(WholeError::Cancelled) => {}
        Some(e) => return Err(e),
    }
    let shape = start.shape();
    let compact = Compact::<u64>::new(shape);
    let kept = Symmetries::keeping_start_and_goal(&compact, start, goal).len();
    Ok(project(
        counted.levels,
        counted.stopped.is_none(),
        seconds,
        shape.cells().len(),
        start.pegs().len(),
        kept,
    ))
}

/// `n` choose `k`, as a float.
fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// The projection from the `counted` levels (see the module docs) of a board of `cells`
/// holes whose start has `pegs` pegs; `kept` symmetries; `seconds` the count took.
pub fn project(
    counted: Vec<LevelCount>,
    complete: bool,
    seconds: f64,
    cells: u32,
    pegs: u32,
    kept: usize,
) -> Projection {
    let mut levels: Vec<f64> = counted.iter().map(|l| l.positions as f64).collect();
    let ratios: Vec<f64> = levels.windows(2).map(|w| (w[1] / w[0]).ln()).collect();
    if !complete && !ratios.is_empty() {
        let from = ratios.len().saturating_sub(FITTED);
        let pts: Vec<(f64, f64)> = (from..ratios.len())
            .map(|i| (i as f64, ratios[i]))
            .collect();
        let m = pts.len() as f64;
        let (mx, my) = (
            pts.iter().map(|p| p.0).sum::<f64>() / m,
            pts.iter().map(|p| p.1).sum::<f64>() / m,
        );
        let sxx: f64 = pts.iter().map(|p| (p.0 - mx).powi(2)).sum();
        let slope = if sxx > 0.0 {
            pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f64>() / sxx
        } else {
            0.0
        };
        // A growth that does not fall would never end: at least a slow fall.
        let slope = slope.min(-0.01);
        let at = my - slope * mx;
        while (levels.len() as u32) < pegs {
            let n = levels.len() - 1;
            let next = levels[n] * (at + slope * n as f64).exp();
            let room = choose(cells, pegs - levels.len() as u32);
            levels.push(next.min(room));
            if next < 0.5 {
                break;
            }
        }
    }
    let (largest_at, largest) = levels.iter().copied().enumerate().fold(
        (0, 0.0),
        |best, (i, v)| if v > best.1 { (i, v) } else { best },
    );
    let forms = |positions: f64| positions / kept as f64;
    // A level file holds each form as its gap from the one before, 7 bits a byte.
    let disk_bytes = levels
        .iter()
        .map(|&p| {
            let keys = forms(p).max(1.0);
            let gap_bits = (f64::from(cells) - keys.log2()).max(1.0);
            keys * (gap_bits / 7.0).ceil()
        })
        .sum();
    // A worker holds its part of a level and gathers the next one's, sorting with a buffer
    // as large: 8 bytes a form, three times over at the largest step.
    let memory_bytes = levels
        .windows(2)
        .map(|w| 8.0 * (forms(w[0]) + 2.0 * forms(w[1])))
        .fold(0.0, f64::max);
    let counted_positions: f64 = counted.iter().map(|l| l.positions as f64).sum();
    let positions: f64 = levels.iter().sum();
    let threads = pegsol_solver::engines::levels::threads() as f64;
    let cpu_hours = if counted_positions > 0.0 {
        seconds * threads * positions / counted_positions / 3600.0
    } else {
        0.0
    };
    Projection {
        counted,
        counted_seconds: seconds,
        complete,
        levels,
        positions,
        largest,
        largest_at,
        kept_symmetries: kept,
        disk_bytes,
        memory_bytes,
        cpu_hours,
    }
}

/// The projection for people.
pub fn text(name: &str, p: &Projection) -> String {
    let mut out = format!(
        "{name}: {} levels counted in {:.1} s{}\n",
        p.counted.len(),
        p.counted_seconds,
        if p.complete {
            " (every level: the projection is the count)"
        } else {
            ""
        }
    );
    for l in &p.counted {
        out += &format!("  {:>3} jumps {:>16} positions\n", l.jumps, l.positions);
    }
    out += &format!(
        "projected: {:.2e} positions in all ({:.2e} canonical forms), the largest level \
         {:.2e} after {} jumps\n",
        p.positions,
        p.positions / p.kept_symmetries as f64,
        p.largest,
        p.largest_at
    );
    out += "machines   disk each   memory each   time (at this machine's rate)\n";
    for n in MACHINES {
        let nf = n as f64;
        out += &format!(
            "{n:>8} {:>11} {:>13} {:>10}\n",
            size_text((p.disk_bytes / nf) as u64),
            size_text((p.memory_bytes / nf) as u64),
            hours_text(p.cpu_hours / pegsol_solver::engines::levels::threads() as f64 / nf)
        );
    }
    if !p.complete {
        out += "(the projection errs high: past the middle levels the growth falls faster \
                than the first levels show)\n";
    }
    out
}

/// A time in hours for people: minutes under an hour, days past two.
fn hours_text(hours: f64) -> String {
    if hours < 1.0 / 60.0 {
        "< 1 min".to_string()
    } else if hours < 1.0 {
        format!("{:.0} min", hours * 60.0)
    } else if hours < 48.0 {
        format!("{hours:.1} h")
    } else {
        format!("{:.1} days", hours / 24.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels(counts: &[u64]) -> Vec<LevelCount> {
        counts
            .iter()
            .enumerate()
            .map(|(i, &c)| LevelCount {
                jumps: i as u32,
                positions: c,
                up_to_symmetry: c,
                winnable_up_to_symmetry: 0,
            })
            .collect()
    }

    /// The English board's first 13 levels (as `pegsol count english` prints them) project
    /// its 187,636,299 positions within a factor of three, its largest level (28,994,876
    /// after 17 jumps) within two levels.
    #[test]
    fn the_english_projection_is_of_the_right_size() {
        let first = [
            1, 4, 12, 60, 296, 1338, 5648, 21842, 77559, 249690, 717788, 1834379, 4138302,
        ];
        let p = project(levels(&first), false, 1.0, 33, 32, 8);
        let ratio = p.positions / 187_636_299.0;
        assert!((1.0 / 3.0..3.0).contains(&ratio), "{}", p.positions);
        assert!(p.largest_at.abs_diff(17) <= 2, "{}", p.largest_at);
        assert_eq!(p.levels.len(), 32);
    }

    #[test]
    fn a_complete_count_is_its_own_projection() {
        let p = project(levels(&[1, 2, 1]), true, 0.1, 4, 3, 1);
        assert_eq!(p.levels, [1.0, 2.0, 1.0]);
        assert_eq!(p.positions, 4.0);
    }
}
