//! The level engine for whole boards: every position reachable from a start, level by level
//! (a level is every position with one peg count), using the whole machine and then the disk.
//!
//! - Each level is held as a dense ranked bitset ([`crate::engines::levels::ranked`]) where
//!   that is the smaller form and memory holds it, and as a sorted, compressed run
//!   ([`runs`]) otherwise; a level memory cannot keep moves to a scratch file ([`scratch`],
//!   `--scratch DIR`) and is read back from there ([`level`]).
//! - One step ([`step`]) makes a level from the one before: the children (or parents) of
//!   every position, set as bits in a bitset over the next level when it fits in memory, or
//!   gathered, sorted ([`crate::engines::levels::radix`]) and written as runs,
//!   then merged ([`merge`]), when it does not.
//! - The memory it may use ([`crate::engines::memory::Room`]) is taken from the
//!   process's real limits; every large allocation is fallible and counted against it
//!   ([`scratch::Account`]), so the engine never aborts: what neither memory nor the scratch
//!   disk can hold is refused before it is started, with the figure it would need.
//! - [`count`] counts every level and how many of its positions can still win (the winners
//!   of a level are the level's positions among the parents of the winners below);
//!   [`solutions`] counts the jump sequences that solve a start the same way, with a count
//!   on every winner.
//!
//! Progress goes to a [`Status`] callback between steps; a cancel stops within a chunk, and
//! what is finished is returned.

pub mod count;
pub mod decide;
mod fan_in;
pub mod figures;
pub mod level;
pub mod meet;
pub mod merge;
pub mod reach;
pub mod runs;
pub mod scratch;
pub mod solutions;
pub mod sorted;
pub mod step;

use crate::boards::compact::Compact;
use crate::boards::symmetry::Symmetries;
use crate::engines::levels::children::{self, Kids};
use crate::engines::levels::ranked::{Invariant, JumpSpan, RankBase};
use crate::engines::memory::{NoMemory, Room};
use crate::system_memory::size_text;
use level::Level;
use pegsol_rules::{Goal, Position};
use runs::RunError;
use scratch::{Account, Scratch};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the engine may use the machine.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Most bytes of memory (`None`: what the process's limits and the free memory allow,
    /// [`Room::of_process`]).
    pub memory: Option<u64>,
    /// The scratch folder (`None`: [`scratch::default_parent`]).
    pub scratch: Option<PathBuf>,
    /// Most positions the forward levels may hold in all (`None`: no limit but memory and
    /// disk); past it the engine stops with [`WholeError::PastMost`]. For callers that only
    /// want the engine's answer when it comes cheaply.
    pub most_positions: Option<u64>,
    /// Whether the levels must stay in memory (no scratch files): past the memory the
    /// engine stops with an error instead of going on on the disk. For callers that need
    /// the answer in memory anyway.
    pub memory_only: bool,
    /// A pruned deep proof chooses tests for the positions, and its tests of every child
    /// again for the children, of every forward level of at least this many positions
    /// (`None`: [`reach::REFRESH_FROM`]; see [`Board::refresh_prune`]). The same verdicts at
    /// any value; small ones for tests.
    pub refresh_from: Option<u64>,
}

/// Where the engine is, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Status {
    /// What it is doing: "forward", "winners", "solutions", "symmetry".
    pub phase: &'static str,
    /// Jumps from the start of the level being made.
    pub jumps: u32,
    /// Jumps of the whole game (the start's pegs less one): the last level there can be.
    pub of: u32,
    /// Positions of the level just made.
    pub positions: u64,
    /// Bytes of memory held now.
    pub memory: u64,
    /// Bytes in scratch files now.
    pub disk: u64,
    /// Time since the engine started.
    pub elapsed: Duration,
}

impl Status {
    /// One line for people: `forward: jumps 12 of 35, 16,159,520 positions, 1.2 GiB memory,
    /// 0 MiB disk, 8.1 s`.
    pub fn line(&self) -> String {
        format!(
            "{}: jumps {} of {}, {} positions, {} memory, {} disk, {:.1} s",
            self.phase,
            self.jumps,
            self.of,
            crate::budget::grouped(&self.positions.to_string()),
            size_text(self.memory),
            size_text(self.disk),
            self.elapsed.as_secs_f64()
        )
    }
}

