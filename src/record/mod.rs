//! The mid-end, shared by the window, the terminal game and the command line: the game record
//! (a start position and the jumps played from it, with unlimited undo and redo), the game in
//! play ([`Game`]), the saved-game file format ([`saved`]), opening a board or game file
//! ([`mod@open`]), the game store that keeps every game a person plays ([`store`]) and the
//! one way Pegsol's own data files are read and written ([`datafile`]), and the named
//! problems as games with their solved marks ([`problems`]).
//!
//! No user interface and no threads. Everything read from a file is checked by replaying it
//! with [`Position::try_play`], so a hostile file is refused with a message and never panics.

pub mod datafile;
pub mod game;
pub mod open;
pub mod problems;
pub mod saved;
pub mod stats;
pub mod store;

pub use game::{BoardKey, Game, GameId, Source};
pub use open::{open, OpenError, Opened};
pub use saved::{RestoreError, SavedGame};
pub use store::GameStore;

use crate::layout::Puzzle;
use crate::rules::{Jump, JumpError, Position};

/// One entry of the undo history.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// A jump, played on top of the current line.
    Jump(Jump),
    /// A restart, holding the line of jumps it took back and the redo history it set aside,
    /// so that undoing it brings both back exactly.
    Restart {
        /// The jumps played when it was made.
        line: Vec<Jump>,
        /// The redo stack then, oldest first.
        tail: Vec<Step>,
    },
}

/// A game in progress: the start position, the jumps played since the last restart, and the
/// undo and redo history.
///
/// The *line* is what the board shows: [`Record::played`] jumps from the start. Undo takes
/// back the last step (a jump, or a restart, so a restart is itself undoable) and redo puts
/// it back; a new jump after an undo drops the redo tail, as in any editor.
///
/// For the replay timeline the record also offers a flat view: [`Record::jumps`] (the line
/// plus the jumps redo would replay, up to the next restart), [`Record::index`] and
/// [`Record::goto`].
///
/// ```
/// use pegsol::layout::catalogue;
/// use pegsol::record::Record;
/// let puzzle = catalogue::find("0").unwrap().layout().unwrap().validate().unwrap();
/// let mut record = Record::new(puzzle.start.clone());
/// record.play("3,3-5,3".parse().unwrap()).unwrap();
/// assert_eq!(record.position().peg_count(), 2);
/// assert!(record.undo());
/// assert_eq!(record.position(), &puzzle.start);
/// assert!(record.redo());
/// assert_eq!(record.index(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    start: Position,
    /// The current position, kept so the board never replays the line to draw itself.
    current: Position,
    /// The jumps from `start` to `current`.
    line: Vec<Jump>,
    /// Steps that undo would take back, oldest first.
    undo: Vec<Step>,
    /// Steps that redo would put back, the next one last.
    redo: Vec<Step>,
}

impl Record {
    /// A new game from `start`.
    pub fn new(start: Position) -> Record {
        Record {
            current: start.clone(),
            start,
            line: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position on the board now.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The jumps played from the start to reach [`Record::position`].
    pub fn played(&self) -> &[Jump] {
        &self.line
    }

    /// The timeline: the jumps played, then the jumps redo would replay (up to the next
    /// restart in the redo history).
    pub fn jumps(&self) -> Vec<Jump> {
        let mut all = self.line.clone();
        for step in self.redo.iter().rev() {
            match step {
                Step::Jump(j) => all.push(*j),
                Step::Restart { .. } => break,
            }
        }
        all
    }

    /// Where the board is on the timeline: how many of [`Record::jumps`] are played.
    pub fn index(&self) -> usize {
        self.line.len()
    }

    /// Moves made so far, as puzzle books count them: one peg's chain of jumps is one move
    /// ([`crate::rules::move_count`]).
    pub fn moves(&self) -> u32 {
        crate::rules::move_count(&self.line)
    }

    /// Whether there is anything to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is anything to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Plays `jump` on the current position, dropping the redo tail, or says why it cannot be
    /// played (the record is then unchanged).
    pub fn play(&mut self, jump: Jump) -> Result<(), JumpError> {
        self.current = self.current.try_play(jump)?;
        self.line.push(jump);
        self.undo.push(Step::Jump(jump));
        self.redo.clear();
        Ok(())
    }

    /// Goes back to the start position, as one undoable step: undo brings back the jumps
    /// and what could be redone, exactly. Does nothing (and returns `false`) when no jump has
    /// been played since the start.
    pub fn restart(&mut self) -> bool {
        if self.line.is_empty() {
            return false;
        }
        let line = std::mem::take(&mut self.line);
        let tail = std::mem::take(&mut self.redo);
        self.current = self.start.clone();
        self.undo.push(Step::Restart { line, tail });
        true
    }

    /// Takes back the last step (a jump or a restart). Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(step) = self.undo.pop() else {
            return false;
        };
        match step {
            Step::Jump(jump) => {
                self.line.pop();
                self.current.unplay_unchecked(jump);
                self.redo.push(Step::Jump(jump));
            }
            Step::Restart { line, tail } => {
                for &jump in &line {
                    self.current.play_unchecked(jump);
                }
                self.line = line;
                // The redo tail as it was, with the restart itself under it: redo replays
                // the tail first, and then the restart.
                self.redo.push(Step::Restart {
                    line: Vec::new(),
                    tail: Vec::new(),
                });
                self.redo.extend(tail);
            }
        }
        true
    }

