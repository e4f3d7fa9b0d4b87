//! The terminal game's state machine: what each key does to the game, with no terminal in
//! sight, so tests drive it key by key.
//!
//! Owns the cursor and the selected peg, the message line, the solve prompt and the search in
//! flight; the game itself, its history, hints and replay pacing are the play session's
//! ([`PlaySession`], shared with the window), which this only drives and words.
//! [`TuiGame::handle`] takes one key and returns an [`Effect`]; [`TuiGame::tick`] takes in
//! background answers and steps an animated replay. Solving and replaying are in
//! [`super::solution`], drawing in [`super::draw`].

use super::arrows::home_cell;
use super::error::TuiError;
use super::look::{Colours, Glyphs};
use super::solve::Solving;
use pegsol_layout::Puzzle;
use pegsol_record::session::presets::SolvePlan;
use pegsol_record::session::replay::DEFAULT_SPEED;
use pegsol_record::{Game, PlaySession, Record};
use pegsol_rules::{arrow_steps, Arrow, Cell, CellNames, CursorTrail, Goal, Jump};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::{Duration, Instant};

/// What the event loop should do after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Keep going (the screen is redrawn).
    Continue,
    /// Leave the game.
    Quit,
    /// Open this board or game file (through the game store: its kept game if it has one).
    Open(std::path::PathBuf),
    /// Play the next of the other games kept for this board.
    NextKeptGame,
    /// Undo at the start of a random puzzle: take the game it was opened over back from the
    /// store ([`TuiGame::undone_to_replaced`] says what happened).
    UndoToReplaced,
    /// Show the help screen (every key) until the next key.
    Help,
}

/// The time between two jumps of an animated replay (the session's pace, the window's too).
pub const REPLAY_STEP: Duration = Duration::from_millis((1000.0 / DEFAULT_SPEED) as u64);

/// The terminal game.
pub struct TuiGame {
    /// The game in play and every rule about it (shared with the window).
    pub(super) session: PlaySession,
    /// What the session's clock counts from: its times are seconds since then.
    epoch: Instant,
    /// The first line: which front end this is and why.
    pub(super) title: String,
    pub(super) cursor: Cell,
    pub(super) selected: Option<Cell>,
    /// The message line: the last thing that happened or why a key did nothing.
    pub(super) message: String,
    /// The solve prompt, while it is open.
    pub(super) prompt: Option<SolvePlan>,
    /// The file prompt (`w` saves, `o` opens), while it is open.
    pub(super) file_prompt: Option<super::prompt::FilePrompt>,
    /// The last plan used, offered again next time.
    pub(super) plan: SolvePlan,
    pub(super) solving: Option<Solving>,
    /// Pegs and holes drawn with Unicode or ASCII.
    pub(super) glyphs: Glyphs,
    /// Whether to use colours.
    pub(super) colour: bool,
    /// Which colours: for a dark or a light background.
    pub(super) colours: Colours,
    /// Whether the last frame drew the board (not "too small"): keys that act on the board
    /// wait until it does.
    pub(super) board_shown: std::cell::Cell<bool>,
    /// Whether this is the assignment's `play_solution`: when the line ends, the message says
    /// what `q` leads to.
    watching: bool,
    /// How messages and the board's labels name cells: `d4`, or the assignment's `3,3` (`x`).
    pub(super) names: CellNames,
    /// The cursor's last move, which the opposite arrow takes back.
    trail: CursorTrail,
}

impl TuiGame {
    /// The terminal game playing `game`. `title` is the first line of the screen.
    pub fn new(game: Game, title: String) -> TuiGame {
        let mut tui = TuiGame {
            cursor: home_cell(&game.puzzle),
            session: PlaySession::new(game),
            epoch: Instant::now(),
            title,
            selected: None,
            message: String::new(),
            prompt: None,
            file_prompt: None,
            plan: SolvePlan::default(),
            solving: None,
            glyphs: Glyphs::UNICODE,
            colour: true,
            colours: Colours::DARK,
            board_shown: std::cell::Cell::new(true),
            watching: false,
            names: CellNames::Board,
            trail: CursorTrail::default(),
        };
        tui.message = tui.welcome();
        tui
    }

    /// `now` as the session's clock reads it: seconds since this game began.
    pub(super) fn secs(&self, now: Instant) -> f64 {
        now.saturating_duration_since(self.epoch).as_secs_f64()
    }

    /// The session's clock now.
    pub(super) fn now(&self) -> f64 {
        self.secs(Instant::now())
    }

