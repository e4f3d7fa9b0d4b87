//! "Can this position still be won?", "why not?" and "which jumps keep it winnable?",
//! answered in the background after every jump.
//!
//! Owns one [`Judge`] (see [`super::hint`]: the proofs, cheapest first, and an exact solver
//! whose failure tables carry over from one question to the next), lent to a [`Worker`] for
//! each question and taken back with the answer. Each position gets two questions in turn:
//! its verdict (with the reason when lost), then, when the window shows winning jumps, the
//! verdict of every legal jump. Only the newest position matters: asking again cancels the
//! question in flight, and its answer is dropped when it comes back. On a board whose
//! winnable set can be built (the English board's classic game, see
//! [`crate::solver::engines::winnable`]) a thread builds it once, and later questions are
//! answered from it at once.

use super::hint::{
    decided_by_a_jump, quick_answer, Answer, Judge, JumpVerdicts, SetSlot, HINT_BUDGET,
};
use super::worker::{Finished, Worker};
use crate::rules::{CellSet, Goal, Jump, Position, Shape};
use crate::solver::engines::winnable::{WinnableSet, MAX_ENTRIES, PRACTICAL_HOLES};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Expansions one question may use. Positions of the classic boards take far fewer (a few
/// thousand); a hard position is reported as unknown rather than keeping a core busy.
pub const ADVISOR_BUDGET: u64 = HINT_BUDGET;

/// What is known about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The question is being worked on.
    Checking,
    /// The goal can be reached; the hint is the first jump of a winning line (`None` when the
    /// position is already won).
    Winnable(Option<Jump>),
    /// The goal cannot be reached from here, proven ([`Advisor::answer`] says why).
    NotWinnable,
    /// The budget ran out before an answer ([`Advisor::guess`] has the closest line's first
    /// jump).
    Unknown,
    /// The search failed (the text went to [`Advisor::error`]).
    Failed,
}

/// Which question a worker is answering about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Verdict,
    Jumps,
}

/// What a worker hands back.
enum Found {
    Verdict(Answer),
    /// The jump verdicts, and a winning line for each winning jump.
    Jumps(JumpVerdicts, Vec<Vec<Jump>>),
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

/// The background judge that answers [`Verdict`]s for positions.
pub struct Advisor {
    budget: u64,
    /// The judge, when no worker holds it.
    judge: Option<Judge>,
    /// The question in flight.
    worker: Option<Worker<(Judge, Found)>>,
    /// The question the worker is answering.
    asking: Option<(Position, Goal, Kind)>,
    /// The position to ask about once the worker is back (the newest one).
    pending: Option<(Position, Goal)>,
    /// The newest verdict (`None` when its search failed).
    answer: Option<(Position, Goal, Option<Answer>)>,
    /// The newest jump verdicts.
    jumps: Option<(Position, Goal, JumpVerdicts)>,
    /// Whether to judge every legal jump after the verdict.
    colour_jumps: bool,
    /// The last winning line found: where it starts, for which goal, and its jumps. A
    /// question about a position on it (the person followed a hint, or is replaying a
    /// solution) is answered from it at once.
    line: Option<(Position, Goal, Vec<Jump>)>,
    /// The winning lines of the newest jump verdicts, one per winning jump, from the
    /// position judged: the position after any of those jumps is answered at once.
    jump_lines: Option<(Position, Goal, Vec<Vec<Jump>>)>,
    /// The winnable set for the board in play, if one applies.
    set: Option<SetBuild>,
    error: Option<String>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Advisor {
    /// An advisor that calls `wake` when an answer arrives.
    pub fn new(budget: u64, wake: impl Fn() + Send + Sync + 'static) -> Advisor {
        Advisor {
            budget,
            judge: Some(Judge::new(budget)),
            worker: None,
            asking: None,
            pending: None,
            answer: None,
            jumps: None,
            colour_jumps: false,
            line: None,
            jump_lines: None,
            set: None,
            error: None,
            wake: Arc::new(wake),
        }
    }

    /// Whether every legal jump is judged after the verdict (View > Show winning jumps).
    pub fn set_colour_jumps(&mut self, on: bool) {
        self.colour_jumps = on;
        self.poll();
    }

    /// Asks about `position` for `goal` (nothing happens if it is the question already asked
    /// or answered). A question in flight about another position is cancelled.
    pub fn ask(&mut self, position: &Position, goal: Goal) {
        self.keep_set_for(position.shape(), goal);
        let same = |p: &Position, g: Goal| p == position && g == goal;
        let answered = self.answer.as_ref().is_some_and(|(p, g, _)| same(p, *g));
        let pending = self.pending.as_ref().is_some_and(|(p, g)| same(p, *g));
        let asking = self.asking.as_ref().is_some_and(|(p, g, _)| same(p, *g));
        if answered || pending || (asking && self.pending.is_none()) {
            self.poll();
            return;
        }
        if let Some(worker) = &self.worker {
            worker.cancel();
        }
        self.pending = None;
        // Positions on the last winning line or one of the last jumps' lines, and those
        // won, stuck or ruled out by their class, are answered here and now, without a
        // search.
        if let Some(answer) = self
            .on_line(position, goal)
            .or_else(|| self.after_winning_jump(position, goal))
            .map(Answer::Winnable)
            .or_else(|| quick_answer(position, goal))
        {
            self.answer = Some((position.clone(), goal, Some(answer)));
        } else {
            self.pending = Some((position.clone(), goal));
        }
        self.poll();
    }

    /// Takes in a finished answer and starts the next question. Call once a frame; returns
    /// whether anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        if let Some(worker) = &mut self.worker {
            if let Some(finished) = worker.take_finished() {
                self.worker = None;
                let asked = self.asking.take();
                changed = true;
                match finished {
                    Finished::Done((judge, found)) => {
                        self.judge = Some(judge);
                        if let Some((position, goal, _)) = asked {
                            self.take(position, goal, found);
                        }
                    }
                    // A superseded question: keep the judge, drop the answer.
                    Finished::Cancelled((judge, _)) => self.judge = Some(judge),
                    Finished::Failed(text) => {
                        // The judge was lost with the thread; a new one is made.
                        self.judge = Some(Judge::new(self.budget));
                        self.error = Some(text);
                        if let Some((position, goal, Kind::Verdict)) = asked {
                            self.answer = Some((position, goal, None));
                        }
                    }
                }
            }
        }
        if self.worker.is_none() {
            if let Some((position, goal)) = self.pending.take() {
                self.start(position, goal, Kind::Verdict);
                changed = true;
            } else if let Some((position, goal)) = self.jumps_due() {
                self.start(position, goal, Kind::Jumps);
                changed = true;
            }
        }
        changed
    }

