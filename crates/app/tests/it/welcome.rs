//! UI tests of the welcome window, through egui_kittest: shown on a first run, closed for good
//! once dismissed (and remembered across runs), reopened from Help > Welcome; never shown by
//! the plain constructor the other UI tests use.

use crate::common;

use pegsol_testkit::scratch;

use common::{click, harness};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::shell::welcome::{CLOSE, TITLE};
use pegsol_app::start::persist::PersistedState;
use pegsol_app::Options;
use pegsol_app::PegsolApp;
use pegsol_record::Game;
use scratch::Scratch;

/// The app as the window starts it on a machine that has never run Pegsol.
fn first_run() -> Harness<'static, PegsolApp> {
    harness(PegsolApp::start(&Options::default(), None).expect("starts"))
}

fn shown(h: &Harness<'_, PegsolApp>) -> bool {
    h.query_by_label(TITLE).is_some()
}

#[test]
fn shown_on_the_first_run_and_it_says_how_to_play() {
    let h = first_run();
    assert!(h.state().welcome_open());
    assert!(shown(&h));
    for words in [
        "Click a peg",
        "Solver panel (right)",
        "Editor tab",
        "Help > Welcome",
    ] {
        assert!(
            h.query_all_by_label_contains(words).next().is_some(),
            "the welcome window mentions {words:?}"
        );
    }
    h.check_accessibility();
}

#[test]
fn dismissing_hides_it_and_is_remembered() {
    let mut h = first_run();
    click(&mut h, CLOSE);
    assert!(!h.state().welcome_open());
    assert!(!shown(&h));
    assert!(h.state().settings().welcomed);
    // The next start, with the state this run leaves behind, does not show it.
    let text = h.state().persisted().to_ron();
    let state = PersistedState::from_ron(&text).expect("reads back");
    assert!(state.settings.welcomed);
    let next = PegsolApp::start(&Options::default(), Some(state)).expect("starts");
    assert!(!next.welcome_open());
    let h2 = harness(next);
    assert!(!shown(&h2));
}

#[test]
fn the_close_box_dismisses_it_too() {
    let mut h = first_run();
    click(&mut h, "Close window");
    assert!(!h.state().welcome_open());
    assert!(h.state().settings().welcomed);
}

#[test]
fn help_welcome_reopens_it() {
    let mut h = first_run();
    click(&mut h, CLOSE);
    assert!(!shown(&h));
    click(&mut h, "Help");
    click(&mut h, "Welcome");
    assert!(h.state().welcome_open());
    assert!(shown(&h));
    // Reopening does not undo "seen": closing it again keeps it closed at the next start.
    assert!(h.state().settings().welcomed);
}

#[test]
fn old_state_files_still_load_and_the_test_constructor_shows_nothing() {
    // A state file written before the welcome window existed has no `welcomed` field.
    let app = PegsolApp::new(Game::from_catalogue("english").expect("board"));
    assert!(!app.welcome_open(), "PegsolApp::new never shows it");
    let old: String = app
        .persisted()
        .to_ron()
        .lines()
        .filter(|line| !line.contains("welcomed"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!old.contains("welcomed"), "{old}");
    let state = PersistedState::from_ron(&old).expect("an old state file loads");
    assert!(!state.settings.welcomed);
    assert!(
        state.settings.animate,
        "the other settings keep their values"
    );
}

#[test]
fn a_file_from_the_command_line_opens_under_the_welcome_window() {
    let dir = Scratch::new("welcome-test");
    let path = dir.join("board.pegsol");
    std::fs::write(&path, "Layout(name: \"Tiny\", rows: [\"o o .\"])\n").expect("write");
    let options = Options {
        file: Some(path.clone()),
        ..Options::default()
    };
    let app = PegsolApp::start(&options, None).expect("opens a .pegsol file");
    assert_eq!(app.play().game().puzzle.name, "Tiny");
    assert!(app.welcome_open());
}
