//! The game record: a start position and every line of jumps a person has played from it,
//! with undo, redo and restart, right by construction.
//!
//! Owns [`Record`]. Its history is a list of *lines* (one per restart), each a legal line of
//! jumps from the start, with the place on it where the restart after it was made. Undo and
//! redo move along the line in play, and across a restart to the line before it (where the
//! restart was made) or the one after it (at its start): undo then redo always comes back to
//! where it was. A jump or a loaded solution cuts what redo would have replayed; a restart
//! keeps the line it leaves whole, its redo tail too. No step ever replays a jump into a
//! position it was not played from: every line is checked when it is made, and moving between
//! lines rebuilds the position from the start. The whole history is what
//! [`Record::to_saved`] writes, so undo after quitting and starting again does what it did
//! before.

use pegsol_rules::{Jump, JumpError, Position};

/// One line of the history: the jumps from the start (played, then what redo replays) and,
/// when a restart followed it, how many were played when it was made (where undo comes back
/// to, and where redo crosses to the next line).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    jumps: Vec<Jump>,
    cut: usize,
}

impl Line {
    fn empty() -> Line {
        Line {
            jumps: Vec::new(),
            cut: 0,
        }
    }
}

/// A game in progress: the start position and its history of lines (see the module docs).
///
/// The line in play is what the board shows: [`Record::played`] jumps from the start, then
/// the jumps redo would replay ([`Record::jumps`] is both, the timeline, and
/// [`Record::index`] where the board is on it). Undo takes back the last jump, or at the
/// start of a line made by a restart, goes back to where the game stood before it; redo does
/// the opposite. A new jump after an undo drops what redo would have replayed, as in any
/// editor.
///
/// ```
/// use pegsol_layout::catalogue;
/// use pegsol_record::Record;
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
    /// Every line, oldest first; never empty.
    lines: Vec<Line>,
    /// The line in play.
    era: usize,
    /// How many of the line in play's jumps are played.
    at: usize,
    /// Whether redo at the place the next restart was made brings that restart back: set when
    /// undo or redo crosses into this line (retracing the history), cleared when the board
    /// moves past that place along the timeline (redo then replays the line's own jumps, and
    /// the restart comes back at its end). So undo then redo always comes back.
    retrace: bool,
}

impl Record {
    /// A new game from `start`.
    pub fn new(start: Position) -> Record {
        Record {
            current: start.clone(),
            start,
            lines: vec![Line::empty()],
            era: 0,
            at: 0,
            retrace: false,
        }
    }

    fn line(&self) -> &Line {
        &self.lines[self.era]
    }

    fn line_mut(&mut self) -> &mut Line {
        &mut self.lines[self.era]
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
        &self.line().jumps[..self.at]
    }

    /// The timeline: the jumps played, then the jumps redo would replay on this line.
    pub fn jumps(&self) -> &[Jump] {
        &self.line().jumps
    }

    /// Where the board is on the timeline: how many of [`Record::jumps`] are played.
    pub fn index(&self) -> usize {
        self.at
    }

    /// How many lines the history holds: one, plus one per restart that undo can reach.
    pub fn lines(&self) -> usize {
        self.lines.len()
    }

    /// Moves made so far, as puzzle books count them: one peg's chain of jumps is one move
    /// ([`pegsol_rules::move_count`]).
    pub fn moves(&self) -> u32 {
        pegsol_rules::move_count(self.played())
    }

    /// Whether there is anything to undo.
    pub fn can_undo(&self) -> bool {
        self.at > 0 || self.era > 0
    }

    /// Whether there is anything to redo.
    pub fn can_redo(&self) -> bool {
        self.at < self.jumps().len() || self.era + 1 < self.lines.len()
    }

    /// Drops what redo would replay: the rest of this line and the lines after it.
    fn cut_redo(&mut self) {
        self.lines.truncate(self.era + 1);
        // No restart left to retrace or to come back to.
        self.retrace = false;
        let at = self.at;
        let line = self.line_mut();
        line.cut = 0;
        line.jumps.truncate(at);
    }

    /// Plays `jump` on the current position, dropping what redo would replay, or says why it
    /// cannot be played (the record is then unchanged).
    pub fn play(&mut self, jump: Jump) -> Result<(), JumpError> {
        self.current = self.current.try_play(jump)?;
        self.cut_redo();
        self.line_mut().jumps.push(jump);
        self.at += 1;
        Ok(())
    }

    /// Goes back to the start position, as one undoable step: undo brings back the game as it
    /// stood, redo tail and all. Lines after this one (restarts undone) are dropped, as a new
    /// jump drops the redo tail. Does nothing (and returns `false`) when no jump has been
    /// played on this line.
    pub fn restart(&mut self) -> bool {
        if self.index() == 0 {
            return false;
        }
        self.lines.truncate(self.era + 1);
        let at = self.at;
        self.line_mut().cut = at;
        self.lines.push(Line::empty());
        self.era += 1;
        self.at = 0;
        self.retrace = false;
        self.current = self.start.clone();
        true
    }

