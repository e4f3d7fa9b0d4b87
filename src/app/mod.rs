//! The window: play any board with mouse and keyboard.
//!
//! Owns everything egui, eframe and rfd (the only module allowed to use them): the eframe app,
//! its panels and board widget, the keyboard shortcuts, the file dialogs, persistence and the
//! `--screenshot` run. Views read the game and return [`Command`]s; [`PegsolApp::apply`] is the
//! one place that changes anything, which keeps undo, animation and the notices consistent.

use eframe::egui;
pub mod board;
pub mod edit_canvas;
pub mod editor;
pub mod editor_files;
pub mod experiments;
pub mod game;
pub mod geometry;
pub mod keys;
pub mod palette;
pub mod panels;
pub mod persist;
pub mod screenshot;
pub mod solve;
pub mod timeline;
pub mod welcome;

use crate::cli::GuiOptions;
use crate::rules::{Goal, Jump};
use crate::solver::services::advisor::{Advisor, Verdict, ADVISOR_BUDGET};
use board::{BoardModel, BoardView};
use game::{Game, Source};
use palette::ThemeChoice;
use panels::PickerView;
use persist::PersistedState;
use screenshot::{Outcome, ScreenshotJob};
use serde::{Deserialize, Serialize};
use solve::{SolveFrom, SolveRequest, SolveSession, SolverModel, SolverPanel};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use timeline::{Playback, SPEEDS};

/// The application id: eframe's storage folder, the Wayland app id and the X11 class, which
/// a desktop file's `StartupWMClass` must match.
pub const APP_ID: &str = "pegsol";

/// How long a notice (an illegal move's reason, a file error) stays on screen, in seconds.
const NOTICE_SECONDS: f64 = 6.0;

/// How many recent files File > Open recent keeps.
const RECENT_MAX: usize = 8;

/// The board everybody knows, shown on a first run.
const DEFAULT_BOARD: &str = "english";

/// Something a person asked for. Views return these; [`PegsolApp::apply`] carries them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play a jump (the view has checked it; the record checks again).
    Play(Jump),
    /// Undo the last step.
    Undo,
    /// Redo the last step undone.
    Redo,
    /// Back to the start (undoable).
    Restart,
    /// Open a catalogue board by key.
    OpenCatalogue(String),
    /// Open a layout or saved-game file.
    OpenFile(PathBuf),
    /// Save the game to a file.
    SaveGame(PathBuf),
    /// Ask for a file to open (a dialog).
    ChooseFileToOpen,
    /// Ask where to save the game (a dialog).
    ChooseFileToSave,
    /// Show a short message: why a move was refused, what went wrong.
    Tell(String),
    /// Switch jump animation on or off.
    SetAnimate(bool),
    /// Choose the theme.
    SetTheme(ThemeChoice),
    /// Show or hide the boards panel.
    ShowPicker(bool),
    /// Show or hide the keyboard help.
    ShowHelp(bool),
    /// Show or hide the about window.
    ShowAbout(bool),
    /// Show or hide the welcome window (hiding it records that it has been seen).
    ShowWelcome(bool),
    /// Show or hide the Experiments window (the budget sweep).
    ShowExperiments(bool),
    /// Close the window.
    Quit,
    /// Start a search (a search in flight is cancelled).
    Solve(SolveRequest),
    /// Stop the search in flight (its partial result is kept).
    CancelSolve,
    /// Put the last solution on the timeline after the position it starts from.
    LoadSolution,
    /// Copy the last result's STATS block to the clipboard.
    CopyStats,
    /// Ask where to save the STATS block (a dialog).
    ChooseStatsFile,
    /// Save the STATS block to a file (the assignment's `output.txt`).
    SaveStats(PathBuf),
    /// Change the finish the game, the solver and the hints aim for.
    SetGoal(Goal),
    /// Make the next board click pick the finish cell (or stop picking).
    PickFinish(bool),
    /// Move the timeline to this many jumps from the start.
    Goto(usize),
    /// One jump back on the timeline.
    StepBack,
    /// One jump forward on the timeline.
    StepForward,
    /// Play or pause the timeline.
    TogglePlay,
    /// Playback speed, as an index into [`timeline::SPEEDS`].
    SetSpeed(usize),
    /// Show a jump that keeps the finish reachable.
    Hint,
    /// Show or hide the solver panel.
    ShowSolver(bool),
    /// Show the play view or the layout editor.
    SetMode(editor::Mode),
    /// Something for the layout editor.
    Editor(editor::EditorCommand),
}