    /// Stores what a worker found about `position`.
    fn take(&mut self, position: Position, goal: Goal, found: Found) {
        match found {
            Found::Verdict(answer) => {
                if let Answer::Winnable(line) = &answer {
                    if !line.is_empty() {
                        self.line = Some((position.clone(), goal, line.clone()));
                    }
                }
                self.answer = Some((position, goal, Some(answer)));
            }
            Found::Jumps(jumps, lines) => {
                // An undecided position with a jump found winning is winnable: stored as a
                // verdict found, so its line is kept as any winning verdict's is.
                if let Some((p, g, Some(answer @ Answer::Unknown(_)))) = &self.answer {
                    if *p == position && *g == goal && !lines.is_empty() {
                        let decided = decided_by_a_jump(answer.clone(), &lines);
                        self.take(position.clone(), goal, Found::Verdict(decided));
                    }
                }
                self.jump_lines = Some((position.clone(), goal, lines));
                self.jumps = Some((position, goal, jumps));
            }
        }
    }

    /// The position answered last, when its jumps are wanted and not known yet.
    fn jumps_due(&self) -> Option<(Position, Goal)> {
        if !self.colour_jumps {
            return None;
        }
        let (position, goal, answer) = self.answer.as_ref()?;
        answer.as_ref()?;
        let known = self
            .jumps
            .as_ref()
            .is_some_and(|(p, g, _)| p == position && g == goal);
        (!known).then(|| (position.clone(), *goal))
    }

    /// If `position` follows a winning jump of the newest jump verdicts, the rest of that
    /// jump's line, which becomes the last winning line (so the positions further along it
    /// are answered at once too).
    fn after_winning_jump(&mut self, position: &Position, goal: Goal) -> Option<Vec<Jump>> {
        let (start, line_goal, lines) = self.jump_lines.as_ref()?;
        if *line_goal != goal || start.shape() != position.shape() {
            return None;
        }
        let line = lines.iter().find(|line| {
            line.first()
                .is_some_and(|&j| start.try_play(j).is_ok_and(|p| p == *position))
        })?;
        let rest = line[1..].to_vec();
        self.line = Some((start.clone(), goal, line.clone()));
        Some(rest)
    }

