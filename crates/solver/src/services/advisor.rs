//! "Can this position still be won?", "why not?" and "which jumps keep it winnable?",
//! answered in the background after every jump, and thought on until decided.
//!
//! Owns two [`Judge`]s (see [`super::hint`]), one for verdicts and one for the jumps' verdicts,
//! lent to a [`Worker`] for each step of the position's [`Question`] and taken back with
//! its answer. The steps are the question's (the quick answer, the jumps, then rounds of
//! thinking on, each longer, up to the hint effort): the same plan `pegsol hint` follows,
//! so the window and the terminal game say what the command line says. Only the newest
//! position matters: asking about another cancels the step in flight. A decided position is
//! remembered for the session. On a board whose winnable set can be built (the English
//! board's classic game, see [`crate::engines::winnable`]) a thread builds it once;
//! questions it applies to wait for it and are answered from it.
//!
//! What the front ends show is [`Advisor::advice`]: one [`Advice`] that the window and the
//! terminal game both render, in the words of `advice.rs`.

use super::advice::Advice;
use super::hint::{quick_answer, Answer, Judge, JumpVerdicts, Question, SetSlot, Step};
use crate::engines::winnable::{WinnableSet, MAX_ENTRIES, PRACTICAL_HOLES};
use crate::jobs::worker::{Finished, Worker};
use pegsol_rules::{CellSet, Goal, Grid, Jump, Position, Shape};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use super::hint::DEFAULT_EFFORT;

/// Decided positions remembered per session (each a position, its answer and a line).
const REMEMBERED: usize = 4096;

/// What is known about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The quick answer is being worked out.
    Checking,
    /// The goal can be reached; the hint is the first jump of a winning line (`None` when the
    /// position is already won).
    Winnable(Option<Jump>),
    /// The goal cannot be reached from here, proven ([`Advisor::answer`] says why).
    NotWinnable,
    /// Not decided (yet: [`Advisor::thinking`] says whether it is still being thought on;
    /// [`Advisor::guess`] has the closest line's first jump).
    Unknown,
    /// The search failed (the text went to [`Advisor::error`]).
    Failed,
}

/// What a worker hands back.
enum Found {
    /// A round's answer and the positions examined for the verdict so far.
    Verdict(Answer, u64),
    /// The jump verdicts given an answer, and a winning line for each winning jump.
    Jumps(Answer, JumpVerdicts, Vec<Vec<Jump>>),
}

/// A winnable set being built on its own thread, or built.
struct SetBuild {
    shape: Shape,
    goal: Goal,
    slot: Arc<SetSlot>,
    cancel: Arc<AtomicBool>,
}

