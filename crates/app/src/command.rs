//! The shell's command vocabulary: what crosses views.
//!
//! Owns [`ShellCommand`] (as rerun's `SystemCommand`: tell the person something, open a
//! file in the view shown, play this board, edit this position, switch view, quit, show a
//! window), which the views return and the shell carries out in one place; the file
//! requests a view hands the shell's dialogs ([`FileRequest`]); and [`apply_each`], the one
//! way a view applies its own commands. A leaf: it names the views' command enums (each in
//! its view's `command.rs`) and nothing that draws, so every view may return it without
//! importing the shell.

use super::editor::command::EditorCommand;
use super::experiments::command::ExperimentsCommand;
use super::paint::palette::ThemeChoice;
use super::play::command::PlayCommand;
use super::random::command::RandomCommand;
use super::search::command::SearchCommand;
use eframe::egui;
use pegsol_record::Game;
use std::path::PathBuf;

/// Which view the window shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Play a board.
    #[default]
    Play,
    /// Design a board.
    Editor,
    /// Watch the assignment's search on the board in play.
    Search,
}

/// A window or panel the shell shows or hides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// The boards panel on the left.
    Picker,
    /// The play view's solver panel.
    Solver,
    /// The keyboard help.
    Help,
    /// The about window.
    About,
    /// The welcome window (hiding it records that it has been seen).
    Welcome,
    /// The Experiments window (the budget sweep).
    Experiments,
    /// The Problems window (the named classic problems).
    Problems,
}

/// Something for the window as a whole, or for whichever view is shown. Views return these;
/// [`super::PegsolApp::apply`] carries them out.
#[derive(Clone, Debug)]
pub enum ShellCommand {
    /// Show information: something done or worth knowing ("Board saved to …", a hint), in
    /// the neutral text colour. A short one goes after a while; a long one (an explanation
    /// a person needs time to read) stays until dismissed or replaced.
    Tell(String),
    /// Show a refusal or a problem ("cannot jump there", "Not saved: …"), in the warning
    /// colour. It stays until dismissed, replaced, or the person plays a jump.
    Warn(String),
    /// Ask for a file (the desktop's dialog, or the built-in one where there is none) and
    /// run the request's command with it.
    ChooseFile(FileRequest),
    /// Take the message off the screen (the person did something else).
    ClearNotice,
    /// Add a file to the recent files.
    Remember(PathBuf),
    /// Undo, in the view shown.
    Undo,
    /// Redo, in the view shown.
    Redo,
    /// Ask for a file to open, in the view shown (a dialog).
    ChooseFileToOpen,
    /// Save, in the view shown (the play view asks where; the editor saves in place).
    Save,
    /// Open a board or game file in the view shown.
    OpenFile(PathBuf),
    /// Open a catalogue board in the view shown.
    OpenCatalogue(String),
    /// Play this board in the play view and show it (its kept game, if the game store has
    /// one); with `solve`, also solve it from the start as the solver panel's form says
    /// (showing the panel).
    PlayGame {
        /// A fresh game of the board.
        game: Box<Game>,
        /// Whether to solve it at once.
        solve: bool,
        /// Whether the person asked for something new (a random puzzle): undo at its start
        /// goes back to the game it was opened over.
        fresh: bool,
    },
    /// Open the position in play in the editor.
    EditPosition,
    /// Show the play view, the editor or the Search view (which then searches the board in
    /// play).
    SetMode(Mode),
    /// Close the window (asking first when the games could not be written).
    Quit,
    /// Close the window although the games could not be written (the person said so).
    QuitAnyway,
    /// Put away the question a quit asked (the person chose to stay or save elsewhere).
    CloseQuitPrompt,
    /// Switch jump animation on or off.
    SetAnimate(bool),
    /// Switch View > Reduce motion on or off (no animation anywhere).
    SetReduceMotion(bool),
    /// Show or hide every legal jump's verdict on the board.
    SetShowWinningJumps(bool),
    /// How many positions a hint may examine before it says "unknown" (View > Hint effort).
    SetHintEffort(u64),
    /// Draw the coordinates round the board (and the editor's canvas), or not.
    SetCoordinates(bool),
    /// Choose the theme.
    SetTheme(ThemeChoice),
    /// Show or hide a window or panel.
    Show(Window, bool),
    /// Something for the play view.
    Play(PlayCommand),
    /// Something for the editor.
    Editor(EditorCommand),
    /// Something for the Experiments window.
    Experiments(ExperimentsCommand),
    /// Something for the Search view.
    Search(SearchCommand),
    /// The player made a jump on the board (not a replay or a redo): for the problems' marks,
    /// and with the game's end when it ended one that counts, for the statistics.
    PlayerJumped(Option<pegsol_record::session::Finish>),
    /// Open the New random puzzle window on the board shown (in play, or in the editor).
    NewRandomPuzzle,
    /// Something for the New random puzzle window.
    Random(RandomCommand),
}

