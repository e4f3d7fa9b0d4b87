//! UI tests of moves in the window (issue 18, "In the window"), driven through egui_kittest
//! as a person would: ticking "Fewest moves" in the solver panel, solving, loading the
//! solution and stepping through it move by move; and reading the editor's fewest moves and
//! solution count.
//!
//! Searches run on their own threads, so these tests step the harness frame by frame and
//! poll with a time limit (see `common`).

use crate::common;

use common::{board_sized, click, press_with, wait_for};
use eframe::egui;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::editor::counts::{MovesFact, SolutionsFact};
use pegsol_app::editor::EditorCommand;
use pegsol_app::editor::PaintCommand;
use pegsol_app::{Mode, PegsolApp, ShellCommand};
use pegsol_layout::Finish;
use pegsol_rules::move_ends;
use pegsol_rules::{continues, Goal, Jump};
use pegsol_solver::engines::moves::{self, MovesOutcome};
use pegsol_solver::engines::solutions::count_solutions;
use pegsol_solver::{uncontrolled, Engine};

/// The catalogue board `key`, in a window wide enough for the solver panel.
fn board(key: &str) -> Harness<'static, PegsolApp> {
    board_sized(key, egui::vec2(1280.0, 800.0))
}

fn solved(app: &PegsolApp) -> bool {
    !app.play().solve_session().is_running() && app.play().solve_session().report().is_some()
}

/// The fewest-moves outcome of the last solve.
fn moves_report(h: &Harness<'_, PegsolApp>) -> MovesOutcome {
    let report = h.state().play().solve_session().report().expect("a report");
    report.moves.clone().expect("a fewest-moves report")
}

