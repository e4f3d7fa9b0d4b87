//! [`PegsolApp::apply`]: the one place the shell's state changes, and where each view's
//! commands are handed to it.

use super::PegsolApp;
use crate::command::{Mode, ShellCommand, Window};
use crate::editor::command::EditFileCommand;
use crate::editor::EditorCommand;
use crate::paint::notice::Notice;
use crate::play::command::{FileCommand, SolverCommand, TimelineCommand};
use crate::play::{self, PlayCommand, PlayView};
use crate::random;
use eframe::egui;
use pegsol_record::Source;

impl PegsolApp {
    /// Carries out one command: the only place the shell's state changes, and where each
    /// view's commands are handed to it.
    pub fn apply(&mut self, ctx: &egui::Context, command: ShellCommand) {
        let now = ctx.input(|i| i.time);
        let editing = self.shown.mode == Mode::Editor;
        let searching = self.shown.mode == Mode::Search;
        // What the view shown does with the commands that mean "this view's Open, Save, Undo".
        let routed = match command {
            // The Search view has nothing to undo, and the play view's keys (restart, hint,
            // the timeline) must not change a game that is not shown.
            ShellCommand::Undo | ShellCommand::Redo if searching => return,
            ShellCommand::Play(
                PlayCommand::Restart
                | PlayCommand::Hint
                | PlayCommand::Timeline(TimelineCommand::StepBack | TimelineCommand::StepForward),
            ) if searching => return,
            // A board opened while searching is played and searched.
            ShellCommand::OpenCatalogue(key) if searching => {
                self.apply(
                    ctx,
                    ShellCommand::Play(PlayCommand::Files(FileCommand::OpenCatalogue(key))),
                );
                return self.apply(ctx, ShellCommand::SetMode(Mode::Search));
            }
            ShellCommand::Undo if editing => ShellCommand::Editor(EditorCommand::Undo),
            ShellCommand::Undo => ShellCommand::Play(PlayCommand::Undo),
            ShellCommand::Redo if editing => ShellCommand::Editor(EditorCommand::Redo),
            ShellCommand::Redo => ShellCommand::Play(PlayCommand::Redo),
            ShellCommand::ChooseFileToOpen if editing => {
                ShellCommand::Editor(EditorCommand::Files(EditFileCommand::ChooseOpen))
            }
            ShellCommand::ChooseFileToOpen => {
                ShellCommand::Play(PlayCommand::Files(FileCommand::ChooseFileToOpen))
            }
            ShellCommand::Save if editing => {
                ShellCommand::Editor(EditorCommand::Files(EditFileCommand::Save))
            }
            ShellCommand::Save => {
                ShellCommand::Play(PlayCommand::Files(FileCommand::ChooseFileToSave))
            }
            ShellCommand::OpenFile(path) if editing => {
                ShellCommand::Editor(EditorCommand::Files(EditFileCommand::Open(path)))
            }
            ShellCommand::OpenFile(path) => {
                ShellCommand::Play(PlayCommand::Files(FileCommand::OpenFile(path)))
            }
            ShellCommand::OpenCatalogue(key) if editing => {
                ShellCommand::Editor(EditorCommand::Files(EditFileCommand::FromCatalogue(key)))
            }
            ShellCommand::OpenCatalogue(key) => {
                ShellCommand::Play(PlayCommand::Files(FileCommand::OpenCatalogue(key)))
            }
            // The editor has no jumps to play or restart.
            ShellCommand::Play(PlayCommand::Play(_) | PlayCommand::Restart) if editing => return,
            other => other,
        };
        let follow_up = match routed {
            ShellCommand::Tell(text) => {
                self.shown.notice = Some(Notice::new(text, false, now));
                Vec::new()
            }
            ShellCommand::Warn(text) => {
                self.shown.notice = Some(Notice::new(text, true, now));
                Vec::new()
            }
            ShellCommand::ChooseFile(request) => {
                self.windows.dialogs.ask(request).into_iter().collect()
            }
            ShellCommand::ClearNotice => {
                self.shown.notice = None;
                Vec::new()
            }
            ShellCommand::Remember(path) => {
                self.boards.remember(path);
                Vec::new()
            }
            ShellCommand::PlayGame { game, solve, fresh } => {
                self.shown.mode = Mode::Play;
                let mut out = self.play.apply(ctx, PlayView::open_command(*game, fresh));
                if solve {
                    // The solver panel's own settings (engine, budget, finish) apply.
                    self.settings.show_solver = true;
                    let from = play::command::SolveFrom::Start;
                    out.extend(
                        self.play
                            .apply(ctx, PlayCommand::Solver(SolverCommand::SolveFrom(from))),
                    );
                }
                out
            }
            ShellCommand::EditPosition => {
                // The editor is shown on this position, not on the board's start.
                self.shown.mode = Mode::Editor;
                let game = self.play.game();
                let layout = game.puzzle.layout_for(game.record.position().pegs());
                match pegsol_layout::edit::Board::from_layout(&layout) {
                    Ok(board) => self.editor.apply(
                        ctx,
                        EditorCommand::Files(EditFileCommand::Load(Box::new(board), None)),
                    ),
                    Err(_) => vec![ShellCommand::Warn("This position cannot be edited".into())],
                }
            }
            ShellCommand::SetMode(mode) => {
                let from_play = self.shown.mode == Mode::Play;
                self.shown.mode = mode;
                if mode == Mode::Editor && from_play {
                    self.edit_board_in_play(ctx)
                } else if mode == Mode::Search {
                    self.search.follow(&self.play.game().puzzle)
                } else {
                    Vec::new()
                }
            }
            ShellCommand::Quit => {
                if self.may_quit(now) {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
                Vec::new()
            }
            ShellCommand::QuitAnyway => {
                self.keeping.quit_prompt = false;
                self.keeping.quit_anyway = true;
                vec![ShellCommand::Quit]
            }
            ShellCommand::CloseQuitPrompt => {
                self.keeping.quit_prompt = false;
                Vec::new()
            }
            ShellCommand::SetAnimate(on) => {
                self.settings.animate = on;
                Vec::new()
            }
            ShellCommand::SetReduceMotion(on) => {
                self.settings.reduce_motion = on;
                Vec::new()
            }
            ShellCommand::SetShowWinningJumps(on) => {
                self.settings.show_winning_jumps = on;
                self.play.apply(ctx, PlayCommand::ColourJumps(on))
            }
            ShellCommand::SetHintEffort(effort) => {
                self.settings.hint_effort = effort;
                self.play.apply(ctx, PlayCommand::SetHintEffort(effort))
            }
            ShellCommand::SetCoordinates(on) => {
                self.settings.coordinates = on;
                Vec::new()
            }
            ShellCommand::SetTheme(theme) => {
                self.settings.theme = theme;
                Vec::new()
            }
            ShellCommand::Show(window, on) => {
                match window {
                    Window::Picker => self.settings.show_picker = on,
                    Window::Solver => self.settings.show_solver = on,
                    Window::Help => self.shown.help = on,
                    Window::About => self.shown.about = on,
                    Window::Welcome => {
                        self.shown.welcome = on;
                        self.settings.welcomed |= !on;
                    }
                    Window::Experiments => self.windows.experiments.set_open(on),
                    Window::Problems => self.windows.problems.set_open(on),
                }
                Vec::new()
            }
            ShellCommand::NewRandomPuzzle => {
                let edited = editing.then(|| self.editor.board());
                let board = random::RandomBoard::shown(edited, self.play.game());
                self.windows
                    .random
                    .apply(random::RandomCommand::Open(Box::new(board)))
            }
            ShellCommand::Random(command) => self.windows.random.apply(command),
            ShellCommand::PlayerJumped(finish) => {
                let problem = finish.and_then(|f| self.stats.record_finish(self.play.game(), f));
                let mut out: Vec<_> = problem.map(ShellCommand::Warn).into_iter().collect();
                out.extend(self.windows.problems.observe_jump(self.play.game()));
                out
            }
            ShellCommand::Play(command) => self.play.apply(ctx, command),
            ShellCommand::Editor(command) => self.editor.apply(ctx, command),
            ShellCommand::Experiments(command) => self.windows.experiments.apply(ctx, command),
            ShellCommand::Search(command) => self.search.apply(command),
            // Routed above.
            ShellCommand::Undo
            | ShellCommand::Redo
            | ShellCommand::ChooseFileToOpen
            | ShellCommand::Save
            | ShellCommand::OpenFile(_)
            | ShellCommand::OpenCatalogue(_) => Vec::new(),
        };
        for command in follow_up {
            self.apply(ctx, command);
        }
    }

    /// Shows the board in play in the editor (with its file, if it is a board file rather
    /// than a saved game, so Save writes it in place), unless the editor holds unsaved
    /// changes of another board or already shows it.
    fn edit_board_in_play(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        let game = self.play.game();
        let layout = game.puzzle.layout_for(game.puzzle.start.pegs());
        let Ok(board) = pegsol_layout::edit::Board::from_layout(&layout) else {
            return Vec::new();
        };
        let path = match &game.source {
            Source::File(path) => std::fs::read_to_string(path)
                .ok()
                .filter(|text| !pegsol_record::SavedGame::looks_like(text))
                .map(|_| path.clone()),
            _ => None,
        };
        let shown = *self.editor.board() == board && self.editor.path() == path.as_deref();
        if self.editor.is_dirty() || shown {
            return Vec::new();
        }
        self.editor.apply(
            ctx,
            EditorCommand::Files(EditFileCommand::Load(Box::new(board), path)),
        )
    }

    /// Applies `commands` in order, asking for a repaint if there were any: the frame just
    /// painted shows the old state.
    pub(super) fn apply_all(&mut self, ctx: &egui::Context, commands: Vec<ShellCommand>) {
        if !commands.is_empty() {
            ctx.request_repaint();
        }
        for command in commands {
            self.apply(ctx, command);
        }
    }
}