    /// Plays `game` instead (another board or game was opened): the cursor, the selection,
    /// a hint, a replay and a search are about the old one. `said` says what happened.
    pub fn take_up(&mut self, game: Game, said: Option<String>) {
        let now = self.now();
        self.session.replace(game, now);
        self.after_switch(said);
    }

    /// After the game store switched the game in [`TuiGame::game_mut`]: as
    /// [`TuiGame::take_up`].
    pub fn after_switch(&mut self, said: Option<String>) {
        let now = self.now();
        self.session.took_up(now);
        self.cursor = home_cell(&self.session.game().puzzle);
        self.selected = None;
        self.solving = None;
        self.message = said.unwrap_or_else(|| self.welcome());
    }

    /// Draws with ASCII characters only (`false`) or Unicode, and with or without colour.
    pub fn set_look(&mut self, unicode: bool, colour: bool) {
        self.glyphs = if unicode {
            Glyphs::UNICODE
        } else {
            Glyphs::ASCII
        };
        self.colour = colour;
    }

    /// The record (for tests).
    pub fn record(&self) -> &Record {
        self.session.record()
    }

    /// The game on the board, as the game store keeps it.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The game on the board, for the game store to keep (it may give it a new identity) or
    /// to switch.
    pub fn game_mut(&mut self) -> &mut Game {
        self.session.game_mut()
    }

    /// The play session (the game and every rule about it).
    pub fn session(&self) -> &PlaySession {
        &self.session
    }

    /// The play session, for the event loop (the store, the focus).
    pub fn session_mut(&mut self) -> &mut PlaySession {
        &mut self.session
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.session.game().puzzle
    }

    /// The cursor's cell.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// The selected peg, if any.
    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    /// The message line.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Whether an animated replay is running.
    pub fn is_playing(&self) -> bool {
        self.session.is_replaying()
    }

    /// Whether a search is running.
    pub fn is_solving(&self) -> bool {
        self.solving.is_some()
    }

    /// Puts `text` on the message line (for news from the event loop, such as a failed save).
    pub fn tell(&mut self, text: String) {
        self.message = text;
    }

    /// Loads `line` as the continuation of the position on the board and starts playing it,
    /// one jump every [`REPLAY_STEP`] from `now` (the assignment's `play_solution`).
    pub fn watch(&mut self, line: &[Jump], now: Instant) -> Result<(), TuiError> {
        let now = self.secs(now);
        let from = self.session.position().clone();
        self.session
            .load_solution(&from, line, now)
            .map_err(|e| match e {
                pegsol_record::session::LoadError::Illegal { index, error } => {
                    TuiError::BadSolution {
                        index,
                        reason: self.names.refusal(error),
                    }
                }
                other => TuiError::BadSolution {
                    index: 0,
                    reason: other.to_string(),
                },
            })?;
        self.session.toggle_replay(now);
        self.watching = true;
        self.message = format!(
            "Playing the solution: {} jumps (p pauses, [ and ] step, q quits)",
            line.len()
        );
        Ok(())
    }

