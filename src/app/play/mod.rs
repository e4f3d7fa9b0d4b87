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
pub mod board;
mod chain;
pub mod command;
pub mod fewest;
pub mod hints;
mod keys;
pub mod moves;
mod report;
mod session;
mod shelf;
pub mod solve;
mod status;
pub mod thinking;
pub mod timeline;
mod ui;

use crate::app::command::{apply_each, ShellCommand};
use crate::app::command::{DialogKind, FileRequest};
use crate::record::{Game, GameStore};
use crate::rules::{Goal, Jump, Position};
use crate::solver::services::advisor::{Advisor, Verdict, DEFAULT_EFFORT};
use board::BoardView;
pub use command::PlayCommand;
use command::{Objective, SolveFrom, SolveRequest};
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

    /// Runs the solver panel's search (for its objective) to its end on this thread (the
    /// `--solve` screenshot).
    pub fn solve_blocking(&mut self, request: SolveRequest) {
        let start = match request.from {
            SolveFrom::Start => self.game.puzzle.start.clone(),
            SolveFrom::Here => self.game.record.position().clone(),
        };
        let objective = self.solver_panel.objective();
        self.solve
            .run_blocking(request, objective, start, self.game.puzzle.goal);
    }

    /// Stops every background search (the window is closing).
    pub fn stop(&mut self) {
        self.solve.clear();
        self.advisor = None;
    }

    /// Carries out a list of commands (see [`apply_each`]).
    fn apply_all(&mut self, ctx: &egui::Context, commands: Vec<PlayCommand>) -> Vec<ShellCommand> {
        apply_each(ctx, commands, |c| self.apply(ctx, c))
    }

    /// Carries out one command: the only place the view's state changes. Returns what the
    /// rest of the window must do.
    pub fn apply(&mut self, ctx: &egui::Context, command: PlayCommand) -> Vec<ShellCommand> {
        let now = ctx.input(|i| i.time);
        let mut out = Vec::new();
        let tell =
            |out: &mut Vec<ShellCommand>, text: &str| out.push(ShellCommand::Tell(text.into()));
        let warn =
            |out: &mut Vec<ShellCommand>, text: &str| out.push(ShellCommand::Warn(text.into()));
        if matches!(
            command,
            PlayCommand::Play(_)
                | PlayCommand::Undo
                | PlayCommand::Redo
                | PlayCommand::Restart
                | PlayCommand::StepBack
        ) {
            self.playback.pause();
        }
        match command {
            PlayCommand::Play(jump) => match self.game.record.play(jump) {
                Ok(()) => {
                    // Drawn only if the window animates jumps (the board widget asks).
                    self.board.jumped(jump, now);
                    out.push(ShellCommand::ClearNotice);
                    out.push(ShellCommand::PlayerJumped);
                    // The person took over: arrows are the board's again.
                    self.replay_keys = false;
                }
                Err(e) => out.push(ShellCommand::Warn(e.in_words())),
            },
            PlayCommand::Undo if !self.game.record.can_undo() && self.game.replaced.is_some() => {
                // At the start of a random puzzle: back to the game it was opened over.
                let back = self.game.replaced.clone();
                let said = back.and_then(|key| self.store.open_key(&mut self.game, &key));
                self.reset_for_new_game();
                out.push(match said {
                    Some(said) => ShellCommand::Tell(said),
                    None => ShellCommand::Warn("Nothing to undo".into()),
                });
            }
            step @ (PlayCommand::Undo | PlayCommand::Redo) => {
                let undo = matches!(step, PlayCommand::Undo);
                let record = &mut self.game.record;
                if if undo { record.undo() } else { record.redo() } {
                    self.board.position_changed();
                    out.push(ShellCommand::ClearNotice);
                } else {
                    warn(
                        &mut out,
                        if undo {
                            "Nothing to undo"
                        } else {
                            "Nothing to redo"
                        },
                    );
                }
            }
            restart @ (PlayCommand::Restart | PlayCommand::NewGame) => {
                let new_game = matches!(restart, PlayCommand::NewGame);
                if self.game.record.restart() {
                    self.board.position_changed();
                    tell(
                        &mut out,
                        if new_game {
                            "New game: undo (U) brings the last one back"
                        } else {
                            "Restarted: undo (U) brings the game back"
                        },
                    );
                } else {
                    warn(&mut out, "Already at the start");
                }
            }
            PlayCommand::Open(game) => {
                let said = self.store.open(&mut self.game, *game);
                out.extend(self.opened(said));
            }
            PlayCommand::OpenNew(game) => {
                let said = self.store.open_new(&mut self.game, *game);
                out.extend(self.opened(said));
            }
            PlayCommand::SwitchTo(id) => {
                if self.store.switch(&mut self.game, id) {
                    let said = format!("Switched to {}", self.game.in_words());
                    out.extend(self.opened(Some(said)));
                }
            }
            PlayCommand::OpenCatalogue(key) => match Game::from_catalogue(&key) {
                Ok(game) => return self.apply(ctx, PlayCommand::Open(Box::new(game))),
                Err(e) => out.push(ShellCommand::Warn(e.to_string())),
            },
            PlayCommand::OpenFile(path) => out.extend(self.open_file(path)),
            PlayCommand::SaveGame(path) => match self.game.save_to(&path) {
                Ok(()) => {
                    out.push(ShellCommand::Tell(format!(
                        "Game saved to {}",
                        path.display()
                    )));
                    out.push(ShellCommand::Remember(path));
                }
                Err(e) => out.push(ShellCommand::Warn(format!("Not saved: {e}"))),
            },
            PlayCommand::ChooseFileToOpen => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Open, "Open a board or a saved game", |path| {
                    ShellCommand::Play(PlayCommand::OpenFile(path))
                })
                .filter("Boards and games", &["pegsol", "ron", "txt", "h"])
                .filter("All files", &["*"]),
            )),
            PlayCommand::ChooseFileToSave => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Save, "Save the game", |path| {
                    ShellCommand::Play(PlayCommand::SaveGame(path))
                })
                .filter("Pegsol games", &["pegsol", "ron"])
                .file_name("game.pegsol"),
            )),
            PlayCommand::Warn(text) => out.push(ShellCommand::Warn(text)),
            PlayCommand::SolveFrom(from) => {
                let command = match self.solver_panel.request(from) {
                    Ok(request) => PlayCommand::Solve(request),
                    Err(e) => PlayCommand::Warn(format!("Budget: {e}")),
                };
                return self.apply(ctx, command);
            }
            PlayCommand::Solve(request) => out.extend(self.start_solve(ctx, request)),
            PlayCommand::CancelSolve => self.solve.cancel(),
            PlayCommand::LoadSolution => {
                out.extend(self.load_solution());
                let record = &self.game.record;
                if let Some(report) = self.solve.report() {
                    if record.position() == &report.start {
                        let line = report.outcome.jumps.clone();
                        self.solver_line = Some((record.index(), line));
                    }
                }
            }
            PlayCommand::CopyStats => {
                if let Some(report) = self.solve.report() {
                    ctx.copy_text(solve::stats_text(report));
                    tell(&mut out, "Stats copied to the clipboard");
                }
            }
            PlayCommand::ChooseStatsFile => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Save, "Save the solver's stats", |path| {
                    ShellCommand::Play(PlayCommand::SaveStats(path))
                })
                .filter("Text", &["txt"])
                .file_name("output.txt"),
            )),
            PlayCommand::SaveStats(path) => {
                let Some(report) = self.solve.report() else {
                    warn(&mut out, "No result to save yet: solve first");
                    return out;
                };
                let written = crate::layout::files::write_atomic(&path, solve::stats_text(report));
                out.push(match written {
                    Ok(()) => ShellCommand::Tell(format!("Stats saved to {}", path.display())),
                    Err(e) => ShellCommand::Warn(format!("Not saved: {}: {e}", path.display())),
                });
            }
            PlayCommand::SetAlgorithm(algorithm) => self.solver_panel.set_algorithm(algorithm),
            PlayCommand::SetNoLimit(on) => self.solver_panel.set_no_limit(on),
            PlayCommand::SetBudgetText(text) => self.solver_panel.set_budget_text(text),
            PlayCommand::SetObjective(o) => self.solver_panel.set_objective(o),
            PlayCommand::SetGoal(goal) => {
                self.picking_finish = false;
                let shape = self.game.puzzle.start.shape().clone();
                match goal {
                    Goal::At(cell) if !shape.contains(cell) => {
                        warn(&mut out, "The finish must be a hole of the board");
                    }
                    _ => {
                        self.game.puzzle.goal = goal;
                        self.hint = None;
                    }
                }
            }
            PlayCommand::PickFinish(on) => {
                self.picking_finish = on;
                if on {
                    tell(&mut out, "Click the hole where the last peg should finish");
                }
            }
            PlayCommand::Goto(index) => {
                self.playback.pause();
                self.game.record.goto(index);
                self.board.position_changed();
                self.replay_keys = true;
            }
            PlayCommand::StepBack => {
                let index = self.game.record.index();
                if index > 0 {
                    self.game.record.goto(index - 1);
                    self.board.position_changed();
                }
                self.replay_keys = true;
            }
            PlayCommand::StepForward => {
                self.step_forward(now);
                self.replay_keys = true;
            }
            PlayCommand::MoveBack => self.step_move(false, now),
            PlayCommand::MoveForward => self.step_move(true, now),
            PlayCommand::TogglePlay => {
                if self.playback.playing {
                    self.playback.pause();
                } else {
                    let record = &mut self.game.record;
                    if record.index() >= record.jumps().len() {
                        // At the end, play means "play it again from the start".
                        record.goto(0);
                        self.board.position_changed();
                    }
                    if record.index() < record.jumps().len() {
                        self.playback.play(now);
                    }
                }
                self.replay_keys = true;
            }
            PlayCommand::SetSpeed(i) => {
                if let Some(&speed) = SPEEDS.get(i) {
                    self.playback.speed = speed;
                }
            }
            PlayCommand::HandBackKeys => self.replay_keys = false,
            PlayCommand::Hint => out.extend(self.show_hint()),
            PlayCommand::StopThinking => out.extend(self.stop_thinking()),
            PlayCommand::ColourJumps(on) => {
                self.advice_settings.colour_jumps = on;
                if let Some(advisor) = &mut self.advisor {
                    advisor.set_colour_jumps(on);
                }
            }
            PlayCommand::SetHintEffort(effort) => {
                self.advice_settings.effort = effort;
                if let Some(advisor) = &mut self.advisor {
                    advisor.set_effort(effort);
                }
            }
        }
        out
    }

    /// Starts a search as the solver panel asked.
    fn start_solve(&mut self, ctx: &egui::Context, request: SolveRequest) -> Vec<ShellCommand> {
        let start = match request.from {
            SolveFrom::Start => self.game.puzzle.start.clone(),
            SolveFrom::Here => self.game.record.position().clone(),
        };
        let objective = self.solver_panel.objective();
        if request.algorithm == crate::solver::Algorithm::Classic
            && objective == Objective::FewestPegs
        {
            let budget = request.budget.unwrap_or(solve::DEFAULT_BUDGET);
            if let Err(e) = crate::solver::Budget(budget).check_memory(&start) {
                return vec![ShellCommand::Warn(format!("Not started: {e}"))];
            }
        }
        let wake = ctx.clone();
        let goal = self.game.puzzle.goal;
        self.solve.start(request, objective, start, goal, move || {
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
        self.hint = None;
        self.hint_wanted = false;
        self.picking_finish = false;
        self.playback.pause();
        self.replay_keys = false;
    }
}
