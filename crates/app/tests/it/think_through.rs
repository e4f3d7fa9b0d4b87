//! "Think it through", through egui_kittest: once the hint says unknown, the status line
//! offers to decide the position exhaustively in the background; it shows its progress with
//! a Cancel, then the proof ("Winnable, proven"), and every jump gets a verdict.

use crate::common;
use crate::games;

use common::{click, frames_until, settle};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use pegsol_app::play::PlayCommand;
use pegsol_app::{PegsolApp, ShellCommand};
use pegsol_record::Game;
use pegsol_solver::services::advice::Advice;

/// A window on `game` whose hint may examine only a few positions: it says unknown at once.
fn with_a_short_hint(game: Game) -> egui_kittest::Harness<'static, PegsolApp> {
    let mut h = common::harness_sized(PegsolApp::new(game), egui::vec2(1280.0, 800.0));
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, ShellCommand::SetHintEffort(20));
    settle(&mut h);
    assert!(
        frames_until(&mut h, 60, |app| matches!(
            app.play().advice(),
            Some(Advice::Unknown { .. })
        )),
        "the hint gives up"
    );
    h
}

/// On a board small enough to think through in a test (the advisor decides it anyway: the
/// command is what the offer's button sends).
#[test]
fn think_it_through_proves_the_position_and_decides_every_jump() {
    let game = Game::from_catalogue("cross-5x7").expect("catalogue");
    let mut h = common::harness_sized(PegsolApp::new(game), egui::vec2(1280.0, 800.0));
    assert!(h.query_by_label("Winnable, proven").is_none());
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(&ctx, ShellCommand::Play(PlayCommand::ThinkItThrough));
    assert!(
        frames_until(&mut h, 120, |app| !app.play().thinking_it_through()),
        "decided in time"
    );
    settle(&mut h);
    assert!(
        h.query_by_label("Winnable, proven").is_some(),
        "the proof is on the status line"
    );
    assert!(
        h.query_by_label("Think it through").is_none(),
        "no offer left"
    );
    let verdicts = h.state().play().jump_verdicts().expect("every jump judged");
    assert!(!verdicts.is_empty());
    assert!(verdicts.iter().all(|(_, v)| v.is_some()), "{verdicts:?}");
    assert!(verdicts.iter().any(|(_, v)| *v == Some(true)));
}

#[test]
fn thinking_it_through_shows_its_progress_and_cancel_stops_it() {
    let (_dir, path) = games::undecided_middle_game_file("test-think-through");
    let game = Game::from_file(&path).expect("a position as a layout");
    let mut h = with_a_short_hint(game);
    click(&mut h, "Think it through");
    assert!(h.state().play().thinking_it_through());
    assert!(h.query_by_label_contains("Thinking it through").is_some());
    click(&mut h, "Cancel");
    assert!(!h.state().play().thinking_it_through());
    assert!(h.query_by_label_contains("Thinking it through").is_none());
    assert!(
        h.query_by_label("Think it through").is_some(),
        "offered again: the position stays undecided"
    );
}
