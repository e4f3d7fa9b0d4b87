//! Issue 53's fifth case: the play logic is defined once. The same seeded sequences of
//! steps, sent to the window's play view (its commands), to the terminal game (its keys) and
//! to the play session itself, leave the same record in all three: neither front end
//! decides anything about the game.

use eframe::egui;
use pegsol_app::play::{PlayCommand, PlayView, TimelineCommand};
use pegsol_record::{Game, GameStore, PlaySession};
use pegsol_tui::game::TuiGame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One step, as each front end is asked for it.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// The n-th legal jump (round the list).
    Play(usize),
    Undo,
    Redo,
    Restart,
    /// Home or End on the timeline.
    Ends(bool),
    /// One jump along the timeline.
    Along(bool),
}

/// A small reproducible generator (the sequences are the same on every machine).
fn steps(mut seed: u64, count: usize) -> Vec<Step> {
    (0..count)
        .map(|_| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let n = (seed >> 33) as usize;
            match n % 10 {
                0..=3 => Step::Play(n / 10),
                4 | 5 => Step::Undo,
                6 => Step::Redo,
                7 => Step::Restart,
                8 => Step::Ends(n.is_multiple_of(2)),
                _ => Step::Along(n.is_multiple_of(2)),
            }
        })
        .collect()
}

/// The terminal's keys for playing `jump`: the cursor to its peg, Enter, then the arrow.
fn tui_play(tui: &mut TuiGame, jump: pegsol_rules::Jump) {
    let key = |tui: &mut TuiGame, code| {
        tui.handle(KeyEvent::new(code, KeyModifiers::NONE));
    };
    // Walk the cursor to the peg on the English cross: along a full row (rows 2-4) first,
    // else along a column (columns 2-4 are full), so it never runs into the corners.
    for _ in 0..16 {
        let at = tui.cursor();
        if at == jump.from {
            break;
        }
        let across = at.x != jump.from.x && ((2..=4).contains(&at.y) || at.y == jump.from.y);
        let code = match (across, at.x > jump.from.x, at.y > jump.from.y) {
            (true, true, _) => KeyCode::Left,
            (true, false, _) => KeyCode::Right,
            (false, _, true) => KeyCode::Up,
            (false, _, false) => KeyCode::Down,
        };
        key(tui, code);
    }
    assert_eq!(tui.cursor(), jump.from, "the cursor reached the peg");
    key(tui, KeyCode::Enter);
    let (dx, dy) = (
        i32::from(jump.to.x) - i32::from(jump.from.x),
        i32::from(jump.to.y) - i32::from(jump.from.y),
    );
    let code = match (dx.signum(), dy.signum()) {
        (1, 0) => KeyCode::Right,
        (-1, 0) => KeyCode::Left,
        (0, 1) => KeyCode::Down,
        _ => KeyCode::Up,
    };
    key(tui, code);
}

#[test]
fn the_window_the_terminal_and_the_session_keep_the_same_record() {
    let ctx = egui::Context::default();
    for seed in 0..40u64 {
        let game = || Game::from_catalogue("english").expect("the English board");
        let mut session = PlaySession::quiet(game());
        let mut store = GameStore::in_memory();
        let mut view = PlayView::new(game());
        let mut tui = TuiGame::new(game(), "test".into());
        for step in steps(seed, 40) {
            let before = session.position().clone();
            match step {
                Step::Play(n) => {
                    let legal = before.legal_jumps();
                    let Some(&jump) = legal.get(n % legal.len().max(1)) else {
                        continue;
                    };
                    session.play(jump, 0.0).expect("legal");
                    view.apply(&ctx, PlayCommand::Play(jump));
                    tui_play(&mut tui, jump);
                }
                Step::Undo => {
                    session.undo(&mut store, 0.0);
                    view.apply(&ctx, PlayCommand::Undo);
                    tui.handle(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE));
                }
                Step::Redo => {
                    session.redo(0.0);
                    view.apply(&ctx, PlayCommand::Redo);
                    tui.handle(KeyEvent::new(KeyCode::Char('y'), KeyModifiers::NONE));
                }
                Step::Restart => {
                    session.restart(0.0);
                    view.apply(&ctx, PlayCommand::Restart);
                    tui.handle(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE));
                }
                Step::Ends(start) => {
                    let index = if start { 0 } else { usize::MAX };
                    session.goto(index, 0.0);
                    view.apply(&ctx, PlayCommand::Timeline(TimelineCommand::Goto(index)));
                    let code = if start { KeyCode::Home } else { KeyCode::End };
                    tui.handle(KeyEvent::new(code, KeyModifiers::NONE));
                }
                Step::Along(forward) => {
                    session.step(forward, 0.0);
                    let command = if forward {
                        TimelineCommand::StepForward
                    } else {
                        TimelineCommand::StepBack
                    };
                    view.apply(&ctx, PlayCommand::Timeline(command));
                    let code = KeyCode::Char(if forward { ']' } else { '[' });
                    tui.handle(KeyEvent::new(code, KeyModifiers::NONE));
                }
            }
            let record = session.record();
            assert!(
                view.game().record == *record,
                "seed {seed}, {step:?}: the window differs"
            );
            assert!(
                tui.record() == record,
                "seed {seed}, {step:?}: the terminal differs"
            );
        }
    }
}