    /// One key. Key releases (reported by some terminals) are ignored.
    pub fn handle(&mut self, key: KeyEvent) -> Effect {
        if key.kind == KeyEventKind::Release {
            return Effect::Continue;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        if ctrl && matches!(key.code, KeyCode::Char('c' | 'C')) {
            return Effect::Quit;
        }
        if !self.board_shown.get() {
            // Nothing on screen to act on: only quitting works until the board is shown.
            if matches!(key.code, KeyCode::Char('q' | 'Q')) {
                return Effect::Quit;
            }
            return Effect::Continue;
        }
        if self.prompt.is_some() {
            self.prompt_key(key.code);
            return Effect::Continue;
        }
        if self.file_prompt.is_some() {
            return self.file_prompt_key(key);
        }
        match key.code {
            KeyCode::Char('q' | 'Q') if !ctrl => return Effect::Quit,
            KeyCode::Left => self.arrow(Arrow::Left, shift),
            KeyCode::Right => self.arrow(Arrow::Right, shift),
            KeyCode::Up => self.arrow(Arrow::Up, shift),
            KeyCode::Down => self.arrow(Arrow::Down, shift),
            KeyCode::Enter | KeyCode::Char(' ') => self.pick_up_or_put_down(),
            KeyCode::Esc => self.deselect_or_stop(),
            // The assignment's `u`, and the desktop's Ctrl+Z; redo is `y`, Ctrl+Y or Ctrl+R.
            KeyCode::Char('u' | 'U') => return self.undo(),
            KeyCode::Char('z' | 'Z') if ctrl => return self.undo(),
            KeyCode::Char('y' | 'Y') => self.redo(),
            KeyCode::Char('r' | 'R') if ctrl => self.redo(),
            KeyCode::Char('r' | 'R') => self.restart(),
            KeyCode::Char('h' | 'H') => self.ask_hint(),
            KeyCode::Char('e' | 'E') => self.next_effort(),
            KeyCode::Char('s' | 'S') => self.open_solve_prompt(),
            // c cancels what runs in the background: the solve, else the hint's thinking.
            KeyCode::Char('c' | 'C') if self.solving.is_some() => self.cancel_solve(),
            KeyCode::Char('c' | 'C') => self.stop_thinking(),
            KeyCode::Char(']') => self.step_replay(true),
            KeyCode::Char('[') => self.step_replay(false),
            KeyCode::Char('p' | 'P') => self.toggle_replay(Instant::now()),
            KeyCode::Home => self.goto(0),
            KeyCode::End => self.goto(usize::MAX),
            KeyCode::Char('a' | 'A') => self.toggle_ascii(),
            KeyCode::Char('x' | 'X') => self.toggle_names(),
            KeyCode::Char('w' | 'W') => self.open_file_prompt(super::prompt::FileAction::Save),
            KeyCode::Char('o' | 'O') => self.open_file_prompt(super::prompt::FileAction::Open),
            KeyCode::Char('g' | 'G') => return Effect::NextKeptGame,
            KeyCode::Char('?') | KeyCode::F(1) => return Effect::Help,
            _ => {}
        }
        Effect::Continue
    }

    /// Takes in background answers (hints, the solve) and steps an animated replay that is
    /// due at `now`. Call a few times a second; returns whether anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let now = self.secs(now);
        let ticked = self.session.tick(now);
        let mut changed = ticked.changed;
        if let Some(advice) = ticked.hint {
            self.say_hint(advice);
        }
        if let Some(solving) = &mut self.solving {
            if let Some(finished) = solving.take_finished() {
                let from = solving.from.clone();
                self.solving = None;
                self.solve_finished(finished, &from);
                changed = true;
            }
        }
        if ticked.stepped.is_some() {
            self.after_replay_step();
        }
        if ticked.replay_ended {
            let position = self.session.position();
            let won = position.is_won(self.puzzle().goal);
            let pegs = position.peg_count();
            self.message = if self.watching && won {
                "Solved! One peg left. The solution is played: press q to quit and see the \
                 STATS block"
                    .into()
            } else if self.watching {
                format!(
                    "The line found is played: it ends stuck with {pegs} pegs, no win. Press q \
                     to quit and see the STATS block"
                )
            } else {
                format!("{} (end of the line)", self.end_state_text())
            };
        }
        changed
    }

    /// An arrow ([`pegsol_rules::arrow_steps`] says which grid steps it stands for): without
    /// a selection it moves the cursor to the nearest hole that way, with one it jumps the
    /// selected peg.
    fn arrow(&mut self, arrow: Arrow, shift: bool) {
        self.session.pause_replay();
        let shape = self.puzzle().shape().clone();
        let steps = arrow_steps(shape.grid(), arrow, shift);
        match self.selected {
            Some(from) => match self.session.position().jump_toward(from, &steps) {
                Ok(jump) => self.play(jump),
                Err(why) => self.message = self.names.direction_refusal(why),
            },
            None => {
                if let Some(next) = self.trail.step(&shape, self.cursor, arrow, shift) {
                    self.cursor = next;
                }
            }
        }
    }

    /// Enter or Space: select or deselect the peg under the cursor.
    fn pick_up_or_put_down(&mut self) {
        self.session.pause_replay();
        let cell = self.cursor;
        let position = self.session.position();
        if position.pegs().contains(cell) {
            if self.selected == Some(cell) {
                self.selected = None;
                self.message = format!("{} put down", self.names.cell(cell));
            } else if position.legal_jumps_from(cell).is_empty() {
                self.selected = Some(cell);
                self.message =
                    format!("The peg at {} has no jump from here", self.names.cell(cell));
            } else {
                self.selected = Some(cell);
                self.message = format!(
                    "{} picked up: an arrow jumps it, Enter puts it down",
                    self.names.cell(cell)
                );
            }
            return;
        }
        // With a peg picked up the arrows jump it, so the cursor is never on a hole then.
        self.message = format!(
            "{} is an empty hole: pick a peg to jump with first",
            self.names.cell(cell)
        );
    }

