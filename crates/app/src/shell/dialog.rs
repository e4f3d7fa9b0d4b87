//! Choosing a file: the desktop's dialog when there is one, else a dialog drawn in the window.
//!
//! Owns every file dialog of the window. A view never opens one: it returns
//! [`ShellCommand::ChooseFile`] with a [`FileRequest`] (what to ask, and the command to run
//! with the path chosen), and the shell hands it to [`Dialogs::ask`]. That runs the desktop's
//! dialog through rfd (portal or zenity); when rfd comes back at once with nothing, the
//! desktop has no dialog service ([`Picked::NoDialog`]), and from then on the built-in dialog
//! (the `egui_file` crate, drawn in egui) is used instead, for opening, saving and every
//! export alike. `PEGSOL_FILE_DIALOG=builtin` asks for the built-in one from the start (and
//! tests use [`Dialogs::use_builtin`], so no test ever opens a desktop dialog).

use crate::command::{DialogKind, FileRequest, ShellCommand};
use eframe::egui;
use std::path::{Path, PathBuf};

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

impl FileRequest {
    /// Runs the desktop's dialog (blocking, as rfd does).
    fn desktop(&self, folder: Option<&Path>) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new().set_title(&self.title);
        for (name, extensions) in &self.filters {
            dialog = dialog.add_filter(name, extensions);
        }
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        if let Some(name) = &self.file_name {
            dialog = dialog.set_file_name(name);
        }
        match self.kind {
            DialogKind::Open => dialog.pick_file(),
            DialogKind::Save => dialog.save_file(),
            DialogKind::Folder => dialog.pick_folder(),
        }
    }
}

/// The built-in dialog on show and the request it answers.
struct Open {
    dialog: egui_file::FileDialog,
    request: FileRequest,
    /// The New folder prompt, while it is open.
    new_folder: Option<NewFolder>,
}

/// The New folder prompt: the name typed so far, why the last try failed, and whether the
/// name field still has to take the keyboard (once, when the prompt opens).
#[derive(Default)]
struct NewFolder {
    name: String,
    problem: Option<String>,
    focus: bool,
}

/// The window's file dialogs (see the module docs).
#[derive(Default)]
pub struct Dialogs {
    /// Use the built-in dialog (the desktop has none, or it was asked for).
    builtin: bool,
    /// The folder a dialog starts in: the last one used.
    folder: Option<PathBuf>,
    /// The built-in dialog on show, if any.
    open: Option<Open>,
}

impl std::fmt::Debug for Dialogs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dialogs")
            .field("builtin", &self.builtin)
            .field("folder", &self.folder)
            .field("open", &self.open.as_ref().map(|o| &o.request.title))
            .finish()
    }
}

impl Dialogs {
    /// The dialogs as the environment asks: the desktop's, unless `PEGSOL_FILE_DIALOG` says
    /// `builtin`.
    pub fn from_env() -> Dialogs {
        Dialogs {
            builtin: std::env::var("PEGSOL_FILE_DIALOG").is_ok_and(|v| v == "builtin"),
            ..Dialogs::default()
        }
    }

    /// Uses the built-in dialog from now on, starting in `folder` if given (tests; a
    /// desktop found without a dialog service).
    pub fn use_builtin(&mut self, folder: Option<PathBuf>) {
        self.builtin = true;
        if folder.is_some() {
            self.folder = folder;
        }
    }

    /// Whether the built-in dialog is on show.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Asks `request`: the command to run with the path chosen in the desktop's dialog, or
    /// nothing when it was cancelled or the built-in dialog is now on show (its answer comes
    /// from [`Dialogs::show`]).
    pub fn ask(&mut self, request: FileRequest) -> Option<ShellCommand> {
        if !self.builtin {
            match pick_path(|| request.desktop(self.folder.as_deref())) {
                Picked::Path(path) => return Some(self.chosen(&request, path)),
                Picked::Cancelled => return None,
                // No portal, no zenity: draw our own, now and from now on.
                Picked::NoDialog => self.builtin = true,
            }
        }
        let folder = self
            .folder
            .clone()
            .or_else(std::env::home_dir)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let mut dialog = match request.kind {
            DialogKind::Open => egui_file::FileDialog::open_file(),
            DialogKind::Save => egui_file::FileDialog::save_file(),
            DialogKind::Folder => egui_file::FileDialog::select_folder(),
        }
        .initial_path(folder)
        .title(&request.title)
        .id(egui::Id::unique(DIALOG_ID))
        .show_rename(false)
        // Its own New Folder names the folder after the File field without asking; ours
        // asks for a name (see `new_folder_ui`).
        .show_new_folder(false)
        .default_size([560.0, 420.0]);
        if let Some(name) = &request.file_name {
            dialog = dialog.default_filename(name.clone());
        }
        dialog.open();
        self.open = Some(Open {
            dialog,
            request,
            new_folder: None,
        });
        None
    }

