//! The shell: [`PegsolApp`], which owns the views and the shell's windows, shows the one the
//! mode asks for, and carries out every [`ShellCommand`] in one place ([`PegsolApp::apply`],
//! in `apply.rs`).
//!
//! Owns the menu (`menu.rs`), the window's frame (`window.rs`: panels, mode switch, the
//! shell's windows), the keyboard shortcuts (`keys.rs`), the file dialogs (`dialog.rs`),
//! the help, about and welcome windows, keeping the games and settings (`keeping.rs`) and
//! starting from what the command line and the saved state ask (`startup.rs`).

mod apply;
pub mod dialog;
pub mod keeping;
pub mod keys;
mod menu;
mod startup;
pub mod welcome;
mod window;
mod windows;

use crate::boards::PickerView;
use crate::command::{Mode, ShellCommand};
use crate::editor::EditorView;
use crate::experiments::ExperimentsView;
use crate::frame::Settings;
use crate::paint::notice::Notice;
use crate::paint::palette::ThemeChoice;
use crate::play::PlayView;
use crate::problems::ProblemsView;
use crate::random::RandomView;
use crate::search::SearchView;
use crate::start::screenshot::ScreenshotJob;
use eframe::egui;
use keeping::Keeping;
use pegsol_record::stats::StatsKeeper;
use pegsol_record::Game;

/// The board everybody knows, shown on a first run.
const DEFAULT_BOARD: &str = "english";

/// What the window shows: which view, which of the shell's own windows are open, and the
/// message line.
#[derive(Clone, Debug, Default)]
struct Shown {
    mode: Mode,
    help: bool,
    about: bool,
    welcome: bool,
    /// The message on screen, if any.
    notice: Option<Notice>,
}

/// The windows the shell opens over the views, each with its own state.
struct Windows {
    /// The Experiments window (the budget sweep).
    experiments: ExperimentsView,
    /// Game > New random puzzle….
    random: RandomView,
    /// Game > Problems…: the named problems and their solved marks.
    problems: ProblemsView,
    /// The file dialogs (the desktop's, or the built-in one).
    dialogs: dialog::Dialogs,
}

/// What the shell keeps from one frame to the next.
#[derive(Debug, Default)]
struct FrameMemory {
    /// Commands to apply on the next frame (a file from the command line that failed).
    pending: Vec<ShellCommand>,
    /// The theme last applied to egui, so it is set only on change.
    applied_theme: Option<ThemeChoice>,
    /// The View > Reduce motion setting last applied to egui's styles.
    applied_motion: Option<bool>,
    /// The window title last sent, likewise.
    title: String,
    /// Set for a `--screenshot` run, which neither reads nor writes the saved state.
    screenshot: Option<ScreenshotJob>,
}

/// The Pegsol window: the shell (see the module docs).
pub struct PegsolApp {
    settings: Settings,
    /// The view shown, the shell's windows open, the message.
    shown: Shown,
    /// The boards panel, with the recent files.
    boards: PickerView,
    play: PlayView,
    editor: EditorView,
    /// The Search view: the assignment's search, watched.
    search: SearchView,
    /// The Experiments, New random puzzle and Problems windows, and the file dialogs.
    windows: Windows,
    /// Games won, fewest pegs and best times, per board.
    stats: StatsKeeper,
    /// What carries over from frame to frame (pending commands, the `--screenshot` job).
    frame: FrameMemory,
    /// Writing the games and the settings to Pegsol's files, and what went wrong.
    keeping: Keeping,
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
        let search = SearchView::new(&play.game().puzzle.start, &play.game().puzzle.name);
        PegsolApp {
            settings: Settings::default(),
            shown: Shown::default(),
            boards: PickerView::new(),
            play,
            editor,
            search,
            windows: Windows {
                experiments: ExperimentsView::new(),
                random: RandomView::new(),
                problems: ProblemsView::new(),
                dialogs: dialog::Dialogs::from_env(),
            },
            stats: StatsKeeper::new(),
            frame: FrameMemory::default(),
            keeping: Keeping::default(),
        }
    }

    /// Makes this a `--screenshot` run: render a few frames, write the PNG, close.
    pub fn set_screenshot(&mut self, job: ScreenshotJob) {
        self.frame.screenshot = Some(job);
    }

    /// The play view, e.g. to solve before a screenshot.
    pub fn play_mut(&mut self) -> &mut PlayView {
        &mut self.play
    }

    /// The Problems window and the solved marks (to keep them in a file: start-up, tests).
    pub fn problems_mut(&mut self) -> &mut ProblemsView {
        &mut self.windows.problems
    }

    /// The file dialogs, e.g. to use the built-in one (tests).
    pub fn dialogs_mut(&mut self) -> &mut dialog::Dialogs {
        &mut self.windows.dialogs
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
    pub fn search(&self) -> &SearchView {
        &self.search
    }

    /// The Experiments window.
    pub fn experiments(&self) -> &ExperimentsView {
        &self.windows.experiments
    }

    /// The New random puzzle window.
    pub fn random(&self) -> &RandomView {
        &self.windows.random
    }

    /// The statistics per board.
    pub fn stats(&self) -> &StatsKeeper {
        &self.stats
    }

    /// Keeps the statistics in the file at `path` from now on, reading what it holds; a file
    /// that cannot be read is dropped with a notice (see [`StatsKeeper::at`]).
    pub fn keep_stats_in(&mut self, path: std::path::PathBuf) {
        let (keeper, notice) = StatsKeeper::at(path);
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
        self.shown.notice.as_ref().map(|n| n.text.as_str())
    }

    /// Whether the message on screen is a refusal or a problem (the warning colour) rather
    /// than information (the neutral colour).
    pub fn notice_is_problem(&self) -> bool {
        self.shown.notice.as_ref().is_some_and(|n| n.problem)
    }
}

impl eframe::App for PegsolApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if let Some(job) = &mut self.frame.screenshot {
            // The picture waits for a sweep started by `--experiments` to finish, and for
            // the hint `--hint` asked for.
            if self.windows.experiments.is_running() || self.play.hint_pending() {
                ctx.request_repaint();
            } else {
                if job.board_only() {
                    if let Some(rect) = self.play.board().drawn() {
                        job.crop_to(rect);
                    }
                }
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
        if self.frame.screenshot.is_none() {
            // The settings live in Pegsol's own file now (see `persist`): version 1's copy in
            // eframe's `app.ron`, read once at start, is dropped.
            storage.remove_string(eframe::APP_KEY);
            let now = self.keeping.last_try.unwrap_or_default();
            let _ = self.keep_games(now);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.frame.screenshot.is_none()
    }
}
