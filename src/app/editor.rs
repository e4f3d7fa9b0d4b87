//! The layout editor view: design a board, see whether it can be won and from which start
//! holes, save it, open boards in any format, and hand it to the play view.
//!
//! Owns the editor's window state: the [`Editor`] model, the file it belongs to, the tool and
//! mirror, the background checks (the exact solver's verdict on the board as it stands, and on
//! request the analysis of every single-vacancy start, each on a [`Worker`] that is cancelled
//! when the board changes), the unsaved-changes prompt and the autosave. Like the rest of the
//! window, the view returns [`EditorCommand`]s and [`PegsolApp::apply_editor`] carries them
//! out; file access goes through [`super::editor_files`], whose functions take paths.

use super::edit_canvas::{verdict_colour, CanvasModel, CanvasState};
use super::editor_files::{self, Autosave};
use super::game::{Game, Source};
use super::geometry::cell_name;
use super::persist::PersistedState;
use super::{Command, PegsolApp};
use crate::cli::GuiOptions;
use crate::layout::catalogue;
use crate::layout::edit::{Board, Editor, Facts, Mirror, Tool};
use crate::layout::load::resolve;
use crate::layout::Finish;
use crate::rules::{Cell, CellSet, Grid, MAX_SIDE};
use crate::solver::engines::exact;
use crate::solver::services::analyze::{analyze, StartReport};
use crate::solver::services::worker::{Finished, Worker};
use eframe::egui;
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Expansions the background check may use: a second or two on the largest boards, and
/// enough to settle every board of the catalogue but the hardest.
pub const CHECK_BUDGET: u64 = 2_000_000;

/// Expansions each (start, finish) solve of "Analyze starts" may use. Keeps memory modest
/// (each finish cell's table is sized by it) and the whole analysis to seconds.
pub const ANALYZE_BUDGET: u64 = 1_000_000;

/// Seconds the board must stay unchanged before a check starts, so a drag across ten cells
/// starts one search, not ten.
const CHECK_DELAY: f64 = 0.2;

/// Least seconds between two autosaves while a person keeps editing.
const AUTOSAVE_EVERY: f64 = 2.0;

/// Which view the window shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Play a board.
    #[default]
    Play,
    /// Design a board.
    Editor,
}

/// Something a person asked the editor for. [`PegsolApp::apply_editor`] carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorCommand {
    /// Start a stroke (a click or a drag) on a cell with the current tool.
    Begin(Cell),
    /// Continue the stroke onto a cell.
    StrokeTo(Cell),
    /// End the stroke.
    End,
    /// Choose the tool.
    SetTool(Tool),
    /// Choose the mirror.
    SetMirror(Mirror),
    /// Undo the last change.
    Undo,
    /// Redo the last change undone.
    Redo,
    /// Fill every hole with a peg.
    Fill,
    /// Empty every hole.
    EmptyHoles,
    /// Take every cell off the board.
    Clear,
    /// Set the finish.
    SetFinish(Finish),
    /// Set the name.
    SetName(String),
    /// Set the description.
    SetDescription(String),
    /// Change the frame's size.
    Resize(u8, u8),
    /// A new board (asks first if there are unsaved changes).
    New(Grid, u8, u8),
    /// Start from a catalogue board (asks first).
    FromCatalogue(String),
    /// Start from the position in play (asks first).
    EditPosition,
    /// Open a board file (asks first).
    Open(PathBuf),
    /// Open the pasted text (asks first).
    OpenPasted,
    /// Replace the board with this one, read from this file if any (asks first if there are
    /// unsaved changes; the commands that read boards end here).
    Load(Box<Board>, Option<PathBuf>),
    /// Set the text of the paste field.
    SetPaste(String),
    /// Save to the board's file (or ask where, if it has none or is not a RON file).
    Save,
    /// Save to this path.
    SaveAs(PathBuf),
    /// Ask for a file to open (a dialog).
    ChooseOpen,
    /// Ask where to save (a dialog).
    ChooseSaveAs,
    /// Analyse every single-vacancy start.
    Analyze,
    /// Stop the analysis.
    CancelAnalysis,
    /// Show the finishes of this start.
    ShowStart(Option<Cell>),
    /// Play the board.
    Play,
    /// Play the board and solve it.
    Solve,
    /// Close the window (asks first).
    CloseWindow,
    /// The prompt's answer: save, then carry on.
    PromptSave,
    /// The prompt's answer: drop the changes, then carry on.
    PromptDiscard,
    /// The prompt's answer: do nothing.
    PromptCancel,
    /// Take the autosaved board back.
    Recover,
    /// Drop the autosaved board.
    DiscardRecovery,
    /// Hide the error box.
    DismissError,
}

impl EditorCommand {
    /// Whether the command replaces the board, so unsaved changes need a prompt first.
    fn replaces_board(&self) -> bool {
        matches!(self, EditorCommand::Load(..) | EditorCommand::CloseWindow)
    }
}