/// What a file dialog gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The path a person chose.
    Path(PathBuf),
    /// A person cancelled.
    Cancelled,
    /// The dialog came back at once with nothing: there is no dialog service on this desktop
    /// (no portal, no zenity), which deserves a hint rather than silence.
    NoDialog,
}

/// Runs a file dialog and tells a cancel from a missing dialog service: a person takes longer
/// than 300 ms to cancel.
pub fn pick_path(dialog: impl FnOnce() -> Option<PathBuf>) -> Picked {
    let asked = std::time::Instant::now();
    match dialog() {
        Some(path) => Picked::Path(path),
        None if asked.elapsed() < std::time::Duration::from_millis(300) => Picked::NoDialog,
        None => Picked::Cancelled,
    }
}

/// The View settings, remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Whether jumps animate.
    pub animate: bool,
    /// Light, dark, or the system's choice.
    pub theme: ThemeChoice,
    /// Whether the boards panel is shown.
    pub show_picker: bool,
    /// Whether the solver panel is shown.
    pub show_solver: bool,
    /// Whether the welcome window has been seen (and closed): then it is not shown at start.
    pub welcomed: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            animate: true,
            theme: ThemeChoice::System,
            show_picker: true,
            show_solver: true,
            welcomed: false,
        }
    }
}

/// A message on screen, until a time.
#[derive(Clone, Debug)]
struct Notice {
    text: String,
    until: f64,
}

/// The Pegsol window.
pub struct PegsolApp {
    game: Game,
    board: BoardView,
    picker: PickerView,
    settings: Settings,
    recent: Vec<PathBuf>,
    notice: Option<Notice>,
    show_help: bool,
    show_about: bool,
    show_welcome: bool,
    /// The Experiments window, which owns its sweep's worker.
    experiments: experiments::ExperimentsView,
    /// Set for a `--screenshot` run, which neither reads nor writes the saved state.
    screenshot: Option<ScreenshotJob>,
    /// Messages to show once the window is up (e.g. a file from the command line that failed).
    pending: Vec<Command>,
    /// The theme last applied to egui, so it is set only on change.
    applied_theme: Option<ThemeChoice>,
    /// The window title last sent, likewise.
    title: String,
    /// The solver panel's form.
    solver_panel: SolverPanel,
    /// The search in flight and the last result.
    solve: SolveSession,
    /// The background "still winnable?" and hint solver, made on the first frame (it needs
    /// the context to wake the window).
    advisor: Option<Advisor>,
    /// The hint on show: the position it is for and the jump.
    hint: Option<(crate::rules::Position, Jump)>,
    /// A hint was asked for while the advisor was still checking: show it when it arrives.
    hint_wanted: bool,
    /// Whether the next board click picks the finish cell.
    picking_finish: bool,
    /// The timeline's playback clock.
    playback: Playback,
    /// Whether Left/Right, Space, Home and End drive the timeline rather than the board's
    /// cursor: after a solution is loaded or the timeline is used, until a jump is played.
    replay_keys: bool,
    /// Play or editor.
    mode: editor::Mode,
    /// The layout editor.
    editor: editor::EditorState,
    /// The game in progress shared with the terminal game.
    shared: persist::SharedGame,
}

impl PegsolApp {
    /// An app showing `game`, with default settings and nothing remembered. Tests start here.
    pub fn new(game: Game) -> PegsolApp {
        let editor = editor::EditorState::for_game(&game);
        PegsolApp {
            game,
            board: BoardView::default(),
            picker: PickerView::new(),
            settings: Settings::default(),
            recent: Vec::new(),
            notice: None,
            show_help: false,
            show_about: false,
            show_welcome: false,
            experiments: experiments::ExperimentsView::new(),
            screenshot: None,
            pending: Vec::new(),
            applied_theme: None,
            title: String::new(),
            solver_panel: SolverPanel::default(),
            solve: SolveSession::default(),
            advisor: None,
            hint: None,
            hint_wanted: false,
            picking_finish: false,
            playback: Playback::default(),
            replay_keys: false,
            mode: editor::Mode::Play,
            editor,
            shared: persist::SharedGame::default(),
        }
    }