impl Drop for SetBuild {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A position and goal as the session's memory keys them: the board (its grid and holes),
/// the pegs and the goal.
type Key = (Grid, CellSet, CellSet, Goal);

/// `position` and `goal` as a [`Key`].
fn key(position: &Position, goal: Goal) -> Key {
    let shape = position.shape();
    (shape.grid(), shape.cells(), position.pegs(), goal)
}

/// The background judge that answers questions about positions (see the module docs).
pub struct Advisor {
    /// Positions a question is thought on up to (View > Hint effort).
    effort: u64,
    /// The verdicts' judge, when no worker holds it.
    judge: Option<Judge>,
    /// The jumps' judge, when no worker holds it.
    jumper: Option<Judge>,
    /// The step in flight, and what it is about.
    worker: Option<Worker<(Judge, Found)>>,
    asking: Option<(Position, Goal, Step)>,
    /// The question about the newest position asked about.
    question: Option<Question>,
    /// Whether the newest question's search failed.
    failed: bool,
    /// Decided positions of this session: answer and positions examined; oldest first in
    /// `order`.
    memory: HashMap<Key, (Answer, u64)>,
    order: VecDeque<Key>,
    /// Whether to judge every legal jump once decided (View > Show winning jumps).
    colour_jumps: bool,
    /// The winnable set for the board in play, if one applies.
    set: Option<SetBuild>,
    error: Option<String>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Advisor {
    /// An advisor that thinks on each position up to `effort` positions examined, and calls
    /// `wake` when there is news.
    pub fn new(effort: u64, wake: impl Fn() + Send + Sync + 'static) -> Advisor {
        Advisor {
            effort,
            judge: Some(Judge::for_effort(effort)),
            jumper: Some(Judge::for_effort(effort)),
            worker: None,
            asking: None,
            question: None,
            failed: false,
            memory: HashMap::new(),
            order: VecDeque::new(),
            colour_jumps: false,
            set: None,
            error: None,
            wake: Arc::new(wake),
        }
    }

    /// Calls `wake` from now on when there is news (a front end made before its window).
    pub fn set_wake(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        self.wake = Arc::new(wake);
    }

    /// Whether every legal jump is judged after the verdict (View > Show winning jumps).
    pub fn set_colour_jumps(&mut self, on: bool) {
        self.colour_jumps = on;
        self.poll();
    }

    /// Thinks on later questions up to `effort` positions (View > Hint effort). A question
    /// being thought on goes on to the new effort, or stops at it.
    pub fn set_effort(&mut self, effort: u64) {
        if effort == self.effort {
            return;
        }
        self.effort = effort;
        if let Some(q) = &mut self.question {
            q.set_effort(effort);
        }
        self.poll();
    }

    /// The effort questions are thought on up to.
    pub fn effort(&self) -> u64 {
        self.effort
    }

    /// Asks about `position` for `goal` (nothing happens if it is the question already
    /// asked). A step in flight about another position is cancelled.
    pub fn ask(&mut self, position: &Position, goal: Goal) {
        self.keep_set_for(position.shape(), goal);
        if self
            .question
            .as_ref()
            .is_some_and(|q| q.is_about(position, goal))
        {
            self.poll();
            return;
        }
        if let Some(worker) = &self.worker {
            worker.cancel();
        }
        self.failed = false;
        let key = key(position, goal);
        // Won, stuck or ruled out by class: answered here and now; a position decided
        // earlier in the session: as it was then.
        let known = match self.memory.get(&key) {
            Some((answer, examined)) => Some((answer.clone(), *examined)),
            None => quick_answer(position, goal).map(|a| (a, 0)),
        };
        self.question = Some(match known {
            Some((answer, examined)) => Question::decided(position.clone(), goal, answer, examined),
            None => Question::new(position.clone(), goal, self.effort),
        });
        self.poll();
    }

    /// Stops thinking on the position asked about: its answer stays the last round's.
    pub fn stop_thinking(&mut self) {
        if let Some(q) = &mut self.question {
            if q.thinking() {
                q.stop();
                let in_round = matches!(
                    &self.asking,
                    Some((p, g, Step::Verdict { .. })) if q.is_about(p, *g)
                );
                if let (true, Some(worker)) = (in_round, &self.worker) {
                    worker.cancel();
                }
            }
        }
        self.poll();
    }

    /// Takes in a finished step and starts the next. Call once a frame; returns whether
    /// anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        if let Some(worker) = &mut self.worker {
            if let Some(finished) = worker.take_finished() {
                self.worker = None;
                let asked = self.asking.take();
                changed = true;
                match finished {
                    Finished::Done((judge, found)) => {
                        self.give_back(judge, &found);
                        if let Some((position, goal, _)) = asked {
                            self.take(&position, goal, found);
                        }
                    }
                    // A superseded or stopped step: keep the judge, drop the answer.
                    Finished::Cancelled((judge, found)) => self.give_back(judge, &found),
                    Finished::Failed(text) => {
                        // The judge was lost with the thread: new ones are made.
                        self.error = Some(text);
                        if let Some((position, goal, _)) = asked {
                            if self
                                .question
                                .as_ref()
                                .is_some_and(|q| q.is_about(&position, goal))
                            {
                                self.failed = true;
                            }
                        }
                    }
                }
            }
        }
        if self.worker.is_none() && !self.failed {
            let next = self
                .question
                .as_ref()
                .and_then(|q| Some((q.position().clone(), q.goal(), q.next(self.colour_jumps)?)));
            if let Some((position, goal, step)) = next {
                self.start(position, goal, step);
                changed = true;
            }
        }
        changed
    }