    /// The command for a path chosen, remembering its folder for the next dialog.
    fn chosen(&mut self, request: &FileRequest, path: PathBuf) -> ShellCommand {
        self.folder = match request.kind {
            DialogKind::Folder => Some(path.clone()),
            _ => path.parent().map(Path::to_path_buf),
        };
        (request.then)(path)
    }

    /// Draws the built-in dialog if it is on show; returns the command for the path once one
    /// is chosen.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<ShellCommand> {
        let open = self.open.as_mut()?;
        open.dialog.show(ctx);
        if open.dialog.state() == egui_file::State::Open {
            new_folder_ui(ctx, open);
        }
        match open.dialog.state() {
            egui_file::State::Open => None,
            egui_file::State::Selected => {
                let open = self.open.take()?;
                let path = open.dialog.path()?.to_path_buf();
                Some(self.chosen(&open.request, path))
            }
            egui_file::State::Cancelled | egui_file::State::Closed => {
                self.open = None;
                None
            }
        }
    }
}

/// The built-in dialog's window id (the Folders box goes beside it).
const DIALOG_ID: &str = "pegsol-file-dialog";

/// The Folders box's width at most.
const FOLDERS_WIDTH: f32 = 220.0;

/// Beside the built-in dialog: "New folder…", which asks for the folder's name, makes it in
/// the folder shown and goes into it (the file name typed is kept).
fn new_folder_ui(ctx: &egui::Context, open: &mut Open) {
    let folder = open.dialog.directory().to_path_buf();
    // Beside the dialog, its top level with the dialog's (to its right, or its left where
    // the screen has no room): anchored to the screen's corner it floated over the Solver
    // panel, far from the dialog it belongs to.
    let screen = ctx.content_rect();
    let dialog = ctx.memory(|m| m.area_rect(egui::Id::unique(DIALOG_ID)));
    let place = dialog.map_or(screen.center(), |d| {
        let right = egui::pos2(d.right() + 6.0, d.top());
        if right.x + FOLDERS_WIDTH <= screen.right() {
            right
        } else {
            egui::pos2((d.left() - 6.0 - FOLDERS_WIDTH).max(screen.left()), d.top())
        }
    });
    egui::Window::new("Folders")
        .id(egui::Id::unique("pegsol-file-dialog-folders"))
        .collapsible(false)
        .resizable(false)
        .fixed_pos(place)
        .max_width(FOLDERS_WIDTH)
        .show(ctx, |ui| {
            let Some(NewFolder {
                name,
                problem,
                focus,
            }) = &mut open.new_folder
            else {
                if ui.button("New folder…").clicked() {
                    open.new_folder = Some(NewFolder {
                        focus: true,
                        ..NewFolder::default()
                    });
                }
                return;
            };
            ui.label(format!("A new folder in {}", folder.display()));
            let label = ui.label("Folder name:");
            let field = ui.text_edit_singleline(name).labelled_by(label.id);
            if std::mem::take(focus) {
                field.request_focus();
            }
            if let Some(problem) = problem {
                ui.colored_label(ui.visuals().error_fg_color, problem.as_str());
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let mut done = false;
            ui.horizontal(|ui| {
                if ui.button("Create").clicked() || entered {
                    match make_folder(&folder, name) {
                        Ok(made) => {
                            open.dialog.set_path(made);
                            done = true;
                        }
                        Err(why) => *problem = Some(why.to_string()),
                    }
                }
                if ui.button("Cancel").clicked() {
                    done = true;
                }
            });
            if done {
                open.new_folder = None;
            }
        });
}

/// Why a new folder was not made.
#[derive(Debug, thiserror::Error)]
enum FolderError {
    /// No name typed.
    #[error("Type a name for the folder")]
    NoName,
    /// A path or `.`/`..`, not a name.
    #[error("`{0}` is not a folder name")]
    NotAName(String),
    /// Something of that name is there already.
    #[error("{} is already there", .0.display())]
    Exists(PathBuf),
    /// The system refused.
    #[error("{}: {error}", path.display())]
    Create {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
}

/// Makes the folder `name` in `parent`, or says why not (no name, a path rather than a name,
/// already there, the system's refusal).
fn make_folder(parent: &Path, name: &str) -> Result<PathBuf, FolderError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(FolderError::NoName);
    }
    if name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(FolderError::NotAName(name.to_string()));
    }
    let path = parent.join(name);
    if path.exists() {
        return Err(FolderError::Exists(path));
    }
    match std::fs::create_dir(&path) {
        Ok(()) => Ok(path),
        Err(error) => Err(FolderError::Create { path, error }),
    }
}