#[test]
fn fewest_moves_on_the_triangle_loads_a_tick_per_move_and_each_chain_replays() {
    let mut h = board("triangle");
    click(&mut h, "Fewest moves");
    click(&mut h, "Solve from start");
    wait_for(&mut h, "the fewest-moves solve", 60, solved);
    let found = moves_report(&h);
    let start = h.state().play().game().puzzle.start.clone();
    // The engine answers the same when asked directly: the panel ran the search it shows.
    let direct =
        uncontrolled(|c| moves::fewest_moves(&start, Goal::Anywhere, moves::Options::default(), c));
    assert_eq!(found.chains, direct.chains);
    let n = found.moves().expect("a win");
    assert!(found.proven_optimal);
    assert!(h
        .query_by_label(&format!("{n} moves (proven fewest)"))
        .is_some());

    // Every chain is one peg's jumps in a row, and the chains replay legally to a win.
    let mut position = start.clone();
    for chain in &found.chains {
        let mut previous: Option<Jump> = None;
        for (i, &jump) in chain.iter().enumerate() {
            assert_eq!(
                i > 0,
                continues(previous, jump),
                "{chain:?} is not one move"
            );
            position = position.try_play(jump).expect("a legal jump");
            previous = Some(jump);
        }
    }
    assert!(position.is_won(Goal::Anywhere));

    click(&mut h, "Load solution");
    let jumps = h.state().play().game().record.jumps().to_vec();
    assert_eq!(jumps, found.jumps());
    // One tick per move.
    assert_eq!(move_ends(&jumps).len(), n as usize);
    let total = jumps.len();
    assert!(h
        .query_by_label(&format!("Jump 0 of {total} · move 0 of {n}"))
        .is_some());

    // Step move by move, with the button and with Shift+Right: each step plays the chain
    // the board showed as the next move.
    let mut at = 0;
    for (k, chain) in found.chains.iter().enumerate() {
        assert_eq!(h.state().play().next_chain().as_ref(), Some(chain));
        if k % 2 == 0 {
            click(&mut h, "Move >>");
        } else {
            press_with(&mut h, Modifiers::SHIFT, Key::ArrowRight);
        }
        at += chain.len();
        assert_eq!(h.state().play().game().record.index(), at);
        let label = format!("Jump {at} of {total} · move {} of {n}", k + 1);
        assert!(h.query_by_label(&label).is_some(), "no label {label}");
    }
    assert!(h.state().play().next_chain().is_none());
    assert!(h
        .state()
        .play()
        .game()
        .record
        .position()
        .is_won(Goal::Anywhere));
    // Back one move: to where the last chain began; Left still steps one jump.
    click(&mut h, "<< Move");
    let last = found.chains.last().expect("a chain").len();
    assert_eq!(h.state().play().game().record.index(), total - last);
    press_with(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(h.state().play().game().record.index(), total - last - 1);
}

#[test]
fn a_fewest_moves_search_can_be_cancelled_and_keeps_its_lower_bound() {
    let mut h = board("french");
    // Classic on the radio buttons: unticking "Fewest moves" later goes back to it.
    click(&mut h, "Classic");
    assert_eq!(h.state().play().solver_panel().engine(), Engine::Classic);
    click(&mut h, "Fewest moves");
    assert_eq!(
        h.state().play().solver_panel().engine(),
        Engine::FewestMoves
    );
    // "No limit" is offered for fewest moves whatever the engine choice.
    assert!(h.query_by_label("No limit").is_some());
    click(&mut h, "Solve from start");
    assert!(h.state().play().solve_session().is_running());
    assert!(h
        .query_by_label_contains("Searching for the fewest moves")
        .is_some());
    // French has no whole winnable set: the level engine first makes every reachable
    // position (minutes), and the panel says how far it has got.
    wait_for(&mut h, "the level engine's progress", 60, |app| {
        app.play()
            .solve_session()
            .snapshot()
            .and_then(|s| s.progress)
            .and_then(|p| p.preparing)
            .is_some_and(|p| p.jumps >= 3)
    });
    h.run_steps(2);
    assert!(h
        .query_by_label_contains("Finding every position reachable from the start")
        .is_some());
    assert!(h.query_by_label_contains("of 35 jumps").is_some());
    click(&mut h, "Cancel solve");
    wait_for(&mut h, "the cancelled solve", 30, solved);
    let found = moves_report(&h);
    assert!(!found.won && !found.proven_optimal);
    assert!(h
        .query_by_label_contains("Cancelled: none found; at least")
        .is_some());
    // The window goes on: unticked, the panel is back on the engine the radio buttons show.
    click(&mut h, "Fewest moves");
    assert_eq!(h.state().play().solver_panel().engine(), Engine::Classic);
}

/// Wiegleb's board has too many winnable positions to hold: its fewest-moves search meets
/// in the middle, and the panel shows the levels held, the pass under way with how far it
/// is, and the bound proven so far (it showed bare counters for an hour), and a cancel
/// keeps the bound.
#[test]
fn a_fewest_moves_search_meeting_in_the_middle_shows_its_levels_and_its_bound() {
    let mut h = board("wiegleb");
    click(&mut h, "Fewest moves");
    click(&mut h, "Solve from start");
    wait_for(&mut h, "the meeting's progress", 60, |app| {
        app.play()
            .solve_session()
            .snapshot()
            .and_then(|s| s.progress)
            .and_then(|p| p.meeting)
            .is_some_and(|m| m.forward_moves >= 3)
    });
    h.run_steps(2);
    assert!(h.query_by_label_contains("Meeting in the middle").is_some());
    // Either side may be growing by now: the smaller last level grows. The row says what the
    // pass does with it, capitalised ("Making", or "Looking through" where it cannot be held).
    assert!(
        h.query_by_label_contains("forward level").is_some()
            || h.query_by_label_contains("backward level").is_some()
    );
    assert!(h.query_by_label("Making").is_some() || h.query_by_label("Looking through").is_some());
    assert!(h.query_by_label_contains("at least").is_some());
    click(&mut h, "Cancel solve");
    wait_for(&mut h, "the cancelled solve", 60, solved);
    let found = moves_report(&h);
    assert!(!found.proven_optimal && found.lower_bound >= 4, "{found:?}");
    assert!(h
        .query_by_label_contains("Cancelled: none found; at least")
        .is_some());
}

/// An app showing the editor on the catalogue board `key`.
fn editor_on(key: &str) -> Harness<'static, PegsolApp> {
    let mut h = board(key);
    click(&mut h, "Edit this position");
    assert_eq!(h.state().mode(), Mode::Editor);
    h
}

fn counts_done(app: &PegsolApp) -> bool {
    !app.editor().fewest_moves().busy() && !app.editor().solutions().busy()
}

