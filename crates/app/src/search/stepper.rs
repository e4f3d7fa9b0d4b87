//! The three searches the Search view can play, behind one face: the assignment's classic
//! search ([`ClassicTrace`]), the exact solver's depth-first search with its failure table
//! ([`ExactTrace`]) and its beam ([`BeamTrace`]), all stepped from `pegsol_solver::trace`.
//!
//! Owns only the translation: a step (an expansion, or a level of the beam), the node the
//! view shows after it, the counters and the chart's point. The searching is the solver's.

use super::chart::Series;
use pegsol_rules::{Goal, Jump, Position};
use pegsol_solver::engines::classic::Fate;
use pegsol_solver::trace::{
    BeamCounters, BeamTrace, ClassicTrace, Counters, Cut, ExactCounters, ExactTrace, Expansion,
    LevelEnd,
};
use pegsol_solver::Stop;

/// Which search the view plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The assignment's budgeted depth-first search, with its duplicate check.
    #[default]
    Classic,
    /// The exact solver's depth-first search with its failure table.
    Exact,
    /// The exact solver's beam, level by level.
    Beam,
}

impl Engine {
    /// Every engine, in the order the view offers them.
    pub const ALL: [Engine; 3] = [Engine::Classic, Engine::Exact, Engine::Beam];

    /// The name on the view's switch.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Classic => "Classic",
            Engine::Exact => "Exact DFS",
            Engine::Beam => "Beam",
        }
    }

    /// What the switch's hover says.
    pub fn about(self) -> &'static str {
        match self {
            Engine::Classic => {
                "The assignment's search: depth-first, a stack, every board seen kept to \
                 drop duplicates, stops at one peg or the budget"
            }
            Engine::Exact => {
                "Pegsol's exact solver, one member alone: depth-first in the assignment's \
                 order, but a position whose every jump failed goes in a failure table, and \
                 neither it nor a mirror image is searched again; fewest pegs proven"
            }
            Engine::Beam => {
                "The exact solver's beam: level by level (one peg fewer each), keeping only \
                 the most compact positions of each level; fast, but proves nothing"
            }
        }
    }

    /// What one step is, in the plural.
    pub fn steps(self) -> &'static str {
        match self {
            Engine::Classic | Engine::Exact => "expansions",
            Engine::Beam => "levels",
        }
    }
}

/// The counters of the engine shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The assignment's counters.
    Classic(Counters),
    /// The exact search's, with its failure table.
    Exact(ExactCounters),
    /// The beam's, with its level and width.
    Beam(BeamCounters),
}

impl Shown {
    /// Positions expanded so far, whichever the engine.
    pub fn expanded(&self) -> u64 {
        match self {
            Shown::Classic(c) => c.expanded,
            Shown::Exact(c) => c.expanded,
            Shown::Beam(c) => c.expanded,
        }
    }

    /// Children generated so far, whichever the engine.
    pub fn generated(&self) -> u64 {
        match self {
            Shown::Classic(c) => c.generated,
            Shown::Exact(c) => c.generated,
            Shown::Beam(c) => c.generated,
        }
    }
}

/// The node the view shows after a step.
#[derive(Clone, Debug)]
pub struct Node {
    /// The step: the expansion (for the beam, the level as one: `n` levels, the depth and
    /// pegs of the position shown and its last jump). `None` before the first.
    pub expansion: Option<Expansion>,
    /// The position shown.
    pub position: Position,
    /// The jumps from the start to it.
    pub path: Vec<Jump>,
    /// Its children, with the mark each has on the board.
    pub children: Vec<(Jump, Fate)>,
    /// What happened on the way to it, a line each (the exact search's table hits, the
    /// beam's level).
    pub notes: Vec<String>,
}

