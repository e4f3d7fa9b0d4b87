//! The boards panel on the left: the catalogue with descriptions, the recent files, and
//! Open….
//!
//! Owns the list (read from the catalogue once) and the recent files. It reads the game,
//! the game store and the statistics and returns [`ShellCommand`]s; the shell applies them.

use crate::command::ShellCommand;
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_layout::catalogue;
use pegsol_record::game::absolute;
use pegsol_record::stats::StatsKeeper;
use pegsol_record::{BoardKey, Game, GameStore, Source};
use std::path::PathBuf;

/// One catalogue entry as the picker lists it.
#[derive(Clone, Debug)]
struct PickerEntry {
    key: &'static str,
    name: String,
    description: String,
}

/// The board picker: the catalogue with descriptions, the recent files, and Open….
#[derive(Clone, Debug)]
pub struct PickerView {
    entries: Vec<PickerEntry>,
    /// The files opened or saved lately, newest first.
    recent: Vec<PathBuf>,
}

/// How many recent files the boards panel and File > Open recent keep.
const RECENT_MAX: usize = 8;

impl Default for PickerView {
    fn default() -> PickerView {
        PickerView::new()
    }
}

impl PickerView {
    /// Reads the catalogue's names and descriptions once (a broken entry is left out, not a
    /// crash; the catalogue's tests make sure there is none).
    pub fn new() -> PickerView {
        let entries = catalogue::ENTRIES
            .iter()
            .filter_map(|e| {
                let layout = e.layout().ok()?;
                Some(PickerEntry {
                    key: e.key,
                    name: layout.name,
                    description: layout.description,
                })
            })
            .collect();
        PickerView {
            entries,
            recent: Vec::new(),
        }
    }

    /// The recent files, newest first.
    pub fn recent(&self) -> &[PathBuf] {
        &self.recent
    }

    /// Replaces the recent files (restoring remembered ones).
    pub fn set_recent(&mut self, recent: Vec<PathBuf>) {
        self.recent = recent;
        self.recent.truncate(RECENT_MAX);
    }

    /// Puts `path` first in the recent files.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    /// Shows the picker and returns the board or file chosen.
    /// Under each board, its statistics (games won, fewest pegs left, best time) once it has
    /// any.
    pub fn ui(
        &self,
        ui: &mut Ui,
        game: &Game,
        store: &GameStore,
        stats: &StatsKeeper,
    ) -> Vec<ShellCommand> {
        let recent = &self.recent;
        let mut commands = Vec::new();
        ui.heading("Boards");
        if ui.button("Open board or game…").clicked() {
            commands.push(ShellCommand::ChooseFileToOpen);
        }
        ui.separator();
        let memory = egui::Id::unique("boards-panel-scrolled-to");
        let brought = ui.data(|d| d.get_temp::<String>(memory));
        egui::ScrollArea::vertical().show(ui, |ui| {
            for entry in &self.entries {
                let current = game.source == Source::Catalogue(entry.key.to_string());
                let key = BoardKey::parse(entry.key);
                // The player's figures are in the hover (and in the status line for the board
                // in play): a line that came with the first win moved the list.
                let hover = match stats.board(&key) {
                    Some(figures) => {
                        format!("{}\nYour games: {}", entry.description, figures.summary())
                    }
                    None => entry.description.clone(),
                };
                let response = ui
                    .selectable_label(current, RichText::new(&entry.name).strong())
                    .on_hover_text(hover);
                // Brought into view (centred) once per new board opened some other way, then
                // the scroll bar is the person's. A board clicked here is in view already:
                // the list never moves under the pointer. Which board that was is egui's
                // widget memory, like a scroll offset.
                // (Read before the list is drawn: the board in play, later in the list than
                // the one clicked, must not be scrolled to in the frame of the click.)
                if response.clicked() {
                    commands.push(ShellCommand::OpenCatalogue(entry.key.to_string()));
                    ui.data_mut(|d| d.insert_temp(memory, entry.key.to_string()));
                }
                if current && brought.as_deref() != Some(entry.key) {
                    response.scroll_to_me(Some(egui::Align::Center));
                    ui.data_mut(|d| d.insert_temp(memory, entry.key.to_string()));
                }
                // One line under the name, whatever it holds: the game in play or kept (first,
                // so it shows), then the description, cut to the panel's width (whole on
                // hover). A line that came and went with a game moved the list.
                let progress = if current {
                    playing_words(game)
                } else {
                    kept_game_words(store, &key)
                };
                ui.horizontal(|ui| {
                    if let Some(progress) = progress {
                        let line = ui.label(RichText::new(progress).small());
                        if !current {
                            line.on_hover_text(
                                "Opening this board takes your game up where you left it",
                            );
                        }
                    }
                    let description = RichText::new(&entry.description).small().weak();
                    ui.add(egui::Label::new(description).truncate());
                });
                ui.add_space(4.0);
            }
            if !recent.is_empty() {
                ui.separator();
                ui.label(RichText::new("Recent files").strong());
                for path in recent {
                    let name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| path.display().to_string());
                    let key = BoardKey::of(&Source::File(absolute(path)));
                    let current = key.is_some() && key == game.key();
                    let hover = match key.as_ref().and_then(|k| stats.board(k)) {
                        Some(figures) => format!("{}\n{}", path.display(), figures.summary()),
                        None => path.display().to_string(),
                    };
                    if ui
                        .selectable_label(current, name)
                        .on_hover_text(hover)
                        .clicked()
                    {
                        commands.push(ShellCommand::OpenFile(path.clone()));
                    }
                }
            }
        });
        commands
    }
}

/// A board of the list that is not in play: its game in progress, if one is kept, so a
/// person sees that opening the board takes it up.
fn kept_game_words(store: &GameStore, key: &BoardKey) -> Option<String> {
    let (played, jumps) = store.kept_for(key).filter(|&(_, jumps)| jumps > 0)?;
    Some(progress_words("Game in progress", played, jumps))
}

/// The board in play: how far its game is.
fn playing_words(game: &Game) -> Option<String> {
    let (played, jumps) = (game.record.index(), game.record.jumps().len());
    (jumps > 0).then(|| progress_words("Playing", played, jumps))
}

/// "Playing: jump 3 of 5" (at the end of the line too, "jump 5 of 5"), the timeline's
/// own words: no plural to get wrong.
fn progress_words(what: &str, played: usize, jumps: usize) -> String {
    format!("{what}: jump {played} of {jumps}")
}

#[cfg(test)]
mod tests {
    use super::progress_words;

    #[test]
    fn a_game_in_progress_says_jump_n_of_m_at_its_end_too_never_1_jumps() {
        assert_eq!(progress_words("Playing", 1, 1), "Playing: jump 1 of 1");
        assert_eq!(
            progress_words("Game in progress", 4, 5),
            "Game in progress: jump 4 of 5"
        );
        assert_eq!(
            progress_words("Game in progress", 3, 3),
            "Game in progress: jump 3 of 3"
        );
    }
}
