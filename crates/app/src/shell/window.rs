//! The whole window for one frame: the theme and title, the menu bar and the mode switch,
//! the boards panel, the view shown, and the shell's windows over it.

use super::{keeping, keys, menu, welcome, windows, PegsolApp};
use crate::command::{Mode, ShellCommand};
use crate::editor::command::PromptCommand;
use crate::editor::EditorCommand;
use crate::frame::ViewFrame;
use crate::paint::palette;
use eframe::egui;
use pegsol_record::stats;

impl PegsolApp {
    /// The whole window for one frame.
    pub(super) fn window_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.frame.applied_theme != Some(self.settings.theme) {
            palette::tune_themes(&ctx);
            ctx.set_theme(self.settings.theme.preference());
            self.frame.applied_theme = Some(self.settings.theme);
        }
        if self.frame.applied_motion != Some(self.settings.reduce_motion) {
            let still = self.settings.reduce_motion;
            let default = egui::Style::default();
            ctx.all_styles_mut(|style| {
                (style.animation_time, style.scroll_animation) = if still {
                    (0.0, egui::style::ScrollAnimation::none())
                } else {
                    (default.animation_time, default.scroll_animation)
                };
            });
            self.frame.applied_motion = Some(still);
        }
        let now = ctx.input(|i| i.time);
        let mut commands = std::mem::take(&mut self.frame.pending);
        if let Some(until) = self.shown.notice.as_ref().and_then(|n| n.until) {
            if now >= until {
                commands.push(ShellCommand::ClearNotice);
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(until - now));
            }
        }
        // Read before any field sees this frame's keys: Enter that ends typing in a field
        // also takes its focus away, and must not then reach the board or a shortcut.
        let typing = ctx.egui_wants_keyboard_input();
        commands.extend(self.play.logic(&ctx));
        commands.extend(self.editor.logic(&ctx));
        if self.shown.mode == Mode::Search {
            commands.extend(self.search.logic(&ctx));
        }
        let closing =
            ctx.input(|i| i.viewport().close_requested()) && self.frame.screenshot.is_none();
        if closing && self.editor.holds_close() {
            // Unsaved edits: ask first (the editor's prompt shows in either view).
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            commands.push(ShellCommand::Editor(EditorCommand::Prompts(
                PromptCommand::CloseWindow,
            )));
        } else if closing && !self.may_quit(now) {
            // The games cannot be written: ask first.
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        self.keep_games_every(&ctx, now);
        if !typing {
            commands.extend(keys::shortcuts(&ctx));
        }
        // Apply what came before drawing, so the frame shows it.
        self.apply_all(&ctx, commands);

        let mut commands = Vec::new();
        egui::Panel::top("menu").show(ui, |ui| {
            // The Play | Editor switch sits at the right; the menu bar takes what is left.
            let right_to_left = egui::Layout::right_to_left(egui::Align::Center);
            ui.with_layout(right_to_left, |ui| {
                commands.extend(mode_switch_ui(ui, self.shown.mode));
                let left_to_right = egui::Layout::left_to_right(egui::Align::Center);
                ui.with_layout(left_to_right, |ui| {
                    commands.extend(menu::menu_ui(
                        ui,
                        self.play.game(),
                        &self.play.other_games(),
                        &self.settings,
                        self.boards.recent(),
                    ));
                });
            });
        });
        if let Some(error) = self.keeping.error.clone() {
            egui::Panel::bottom("save-problem").show(ui, |ui| {
                commands.extend(keeping::save_problem_ui(ui, &error));
            });
        }
        let mode_is_play = self.shown.mode == Mode::Play;
        let view_frame = ViewFrame {
            settings: &self.settings,
            notice: self.shown.notice.as_ref(),
            typing,
            clock: self.play.session().clock(now),
            board_stats: stats::board_key(self.play.game())
                .and_then(|key| self.stats.board(&key).copied()),
        };
        if view_frame.clock.is_some_and(|c| c.running) && mode_is_play {
            // The clock shows whole seconds.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        let mode = self.shown.mode;
        match mode {
            Mode::Editor => commands.extend(self.editor.side_panels_ui(ui, &view_frame)),
            Mode::Play => commands.extend(self.play.side_panels_ui(ui, &view_frame)),
            Mode::Search => {}
        }
        if self.settings.show_picker {
            egui::Panel::left("boards")
                .resizable(true)
                .default_size(230.0)
                .show(ui, |ui| {
                    commands.extend(self.boards.ui(
                        ui,
                        self.play.game(),
                        self.play.store(),
                        &self.stats,
                    ));
                });
        }
        egui::CentralPanel::default().show(ui, |ui| match mode {
            Mode::Editor => commands.extend(self.editor.ui(ui, &view_frame)),
            Mode::Play => commands.extend(self.play.ui(ui, &view_frame)),
            Mode::Search => commands.extend(self.search.ui(ui, &view_frame)),
        });
        commands.extend(self.editor.prompts_ui(&ctx));
        commands.extend(windows::help_window_ui(&ctx, self.shown.help));
        commands.extend(windows::about_window_ui(&ctx, self.shown.about));
        commands.extend(welcome::welcome_window_ui(&ctx, self.shown.welcome));
        commands.extend(self.windows.experiments.show(&ctx));
        commands.extend(self.windows.random.show(&ctx));
        commands.extend(self.windows.problems.show(&ctx, self.play.game()));
        commands.extend(self.windows.dialogs.show(&ctx));
        commands.extend(self.quit_prompt_ui(&ctx));
        self.apply_all(&ctx, commands);

        let title = match self.shown.mode {
            // Unsaved edits are marked in either view.
            Mode::Play if self.editor.is_dirty() || self.keeping.error.is_some() => {
                format!("*Pegsol: {}", self.play.game().title())
            }
            Mode::Play => format!("Pegsol: {}", self.play.game().title()),
            Mode::Editor => format!("Pegsol editor: {}", self.editor.title()),
            Mode::Search => format!("Pegsol search: {}", self.search.name()),
        };
        if title != self.frame.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.frame.title = title;
        }
    }
}

/// The "Play | Editor | Search" switch for the top bar, laid out right to left.
fn mode_switch_ui(ui: &mut egui::Ui, mode: Mode) -> Option<ShellCommand> {
    let mut chosen = None;
    for (m, name) in [
        (Mode::Search, "Search"),
        (Mode::Editor, "Editor"),
        (Mode::Play, "Play"),
    ] {
        if ui.selectable_label(mode == m, name).clicked() {
            chosen = Some(ShellCommand::SetMode(m));
        }
    }
    ui.label(egui::RichText::new("View:").weak());
    chosen
}