/// Why the engine stopped without its answer.
#[derive(Debug, thiserror::Error)]
pub enum WholeError {
    /// The caller cancelled.
    #[error("cancelled")]
    Cancelled,
    /// The board is past what the engine numbers.
    #[error("the level engine takes boards of at most {max} holes; this one has {cells}")]
    TooLarge {
        /// Holes of the board.
        cells: u32,
        /// The most it takes.
        max: u32,
    },
    /// Neither memory nor the scratch disk can hold the next step: refused before it
    /// started.
    #[error(
        "the step to {jumps} jumps would need about {} of scratch disk (and at least {} of \
         memory), but {} is free in {} and the engine may hold {} of memory",
        size_text(*disk), size_text(*memory), size_text(*disk_free), folder, size_text(*room)
    )]
    TooBig {
        /// Jumps of the level refused.
        jumps: u32,
        /// Bytes of disk it would need.
        disk: u64,
        /// Bytes of memory it would need at least.
        memory: u64,
        /// Bytes free on the scratch disk.
        disk_free: u64,
        /// The engine's memory room.
        room: u64,
        /// The scratch folder.
        folder: String,
    },
    /// The engine's own room was spent: what it needed is more than the memory it may use
    /// (`--memory`, or what the process's limits leave) holds beside what it holds already.
    #[error(
        "could not take {} of memory: the engine may hold {} in all here and holds {} (give it \
         more with --memory, or raise the process's memory limit)",
        size_text(*bytes), size_text(*room), size_text(*held)
    )]
    Room {
        /// Bytes asked for.
        bytes: u64,
        /// The engine's room.
        room: u64,
        /// Bytes it held when it asked.
        held: u64,
    },
    /// Memory the engine needed was refused by the system.
    #[error("{0}: the system refused it (free some memory, or give a smaller --memory)")]
    Memory(NoMemory),
    /// The forward levels passed the caller's [`Settings::most_positions`].
    #[error("past {} positions, the most asked for", crate::budget::grouped(&most.to_string()))]
    PastMost {
        /// The limit.
        most: u64,
    },
    /// The scratch disk failed (full, or not writable).
    #[error("{0}")]
    Disk(RunError),
    /// A count passed 128 bits.
    #[error("a solution count passed 2^128 (about 3.4e38): too large to count exactly here")]
    Overflow,
    /// A worker thread panicked (a bug).
    #[error("a worker thread of the level engine failed: {0}")]
    Failed(String),
}

impl From<RunError> for WholeError {
    fn from(e: RunError) -> WholeError {
        match e {
            RunError::Memory(m) => WholeError::Memory(m),
            other => WholeError::Disk(other),
        }
    }
}

impl From<NoMemory> for WholeError {
    fn from(e: NoMemory) -> WholeError {
        WholeError::Memory(e)
    }
}

/// Most holes of a board the engine takes: its children's inner loops
/// ([`children::MAX_CELLS`]).
pub const MAX_CELLS: u32 = children::MAX_CELLS;

/// The symmetries a board's canonical forms are taken under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Those that keep the start's pegs and the goal: the levels' positions are the start's
    /// own (a canonical form's orbit is reached whole), so they can be counted.
    StartAndGoal,
    /// Those that keep the goal and map the start into its own position class
    /// ([`keeping_class_and_goal`]): more of them where the start is lopsided, for
    /// verdicts only (a level holds the images of the positions reached, not their count).
    ClassAndGoal,
}

/// The symmetries of `start`'s board that keep `goal` (its cell, for a finish on a cell) and
/// map `start` into its own position class.
///
/// A position wins exactly when its image under such a symmetry does (the image of a
/// winning line is a line to the image of the goal, which is the goal again), so a deep
/// proof may keep one canonical form for a position and all its images, reached or not:
/// where the start is lopsided, a level's positions and their mirror images are often both
/// reached. Keeping the class keeps the rest of the engine as it is: a level's positions
/// share one class (its rank tables), and the cells a one-peg finish can be on (those of the
/// start's class, which the pruning tests ask about) are mapped onto themselves.
pub fn keeping_class_and_goal(
    compact: &Compact<u64>,
    start: &Position,
    goal: Goal,
) -> Symmetries<u64> {
    let span = JumpSpan::new(compact.jumps.iter().map(|j| j.all));
    let first = compact.encode(start.pegs());
    Symmetries::new(compact, start.shape(), |s| {
        span.same_class(first, compact.encode(s.apply(start.pegs())))
            && match goal {
                Goal::At(c) => s.apply_cell(c) == c,
                Goal::Anywhere => true,
            }
    })
}

