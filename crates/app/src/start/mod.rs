//! Starting the window: the launch options and [`run`], which opens the window (or, with
//! `--screenshot`, renders it to a PNG) and turns what happened into an exit status.
//!
//! Owns the window's start-up: its own options type (the command line converts to it, so the
//! app never imports the command line), the viewport, the `--screenshot` run's set-up
//! (`--solve`, `--step`, `--experiments`), the state file's check before eframe reads it
//! ([`state_file`]) and the exit status. Its messages go to standard error through `note!`,
//! which never fails.

mod options;
pub mod persist;
pub mod screenshot;
mod state_file;

use crate::command::{ShellCommand, Window};
use crate::editor::files::AUTOSAVE_FILE;
use crate::experiments::ExperimentsView;
use crate::play::command::{SolveFrom, SolveRequest};
use crate::play::command::{SolverCommand, TimelineCommand};
use crate::play::PlayCommand;
use crate::shell::PegsolApp;
use eframe::egui;
pub use options::Options;
use pegsol_record::datafile::data_dir;
use pegsol_record::{Game, GameStore};
use pegsol_solver::Engine;
use persist::LegacyState;
use screenshot::{Outcome, ScreenshotJob};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// The application id: eframe's storage folder, the Wayland app id and the X11 class, which
/// a desktop file's `StartupWMClass` must match.
pub const APP_ID: &str = "pegsol";