/// Window commands that mean something else while the editor is shown: undo and redo act on
/// the board, Open and Save (menus, Ctrl+O, Ctrl+S, the boards panel, recent files) on the
/// editor's file. Playing jumps and restarting do nothing there.
pub fn reroute(command: Command) -> Option<Command> {
    let editor = |c| Some(Command::Editor(c));
    match command {
        Command::Undo => editor(EditorCommand::Undo),
        Command::Redo => editor(EditorCommand::Redo),
        Command::ChooseFileToOpen => editor(EditorCommand::ChooseOpen),
        Command::ChooseFileToSave => editor(EditorCommand::Save),
        Command::OpenFile(path) => editor(EditorCommand::Open(path)),
        Command::OpenCatalogue(key) => editor(EditorCommand::FromCatalogue(key)),
        Command::Play(_) | Command::Restart => None,
        other => Some(other),
    }
}

/// The "Play | Editor" switch for the top bar, laid out right to left.
pub fn mode_switch_ui(ui: &mut Ui, mode: Mode) -> Option<Command> {
    let mut chosen = None;
    for (m, name) in [(Mode::Editor, "Editor"), (Mode::Play, "Play")] {
        if ui.selectable_label(mode == m, name).clicked() {
            chosen = Some(Command::SetMode(m));
        }
    }
    ui.label(RichText::new("View:").weak());
    chosen
}

/// The exact solver's verdict on the board as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The board changed a moment ago; the check starts when it stays put.
    Waiting,
    /// The search is running.
    Checking,
    /// A win was found.
    Winnable,
    /// Proven impossible.
    NotWinnable,
    /// The budget ran out first.
    Unknown,
    /// The board cannot be played, so there is nothing to check.
    NotPlayable,
    /// The search failed (a bug): the message.
    Failed(String),
}

type PuzzleKey = (Grid, CellSet, CellSet, Finish);

/// The background check of the board's target.
struct CheckJob {
    key: PuzzleKey,
    worker: Option<Worker<Option<bool>>>,
    verdict: Verdict,
}

/// "Analyze starts": a job or its result, for one shape.
struct Analysis {
    key: (Grid, CellSet),
    worker: Option<Worker<Option<Vec<StartReport>>>>,
    reports: Option<Vec<StartReport>>,
    failed: Option<String>,
}

/// The editor's window state (see the module docs).
pub struct EditorState {
    editor: Editor,
    path: Option<PathBuf>,
    tool: Tool,
    mirror: Mirror,
    canvas: CanvasState,
    facts: Facts,
    facts_of: Board,
    check: Option<CheckJob>,
    changed_at: f64,
    analysis: Option<Analysis>,
    shown_start: Option<Cell>,
    new_grid: Grid,
    new_size: (u8, u8),
    paste: String,
    error: Option<String>,
    prompt: Option<EditorCommand>,
    recovery: Option<Autosave>,
    autosave_path: Option<PathBuf>,
    autosaved: Option<Board>,
    last_autosave: f64,
    closing: bool,
}

impl EditorState {
    /// An editor on `board`, with no file and no autosave.
    pub fn new(board: Board) -> EditorState {
        EditorState {
            facts: board.facts(),
            facts_of: board.clone(),
            editor: Editor::new(board),
            path: None,
            tool: Tool::default(),
            mirror: Mirror::default(),
            canvas: CanvasState::default(),
            check: None,
            changed_at: f64::NEG_INFINITY,
            analysis: None,
            shown_start: None,
            new_grid: Grid::Square,
            new_size: (7, 7),
            paste: String::new(),
            error: None,
            prompt: None,
            recovery: None,
            autosave_path: None,
            autosaved: None,
            last_autosave: f64::NEG_INFINITY,
            closing: false,
        }
    }

    /// An editor on the start of the game in play.
    pub fn for_game(game: &Game) -> EditorState {
        let layout = game.puzzle.layout_for(game.puzzle.start.pegs());
        // A valid puzzle's layout always fits the editor; a blank board is the fallback.
        let board = Board::from_layout(&layout).unwrap_or_else(|_| Board::new(Grid::Square, 7, 7));
        EditorState::new(board)
    }