    /// The app as the window starts it: the board asked for on the command line, else the
    /// game remembered from last time, else the English board. The welcome window opens
    /// unless the remembered settings say it has been seen.
    pub fn start(
        options: &GuiOptions,
        remembered: Option<PersistedState>,
    ) -> Result<PegsolApp, String> {
        if options.editor {
            return editor::start_editing(options, remembered);
        }
        let requested = if let Some(file) = &options.file {
            Some(Game::from_file(file))
        } else {
            options.layout.as_deref().map(Game::from_spec)
        };
        let requested = match requested {
            Some(Ok(game)) => Some(game),
            Some(Err(e)) if options.screenshot.is_some() => return Err(e),
            Some(Err(e)) => {
                eprintln!("pegsol: {e}");
                let mut app = PegsolApp::start(&GuiOptions::default(), remembered)?;
                app.pending.push(Command::Tell(e));
                return Ok(app);
            }
            None => None,
        };
        let mut app = match requested {
            Some(game) => {
                let mut app = PegsolApp::new(game);
                if let Some(state) = remembered {
                    app.settings = state.settings;
                    app.solver_panel = state.solver;
                    app.recent = state.recent;
                }
                app
            }
            None => match remembered {
                Some(state) => PegsolApp::restore(state)?,
                None => PegsolApp::new(Game::from_catalogue(DEFAULT_BOARD)?),
            },
        };
        if let (Some(file), Source::File(_)) = (&options.file, &app.game.source) {
            app.remember_file(file.clone());
        }
        app.show_welcome = !app.settings.welcomed;
        Ok(app)
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board view (selection and cursor).
    pub fn board(&self) -> &BoardView {
        &self.board
    }

    /// The View settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The search in flight and the last result.
    pub fn solve_session(&self) -> &SolveSession {
        &self.solve
    }

    /// The solver panel's form.
    pub fn solver_panel(&self) -> &SolverPanel {
        &self.solver_panel
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

    /// Runs the solver panel's search to its end on this thread (the `--solve` screenshot).
    pub fn solve_blocking(&mut self, request: SolveRequest) {
        let start = match request.from {
            SolveFrom::Start => self.game.puzzle.start.clone(),
            SolveFrom::Here => self.game.record.position().clone(),
        };
        self.solve
            .run_blocking(request, start, self.game.puzzle.goal);
    }

    /// Whether the welcome window is open.
    pub fn welcome_open(&self) -> bool {
        self.show_welcome
    }

    /// The Experiments window.
    pub fn experiments(&self) -> &experiments::ExperimentsView {
        &self.experiments
    }

    /// The notice on screen, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|n| n.text.as_str())
    }

    /// The state to remember between runs.
    pub fn persisted(&self) -> PersistedState {
        PersistedState {
            version: persist::VERSION,
            game: Some(self.game.to_saved()),
            source: Some(self.game.source.clone()),
            recent: self.recent.clone(),
            settings: self.settings,
            solver: self.solver_panel.clone(),
        }
    }

    /// An app restored from remembered state. A game that no longer restores (a hand-edited
    /// state file) is dropped with a log line and the English board is shown instead; only a
    /// broken embedded catalogue makes this fail.
    pub fn restore(state: PersistedState) -> Result<PegsolApp, String> {
        let source = state.source.unwrap_or(Source::Other("restored".into()));
        let game = state
            .game
            .as_ref()
            .map(|saved| Game::from_saved(saved, source))
            .and_then(|r| {
                r.map_err(|e| eprintln!("pegsol: ignoring the remembered game: {e}"))
                    .ok()
            })
            .map_or_else(|| Game::from_catalogue(DEFAULT_BOARD), Ok);
        let mut app = PegsolApp::new(game?);
        app.settings = state.settings;
        app.solver_panel = state.solver;
        app.recent = state.recent;
        Ok(app)
    }

    /// Reads remembered state from eframe's storage, logging (not failing) when it is bad.
    fn remembered(storage: Option<&dyn eframe::Storage>) -> Option<PersistedState> {
        let text = storage?.get_string(eframe::APP_KEY)?;
        match PersistedState::from_ron(&text) {
            Ok(state) => Some(state),
            Err(e) => {
                eprintln!("pegsol: ignoring the remembered state: {e}");
                None
            }
        }
    }

    /// Carries out one command. The only place the game, settings or windows change.
    pub fn apply(&mut self, ctx: &egui::Context, command: Command) {
        let now = ctx.input(|i| i.time);
        let command = match self.mode {
            editor::Mode::Editor => match editor::reroute(command) {
                Some(command) => command,
                None => return,
            },
            editor::Mode::Play => command,
        };
        if matches!(
            command,
            Command::Play(_) | Command::Undo | Command::Redo | Command::Restart | Command::StepBack
        ) {
            self.playback.pause();
        }
        match command {
            Command::Play(jump) => match self.game.record.play(jump) {
                Ok(()) => {
                    self.board.jumped(jump, now, self.settings.animate);
                    self.notice = None;
                    // The person took over: arrows are the board's again.
                    self.replay_keys = false;
                }
                Err(e) => self.tell(now, board::reason(e)),
            },
            Command::Undo => {
                if self.game.record.undo() {
                    self.board.position_changed();
                    self.notice = None;
                } else {
                    self.tell(now, "Nothing to undo".into());
                }
            }
            Command::Redo => {
                if self.game.record.redo() {
                    self.board.position_changed();
                    self.notice = None;
                } else {
                    self.tell(now, "Nothing to redo".into());
                }
            }
            Command::Restart => {
                if self.game.record.restart() {
                    self.board.position_changed();
                    self.tell(now, "Restarted: undo (U) brings the game back".into());
                } else {
                    self.tell(now, "Already at the start".into());
                }
            }
            Command::OpenCatalogue(key) => match Game::from_catalogue(&key) {
                Ok(game) => self.switch_to(game),
                Err(e) => self.tell(now, e),
            },
            Command::OpenFile(path) => match Game::from_file(&path) {
                Ok(game) => {
                    self.switch_to(game);
                    self.remember_file(path);
                }
                Err(e) => {
                    eprintln!("pegsol: {e}");
                    self.tell(now, e);
                }
            },
            Command::SaveGame(path) => match self.game.save_to(&path) {
                Ok(()) => {
                    self.tell(now, format!("Saved to {}", path.display()));
                    self.remember_file(path);
                }
                Err(e) => self.tell(now, e),
            },
            Command::ChooseFileToOpen => {
                let picked = self.pick_path(now, || {
                    rfd::FileDialog::new()
                        .set_title("Open a board or a saved game")
                        .add_filter("Boards and games", &["pegsol", "ron", "txt", "h"])
                        .add_filter("All files", &["*"])
                        .pick_file()
                });
                if let Some(path) = picked {
                    self.apply(ctx, Command::OpenFile(path));
                }
            }
            Command::ChooseFileToSave => {
                let picked = self.pick_path(now, || {
                    rfd::FileDialog::new()
                        .set_title("Save the game")
                        .add_filter("Pegsol games", &["pegsol", "ron"])
                        .set_file_name("game.pegsol")
                        .save_file()
                });
                if let Some(path) = picked {
                    self.apply(ctx, Command::SaveGame(path));
                }
            }
            Command::Tell(text) => self.tell(now, text),
            Command::SetAnimate(on) => self.settings.animate = on,
            Command::SetTheme(theme) => self.settings.theme = theme,
            Command::ShowPicker(on) => self.settings.show_picker = on,
            Command::ShowHelp(on) => self.show_help = on,
            Command::ShowAbout(on) => self.show_about = on,
            Command::ShowWelcome(on) => {
                self.show_welcome = on;
                self.settings.welcomed |= !on;
            }
            Command::ShowExperiments(on) => self.experiments.set_open(on),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::Solve(request) => self.start_solve(ctx, request, now),
            Command::CancelSolve => self.solve.cancel(),
            Command::LoadSolution => self.load_solution(now),
            Command::CopyStats => {
                if let Some(report) = self.solve.report() {
                    ctx.copy_text(solve::stats_text(report));
                    self.tell(now, "Stats copied to the clipboard".into());
                }
            }
            Command::ChooseStatsFile => {
                let picked = self.pick_path(now, || {
                    rfd::FileDialog::new()
                        .set_title("Save the solver's stats")
                        .add_filter("Text", &["txt"])
                        .set_file_name("output.txt")
                        .save_file()
                });
                if let Some(path) = picked {
                    self.apply(ctx, Command::SaveStats(path));
                }
            }
            Command::SaveStats(path) => {
                let Some(report) = self.solve.report() else {
                    return self.tell(now, "No result to save yet: solve first".into());
                };
                match std::fs::write(&path, solve::stats_text(report)) {
                    Ok(()) => self.tell(now, format!("Stats saved to {}", path.display())),
                    Err(e) => self.tell(now, format!("Cannot write {}: {e}", path.display())),
                }
            }
            Command::SetGoal(goal) => {
                self.picking_finish = false;
                let shape = self.game.puzzle.start.shape().clone();
                match goal {
                    Goal::At(cell) if !shape.contains(cell) => {
                        self.tell(now, "The finish must be a hole of the board".into())
                    }
                    _ => {
                        self.game.puzzle.goal = goal;
                        self.hint = None;
                    }
                }
            }
            Command::PickFinish(on) => {
                self.picking_finish = on;
                if on {
                    self.tell(
                        now,
                        "Click the hole where the last peg should finish".into(),
                    );
                }
            }
            Command::Goto(index) => {
                self.playback.pause();
                self.game.record.goto(index);
                self.board.position_changed();
                self.replay_keys = true;
            }
            Command::StepBack => {
                let index = self.game.record.index();
                if index > 0 {
                    self.game.record.goto(index - 1);
                    self.board.position_changed();
                }
                self.replay_keys = true;
            }
            Command::StepForward => {
                self.step_forward(now);
                self.replay_keys = true;
            }
            Command::TogglePlay => {
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
            Command::SetSpeed(i) => {
                if let Some(&speed) = SPEEDS.get(i) {
                    self.playback.speed = speed;
                }
            }
            Command::Hint => self.show_hint(now),
            Command::ShowSolver(on) => self.settings.show_solver = on,
            Command::SetMode(mode) => self.mode = mode,
            Command::Editor(command) => self.apply_editor(ctx, command),
        }
    }

    /// Starts a search as the solver panel asked.
    fn start_solve(&mut self, ctx: &egui::Context, request: SolveRequest, now: f64) {
        let start = match request.from {
            SolveFrom::Start => self.game.puzzle.start.clone(),
            SolveFrom::Here => self.game.record.position().clone(),
        };
        if request.algorithm == crate::solver::Algorithm::Classic {
            let budget = request.budget.unwrap_or(solve::DEFAULT_BUDGET);
            if let Err(e) = crate::solver::Budget(budget).check_memory(&start) {
                return self.tell(now, format!("Not started: {e}"));
            }
        }
        let wake = ctx.clone();
        self.solve
            .start(request, start, self.game.puzzle.goal, move || {
                wake.request_repaint()
            });
    }

    /// Puts the last solution on the timeline after the position it starts from: here if it
    /// was solved from here, else from the start (going back there first).
    fn load_solution(&mut self, now: f64) {
        let Some(report) = self.solve.report() else {
            return self.tell(now, "No solution yet: solve first".into());
        };
        let (start, jumps) = (report.start.clone(), report.outcome.jumps.clone());
        let record = &mut self.game.record;
        if record.position() != &start {
            if record.start() != &start {
                return self.tell(
                    now,
                    "This solution starts from another position: go back to it or solve again"
                        .into(),
                );
            }
            // Back along the timeline; a restart in the history needs a restart to cross.
            record.goto(0);
            if record.index() > 0 {
                record.restart();
            }
        }
        match record.load_line(&jumps) {
            Ok(()) => {
                self.playback.pause();
                self.board.position_changed();
                self.replay_keys = true;
                self.tell(
                    now,
                    format!(
                        "Solution loaded ({} jumps): press Space or Autoplay to play it, Left/Right to step",
                        jumps.len()
                    ),
                );
            }
            Err((i, e)) => self.tell(
                now,
                format!("Jump {} of the solution does not apply here: {e}", i + 1),
            ),
        }
    }

    /// One jump forward on the timeline, animated.
    fn step_forward(&mut self, now: f64) {
        let record = &mut self.game.record;
        let index = record.index();
        if index < record.jumps().len() && record.goto(index + 1) > index {
            if let Some(&jump) = record.played().last() {
                self.board.jumped(jump, now, self.settings.animate);
            }
        } else {
            self.playback.pause();
        }
    }

    /// Shows the advisor's next jump for the position on the board, or says why there is none.
    fn show_hint(&mut self, now: f64) {
        let position = self.game.record.position().clone();
        match self.verdict() {
            Some(Verdict::Winnable(Some(jump))) => {
                self.hint_wanted = false;
                self.hint = Some((position, jump));
                self.tell(
                    now,
                    format!(
                        "Hint: jump {} over {} to {}",
                        geometry::cell_name(jump.from),
                        geometry::cell_name(jump.over),
                        geometry::cell_name(jump.to)
                    ),
                );
            }
            Some(Verdict::Winnable(None)) => self.tell(now, "Already solved!".into()),
            Some(Verdict::NotWinnable) => {
                self.hint_wanted = false;
                self.tell(
                    now,
                    "No jump reaches the goal from here: undo (U) to a winnable position".into(),
                )
            }
            Some(Verdict::Unknown) => {
                self.hint_wanted = false;
                self.tell(
                    now,
                    "No hint: the solver could not decide this position within its budget; \
                     try Solve from here"
                        .into(),
                )
            }
            Some(Verdict::Failed) => {
                self.hint_wanted = false;
                let why = self.advisor.as_ref().and_then(|a| a.error()).unwrap_or("");
                self.tell(now, format!("No hint: {why}"))
            }
            Some(Verdict::Checking) | None => {
                self.hint_wanted = true;
                self.tell(now, "Thinking about a hint…".into());
            }
        }
    }

    /// Once a frame: take in finished searches, keep the advisor on the current position,
    /// and advance playback.
    fn tick(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        self.solve.poll();
        let advisor = self.advisor.get_or_insert_with(|| {
            let wake = ctx.clone();
            Advisor::new(ADVISOR_BUDGET, move || wake.request_repaint())
        });
        advisor.poll();
        advisor.ask(self.game.record.position(), self.game.puzzle.goal);
        if self.hint_wanted && !matches!(self.verdict(), Some(Verdict::Checking) | None) {
            self.show_hint(now);
        }
        if self.playback.due(now) {
            self.step_forward(now);
        }
        if let Some(wait) = self.playback.wait(now) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
        }
    }

    /// Runs a file dialog; when there is no dialog service, says so (with the command-line
    /// way round) and returns `None`, as for a cancel.
    fn pick_path(&mut self, now: f64, dialog: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
        match pick_path(dialog) {
            Picked::Path(path) => Some(path),
            Picked::Cancelled => None,
            Picked::NoDialog => {
                self.tell(
                    now,
                    "No file dialog is available on this desktop (it needs the desktop portal \
                     or zenity): pass the file on the command line instead, `pegsol FILE`"
                        .into(),
                );
                None
            }
        }
    }

    fn switch_to(&mut self, game: Game) {
        self.game = game;
        self.board = BoardView::default();
        self.notice = None;
        // A search, a hint and a replay are about the old board.
        self.solve.clear();
        self.hint = None;
        self.hint_wanted = false;
        self.picking_finish = false;
        self.playback.pause();
        self.replay_keys = false;
    }

    fn remember_file(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    fn tell(&mut self, now: f64, text: String) {
        self.notice = Some(Notice {
            text,
            until: now + NOTICE_SECONDS,
        });
    }

    /// The whole window for one frame.
    fn window_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.applied_theme != Some(self.settings.theme) {
            ctx.set_theme(self.settings.theme.preference());
            self.applied_theme = Some(self.settings.theme);
        }
        let now = ctx.input(|i| i.time);
        if let Some(n) = &self.notice {
            if now >= n.until {
                self.notice = None;
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(n.until - now));
            }
        }
        self.tick(&ctx);
        self.editor_tick(&ctx);
        let mut commands = std::mem::take(&mut self.pending);
        commands.extend(keys::shortcuts(&ctx));
        let (timeline_keys, handed_back) = keys::timeline_shortcuts(&ctx, self.replay_keys);
        commands.extend(timeline_keys);
        if handed_back {
            self.replay_keys = false;
        }

        let game = &self.game;
        egui::Panel::top("menu").show(ui, |ui| {
            // The Play | Editor switch sits at the right; the menu bar takes what is left.
            let right_to_left = egui::Layout::right_to_left(egui::Align::Center);
            ui.with_layout(right_to_left, |ui| {
                commands.extend(editor::mode_switch_ui(ui, self.mode));
                let left_to_right = egui::Layout::left_to_right(egui::Align::Center);
                ui.with_layout(left_to_right, |ui| {
                    commands.extend(panels::menu_ui(ui, game, &self.settings, &self.recent));
                });
            });
        });
        let notice = self.notice.as_ref().map(|n| n.text.as_str());
        let verdict = self.verdict();
        if self.mode == editor::Mode::Play {
            egui::Panel::bottom("status").show(ui, |ui| panels::status_ui(ui, game, verdict));
            egui::Panel::bottom("timeline").show(ui, |ui| {
                ui.add_space(4.0);
                commands.extend(timeline::timeline_ui(ui, game, &self.playback));
            });
            if self.settings.show_solver {
                let model = SolverModel {
                    game,
                    session: &self.solve,
                    picking_finish: self.picking_finish,
                };
                egui::Panel::right("solver")
                    .resizable(true)
                    .default_size(250.0)
                    .show(ui, |ui| {
                        commands.extend(self.solver_panel.ui(ui, &model));
                    });
            }
        } else {
            commands.extend(editor::side_panels_ui(&mut self.editor, ui, notice));
        }
        if self.settings.show_picker {
            egui::Panel::left("boards")
                .resizable(true)
                .default_size(230.0)
                .show(ui, |ui| {
                    commands.extend(self.picker.ui(ui, game, &self.recent));
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            if self.mode == editor::Mode::Editor {
                commands.extend(editor::central_ui(&mut self.editor, ui));
                return;
            }
            ui.horizontal(|ui| {
                if ui.button("Edit this position").clicked() {
                    commands.push(Command::Editor(editor::EditorCommand::EditPosition));
                }
                ui.heading(&game.puzzle.name);
                // Truncated (full text on hover): a long description must not widen the panel
                // past the window, or the board is centred off-screen.
                ui.add(
                    egui::Label::new(egui::RichText::new(&game.puzzle.description).weak())
                        .truncate(),
                );
            });
            // A fixed-height line for the notice, so the board does not jump when one appears.
            let line = ui.text_style_height(&egui::TextStyle::Body);
            let size = egui::vec2(ui.available_width(), line);
            let layout = egui::Layout::left_to_right(egui::Align::Center);
            ui.allocate_ui_with_layout(size, layout, |ui| {
                ui.set_min_size(size);
                if let Some(text) = notice {
                    ui.colored_label(ui.visuals().warn_fg_color, text);
                }
            });
            let position = game.record.position();
            let model = BoardModel {
                position,
                goal: game.puzzle.goal,
                can_undo: game.record.can_undo(),
                animate: self.settings.animate,
                hint: self
                    .hint
                    .as_ref()
                    .filter(|(p, _)| p == position)
                    .map(|(_, j)| *j),
                picking_finish: self.picking_finish,
            };
            commands.extend(self.board.ui(ui, &model));
        });
        commands.extend(self.editor_prompts_ui(&ctx));
        if let Some(c) = panels::help_window_ui(&ctx, self.show_help) {
            commands.push(c);
        }
        if let Some(c) = panels::about_window_ui(&ctx, self.show_about) {
            commands.push(c);
        }
        if let Some(c) = welcome::welcome_window_ui(&ctx, self.show_welcome) {
            commands.push(c);
        }
        commands.extend(self.experiments.ui(&ctx));

        if !commands.is_empty() {
            // The frame just painted shows the old state: draw the new one.
            ctx.request_repaint();
        }
        for command in commands {
            self.apply(&ctx, command);
        }
        let title = match self.mode {
            // Unsaved edits are marked in either view.
            editor::Mode::Play if self.editor.is_dirty() => {
                format!("*Pegsol: {}", self.game.title())
            }
            editor::Mode::Play => format!("Pegsol: {}", self.game.title()),
            editor::Mode::Editor => format!("Pegsol editor: {}", self.editor.title()),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}

impl eframe::App for PegsolApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if let Some(job) = &mut self.screenshot {
            // The picture waits for a sweep started by `--experiments` to finish.
            if self.experiments.is_running() {
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
        self.solve.clear();
        self.advisor = None;
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_none() {
            let state = self.persisted();
            storage.set_string(eframe::APP_KEY, state.to_ron());
            self.shared.save(&state);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}

/// Opens the window (or, with `--screenshot`, renders it to a PNG) and returns the exit
/// status: 0 on success, 2 for a bad argument or board, 1 if the window could not open or the
/// screenshot failed.
pub fn run(options: GuiOptions) -> ExitCode {
    let size = match options.size.as_deref().map(screenshot::parse_size) {
        Some(Ok(size)) => Some(size),
        Some(Err(e)) => {
            eprintln!("pegsol: {e}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let screenshot_mode = options.screenshot.is_some();
    if screenshot_mode {
        // Fail fast on a bad board, before any window opens.
        let requested = match (&options.file, &options.layout) {
            // The editor takes boards the play view refuses; `start` checks its board.
            _ if options.editor => None,
            (Some(file), _) => Some(Game::from_file(file)),
            (None, Some(spec)) => Some(Game::from_spec(spec)),
            _ => None,
        };
        if let Some(Err(e)) = requested {
            eprintln!("pegsol: {e}");
            return ExitCode::from(2);
        }
    }
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Pegsol")
        .with_app_id(APP_ID)
        .with_inner_size(size.unwrap_or([1100.0, 760.0]))
        .with_min_inner_size([480.0, 360.0]);
    match eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon-256.png")) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => eprintln!("pegsol: the window icon is unreadable ({e}); using none"),
    }
    let native = eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Glow,
        // A screenshot run must not move or resize the person's real window next time.
        persist_window: !screenshot_mode,
        ..Default::default()
    };
    let outcome: Outcome = Arc::new(Mutex::new(None));
    let started = Arc::new(Mutex::new(None::<String>));
    let (job_outcome, start_error) = (outcome.clone(), started.clone());
    let result = eframe::run_native(
        APP_ID,
        native,
        Box::new(move |cc| {
            let mut shared = persist::SharedGame::default();
            let remembered = if screenshot_mode {
                // The same picture whatever was played last: forget egui's memory too.
                cc.egui_ctx.memory_mut(|m| *m = Default::default());
                None
            } else {
                shared = persist::SharedGame::at(crate::record::resume::default_path());
                shared.load_into(PegsolApp::remembered(cc.storage))
            };
            let mut app = PegsolApp::start(&options, remembered).inspect_err(|e| {
                if let Ok(mut s) = start_error.lock() {
                    *s = Some(e.clone());
                }
            })?;
            app.shared = shared;
            if !screenshot_mode {
                if let Some(dir) = eframe::storage_dir(APP_ID) {
                    app.editor_mut()
                        .attach_autosave(dir.join(editor_files::AUTOSAVE_FILE));
                }
            }
            if options.experiments {
                app.experiments.set_open(true);
                if options.screenshot.is_some() {
                    app.experiments.start_small_sweep(&cc.egui_ctx);
                }
            }
            if let Some(path) = options.screenshot.clone() {
                app.screenshot = Some(ScreenshotJob::new(path, job_outcome));
                // Let the board settle without mid-jump frames or a notice.
                app.settings.animate = false;
                if options.solve {
                    app.solve_blocking(SolveRequest {
                        algorithm: crate::solver::Algorithm::Exact,
                        budget: None,
                        from: SolveFrom::Start,
                    });
                    let ctx = &cc.egui_ctx;
                    app.apply(ctx, Command::LoadSolution);
                    app.apply(ctx, Command::Goto(options.step.unwrap_or(0)));
                    app.notice = None;
                }
                // The same picture on a first run as on any other.
                app.show_welcome = false;
            }
            Ok(Box::new(app))
        }),
    );
    if let Ok(Some(e)) = started.lock().map(|s| s.clone()) {
        eprintln!("pegsol: {e}");
        return ExitCode::from(2);
    }
    if let Err(e) = result {
        eprintln!(
            "pegsol: cannot open the window: {e}\n\
             (a Linux desktop needs X11 or Wayland, libxkbcommon-x11 and EGL/Mesa; \
             see `pegsol --help` for the command line)"
        );
        return ExitCode::from(1);
    }
    if screenshot_mode {
        return match outcome.lock().map(|o| o.clone()) {
            Ok(Some(Ok(()))) => ExitCode::SUCCESS,
            Ok(Some(Err(e))) => {
                eprintln!("pegsol: screenshot failed: {e}");
                ExitCode::from(1)
            }
            _ => {
                eprintln!(
                    "pegsol: screenshot failed: the window closed before the picture was taken"
                );
                ExitCode::from(1)
            }
        };
    }
    ExitCode::SUCCESS
}
