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

mod apply;
pub mod canvas;
pub mod command;
pub mod counts;
pub mod files;
mod jobs;
mod ui;

use crate::command::ShellCommand;
use canvas::CanvasState;
pub use command::{EditFileCommand, EditorCommand, PaintCommand, PromptCommand, Verdict};
use eframe::egui;
use files::{Autosave, Autosaver};
use pegsol_layout::edit::{Board, Editor, Facts, Mirror, Tool};
use pegsol_layout::load::resolve;
use pegsol_record::Game;
use pegsol_rules::{Cell, Grid};
use pegsol_solver::services::analyze::StartReport;
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
    pub fn edit_spec(&mut self, spec: &str) -> Result<(), files::EditorFileError> {
        let (layout, source) = resolve(spec)?;
        let board = files::board_of(&layout, &source)?;
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
}

/// Whether a path is a RON file (the only format Save writes back in place).
pub(super) fn is_ron(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// A file name from a board's name: letters, digits and dashes.
pub(super) fn file_stem(name: &str) -> String {
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