    /// The editing model.
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.editor.board()
    }

    /// The file the board belongs to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The live facts and checks of the board.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// The background check's verdict, if a check was made for the board as it stands.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.check.as_ref().map(|c| &c.verdict)
    }

    /// The analysis of the starts, when finished and still about this board's holes.
    pub fn analysis(&self) -> Option<&[StartReport]> {
        self.analysis.as_ref().and_then(|a| a.reports.as_deref())
    }

    /// Whether the analysis is running.
    pub fn analyzing(&self) -> bool {
        self.analysis.as_ref().is_some_and(|a| a.worker.is_some())
    }

    /// The error on show (a file that failed to load), if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The action waiting on the unsaved-changes prompt, if it is shown.
    pub fn prompt(&self) -> Option<&EditorCommand> {
        self.prompt.as_ref()
    }

    /// The autosaved board on offer, if any.
    pub fn recovery(&self) -> Option<&Autosave> {
        self.recovery.as_ref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.editor.is_dirty()
    }

    /// The current tool.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// Autosaves the edit in progress to `path` from now on, and offers back a board found
    /// there (left by a run that crashed or was killed). An unreadable autosave is reported on
    /// standard error and ignored.
    pub fn attach_autosave(&mut self, path: PathBuf) {
        match editor_files::read_autosave(&path) {
            Ok(found) => self.recovery = found,
            Err(e) => eprintln!("pegsol: ignoring the editor's autosave: {e}"),
        }
        self.autosave_path = Some(path);
    }

    /// The title's editor part: the board's name, its file, and `*` for unsaved changes.
    pub fn title(&self) -> String {
        let star = if self.is_dirty() { "*" } else { "" };
        let file = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| format!(" ({})", n.to_string_lossy()))
            .unwrap_or_default();
        format!("{star}{}{file}", self.board().name)
    }

    /// Whether closing the window must wait for the prompt.
    pub fn holds_close(&self) -> bool {
        self.is_dirty() && !self.closing
    }

    /// Replaces the board (a load, a new board): clean, no undo history, checks restarted.
    fn load(&mut self, board: Board, path: Option<PathBuf>) {
        if !Mirror::available(board.grid).contains(&self.mirror) {
            // The triangular grid has only the left-right mirror (see [`Mirror`]).
            self.mirror = Mirror::LeftRight;
        }
        self.editor = Editor::new(board);
        self.path = path;
        self.error = None;
        self.shown_start = None;
        self.changed_at = f64::NEG_INFINITY;
    }

    /// Once a frame: keeps the facts current, restarts the check when the board changed,
    /// collects finished jobs, and autosaves.
    fn tick(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let board = self.editor.board().clone();
        if board != self.facts_of {
            self.facts = board.facts();
            self.facts_of = board.clone();
        }
        self.tick_check(ctx, &board, now);
        self.tick_analysis(&board);
        self.tick_autosave(ctx, &board, now);
    }

    fn tick_check(&mut self, ctx: &egui::Context, board: &Board, now: f64) {
        let key = board.puzzle_key();
        if self.check.as_ref().is_none_or(|c| c.key != key) {
            // Dropping the old job cancels its search.
            let verdict = if self.facts.puzzle.is_some() {
                Verdict::Waiting
            } else {
                Verdict::NotPlayable
            };
            if self.check.is_some() {
                self.changed_at = now;
            }
            self.check = Some(CheckJob {
                key,
                worker: None,
                verdict,
            });
        }
        let Some(check) = &mut self.check else { return };
        if check.verdict == Verdict::Waiting {
            let wait = self.changed_at + CHECK_DELAY - now;
            if wait > 0.0 {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
                return;
            }
            if let Some(puzzle) = &self.facts.puzzle {
                let (start, goal) = (puzzle.start.clone(), puzzle.goal);
                let wake = ctx.clone();
                check.worker = Some(Worker::start(
                    "editor-check",
                    move |job| {
                        job.control(|c| exact::winnable(&start, goal, Some(CHECK_BUDGET), c).0)
                    },
                    move || wake.request_repaint(),
                ));
                check.verdict = Verdict::Checking;
            }
        }
        if let Some(worker) = &mut check.worker {
            match worker.take_finished() {
                None => {}
                Some(finished) => {
                    check.verdict = match finished {
                        Finished::Done(Some(true)) => Verdict::Winnable,
                        Finished::Done(Some(false)) => Verdict::NotWinnable,
                        Finished::Done(None) | Finished::Cancelled(_) => Verdict::Unknown,
                        Finished::Failed(e) => Verdict::Failed(e),
                    };
                    check.worker = None;
                }
            }
        }
    }

    fn tick_analysis(&mut self, board: &Board) {
        let Some(analysis) = &mut self.analysis else {
            return;
        };
        if analysis.key != board.shape_key() {
            // The holes changed: the answers are about another board.
            self.analysis = None;
            self.shown_start = None;
            return;
        }
        if let Some(worker) = &mut analysis.worker {
            if let Some(finished) = worker.take_finished() {
                match finished {
                    Finished::Done(Some(reports)) => analysis.reports = Some(reports),
                    Finished::Done(None) | Finished::Cancelled(_) => {
                        analysis.failed = Some("cancelled".into())
                    }
                    Finished::Failed(e) => analysis.failed = Some(e),
                }
                analysis.worker = None;
            }
        }
    }

    fn tick_autosave(&mut self, ctx: &egui::Context, board: &Board, now: f64) {
        let Some(path) = &self.autosave_path else {
            return;
        };
        // While a recovery is on offer the file holds the old edit: leave it alone.
        if self.recovery.is_some() {
            return;
        }
        if !self.editor.is_dirty() {
            if self.autosaved.take().is_some() {
                editor_files::clear_autosave(path);
            }
            return;
        }
        if self.autosaved.as_ref() == Some(board) {
            return;
        }
        let wait = self.last_autosave + AUTOSAVE_EVERY - now;
        if wait > 0.0 {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
            return;
        }
        let autosave = Autosave::of(board, self.path.as_deref());
        if let Err(e) = editor_files::write_autosave(path, &autosave) {
            eprintln!("pegsol: cannot autosave the board: {e}");
        }
        self.autosaved = Some(board.clone());
        self.last_autosave = now;
    }

    /// Writes the autosave now if it is due at all (for tests and before a risky step).
    pub fn autosave_now(&mut self) {
        self.last_autosave = f64::NEG_INFINITY;
        if let Some(path) = self.autosave_path.clone() {
            if self.recovery.is_none() && self.editor.is_dirty() {
                let board = self.editor.board().clone();
                let autosave = Autosave::of(&board, self.path.as_deref());
                if let Err(e) = editor_files::write_autosave(&path, &autosave) {
                    eprintln!("pegsol: cannot autosave the board: {e}");
                }
                self.autosaved = Some(board);
            }
        }
    }

    fn clear_autosave(&mut self) {
        if let Some(path) = &self.autosave_path {
            editor_files::clear_autosave(path);
        }
        self.autosaved = None;
    }
}