    /// If `position` lies on the last winning line, the rest of the line from there.
    fn on_line(&self, position: &Position, goal: Goal) -> Option<Vec<Jump>> {
        let (start, line_goal, jumps) = self.line.as_ref()?;
        if *line_goal != goal || start.shape() != position.shape() {
            return None;
        }
        // Pegs only go down along a line: skip straight to where the counts match.
        let skip = start.peg_count().checked_sub(position.peg_count())? as usize;
        if skip > jumps.len() {
            return None;
        }
        let mut p = start.clone();
        for &j in &jumps[..skip] {
            p.play_unchecked(j);
        }
        (p == *position).then(|| jumps[skip..].to_vec())
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
                let mut ignore = |_: &crate::solver::Progress| {};
                let mut control = crate::solver::Control::new(&cancel, &mut ignore);
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

    fn start(&mut self, position: Position, goal: Goal, kind: Kind) {
        let mut judge = self.judge.take().unwrap_or_else(|| Judge::new(self.budget));
        // The set for the board in play (the judge may hold one for a board left since).
        match (self.ready_set(), &self.set) {
            (Some(set), _) => judge.set_winnable(set),
            (None, Some(build)) => judge.set_coming_winnable(build.slot.clone()),
            _ => {}
        }
        let known = match (&self.answer, kind) {
            (Some((p, g, Some(a))), Kind::Jumps) if *p == position && *g == goal => Some(a.clone()),
            _ => None,
        };
        self.asking = Some((position.clone(), goal, kind));
        let wake = self.wake.clone();
        self.worker = Some(Worker::start(
            "pegsol-advisor",
            move |job| {
                let found = job.control(|c| match known {
                    Some(answer) => {
                        let (jumps, lines) =
                            judge.judge_jumps_with_lines(&position, goal, &answer, c);
                        Found::Jumps(jumps, lines)
                    }
                    None => Found::Verdict(judge.judge(&position, goal, c)),
                });
                (judge, found)
            },
            move || wake(),
        ));
    }

    /// What is known about `position` for `goal`: the answer if it is about this position,
    /// else [`Verdict::Checking`] while a question is open, else `None` (never asked).
    pub fn verdict(&self, position: &Position, goal: Goal) -> Option<Verdict> {
        match &self.answer {
            Some((p, g, answer)) if p == position && *g == goal => Some(match answer {
                Some(Answer::Winnable(line)) => Verdict::Winnable(line.first().copied()),
                Some(Answer::Lost(_)) => Verdict::NotWinnable,
                Some(Answer::Unknown(_)) => Verdict::Unknown,
                None => Verdict::Failed,
            }),
            _ if self.worker.is_some() || self.pending.is_some() => Some(Verdict::Checking),
            _ => None,
        }
    }

    /// For a position left unknown: the first jump of the line that came closest to the goal,
    /// and how many pegs that line leaves. A guess, not a hint: nothing says the goal can still
    /// be reached.
    pub fn guess(&self, position: &Position, goal: Goal) -> Option<(Jump, u32)> {
        let (line, left) = self
            .answer(position, goal)?
            .closest(position.pegs().len())?;
        Some((line[0], left))
    }

    /// The full answer about `position` (with the winning line or the reason it is lost),
    /// once known.
    pub fn answer(&self, position: &Position, goal: Goal) -> Option<&Answer> {
        match &self.answer {
            Some((p, g, Some(answer))) if p == position && *g == goal => Some(answer),
            _ => None,
        }
    }

    /// Each legal jump of `position` and whether the goal stays reachable after it
    /// (`None`: unknown), once judged (only while jumps are coloured).
    pub fn jumps(&self, position: &Position, goal: Goal) -> Option<&[(Jump, Option<bool>)]> {
        match &self.jumps {
            Some((p, g, jumps)) if p == position && *g == goal => Some(jumps),
            _ => None,
        }
    }

    /// Whether a question is in flight.
    pub fn busy(&self) -> bool {
        self.worker.is_some() || self.pending.is_some()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;
    use std::time::{Duration, Instant};

    fn english() -> Position {
        catalogue::find("english")
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .map(|p| p.start)
            .expect("english")
    }

    fn settle(advisor: &mut Advisor) {
        let until = Instant::now() + Duration::from_secs(60);
        while advisor.busy() && Instant::now() < until {
            advisor.poll();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(
            !advisor.busy(),
            "the advisor did not answer within a minute"
        );
    }

    #[test]
    fn the_hint_keeps_the_english_board_winnable_jump_after_jump() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let goal = Goal::At(english().shape().center().expect("centre"));
        let mut position = english();
        // Follow the hints to the end: every one is legal and the game is won.
        loop {
            advisor.ask(&position, goal);
            settle(&mut advisor);
            match advisor.verdict(&position, goal) {
                Some(Verdict::Winnable(Some(jump))) => {
                    position = position.try_play(jump).expect("hint is legal");
                }
                Some(Verdict::Winnable(None)) => break,
                other => panic!("expected winnable, got {other:?}"),
            }
        }
        assert!(position.is_won(goal));
    }

    #[test]
    fn positions_on_the_last_winning_line_are_answered_at_once() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        advisor.ask(&start, Goal::Anywhere);
        settle(&mut advisor);
        let Some(Verdict::Winnable(Some(first))) = advisor.verdict(&start, Goal::Anywhere) else {
            panic!("the English board is winnable");
        };
        let next = start.try_play(first).expect("legal");
        advisor.ask(&next, Goal::Anywhere);
        // No search started: the answer is there before any poll.
        assert!(!advisor.busy());
        assert!(matches!(
            advisor.verdict(&next, Goal::Anywhere),
            Some(Verdict::Winnable(Some(_)))
        ));
    }

    #[test]
    fn a_lost_position_is_proven_not_winnable() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        let center = start.shape().center().expect("centre");
        // A corner finish is in another class than the centre start: impossible.
        let corner = crate::rules::Cell { x: 2, y: 0 };
        assert_ne!(corner, center);
        advisor.ask(&start, Goal::At(corner));
        settle(&mut advisor);
        assert_eq!(
            advisor.verdict(&start, Goal::At(corner)),
            Some(Verdict::NotWinnable)
        );
    }

