//! UI tests of the play window, driven through egui_kittest the way a person would use it:
//! clicking holes by their accessible labels, dragging pegs, pressing keys. No display needed.

mod common;

use common::{board, click, harness, press, press_with, settle};
use eframe::egui;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol::app::game::{Game, Source};
use pegsol::app::persist::PersistedState;
use pegsol::app::PegsolApp;
use pegsol::layout::Layout;
use pegsol::rules::Cell;

fn jumps(h: &Harness<'_, PegsolApp>) -> usize {
    h.state().play().game().record.index()
}

fn pegs(h: &Harness<'_, PegsolApp>) -> u32 {
    h.state().play().game().record.position().peg_count()
}

#[test]
fn click_a_peg_then_a_hole_jumps() {
    let mut h = board("english");
    click(&mut h, "peg at d2");
    assert_eq!(
        h.state().play().board().selected(),
        Some(Cell { x: 3, y: 1 })
    );
    click(&mut h, "empty hole at d4");
    assert_eq!(jumps(&h), 1);
    assert_eq!(pegs(&h), 31);
    // The labels follow the position.
    h.get_by_label("peg at d4");
    h.get_by_label("empty hole at d2");
    h.get_by_label("empty hole at d3");
    assert!(h.query_by_label_contains("Pegs left: 31").is_some());
}

#[test]
fn drag_a_peg_onto_a_hole_jumps() {
    let mut h = board("english");
    let from = h.get_by_label("peg at f4").rect().center();
    let to = h.get_by_label("empty hole at d4").rect().center();
    h.hover_at(from);
    h.drag_at(from);
    h.step();
    let mid = from + (to - from) * 0.5;
    h.hover_at(mid);
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    settle(&mut h);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at d4");
    h.get_by_label("empty hole at f4");
}

#[test]
fn an_illegal_attempt_says_why() {
    let mut h = board("english");
    click(&mut h, "empty hole at d4");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("d4 is an empty hole"), "{notice}");
    click(&mut h, "peg at a3");
    click(&mut h, "empty hole at d4");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.starts_with("a3 to d4"), "{notice}");
    assert_eq!(jumps(&h), 0);
    // A peg whose jump is blocked names the reason from the rules.
    click(&mut h, "peg at d1");
    click(&mut h, "peg at d1");
    assert_eq!(
        h.state().play().board().selected(),
        None,
        "a second click deselects"
    );
}

#[test]
fn arrows_and_enter_select_and_jump() {
    let mut h = board("english");
    // The cursor starts on the centre; walk it up to d2.
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::ArrowUp);
    assert_eq!(h.state().play().board().cursor(), Some(Cell { x: 3, y: 1 }));
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().play().board().selected(),
        Some(Cell { x: 3, y: 1 })
    );
    press(&mut h, Key::ArrowDown);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at d4");
    // An arrow into a blocked direction is refused with a reason.
    press(&mut h, Key::Space);
    press(&mut h, Key::ArrowUp);
    assert_eq!(jumps(&h), 1);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("cannot jump that way"), "{notice}");
}

#[test]
fn arrows_jump_on_the_triangular_grid() {
    let mut h = board("triangle");
    // c3 = (2,2): plain Up takes the up-left diagonal, over b2 into a1.
    click(&mut h, "peg at c3");
    press(&mut h, Key::ArrowUp);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at a1");
    h.get_by_label("empty hole at c3");
    // Undo, then from a3 = (0,2) only the up-right diagonal exists: Up takes it.
    press(&mut h, Key::U);
    click(&mut h, "peg at a3");
    press_with(&mut h, Modifiers::SHIFT, Key::ArrowUp);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at a1");
    h.get_by_label("empty hole at a3");
}

