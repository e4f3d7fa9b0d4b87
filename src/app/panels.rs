//! The panels round the board: the menu bar, the board picker, the status line and the help
//! windows.
//!
//! Owns their layout only. Each reads the game and settings and returns [`ShellCommand`]s; none
//! changes anything itself, so the app applies every change in one place.

use super::keys;
use super::palette::ThemeChoice;
use super::play::{thinking, PlayCommand};
use super::shell::{Settings, ShellCommand, Window};
use super::stats::{self, BoardStats, GameClock, StatsKeeper};
use crate::layout::catalogue;
use crate::record::game::absolute;
use crate::record::store::Kept;
use crate::record::{BoardKey, Game, GameStore, Source};
use crate::rules::cell_name;
use crate::rules::Goal;
use crate::solver::services::advice::Advice;
use eframe::egui;
use egui::{Button, RichText, Ui};
use std::path::PathBuf;

/// The menu bar: File, Game, View, Help.
pub fn menu_ui(
    ui: &mut Ui,
    game: &Game,
    others: &[Kept],
    settings: &Settings,
    recent: &[PathBuf],
) -> Vec<ShellCommand> {
    let mut commands = Vec::new();
    let ctx = ui.ctx().clone();
    let shortcut = |s: &egui::KeyboardShortcut| ctx.format_shortcut(s);
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui
                .add(Button::new("Open board or game…").shortcut_text(shortcut(&keys::OPEN)))
                .clicked()
            {
                commands.push(ShellCommand::ChooseFileToOpen);
            }
            if ui
                .add(Button::new("Save game…").shortcut_text(shortcut(&keys::SAVE)))
                .clicked()
            {
                commands.push(ShellCommand::Save);
            }
            ui.add_enabled_ui(!recent.is_empty(), |ui| {
                ui.menu_button("Open recent", |ui| {
                    for path in recent {
                        if ui.button(path.display().to_string()).clicked() {
                            commands.push(ShellCommand::OpenFile(path.clone()));
                        }
                    }
                });
            });
            ui.separator();
            if ui
                .add(Button::new("Quit").shortcut_text(format!("Q, {}", shortcut(&keys::QUIT))))
                .clicked()
            {
                commands.push(ShellCommand::Quit);
            }
        });
        ui.menu_button("Game", |ui| {
            let record = &game.record;
            let undo = Button::new("Undo").shortcut_text(format!("U, {}", shortcut(&keys::UNDO)));
            if ui.add_enabled(game.can_undo(), undo).clicked() {
                commands.push(ShellCommand::Undo);
            }
            let redo = Button::new("Redo").shortcut_text(format!(
                "{}, {}",
                shortcut(&keys::REDO),
                shortcut(&keys::REDO_Y)
            ));
            if ui.add_enabled(record.can_redo(), redo).clicked() {
                commands.push(ShellCommand::Redo);
            }
            if ui
                .add_enabled(record.index() > 0, Button::new("New game"))
                .clicked()
            {
                commands.push(ShellCommand::Play(PlayCommand::NewGame));
            }
            let restart = Button::new("Restart").shortcut_text("R");
            if ui.add_enabled(record.index() > 0, restart).clicked() {
                commands.push(ShellCommand::Play(PlayCommand::Restart));
            }
            if ui.add(Button::new("Hint").shortcut_text("H")).clicked() {
                commands.push(ShellCommand::Play(PlayCommand::Hint));
            }
            ui.add_enabled_ui(!others.is_empty(), |ui| {
                ui.menu_button("Other games of this board", |ui| {
                    for kept in others {
                        if ui.button(kept.in_words()).clicked() {
                            commands.push(ShellCommand::Play(PlayCommand::SwitchTo(kept.id)));
                        }
                    }
                })
                .response
                .on_disabled_hover_text("Only one game of this board is kept");
            });
            ui.separator();
            if ui
                .button("New random puzzle…")
                .on_hover_text("A random start that is always solvable, on the board shown")
                .clicked()
            {
                commands.push(ShellCommand::NewRandomPuzzle);
            }
            if ui
                .button("Problems…")
                .on_hover_text("The named classic problems, with a mark for each one solved")
                .clicked()
            {
                commands.push(ShellCommand::Show(Window::Problems, true));
            }
            ui.separator();
            ui.label(
                RichText::new("Arrows move, Enter/Space select,\narrows with a peg selected jump")
                    .weak(),
            );
        });
        ui.menu_button("View", |ui| {
            let mut animate = settings.animate;
            if ui.checkbox(&mut animate, "Animate jumps").changed() {
                commands.push(ShellCommand::SetAnimate(animate));
            }
            let mut jumps = settings.show_winning_jumps;
            if ui.checkbox(&mut jumps, "Show winning jumps").changed() {
                commands.push(ShellCommand::SetShowWinningJumps(jumps));
            }
            if let Some(effort) = thinking::effort_menu_ui(ui, settings.hint_effort) {
                commands.push(ShellCommand::SetHintEffort(effort));
            }
            let mut coordinates = settings.coordinates;
            if ui.checkbox(&mut coordinates, "Coordinates").changed() {
                commands.push(ShellCommand::SetCoordinates(coordinates));
            }
            let mut picker = settings.show_picker;
            if ui.checkbox(&mut picker, "Boards panel").changed() {
                commands.push(ShellCommand::Show(Window::Picker, picker));
            }
            let mut solver = settings.show_solver;
            if ui.checkbox(&mut solver, "Solver panel").changed() {
                commands.push(ShellCommand::Show(Window::Solver, solver));
            }
            ui.separator();
            ui.label("Theme");
            for (choice, name) in [
                (ThemeChoice::System, "Follow the system"),
                (ThemeChoice::Light, "Light"),
                (ThemeChoice::Dark, "Dark"),
            ] {
                if ui.radio(settings.theme == choice, name).clicked() {
                    commands.push(ShellCommand::SetTheme(choice));
                }
            }
        });
        ui.menu_button("Tools", |ui| {
            if ui.button("Experiments…").clicked() {
                commands.push(ShellCommand::Show(Window::Experiments, true));
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Welcome").clicked() {
                commands.push(ShellCommand::Show(Window::Welcome, true));
            }
            if ui.button("Keyboard shortcuts").clicked() {
                commands.push(ShellCommand::Show(Window::Help, true));
            }
            if ui.button("About Pegsol").clicked() {
                commands.push(ShellCommand::Show(Window::About, true));
            }
        });
    });
    commands
}

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
                    None => entry.description.to_string(),
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

