//! Keeping the games and the settings: writing them to Pegsol's own files as they change,
//! showing a write that failed, and asking before a quit would lose them.
//!
//! Owns the shell's side of the game store ([`pegsol_record::store`]) and of the settings
//! file (`start/persist.rs`): when to write (every [`KEEP_EVERY`] seconds, on eframe's save,
//! and before the window closes), passing on what the store has to tell (a file set aside, a
//! game another copy of Pegsol changed), the strip that says why the last write failed
//! (until one succeeds), and the question a quit asks when the games cannot be written (quit
//! anyway, save elsewhere, stay).

use super::PegsolApp;
use crate::command::ShellCommand;
use crate::play::command::FileCommand;
use crate::play::PlayCommand;
use crate::start::persist::PersistedState;
use eframe::egui;
use pegsol_record::datafile;
use std::path::PathBuf;

/// How the games and settings reach Pegsol's own files: the last try and what went wrong
/// with it.
#[derive(Debug, Default)]
pub struct Keeping {
    /// Where the settings are kept (`None`: tests and screenshots, kept in memory only).
    settings_path: Option<PathBuf>,
    /// The settings as last read or written, so they are written only when they change.
    settings_kept: Option<PersistedState>,
    /// When the games were last written or tried (egui time).
    pub(super) last_try: Option<f64>,
    /// Why the last write failed: shown in the window until a write succeeds.
    pub(super) error: Option<String>,
    /// A quit is waiting on the person's answer: the games could not be written.
    pub(super) quit_prompt: bool,
    /// The person chose to quit without the games written.
    pub(super) quit_anyway: bool,
}

/// Least seconds between two looks at the games' file (a write when they changed, and a
/// read of what other copies wrote), and between tries after a failure. Under a second, so
/// another copy's news reaches the window within one, input or not.
pub const KEEP_EVERY: f64 = 0.5;

impl PegsolApp {
    /// Keeps the window's settings in `path` from now on; `read` is what the file held when
    /// it was read at start (`persist::load`), so an unchanged file is not written.
    pub fn keep_settings_in(&mut self, path: PathBuf, read: Option<PersistedState>) {
        self.keeping.settings_kept = read;
        self.keeping.settings_path = Some(path);
    }

    /// Writes the games (merged with other running copies' through the game store) and the
    /// settings to Pegsol's files if they changed; remembers (and returns) why not. What the
    /// store has to tell is shown.
    pub fn keep_games(&mut self, now: f64) -> Result<(), KeepError> {
        self.keeping.last_try = Some(now);
        let games = self.play.sync_games().map_err(KeepError::Games);
        let settings = self.keep_settings();
        for news in self.play.store_news() {
            eprintln!("pegsol: {news}");
            self.frame.pending.push(ShellCommand::Warn(news));
        }
        let result = games.and(settings);
        // The window shows the words; the caller gets the cause.
        self.keeping.error = result.as_ref().err().map(ToString::to_string);
        if let Err(e) = &result {
            eprintln!("pegsol: the games could not be saved: {e}");
        }
        result
    }

    /// Writes the settings if they changed since last written.
    fn keep_settings(&mut self) -> Result<(), KeepError> {
        let Some(path) = &self.keeping.settings_path else {
            return Ok(());
        };
        let now = self.persisted();
        if self.keeping.settings_kept.as_ref() == Some(&now) {
            return Ok(());
        }
        datafile::store(path, &now).map_err(KeepError::Settings)?;
        self.keeping.settings_kept = Some(now);
        Ok(())
    }

    /// Once a frame: writes the games if a write is due (failures are shown in the window
    /// and tried again).
    pub(super) fn keep_games_every(&mut self, ctx: &egui::Context, now: f64) {
        if self.frame.screenshot.is_some() {
            return;
        }
        let due = self.keeping.last_try.is_none_or(|t| now - t >= KEEP_EVERY);
        if due {
            let _ = self.keep_games(now);
            if !self.frame.pending.is_empty() {
                // News from the store (another copy changed a game): shown now, not at the
                // next input.
                ctx.request_repaint();
            }
        }
        // The next look is asked for whether or not this frame looked: an idle window with
        // no frame to come would never hear of another copy's change.
        let since = self.keeping.last_try.map_or(0.0, |t| (now - t).max(0.0));
        let wait = (KEEP_EVERY - since).max(0.0);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
    }

    /// Whether the window may close: the games are written, or could not be and the person
    /// said to quit anyway. Otherwise asks (see [`PegsolApp::quit_prompt_ui`]).
    pub(super) fn may_quit(&mut self, now: f64) -> bool {
        if self.frame.screenshot.is_some() || self.keeping.quit_anyway {
            return true;
        }
        if self.keep_games(now).is_ok() {
            return true;
        }
        self.keeping.quit_prompt = true;
        false
    }

    /// The question when a quit finds the games cannot be written: quit anyway, save the
    /// game elsewhere, or stay.
    pub(super) fn quit_prompt_ui(&self, ctx: &egui::Context) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        if !self.keeping.quit_prompt {
            return out;
        }
        let error = self.keeping.error.clone().unwrap_or_default();
        egui::Modal::new(egui::Id::unique("quit-unsaved")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading("Your game could not be saved");
            ui.label(format!(
                "Pegsol keeps your games between runs, but could not write them:\n{error}"
            ));
            ui.label("Quit now and the games played since the last save are lost.");
            ui.horizontal(|ui| {
                if ui.button("Quit anyway").clicked() {
                    out.push(ShellCommand::QuitAnyway);
                }
                if ui.button("Save elsewhere…").clicked() {
                    out.push(ShellCommand::CloseQuitPrompt);
                    out.push(ShellCommand::Play(PlayCommand::Files(
                        FileCommand::ChooseFileToSave,
                    )));
                }
                if ui.button("Cancel").clicked() {
                    out.push(ShellCommand::CloseQuitPrompt);
                }
            });
        });
        out
    }
}

/// The strip that says the games could not be written, until they can: with the reason and
/// a way to keep the game in play elsewhere.
pub fn save_problem_ui(ui: &mut egui::Ui, error: &str) -> Vec<ShellCommand> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("Your games could not be saved: {error}"),
        );
        if ui.button("Save game elsewhere…").clicked() {
            out.push(ShellCommand::Play(PlayCommand::Files(
                FileCommand::ChooseFileToSave,
            )));
        }
    });
    out
}

/// Why the games or the settings could not be written to Pegsol's files.
#[derive(Debug, thiserror::Error)]
pub enum KeepError {
    /// The game store (`games.ron`) could not be written or merged.
    #[error(transparent)]
    Games(pegsol_record::store::StoreError),
    /// The settings file (`settings.ron`) could not be written.
    #[error(transparent)]
    Settings(pegsol_record::datafile::DataFileError),
}