/// Writes a line to standard error, ignoring a failure (`eprintln!` panics when standard
/// error is closed or full, and then there is no one left to tell).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// Opens the window as `options` ask (or renders it to a PNG with `screenshot`) and returns
/// the exit status: 0, 2 for a bad board or size, 1 when the window cannot open or the
/// picture cannot be taken.
pub fn run(options: Options) -> ExitCode {
    let size = match options.size.as_deref().map(screenshot::parse_size) {
        Some(Ok(size)) => Some(size),
        Some(Err(e)) => {
            note!("pegsol: {e}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let screenshot_mode = options.screenshot.is_some();
    if screenshot_mode {
        // Fail fast on a bad board, before any window opens.
        let requested = match (&options.file, &options.layout) {
            // The editor takes boards the play view refuses; `start` checks its board.
            _ if options.editor => None,
            (Some(file), _) => Some(Game::from_file(file)),
            (None, Some(spec)) => Some(Game::from_spec(spec)),
            _ => None,
        };
        if let Some(Err(e)) = requested {
            note!("pegsol: {e}");
            return ExitCode::from(2);
        }
    }
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Pegsol")
        .with_app_id(APP_ID)
        .with_inner_size(size.unwrap_or([1100.0, 760.0]))
        .with_min_inner_size([480.0, 360.0]);
    match eframe::icon_data::from_png_bytes(include_bytes!("../../../../assets/icon-256.png")) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => note!("pegsol: the window icon is unreadable ({e}); using none"),
    }
    let native = eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Glow,
        // A screenshot run must not move or resize the person's real window next time, nor
        // a size asked for (`--size`, applied when the app starts) the one remembered.
        persist_window: !screenshot_mode && size.is_none(),
        ..Default::default()
    };
    // eframe restores the zoom and the window's place from this file before the first
    // frame, and winit panics on values it cannot use: check them first.
    if let Some(dir) = eframe::storage_dir(APP_ID) {
        for notice in state_file::repair(&dir.join("app.ron")) {
            note!("pegsol: {notice}");
        }
    }
    let outcome: Outcome = Arc::new(Mutex::new(None));
    let started = Arc::new(Mutex::new(None::<String>));
    let (job_outcome, start_error) = (outcome.clone(), started.clone());
    let result = eframe::run_native(
        APP_ID,
        native,
        Box::new(move |cc| {
            let store = if screenshot_mode {
                // The same picture whatever was played last: forget egui's memory too, and
                // neither read nor write any game.
                cc.egui_ctx.memory_mut(|m| *m = Default::default());
                GameStore::in_memory()
            } else {
                GameStore::default_place()
            };
            // The settings first: the theme and the welcome window depend on them.
            let settings_path = (!screenshot_mode)
                .then(data_dir)
                .flatten()
                .map(|dir| dir.join(persist::FILE_NAME));
            let (remembered, in_file, notice) = match &settings_path {
                Some(path) => {
                    // Version 1 kept the settings in eframe's storage: read once, if there is
                    // no settings file yet.
                    let legacy = cc
                        .storage
                        .and_then(|s| s.get_string(eframe::APP_KEY))
                        .and_then(|text| LegacyState::from_ron(&text))
                        .map(|old| old.settings());
                    persist::load(path, legacy)
                }
                None => (None, false, None),
            };
            let mut app =
                PegsolApp::start_with(&options, remembered.clone(), store).inspect_err(|e| {
                    if let Ok(mut s) = start_error.lock() {
                        *s = Some(e.to_string());
                    }
                })?;
            if let Some(path) = settings_path {
                app.keep_settings_in(path, remembered.filter(|_| in_file));
                if let Some(notice) = notice {
                    note!("pegsol: {notice}");
                    app.apply(&cc.egui_ctx, ShellCommand::Warn(notice));
                }
                if let Some(dir) = data_dir() {
                    app.keep_stats_in(dir.join(pegsol_record::stats::FILE_NAME));
                    let marks = dir.join(pegsol_record::problems::FILE_NAME);
                    if let Some(notice) = app.problems_mut().keep_in(marks) {
                        app.apply(&cc.egui_ctx, ShellCommand::Warn(notice));
                    }
                }
                if let Some(dir) = eframe::storage_dir(APP_ID) {
                    app.editor_mut().attach_autosave(dir.join(AUTOSAVE_FILE));
                }
            }
            let ctx = &cc.egui_ctx;
            if let Some([w, h]) = size {
                // eframe restores the remembered size over the builder's whatever
                // `persist_window` says: a size asked for (`--size`) is asked again here.
                ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(egui::vec2(w, h)));
            }
            if options.experiments {
                app.apply(ctx, ShellCommand::Show(Window::Experiments, true));
                if options.screenshot.is_some() {
                    for command in ExperimentsView::small_sweep() {
                        app.apply(ctx, ShellCommand::Experiments(command));
                    }
                }
            }
            if let Some(path) = options.screenshot.clone() {
                let job = ScreenshotJob::new(path, job_outcome);
                app.set_screenshot(if options.board_only {
                    job.of_board_only()
                } else {
                    job
                });
                // Let the board settle without mid-jump frames or a notice.
                app.apply(ctx, ShellCommand::SetAnimate(false));
                if options.solve {
                    let engine = if options.fewest_moves {
                        // The panel shows "Fewest moves" ticked, as the result is in moves.
                        let moves = Engine::FewestMoves;
                        app.apply(
                            ctx,
                            ShellCommand::Play(PlayCommand::Solver(SolverCommand::SetEngine(
                                moves,
                            ))),
                        );
                        moves
                    } else {
                        Engine::Exact
                    };
                    app.play_mut().solve_blocking(SolveRequest {
                        engine,
                        budget: None,
                        from: SolveFrom::Start,
                    });
                    app.apply(
                        ctx,
                        ShellCommand::Play(PlayCommand::Solver(SolverCommand::LoadSolution)),
                    );
                    let step = options.step.unwrap_or(0);
                    app.apply(
                        ctx,
                        ShellCommand::Play(PlayCommand::Timeline(TimelineCommand::Goto(step))),
                    );
                    app.apply(ctx, ShellCommand::ClearNotice);
                    if let Some(fraction) = options.mid_jump {
                        app.play_mut().hold_last_jump(fraction);
                    }
                }
                if options.hint {
                    app.apply(ctx, ShellCommand::Play(PlayCommand::Hint));
                }
                // The same picture on a first run as on any other.
                app.apply(ctx, ShellCommand::Show(Window::Welcome, false));
            }
            Ok(Box::new(app))
        }),
    );
    if let Ok(Some(e)) = started.lock().map(|s| s.clone()) {
        note!("pegsol: {e}");
        return ExitCode::from(2);
    }
    if let Err(e) = result {
        note!(
            "pegsol: cannot open the window: {e}\n\
             (a Linux desktop needs X11 or Wayland, libxkbcommon-x11 and EGL/Mesa; \
             see `pegsol --help` for the command line)"
        );
        return ExitCode::from(1);
    }
    if screenshot_mode {
        return match outcome.lock().map(|mut o| o.take()) {
            Ok(Some(Ok(()))) => ExitCode::SUCCESS,
            Ok(Some(Err(e))) => {
                note!("pegsol: screenshot failed: {e}");
                ExitCode::from(1)
            }
            _ => {
                note!("pegsol: screenshot failed: the window closed before the picture was taken");
                ExitCode::from(1)
            }
        };
    }
    ExitCode::SUCCESS
}
