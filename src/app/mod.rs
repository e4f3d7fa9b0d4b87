//! The window: a shell with four views.
//!
//! Owns everything egui, eframe and rfd (the only module allowed to use them). [`PegsolApp`]
//! is the shell: the menu, which view is shown, the notice line, the title, the theme,
//! persistence, the boards panel and the help, about and welcome windows. It owns a
//! [`play::PlayView`], an [`editor::EditorView`], a [`search::SearchView`], an
//! [`experiments::ExperimentsView`] and a [`problems::ProblemsView`];
//! each has a `ui` in egui_demo_lib's shape and its own command enum applied by its own
//! `apply`, and returns what crosses views as [`ShellCommand`]s, which
//! [`PegsolApp::apply`] carries out in one place (as rerun's `SystemCommand`).

use eframe::egui;
pub mod dialog;
pub mod editor;
pub mod experiments;
pub mod geometry;
pub mod keeping;
pub mod keys;
pub mod launch;
pub mod notice;
pub mod palette;
pub mod panels;
pub mod persist;
pub mod play;
pub mod problems;
pub mod random;
pub mod screenshot;
pub mod search;
pub mod shell;
mod startup;
pub mod stats;
pub mod welcome;

use crate::record::{Game, Source};
use editor::{EditorCommand, EditorView};
use experiments::ExperimentsView;
use keeping::Keeping;
pub use launch::{run, Options};
use notice::Notice;
use palette::ThemeChoice;
use panels::PickerView;
use play::{PlayCommand, PlayView};
use screenshot::ScreenshotJob;
pub use shell::{Mode, Settings, ShellCommand, ViewFrame, Window};

/// The application id: eframe's storage folder, the Wayland app id and the X11 class, which
/// a desktop file's `StartupWMClass` must match.
pub const APP_ID: &str = "pegsol";

/// The board everybody knows, shown on a first run.
const DEFAULT_BOARD: &str = "english";

/// What the window shows: which view, and which of the shell's own windows are open.
#[derive(Clone, Copy, Debug, Default)]
struct Shown {
    mode: Mode,
    help: bool,
    about: bool,
    welcome: bool,
}

/// What the shell keeps from one frame to the next.
#[derive(Debug, Default)]
struct FrameMemory {
    /// Commands to apply on the next frame (a file from the command line that failed).
    pending: Vec<ShellCommand>,
    /// The theme last applied to egui, so it is set only on change.
    applied_theme: Option<ThemeChoice>,
    /// The window title last sent, likewise.
    title: String,
}

/// The Pegsol window: the shell (see the module docs).
pub struct PegsolApp {
    settings: Settings,
    notice: Option<Notice>,
    shown: Shown,
    /// The boards panel, with the recent files.
    boards: PickerView,
    play: PlayView,
    editor: EditorView,
    /// The Search view: the assignment's search, watched.
    search: search::SearchView,
    experiments: ExperimentsView,
    /// Game > New random puzzle….
    random: random::RandomView,
    /// Games won, fewest pegs and best times, per board.
    stats: stats::StatsKeeper,
    /// The named problems and their solved marks.
    problems: problems::ProblemsView,
    /// Set for a `--screenshot` run, which neither reads nor writes the saved state.
    screenshot: Option<ScreenshotJob>,
    frame: FrameMemory,
    /// Writing the games and the settings to Pegsol's files, and what went wrong.
    keeping: Keeping,
    /// The file dialogs (the desktop's, or the built-in one).
    dialogs: dialog::Dialogs,
}

impl PegsolApp {
    /// An app showing `game`, with default settings and nothing remembered (the other games
    /// kept in memory only). Tests start here.
    pub fn new(game: Game) -> PegsolApp {
        PegsolApp::with_play(PlayView::new(game))
    }

    /// An app with this play view (its game and game store) and default settings.
    pub fn with_play(play: PlayView) -> PegsolApp {
        let editor = EditorView::for_game(play.game());
        let search = search::SearchView::new(&play.game().puzzle.start, &play.game().puzzle.name);
        PegsolApp {
            settings: Settings::default(),
            notice: None,
            shown: Shown::default(),
            boards: PickerView::new(),
            play,
            editor,
            search,
            experiments: ExperimentsView::new(),
            random: random::RandomView::new(),
            stats: stats::StatsKeeper::new(),
            problems: problems::ProblemsView::new(),
            screenshot: None,
            frame: FrameMemory::default(),
            keeping: Keeping::default(),
            dialogs: dialog::Dialogs::from_env(),
        }
    }

    /// The file dialogs, e.g. to use the built-in one (tests).
    pub fn dialogs_mut(&mut self) -> &mut dialog::Dialogs {
        &mut self.dialogs
    }