    /// Escape: close the selection, else stop the replay, else stop the search.
    fn deselect_or_stop(&mut self) {
        if self.selected.take().is_some() {
            self.message = "Put down".into();
        } else if self.session.is_replaying() {
            self.session.pause_replay();
            self.message = "Replay paused".into();
        } else {
            self.cancel_solve();
        }
    }

    /// Plays a legal jump: the cursor follows the peg.
    fn play(&mut self, jump: Jump) {
        let now = self.now();
        if let Err(e) = self.session.play(jump, now) {
            self.message = self.names.refusal(e);
            return;
        }
        self.selected = None;
        self.cursor = jump.to;
        self.message = format!(
            "{} jumped over {} to {}",
            self.names.cell(jump.from),
            self.names.cell(jump.over),
            self.names.cell(jump.to)
        );
        self.report_end();
    }

    /// `u`: takes back the last jump or restart (at a random puzzle's start, the game it was
    /// opened over comes back, when there is a store to bring it from).
    fn undo(&mut self) -> Effect {
        self.selected = None;
        if !self.session.record().can_undo() && self.session.game().replaced.is_some() {
            return Effect::UndoToReplaced;
        }
        let now = self.now();
        let mut none = pegsol_record::GameStore::in_memory();
        self.message = match self.session.undo(&mut none, now) {
            pegsol_record::session::Undone::Nothing => "Nothing to undo".into(),
            _ => "Undone".into(),
        };
        Effect::Continue
    }

    /// After the event loop took the game a random puzzle was opened over back from the
    /// store: `said` says so.
    pub fn undone_to_replaced(&mut self, said: Option<String>) {
        match said {
            Some(said) => self.after_switch(Some(said)),
            None => self.message = "Nothing to undo".into(),
        }
    }

    fn redo(&mut self) {
        self.selected = None;
        let now = self.now();
        self.message = if self.session.redo(now) {
            "Redone".into()
        } else {
            "Nothing to redo".into()
        };
        self.report_end();
    }

    fn restart(&mut self) {
        self.selected = None;
        let now = self.now();
        self.message = if self.session.restart(now) {
            "Restarted (u brings the game back)".into()
        } else {
            "Already at the start".into()
        };
    }

    /// `x`: names cells as the board labels them (`d4`) or as the assignment does (`3,3`).
    fn toggle_names(&mut self) {
        self.names = self.names.other();
        self.message = match self.names {
            CellNames::Board => "Cells named as the board labels them (d4)".into(),
            CellNames::Xy => {
                "Cells named x,y from 0, as the assignment's code and files do (3,3)".into()
            }
        };
    }

    /// Draws in colours for a light background (`true`) or a dark one.
    pub fn set_light_background(&mut self, light: bool) {
        self.colours = if light { Colours::LIGHT } else { Colours::DARK };
    }

    /// Names cells as `names` says (the terminal's `--coords`).
    pub fn set_names(&mut self, names: CellNames) {
        self.names = names;
    }

    fn toggle_ascii(&mut self) {
        let unicode = self.glyphs != Glyphs::UNICODE;
        self.set_look(unicode, self.colour);
        self.message = if unicode {
            "Unicode pegs and holes"
        } else {
            "ASCII pegs and holes"
        }
        .into();
    }

    /// Says so when the game is won or stuck.
    pub(super) fn report_end(&mut self) {
        let position = self.session.position();
        if position.is_won(self.puzzle().goal) || position.is_stuck() {
            self.message = self.end_state_text();
        }
    }

    /// "Solved!", "Stuck with n pegs: ...", or "Playing".
    pub(super) fn end_state_text(&self) -> String {
        let position = self.session.position();
        if position.is_won(self.puzzle().goal) {
            "Solved! One peg left.".into()
        } else if position.is_stuck() {
            format!(
                "Stuck with {} pegs: undo (u) or restart (r)",
                position.peg_count()
            )
        } else {
            "Playing".into()
        }
    }

    fn welcome(&self) -> String {
        format!(
            "{}: arrows move, Enter picks up a peg, an arrow jumps it",
            pegsol_layout::text::shown_name(&self.puzzle().name)
        )
    }
}

/// The goal in words, as the window's status line says it.
pub fn goal_text(goal: Goal, names: CellNames) -> String {
    match goal {
        Goal::Anywhere => "Goal: one peg left, anywhere".to_string(),
        Goal::At(cell) => format!("Goal: one peg left, on {}", names.cell(cell)),
    }
}