/// The app as `pegsol --editor [--layout L | FILE]` starts it: the play view as usual (the
/// remembered game or the English board) and the editor on the board asked for (the English
/// board if none). A board the editor cannot take fails a screenshot run; otherwise it is
/// reported in the window.
pub(super) fn start_editing(
    options: &GuiOptions,
    remembered: Option<PersistedState>,
) -> Result<PegsolApp, String> {
    let spec = match (&options.file, &options.layout) {
        (Some(file), _) => file.display().to_string(),
        (None, Some(layout)) => layout.clone(),
        (None, None) => "english".to_string(),
    };
    let play = GuiOptions {
        editor: false,
        layout: None,
        file: None,
        ..options.clone()
    };
    let mut app = PegsolApp::start(&play, remembered)?;
    app.mode = Mode::Editor;
    if let Err(e) = app.edit_spec(&spec) {
        if options.screenshot.is_some() {
            return Err(e);
        }
        eprintln!("pegsol: {e}");
        app.pending.push(Command::Tell(e));
    }
    Ok(app)
}

impl PegsolApp {
    /// Which view is shown.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The editor.
    pub fn editor(&self) -> &EditorState {
        &self.editor
    }

    /// The editor, to attach an autosave or load a board (start-up and tests).
    pub fn editor_mut(&mut self) -> &mut EditorState {
        &mut self.editor
    }

    /// Shows the editor with a `LAYOUT` argument's board (a catalogue board or a file).
    pub fn edit_spec(&mut self, spec: &str) -> Result<(), String> {
        let (layout, source) = resolve(spec).map_err(|e| e.to_string())?;
        let board = Board::from_layout(&layout).map_err(|problems| {
            let list: Vec<String> = problems.iter().map(|p| format!("  - {p}")).collect();
            format!("{source}: cannot edit this board:\n{}", list.join("\n"))
        })?;
        let path = Path::new(spec).is_file().then(|| PathBuf::from(spec));
        self.editor.load(board, path);
        self.mode = Mode::Editor;
        Ok(())
    }

