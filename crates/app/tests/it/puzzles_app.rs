//! UI tests of Game > New random puzzle… and the statistics per board, through egui_kittest:
//! every difficulty gives a puzzle the exact solver wins, the seed makes the same puzzle again
//! and Play starts it; only the player's own games count, the figures show in the boards
//! panel and survive a restart, and a broken statistics file is dropped with a notice.

use crate::common;

use pegsol_testkit::scratch;

use common::{board_sized, click, harness_sized, press, settle, wait_for};
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::play::command::SolveFrom;
use pegsol_app::play::PlayCommand;
use pegsol_app::play::{SolverCommand, TimelineCommand};
use pegsol_app::random::{Difficulty, RandomCommand};
use pegsol_app::{PegsolApp, ShellCommand};
use pegsol_record::stats::{Stats, FILE_NAME};
use pegsol_record::{BoardKey, Game};
use pegsol_rules::{random_puzzle, Goal};
use pegsol_solver::engines::exact;
use pegsol_solver::uncontrolled;
use scratch::Scratch;
use std::path::PathBuf;

const SIZE: egui::Vec2 = egui::vec2(1280.0, 900.0);

/// A fresh folder for one test's files.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("puzzles-{name}"))
}

fn apply(h: &mut Harness<'_, PegsolApp>, command: ShellCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    settle(h);
}

/// Opens Game > New random puzzle… on the board in play.
fn open_random(h: &mut Harness<'_, PegsolApp>) {
    click(h, "Game");
    click(h, "New random puzzle…");
    assert!(h.state().random().is_open());
}

/// The puzzle the window shows, which must be one.
fn shown_puzzle(h: &Harness<'_, PegsolApp>) -> pegsol_rules::RandomPuzzle {
    match h.state().random().puzzle() {
        Some(Ok(p)) => p.clone(),
        other => panic!("no puzzle: {other:?}"),
    }
}

#[test]
fn a_random_puzzle_of_each_difficulty_is_solvable_by_the_exact_solver() {
    for board in ["english", "triangle"] {
        let mut h = board_sized(board, SIZE);
        open_random(&mut h);
        let holes = h.state().random().board().unwrap().holes();
        for difficulty in Difficulty::ALL {
            click(&mut h, difficulty.name());
            let puzzle = shown_puzzle(&h);
            let pegs = difficulty.pegs(holes);
            assert_eq!(puzzle.start.peg_count(), pegs, "{board} {difficulty:?}");
            let outcome = uncontrolled(|c| {
                exact::solve(&puzzle.start, Goal::Anywhere, exact::Options::default(), c)
            });
            assert!(
                outcome.won && outcome.pegs_left == 1 && outcome.proven_optimal,
                "{board} {difficulty:?} seed {}: {outcome:?}",
                puzzle.seed
            );
        }
        // Easy, medium and hard differ.
        let counts: Vec<u32> = Difficulty::ALL.iter().map(|d| d.pegs(holes)).collect();
        assert!(counts[0] < counts[1] && counts[1] < counts[2], "{counts:?}");
    }
}

#[test]
fn a_typed_seed_makes_the_same_puzzle_and_play_starts_it() {
    let mut h = board_sized("english", SIZE);
    open_random(&mut h);
    h.get_by_role_and_label(Role::TextInput, "Seed").focus();
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_role_and_label(Role::TextInput, "Seed")
        .type_text("12345");
    settle(&mut h);
    let puzzle = shown_puzzle(&h);
    assert_eq!(puzzle.seed, 12345);
    let shape = h.state().random().board().unwrap().shape.clone();
    let pegs = h.state().random().pegs();
    assert_eq!(random_puzzle(&shape, pegs, 12345), Some(puzzle.clone()));
    // The command line to share it is shown.
    assert!(h
        .query_by_label_contains("--layout english --random 12345")
        .is_some());
    click(&mut h, "Play this puzzle");
    let game = h.state().play().game();
    assert_eq!(game.record.position(), &puzzle.start);
    assert!(
        game.puzzle.name.contains("seed 12345"),
        "{}",
        game.puzzle.name
    );
    // Not a seed: said, and Play waits.
    h.get_by_role_and_label(Role::TextInput, "Seed").focus();
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_role_and_label(Role::TextInput, "Seed")
        .type_text("twelve");
    settle(&mut h);
    assert!(h.query_by_label_contains("is not a seed").is_some());
}