    /// Why the games could not be written last time, if they could not.
    pub fn save_error(&self) -> Option<&str> {
        self.keeping.error.as_deref()
    }

    /// The play view.
    pub fn play(&self) -> &PlayView {
        &self.play
    }

    /// The editor.
    pub fn editor(&self) -> &EditorView {
        &self.editor
    }

    /// The editor, to attach an autosave (start-up and tests).
    pub fn editor_mut(&mut self) -> &mut EditorView {
        &mut self.editor
    }

    /// The Search view.
    pub fn search(&self) -> &search::SearchView {
        &self.search
    }

    /// The Experiments window.
    pub fn experiments(&self) -> &ExperimentsView {
        &self.experiments
    }

    /// The New random puzzle window.
    pub fn random(&self) -> &random::RandomView {
        &self.random
    }

    /// The statistics per board.
    pub fn stats(&self) -> &stats::StatsKeeper {
        &self.stats
    }

    /// The Problems window and the solved marks (to keep them in a file: start-up, tests).
    pub fn problems_mut(&mut self) -> &mut problems::ProblemsView {
        &mut self.problems
    }

    /// Keeps the statistics in the file at `path` from now on, reading what it holds; a file
    /// that cannot be read is dropped with a notice (see [`stats::StatsKeeper::at`]).
    pub fn keep_stats_in(&mut self, path: std::path::PathBuf) {
        let (keeper, notice) = stats::StatsKeeper::at(path);
        self.stats = keeper;
        if let Some(notice) = notice {
            eprintln!("pegsol: {notice}");
            self.frame.pending.push(ShellCommand::Warn(notice));
        }
    }

    /// Which view is shown.
    pub fn mode(&self) -> Mode {
        self.shown.mode
    }

    /// The View settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Whether the welcome window is open.
    pub fn welcome_open(&self) -> bool {
        self.shown.welcome
    }

