//! The play view: a board in play, with its board widget, replay timeline, hints and solver
//! panel.
//!
//! Owns the game, the board widget's state, the timeline's playback clock, the solver panel's
//! form and its solve session, the background "still winnable?" advisor and the hint on show.
//! Its widgets return [`PlayCommand`]s and [`PlayView::apply`] is the one place its state
//! changes; what concerns the rest of the window (a notice, a file to remember, editing the
//! position) it hands back as [`ShellCommand`]s. It needs no shell to run: a test makes one
//! with [`PlayView::new`] and applies commands to it.

mod access;
mod apply;
pub mod board;
mod chain;
pub mod command;
pub mod deep;
pub mod fewest;
pub mod hints;
mod keys;
pub mod moves;
mod report;
mod saved_form;
mod session;
mod shelf;
pub mod solve;
mod status;
pub mod thinking;
pub mod timeline;
mod ui;

use crate::app::command::ShellCommand;
use crate::record::{Game, GameStore};
use crate::rules::{Jump, Position};
use crate::solver::services::advisor::{Advisor, Verdict, DEFAULT_EFFORT};
use board::BoardView;
pub use command::{FileCommand, PlayCommand, SolverCommand, TimelineCommand};
use command::{SolveFrom, SolveRequest};
use eframe::egui;
use session::SolveSession;
use solve::SolverPanel;
use timeline::{Playback, SPEEDS};

/// What the View menu asks of the advisor.
#[derive(Clone, Copy, Debug)]
struct AdviceSettings {
    /// Judge every legal jump (View > Show winning jumps).
    colour_jumps: bool,
    /// Positions a hint may examine, thinking on, before it says "unknown".
    effort: u64,
}

impl Default for AdviceSettings {
    fn default() -> AdviceSettings {
        AdviceSettings {
            colour_jumps: false,
            effort: DEFAULT_EFFORT,
        }
    }
}

/// The play view (see the module docs).
pub struct PlayView {
    game: Game,
    /// Every other game played, by board: opening a board again takes its game up where it
    /// was left (the one mid-end the terminal game and the command line use too).
    store: GameStore,
    /// The solver's line as loaded on the timeline (where it starts, and its jumps): a win
    /// along it is the solver's, not the player's, and is not praised.
    solver_line: Option<(usize, Vec<Jump>)>,
    board: BoardView,
    /// The solver panel's form.
    solver_panel: SolverPanel,
    /// The search in flight and the last result.
    solve: SolveSession,
    /// The background "still winnable?" and hint solver, made on the first frame (it needs
    /// the context to wake the window).
    advisor: Option<Advisor>,
    /// What the View menu asks of the advisor (kept here, as the advisor is made on the
    /// first frame): judge every legal jump, and how hard to think on a hint.
    advice_settings: AdviceSettings,
    /// The hint on show: the position it is for and the jump.
    hint: Option<(Position, Jump)>,
    /// A hint was asked for while the advisor was still checking: show it when it arrives.
    hint_wanted: bool,
    /// The lost position whose proof the person asked for (its pagoda weights are drawn).
    why: Option<Position>,
    /// Whether the next board click picks the finish cell.
    picking_finish: bool,
    /// The timeline's playback clock.
    playback: Playback,
    /// Whether Left/Right, Space, Home and End drive the timeline rather than the board's
    /// cursor: after a solution is loaded or the timeline is used, until a jump is played.
    replay_keys: bool,
    /// "Think it through": the exhaustive decision asked for, and its last answer.
    deep: deep::Deep,
}

impl PlayView {
    /// A view playing `game`, with the solver panel's default form and the other games kept
    /// in memory only.
    pub fn new(game: Game) -> PlayView {
        PlayView::with_store(game, GameStore::in_memory())
    }