    /// Puts back the last step undone. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(step) = self.redo.pop() else {
            return false;
        };
        match step {
            Step::Jump(jump) => {
                self.current.play_unchecked(jump);
                self.line.push(jump);
                self.undo.push(Step::Jump(jump));
            }
            Step::Restart { .. } => {
                let line = std::mem::take(&mut self.line);
                let tail = std::mem::take(&mut self.redo);
                self.current = self.start.clone();
                self.undo.push(Step::Restart { line, tail });
            }
        }
        true
    }

    /// Moves along the timeline to `index` (clamped to [`Record::jumps`]), by undoing or
    /// redoing jumps. Returns the index reached.
    pub fn goto(&mut self, index: usize) -> usize {
        while self.index() > index && matches!(self.undo.last(), Some(Step::Jump(_))) {
            self.undo();
        }
        while self.index() < index && matches!(self.redo.last(), Some(Step::Jump(_))) {
            self.redo();
        }
        self.index()
    }

    /// Puts `line` after the current position as the timeline's continuation (what redo and
    /// the replay will play), replacing the redo tail, as a new jump would. Every jump is
    /// checked first; on an illegal one the record is unchanged and the error names it.
    pub fn load_line(&mut self, line: &[Jump]) -> Result<(), (usize, JumpError)> {
        let mut probe = self.current.clone();
        for (i, &jump) in line.iter().enumerate() {
            probe = probe.try_play(jump).map_err(|e| (i, e))?;
        }
        self.redo = line.iter().rev().map(|&j| Step::Jump(j)).collect();
        Ok(())
    }

    /// The saved-game form of this record on `puzzle`'s board: the start as a layout, the
    /// timeline's jumps in text form, and where the board is on it. The restart history is
    /// not kept.
    pub fn to_saved(&self, puzzle: &Puzzle) -> SavedGame {
        SavedGame {
            layout: puzzle.layout_for(self.start.pegs()),
            jumps: self.jumps().iter().map(Jump::to_string).collect(),
            current: Some(self.index()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;

    /// A catalogue board as a puzzle (for the record's tests, here and in its files).
    pub(super) fn puzzle(key: &str) -> Puzzle {
        catalogue::find(key)
            .unwrap()
            .layout()
            .unwrap()
            .validate()
            .unwrap()
    }

    /// A jump from its text.
    pub(super) fn j(text: &str) -> Jump {
        text.parse().unwrap()
    }

    #[test]
    fn undo_and_redo_walk_the_line() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        assert!(!r.can_undo() && !r.can_redo());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        let after_two = r.position().clone();
        assert!(r.undo() && r.undo());
        assert_eq!(r.position(), &p.start);
        assert!(!r.undo());
        assert_eq!(r.jumps().len(), 2);
        assert_eq!(r.index(), 0);
        assert!(r.redo() && r.redo());
        assert_eq!(r.position(), &after_two);
        assert!(!r.redo());
    }

    #[test]
    fn an_illegal_jump_leaves_the_record_unchanged() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        let before = r.clone();
        assert_eq!(
            r.play(j("3,3-3,5")),
            Err(JumpError::NoPeg(crate::rules::Cell { x: 3, y: 3 }))
        );
        assert_eq!(r, before);
    }

    #[test]
    fn a_new_jump_after_undo_drops_the_redo_tail() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        r.undo();
        r.play(j("5,2-3,2")).unwrap();
        assert!(!r.can_redo());
        assert_eq!(r.jumps(), vec![j("3,1-3,3"), j("5,2-3,2")]);
    }

    #[test]
    fn restart_is_undoable_and_redoable() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        assert!(!r.restart(), "nothing to restart at the start");
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        let before = r.position().clone();
        assert!(r.restart());
        assert_eq!(r.position(), &p.start);
        assert_eq!(r.index(), 0);
        assert!(r.undo());
        assert_eq!(r.position(), &before);
        assert_eq!(r.played().len(), 2);
        assert!(r.redo());
        assert_eq!(r.position(), &p.start);
        // A jump after the restart, then undo twice: back before the restart.
        r.play(j("3,5-3,3")).unwrap();
        r.undo();
        r.undo();
        assert_eq!(r.position(), &before);
    }

    #[test]
    fn restart_then_undo_keeps_the_redo_tail() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        r.undo();
        assert_eq!((r.index(), r.jumps().len()), (1, 2), "jump 1 of 2");
        let before = r.clone();
        assert!(r.restart());
        assert!(r.undo());
        assert_eq!((r.index(), r.jumps().len()), (1, 2), "jump 1 of 2 again");
        assert_eq!(r.position(), before.position());
        assert_eq!(r.jumps(), before.jumps());
        // Redo replays the tail, then the restart; undo walks it all back.
        assert!(r.redo());
        assert_eq!(r.index(), 2);
        assert!(r.redo());
        assert_eq!(r.position(), &p.start);
        assert!(r.undo() && r.undo());
        assert_eq!((r.index(), r.jumps().len()), (1, 2));
    }

    #[test]
    fn a_peg_jumping_again_is_one_move_and_going_back_takes_the_count_back() {
        // The triangle's fewest-moves solution: 13 jumps in 10 moves, some chains long.
        let p = puzzle("triangle");
        let line = crate::solver::uncontrolled(|c| {
            crate::solver::engines::moves::fewest_moves(
                &p.start,
                crate::rules::Goal::Anywhere,
                Default::default(),
                c,
            )
        });
        let mut r = Record::new(p.start.clone());
        for step in line.jumps() {
            r.play(step).unwrap();
        }
        assert_eq!((r.index(), r.moves()), (13, 10));
        r.goto(0);
        assert_eq!(r.moves(), 0);
        // The first two moves are single jumps.
        r.goto(2);
        assert_eq!(r.moves(), 2);
    }

    #[test]
    fn goto_moves_along_the_timeline_and_clamps() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        for t in ["3,1-3,3", "1,2-3,2", "2,4-2,2"] {
            r.play(j(t)).unwrap();
        }
        let end = r.position().clone();
        assert_eq!(r.goto(1), 1);
        assert_eq!(r.position().peg_count(), 31);
        assert_eq!(r.jumps().len(), 3);
        assert_eq!(r.goto(99), 3);
        assert_eq!(r.position(), &end);
        assert_eq!(r.goto(0), 0);
        assert_eq!(r.position(), &p.start);
    }

    #[test]
    fn a_loaded_line_becomes_the_redo_tail_and_a_new_jump_drops_it() {
        let mut record = Record::new(puzzle("0").start);
        let first = record.position().legal_jumps()[0];
        record.play(first).unwrap();
        let line = crate::solver::uncontrolled(|c| {
            crate::solver::engines::exact::solve(
                record.position(),
                crate::rules::Goal::Anywhere,
                Default::default(),
                c,
            )
        })
        .jumps;
        assert!(!line.is_empty());
        record.load_line(&line).unwrap();
        assert_eq!(record.index(), 1);
        assert_eq!(record.jumps().len(), 1 + line.len());
        assert_eq!(record.goto(usize::MAX), 1 + line.len());
        assert_eq!(record.position().peg_count(), 1);
        // Taking over mid-replay: back one jump, play another, the rest is gone.
        record.goto(1);
        let other = record
            .position()
            .legal_jumps()
            .into_iter()
            .find(|&j| j != line[0]);
        if let Some(other) = other {
            record.play(other).unwrap();
            assert_eq!(record.jumps().len(), 2);
            assert!(!record.can_redo());
        }
    }

    #[test]
    fn an_illegal_line_is_refused_and_changes_nothing() {
        let mut record = Record::new(puzzle("0").start);
        let before = record.clone();
        let legal = record.position().legal_jumps()[0];
        assert!(matches!(record.load_line(&[legal, legal]), Err((1, _))));
        assert_eq!(record, before);
    }
}
