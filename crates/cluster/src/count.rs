//! Counting a whole board on many workers: the one-machine level engine's count
//! ([`pegsol_solver::engines::whole::count`]) with each level shared out.
//!
//! A canonical form (under the symmetries that keep the start and the goal, as the
//! one-machine engine takes them) belongs to the worker a hash of its canonical form under
//! the board's whole group picks ([`Tables::owner`]): so every form of one orbit of the
//! whole group sits with one worker, and each worker counts its part's positions up to
//! symmetry alone. Forward, each round a worker makes the children of its part of the level
//! and sends each to its owner; what a worker receives, sorted and without repeats, is its
//! part of the next level, written to its disk ([`crate::store`]). Back, the winners of a
//! level are sent as their parents to their owners, who keep those in their part of the
//! level above. Every figure is a sum over workers, taken in every worker each round, so
//! all of them agree on when to stop, and the answer depends on nothing but the board.

use crate::net::Net;
use crate::store::{Store, StoreError};
use pegsol_rules::{Goal, Position};
use pegsol_solver::boards::compact::Compact;
use pegsol_solver::boards::symmetry::Symmetries;
use pegsol_solver::engines::count::LevelCount;
use pegsol_solver::engines::levels::children::{Children, Kids};
use pegsol_solver::engines::levels::{intersect, sort_dedup, Direction};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Parents a worker takes children of before it sends them (sorted, repeats dropped).
pub(crate) const CHUNK: usize = 1 << 15;

/// Chunks a worker sends before the workers wait for each other ([`Net::pace`]): what is in
/// flight between two workers stays at most this many chunks' children.
pub(crate) const PACE: usize = 4;

/// Sends `items` chunk by chunk with `send`, paced: every [`PACE`] chunks the workers wait
/// for each other, until none has more (so every worker paces equally often).
pub(crate) fn paced<T>(net: &mut Net, items: &[T], mut send: impl FnMut(&mut Net, &[T])) {
    let mut chunks = items.chunks(CHUNK);
    loop {
        for chunk in chunks.by_ref().take(PACE) {
            send(net, chunk);
            net.step();
        }
        if !net.pace(chunks.len() > 0) {
            break;
        }
    }
}

/// What a count is asked: the start, the goal, where the workers keep their levels.
#[derive(Clone, Debug)]
pub struct Job {
    /// The start.
    pub start: Position,
    /// The goal.
    pub goal: Goal,
    /// What is counted, as text (the board, its start and goal): with the workers in all it
    /// names the run's files, so a resume never reads another run's.
    pub what: String,
    /// The folder the workers keep their levels in (each its own subfolder).
    pub scratch: PathBuf,
    /// Whether to restart from the levels already finished.
    pub resume: bool,
    /// Set by Ctrl+C: the process then stops ([`crate::lost::interrupted`]).
    pub cancel: &'static AtomicBool,
}

/// The board's tables, each worker its own.
pub struct Tables {
    pub(crate) compact: Compact<u64>,
    pub(crate) sub: Symmetries<u64>,
    group: Symmetries<u64>,
    pub(crate) full: u64,
    /// The level engine's children by patterns, where the board has them.
    kids: Option<Kids>,
    /// Bits of the largest board.
    pub bits: u32,
}

impl Tables {
    /// The tables of `start`'s board, its forms canonical under the symmetries that keep
    /// the start and `goal`.
    pub fn new(start: &Position, goal: Goal) -> Tables {
        let shape = start.shape();
        let compact = Compact::<u64>::new(shape);
        let sub = Symmetries::keeping_start_and_goal(&compact, start, goal);
        let group = Symmetries::all(&compact, shape);
        let cells = shape.cells().len();
        let kids = Kids::new(&compact, &sub);
        Tables {
            kids,
            compact,
            sub,
            group,
            full: (1u64 << cells) - 1,
            bits: cells,
        }
    }

    /// The worker of `peers` that owns the canonical form `key`.
    pub fn owner(&self, key: u64, peers: usize) -> usize {
        // Where the levels keep every symmetry, a canonical form is its whole orbit's.
        let form = if self.group.len() == self.sub.len() {
            key
        } else {
            self.group.canon(key)
        };
        (mix(form) % peers as u64) as usize
    }

    /// The start's canonical form.
    pub fn start_key(&self, start: &Position) -> u64 {
        self.sub.canon(self.compact.encode(start.pegs()))
    }