/// What a dialog chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKind {
    /// An existing file to open.
    Open,
    /// A file to write (new or existing).
    Save,
    /// A folder (the charts' export).
    Folder,
}

/// A question for a file dialog and what to do with the answer.
#[derive(Clone, Debug)]
pub struct FileRequest {
    /// The dialog's title ("Save the game").
    pub title: String,
    /// Open, save or folder.
    pub kind: DialogKind,
    /// The file name offered when saving.
    pub file_name: Option<String>,
    /// Named groups of extensions (the desktop dialog's filters; the built-in one shows all
    /// files, so nothing a person wants is hidden).
    pub filters: Vec<(String, Vec<String>)>,
    /// The command that carries out the choice, given the path chosen.
    pub then: fn(PathBuf) -> ShellCommand,
}

impl FileRequest {
    /// A request of `kind` titled `title`, running `then` with the path.
    pub fn new(kind: DialogKind, title: &str, then: fn(PathBuf) -> ShellCommand) -> FileRequest {
        FileRequest {
            title: title.into(),
            kind,
            file_name: None,
            filters: Vec::new(),
            then,
        }
    }

    /// Offers the file name `stem.extension` (saving), `stem` being a board's or a game's
    /// name: characters a file name should not hold (`/`, `\\`, `:` and the like) become
    /// `-`, and an empty name becomes `game`.
    pub fn file_name_from(self, stem: &str, extension: &str) -> FileRequest {
        let clean: String = stem
            .trim()
            .chars()
            .map(|c| {
                if c.is_control() || "/\\:*?\"<>|".contains(c) {
                    '-'
                } else {
                    c
                }
            })
            .collect();
        let stem = if clean.trim_matches(['.', ' ']).is_empty() {
            "game"
        } else {
            clean.as_str()
        };
        self.file_name(format!("{stem}.{extension}"))
    }

    /// Offers `name` as the file name (saving).
    pub fn file_name(mut self, name: impl Into<String>) -> FileRequest {
        self.file_name = Some(name.into());
        self
    }

    /// Adds a filter: `name` for the files ending in `extensions`.
    pub fn filter(mut self, name: &str, extensions: &[&str]) -> FileRequest {
        let extensions = extensions.iter().map(|e| e.to_string()).collect();
        self.filters.push((name.into(), extensions));
        self
    }
}

/// Applies a view's `commands` in order with its `apply`, collecting what they hand back to
/// the shell; asks for a repaint if there were any, since the frame just painted shows the
/// old state.
pub fn apply_each<C>(
    ctx: &egui::Context,
    commands: Vec<C>,
    apply: impl FnMut(C) -> Vec<ShellCommand>,
) -> Vec<ShellCommand> {
    if !commands.is_empty() {
        ctx.request_repaint();
    }
    commands.into_iter().flat_map(apply).collect()
}