/// "Playing: jump 3 of 5", or "…: 5 jumps" at the end of the line.
fn progress_words(what: &str, played: usize, jumps: usize) -> String {
    if played == jumps {
        format!("{what}: {played} jumps")
    } else {
        format!("{what}: jump {played} of {jumps}")
    }
}

/// The status line: pegs left, jumps and moves made, the state of play, what the advisor
/// says (whether the goal can still be reached, or that it is still thinking, with a Stop
/// button), and the finish target. (Notices go above the board, next to what they are
/// about.) Returns the command to stop thinking when its button is clicked.
///
/// At the right, always in the same place: the game's clock (from the first jump, stopped
/// at the end) and the player's figures on this board.
pub fn status_ui(
    ui: &mut Ui,
    game: &Game,
    advice: Option<&Advice>,
    clock: Option<GameClock>,
    figures: Option<BoardStats>,
) -> Option<PlayCommand> {
    // The right side first (`shrink_left`): the clock keeps its place, and a narrow window
    // cuts the left side instead.
    let (command, ()) = egui::Sides::new().shrink_left().show(
        ui,
        |ui| status_left_ui(ui, game, advice),
        |ui| {
            let time = clock.map_or("–:––".to_string(), |c| stats::clock(c.seconds));
            let time = RichText::new(format!("Time {time}")).monospace();
            let stopped = clock.is_some_and(|c| !c.running);
            ui.label(if stopped { time.strong() } else { time })
                .on_hover_text(
                    "From your first jump; it stops at the end of the game. A solution \
                     loaded or a game resumed has no time.",
                );
            if let Some(figures) = figures {
                ui.separator();
                ui.label(figures.summary())
                    .on_hover_text("Your games on this board: won, fewest pegs left, best time");
            }
        },
    );
    command
}

/// The status line's left part: pegs, jumps, state, the advisor's word, finish. Returns
/// the command to stop thinking when its Stop button is clicked.
fn status_left_ui(ui: &mut Ui, game: &Game, advice: Option<&Advice>) -> Option<PlayCommand> {
    let mut command = None;
    let position = game.record.position();
    ui.label(format!("Pegs left: {}", position.peg_count()));
    ui.separator();
    // Jumps, and moves as puzzle books count them (one peg's chain of jumps is one).
    ui.label(format!(
        "Jumps: {}, moves: {}",
        game.record.index(),
        game.record.moves()
    ));
    ui.separator();
    let state = if position.is_won(game.puzzle.goal) {
        RichText::new("Solved!").strong()
    } else if position.is_stuck() {
        RichText::new(format!(
            "Stuck with {} pegs: undo (U) or restart (R)",
            position.peg_count()
        ))
        .strong()
    } else {
        RichText::new("Playing")
    };
    ui.label(state);
    ui.separator();
    if !position.is_won(game.puzzle.goal) {
        command = thinking::advice_ui(ui, advice);
        ui.separator();
    }
    ui.label(finish_text(game.puzzle.goal));
    command
}

/// The finish target in words.
pub fn finish_text(goal: Goal) -> String {
    match goal {
        Goal::Anywhere => "Goal: one peg left, anywhere".to_string(),
        Goal::At(cell) => format!("Goal: one peg left, on {}", cell_name(cell)),
    }
}

/// A small fixed window of the shell's (`window` names it), shown while `open`, with `body`
/// inside. Returns a command to close it when its close button is used.
fn shell_window_ui(
    ctx: &egui::Context,
    window: Window,
    title: &str,
    open: bool,
    body: impl FnOnce(&mut Ui),
) -> Option<ShellCommand> {
    let mut still_open = open;
    egui::Window::new(title)
        .open(&mut still_open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, body);
    (still_open != open).then_some(ShellCommand::Show(window, still_open))
}

/// The keyboard help window. Returns a command to close it when its close button is used.
pub fn help_window_ui(ctx: &egui::Context, open: bool) -> Option<ShellCommand> {
    shell_window_ui(ctx, Window::Help, "Keyboard shortcuts", open, |ui| {
        egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
            for (keys, what) in keys::HELP {
                ui.label(RichText::new(*keys).monospace());
                ui.label(*what);
                ui.end_row();
            }
        });
    })
}

/// The about window. Returns a command to close it when its close button is used.
pub fn about_window_ui(ctx: &egui::Context, open: bool) -> Option<ShellCommand> {
    shell_window_ui(ctx, Window::About, "About Pegsol", open, |ui| {
        ui.label(format!("Pegsol {}", env!("CARGO_PKG_VERSION")));
        ui.label(env!("CARGO_PKG_DESCRIPTION"));
    })
}