    /// Once a frame, before the view: the editor's background jobs and autosave.
    pub(super) fn editor_tick(&mut self, ctx: &egui::Context) {
        self.editor.tick(ctx);
        if ctx.input(|i| i.viewport().close_requested())
            && self.editor.holds_close()
            && self.screenshot.is_none()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.mode = Mode::Editor;
            self.editor.prompt = Some(EditorCommand::CloseWindow);
        }
    }

    /// Carries out one editor command (called from [`PegsolApp::apply`]).
    pub(super) fn apply_editor(&mut self, ctx: &egui::Context, command: EditorCommand) {
        let now = ctx.input(|i| i.time);
        if command.replaces_board() && self.editor.is_dirty() {
            self.mode = Mode::Editor;
            self.editor.prompt = Some(command);
            return;
        }
        let ed = &mut self.editor;
        match command {
            EditorCommand::Begin(cell) => ed.editor.begin_stroke(ed.tool, cell, ed.mirror),
            EditorCommand::StrokeTo(cell) => ed.editor.stroke_to(cell),
            EditorCommand::End => ed.editor.end_stroke(),
            EditorCommand::SetTool(tool) => ed.tool = tool,
            EditorCommand::SetMirror(mirror) => ed.mirror = mirror,
            EditorCommand::Undo => {
                if !ed.editor.undo() {
                    self.tell(now, "Nothing to undo in the editor".into());
                }
            }
            EditorCommand::Redo => {
                if !ed.editor.redo() {
                    self.tell(now, "Nothing to redo in the editor".into());
                }
            }
            EditorCommand::Fill => {
                ed.editor.fill();
            }
            EditorCommand::EmptyHoles => {
                ed.editor.empty_holes();
            }
            EditorCommand::Clear => {
                ed.editor.clear();
            }
            EditorCommand::SetFinish(finish) => {
                ed.editor.set_finish(finish);
            }
            EditorCommand::SetName(name) => ed.editor.set_name(&name),
            EditorCommand::SetDescription(text) => ed.editor.set_description(&text),
            EditorCommand::Resize(w, h) => ed.editor.resize(w, h),
            EditorCommand::New(grid, w, h) => {
                let board = Board::new(grid, w, h);
                self.apply_editor(ctx, EditorCommand::Load(Box::new(board), None));
            }
            EditorCommand::FromCatalogue(key) => {
                let board = catalogue::find(&key)
                    .ok_or_else(|| format!("`{key}` is not a board of the catalogue"))
                    .and_then(|e| e.layout().map_err(|e| e.to_string()))
                    .and_then(|l| Board::from_layout(&l).map_err(|_| key.clone()));
                match board {
                    Ok(board) => self.apply_editor(ctx, EditorCommand::Load(Box::new(board), None)),
                    Err(e) => self.tell(now, e),
                }
            }
            EditorCommand::EditPosition => {
                let game = &self.game;
                let layout = game.puzzle.layout_for(game.record.position().pegs());
                match Board::from_layout(&layout) {
                    Ok(board) => self.apply_editor(ctx, EditorCommand::Load(Box::new(board), None)),
                    Err(_) => self.tell(now, "This position cannot be edited".into()),
                }
            }
            // The file is read before anything is replaced or asked: a broken file shows its
            // message and leaves the edit in progress exactly as it was.
            EditorCommand::Open(path) => match editor_files::open_board(&path) {
                Ok(board) => {
                    self.apply_editor(ctx, EditorCommand::Load(Box::new(board), Some(path)))
                }
                Err(e) => {
                    eprintln!("pegsol: {e}");
                    ed.error = Some(e);
                }
            },
            EditorCommand::OpenPasted => {
                match editor_files::board_from_text(&ed.paste, "<pasted text>") {
                    Ok(board) => {
                        ed.paste.clear();
                        self.apply_editor(ctx, EditorCommand::Load(Box::new(board), None));
                    }
                    Err(e) => ed.error = Some(e),
                }
            }
            EditorCommand::Load(board, path) => {
                ed.load(*board, path.clone());
                self.mode = Mode::Editor;
                if let Some(path) = path {
                    // Only a RON layout is saved back in place; other formats Save As.
                    self.remember_file(path);
                }
            }
            EditorCommand::SetPaste(text) => ed.paste = text,
            EditorCommand::Save => match ed.path.clone().filter(|p| is_ron(p)) {
                Some(path) => self.apply_editor(ctx, EditorCommand::SaveAs(path)),
                None => self.apply_editor(ctx, EditorCommand::ChooseSaveAs),
            },
            EditorCommand::SaveAs(path) => {
                let layout = ed.editor.board().to_layout();
                match editor_files::save_layout(&path, &layout) {
                    Ok(()) => {
                        ed.editor.mark_saved();
                        ed.path = Some(path.clone());
                        ed.clear_autosave();
                        self.tell(now, format!("Saved to {}", path.display()));
                        self.remember_file(path);
                    }
                    Err(e) => {
                        ed.error = Some(e);
                    }
                }
            }
            EditorCommand::ChooseOpen => {
                let picked = self.pick_path(now, || {
                    rfd::FileDialog::new()
                        .set_title("Open a board to edit")
                        .add_filter("Boards", &["ron", "txt", "h"])
                        .add_filter("All files", &["*"])
                        .pick_file()
                });
                if let Some(path) = picked {
                    self.apply_editor(ctx, EditorCommand::Open(path));
                }
            }
            EditorCommand::ChooseSaveAs => {
                let name = format!("{}.ron", file_stem(&ed.editor.board().name));
                let picked = self.pick_path(now, || {
                    rfd::FileDialog::new()
                        .set_title("Save the board")
                        .add_filter("Pegsol layouts", &["ron"])
                        .set_file_name(name)
                        .save_file()
                });
                // With no path, a prompt waiting on this save stays up: nothing was saved.
                if let Some(path) = picked {
                    self.apply_editor(ctx, EditorCommand::SaveAs(path));
                }
            }
            EditorCommand::Analyze => {
                let board = ed.editor.board();
                if board.cells.is_empty() {
                    self.tell(now, "Paint some holes first".into());
                    return;
                }
                let shape = Arc::new(board.shape());
                let wake = ctx.clone();
                ed.analysis = Some(Analysis {
                    key: board.shape_key(),
                    worker: Some(Worker::start(
                        "editor-analysis",
                        move |job| job.control(|c| analyze(&shape, None, Some(ANALYZE_BUDGET), c)),
                        move || wake.request_repaint(),
                    )),
                    reports: None,
                    failed: None,
                });
            }
            EditorCommand::CancelAnalysis => ed.analysis = None,
            EditorCommand::ShowStart(cell) => ed.shown_start = cell,
            EditorCommand::Play | EditorCommand::Solve => {
                let solve = command == EditorCommand::Solve;
                let Some(puzzle) = ed.facts.puzzle.clone() else {
                    let first = ed.facts.checks.first().map(|c| c.to_string());
                    self.tell(
                        now,
                        format!(
                            "This board cannot be played yet: {}",
                            first.unwrap_or_default()
                        ),
                    );
                    return;
                };
                let source = match &ed.path {
                    Some(path) if !ed.editor.is_dirty() && is_ron(path) => {
                        Source::File(path.clone())
                    }
                    _ => Source::Other(format!("editor: {}", puzzle.name)),
                };
                self.switch_to(Game::new(puzzle, source));
                self.mode = Mode::Play;
                if solve {
                    // The solver panel's own settings (engine, budget, finish) apply.
                    self.settings.show_solver = true;
                    let command = match self.solver_panel.request(super::solve::SolveFrom::Start) {
                        Ok(request) => Command::Solve(request),
                        Err(e) => Command::Tell(format!("Budget: {e}")),
                    };
                    self.apply(ctx, command);
                }
            }
            EditorCommand::CloseWindow => {
                ed.closing = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            EditorCommand::PromptSave => {
                let Some(pending) = ed.prompt.clone() else {
                    return;
                };
                self.apply_editor(ctx, EditorCommand::Save);
                if !self.editor.is_dirty() {
                    self.editor.prompt = None;
                    self.apply_editor(ctx, pending);
                }
            }
            EditorCommand::PromptDiscard => {
                if let Some(pending) = ed.prompt.take() {
                    ed.editor.mark_saved();
                    ed.clear_autosave();
                    self.apply_editor(ctx, pending);
                }
            }
            EditorCommand::PromptCancel => ed.prompt = None,
            EditorCommand::Recover => {
                if let Some(autosave) = ed.recovery.take() {
                    match autosave.board() {
                        Ok(board) => {
                            ed.editor = Editor::unsaved(board);
                            ed.path = autosave.path;
                            self.mode = Mode::Editor;
                        }
                        Err(e) => ed.error = Some(e),
                    }
                }
            }
            EditorCommand::DiscardRecovery => {
                ed.recovery = None;
                ed.clear_autosave();
            }
            EditorCommand::DismissError => ed.error = None,
        }
    }

    /// The prompts that may show in either view: unsaved changes, and the recovery offer.
    pub(super) fn editor_prompts_ui(&self, ctx: &egui::Context) -> Vec<Command> {
        let mut out = Vec::new();
        prompt_ui(ctx, &self.editor, &mut out);
        out.into_iter().map(Command::Editor).collect()
    }
}