    /// The notice on screen, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|n| n.text.as_str())
    }

    /// Whether the message on screen is a refusal or a problem (the warning colour) rather
    /// than information (the neutral colour).
    pub fn notice_is_problem(&self) -> bool {
        self.notice.as_ref().is_some_and(|n| n.problem)
    }

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
                | PlayCommand::StepBack
                | PlayCommand::StepForward,
            ) if searching => return,
            // A board opened while searching is played and searched.
            ShellCommand::OpenCatalogue(key) if searching => {
                self.apply(ctx, ShellCommand::Play(PlayCommand::OpenCatalogue(key)));
                return self.apply(ctx, ShellCommand::SetMode(Mode::Search));
            }
            ShellCommand::Undo if editing => ShellCommand::Editor(EditorCommand::Undo),
            ShellCommand::Undo => ShellCommand::Play(PlayCommand::Undo),
            ShellCommand::Redo if editing => ShellCommand::Editor(EditorCommand::Redo),
            ShellCommand::Redo => ShellCommand::Play(PlayCommand::Redo),
            ShellCommand::ChooseFileToOpen if editing => {
                ShellCommand::Editor(EditorCommand::ChooseOpen)
            }
            ShellCommand::ChooseFileToOpen => ShellCommand::Play(PlayCommand::ChooseFileToOpen),
            ShellCommand::Save if editing => ShellCommand::Editor(EditorCommand::Save),
            ShellCommand::Save => ShellCommand::Play(PlayCommand::ChooseFileToSave),
            ShellCommand::OpenFile(path) if editing => {
                ShellCommand::Editor(EditorCommand::Open(path))
            }
            ShellCommand::OpenFile(path) => ShellCommand::Play(PlayCommand::OpenFile(path)),
            ShellCommand::OpenCatalogue(key) if editing => {
                ShellCommand::Editor(EditorCommand::FromCatalogue(key))
            }
            ShellCommand::OpenCatalogue(key) => ShellCommand::Play(PlayCommand::OpenCatalogue(key)),
            // The editor has no jumps to play or restart.
            ShellCommand::Play(PlayCommand::Play(_) | PlayCommand::Restart) if editing => return,
            other => other,
        };
        let follow_up = match routed {
            ShellCommand::Tell(text) => {
                self.notice = Some(Notice::new(text, false, now));
                Vec::new()
            }
            ShellCommand::Warn(text) => {
                self.notice = Some(Notice::new(text, true, now));
                Vec::new()
            }
            ShellCommand::ChooseFile(request) => self.dialogs.ask(request).into_iter().collect(),
            ShellCommand::ClearNotice => {
                self.notice = None;
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
                    let from = play::solve::SolveFrom::Start;
                    out.extend(self.play.apply(ctx, PlayCommand::SolveFrom(from)));
                }
                out
            }
            ShellCommand::EditPosition => {
                // The editor is shown on this position, not on the board's start.
                self.shown.mode = Mode::Editor;
                let game = self.play.game();
                let layout = game.puzzle.layout_for(game.record.position().pegs());
                match crate::layout::edit::Board::from_layout(&layout) {
                    Ok(board) => self
                        .editor
                        .apply(ctx, EditorCommand::Load(Box::new(board), None)),
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
            ShellCommand::SetAnimate(on) => {
                self.settings.animate = on;
                Vec::new()
            }
            ShellCommand::SetShowWinningJumps(on) => {
                self.settings.show_winning_jumps = on;
                Vec::new()
            }
            ShellCommand::SetHintEffort(effort) => {
                self.settings.hint_effort = effort;
                Vec::new()
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
                    Window::Experiments => self.experiments.set_open(on),
                    Window::Problems => self.problems.set_open(on),
                }
                Vec::new()
            }
            ShellCommand::NewRandomPuzzle => {
                let edited = editing.then(|| self.editor.board());
                let board = random::RandomBoard::shown(edited, self.play.game());
                self.random
                    .apply(random::RandomCommand::Open(Box::new(board)))
            }
            ShellCommand::Random(command) => self.random.apply(command),
            ShellCommand::PlayerJumped => {
                let problem = self.stats.observe_jump(self.play.game(), now);
                let mut out: Vec<_> = problem.map(ShellCommand::Warn).into_iter().collect();
                out.extend(self.problems.observe_jump(self.play.game()));
                out
            }
            ShellCommand::Play(command) => self.play.apply(ctx, command),
            ShellCommand::Editor(command) => self.editor.apply(ctx, command),
            ShellCommand::Experiments(command) => self.experiments.apply(ctx, command),
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
        let Ok(board) = crate::layout::edit::Board::from_layout(&layout) else {
            return Vec::new();
        };
        let path = match &game.source {
            Source::File(path) => std::fs::read_to_string(path)
                .ok()
                .filter(|text| !crate::record::SavedGame::looks_like(text))
                .map(|_| path.clone()),
            _ => None,
        };
        let shown = *self.editor.board() == board && self.editor.path() == path.as_deref();
        if self.editor.is_dirty() || shown {
            return Vec::new();
        }
        self.editor
            .apply(ctx, EditorCommand::Load(Box::new(board), path))
    }

    /// The whole window for one frame.
    fn window_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.frame.applied_theme != Some(self.settings.theme) {
            palette::tune_themes(&ctx);
            ctx.set_theme(self.settings.theme.preference());
            self.frame.applied_theme = Some(self.settings.theme);
        }
        let now = ctx.input(|i| i.time);
        let mut commands = std::mem::take(&mut self.frame.pending);
        if let Some(until) = self.notice.as_ref().and_then(|n| n.until) {
            if now >= until {
                commands.push(ShellCommand::ClearNotice);
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(until - now));
            }
        }
        // Read before any field sees this frame's keys: Enter that ends typing in a field
        // also takes its focus away, and must not then reach the board or a shortcut.
        let typing = ctx.egui_wants_keyboard_input();
        commands.extend(self.play.logic(&ctx));
        commands.extend(self.editor.logic(&ctx));
        if self.shown.mode == Mode::Search {
            commands.extend(self.search.logic(&ctx));
        }
        let closing = ctx.input(|i| i.viewport().close_requested()) && self.screenshot.is_none();
        if closing && self.editor.holds_close() {
            // Unsaved edits: ask first (the editor's prompt shows in either view).
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            commands.push(ShellCommand::Editor(EditorCommand::CloseWindow));
        } else if closing && !self.may_quit(now) {
            // The games cannot be written: ask first.
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        self.keep_games_every(&ctx, now);
        if !typing {
            commands.extend(keys::shortcuts(&ctx));
        }
        // Apply what came before drawing, so the frame shows it.
        self.apply_all(&ctx, commands);

        let mut commands = Vec::new();
        egui::Panel::top("menu").show(ui, |ui| {
            // The Play | Editor switch sits at the right; the menu bar takes what is left.
            let right_to_left = egui::Layout::right_to_left(egui::Align::Center);
            ui.with_layout(right_to_left, |ui| {
                commands.extend(mode_switch_ui(ui, self.shown.mode));
                let left_to_right = egui::Layout::left_to_right(egui::Align::Center);
                ui.with_layout(left_to_right, |ui| {
                    commands.extend(panels::menu_ui(
                        ui,
                        self.play.game(),
                        &self.play.other_games(),
                        &self.settings,
                        self.boards.recent(),
                    ));
                });
            });
        });
        if let Some(error) = self.keeping.error.clone() {
            egui::Panel::bottom("save-problem").show(ui, |ui| {
                commands.extend(keeping::save_problem_ui(ui, &error));
            });
        }
        let mode_is_play = self.shown.mode == Mode::Play;
        let view_frame = ViewFrame {
            settings: &self.settings,
            notice: self.notice.as_ref(),
            typing,
            clock: self.stats.clock(self.play.game(), now),
            board_stats: stats::board_key(self.play.game())
                .and_then(|key| self.stats.board(&key).copied()),
        };
        if view_frame.clock.is_some_and(|c| c.running) && mode_is_play {
            // The clock shows whole seconds.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        let mode = self.shown.mode;
        match mode {
            Mode::Editor => commands.extend(self.editor.side_panels_ui(ui, &view_frame)),
            Mode::Play => commands.extend(self.play.side_panels_ui(ui, &view_frame)),
            Mode::Search => {}
        }
        if self.settings.show_picker {
            egui::Panel::left("boards")
                .resizable(true)
                .default_size(230.0)
                .show(ui, |ui| {
                    commands.extend(self.boards.ui(
                        ui,
                        self.play.game(),
                        self.play.store(),
                        &self.stats,
                    ));
                });
        }
        egui::CentralPanel::default().show(ui, |ui| match mode {
            Mode::Editor => commands.extend(self.editor.ui(ui, &view_frame)),
            Mode::Play => commands.extend(self.play.ui(ui, &view_frame)),
            Mode::Search => commands.extend(self.search.ui(ui, &view_frame)),
        });
        commands.extend(self.editor.prompts_ui(&ctx));
        commands.extend(panels::help_window_ui(&ctx, self.shown.help));
        commands.extend(panels::about_window_ui(&ctx, self.shown.about));
        commands.extend(welcome::welcome_window_ui(&ctx, self.shown.welcome));
        commands.extend(self.experiments.show(&ctx));
        commands.extend(self.random.show(&ctx));
        commands.extend(self.problems.show(&ctx, self.play.game()));
        commands.extend(self.dialogs.show(&ctx));
        commands.extend(self.quit_prompt_ui(&ctx));
        self.apply_all(&ctx, commands);

        let title = match self.shown.mode {
            // Unsaved edits are marked in either view.
            Mode::Play if self.editor.is_dirty() || self.keeping.error.is_some() => {
                format!("*Pegsol: {}", self.play.game().title())
            }
            Mode::Play => format!("Pegsol: {}", self.play.game().title()),
            Mode::Editor => format!("Pegsol editor: {}", self.editor.title()),
            Mode::Search => format!("Pegsol search: {}", self.search.name()),
        };
        if title != self.frame.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.frame.title = title;
        }
    }

    /// Applies `commands` in order, asking for a repaint if there were any: the frame just
    /// painted shows the old state.
    fn apply_all(&mut self, ctx: &egui::Context, commands: Vec<ShellCommand>) {
        if !commands.is_empty() {
            ctx.request_repaint();
        }
        for command in commands {
            self.apply(ctx, command);
        }
    }
}

