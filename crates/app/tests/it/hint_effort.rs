//! View > Hint effort, through egui_kittest: how many positions the hint may examine before
//! it says "unknown", stated in positions. With the quick answer only, a position it leaves
//! open is not thought on; the status line says how far it went.

use crate::common;
use crate::games;

use common::{click, frames_until};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use pegsol_app::PegsolApp;
use pegsol_solver::services::advice::Advice;
use pegsol_solver::services::hint::{DEFAULT_EFFORT, HINT_BUDGET};

#[test]
fn the_hint_effort_is_picked_in_the_view_menu_and_bounds_the_thinking() {
    let (_dir, path) = games::undecided_middle_game_file("test-effort");
    let game = pegsol_record::Game::from_file(&path).expect("a position as a layout");
    let mut h = common::harness_sized(PegsolApp::new(game), egui::vec2(1280.0, 800.0));
    assert_eq!(
        h.state().settings().hint_effort,
        DEFAULT_EFFORT,
        "generous by default"
    );
    click(&mut h, "View");
    click(&mut h, "Hint effort");
    click(&mut h, "4,000,000 positions (the quick answer only)");
    assert_eq!(h.state().settings().hint_effort, HINT_BUDGET);
    h.key_press(egui::Key::Escape);
    // The quick answer leaves this position open, and that is as far as it goes.
    assert!(frames_until(&mut h, 60, |app| matches!(
        app.play().advice(),
        Some(Advice::Unknown { .. })
    )));
    let Some(Advice::Unknown {
        examined,
        stopped,
        effort,
        ..
    }) = h.state().play().advice()
    else {
        panic!("undecided");
    };
    assert!(!stopped);
    assert_eq!(effort, HINT_BUDGET);
    assert!(examined <= HINT_BUDGET, "{examined}");
    assert!(h.query_by_label("Unknown").is_some());
    assert!(h.query_by_label_contains("Undecided after").is_some());
    assert!(h.query_by_label("Stop").is_none(), "nothing to stop");
}