    /// Puts a judge back where it came from.
    fn give_back(&mut self, judge: Judge, found: &Found) {
        match found {
            Found::Verdict(..) => self.judge = Some(judge),
            Found::Jumps(..) => self.jumper = Some(judge),
        }
    }

    /// Stores what a worker found about `position`.
    fn take(&mut self, position: &Position, goal: Goal, found: Found) {
        let Some(q) = self
            .question
            .as_mut()
            .filter(|q| q.is_about(position, goal))
        else {
            return;
        };
        match found {
            Found::Verdict(answer, examined) => q.take_verdict(answer, examined),
            Found::Jumps(given, jumps, lines) => q.take_jumps(&given, jumps, lines),
        }
        if let Some(answer) = q.answer().filter(|a| a.known().is_some()) {
            let key = key(position, goal);
            if !self.memory.contains_key(&key) {
                if self.order.len() >= REMEMBERED {
                    if let Some(old) = self.order.pop_front() {
                        self.memory.remove(&old);
                    }
                }
                self.memory.insert(key, (answer.clone(), q.examined()));
                self.order.push_back(key);
            }
        }
    }

    /// Starts building the winnable set for `shape` and `goal` when one applies and is not
    /// built or building; drops a set for another board.
    fn keep_set_for(&mut self, shape: &Shape, goal: Goal) {
        if self
            .set
            .as_ref()
            .is_some_and(|s| s.shape == *shape && s.goal == goal)
        {
            return;
        }
        self.set = None;
        let Goal::At(cell) = goal else { return };
        let start = shape.cells() - CellSet::single(cell);
        if shape.cells().len() > PRACTICAL_HOLES || !WinnableSet::applies(shape, start, goal) {
            return;
        }
        let build = SetBuild {
            shape: shape.clone(),
            goal,
            slot: Arc::new(SetSlot::default()),
            cancel: Arc::new(AtomicBool::new(false)),
        };
        let (slot, cancel, wake) = (build.slot.clone(), build.cancel.clone(), self.wake.clone());
        let shape = shape.clone();
        let spawned = std::thread::Builder::new()
            .name("pegsol-winnable-set".into())
            .spawn(move || {
                let mut ignore = |_: &crate::Progress| {};
                let mut control = crate::Control::new(&cancel, &mut ignore);
                let set = WinnableSet::build(&shape, cell, MAX_ENTRIES, &mut control).ok();
                slot.finish(set.map(Arc::new));
                wake();
            });
        if spawned.is_ok() {
            self.set = Some(build);
        }
    }

    /// The winnable set, once built.
    fn ready_set(&self) -> Option<Arc<WinnableSet>> {
        self.set.as_ref()?.slot.get().ok().flatten()
    }

    fn start(&mut self, position: Position, goal: Goal, step: Step) {
        let jumps = matches!(step, Step::Jumps(_));
        let slot = if jumps {
            &mut self.jumper
        } else {
            &mut self.judge
        };
        let mut judge = slot
            .take()
            .unwrap_or_else(|| Judge::for_effort(self.effort));
        // The set for the board in play (the judge may hold one for a board left since).
        match (self.ready_set(), &self.set) {
            (Some(set), _) => judge.set_winnable(set),
            (None, Some(build)) => judge.set_coming_winnable(build.slot.clone()),
            _ => {}
        }
        self.asking = Some((position.clone(), goal, step.clone()));
        let wake = self.wake.clone();
        self.worker = Some(Worker::start(
            "pegsol-advisor",
            move |job| {
                let found = job.control(|c| match step {
                    Step::Verdict { effort, .. } => {
                        let answer = judge.think(&position, goal, effort, c);
                        Found::Verdict(answer, judge.examined())
                    }
                    Step::Jumps(given) => {
                        let (jumps, lines) =
                            judge.judge_jumps_with_lines(&position, goal, &given, c);
                        Found::Jumps(given, jumps, lines)
                    }
                });
                (judge, found)
            },
            move || wake(),
        ));
    }