/// Which colour a notice takes.
/// The "Play | Editor | Search" switch for the top bar, laid out right to left.
fn mode_switch_ui(ui: &mut egui::Ui, mode: Mode) -> Option<ShellCommand> {
    let mut chosen = None;
    for (m, name) in [
        (Mode::Search, "Search"),
        (Mode::Editor, "Editor"),
        (Mode::Play, "Play"),
    ] {
        if ui.selectable_label(mode == m, name).clicked() {
            chosen = Some(ShellCommand::SetMode(m));
        }
    }
    ui.label(egui::RichText::new("View:").weak());
    chosen
}

impl eframe::App for PegsolApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if let Some(job) = &mut self.screenshot {
            // The picture waits for a sweep started by `--experiments` to finish, and for
            // the hint `--hint` asked for.
            if self.experiments.is_running() || self.play.hint_pending() {
                ctx.request_repaint();
            } else {
                job.tick(ctx);
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.window_ui(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // Closing the window stops any search at once (the threads wind down on their own).
        self.play.stop();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_none() {
            // The settings live in Pegsol's own file now (see `persist`): version 1's copy in
            // eframe's `app.ron`, read once at start, is dropped.
            storage.remove_string(eframe::APP_KEY);
            let now = self.keeping.last_try.unwrap_or_default();
            let _ = self.keep_games(now);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}