#[test]
fn the_editor_shows_the_fewest_moves_and_the_solutions_and_redoes_them_when_the_board_changes() {
    let mut h = editor_on("triangle");
    wait_for(&mut h, "the editor's counts", 60, counts_done);
    let puzzle = h.state().editor().facts().puzzle.clone().expect("playable");
    let direct_moves = uncontrolled(|c| {
        moves::fewest_moves(&puzzle.start, puzzle.goal, moves::Options::default(), c)
    });
    let direct_count =
        uncontrolled(|c| count_solutions(&puzzle.start, puzzle.goal, c)).expect("counted");
    let moves = direct_moves.moves().expect("a win");
    assert_eq!(
        h.state().editor().fewest_moves(),
        &MovesFact::Found {
            moves,
            proven: true
        }
    );
    assert_eq!(
        h.state().editor().solutions(),
        &SolutionsFact::Counted {
            solutions: direct_count.solutions.clone(),
            positions: direct_count.positions
        }
    );
    // The 15-hole triangle from its top corner: 10 moves, 29,760 jump sequences.
    assert!(h.query_by_label(&format!("{moves} (proven)")).is_some());
    assert!(h.query_by_label_contains("29,760 jump sequences").is_some());

    // A new finish is a new puzzle: the old answers go, and new ones come.
    let ctx = h.ctx.clone();
    let finish = Finish::Cell { x: 0, y: 4 };
    h.state_mut().apply(
        &ctx,
        ShellCommand::Editor(EditorCommand::Paint(PaintCommand::SetFinish(finish))),
    );
    // One frame: its logic sees the new puzzle and drops the old answers; the new search
    // waits out its debounce, so both are still to come.
    h.step();
    assert!(h.state().editor().fewest_moves().busy());
    assert!(h.state().editor().solutions().busy());
    wait_for(&mut h, "the new counts", 60, counts_done);
    let puzzle = h.state().editor().facts().puzzle.clone().expect("playable");
    assert!(matches!(puzzle.goal, Goal::At(_)));
    let direct = uncontrolled(|c| count_solutions(&puzzle.start, puzzle.goal, c)).expect("count");
    match h.state().editor().solutions() {
        SolutionsFact::Counted { solutions, .. } => assert_eq!(solutions, &direct.solutions),
        other => panic!("not counted: {other:?}"),
    }
}

#[test]
fn on_a_big_board_the_editor_gives_its_fewest_moves_and_too_many_positions() {
    // The English board, one peg anywhere: more positions than the editor holds. The meeting
    // in the middle stops at its cap, looks one level further and runs its beam: a solution,
    // proven the fewest (17, as the unbounded search proves) only if it takes 17 moves.
    let mut h = editor_on("english");
    wait_for(&mut h, "the editor's counts", 90, counts_done);
    let (moves, proven) = match h.state().editor().fewest_moves() {
        MovesFact::Found { moves, proven } => (*moves, *proven),
        other => panic!("{other:?}"),
    };
    assert!(moves >= 17, "{moves}");
    assert_eq!(proven, moves == 17, "{moves}");
    assert_eq!(h.state().editor().solutions(), &SolutionsFact::TooMany);
    let label = if proven { "proven" } else { "not proven" };
    assert!(h
        .query_by_label_contains(&format!("{moves} ({label})"))
        .is_some());
    assert!(h
        .query_by_label_contains("too many positions to count here")
        .is_some());
}

#[test]
fn a_hole_too_far_is_refused_as_too_far_not_as_a_direction() {
    // The 6x6 square: a1 over b1 into c1 empties a1; then e1 to a1 is along the row, four
    // holes apart.
    let mut h = common::board("square-6");
    common::click(&mut h, "peg at a1");
    common::click(&mut h, "empty hole at c1");
    common::click(&mut h, "peg at e1");
    common::click(&mut h, "empty hole at a1");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(
        notice.contains("e1 to a1") && notice.contains("4 holes along, not 2"),
        "e1 to a1: {notice}"
    );
    // On the triangle, e5 to a1 and a5 to a1 run along its lines: too far too.
    let mut t = common::board("triangle");
    for from in ["e5", "a5"] {
        common::click(&mut t, &format!("peg at {from}"));
        t.get_by_label_contains("at a1").click();
        common::settle(&mut t);
        let notice = t.state().notice().unwrap_or_default().to_string();
        assert!(
            notice.contains("4 holes along, not 2"),
            "{from} to a1: {notice}"
        );
    }
}