/// What every step over one board shares.
pub struct Board<'a> {
    /// The board's cells numbered.
    pub compact: Compact<u64>,
    /// The symmetries the levels' canonical forms are taken under.
    pub sub: Symmetries<u64>,
    /// Every symmetry of the board, for "up to symmetry" counts.
    pub group: Symmetries<u64>,
    /// One symmetry of `group` (an index) from each coset `sub`·g but `sub` itself: a
    /// canonical form's images under the whole group have their canonical forms under
    /// `sub` among the images under these (h·g maps to the same canonical form as g).
    pub cosets: Vec<usize>,
    kids: Kids,
    base: Option<Arc<RankBase>>,
    /// The rank tables' bytes, held against the room while the board lives.
    _base_lease: Option<scratch::Lease>,
    invariant: Invariant,
    /// The memory held, against the room.
    pub account: Arc<Account>,
    /// The scratch folder.
    pub scratch: Arc<Scratch>,
    /// Most positions the forward levels may hold ([`Settings::most_positions`]).
    pub most_positions: Option<u64>,
    cancel: &'a AtomicBool,
    started: Instant,
    full: u64,
    /// What drops forward children that cannot reach the goal ([`reach`]), when asked for.
    reach: Option<reach::GoalPrune>,
    /// The tests chosen for one level's positions ([`Board::refresh_prune`]): the level's
    /// peg count, and the tests asked of each of its positions before its children are made.
    expand: Option<(u32, reach::GoalPrune)>,
    /// [`Settings::refresh_from`].
    refresh_from: u64,
    /// Whether the forward steps tag their positions ([`Board::tag_levels`]).
    tagged: bool,
}

