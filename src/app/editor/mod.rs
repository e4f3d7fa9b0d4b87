//! The layout editor view: design a board, see whether it can be won and from which start
//! holes, save it, open boards in any format, and hand it to the play view.
//!
//! Owns the editor's state: the [`Editor`] model, the file it belongs to, the tool and
//! mirror, the background checks (`jobs`), the unsaved-changes prompt, the recovery offer
//! and the autosave. Its widgets (`ui`, [`canvas`]) return [`EditorCommand`]s and
//! [`EditorView::apply`] is the one place its state changes; what concerns the rest of the
//! window (a notice, a file to remember, playing the board, switching view, closing) it
//! hands back as [`ShellCommand`]s. File access goes through [`files`], whose functions take
//! paths, so tests never open a dialog.

pub mod canvas;
pub mod command;
pub mod counts;
pub mod files;
mod jobs;
mod ui;

use crate::app::command::{apply_each, Mode, ShellCommand};
use crate::app::command::{DialogKind, FileRequest};
use crate::layout::catalogue;
use crate::layout::edit::{Board, Editor, Facts, Mirror, Tool};
use crate::layout::load::resolve;
use crate::record::{Game, Source};
use crate::rules::{Cell, Grid};
use crate::solver::services::analyze::StartReport;
use canvas::CanvasState;
pub use command::{EditorCommand, Verdict};
use eframe::egui;
use files::{Autosave, Autosaver};
use std::path::{Path, PathBuf};

/// Expansions the background check may use: a second or two on the largest boards, and
/// enough to settle every board of the catalogue but the hardest.
pub const CHECK_BUDGET: u64 = 2_000_000;

/// Expansions each (start, finish) solve of "Analyze starts" may use. Keeps memory modest
/// (each finish cell's table is sized by it) and the whole analysis to seconds.
pub const ANALYZE_BUDGET: u64 = 1_000_000;

/// The editor view (see the module docs).
pub struct EditorView {
    editor: Editor,
    path: Option<PathBuf>,
    /// The tool and mirror strokes paint with.
    brush: Brush,
    canvas: CanvasState,
    /// What is known of the board: its facts, the background checks and counts, the start
    /// shown.
    analysis: Analysis,
    /// The toolbar's own typing: the New board menu, the pasted text.
    form: Form,
    /// What the editor is asking or telling: an error, a question, the recovery offer.
    prompts: Prompts,
    autosave: Autosaver,
    /// Whether the editor was drawn since the last frame's logic: the fewest moves and the
    /// solution count are searched only for a person looking at them.
    shown: bool,
}

/// The tool and mirror strokes paint with.
#[derive(Clone, Copy, Debug, Default)]
struct Brush {
    tool: Tool,
    mirror: Mirror,
}

/// What is known of the board being edited.
struct Analysis {
    facts: Facts,
    /// The board the facts are about.
    facts_of: Board,
    jobs: jobs::Jobs,
    /// The start whose finishes the canvas shows.
    shown_start: Option<Cell>,
}

/// The toolbar's own typing.
#[derive(Clone, Debug)]
struct Form {
    /// The New board menu's grid and size.
    new_board: (Grid, u8, u8),
    /// The text pasted to import.
    paste: String,
}

/// What the editor is asking or telling the person.
#[derive(Clone, Debug, Default)]
struct Prompts {
    error: Option<String>,
    /// A command waiting on the person's answer (unsaved changes).
    prompt: Option<EditorCommand>,
    recovery: Option<Autosave>,
    /// The window is closing: the unsaved-changes question is the quit's.
    closing: bool,
}

impl EditorView {
    /// An editor on `board`, with no file and no autosave.
    pub fn new(board: Board) -> EditorView {
        EditorView {
            analysis: Analysis {
                facts: board.facts(),
                facts_of: board.clone(),
                jobs: jobs::Jobs::default(),
                shown_start: None,
            },
            editor: Editor::new(board),
            path: None,
            brush: Brush::default(),
            canvas: CanvasState::default(),
            form: Form {
                new_board: (Grid::Square, 7, 7),
                paste: String::new(),
            },
            prompts: Prompts::default(),
            autosave: Autosaver::default(),
            shown: false,
        }
    }

