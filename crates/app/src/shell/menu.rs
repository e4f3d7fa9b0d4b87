//! The menu bar: File, Game, View, Help.
//!
//! Owns the menu's layout only: it reads the game and the settings and returns
//! [`ShellCommand`]s; the shell applies them in one place.

use super::keys;
use crate::command::{ShellCommand, Window};
use crate::frame::Settings;
use crate::paint::palette::ThemeChoice;
use crate::play::command::FileCommand;
use crate::play::{thinking, PlayCommand};
use eframe::egui;
use egui::{Button, RichText, Ui};
use pegsol_record::store::Kept;
use pegsol_record::Game;
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
                            commands.push(ShellCommand::Play(PlayCommand::Files(
                                FileCommand::SwitchTo(kept.id),
                            )));
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
            let animate_box = ui.add_enabled(
                !settings.reduce_motion,
                egui::Checkbox::new(&mut animate, "Animate jumps"),
            );
            if animate_box.changed() {
                commands.push(ShellCommand::SetAnimate(animate));
            }
            let mut still = settings.reduce_motion;
            if ui
                .checkbox(&mut still, "Reduce motion")
                .on_hover_text("No animation anywhere: jumps, replay steps, fades, scrolling")
                .changed()
            {
                commands.push(ShellCommand::SetReduceMotion(still));
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