#[test]
fn the_board_being_edited_can_have_random_puzzles_too() {
    let mut h = board_sized("english", SIZE);
    click(&mut h, "Editor");
    apply(&mut h, ShellCommand::NewRandomPuzzle);
    let random = h.state().random();
    let board = random.board().unwrap();
    assert_eq!(board.holes(), 33);
    assert!(matches!(random.puzzle(), Some(Ok(_))));
    // A catalogue board chosen in the window.
    apply(
        &mut h,
        ShellCommand::Random(RandomCommand::Board("triangle".into())),
    );
    assert_eq!(h.state().random().board().unwrap().holes(), 15);
}

/// Level 0 (`d4 e4 . g4`) won by clicks: d4 over e4 to f4, then g4 over f4 to e4.
fn win_level_0(h: &mut Harness<'_, PegsolApp>) {
    click(h, "peg at d4");
    click(h, "empty hole at f4");
    click(h, "peg at g4");
    click(h, "empty hole at e4");
    assert!(h
        .state()
        .play()
        .game()
        .record
        .position()
        .is_won(Goal::Anywhere));
}

fn level_0_with_stats(path: PathBuf) -> Harness<'static, PegsolApp> {
    let mut app = PegsolApp::new(Game::from_catalogue("level-0").unwrap());
    app.keep_stats_in(path);
    harness_sized(app, SIZE)
}

#[test]
fn only_the_players_own_wins_count_and_they_survive_a_restart() {
    let dir = scratch("wins");
    let path = dir.join(FILE_NAME);
    let mut h = level_0_with_stats(path.clone());
    win_level_0(&mut h);
    let figures = *h
        .state()
        .stats()
        .board(&BoardKey::parse("level-0"))
        .expect("counted");
    assert_eq!(
        (figures.won, figures.finished, figures.fewest_pegs),
        (1, 1, Some(1))
    );
    assert!(figures.best_seconds.is_some());
    // Undoing the winning jump and making it again is the same game, not another win.
    press(&mut h, egui::Key::U);
    click(&mut h, "peg at g4");
    click(&mut h, "empty hole at e4");
    assert_eq!(
        h.state()
            .stats()
            .board(&BoardKey::parse("level-0"))
            .unwrap()
            .won,
        1
    );
    // Restart and win again: two.
    press(&mut h, egui::Key::R);
    win_level_0(&mut h);
    assert_eq!(
        h.state()
            .stats()
            .board(&BoardKey::parse("level-0"))
            .unwrap()
            .won,
        2
    );

    // The solver's solution, stepped through on the timeline, is not the player's win.
    press(&mut h, egui::Key::R);
    apply(
        &mut h,
        ShellCommand::Play(PlayCommand::Solver(SolverCommand::SolveFrom(
            SolveFrom::Start,
        ))),
    );
    wait_for(&mut h, "the solve", 20, |app| {
        app.play().solve_session().report().is_some()
    });
    apply(
        &mut h,
        ShellCommand::Play(PlayCommand::Solver(SolverCommand::LoadSolution)),
    );
    apply(
        &mut h,
        ShellCommand::Play(PlayCommand::Timeline(TimelineCommand::StepForward)),
    );
    apply(
        &mut h,
        ShellCommand::Play(PlayCommand::Timeline(TimelineCommand::StepForward)),
    );
    assert!(h
        .state()
        .play()
        .game()
        .record
        .position()
        .is_won(Goal::Anywhere));
    assert_eq!(
        h.state()
            .stats()
            .board(&BoardKey::parse("level-0"))
            .unwrap()
            .won,
        2
    );
    // Nor is finishing by hand a game the solver started.
    apply(
        &mut h,
        ShellCommand::Play(PlayCommand::Timeline(TimelineCommand::StepBack)),
    );
    let last = h.state().play().game().record.jumps()[1];
    apply(&mut h, ShellCommand::Play(PlayCommand::Play(last)));
    assert_eq!(
        h.state()
            .stats()
            .board(&BoardKey::parse("level-0"))
            .unwrap()
            .won,
        2
    );

    // Written, read back, and shown after a restart.
    let stats = pegsol_record::datafile::read::<Stats>(&path)
        .unwrap()
        .expect("the file");
    assert_eq!(stats.boards[&BoardKey::parse("level-0")].won, 2);
    drop(h);
    let mut h = level_0_with_stats(path.clone());
    settle(&mut h);
    assert_eq!(
        h.state()
            .stats()
            .board(&BoardKey::parse("level-0"))
            .unwrap()
            .won,
        2
    );
    assert!(h.query_by_label_contains("won 2").is_some());
}

