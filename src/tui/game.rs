//! The terminal game's state machine: what each key does to the game, with no terminal in
//! sight, so tests drive it key by key.
//!
//! Owns the game on the board (puzzle, record, where it came from), the cursor and the
//! selected peg, the message line, the background advisor ("still winnable?" and hints), the
//! solve prompt and the search in flight, and the replay clock. [`TuiGame::handle`] takes one
//! key and returns an [`Effect`]; [`TuiGame::tick`] takes in background answers and steps an
//! animated replay. Solving and replaying are in [`super::solution`], drawing in
//! [`super::draw`].

use super::draw::Glyphs;
use super::solve::{SolvePlan, Solving};
use crate::layout::Puzzle;
use crate::record::resume::{Resume, Source};
use crate::record::Record;
use crate::rules::{cell_name, Cell, Goal, Grid, Jump, Position};
use crate::solver::services::advisor::{Advisor, DEFAULT_EFFORT};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::{Duration, Instant};

/// What the event loop should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Keep going (the screen is redrawn).
    Continue,
    /// Leave the game.
    Quit,
}

/// The time between two jumps of an animated replay.
pub const REPLAY_STEP: Duration = Duration::from_millis(600);

/// The terminal game.
pub struct TuiGame {
    pub(super) puzzle: Puzzle,
    pub(super) record: Record,
    pub(super) source: Source,
    /// The first line: which front end this is and why.
    pub(super) title: String,
    pub(super) cursor: Cell,
    pub(super) selected: Option<Cell>,
    /// The message line: the last thing that happened or why a key did nothing.
    pub(super) message: String,
    pub(super) advisor: Advisor,
    /// The hint on show: the position it is for and the jump.
    pub(super) hint: Option<(Position, Jump)>,
    /// `h` was pressed while the advisor was still working: show the hint once decided.
    pub(super) hint_wanted: bool,
    /// The solve prompt, while it is open.
    pub(super) prompt: Option<SolvePlan>,
    /// The last plan used, offered again next time.
    pub(super) plan: SolvePlan,
    pub(super) solving: Option<Solving>,
    /// When the animated replay takes its next step (`None`: not playing).
    pub(super) next_step: Option<Instant>,
    /// Pegs and holes drawn with Unicode or ASCII.
    pub(super) glyphs: Glyphs,
    /// Whether to use colours.
    pub(super) colour: bool,
}

impl TuiGame {
    /// A game of `puzzle` at `record`'s position. `title` is the first line of the screen.
    pub fn new(puzzle: Puzzle, record: Record, source: Source, title: String) -> TuiGame {
        let shape = puzzle.shape().clone();
        let cursor = shape
            .center()
            .or_else(|| shape.cells().iter().next())
            .unwrap_or(Cell { x: 0, y: 0 });
        let mut game = TuiGame {
            puzzle,
            record,
            source,
            title,
            cursor,
            selected: None,
            message: String::new(),
            advisor: Advisor::new(DEFAULT_EFFORT, || {}),
            hint: None,
            hint_wanted: false,
            prompt: None,
            plan: SolvePlan::default(),
            solving: None,
            next_step: None,
            glyphs: Glyphs::UNICODE,
            colour: true,
        };
        game.message = game.welcome();
        game.position_changed();
        game
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

    /// The record (for tests and the event loop's saving).
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
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
        self.next_step.is_some()
    }

    /// Whether a search is running.
    pub fn is_solving(&self) -> bool {
        self.solving.is_some()
    }

    /// The game in progress as the shared file holds it.
    pub fn resume(&self) -> Resume {
        Resume::of(&self.puzzle, &self.record, self.source.clone())
    }

    /// Puts `text` on the message line (for news from the event loop, such as a failed save).
    pub fn tell(&mut self, text: String) {
        self.message = text;
    }