    /// The positions `keys` stand for, and how many they are up to every symmetry.
    pub fn figures(&self, keys: &[u64]) -> (u64, u64) {
        let positions = keys.iter().map(|&k| self.sub.orbit_size(k)).sum();
        if self.group.len() == self.sub.len() {
            return (positions, keys.len() as u64);
        }
        let forms: Vec<u64> = keys.iter().map(|&k| self.group.canon(k)).collect();
        (positions, sort_dedup(forms, self.bits).len() as u64)
    }

    /// Sends the canonical children (`forward`) or parents of `keys` to their owners.
    fn send_next(&self, net: &mut Net, keys: &[u64], forward: bool) {
        let peers = net.peers;
        let direction = if forward {
            Direction::Forward
        } else {
            Direction::Backward
        };
        paced(net, keys, |net, chunk| {
            let mut out = Vec::with_capacity(chunk.len() * 8);
            match &self.kids {
                Some(Kids::Two(k)) => each(k, chunk, direction, &mut out),
                Some(Kids::Four(k)) => each(k, chunk, direction, &mut out),
                Some(Kids::Eight(k)) => each(k, chunk, direction, &mut out),
                Some(Kids::Twelve(k)) => each(k, chunk, direction, &mut out),
                None => {
                    for &k in chunk {
                        let im = self.sub.images(k);
                        let legal = if forward {
                            self.compact.legal(k)
                        } else {
                            self.compact.legal(self.full ^ k)
                        };
                        for j in legal.iter() {
                            out.push(self.sub.child_canon(&im, j));
                        }
                    }
                }
            }
            let out = sort_dedup(out, self.bits);
            let mut parts: Vec<Vec<u64>> = vec![Vec::new(); peers];
            for c in out {
                parts[self.owner(c, peers)].push(c);
            }
            for (to, part) in parts.into_iter().enumerate() {
                net.send_keys(to, part);
            }
        });
    }
}

/// The canonical children (parents, [`Direction::Backward`]) of every board of `boards`,
/// by the level engine's patterns ([`Children`]).
fn each<const N: usize>(
    kids: &Children<N>,
    boards: &[u64],
    direction: Direction,
    out: &mut Vec<u64>,
) {
    for &b in boards {
        kids.each(b, direction, |c| out.push(c));
    }
}

/// A 64-bit mix of a form (splitmix64's finaliser): owners spread evenly whatever the
/// forms' bits, and the same on every machine.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The figures of every worker added up, column by column.
pub(crate) fn sums(figures: &[Vec<u64>]) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    for f in figures {
        if out.len() < f.len() {
            out.resize(f.len(), 0);
        }
        for (o, v) in out.iter_mut().zip(f) {
            *o += v;
        }
    }
    out
}

/// Progress heard by a process's first worker: a line for people.
pub type Watch = dyn Fn(String) + Send + Sync;

/// The levels made forward: each level's figures (their winnable column still 0) and its
/// canonical forms in all, the same on every worker.
pub struct Forward {
    /// Each level's figures.
    pub counts: Vec<LevelCount>,
    /// Each level's canonical forms, all workers together.
    pub forms: Vec<u64>,
}

/// One worker's count (see the module docs): every level's figures, the same on every
/// worker.
pub fn count_on(
    net: &mut Net,
    tables: &Tables,
    job: &Job,
    store: &Store,
    watch: Option<&Watch>,
) -> Result<Vec<LevelCount>, StoreError> {
    let began = Instant::now();
    let mut counts = forward(net, tables, job, store, watch)?.counts;
    winners(net, tables, job, store, watch, &mut counts, began)?;
    Ok(counts)
}