#[test]
fn a_broken_stats_file_is_kept_aside_with_a_notice() {
    let dir = scratch("broken");
    let path = dir.join(FILE_NAME);
    for bad in [
        "PegsolStats(version: 1, boards: {\"english\": (won: \"many\")})",
        "not ron at all \u{1b}[31m",
        "PegsolStats(version: 99, boards: {})",
    ] {
        std::fs::write(&path, bad).unwrap();
        let mut h = level_0_with_stats(path.clone());
        settle(&mut h);
        let notice = h.state().notice().unwrap_or_default().to_string();
        assert!(
            notice.contains(FILE_NAME) && notice.contains("stats.ron.broken-"),
            "{bad}: {notice}"
        );
        assert!(h.state().stats().stats().boards.is_empty());
        // Kept aside for the person, and the figures start afresh in the file.
        let aside: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("stats.ron.broken-"))
            .collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), bad);
        std::fs::remove_file(&aside[0]).unwrap();
        win_level_0(&mut h);
        assert_eq!(
            pegsol_record::datafile::read::<Stats>(&path)
                .unwrap()
                .unwrap()
                .boards[&BoardKey::parse("level-0")]
                .won,
            1
        );
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn the_command_lines_random_seed_plays_that_puzzle_with_its_window_open() {
    // What `pegsol --layout triangle --random 42 --pegs 9` asks of the window.
    let options = pegsol_app::Options {
        layout: Some("triangle".into()),
        random: Some(42),
        pegs: Some(9),
        ..Default::default()
    };
    let app = PegsolApp::start(&options, None).expect("the app starts");
    let mut h = harness_sized(app, SIZE);
    settle(&mut h);
    let random = h.state().random();
    assert!(random.is_open());
    assert_eq!((random.seed(), random.pegs()), (Some(42), 9));
    let shape = random.board().unwrap().shape.clone();
    let expected = random_puzzle(&shape, 9, 42).expect("a puzzle");
    assert_eq!(h.state().play().game().record.position(), &expected.start);
    assert!(h
        .query_by_label_contains("--layout triangle --random 42 --pegs 9")
        .is_some());
}

/// The position `pegsol --random 42` starts with, its games kept in `dir`.
fn random_42_in(dir: &std::path::Path) -> (String, pegsol_rules::Position) {
    let options = pegsol_app::Options {
        random: Some(42),
        ..Default::default()
    };
    let store = pegsol_record::GameStore::in_folder(dir);
    let app = PegsolApp::start_with(&options, None, store).expect("the app starts");
    let mut h = harness_sized(app, SIZE);
    settle(&mut h);
    let game = h.state().play().game();
    (game.puzzle.name.clone(), game.record.position().clone())
}

#[test]
fn random_42_without_a_board_is_the_english_puzzle_fresh_or_after_another_board() {
    let dir = scratch("random-english");
    let (fresh_name, fresh) = random_42_in(&dir);
    assert!(
        fresh_name.starts_with("English (random"),
        "the English board: {fresh_name}"
    );
    // Another board played last, and kept: the same command gives the same puzzle.
    {
        let options = pegsol_app::Options {
            layout: Some("5".into()),
            ..Default::default()
        };
        let store = pegsol_record::GameStore::in_folder(&dir);
        // Someone who has seen the welcome window: it would take the clicks.
        let mut seen = pegsol_app::start::persist::PersistedState::default();
        seen.settings.welcomed = true;
        let app = PegsolApp::start_with(&options, Some(seen), store).expect("the app starts");
        let mut h = harness_sized(app, SIZE);
        click(&mut h, "peg at g4");
        click(&mut h, "empty hole at e4");
        assert_eq!(h.state().play().game().record.jumps().len(), 1);
    }
    let (name, after) = random_42_in(&dir);
    assert_eq!((name, after), (fresh_name, fresh));
}
