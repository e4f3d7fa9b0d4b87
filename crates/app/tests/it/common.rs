//! Harness helpers shared by the UI test binaries (app, editor, experiments_app, welcome,
//! solver_panel): building an egui_kittest `Harness` around a `PegsolApp`, letting frames
//! settle, clicking and pressing keys as a person would, and polling work that runs on
//! another thread with a time limit (stepping frame by frame, never `run()`, which waits for
//! a repainting window to go idle).

// Each test binary compiles this module on its own and uses only some of these helpers.
#![allow(dead_code)]

use eframe::egui;
use egui::{Key, Modifiers, Vec2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::PegsolApp;
use pegsol_record::{Game, GameStore};
use std::time::{Duration, Instant};

/// The window size most UI tests use.
pub const SIZE: Vec2 = egui::vec2(1100.0, 760.0);

/// A harness of `size` running `app`, with its first frames drawn.
pub fn harness_sized(app: PegsolApp, size: Vec2) -> Harness<'static, PegsolApp> {
    let mut h = Harness::builder()
        .with_size(size)
        .build_eframe(move |_cc| app);
    h.run_steps(2);
    h
}

/// A harness of the usual [`SIZE`] running `app`, with its first frames drawn.
pub fn harness(app: PegsolApp) -> Harness<'static, PegsolApp> {
    harness_sized(app, SIZE)
}

/// A harness of `size` playing the catalogue board `key`.
pub fn board_sized(key: &str, size: Vec2) -> Harness<'static, PegsolApp> {
    let game = Game::from_catalogue(key).expect("catalogue board");
    harness_sized(PegsolApp::new(game), size)
}

/// A harness of the usual [`SIZE`] playing the catalogue board `key`.
pub fn board(key: &str) -> Harness<'static, PegsolApp> {
    board_sized(key, SIZE)
}

/// A harness of the usual [`SIZE`] started as `pegsol --layout KEY` is (by someone who has
/// seen the welcome window), with its games kept in the game store in `dir` (the board's
/// kept game, if any, is taken up).
pub fn board_in(key: &str, dir: &std::path::Path) -> Harness<'static, PegsolApp> {
    let options = pegsol_app::Options {
        layout: Some(key.to_string()),
        ..Default::default()
    };
    let mut seen = pegsol_app::start::persist::PersistedState::default();
    seen.settings.welcomed = true;
    let app =
        PegsolApp::start_with(&options, Some(seen), GameStore::in_folder(dir)).expect("starts");
    harness(app)
}

/// Processes the queued input, then lets the accessibility tree catch up.
pub fn settle(h: &mut Harness<'_, PegsolApp>) {
    h.step();
    h.run_steps(2);
}

/// Clicks the widget with the accessible `label`, then settles.
pub fn click(h: &mut Harness<'_, PegsolApp>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Presses `key`, then settles.
pub fn press(h: &mut Harness<'_, PegsolApp>, key: Key) {
    h.key_press(key);
    settle(h);
}

/// Presses `key` with `modifiers` held, then settles.
pub fn press_with(h: &mut Harness<'_, PegsolApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    settle(h);
}

/// Steps frames until `done` holds, for at most `seconds`; lets the accessibility tree catch
/// up and returns true once it holds, or returns false when the time runs out.
pub fn frames_until(
    h: &mut Harness<'_, PegsolApp>,
    seconds: u64,
    done: impl Fn(&PegsolApp) -> bool,
) -> bool {
    let until = Instant::now() + Duration::from_secs(seconds);
    while Instant::now() < until {
        h.step();
        if done(h.state()) {
            h.run_steps(2);
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// Like [`frames_until`], but fails the test, naming `what` it waited for, on a time-out.
pub fn wait_for(
    h: &mut Harness<'_, PegsolApp>,
    what: &str,
    seconds: u64,
    done: impl Fn(&PegsolApp) -> bool,
) {
    assert!(
        frames_until(h, seconds, done),
        "timed out after {seconds} s waiting for {what}"
    );
}