    #[test]
    fn one_peg_ruled_out_by_class_is_answered_without_a_search() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let level_8 = catalogue::find("8")
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .map(|p| p.start)
            .expect("level 8");
        advisor.ask(&level_8, Goal::Anywhere);
        assert!(!advisor.busy());
        assert_eq!(
            advisor.verdict(&level_8, Goal::Anywhere),
            Some(Verdict::NotWinnable)
        );
    }

    #[test]
    fn a_newer_question_supersedes_the_one_in_flight() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        let first = start.legal_jumps()[0];
        let next = start.try_play(first).expect("legal");
        advisor.ask(&start, Goal::Anywhere);
        advisor.ask(&next, Goal::Anywhere);
        settle(&mut advisor);
        assert_eq!(advisor.verdict(&start, Goal::Anywhere), None);
        assert!(matches!(
            advisor.verdict(&next, Goal::Anywhere),
            Some(Verdict::Winnable(Some(_)))
        ));
    }

    #[test]
    fn the_english_centre_game_is_answered_from_the_winnable_set_once_built() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        let centre = Goal::At(start.shape().center().expect("centre"));
        advisor.ask(&start, centre);
        settle(&mut advisor);
        let until = Instant::now() + Duration::from_secs(120);
        while advisor.building_set() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            !advisor.building_set(),
            "the set was built within two minutes"
        );
        // Three jumps that lose the centre finish but keep pegs to jump: a lost position a
        // search would take long to prove, answered from the set.
        let mut p = start.clone();
        for j in ["3,1-3,3", "1,2-3,2", "3,3-3,1"] {
            p = p.try_play(j.parse().expect("jump")).expect("legal");
        }
        advisor.ask(&p, centre);
        settle(&mut advisor);
        let set = advisor.ready_set().expect("built");
        let expected = match set.judge(p.pegs()) {
            Some(true) => true,
            Some(false) => false,
            None => panic!("a position of a game from the start is in the set's reach"),
        };
        match advisor.answer(&p, centre) {
            Some(Answer::Winnable(line)) => {
                assert!(expected);
                let mut q = p.clone();
                for &j in line {
                    q = q.try_play(j).expect("legal");
                }
                assert!(q.is_won(centre));
            }
            Some(Answer::Lost(_)) => assert!(!expected),
            other => panic!("expected a verdict, got {other:?}"),
        }
    }
}