    /// An editor on the start of the game in play.
    pub fn for_game(game: &Game) -> EditorView {
        let layout = game.puzzle.layout_for(game.puzzle.start.pegs());
        // A valid puzzle's layout always fits the editor; a blank board is the fallback.
        let board = Board::from_layout(&layout).unwrap_or_else(|_| Board::new(Grid::Square, 7, 7));
        EditorView::new(board)
    }

    /// The editing model.
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// The New board popup's choices: grid, width, height.
    pub fn new_board(&self) -> (Grid, u8, u8) {
        self.form.new_board
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
        &self.analysis.facts
    }

    /// The background check's verdict, if a check was made for the board as it stands.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.analysis.jobs.verdict()
    }

    /// The fewest moves to win the board as it stands, as far as known.
    pub fn fewest_moves(&self) -> &counts::MovesFact {
        self.analysis.jobs.counts().moves()
    }

    /// The number of solutions of the board as it stands, as far as known.
    pub fn solutions(&self) -> &counts::SolutionsFact {
        self.analysis.jobs.counts().solutions()
    }

    /// The analysis of the starts, when finished and still about this board's holes.
    pub fn analysis(&self) -> Option<&[StartReport]> {
        self.analysis.jobs.analysis()
    }

    /// Whether the analysis is running.
    pub fn analyzing(&self) -> bool {
        self.analysis.jobs.analyzing()
    }

    /// The error on show (a file that failed to load), if any.
    pub fn error(&self) -> Option<&str> {
        self.prompts.error.as_deref()
    }

    /// The action waiting on the unsaved-changes prompt, if it is shown.
    pub fn prompt(&self) -> Option<&EditorCommand> {
        self.prompts.prompt.as_ref()
    }

    /// The autosaved board on offer, if any.
    pub fn recovery(&self) -> Option<&Autosave> {
        self.prompts.recovery.as_ref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.editor.is_dirty()
    }

    /// The current tool.
    pub fn tool(&self) -> Tool {
        self.brush.tool
    }

    /// Autosaves the edit in progress to `path` from now on, and offers back a board found
    /// there (left by a run that crashed or was killed). An unreadable autosave is reported on
    /// standard error and ignored. Part of start-up, before the first frame.
    pub fn attach_autosave(&mut self, path: PathBuf) {
        self.autosave.attach(path);
        self.prompts.recovery = self.autosave.leftover();
    }

    /// Writes the autosave now if there is anything to write (for tests and before a risky
    /// step).
    pub fn autosave_now(&mut self) {
        if self.prompts.recovery.is_none() && self.editor.is_dirty() {
            self.autosave
                .write(self.editor.board(), self.path.as_deref());
        }
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
        self.is_dirty() && !self.prompts.closing
    }

    /// Shows a `LAYOUT` argument's board (a catalogue board or a file): start-up.
    pub fn edit_spec(&mut self, spec: &str) -> Result<(), String> {
        let (layout, source) = resolve(spec).map_err(|e| e.to_string())?;
        let board = Board::from_layout(&layout).map_err(|problems| {
            let list: Vec<String> = problems.iter().map(|p| format!("  - {p}")).collect();
            format!("{source}: cannot edit this board:\n{}", list.join("\n"))
        })?;
        let path = Path::new(spec).is_file().then(|| PathBuf::from(spec));
        self.load(board, path);
        Ok(())
    }

    /// Replaces the board (a load, a new board): clean, no undo history, checks restarted.
    fn load(&mut self, board: Board, path: Option<PathBuf>) {
        if !Mirror::available(board.grid).contains(&self.brush.mirror) {
            // The triangular grid has only the left-right mirror (see [`Mirror`]).
            self.brush.mirror = Mirror::LeftRight;
        }
        self.editor = Editor::new(board);
        self.path = path;
        self.prompts.error = None;
        self.analysis.shown_start = None;
    }

    /// Works the facts out again if the board changed since.
    fn refresh_facts(&mut self) {
        let board = self.editor.board();
        if *board != self.analysis.facts_of {
            self.analysis.facts = board.facts();
            self.analysis.facts_of = board.clone();
        }
    }

    /// Once a frame, whichever view is shown: keeps the facts current, runs the background
    /// checks, and autosaves.
    pub fn logic(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        let now = ctx.input(|i| i.time);
        self.refresh_facts();
        let shown = std::mem::take(&mut self.shown);
        if self
            .analysis
            .jobs
            .logic(ctx, self.editor.board(), &self.analysis.facts, shown)
        {
            self.analysis.shown_start = None;
        }
        // While a recovery is on offer the file holds the old edit: leave it alone.
        if self.prompts.recovery.is_none() {
            let dirty = self.editor.is_dirty();
            let wait = self
                .autosave
                .tick(self.editor.board(), dirty, self.path.as_deref(), now);
            if let Some(wait) = wait {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
            }
        }
        // A failed autosave is shown in the window; the board stays marked unsaved.
        self.autosave
            .take_failure()
            .map(|e| ShellCommand::Warn(format!("The board could not be autosaved: {e}")))
            .into_iter()
            .collect()
    }

    /// Carries out a list of commands (see [`apply_each`]).
    fn apply_all(
        &mut self,
        ctx: &egui::Context,
        commands: Vec<EditorCommand>,
    ) -> Vec<ShellCommand> {
        apply_each(ctx, commands, |c| self.apply(ctx, c))
    }

    /// Carries out one command: the only place the editor's state changes. Returns what the
    /// rest of the window must do.
    pub fn apply(&mut self, ctx: &egui::Context, command: EditorCommand) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        let tell = |out: &mut Vec<ShellCommand>, text: String| out.push(ShellCommand::Warn(text));
        if command.replaces_board() && self.editor.is_dirty() {
            self.prompts.prompt = Some(command);
            out.push(ShellCommand::SetMode(Mode::Editor));
            return out;
        }
        let load = |board: Board, path: Option<PathBuf>| EditorCommand::Load(Box::new(board), path);
        match command {
            EditorCommand::Begin(cell) => {
                self.editor
                    .begin_stroke(self.brush.tool, cell, self.brush.mirror);
            }
            EditorCommand::StrokeTo(cell) => self.editor.stroke_to(cell),
            EditorCommand::End => self.editor.end_stroke(),
            EditorCommand::SetTool(tool) => self.brush.tool = tool,
            EditorCommand::SetMirror(mirror) => self.brush.mirror = mirror,
            EditorCommand::Undo => {
                if !self.editor.undo() {
                    tell(&mut out, "Nothing to undo in the editor".into());
                }
            }
            EditorCommand::Redo => {
                if !self.editor.redo() {
                    tell(&mut out, "Nothing to redo in the editor".into());
                }
            }
            EditorCommand::Fill => {
                self.editor.fill();
            }
            EditorCommand::EmptyHoles => {
                self.editor.empty_holes();
            }
            EditorCommand::Clear => {
                self.editor.clear();
            }
            EditorCommand::SetFinish(finish) => {
                self.editor.set_finish(finish);
            }
            EditorCommand::SetName(name) => self.editor.set_name(&name),
            EditorCommand::SetDescription(text) => self.editor.set_description(&text),
            EditorCommand::Resize(w, h) => self.editor.resize(w, h),
            EditorCommand::SetNewBoard(grid, w, h) => self.form.new_board = (grid, w, h),
            EditorCommand::New(grid, w, h) => {
                return self.apply(ctx, load(Board::new(grid, w, h), None));
            }
            EditorCommand::FromCatalogue(key) => {
                let board = catalogue::find(&key)
                    .ok_or_else(|| format!("`{key}` is not a board of the catalogue"))
                    .and_then(|e| e.layout().map_err(|e| e.to_string()))
                    .and_then(|l| Board::from_layout(&l).map_err(|_| key.clone()));
                match board {
                    Ok(board) => return self.apply(ctx, load(board, None)),
                    Err(e) => tell(&mut out, e),
                }
            }
            EditorCommand::EditPosition => out.push(ShellCommand::EditPosition),
            // The file is read before anything is replaced or asked: a broken file shows its
            // message and leaves the edit in progress exactly as it was.
            EditorCommand::Open(path) => match files::open_board(&path) {
                Ok(board) => return self.apply(ctx, load(board, Some(path))),
                Err(e) => {
                    eprintln!("pegsol: {e}");
                    self.prompts.error = Some(e);
                }
            },
            EditorCommand::OpenPasted => {
                match files::board_from_text(&self.form.paste, "<pasted text>") {
                    Ok(board) => {
                        self.form.paste.clear();
                        return self.apply(ctx, load(board, None));
                    }
                    Err(e) => self.prompts.error = Some(e),
                }
            }
            EditorCommand::Load(board, path) => {
                self.load(*board, path.clone());
                out.push(ShellCommand::SetMode(Mode::Editor));
                if let Some(path) = path {
                    out.push(ShellCommand::Remember(path));
                }
            }
            EditorCommand::SetPaste(text) => self.form.paste = text,
            // Only a RON layout is saved back in place; other formats Save As.
            EditorCommand::Save => {
                let command = match self.path.clone().filter(|p| is_ron(p)) {
                    Some(path) => EditorCommand::SaveAs(path),
                    None => EditorCommand::ChooseSaveAs,
                };
                return self.apply(ctx, command);
            }
            EditorCommand::SaveAs(path) => {
                let layout = self.editor.board().to_layout();
                match files::save_layout(&path, &layout) {
                    Ok(()) => {
                        self.editor.mark_saved();
                        self.path = Some(path.clone());
                        self.autosave.clear();
                        out.push(ShellCommand::Tell(format!(
                            "Board saved to {}",
                            path.display()
                        )));
                        out.push(ShellCommand::Remember(path));
                    }
                    // The board stays marked unsaved, and the error box says why.
                    Err(e) => {
                        tell(&mut out, format!("Not saved: {e}"));
                        self.prompts.error = Some(e);
                    }
                }
            }
            EditorCommand::ChooseOpen => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Open, "Open a board to edit", |path| {
                    ShellCommand::Editor(EditorCommand::Open(path))
                })
                .filter("Boards", &["ron", "txt", "h"])
                .filter("All files", &["*"]),
            )),
            // With no path chosen, a prompt waiting on this save stays up: nothing was saved.
            EditorCommand::ChooseSaveAs => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Save, "Save the board", |path| {
                    ShellCommand::Editor(EditorCommand::SaveAs(path))
                })
                .filter("Pegsol layouts", &["ron"])
                .file_name(format!("{}.ron", file_stem(&self.editor.board().name))),
            )),
            EditorCommand::Analyze => {
                if self.editor.board().cells.is_empty() {
                    tell(&mut out, "Paint some holes first".into());
                } else {
                    self.analysis.jobs.analyze(ctx, self.editor.board());
                }
            }
            EditorCommand::CancelAnalysis => self.analysis.jobs.cancel_analysis(),
            EditorCommand::ShowStart(cell) => self.analysis.shown_start = cell,
            EditorCommand::Play | EditorCommand::Solve => {
                // The board may have changed since the frame began.
                self.refresh_facts();
                let Some(puzzle) = self.analysis.facts.puzzle.clone() else {
                    let first = self.analysis.facts.checks.first().map(|c| c.to_string());
                    let why = first.unwrap_or_default();
                    tell(&mut out, format!("This board cannot be played yet: {why}"));
                    return out;
                };
                let source = match &self.path {
                    Some(path) if !self.editor.is_dirty() && is_ron(path) => {
                        Source::File(path.clone())
                    }
                    _ => Source::Other(format!("editor: {}", puzzle.name)),
                };
                out.push(ShellCommand::PlayGame {
                    game: Box::new(Game::new(puzzle, source)),
                    solve: command == EditorCommand::Solve,
                    fresh: false,
                });
            }
            EditorCommand::CloseWindow => {
                self.prompts.closing = true;
                out.push(ShellCommand::Quit);
            }
            EditorCommand::PromptSave => {
                let Some(pending) = self.prompts.prompt.clone() else {
                    return out;
                };
                out.extend(self.apply(ctx, EditorCommand::Save));
                if !self.editor.is_dirty() {
                    self.prompts.prompt = None;
                    out.extend(self.apply(ctx, pending));
                }
            }
            EditorCommand::PromptDiscard => {
                if let Some(pending) = self.prompts.prompt.take() {
                    self.editor.mark_saved();
                    self.autosave.clear();
                    out.extend(self.apply(ctx, pending));
                }
            }
            EditorCommand::PromptCancel => self.prompts.prompt = None,
            EditorCommand::Recover => {
                if let Some(autosave) = self.prompts.recovery.take() {
                    match autosave.board() {
                        Ok(board) => {
                            self.editor = Editor::unsaved(board);
                            self.path = autosave.path;
                            out.push(ShellCommand::SetMode(Mode::Editor));
                        }
                        Err(e) => self.prompts.error = Some(e),
                    }
                }
            }
            EditorCommand::DiscardRecovery => {
                self.prompts.recovery = None;
                self.autosave.clear();
            }
            EditorCommand::DismissError => self.prompts.error = None,
        }
        out
    }
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
