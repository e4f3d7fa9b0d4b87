//! The named classic problems: each one can be won (the exact solver says so, from its start
//! to its goal), and through egui_kittest the Problems window lists them, clicking one starts
//! it in the play view, and winning it by clicks sets its ✔, which a restart of the app reads
//! back from the marks' file.

use crate::common;

use pegsol_testkit::scratch;

use common::{click, harness_sized};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::{Mode, PegsolApp};
use pegsol_layout::problems::{Problem, PROBLEMS};
use pegsol_record::problems::{problem_of, FILE_NAME};
use pegsol_record::Game;
use pegsol_rules::{cell_name, Jump};
use pegsol_solver::{search, uncontrolled, Engine};
use scratch::Scratch;
use std::path::Path;

const SIZE: egui::Vec2 = egui::vec2(1280.0, 900.0);

/// A fresh folder for one test's files.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("problems-{name}"))
}

/// A winning line of `problem`, from the exact solver.
fn solve(problem: &Problem) -> Vec<Jump> {
    let puzzle = problem.puzzle().expect("a puzzle");
    let outcome = uncontrolled(|c| search(Engine::Exact, &puzzle.start, puzzle.goal, None, c));
    assert!(
        outcome.won && outcome.proven_optimal,
        "{} ({}): the exact solver finds no win ({} pegs left)",
        problem.name,
        problem.key,
        outcome.pegs_left
    );
    outcome.jumps
}

#[test]
fn every_named_problem_can_be_won_from_its_start_to_its_goal() {
    for problem in PROBLEMS {
        let puzzle = problem.puzzle().expect("a puzzle");
        let jumps = solve(problem);
        // Replayed on the problem's own start, the line ends on its goal.
        let mut position = puzzle.start.clone();
        for jump in &jumps {
            position = position.try_play(*jump).expect("a legal jump");
        }
        assert!(position.is_won(puzzle.goal), "{}", problem.key);
        assert_eq!(jumps.len() + 1, problem.pegs(), "{}", problem.key);
    }
}

/// The app on the English board with its solved marks kept in `marks`.
fn app_keeping(marks: &Path) -> Harness<'static, PegsolApp> {
    let mut app = PegsolApp::new(Game::from_catalogue("english").expect("english"));
    assert_eq!(app.problems_mut().keep_in(marks.to_path_buf()), None);
    harness_sized(app, SIZE)
}

/// Opens Game > Problems….
fn open_problems(h: &mut Harness<'_, PegsolApp>) {
    click(h, "Game");
    click(h, "Problems…");
    assert!(h.state_mut().problems_mut().is_open());
}

#[test]
fn the_problems_window_lists_every_problem_with_its_board() {
    let dir = scratch("list");
    let mut h = app_keeping(&dir.join(FILE_NAME));
    open_problems(&mut h);
    for problem in PROBLEMS {
        // (A board of the boards panel may share a problem's name: Diamond.)
        assert!(
            h.query_all_by_label(problem.name).count() >= 1,
            "{}",
            problem.name
        );
        h.get_by_label(problem.description);
    }
    assert_eq!(
        h.query_all_by_label("English, 6 pegs").count(),
        1,
        "the Cross"
    );
    assert_eq!(h.query_all_by_label("Triangle, 14 pegs").count(), 2);
    assert!(
        h.query_all_by_label("✔").next().is_none(),
        "nothing solved yet"
    );
    h.check_accessibility();
}

#[test]
fn clicking_a_problem_starts_it_in_the_play_view() {
    let dir = scratch("start");
    let mut h = app_keeping(&dir.join(FILE_NAME));
    open_problems(&mut h);
    click(&mut h, "Pyramid");
    let app = h.state();
    assert_eq!(app.mode(), Mode::Play);
    let game = app.play().game();
    assert_eq!(problem_of(game).map(|p| p.key), Some("pyramid"));
    assert_eq!(game.record.played().len(), 0, "a fresh game");
    assert_eq!(game.record.position().peg_count(), 16);
    assert_eq!(app.play().game().puzzle.name, "Pyramid");
    // The window made way for the board.
    assert!(!h.state_mut().problems_mut().is_open());
}

#[test]
fn winning_a_problem_sets_its_mark_and_a_restart_keeps_it() {
    let dir = scratch("win");
    let marks = dir.join(FILE_NAME);
    let mut h = app_keeping(&marks);
    open_problems(&mut h);
    click(&mut h, "Cross");
    let cross = Problem::find("cross").expect("cross");
    let line = solve(cross);
    // Played by clicks on the board, as a person would.
    for (i, jump) in line.iter().enumerate() {
        assert!(
            !h.state_mut().problems_mut().marks().is_solved("cross"),
            "after {i} jumps"
        );
        click(&mut h, &format!("peg at {}", cell_name(jump.from)));
        click(&mut h, &format!("empty hole at {}", cell_name(jump.to)));
    }
    let game = h.state().play().game();
    assert!(game.record.position().is_won(game.puzzle.goal));
    assert!(h.state_mut().problems_mut().marks().is_solved("cross"));
    assert!(h
        .state()
        .notice()
        .is_some_and(|n| n.contains("Problem solved: Cross")));
    open_problems(&mut h);
    assert_eq!(h.query_all_by_label("✔").count(), 1, "the Cross's mark");
    drop(h);

    // The app again, reading the same file: the mark is there, in the window too.
    let mut h = app_keeping(&marks);
    assert!(h.state_mut().problems_mut().marks().is_solved("cross"));
    assert_eq!(h.state_mut().problems_mut().marks().count(), 1);
    open_problems(&mut h);
    assert_eq!(h.query_all_by_label("✔").count(), 1);
    assert!(h.query_by_label_contains("1 of").is_some());
}