impl Node {
    /// The start, nothing expanded.
    pub fn start(start: &Position) -> Node {
        Node {
            expansion: None,
            position: start.clone(),
            path: Vec::new(),
            children: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// One of the three searches, stepped.
pub enum Stepper {
    /// The assignment's search.
    Classic(ClassicTrace),
    /// The exact solver's depth-first search.
    Exact(ExactTrace),
    /// The exact solver's beam.
    Beam(BeamTrace),
}

impl Stepper {
    /// `engine` from `start` with `budget` expansions, keeping each step's detail. The exact
    /// search and the beam look for the fewest pegs anywhere, as the classic looks for one
    /// peg anywhere.
    pub fn new(engine: Engine, start: &Position, budget: u64) -> Stepper {
        match engine {
            Engine::Classic => {
                let mut t = ClassicTrace::new(start, budget);
                t.set_detail(true);
                Stepper::Classic(t)
            }
            Engine::Exact => {
                let mut t = ExactTrace::new(start, Goal::Anywhere, budget);
                t.set_detail(true);
                Stepper::Exact(t)
            }
            Engine::Beam => Stepper::Beam(BeamTrace::new(start, Goal::Anywhere, budget)),
        }
    }

    /// The engine it is.
    pub fn engine(&self) -> Engine {
        match self {
            Stepper::Classic(_) => Engine::Classic,
            Stepper::Exact(_) => Engine::Exact,
            Stepper::Beam(_) => Engine::Beam,
        }
    }

    /// One step (an expansion, or a level): `None` if the search had stopped, else what
    /// the step did in words where the node's own lines do not tell it (the beam's level).
    pub fn step(&mut self) -> Option<Vec<String>> {
        match self {
            Stepper::Classic(t) => t.expand().map(|_| Vec::new()),
            Stepper::Exact(t) => t.expand().map(|_| Vec::new()),
            Stepper::Beam(t) => {
                let level = t.step()?;
                let end = match level.end {
                    LevelEnd::Kept => format!("kept the {} most compact", level.kept),
                    LevelEnd::DeadEnd => {
                        "no child left: a dead end, the next round begins wider".into()
                    }
                    LevelEnd::Found => "a child reached the target: found".into(),
                    LevelEnd::Budget => "the budget ran out".into(),
                };
                Some(vec![format!(
                    "Level {} (round {}): expanded {} positions of {} pegs, generated {}, \
                     dropped {} duplicates; {end}",
                    level.n,
                    level.round,
                    level.expanded,
                    level.pegs,
                    level.generated,
                    level.duplicates
                )])
            }
        }
    }

    /// Steps taken: expansions, or the beam's levels.
    pub fn done(&self) -> u64 {
        match self {
            Stepper::Classic(t) => t.counters().expanded,
            Stepper::Exact(t) => t.counters().expanded,
            Stepper::Beam(t) => t.counters().levels,
        }
    }

    /// Why the search stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        match self {
            Stepper::Classic(t) => t.stopped(),
            Stepper::Exact(t) => t.stopped(),
            Stepper::Beam(t) => t.stopped(),
        }
    }

    /// The counters.
    pub fn counters(&self) -> Shown {
        match self {
            Stepper::Classic(t) => Shown::Classic(t.counters()),
            Stepper::Exact(t) => Shown::Exact(t.counters()),
            Stepper::Beam(t) => Shown::Beam(t.counters()),
        }
    }

    /// The chart's point after the last step: steps, the first series, best pegs.
    pub fn point(&self) -> (u64, u64, u32) {
        match self.counters() {
            Shown::Classic(c) => (c.expanded, c.stack as u64, c.best_pegs),
            Shown::Exact(c) => (c.expanded, u64::from(c.depth), c.best_pegs),
            Shown::Beam(c) => (c.levels, c.kept as u64, c.best_pegs),
        }
    }

    /// What the chart's first series is, for its legend.
    pub fn series(&self) -> Series {
        match self {
            Stepper::Classic(_) => Series::new("Stack size", "expansions"),
            Stepper::Exact(_) => Series::new("Depth", "expansions"),
            Stepper::Beam(_) => Series::new("Positions kept", "levels"),
        }
    }

    /// The node to show after the last step (`level_notes`: what [`Stepper::step`] said
    /// of it).
    pub fn node(&self, level_notes: Vec<String>) -> Node {
        match self {
            Stepper::Classic(t) => Node {
                expansion: last_expansion(t.counters().expanded, &t.path(), &t.position()),
                position: t.position(),
                path: t.path(),
                children: t.children(),
                notes: Vec::new(),
            },
            Stepper::Exact(t) => {
                let notes = t
                    .events()
                    .iter()
                    .map(|e| {
                        let what = match e.cut {
                            Cut::TableHit => "in the failure table: not searched again",
                            Cut::Stored => "every jump failed: stored in the failure table",
                            Cut::Failed => "every jump failed (near the target: not stored)",
                            Cut::NotTheGoal => "the target's pegs, but not the goal",
                        };
                        let jump = e.jump.map_or("the start".into(), |j| j.to_string());
                        format!("depth {}, {jump}: {what}", e.depth)
                    })
                    .collect();
                Node {
                    expansion: last_expansion(t.counters().expanded, &t.path(), &t.position()),
                    position: t.position(),
                    path: t.path(),
                    // Tried one at a time, in this order, after the expansion.
                    children: t
                        .children()
                        .into_iter()
                        .map(|j| (j, Fate::Pushed))
                        .collect(),
                    notes,
                }
            }
            Stepper::Beam(t) => {
                let won = t.solution().is_some();
                Node {
                    expansion: last_expansion(t.counters().levels, &t.path(), &t.position()),
                    position: t.position(),
                    path: t.path(),
                    children: t
                        .children()
                        .into_iter()
                        .map(|j| (j, if won { Fate::Won } else { Fate::Pushed }))
                        .collect(),
                    notes: level_notes,
                }
            }
        }
    }
}

/// The step shown as an expansion line: step `n`, the position reached by `path`.
fn last_expansion(n: u64, path: &[Jump], position: &Position) -> Option<Expansion> {
    (n > 0).then(|| Expansion {
        n,
        depth: path.len() as u32,
        pegs: position.peg_count(),
        jump: path.last().copied(),
    })
}