    /// Rebuilds the position from the start along the line in play (after moving between
    /// lines). Every line was checked jump by jump when it was made, so this replays only
    /// legal jumps.
    fn rebuild(&mut self) {
        let mut position = self.start.clone();
        for &jump in self.played() {
            position.play_unchecked(jump);
        }
        self.current = position;
    }

    /// Takes back the last jump, or at the start of a line made by a restart, goes back to
    /// where the game stood when the restart was made. Returns whether there was anything to
    /// undo.
    pub fn undo(&mut self) -> bool {
        if self.at > 0 {
            self.at -= 1;
            let jump = self.line().jumps[self.at];
            self.current.unplay_unchecked(jump);
            true
        } else if self.era > 0 {
            self.era -= 1;
            self.at = self.line().cut;
            self.retrace = true;
            self.rebuild();
            true
        } else {
            false
        }
    }

    /// Puts back what undo took back: at the place a restart was made, that restart (so undo
    /// then redo comes back to where it was); else the next jump of the line, or at its end
    /// the restart after it. Returns whether there was anything to redo.
    pub fn redo(&mut self) -> bool {
        let later = self.era + 1 < self.lines.len();
        let at_cut = self.retrace && self.at == self.line().cut;
        if later && (at_cut || self.at == self.jumps().len()) {
            self.era += 1;
            self.at = 0;
            // Retracing goes on while there is a restart after this line too.
            self.retrace = self.era + 1 < self.lines.len();
            self.current = self.start.clone();
            true
        } else if self.at < self.jumps().len() {
            let jump = self.line().jumps[self.at];
            self.at += 1;
            self.current.play_unchecked(jump);
            true
        } else {
            false
        }
    }

    /// Moves along the timeline to `index` (clamped to [`Record::jumps`]), within the line in
    /// play. Returns the index reached.
    pub fn goto(&mut self, index: usize) -> usize {
        let index = index.min(self.jumps().len());
        while self.at > index {
            self.at -= 1;
            let jump = self.line().jumps[self.at];
            self.current.unplay_unchecked(jump);
        }
        while self.at < index {
            let jump = self.line().jumps[self.at];
            self.at += 1;
            self.current.play_unchecked(jump);
        }
        if self.at > self.line().cut {
            // Past the place the next restart was made: redo replays this line from here.
            self.retrace = false;
        }
        self.at
    }

    /// Puts `line` after the current position as the timeline's continuation (what redo and
    /// the replay will play), replacing what redo would have replayed, as a new jump would.
    /// Every jump is checked first; on an illegal one the record is unchanged and the error
    /// names it.
    pub fn load_line(&mut self, line: &[Jump]) -> Result<(), (usize, JumpError)> {
        let mut probe = self.current.clone();
        for (i, &jump) in line.iter().enumerate() {
            probe = probe.try_play(jump).map_err(|e| (i, e))?;
        }
        self.cut_redo();
        self.line_mut().jumps.extend_from_slice(line);
        Ok(())
    }

    /// Every line of the history, oldest first: its jumps and where the restart after it was
    /// made (for the saved-game form, [`Record::to_saved`]).
    pub(super) fn all_lines(&self) -> impl Iterator<Item = (&[Jump], usize)> {
        self.lines.iter().map(|l| (l.jumps.as_slice(), l.cut))
    }

    /// Which of [`Record::all_lines`] is in play.
    pub(super) fn era(&self) -> usize {
        self.era
    }

    /// Whether redo at the place the next restart was made brings it back.
    pub(super) fn retraces(&self) -> bool {
        self.retrace
    }

    /// A record from checked parts (the saved-game reader's): every line with where its
    /// restart was made, which line is in play and how many of its jumps are played, and
    /// whether redo retraces the restart after it (see [`Record`]'s `retrace`). Each
    /// line must be legal from `start`, each place within its line and `era` among the
    /// lines; the caller checked all three.
    pub(super) fn from_lines(
        start: Position,
        lines: Vec<(Vec<Jump>, usize)>,
        era: usize,
        at: usize,
        retrace: bool,
    ) -> Record {
        let mut lines: Vec<Line> = lines
            .into_iter()
            .map(|(jumps, cut)| Line { jumps, cut })
            .collect();
        if lines.is_empty() {
            lines.push(Line::empty());
        }
        let era = era.min(lines.len() - 1);
        let at = at.min(lines[era].jumps.len());
        let mut record = Record {
            current: start.clone(),
            start,
            lines,
            era,
            at,
            retrace,
        };
        record.rebuild();
        record
    }
}