impl<'a> Board<'a> {
    /// The engine's tables for `start`'s board, its canonical forms under the symmetries
    /// that keep the start and `goal` (the counts and the solution counts alike).
    pub fn new(
        start: &Position,
        goal: Goal,
        settings: &Settings,
        cancel: &'a AtomicBool,
    ) -> Result<Board<'a>, WholeError> {
        Board::keeping(start, goal, Kept::StartAndGoal, settings, cancel)
    }

    /// [`Board::new`], the canonical forms taken under the symmetries `kept` says.
    pub fn keeping(
        start: &Position,
        goal: Goal,
        kept: Kept,
        settings: &Settings,
        cancel: &'a AtomicBool,
    ) -> Result<Board<'a>, WholeError> {
        let shape = start.shape();
        let cells = shape.cells().len();
        if cells > MAX_CELLS {
            return Err(WholeError::TooLarge {
                cells,
                max: MAX_CELLS,
            });
        }
        crate::engines::memory::fit_arenas_to_address_limit();
        let compact = Compact::<u64>::new(shape);
        let sub = match kept {
            Kept::StartAndGoal => Symmetries::keeping_start_and_goal(&compact, start, goal),
            Kept::ClassAndGoal => keeping_class_and_goal(&compact, start, goal),
        };
        let group = Symmetries::all(&compact, shape);
        let cosets = coset_representatives(cells as usize, &sub, &group);
        let kids = Kids::new(&compact, &sub).ok_or(WholeError::TooLarge {
            cells,
            max: MAX_CELLS,
        })?;
        let invariant = Invariant::new(cells, compact.jumps.iter().map(|j| j.all));
        let account = Account::new(Room::of_process(settings.memory));
        // The rank tables take a few MiB (130 MiB at 45 holes): only where they fit, and held
        // against the room like every large structure (outside it, they once took a 45-hole
        // deep proof past a 300-400 MB address limit an hour in). Without them every level
        // is a sorted run.
        let (base, base_lease) = RankBase::new(cells, &invariant)
            .and_then(|base| {
                let lease = account.take(base.bytes())?;
                Some((Arc::new(base), lease))
            })
            .unzip();
        let full = (1u64 << cells) - 1;
        Ok(Board {
            compact,
            sub,
            group,
            cosets,
            kids,
            base,
            _base_lease: base_lease,
            invariant,
            account,
            scratch: Arc::new(if settings.memory_only {
                Scratch::none()
            } else {
                Scratch::new(settings.scratch.clone())
            }),
            most_positions: settings.most_positions,
            cancel,
            started: Instant::now(),
            full,
            reach: None,
            expand: None,
            refresh_from: settings.refresh_from.unwrap_or(reach::REFRESH_FROM),
            tagged: false,
        })
    }

    /// Whether the caller asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The class of `board`.
    pub fn class_of(&self, board: u64) -> u8 {
        self.invariant.of(board)
    }

    /// From now on, the sorted forward steps tag the positions they make and make the
    /// children of two commuting jumps in one order only
    /// ([`crate::engines::levels::children::Lines`]): the levels still hold every position
    /// that can win (every reachable one, unpruned), and the children of a level's
    /// positions are far fewer. Positions are then made from the tags their level holds as
    /// counts, so no counted step may follow.
    pub fn tag_levels(&mut self) {
        self.tagged = true;
    }

    /// From now on, forward steps drop every child that [`reach::GoalPrune`] proves cannot
    /// reach `goal` from `start` (see [`reach`]); the tests it uses.
    pub fn prune_forward(&mut self, start: &Position, goal: Goal) -> &reach::GoalPrune {
        let first = self.compact.encode(start.pegs());
        // Tests chosen for another start's levels do not carry over.
        self.expand = None;
        self.reach.insert(reach::GoalPrune::find(self, first, goal))
    }

    /// Chooses tests for the positions of `level` (the forward level just made), when
    /// forward steps are pruned and the level has at least [`Settings::refresh_from`]
    /// positions (see [`reach::GoalPrune::refreshed`]), from a sample of its positions
    /// ([`reach::level_sample`]): the forward step from `level` makes no child of a position
    /// they prove cannot reach the goal. The level keeps those positions (a pass to drop
    /// them would cost more than they hold), and the winners climbing back never meet them.
    pub fn refresh_prune(&mut self, level: &Level) -> Result<(), WholeError> {
        let Some(reach) = &self.reach else {
            return Ok(());
        };
        if level.len < self.refresh_from {
            return Ok(());
        }
        let sample = reach::level_sample(self, level)?;
        let programs = reach::refresh_programs(level.len);
        // Seeded with the last level's tests: those that refuted its positions often refute
        // the next level's.
        let last = self.expand.as_ref().map_or(reach, |(_, e)| e);
        let fresh = last.refreshed(self, &sample, programs);
        let children = reach.rechosen(self, &sample, &fresh);
        self.reach = Some(children);
        self.expand = Some((level.pegs, fresh));
        Ok(())
    }

    /// The pruning's tests for a step from `source` ([`reach::StepTests`]): none but on a
    /// forward step of a pruned proof; the level's own tests only when they were chosen for
    /// `source` ([`Board::refresh_prune`]).
    pub(super) fn step_tests(
        &self,
        source: &Level,
        direction: crate::engines::levels::Direction,
    ) -> reach::StepTests<'_> {
        if direction != crate::engines::levels::Direction::Forward {
            return reach::StepTests::default();
        }
        let pegs = source.pegs;
        let below = pegs.saturating_sub(1);
        reach::StepTests {
            child: self.reach.as_ref().map(|r| (r, r.limits(below))),
            level: self
                .expand
                .as_ref()
                .filter(|(p, _)| *p == pegs)
                .map(|(_, e)| (e, e.limits(pegs))),
        }
    }

    /// The board with every cell full.
    pub fn full(&self) -> u64 {
        self.full
    }

    /// The rank tables, where the board has them.
    pub fn base(&self) -> Option<&Arc<RankBase>> {
        self.base.as_ref()
    }

    /// A status for the progress line.
    pub fn status(&self, phase: &'static str, jumps: u32, of: u32, positions: u64) -> Status {
        Status {
            phase,
            jumps,
            of,
            positions,
            memory: self.account.used(),
            disk: self.scratch.used(),
            elapsed: self.started.elapsed(),
        }
    }

    /// Time since the engine started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// A level of the given keys (ascending, distinct).
    pub fn level_of(&self, pegs: u32, class: u8, keys: &[u64]) -> Result<Level, WholeError> {
        Ok(Level::from_keys(
            pegs,
            class,
            keys,
            &self.account,
            &self.scratch,
        )?)
    }
}