/// The editor's status line and the checks panel on the right, for one frame: call before
/// the central panel.
pub(super) fn side_panels_ui(
    ed: &mut EditorState,
    ui: &mut Ui,
    notice: Option<&str>,
) -> Vec<Command> {
    let mut out: Vec<EditorCommand> = Vec::new();
    egui::Panel::bottom("editor-status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(format!("Editing: {}", ed.title()));
            if ed.is_dirty() {
                ui.separator();
                ui.label(RichText::new("unsaved changes").strong());
            }
            if let Some(text) = notice {
                ui.separator();
                ui.colored_label(ui.visuals().warn_fg_color, text);
            }
        });
    });
    egui::Panel::right("editor-checks")
        .resizable(true)
        .default_size(260.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| checks_ui(ui, ed, &mut out));
        });
    out.into_iter().map(Command::Editor).collect()
}

/// The toolbar, any error, and the canvas, inside the window's central panel.
pub(super) fn central_ui(ed: &mut EditorState, ui: &mut Ui) -> Vec<Command> {
    let mut out: Vec<EditorCommand> = Vec::new();
    toolbar_ui(ui, ed, &mut out);
    if let Some(error) = &ed.error {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.colored_label(ui.visuals().warn_fg_color, error);
            if ui.button("Dismiss").clicked() {
                out.push(EditorCommand::DismissError);
            }
        });
    }
    let shown = ed.canvas.hovered.or(ed.shown_start);
    let model = CanvasModel {
        board: ed.editor.board(),
        analysis: ed.analysis.as_ref().and_then(|a| a.reports.as_deref()),
        shown_start: shown,
    };
    out.extend(ed.canvas.ui(ui, &model));
    out.into_iter().map(Command::Editor).collect()
}

/// The unsaved-changes prompt and the recovery offer, as modal windows.
fn prompt_ui(ctx: &egui::Context, ed: &EditorState, out: &mut Vec<EditorCommand>) {
    if let Some(pending) = &ed.prompt {
        let what = match pending {
            EditorCommand::CloseWindow => "before closing",
            _ => "before opening another board",
        };
        let modal = egui::Modal::new(egui::Id::unique("editor-unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "The board “{}” has changes that are not saved. Save them {what}?",
                ed.board().name
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    out.push(EditorCommand::PromptSave);
                }
                if ui.button("Discard").clicked() {
                    out.push(EditorCommand::PromptDiscard);
                }
                if ui.button("Cancel").clicked() {
                    out.push(EditorCommand::PromptCancel);
                }
            });
        });
        if modal.should_close() && out.is_empty() {
            out.push(EditorCommand::PromptCancel);
        }
    } else if let Some(autosave) = &ed.recovery {
        egui::Modal::new(egui::Id::unique("editor-recover")).show(ctx, |ui| {
            ui.heading("Recover unsaved board?");
            ui.label(format!(
                "The board “{}” was being edited when Pegsol last stopped, and was not saved.",
                autosave.layout.name
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    out.push(EditorCommand::Recover);
                }
                if ui.button("Discard it").clicked() {
                    out.push(EditorCommand::DiscardRecovery);
                }
            });
        });
    }
}