    /// The question about `position` for `goal`, if it is the one asked last.
    fn question(&self, position: &Position, goal: Goal) -> Option<&Question> {
        self.question
            .as_ref()
            .filter(|q| q.is_about(position, goal))
    }

    /// What the front ends show about `position` for `goal` (`None`: never asked, or another
    /// position was asked about since).
    pub fn advice(&self, position: &Position, goal: Goal) -> Option<Advice> {
        let q = self.question(position, goal)?;
        if self.failed {
            return Some(Advice::Failed {
                error: self.error.clone().unwrap_or_default(),
            });
        }
        let pegs = position.peg_count();
        Some(match q.answer() {
            None => Advice::Checking,
            Some(Answer::Winnable(line)) => Advice::Winnable {
                next: line.first().copied(),
            },
            Some(Answer::Lost(reason)) => Advice::Lost {
                reason: reason.clone(),
            },
            Some(answer @ Answer::Unknown(_)) if q.thinking() => Advice::Thinking {
                examined: self.examined_live(q),
                guess: answer.guess(pegs),
            },
            Some(answer @ Answer::Unknown(_)) => Advice::Unknown {
                examined: q.examined(),
                guess: answer.guess(pegs),
                stopped: q.stopped(),
                effort: self.effort,
            },
        })
    }

    /// Positions examined for `q`'s verdict, counting the round in flight.
    fn examined_live(&self, q: &Question) -> u64 {
        let live = match (&self.asking, &self.worker) {
            (Some((p, g, Step::Verdict { .. })), Some(worker)) if q.is_about(p, *g) => worker
                .snapshot()
                .progress
                .map_or(0, |progress| progress.expanded),
            _ => 0,
        };
        q.examined().max(live)
    }

    /// What is known about `position` for `goal`: the answer if it is about this position,
    /// else [`Verdict::Checking`] while its quick answer is worked out, else `None` (never
    /// asked).
    pub fn verdict(&self, position: &Position, goal: Goal) -> Option<Verdict> {
        Some(match self.advice(position, goal)? {
            Advice::Checking => Verdict::Checking,
            Advice::Winnable { next } => Verdict::Winnable(next),
            Advice::Lost { .. } => Verdict::NotWinnable,
            Advice::Thinking { .. } | Advice::Unknown { .. } => Verdict::Unknown,
            Advice::Failed { .. } => Verdict::Failed,
        })
    }

    /// Whether `position` is still being thought on after its quick answer left it open.
    pub fn thinking(&self, position: &Position, goal: Goal) -> bool {
        self.question(position, goal).is_some_and(|q| q.thinking()) && !self.failed
    }

    /// For a position left unknown: the first jump of the line that came closest to the goal,
    /// and how many pegs that line leaves. A guess, not a hint: nothing says the goal can still
    /// be reached.
    pub fn guess(&self, position: &Position, goal: Goal) -> Option<(Jump, u32)> {
        self.answer(position, goal)?.guess(position.peg_count())
    }

    /// The full answer about `position` (with the winning line or the reason it is lost),
    /// once its first round is done.
    pub fn answer(&self, position: &Position, goal: Goal) -> Option<&Answer> {
        self.question(position, goal)?.answer()
    }

    /// Each legal jump of `position` and whether the goal stays reachable after it
    /// (`None`: unknown), once judged (while jumps are coloured, or after an undecided
    /// quick answer).
    pub fn jumps(&self, position: &Position, goal: Goal) -> Option<&[(Jump, Option<bool>)]> {
        self.question(position, goal)?.jumps().map(|j| j.as_slice())
    }

    /// Whether a step is in flight or due.
    pub fn busy(&self) -> bool {
        self.worker.is_some()
            || (!self.failed
                && self
                    .question
                    .as_ref()
                    .is_some_and(|q| q.next(self.colour_jumps).is_some()))
    }

    /// Whether the winnable set is being built (it answers later questions at once).
    pub fn building_set(&self) -> bool {
        self.set.as_ref().is_some_and(|b| b.slot.get().is_err())
    }

    /// The last failure's message, if a search failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}
