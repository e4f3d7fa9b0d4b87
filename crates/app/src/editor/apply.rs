//! [`EditorView::apply`]: the one place the editor's state changes. Undo, redo, the
//! analysis and Play/Solve are carried out in `apply`; painting, files and the editor's
//! questions each in their own method, as rerun splits its commands by concern.

use super::files;
use super::{file_stem, is_ron};
use super::{EditFileCommand, EditorCommand, EditorView, PaintCommand, PromptCommand};
use crate::command::{apply_each, DialogKind, FileRequest, Mode, ShellCommand};
use eframe::egui;
use pegsol_layout::catalogue;
use pegsol_layout::edit::{Board, Editor};
use pegsol_record::{Game, Source};
use std::path::PathBuf;

impl EditorView {
    /// Carries out a list of commands (see [`apply_each`]).
    pub(super) fn apply_all(
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
        match command {
            EditorCommand::Paint(command) => {
                self.apply_paint(command);
                return out;
            }
            EditorCommand::Files(command) => return self.apply_files(ctx, command),
            EditorCommand::Prompts(command) => return self.apply_prompts(ctx, command),
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
        }
        out
    }

    /// Paints the board, or sets what it is.
    fn apply_paint(&mut self, command: PaintCommand) {
        match command {
            PaintCommand::Begin(cell) => {
                self.editor
                    .begin_stroke(self.brush.tool, cell, self.brush.mirror);
            }
            PaintCommand::StrokeTo(cell) => self.editor.stroke_to(cell),
            PaintCommand::End => self.editor.end_stroke(),
            PaintCommand::SetTool(tool) => self.brush.tool = tool,
            PaintCommand::SetMirror(mirror) => self.brush.mirror = mirror,
            PaintCommand::Fill => {
                self.editor.fill();
            }
            PaintCommand::EmptyHoles => {
                self.editor.empty_holes();
            }
            PaintCommand::Clear => {
                self.editor.clear();
            }
            PaintCommand::SetFinish(finish) => {
                self.editor.set_finish(finish);
            }
            PaintCommand::SetName(name) => self.editor.set_name(&name),
            PaintCommand::SetDescription(text) => self.editor.set_description(&text),
            PaintCommand::Resize(w, h) => self.editor.resize(w, h),
        }
    }

    /// New boards, files and the pasted text.
    fn apply_files(&mut self, ctx: &egui::Context, command: EditFileCommand) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        let tell = |out: &mut Vec<ShellCommand>, text: String| out.push(ShellCommand::Warn(text));
        let load = |board: Board, path: Option<PathBuf>| {
            EditorCommand::Files(EditFileCommand::Load(Box::new(board), path))
        };
        match command {
            EditFileCommand::SetNewBoard(grid, w, h) => self.form.new_board = (grid, w, h),
            EditFileCommand::New(grid, w, h) => {
                return self.apply(ctx, load(Board::new(grid, w, h), None));
            }
            EditFileCommand::FromCatalogue(key) => {
                let board = catalogue::find(&key)
                    .ok_or_else(|| format!("`{key}` is not a board of the catalogue"))
                    .and_then(|e| e.layout().map_err(|e| e.to_string()))
                    .and_then(|l| Board::from_layout(&l).map_err(|_| key.clone()));
                match board {
                    Ok(board) => return self.apply(ctx, load(board, None)),
                    Err(e) => tell(&mut out, e),
                }
            }
            EditFileCommand::EditPosition => out.push(ShellCommand::EditPosition),
            // The file is read before anything is replaced or asked: a broken file shows its
            // message and leaves the edit in progress exactly as it was.
            EditFileCommand::Open(path) => match files::open_board(&path) {
                Ok(board) => return self.apply(ctx, load(board, Some(path))),
                Err(e) => {
                    eprintln!("pegsol: {e}");
                    self.prompts.error = Some(e.to_string());
                }
            },
            EditFileCommand::OpenPasted => {
                match files::board_from_text(&self.form.paste, "<pasted text>") {
                    Ok(board) => {
                        self.form.paste.clear();
                        return self.apply(ctx, load(board, None));
                    }
                    Err(e) => self.prompts.error = Some(e.to_string()),
                }
            }
            EditFileCommand::Load(board, path) => {
                self.load(*board, path.clone());
                out.push(ShellCommand::SetMode(Mode::Editor));
                if let Some(path) = path {
                    out.push(ShellCommand::Remember(path));
                }
            }
            EditFileCommand::SetPaste(text) => self.form.paste = text,
            // Only a RON layout is saved back in place; other formats Save As.
            EditFileCommand::Save => {
                let command = match self.path.clone().filter(|p| is_ron(p)) {
                    Some(path) => EditorCommand::Files(EditFileCommand::SaveAs(path)),
                    None => EditorCommand::Files(EditFileCommand::ChooseSaveAs),
                };
                return self.apply(ctx, command);
            }
            EditFileCommand::SaveAs(path) => {
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
                        self.prompts.error = Some(e.to_string());
                    }
                }
            }
            EditFileCommand::ChooseOpen => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Open, "Open a board to edit", |path| {
                    ShellCommand::Editor(EditorCommand::Files(EditFileCommand::Open(path)))
                })
                .filter("Boards", &["ron", "txt", "h"])
                .filter("All files", &["*"]),
            )),
            // With no path chosen, a prompt waiting on this save stays up: nothing was saved.
            EditFileCommand::ChooseSaveAs => out.push(ShellCommand::ChooseFile(
                FileRequest::new(DialogKind::Save, "Save the board", |path| {
                    ShellCommand::Editor(EditorCommand::Files(EditFileCommand::SaveAs(path)))
                })
                .filter("Pegsol layouts", &["ron"])
                .file_name(format!("{}.ron", file_stem(&self.editor.board().name))),
            )),
        }
        out
    }

    /// The answers to the editor's questions, and its error box.
    fn apply_prompts(&mut self, ctx: &egui::Context, command: PromptCommand) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        match command {
            PromptCommand::CloseWindow => {
                self.prompts.closing = true;
                out.push(ShellCommand::Quit);
            }
            PromptCommand::PromptSave => {
                let Some(pending) = self.prompts.prompt.clone() else {
                    return out;
                };
                out.extend(self.apply(ctx, EditorCommand::Files(EditFileCommand::Save)));
                if !self.editor.is_dirty() {
                    self.prompts.prompt = None;
                    out.extend(self.apply(ctx, pending));
                }
            }
            PromptCommand::PromptDiscard => {
                if let Some(pending) = self.prompts.prompt.take() {
                    self.editor.mark_saved();
                    self.autosave.clear();
                    out.extend(self.apply(ctx, pending));
                }
            }
            PromptCommand::PromptCancel => self.prompts.prompt = None,
            PromptCommand::Recover => {
                if let Some(autosave) = self.prompts.recovery.take() {
                    match autosave.board() {
                        Ok(board) => {
                            self.editor = Editor::unsaved(board);
                            self.path = autosave.path;
                            out.push(ShellCommand::SetMode(Mode::Editor));
                        }
                        Err(e) => self.prompts.error = Some(e.to_string()),
                    }
                }
            }
            PromptCommand::DiscardRecovery => {
                self.prompts.recovery = None;
                self.autosave.clear();
            }
            PromptCommand::DismissError => self.prompts.error = None,
        }
        out
    }
}