/// Makes every level forward (from the levels every worker finished, with `--resume`),
/// each worker keeping its part of each on its disk.
pub fn forward(
    net: &mut Net,
    tables: &Tables,
    job: &Job,
    store: &Store,
    watch: Option<&Watch>,
) -> Result<Forward, StoreError> {
    let began = Instant::now();
    let me = net.index;
    // Where to start: the levels every worker finished, and the figures of those before.
    let mut counts: Vec<LevelCount> = Vec::new();
    let mut forms: Vec<u64> = Vec::new();
    let mine = if job.resume {
        store.finished()
    } else {
        store.clear()?;
        0
    };
    let mut told = vec![u64::from(mine)];
    for level in 0..mine {
        let h = store.header(level)?;
        told.extend([h.len, h.positions, h.distinct]);
    }
    net.send_figures(&told);
    let agreed = net.finish().figures;
    let from = agreed.iter().map(|f| f[0]).min().unwrap_or(0) as u32;
    let before: Vec<Vec<u64>> = agreed.iter().map(|f| f[1..].to_vec()).collect();
    let before = sums(&before);
    // Levels 0 .. from - 2 are counted already; level from - 1 is stepped again.
    for (n, c) in before
        .chunks(3)
        .take(from.saturating_sub(1) as usize)
        .enumerate()
    {
        counts.push(LevelCount {
            jumps: n as u32,
            positions: c[1],
            up_to_symmetry: c[2],
            winnable_up_to_symmetry: 0,
        });
    }
    // A level's part with its figures, taken once when the part is made (or read back).
    let (mut level, mut figures): (Vec<u64>, (u64, u64)) = if from == 0 {
        let key = tables.start_key(&job.start);
        let part = if tables.owner(key, net.peers) == me {
            vec![key]
        } else {
            Vec::new()
        };
        let (p, d) = tables.figures(&part);
        store.write(0, &part, p, d)?;
        (part, (p, d))
    } else {
        let (h, part) = store.read(from - 1)?;
        (part, (h.positions, h.distinct))
    };
    let mut n = counts.len() as u32;
    if let (Some(w), true) = (watch, job.resume) {
        w(if from > 0 {
            format!("resuming at {n} jumps (the levels before were finished)")
        } else {
            // The files are kept by board, start, goal and workers in all: another number
            // of processes or workers finds none.
            "resuming: no level was finished by every worker of this run (the same board, \
             processes and workers); starting from the first"
                .to_string()
        });
    }
    // Forward.
    loop {
        let (positions, distinct) = figures;
        net.send_figures(&[level.len() as u64, positions, distinct]);
        tables.send_next(net, &level, true);
        let got = net.finish();
        let total = sums(&got.figures);
        if total[0] == 0 {
            break;
        }
        forms.push(total[0]);
        counts.push(LevelCount {
            jumps: n,
            positions: total[1],
            up_to_symmetry: total[2],
            winnable_up_to_symmetry: 0,
        });
        level = got.keys;
        figures = tables.figures(&level);
        store.write(n + 1, &level, figures.0, figures.1)?;
        if let Some(w) = watch {
            w(format!(
                "forward: {n} jumps counted, {} positions, {:.1} s",
                total[1],
                began.elapsed().as_secs_f64()
            ));
        }
        n += 1;
    }
    Ok(Forward { counts, forms })
}

/// The goal positions of this worker's part of the last level (`counts` the levels'
/// figures): every one-peg position for one peg anywhere, the goal cell's for a cell, none
/// when the last level is not one peg.
pub fn goals(
    tables: &Tables,
    job: &Job,
    store: &Store,
    counts: &[LevelCount],
) -> Result<Vec<u64>, StoreError> {
    let last = counts.len().saturating_sub(1) as u32;
    let last_pegs = job.start.pegs().len().saturating_sub(last);
    if last_pegs != 1 || counts.is_empty() {
        return Ok(Vec::new());
    }
    let keys = store.read(last)?.1;
    Ok(match tables.compact.goal_board(job.goal) {
        None => keys,
        Some(g) => {
            let g = tables.sub.canon(g);
            keys.into_iter().filter(|&k| k == g).collect()
        }
    })
}

/// Walks up the winners from the last level's goal positions, counting each level's
/// winners up to symmetry into `counts`, until a level has none.
fn winners(
    net: &mut Net,
    tables: &Tables,
    job: &Job,
    store: &Store,
    watch: Option<&Watch>,
    counts: &mut [LevelCount],
    began: Instant,
) -> Result<(), StoreError> {
    let last = counts.len().saturating_sub(1) as u32;
    let mut winners = goals(tables, job, store, counts)?;
    let mut n = last;
    loop {
        let (_, distinct) = tables.figures(&winners);
        net.send_figures(&[winners.len() as u64, distinct]);
        if n > 0 {
            tables.send_next(net, &winners, false);
        }
        let got = net.finish();
        let total = sums(&got.figures);
        if total[0] == 0 {
            break;
        }
        counts[n as usize].winnable_up_to_symmetry = total[1];
        if let Some(w) = watch {
            w(format!(
                "winners: {n} jumps, {} up to symmetry, {:.1} s",
                total[1],
                began.elapsed().as_secs_f64()
            ));
        }
        if n == 0 {
            break;
        }
        n -= 1;
        let above = store.read(n)?.1;
        winners = intersect(&got.keys, &above);
    }
    Ok(())
}