/// One index of `group` from each right coset `sub`·g of `sub` in `group`, `sub`'s own
/// left out; a symmetry is compared as the images of the board's `cells` single cells.
fn coset_representatives(
    cells: usize,
    sub: &Symmetries<u64>,
    group: &Symmetries<u64>,
) -> Vec<usize> {
    let coset = |g: usize| -> Vec<Vec<u64>> {
        let mut members: Vec<Vec<u64>> = (0..sub.len())
            .map(|h| {
                (0..cells)
                    .map(|i| sub.apply(h, group.apply(g, 1u64 << i)))
                    .collect()
            })
            .collect();
        members.sort_unstable();
        members
    };
    let mut seen = vec![coset(0)];
    let mut reps = Vec::new();
    for g in 1..group.len() {
        let c = coset(g);
        if !seen.contains(&c) {
            seen.push(c);
            reps.push(g);
        }
    }
    reps
}

/// What the engine used, for the figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// The most memory its structures held at once.
    pub memory_peak: u64,
    /// The most bytes its scratch files held at once.
    pub disk_peak: u64,
    /// The room it was given.
    pub room: u64,
}

impl Board<'_> {
    /// What the engine used so far.
    pub fn usage(&self) -> Usage {
        Usage {
            memory_peak: self.account.peak(),
            disk_peak: self.scratch.peak(),
            room: self.account.room(),
        }
    }

    /// The level of `start` alone (its canonical form).
    pub fn start_level(&self, start: &Position) -> Result<Level, WholeError> {
        let first = self.sub.canon(self.compact.encode(start.pegs()));
        self.level_of(first.count_ones(), self.class_of(first), &[first])
    }

    /// Before a forward step from `levels[n]`: room for the next level's bitset, when a
    /// bitset pays, made by moving other levels to disk first.
    pub fn room_for_next(&self, levels: &mut [Level], n: usize) -> Result<(), WholeError> {
        let (len, pegs, class) = (
            levels[n].len,
            levels[n].pegs.saturating_sub(1),
            levels[n].class,
        );
        if self.dense_pays(len, pegs, class) {
            if let Some(bytes) = self.dense_bytes(pegs, class) {
                self.make_room(levels, bytes + (64 << 20), Some(n))?;
            }
        }
        Ok(())
    }

    /// The jumps of the whole game whose levels these are (the first level's pegs less
    /// one): the last level there can be, as progress names it.
    pub fn game_jumps(levels: &[Level]) -> u32 {
        levels.first().map_or(0, |l| l.pegs.saturating_sub(1))
    }

    /// Moves levels of `levels` to disk, those at the front first, until `bytes` are free
    /// (or nothing more can move); `keep` is the index of a level to leave in memory.
    pub fn make_room(
        &self,
        levels: &mut [Level],
        bytes: u64,
        keep: Option<usize>,
    ) -> Result<(), WholeError> {
        for (i, level) in levels.iter_mut().enumerate() {
            if self.account.free() >= bytes {
                break;
            }
            if Some(i) == keep || level.memory() == 0 {
                continue;
            }
            level.spill(&self.scratch)?;
        }
        Ok(())
    }
}

/// Runs `work` on `threads` threads at once (this one and helpers named `{name}-1`, ...;
/// fewer when the system refuses a thread) and gives each thread's result, `None` where a
/// helper panicked. The level engine's parallel parts (a step's chunks, the last sort
/// buffers, a merge's stretches) all share out their work this way.
pub(crate) fn on_threads<T: Send>(
    name: &str,
    threads: usize,
    work: &(dyn Fn() -> T + Sync),
) -> Vec<Option<T>> {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|t| {
                std::thread::Builder::new()
                    .name(format!("{name}-{t}"))
                    .spawn_scoped(scope, work)
                    .ok()
            })
            .collect();
        let mut out = vec![Some(work())];
        out.extend(helpers.into_iter().map(|h| h.join().ok()));
        out
    })
}