#[test]
fn undo_redo_and_restart_from_the_keyboard() {
    let mut h = board("english");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    click(&mut h, "peg at b3");
    click(&mut h, "empty hole at d3");
    assert_eq!(jumps(&h), 2);
    press(&mut h, Key::U);
    assert_eq!(jumps(&h), 1);
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(jumps(&h), 0);
    press_with(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(jumps(&h), 1);
    press_with(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(jumps(&h), 2);
    press(&mut h, Key::R);
    assert_eq!(jumps(&h), 0);
    assert_eq!(pegs(&h), 32);
    // Restart is undoable.
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(jumps(&h), 2);
    assert_eq!(pegs(&h), 30);
}

#[test]
fn level_0_can_be_won() {
    let mut h = board("0");
    click(&mut h, "peg at d4");
    click(&mut h, "empty hole at f4");
    click(&mut h, "peg at g4");
    click(&mut h, "empty hole at e4");
    let game = h.state().play().game();
    assert!(game.record.position().is_won(game.puzzle.goal));
    assert!(h.query_by_label("Solved!").is_some());
}

#[test]
fn a_stuck_game_is_shown_and_offers_undo() {
    let puzzle = Layout::from_rows("stuck", &["o o . . o"])
        .validate()
        .expect("valid");
    let mut h = harness(PegsolApp::new(Game::new(
        puzzle,
        Source::Other("test".into()),
    )));
    click(&mut h, "peg at a1");
    click(&mut h, "empty hole at c1");
    assert!(h.state().play().game().record.position().is_stuck());
    assert!(h.query_by_label_contains("Stuck with 2 pegs").is_some());
    click(&mut h, "Undo last jump");
    assert_eq!(jumps(&h), 0);
    assert!(h.query_by_label_contains("Stuck").is_none());
}

#[test]
fn the_state_survives_a_round_trip() {
    let mut h = board("english");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    let text = h.state().persisted().to_ron();
    let state = PersistedState::from_ron(&text).expect("reads back");
    let restored = PegsolApp::restore(state).expect("restores");
    let (a, b) = (h.state().play().game(), restored.play().game());
    assert_eq!(a.record.position(), b.record.position());
    assert_eq!(a.record.jumps(), b.record.jumps(), "the redo tail survives");
    assert_eq!(a.puzzle.name, b.puzzle.name);
    assert_eq!(a.source, b.source);
    assert_eq!(h.state().settings(), restored.settings());
    // A restored app opens in a harness and plays on.
    let mut h2 = harness(restored);
    press_with(&mut h2, Modifiers::COMMAND, Key::Y);
    assert_eq!(jumps(&h2), 1);
}

#[test]
fn corrupt_or_old_state_is_refused_not_fatal() {
    assert!(PersistedState::from_ron("").is_err());
    assert!(PersistedState::from_ron("PegsolState(version: 1, game: Some(3))").is_err());
    let app = PegsolApp::new(Game::from_catalogue("english").expect("board"));
    let old = app.persisted().to_ron().replace("version:1", "version:0");
    assert!(PersistedState::from_ron(&old).is_err(), "{old}");
    // A remembered game with an illegal jump is dropped for the default board.
    let mut state = app.persisted();
    if let Some(game) = &mut state.game {
        game.jumps = vec!["0,0-2,0".into()];
    }
    let restored = PegsolApp::restore(state).expect("falls back");
    assert_eq!(restored.play().game().record.index(), 0);
}

#[test]
fn saved_games_and_bad_files_open_from_a_path() {
    let dir = std::env::temp_dir().join(format!("pegsol-app-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut h = board("english");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    let path = dir.join("game.ron");
    h.state().play().game().save_to(&path).expect("saves");
    let game = Game::from_file(&path).expect("opens");
    assert_eq!(game.record.index(), 1);
    let hostile = dir.join("hostile.ron");
    let text = std::fs::read_to_string(&path)
        .expect("read")
        .replace("3,1-3,3", "3,3-3,1");
    std::fs::write(&hostile, text).expect("write");
    let err = Game::from_file(&hostile).expect_err("refused");
    assert!(err.contains("jump 1"), "{err}");
    std::fs::write(dir.join("junk.ron"), [0xff, 0xfe, 0]).expect("write");
    assert!(Game::from_file(&dir.join("junk.ron")).is_err());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_menus_show_shortcuts_and_change_settings() {
    let mut h = board("english");
    click(&mut h, "Game");
    assert!(
        h.query_by_label_contains("Ctrl+Z").is_some(),
        "Undo shows its shortcut"
    );
    // The timeline has a Restart button too: look for the menu's among them.
    assert!(h.query_all_by_label_contains("Restart").count() >= 2);
    h.key_press(Key::Escape);
    settle(&mut h);
    click(&mut h, "View");
    click(&mut h, "Animate jumps");
    assert!(!h.state().settings().animate);
    h.check_accessibility();
}