/// The toolbar above the canvas: files, undo, tools, mirror, name, finish, play.
fn toolbar_ui(ui: &mut Ui, ed: &mut EditorState, out: &mut Vec<EditorCommand>) {
    let board = ed.editor.board().clone();
    ui.horizontal_wrapped(|ui| {
        ui.menu_button("New board…", |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut ed.new_grid, Grid::Square, "Square");
                ui.selectable_value(&mut ed.new_grid, Grid::Triangular, "Triangular");
            });
            let (mut w, mut h) = ed.new_size;
            ui.horizontal(|ui| {
                let label = ui.label("Width");
                ui.add(egui::DragValue::new(&mut w).range(1..=MAX_SIDE))
                    .labelled_by(label.id);
                let label = ui.label("Height");
                ui.add(egui::DragValue::new(&mut h).range(1..=MAX_SIDE))
                    .labelled_by(label.id);
            });
            ed.new_size = (w, h);
            if ui.button("Create").clicked() {
                out.push(EditorCommand::New(ed.new_grid, w, h));
                ui.close();
            }
        });
        ui.menu_button("Start from…", |ui| {
            if ui.button("The position in play").clicked() {
                out.push(EditorCommand::EditPosition);
                ui.close();
            }
            ui.separator();
            for entry in catalogue::ENTRIES {
                let name = entry.layout().map(|l| l.name).unwrap_or_default();
                if ui.button(name).clicked() {
                    out.push(EditorCommand::FromCatalogue(entry.key.to_string()));
                    ui.close();
                }
            }
        });
        if ui.button("Open…").clicked() {
            out.push(EditorCommand::ChooseOpen);
        }
        if ui.button("Save").clicked() {
            out.push(EditorCommand::Save);
        }
        if ui.button("Save As…").clicked() {
            out.push(EditorCommand::ChooseSaveAs);
        }
        ui.separator();
        if ui
            .add_enabled(ed.editor.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            out.push(EditorCommand::Undo);
        }
        if ui
            .add_enabled(ed.editor.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.push(EditorCommand::Redo);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Tool:");
        for tool in Tool::ALL {
            if ui.selectable_label(ed.tool == tool, tool.name()).clicked() {
                out.push(EditorCommand::SetTool(tool));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Mirror:");
        for &mirror in Mirror::available(board.grid) {
            if ui
                .selectable_label(ed.mirror == mirror, mirror.name())
                .clicked()
            {
                out.push(EditorCommand::SetMirror(mirror));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Fill all holes").clicked() {
            out.push(EditorCommand::Fill);
        }
        if ui.button("Empty all holes").clicked() {
            out.push(EditorCommand::EmptyHoles);
        }
        if ui.button("Clear board").clicked() {
            out.push(EditorCommand::Clear);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Finish:");
        if ui
            .selectable_label(board.finish == Finish::Anywhere, "Anywhere")
            .clicked()
        {
            out.push(EditorCommand::SetFinish(Finish::Anywhere));
        }
        if ui
            .selectable_label(board.finish == Finish::Center, "Centre")
            .clicked()
        {
            out.push(EditorCommand::SetFinish(Finish::Center));
        }
        let cell_text = match board.finish {
            Finish::Cell { x, y } => format!("Cell {}", cell_name(Cell { x, y })),
            _ => "A cell…".to_string(),
        };
        let is_cell = matches!(board.finish, Finish::Cell { .. });
        if ui
            .selectable_label(is_cell, cell_text)
            .on_hover_text("Pick the cell with the Finish cell tool")
            .clicked()
        {
            out.push(EditorCommand::SetTool(Tool::Finish));
        }
        ui.separator();
        let (mut w, mut h) = (board.width, board.height);
        let label = ui.label("Frame");
        let wr = ui
            .add(egui::DragValue::new(&mut w).range(1..=MAX_SIDE))
            .labelled_by(label.id);
        ui.label("x");
        let hr = ui
            .add(egui::DragValue::new(&mut h).range(1..=MAX_SIDE))
            .labelled_by(label.id);
        if (wr.changed() || hr.changed()) && (w, h) != (board.width, board.height) {
            out.push(EditorCommand::Resize(w, h));
        }
    });
}

/// The panel beside the canvas: facts, every check, the solver's verdict, and the starts.
fn checks_ui(ui: &mut Ui, ed: &EditorState, out: &mut Vec<EditorCommand>) {
    let facts = &ed.facts;
    ui.heading("Board");
    egui::Grid::new("editor-names")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Name");
            let mut name = ed.board().name.clone();
            if ui
                .add(egui::TextEdit::singleline(&mut name).desired_width(f32::INFINITY))
                .labelled_by(label.id)
                .changed()
            {
                out.push(EditorCommand::SetName(name));
            }
            ui.end_row();
            let label = ui.label("Description");
            let mut description = ed.board().description.clone();
            if ui
                .add(egui::TextEdit::singleline(&mut description).desired_width(f32::INFINITY))
                .labelled_by(label.id)
                .changed()
            {
                out.push(EditorCommand::SetDescription(description));
            }
            ui.end_row();
        });
    egui::Grid::new("editor-facts").show(ui, |ui| {
        ui.label("Holes");
        ui.label(facts.holes.to_string());
        ui.end_row();
        ui.label("Pegs");
        ui.label(facts.pegs.to_string());
        ui.end_row();
        ui.label("Empty holes");
        ui.label(facts.empty.to_string());
        ui.end_row();
        ui.label("Symmetry");
        ui.label(format!(
            "{} ({} in all)",
            facts.symmetry_group,
            facts.symmetries.len()
        ))
        .on_hover_text(facts.symmetries.join(", "));
        ui.end_row();
        ui.label("Class allows");
        ui.label(format!(
            "{} one-peg finish cell(s)",
            facts.possible_finishes.len()
        ));
        ui.end_row();
    });
    ui.separator();
    ui.heading("Checks");
    if facts.checks.is_empty() {
        ui.label("No problems found.");
    }
    for check in &facts.checks {
        let mark = if check.blocks_play() {
            "Cannot play:"
        } else {
            "Cannot win:"
        };
        ui.colored_label(ui.visuals().warn_fg_color, format!("{mark} {check}"));
    }
    ui.separator();
    ui.heading("Can it be won?");
    let target = match facts.puzzle.as_ref().map(|p| p.goal) {
        Some(crate::rules::Goal::At(c)) => format!("Target: one peg, on {}", cell_name(c)),
        _ => "Target: one peg, anywhere".to_string(),
    };
    ui.label(target);
    let (text, verdict) = match ed.verdict() {
        None | Some(Verdict::Waiting) => ("Checking soon…".to_string(), None),
        Some(Verdict::Checking) => ("Checking…".to_string(), None),
        Some(Verdict::Winnable) => ("Winnable: the solver found a win.".to_string(), Some(true)),
        Some(Verdict::NotWinnable) => ("Not winnable (proven).".to_string(), Some(false)),
        Some(Verdict::Unknown) => (
            format!(
                "Unknown: not decided within {} million positions.",
                CHECK_BUDGET / 1_000_000
            ),
            None,
        ),
        Some(Verdict::NotPlayable) => ("Not checked: fix the problems first.".to_string(), None),
        Some(Verdict::Failed(e)) => (format!("The check failed: {e}"), Some(false)),
    };
    if matches!(ed.verdict(), Some(Verdict::Checking)) {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(&text);
        });
    } else {
        ui.colored_label(verdict_colour(ui, verdict), text);
    }
    ui.horizontal(|ui| {
        let playable = facts.puzzle.is_some();
        if ui
            .add_enabled(playable, egui::Button::new("Play this board"))
            .clicked()
        {
            out.push(EditorCommand::Play);
        }
        if ui
            .add_enabled(playable, egui::Button::new("Solve this board"))
            .clicked()
        {
            out.push(EditorCommand::Solve);
        }
    });
    ui.separator();
    paste_ui(ui, ed, out);
    ui.separator();
    ui.heading("Starts");
    ui.label(
        RichText::new(
            "Which single-vacancy starts can be won, and where they can finish \
             (position class first, then the exact solver).",
        )
        .weak(),
    );
    match &ed.analysis {
        Some(a) if a.worker.is_some() => {
            ui.horizontal(|ui| {
                ui.spinner();
                let searched = a
                    .worker
                    .as_ref()
                    .and_then(|w| w.snapshot().progress)
                    .map_or(0, |p| p.expanded);
                ui.label(format!("Analyzing… ({searched} positions)"));
            });
            if ui.button("Cancel analysis").clicked() {
                out.push(EditorCommand::CancelAnalysis);
            }
        }
        _ => {
            if ui.button("Analyze starts").clicked() {
                out.push(EditorCommand::Analyze);
            }
        }
    }
    let Some(analysis) = &ed.analysis else { return };
    if let Some(e) = &analysis.failed {
        ui.label(format!("Analysis stopped: {e}"));
    }
    let Some(reports) = &analysis.reports else {
        return;
    };
    let won = reports.iter().filter(|r| !r.finishes.is_empty()).count();
    ui.label(format!(
        "{won} of {} starts can be won (green rings on the board). Hover over a hole, or \
         pick a start below, to see its finish cells (orange diamonds).",
        reports.len()
    ));
    let cells = |v: &[Cell]| {
        v.iter()
            .map(|&c| cell_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for r in reports {
        let mut text = format!("start {}: ", cell_name(r.start));
        if r.finishes.is_empty() && r.unknown.is_empty() {
            text.push_str("cannot be won");
        } else {
            text.push_str(&cells(&r.finishes));
        }
        if !r.unknown.is_empty() {
            text.push_str(&format!(" (undecided: {})", cells(&r.unknown)));
        }
        let selected = ed.shown_start == Some(r.start);
        if ui.selectable_label(selected, text).clicked() {
            out.push(EditorCommand::ShowStart((!selected).then_some(r.start)));
        }
    }
}

/// The field to paste a Pegs game ID (or any board text) into, and its button.
fn paste_ui(ui: &mut Ui, ed: &EditorState, out: &mut Vec<EditorCommand>) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Paste a game ID");
        let mut paste = ed.paste.clone();
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut paste)
                    .hint_text("7x7:OOPPPOO…")
                    .desired_width(150.0),
            )
            .labelled_by(label.id);
        if response.changed() {
            out.push(EditorCommand::SetPaste(paste));
        }
        let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Open pasted").clicked() || enter {
            out.push(EditorCommand::OpenPasted);
        }
    });
}

/// Whether a path is a RON file (the only format Save writes back in place).
fn is_ron(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// A file name from a board's name: letters, digits and dashes.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        "board".into()
    } else {
        stem
    }
}
