//! View > Show winning jumps, through egui_kittest: off by default, and once on, every legal
//! jump of the position in play gets its verdict, drawn on the board and summed up in words.

use crate::common;

use common::{board, click, press, wait_for};
use eframe::egui::Key;
use egui_kittest::kittest::Queryable;

#[test]
fn show_winning_jumps_colours_every_legal_jump() {
    let mut h = board("english");
    assert!(!h.state().settings().show_winning_jumps, "off by default");
    // Off: the advisor answers the verdict but judges no jump.
    wait_for(&mut h, "the verdict", 30, |app| {
        app.play()
            .verdict()
            .is_some_and(|v| !matches!(v, pegsol_solver::services::advisor::Verdict::Checking))
    });
    assert!(h.state().play().jump_verdicts().is_none());
    click(&mut h, "View");
    click(&mut h, "Show winning jumps");
    assert!(h.state().settings().show_winning_jumps);
    h.key_press(Key::Escape);
    wait_for(&mut h, "the jump verdicts", 30, |app| {
        app.play().jump_verdicts().is_some()
    });
    let jumps = h.state().play().jump_verdicts().expect("judged").to_vec();
    // The English start: four jumps, mirror images of each other, all keep a win in reach.
    assert_eq!(jumps.len(), 4);
    assert!(jumps.iter().all(|(_, v)| *v == Some(true)), "{jumps:?}");
    assert!(
        h.query_by_label_contains("Winning jumps: 4 of 4").is_some(),
        "the summary line is shown"
    );
    // After a jump the new position's jumps are judged in turn.
    let before = h.state().play().game().record.position().clone();
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert_ne!(
        *h.state().play().game().record.position(),
        before,
        "a jump was played"
    );
    wait_for(&mut h, "the next jump verdicts", 30, |app| {
        app.play().jump_verdicts().is_some()
    });
    let next = h.state().play().jump_verdicts().expect("judged");
    assert_eq!(
        next.len(),
        h.state()
            .play()
            .game()
            .record
            .position()
            .legal_jumps()
            .len()
    );
    // Undo brings the first position back, and its four winning jumps with it.
    press(&mut h, Key::U);
    assert_eq!(*h.state().play().game().record.position(), before, "undone");
    wait_for(&mut h, "the first position's verdicts again", 30, |app| {
        app.play().jump_verdicts().is_some_and(|v| v.len() == 4)
    });
    assert!(
        h.query_by_label_contains("Winning jumps: 4 of 4").is_some(),
        "the summary is the first position's again"
    );
}