    /// A view playing `game` (taken from `store`), keeping the other games in `store`.
    pub fn with_store(game: Game, store: GameStore) -> PlayView {
        PlayView {
            game,
            store,
            solver_line: None,
            board: BoardView::default(),
            solver_panel: SolverPanel::default(),
            solve: SolveSession::default(),
            advisor: None,
            advice_settings: AdviceSettings::default(),
            hint: None,
            hint_wanted: false,
            why: None,
            picking_finish: false,
            playback: Playback::default(),
            replay_keys: false,
            deep: deep::Deep::default(),
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board widget's state (selection and cursor).
    pub fn board(&self) -> &BoardView {
        &self.board
    }

    /// The search in flight and the last result.
    pub fn solve_session(&self) -> &SolveSession {
        &self.solve
    }

    /// The solver panel's form.
    pub fn solver_panel(&self) -> &SolverPanel {
        &self.solver_panel
    }

    /// The solver panel's form, to restore a remembered one.
    pub fn set_solver_panel(&mut self, panel: SolverPanel) {
        self.solver_panel = panel;
    }

    /// The timeline's playback clock.
    pub fn playback(&self) -> Playback {
        self.playback
    }

    /// What the advisor knows about the position on the board, if it was asked.
    pub fn verdict(&self) -> Option<Verdict> {
        let position = self.game.record.position();
        self.advisor
            .as_ref()
            .and_then(|a| a.verdict(position, self.game.puzzle.goal))
    }

    /// The hint on show, if it is for the position on the board.
    pub fn hint(&self) -> Option<Jump> {
        self.hint
            .as_ref()
            .filter(|(p, _)| p == self.game.record.position())
            .map(|(_, j)| *j)
    }

    /// Runs a search to its end on this thread (the `--solve` screenshot).
    pub fn solve_blocking(&mut self, request: SolveRequest) {
        let start = match request.from {
            SolveFrom::Start => self.game.puzzle.start.clone(),
            SolveFrom::Here => self.game.record.position().clone(),
        };
        self.solve
            .run_blocking(request, start, self.game.puzzle.goal);
    }

    /// Stops every background search (the window is closing).
    pub fn stop(&mut self) {
        self.solve.clear();
        self.advisor = None;
    }

    /// Starts a search as the solver panel asked.
    fn start_solve(&mut self, ctx: &egui::Context, request: SolveRequest) -> Vec<ShellCommand> {
        let start = match request.from {
            SolveFrom::Start => self.game.puzzle.start.clone(),
            SolveFrom::Here => self.game.record.position().clone(),
        };
        if request.engine == crate::solver::Engine::Classic {
            let budget = request.budget.unwrap_or(solve::DEFAULT_BUDGET);
            if let Err(e) = crate::solver::Budget(budget).check_memory(&start) {
                return vec![ShellCommand::Warn(format!("Not started: {e}"))];
            }
        }
        let wake = ctx.clone();
        let goal = self.game.puzzle.goal;
        self.solve.start(request, start, goal, move || {
            wake.request_repaint();
        });
        Vec::new()
    }

    /// One jump forward on the timeline, animated.
    fn step_forward(&mut self, now: f64) {
        let record = &mut self.game.record;
        let index = record.index();
        if index < record.jumps().len() && record.goto(index + 1) > index {
            if let Some(&jump) = record.played().last() {
                self.board.jumped(jump, now);
            }
        } else {
            self.playback.pause();
        }
    }

    /// Whether a hint was asked for and waits for the advisor's first answer (while it
    /// thinks on, its guess is on show already).
    pub fn hint_pending(&self) -> bool {
        self.hint_wanted && self.hint().is_none()
    }

    /// Once a frame, whichever view is shown: take in finished searches, keep the advisor on
    /// the current position, show a hint that was waiting for it, and advance playback.
    pub fn logic(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        let now = ctx.input(|i| i.time);
        self.solve.poll();
        let settings = self.advice_settings;
        let advisor = self.advisor.get_or_insert_with(|| {
            let wake = ctx.clone();
            let mut advisor = Advisor::new(settings.effort, move || wake.request_repaint());
            advisor.set_colour_jumps(settings.colour_jumps);
            advisor
        });
        advisor.poll();
        advisor.ask(self.game.record.position(), self.game.puzzle.goal);
        let mut out = Vec::new();
        if let Some(failed) = self.deep.poll() {
            out.push(ShellCommand::Warn(failed));
        }
        if self.hint_due() {
            out.extend(self.show_hint());
        }
        if self.playback.due(now) {
            self.step_forward(now);
        }
        if let Some(wait) = self.playback.wait(now) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
        }
        out
    }

    /// After another game was taken up: the view starts afresh on it (a search, a hint and
    /// a replay are about the old board), and `said` tells what happened.
    fn opened(&mut self, said: Option<String>) -> Vec<ShellCommand> {
        self.reset_for_new_game();
        vec![said.map_or(ShellCommand::ClearNotice, ShellCommand::Tell)]
    }

    /// Forgets everything about the game that was on the board.
    fn reset_for_new_game(&mut self) {
        self.solver_line = None;
        self.board = BoardView::default();
        self.solve.clear();
        self.deep.cancel();
        self.hint = None;
        self.hint_wanted = false;
        self.picking_finish = false;
        self.playback.pause();
        self.replay_keys = false;
    }
}