    /// Loads `line` as the continuation of the position on the board and starts playing it,
    /// one jump every [`REPLAY_STEP`] from `now` (the assignment's `play_solution`).
    pub fn watch(&mut self, line: &[Jump], now: Instant) -> Result<(), String> {
        self.record
            .load_line(line)
            .map_err(|(i, e)| format!("jump {} of the solution: {}", i + 1, e.in_words()))?;
        self.next_step = Some(now + REPLAY_STEP);
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
        if self.prompt.is_some() {
            self.prompt_key(key.code);
            return Effect::Continue;
        }
        match key.code {
            KeyCode::Char('q' | 'Q') if !ctrl => return Effect::Quit,
            KeyCode::Left => self.arrow((-1, 0), None),
            KeyCode::Right => self.arrow((1, 0), None),
            KeyCode::Up | KeyCode::Down => {
                let up = key.code == KeyCode::Up;
                let steps = arrow_steps(self.puzzle.shape().grid(), up, shift);
                self.arrow(steps[0], steps.get(1).copied());
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.pick_up_or_put_down(),
            KeyCode::Esc => self.deselect_or_stop(),
            // The assignment's `u`, and the desktop's Ctrl+Z; redo is `y`, Ctrl+Y or Ctrl+R.
            KeyCode::Char('u' | 'U') => self.undo(),
            KeyCode::Char('z' | 'Z') if ctrl => self.undo(),
            KeyCode::Char('y' | 'Y') => self.redo(),
            KeyCode::Char('r' | 'R') if ctrl => self.redo(),
            KeyCode::Char('r' | 'R') => self.restart(),
            KeyCode::Char('h' | 'H') => self.ask_hint(),
            KeyCode::Char('x' | 'X') => self.stop_thinking(),
            KeyCode::Char('e' | 'E') => self.next_effort(),
            KeyCode::Char('s' | 'S') => self.open_solve_prompt(),
            KeyCode::Char('c' | 'C') => self.cancel_solve(),
            KeyCode::Char(']') => self.step_replay(true),
            KeyCode::Char('[') => self.step_replay(false),
            KeyCode::Char('p' | 'P') => self.toggle_replay(Instant::now()),
            KeyCode::Home => self.goto(0),
            KeyCode::End => self.goto(usize::MAX),
            KeyCode::Char('a' | 'A') => self.toggle_ascii(),
            _ => {}
        }
        Effect::Continue
    }

    /// Takes in background answers (hints, the solve) and steps an animated replay that is
    /// due at `now`. Call a few times a second; returns whether anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = self.hint_tick();
        if let Some(solving) = &mut self.solving {
            if let Some(finished) = solving.take_finished() {
                let from = solving.from.clone();
                self.solving = None;
                self.solve_finished(finished, &from);
                changed = true;
            }
        }
        if let Some(due) = self.next_step {
            if now >= due {
                if self.record.index() < self.record.jumps().len() {
                    self.record.goto(self.record.index() + 1);
                    self.after_replay_step();
                }
                if self.record.index() >= self.record.jumps().len() {
                    self.next_step = None;
                    self.message = format!("{} (end of the line)", self.end_state_text());
                } else {
                    self.next_step = Some(now + REPLAY_STEP);
                }
                changed = true;
            }
        }
        changed
    }

    /// Up to two grid steps an arrow stands for (see [`arrow_steps`]): without a selection it
    /// moves the cursor to the nearest hole that way, with one it jumps the selected peg.
    fn arrow(&mut self, first: (i32, i32), second: Option<(i32, i32)>) {
        self.next_step = None;
        let steps: Vec<(i32, i32)> = std::iter::once(first).chain(second).collect();
        match self.selected {
            Some(from) => match keyboard_jump(self.record.position(), from, &steps) {
                Ok(jump) => self.play(jump),
                Err(why) => self.message = why,
            },
            None => {
                let shape = self.puzzle.shape().clone();
                let next = steps.iter().find_map(|&(dx, dy)| {
                    let mut cell = self.cursor;
                    loop {
                        cell = cell.offset(dx, dy)?;
                        if shape.contains(cell) {
                            return Some(cell);
                        }
                    }
                });
                if let Some(next) = next {
                    self.cursor = next;
                }
            }
        }
    }

    /// Enter or Space: select or deselect the peg under the cursor.
    fn pick_up_or_put_down(&mut self) {
        self.next_step = None;
        let cell = self.cursor;
        let position = self.record.position();
        if position.pegs().contains(cell) {
            if self.selected == Some(cell) {
                self.selected = None;
                self.message = format!("{} put down", cell_name(cell));
            } else if position.legal_jumps_from(cell).is_empty() {
                self.selected = Some(cell);
                self.message = format!("The peg at {} has no jump from here", cell_name(cell));
            } else {
                self.selected = Some(cell);
                self.message = format!(
                    "{} picked up: an arrow jumps it, Enter puts it down",
                    cell_name(cell)
                );
            }
            return;
        }
        // With a peg picked up the arrows jump it, so the cursor is never on a hole then.
        self.message = format!(
            "{} is an empty hole: pick a peg to jump with first",
            cell_name(cell)
        );
    }

    /// Escape: close the selection, else stop the replay, else stop the search.
    fn deselect_or_stop(&mut self) {
        if self.selected.take().is_some() {
            self.message = "Put down".into();
        } else if self.next_step.take().is_some() {
            self.message = "Replay paused".into();
        } else {
            self.cancel_solve();
        }
    }

    /// Plays a legal jump: the cursor follows the peg.
    fn play(&mut self, jump: Jump) {
        if let Err(e) = self.record.play(jump) {
            self.message = e.in_words();
            return;
        }
        self.selected = None;
        self.cursor = jump.to;
        self.message = format!(
            "{} jumped over {} to {}",
            cell_name(jump.from),
            cell_name(jump.over),
            cell_name(jump.to)
        );
        self.position_changed();
        self.report_end();
    }

