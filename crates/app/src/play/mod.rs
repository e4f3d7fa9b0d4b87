//! The play view: a board in play, with its board widget, replay timeline, hints and solver
//! panel.
//!
//! Owns the board widget's state, the solver panel's form and its solve session, and the game
//! store; the game and every rule about it (history, hints, the replay's pace, the clock) are
//! the play session's ([`PlaySession`], shared with the terminal game), which this view draws
//! and sends commands. Its widgets return [`PlayCommand`]s and [`PlayView::apply`] is the one
//! place its state changes; what concerns the rest of the window (a notice, a file to remember, editing the
//! position) it hands back as [`ShellCommand`]s. It needs no shell to run: a test makes one
//! with [`PlayView::new`] and applies commands to it.

mod access;
mod apply;
mod banner;
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

use crate::command::ShellCommand;
use board::BoardView;
pub use command::{FileCommand, PlayCommand, SolverCommand, TimelineCommand};
use command::{SolveFrom, SolveRequest};
use eframe::egui;
use pegsol_record::{Game, GameStore, PlaySession};
use pegsol_rules::Jump;
use pegsol_solver::services::advisor::Verdict;
use session::SolveSession;
use solve::SolverPanel;

/// The play view (see the module docs).
pub struct PlayView {
    /// The game in play and every rule about it.
    session: PlaySession,
    /// Every other game played, by board: opening a board again takes its game up where it
    /// was left (the one mid-end the terminal game and the command line use too).
    store: GameStore,
    board: BoardView,
    /// The solver panel's form.
    solver_panel: SolverPanel,
    /// The search in flight and the last result.
    solve: SolveSession,
    /// Whether the session's advisor wakes the window yet (set on the first frame, which has
    /// the context).
    woken: bool,
    /// Whether the next board click picks the finish cell.
    picking_finish: bool,
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
            session: PlaySession::new(game),
            store,
            board: BoardView::default(),
            solver_panel: SolverPanel::default(),
            solve: SolveSession::default(),
            woken: false,
            picking_finish: false,
            replay_keys: false,
            deep: deep::Deep::default(),
        }
    }

    /// The play session: the game and every rule about it.
    pub fn session(&self) -> &PlaySession {
        &self.session
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        self.session.game()
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

    /// The timeline's replay clock (the session's).
    pub fn playback(&self) -> pegsol_record::session::Replay {
        self.session.replay()
    }

    /// What the advisor knows about the position on the board, if it was asked.
    pub fn verdict(&self) -> Option<Verdict> {
        let game = self.session.game();
        self.session
            .advisor()
            .verdict(game.record.position(), game.puzzle.goal)
    }

    /// The hint on show, if it is for the position on the board.
    pub fn hint(&self) -> Option<Jump> {
        self.session.hint()
    }

    /// Runs a search to its end on this thread (the `--solve` screenshot).
    pub fn solve_blocking(&mut self, request: SolveRequest) {
        let game = self.session.game();
        let start = match request.from {
            SolveFrom::Start => game.puzzle.start.clone(),
            SolveFrom::Here => game.record.position().clone(),
        };
        let goal = game.puzzle.goal;
        self.solve.run_blocking(request, start, goal);
    }

    /// Holds the last jump played `fraction` of the way through its slide (the screenshot
    /// run's `--mid-jump`); nothing when no jump has been played.
    pub fn hold_last_jump(&mut self, fraction: f32) {
        if let Some(&jump) = self.session.game().record.played().last() {
            self.board.hold_jump(jump, fraction);
        }
    }

    /// Stops every background search (the window is closing).
    pub fn stop(&mut self) {
        self.solve.clear();
        self.session.advisor_mut().stop_thinking();
    }

    /// Starts a search as the solver panel asked.
    fn start_solve(&mut self, ctx: &egui::Context, request: SolveRequest) -> Vec<ShellCommand> {
        let game = self.session.game();
        let start = match request.from {
            SolveFrom::Start => game.puzzle.start.clone(),
            SolveFrom::Here => game.record.position().clone(),
        };
        if request.engine == pegsol_solver::Engine::Classic {
            let budget = request.budget.unwrap_or(solve::DEFAULT_BUDGET);
            if let Err(e) = pegsol_solver::Budget(budget).check_memory(&start) {
                return vec![ShellCommand::Warn(format!("Not started: {e}"))];
            }
        }
        let wake = ctx.clone();
        let goal = game.puzzle.goal;
        self.solve.start(request, start, goal, move || {
            wake.request_repaint();
        });
        Vec::new()
    }

    /// Whether a hint was asked for and waits for the advisor's first answer (while it
    /// thinks on, its guess is on show already).
    pub fn hint_pending(&self) -> bool {
        self.session.hint_pending()
    }

    /// The window's clock now, in the session's seconds.
    fn now(ctx: &egui::Context) -> f64 {
        ctx.input(|i| i.time)
    }

    /// Once a frame, whichever view is shown: take in finished searches, the advisor's news
    /// and a hint that was waiting for it, the replay's next jump, and whether the window has
    /// the focus (the clock runs only then).
    pub fn logic(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        let now = Self::now(ctx);
        self.solve.poll();
        if !self.woken {
            let wake = ctx.clone();
            self.session.set_wake(move || wake.request_repaint());
            self.woken = true;
        }
        let focused = ctx.input(|i| i.focused);
        self.session.set_focus(focused, now);
        let ticked = self.session.tick(now);
        let mut out = Vec::new();
        if let Some(failed) = self.deep.poll() {
            out.push(ShellCommand::Warn(failed));
        }
        if let Some(advice) = ticked.hint {
            out.extend(self.tell_hint(advice));
        }
        if let Some(jump) = ticked.stepped {
            self.board.jumped(jump, now);
        }
        if let Some(wait) = self.session.replay_wait(now) {
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
        self.board = BoardView::default();
        self.solve.clear();
        self.deep.cancel();
        self.picking_finish = false;
        self.replay_keys = false;
    }
}
