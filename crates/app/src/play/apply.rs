//! [`PlayView::apply`]: the one place the play view's state changes. The game's own
//! commands (jumps, undo, the finish, hints) are carried out in `apply`; the timeline's, the
//! solver's and the files' each in their own method, as rerun splits its commands by concern.

use super::command::{FileCommand, PlayCommand, SolverCommand, TimelineCommand};
use super::{solve, PlayView};
use crate::command::{apply_each, DialogKind, FileRequest, ShellCommand};
use eframe::egui;
use pegsol_record::session::Undone;
use pegsol_record::Game;
use pegsol_rules::Goal;

impl PlayView {
    /// Carries out a list of commands (see [`apply_each`]).
    pub(super) fn apply_all(
        &mut self,
        ctx: &egui::Context,
        commands: Vec<PlayCommand>,
    ) -> Vec<ShellCommand> {
        apply_each(ctx, commands, |c| self.apply(ctx, c))
    }

    /// Carries out one command: the only place the view's state changes. Returns what the
    /// rest of the window must do. The game's own commands are carried out here; the
    /// timeline's, the solver's and the files' each by their own method below.
    pub fn apply(&mut self, ctx: &egui::Context, command: PlayCommand) -> Vec<ShellCommand> {
        let now = Self::now(ctx);
        let mut out = Vec::new();
        let tell =
            |out: &mut Vec<ShellCommand>, text: &str| out.push(ShellCommand::Tell(text.into()));
        let warn =
            |out: &mut Vec<ShellCommand>, text: &str| out.push(ShellCommand::Warn(text.into()));
        match command {
            PlayCommand::Timeline(command) => {
                self.apply_timeline(command, now);
                return out;
            }
            PlayCommand::Solver(command) => return self.apply_solver(ctx, command),
            PlayCommand::Files(command) => return self.apply_files(ctx, command),
            PlayCommand::Play(jump) => match self.session.play(jump, now) {
                Ok(finish) => {
                    // Drawn only if the window animates jumps (the board widget asks).
                    self.board.jumped(jump, now);
                    out.push(ShellCommand::ClearNotice);
                    out.push(ShellCommand::PlayerJumped(finish));
                    // The person took over: arrows are the board's again.
                    self.replay_keys = false;
                }
                Err(e) => out.push(ShellCommand::Warn(e.in_words())),
            },
            PlayCommand::Undo => match self.session.undo(&mut self.store, now) {
                Undone::Step => {
                    self.board.position_changed();
                    out.push(ShellCommand::ClearNotice);
                }
                Undone::BackTo(said) => {
                    self.reset_for_new_game();
                    out.push(ShellCommand::Tell(said));
                }
                Undone::Nothing => warn(&mut out, "Nothing to undo"),
            },
            PlayCommand::Redo => {
                if self.session.redo(now) {
                    self.board.position_changed();
                    out.push(ShellCommand::ClearNotice);
                } else {
                    warn(&mut out, "Nothing to redo");
                }
            }
            restart @ (PlayCommand::Restart | PlayCommand::NewGame) => {
                let new_game = matches!(restart, PlayCommand::NewGame);
                if self.session.restart(now) {
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
            PlayCommand::Warn(text) => out.push(ShellCommand::Warn(text)),
            PlayCommand::SetGoal(goal) => {
                self.picking_finish = false;
                let shape = self.session.game().puzzle.start.shape().clone();
                match goal {
                    Goal::At(cell) if !shape.contains(cell) => {
                        warn(&mut out, "The finish must be a hole of the board");
                    }
                    _ => self.session.set_goal(goal, now),
                }
            }
            PlayCommand::PickFinish(on) => {
                self.picking_finish = on;
                if on {
                    tell(&mut out, "Click the hole where the last peg should finish");
                }
            }
            PlayCommand::Hint => out.extend(self.show_hint()),
            PlayCommand::StopThinking => out.extend(self.stop_thinking()),
            PlayCommand::ThinkItThrough => {
                let wake = ctx.clone();
                let game = self.session.game();
                let (position, goal) = (game.record.position().clone(), game.puzzle.goal);
                self.deep.start(&position, goal, move || {
                    wake.request_repaint();
                });
            }
            PlayCommand::StopThinkingItThrough => {
                self.deep.cancel();
                tell(
                    &mut out,
                    "Stopped thinking it through: the position stays undecided",
                );
            }
            PlayCommand::ColourJumps(on) => self.session.advisor_mut().set_colour_jumps(on),
            PlayCommand::SetHintEffort(effort) => self.session.set_hint_effort(effort),
        }
        out
    }

    /// Opens a board or game (through the game store), or saves the game.
    fn apply_files(&mut self, ctx: &egui::Context, command: FileCommand) -> Vec<ShellCommand> {
        let now = Self::now(ctx);
        let mut out = Vec::new();
        match command {
            FileCommand::Open(game) => {
                let said = self.session.open(&mut self.store, *game, now);
                out.extend(self.opened(said));
            }
            FileCommand::OpenNew(game) => {
                let said = self.session.open_new(&mut self.store, *game, now);
                out.extend(self.opened(said));
            }
            FileCommand::SwitchTo(id) => {
                if self.session.switch(&mut self.store, id, now) {
                    let said = format!("Switched to {}", self.session.game().in_words());
                    out.extend(self.opened(Some(said)));
                }
            }
            FileCommand::OpenCatalogue(key) => match Game::from_catalogue(&key) {
                Ok(game) => {
                    return self.apply(ctx, PlayCommand::Files(FileCommand::Open(Box::new(game))))
                }
                Err(e) => out.push(ShellCommand::Warn(e.to_string())),
            },
            FileCommand::OpenFile(path) => out.extend(self.open_file(path, now)),
            FileCommand::SaveGame(path) => match self.session.game().save_to(&path) {
                Ok(()) => {
                    out.push(ShellCommand::Tell(format!(
                        "Game saved to {}",
                        path.display()
                    )));
                    out.push(ShellCommand::Remember(path));
                }
                Err(e) => out.push(ShellCommand::Warn(format!("Not saved: {e}"))),
            },
            FileCommand::ChooseFileToOpen => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Open, "Open a board or a saved game", |path| {
                    ShellCommand::Play(PlayCommand::Files(FileCommand::OpenFile(path)))
                })
                .filter("Boards and games", &["pegsol", "ron", "txt", "h"])
                .filter("All files", &["*"]),
            )),
            FileCommand::ChooseFileToSave => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Save, "Save the game", |path| {
                    ShellCommand::Play(PlayCommand::Files(FileCommand::SaveGame(path)))
                })
                .filter("Pegsol games", &["pegsol", "ron"])
                .file_name_from(&self.game().puzzle.name, "pegsol"),
            )),
        }
        out
    }

    /// The solver panel's form, its search and what it found.
    fn apply_solver(&mut self, ctx: &egui::Context, command: SolverCommand) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        let tell =
            |out: &mut Vec<ShellCommand>, text: &str| out.push(ShellCommand::Tell(text.into()));
        let warn =
            |out: &mut Vec<ShellCommand>, text: &str| out.push(ShellCommand::Warn(text.into()));
        match command {
            SolverCommand::SolveFrom(from) => {
                let command = match self.solver_panel.request(from) {
                    Ok(request) => PlayCommand::Solver(SolverCommand::Solve(request)),
                    Err(e) => PlayCommand::Warn(format!("Budget: {e}")),
                };
                return self.apply(ctx, command);
            }
            SolverCommand::Solve(request) => out.extend(self.start_solve(ctx, request)),
            SolverCommand::CancelSolve => self.solve.cancel(),
            SolverCommand::LoadSolution => out.extend(self.load_solution(Self::now(ctx))),
            SolverCommand::CopyStats => {
                if let Some(report) = self.solve.report() {
                    ctx.copy_text(solve::stats_text(report));
                    tell(&mut out, "Stats copied to the clipboard");
                }
            }
            SolverCommand::ChooseStatsFile => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Save, "Save the solver's stats", |path| {
                    ShellCommand::Play(PlayCommand::Solver(SolverCommand::SaveStats(path)))
                })
                .filter("Text", &["txt"])
                .file_name("output.txt"),
            )),
            SolverCommand::SaveStats(path) => {
                let Some(report) = self.solve.report() else {
                    warn(&mut out, "No result to save yet: solve first");
                    return out;
                };
                let written = pegsol_layout::files::write_atomic(&path, solve::stats_text(report));
                out.push(match written {
                    Ok(()) => ShellCommand::Tell(format!("Stats saved to {}", path.display())),
                    Err(e) => ShellCommand::Warn(format!("Not saved: {}: {e}", path.display())),
                });
            }
            SolverCommand::SetEngine(engine) => self.solver_panel.set_engine(engine),
            SolverCommand::SetNoLimit(on) => self.solver_panel.set_no_limit(on),
            SolverCommand::SetBudgetText(text) => self.solver_panel.set_budget_text(text),
        }
        out
    }

    /// Moves along the timeline, or changes its playback.
    fn apply_timeline(&mut self, command: TimelineCommand, now: f64) {
        let session = &mut self.session;
        let animate = match command {
            TimelineCommand::Goto(index) => {
                session.goto(index, now);
                None
            }
            TimelineCommand::StepBack => {
                session.step(false, now);
                None
            }
            TimelineCommand::StepForward => session.step(true, now),
            TimelineCommand::MoveBack => session.step_move(false, now),
            TimelineCommand::MoveForward => session.step_move(true, now),
            TimelineCommand::TogglePlay => {
                session.toggle_replay(now);
                None
            }
            TimelineCommand::SetSpeed(i) => {
                session.set_replay_speed(i);
                return;
            }
            TimelineCommand::HandBackKeys => {
                self.replay_keys = false;
                return;
            }
        };
        self.board.position_changed();
        if let Some(jump) = animate {
            self.board.jumped(jump, now);
        }
        self.replay_keys = true;
    }
}