    fn undo(&mut self) {
        self.next_step = None;
        self.selected = None;
        self.message = if self.record.undo() {
            self.position_changed();
            "Undone".into()
        } else {
            "Nothing to undo".into()
        };
    }

    fn redo(&mut self) {
        self.next_step = None;
        self.selected = None;
        self.message = if self.record.redo() {
            self.position_changed();
            "Redone".into()
        } else {
            "Nothing to redo".into()
        };
        self.report_end();
    }

    fn restart(&mut self) {
        self.next_step = None;
        self.selected = None;
        self.message = if self.record.restart() {
            self.position_changed();
            "Restarted (u brings the game back)".into()
        } else {
            "Already at the start".into()
        };
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

    /// After any change of position: ask the advisor about the new one.
    pub(super) fn position_changed(&mut self) {
        self.advisor.ask(self.record.position(), self.puzzle.goal);
    }

    /// Says so when the game is won or stuck.
    pub(super) fn report_end(&mut self) {
        let position = self.record.position();
        if position.is_won(self.puzzle.goal) || position.is_stuck() {
            self.message = self.end_state_text();
        }
    }

    /// "Solved!", "Stuck with n pegs: ...", or "Playing".
    pub(super) fn end_state_text(&self) -> String {
        let position = self.record.position();
        if position.is_won(self.puzzle.goal) {
            "Solved! One peg left".into()
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
            self.puzzle.name
        )
    }
}

/// The grid steps Up or Down stands for, preferred first: straight up or down on the square
/// grid; on the triangular grid the left-hand diagonal then the right-hand one (Shift: the
/// right-hand one first), as in the window.
fn arrow_steps(grid: Grid, up: bool, shift: bool) -> Vec<(i32, i32)> {
    let (left_hand, right_hand) = match (grid, up) {
        (Grid::Square, true) => return vec![(0, -1)],
        (Grid::Square, false) => return vec![(0, 1)],
        // Up-left (-1,-1) and up-right (0,-1); down-left (0,1) and down-right (1,1).
        (Grid::Triangular, true) => ((-1, -1), (0, -1)),
        (Grid::Triangular, false) => ((0, 1), (1, 1)),
    };
    if shift {
        vec![right_hand, left_hand]
    } else {
        vec![left_hand, right_hand]
    }
}

/// The jump an arrow asks for from `from`, or why there is none, in words.
fn keyboard_jump(position: &Position, from: Cell, steps: &[(i32, i32)]) -> Result<Jump, String> {
    position
        .jump_toward(from, steps)
        .map_err(|refusal| refusal.to_string())
}

/// The goal in words, as the window's status line says it.
pub fn goal_text(goal: Goal) -> String {
    match goal {
        Goal::Anywhere => "Goal: one peg left, anywhere".to_string(),
        Goal::At(cell) => format!("Goal: one peg left, on {}", cell_name(cell)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::resume;

    fn start(spec: &str) -> Position {
        resume::open(spec).expect("catalogue board").0.start
    }

    #[test]
    fn up_and_down_stand_for_both_diagonals_on_the_triangle_shift_first_the_right_hand_one() {
        assert_eq!(arrow_steps(Grid::Square, true, true), vec![(0, -1)]);
        assert_eq!(
            arrow_steps(Grid::Triangular, true, false),
            vec![(-1, -1), (0, -1)]
        );
        assert_eq!(
            arrow_steps(Grid::Triangular, true, true),
            vec![(0, -1), (-1, -1)]
        );
        assert_eq!(
            arrow_steps(Grid::Triangular, false, false),
            vec![(0, 1), (1, 1)]
        );
        assert_eq!(
            arrow_steps(Grid::Triangular, false, true),
            vec![(1, 1), (0, 1)]
        );
    }

    #[test]
    fn an_arrow_jump_takes_the_first_legal_direction_or_names_what_is_wrong() {
        let triangle = start("triangle");
        let from = Cell { x: 2, y: 2 };
        // Up-right from (2,2) leaves the board; up-left into the empty apex is legal, so
        // Shift+Up (up-right first) still jumps up-left.
        let steps = arrow_steps(Grid::Triangular, true, true);
        assert_eq!(
            keyboard_jump(&triangle, from, &steps),
            Ok("2,2-0,0".parse().expect("jump"))
        );
        let english = start("english");
        let d2 = Cell { x: 3, y: 1 };
        assert_eq!(
            keyboard_jump(&english, d2, &[(-1, 0)]),
            Err("d2 cannot jump that way: b2 is not on the board".into())
        );
        assert_eq!(
            keyboard_jump(&english, Cell { x: 0, y: 2 }, &[(-1, 0)]),
            Err("a3 cannot jump that way: it is the edge of the board".into())
        );
        assert_eq!(
            keyboard_jump(&english, Cell { x: 3, y: 4 }, &[(0, 1)]),
            Err("d5 cannot jump that way: the hole at d7 is not empty".into())
        );
    }
}
