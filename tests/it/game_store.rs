//! Every way into Pegsol keeps the game in progress (issue 30): the window started on a board,
//! a file or a random puzzle, Load solution, the editor's Solve, the terminal game started on
//! a board, two terminal games at once, and state files that cannot be read. Each test plays
//! a game, comes back the way a person would, and checks no jump was lost.

use crate::common;
use crate::pty;

use pegsol_testkit::scratch;

use common::{click, harness, press, settle, wait_for};
use eframe::egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::play::PlayCommand;
use pegsol_app::play::SolverCommand;
use pegsol_app::start::persist::PersistedState;
use pegsol_app::{Options, PegsolApp, ShellCommand};
use pegsol_record::{BoardKey, Game, GameStore, Source};
use scratch::Scratch;
use std::path::Path;

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("ways-in-{name}"))
}

/// Plays `jumps` jumps of `wanted`'s board in the store in `dir`, as an earlier run did.
fn earlier_run(dir: &Path, wanted: Game, jumps: usize) {
    let mut store = GameStore::in_folder(dir);
    let mut game = store.open_first(wanted).game;
    for _ in 0..jumps {
        let jump = game.record.position().legal_jumps()[0];
        game.record.play(jump).expect("legal");
    }
    store.keep(&mut game).expect("kept");
}

/// The window as `pegsol OPTIONS` starts it on the store in `dir` (the welcome window seen).
fn window(options: Options, dir: &Path) -> Harness<'static, PegsolApp> {
    let mut seen = PersistedState::default();
    seen.settings.welcomed = true;
    let app =
        PegsolApp::start_with(&options, Some(seen), GameStore::in_folder(dir)).expect("starts");
    harness(app)
}

/// `pegsol --layout english` with its games in `dir`, and two jumps played: d2 to d4, then b3
/// to d3.
fn english_with_two_jumps(dir: &Path) -> Harness<'static, PegsolApp> {
    let mut h = window(
        Options {
            layout: Some("english".into()),
            ..Options::default()
        },
        dir,
    );
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    click(&mut h, "peg at b3");
    click(&mut h, "empty hole at d3");
    h
}

fn index(h: &Harness<'_, PegsolApp>) -> usize {
    h.state().play().game().record.index()
}

fn apply(h: &mut Harness<'_, PegsolApp>, command: ShellCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    settle(h);
}

#[test]
fn pegsol_layout_5_resumes_the_kept_game_instead_of_starting_afresh() {
    let dir = temp_dir("layout");
    earlier_run(&dir, Game::from_spec("5").unwrap(), 3);
    let options = Options {
        layout: Some("5".into()),
        ..Options::default()
    };
    let h = window(options, &dir);
    assert_eq!(index(&h), 3);
    let notice = h.state().notice().unwrap_or_default();
    assert!(
        notice.contains("Resumed your Level 5 game (3 jumps played)"),
        "{notice}"
    );
}

#[test]
fn a_double_clicked_file_resumes_its_kept_game_by_any_path() {
    let dir = temp_dir("file");
    let board = dir.join("cross.ron");
    std::fs::write(
        &board,
        pegsol_layout::catalogue::find("english").unwrap().text,
    )
    .unwrap();
    earlier_run(&dir, Game::from_file(&board).unwrap(), 2);
    // The same file by another path (what a file manager may pass).
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let options = Options {
        file: Some(dir.join("sub").join("..").join("cross.ron")),
        ..Options::default()
    };
    let h = window(options, &dir);
    assert_eq!(index(&h), 2);
}

#[test]
fn a_random_puzzle_from_the_command_line_keeps_the_boards_game_for_undo() {
    let dir = temp_dir("random");
    earlier_run(&dir, Game::from_spec("english").unwrap(), 5);
    let options = Options {
        layout: Some("english".into()),
        random: Some(42),
        ..Options::default()
    };
    let mut h = window(options, &dir);
    settle(&mut h);
    let game = h.state().play().game();
    assert!(game.puzzle.name.contains("seed 42"), "{}", game.puzzle.name);
    let notice = h.state().notice().unwrap_or_default();
    assert!(
        notice.contains("Your English game (5 jumps played) is kept"),
        "{notice}"
    );
    assert_eq!(
        h.state()
            .play()
            .store()
            .kept_for(&BoardKey::parse("english")),
        Some((5, 5))
    );
    // Undo at the random puzzle's start goes back to the English game.
    press(&mut h, Key::U);
    assert_eq!(h.state().play().game().puzzle.name, "English");
    assert_eq!(index(&h), 5);
}

fn solved(app: &PegsolApp) -> bool {
    let session = app.play().solve_session();
    !session.is_running() && session.report().is_some()
}

#[test]
fn load_solution_from_the_start_keeps_the_game_for_undo() {
    let dir = temp_dir("solution");
    let mut h = english_with_two_jumps(&dir);
    click(&mut h, "Solve from start");
    wait_for(&mut h, "the solution", 60, solved);
    click(&mut h, "Load solution");
    let record = &h.state().play().game().record;
    assert_eq!((record.index(), record.jumps().len()), (0, 31));
    assert!(h.query_by_label_contains("Jump 0 of 31").is_some());
    assert!(h.state().play().game().can_undo());
    press(&mut h, Key::U);
    let record = &h.state().play().game().record;
    assert_eq!(record.index(), 2, "the two jumps are back");
}

#[test]
fn the_editors_solve_this_board_keeps_the_boards_game() {
    let dir = temp_dir("editor");
    let path = dir.join("mine.ron");
    std::fs::write(
        &path,
        pegsol_layout::catalogue::find("english").unwrap().text,
    )
    .unwrap();
    earlier_run(&dir, Game::from_file(&path).unwrap(), 2);
    let mut h = window(
        Options {
            file: Some(path.clone()),
            ..Options::default()
        },
        &dir,
    );
    assert_eq!(index(&h), 2);
    // In the editor, on the same file: Solve this board.
    apply(&mut h, ShellCommand::SetMode(pegsol_app::Mode::Editor));
    apply(
        &mut h,
        ShellCommand::Editor(pegsol_app::editor::EditorCommand::Solve),
    );
    assert_eq!(h.state().mode(), pegsol_app::Mode::Play);
    assert_eq!(index(&h), 2, "the board's game is still there");
    wait_for(&mut h, "the solution", 60, solved);
    apply(
        &mut h,
        ShellCommand::Play(PlayCommand::Solver(SolverCommand::LoadSolution)),
    );
    assert_eq!(index(&h), 0);
    press(&mut h, Key::U);
    assert_eq!(index(&h), 2);
}

#[test]
fn restart_then_undo_in_the_window_keeps_the_redo_tail() {
    let dir = temp_dir("restart");
    let mut h = english_with_two_jumps(&dir);
    press(&mut h, Key::U);
    assert!(h.query_by_label_contains("Jump 1 of 2").is_some());
    press(&mut h, Key::R);
    press(&mut h, Key::U);
    assert!(h.query_by_label_contains("Jump 1 of 2").is_some());
}

#[test]
fn another_game_of_the_board_is_offered_in_the_game_menu() {
    let dir = temp_dir("others");
    // Two copies played the same English game at once: both are kept.
    earlier_run(&dir, Game::from_spec("english").unwrap(), 1);
    let (mut a, mut b) = (GameStore::in_folder(&dir), GameStore::in_folder(&dir));
    let mut game_a = a.open_first(Game::from_spec("english").unwrap()).game;
    let mut game_b = b.open_first(Game::from_spec("english").unwrap()).game;
    for (store, game, n) in [(&mut a, &mut game_a, 2), (&mut b, &mut game_b, 4)] {
        for _ in 0..n {
            let jump = game.record.position().legal_jumps()[0];
            game.record.play(jump).unwrap();
        }
        store.keep(game).unwrap();
    }
    let mut h = window(
        Options {
            layout: Some("english".into()),
            ..Options::default()
        },
        &dir,
    );
    let first = index(&h);
    click(&mut h, "Game");
    click(&mut h, "Other games of this board");
    let other = if first == 5 { "3 jumps" } else { "5 jumps" };
    h.get_by_label_contains(other).click();
    settle(&mut h);
    assert_ne!(index(&h), first);
    assert_eq!(index(&h) + first, 8);
}

// The terminal game, as a process on a real pseudo-terminal.

/// The kept game of `spec`'s board in the store in `dir`, as the next run sees it.
fn kept(dir: &Path, spec: &str) -> Game {
    let mut store = GameStore::in_folder(dir);
    let wanted = Game::from_spec(spec).unwrap();
    store.open_first(wanted).game
}

#[test]
fn pegsol_play_5_on_a_terminal_resumes_the_kept_game() {
    let home = temp_dir("play-5");
    earlier_run(&home.join("pegsol"), Game::from_spec("5").unwrap(), 3);
    for args in [&["play", "5"][..], &["5"]] {
        let mut p = pty::Pty::spawn(&mut pty::pegsol(&home, args), 100, 40);
        let screen = p.wait_for("Resumed your Level 5 game", 20);
        assert!(screen.is_ok(), "{args:?}: {:?}", screen.err());
        p.send(b"q");
        assert!(p.wait_exit(10).is_some_and(|s| s.success()), "{args:?}");
        assert_eq!(
            kept(&home.join("pegsol"), "5").record.index(),
            3,
            "{args:?}"
        );
    }
}

#[test]
fn two_terminal_games_at_once_on_one_board_both_keep_their_jumps() {
    let home = temp_dir("two-terminals");
    earlier_run(&home.join("pegsol"), Game::from_spec("english").unwrap(), 1);
    let mut a = pty::Pty::spawn(&mut pty::pegsol(&home, &["play", "english"]), 100, 40);
    let mut b = pty::Pty::spawn(&mut pty::pegsol(&home, &["play", "english"]), 100, 40);
    for p in [&a, &b] {
        assert!(p.wait_for("Resumed your English game", 20).is_ok());
    }
    // Each copy takes the jump back and plays another first jump, with the cursor keys from
    // the centre, d4.
    a.send(b"u");
    b.send(b"u");
    // A plays f4 to d4 (cursor right twice, pick up, left).
    a.send(b"\x1b[C\x1b[C \x1b[D");
    // B plays b4 to d4.
    b.send(b"\x1b[D\x1b[D \x1b[C");
    // Let both write (they keep at once after a change, and look every 2 s).
    std::thread::sleep(std::time::Duration::from_millis(2500));
    a.send(b"q");
    b.send(b"q");
    assert!(a.wait_exit(10).is_some() && b.wait_exit(10).is_some());
    let file: pegsol_record::store::StoreFile =
        pegsol_record::datafile::read(&home.join("pegsol").join("games.ron"))
            .unwrap()
            .unwrap();
    let lines: Vec<&Vec<String>> = file.games.iter().map(|g| &g.game.jumps).collect();
    assert!(
        lines.iter().any(|l| l.as_slice() == ["5,3-3,3"]),
        "A's jump kept: {lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.as_slice() == ["1,3-3,3"]),
        "B's jump kept: {lines:?}"
    );
}

#[test]
fn a_fifo_in_place_of_the_game_file_neither_hangs_nor_is_lost() {
    let home = temp_dir("fifo");
    let data = home.join("pegsol");
    std::fs::create_dir_all(&data).unwrap();
    for name in ["game.ron", "games.ron"] {
        let c = std::ffi::CString::new(data.join(name).to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo has no other precondition.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    }
    let mut p = pty::Pty::spawn(&mut pty::pegsol(&home, &["play", "english"]), 100, 40);
    let screen = p.wait_for_output("named pipe", 20);
    assert!(screen.is_ok(), "{:?}", screen.err());
    p.send(b"q");
    assert!(p.wait_exit(10).is_some(), "it quits");
    let names: Vec<String> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for name in ["game.ron.broken-", "games.ron.broken-"] {
        assert!(names.iter().any(|n| n.starts_with(name)), "{names:?}");
    }
}

#[test]
fn w_in_the_terminal_saves_the_game_and_the_state_file_opens_as_a_game() {
    let home = temp_dir("w");
    let data = home.join("pegsol");
    earlier_run(&data, Game::from_spec("english").unwrap(), 2);
    let saved = home.join("mine.pegsol");
    let mut p = pty::Pty::spawn(&mut pty::pegsol(&home, &["play", "english"]), 100, 40);
    assert!(p.wait_for("Resumed", 20).is_ok());
    p.send(b"w");
    assert!(
        p.wait_for("english-game.pegsol", 10).is_ok(),
        "the default name"
    );
    // Replace the default name with a path of our own.
    p.send(&[0x7f; 20]);
    p.send(saved.to_str().unwrap().as_bytes());
    p.send(b"\r");
    assert!(p.wait_for("Game saved to", 10).is_ok(), "{}", p.output());
    p.send(b"q");
    p.wait_exit(10);
    assert_eq!(Game::from_file(&saved).unwrap().record.index(), 2);
    // Pegsol's own state file opens too, as the game played last.
    let state = Game::from_file(&data.join("games.ron")).unwrap();
    assert_eq!(
        (state.puzzle.name.as_str(), state.record.index()),
        ("English", 2)
    );
    assert_eq!(state.source, Source::Catalogue("english".into()));
}

/// Steps `h` as a window's event loop would with no input: the next frame comes when the
/// last one asked for it (the clock jumps there). Returns the time at which `done` first
/// holds, or `None` if it never does within `seconds` of window time from `from`.
fn idle_until(
    h: &mut Harness<'static, PegsolApp>,
    from: f64,
    seconds: f64,
    done: impl Fn(&PegsolApp) -> bool,
) -> Option<f64> {
    let mut now = from;
    while now <= from + seconds {
        h.input_mut().time = Some(now);
        h.step();
        if done(h.state()) {
            return Some(now);
        }
        let delay = h
            .output()
            .viewport_output
            .get(&eframe::egui::ViewportId::ROOT)
            .map_or(f64::INFINITY, |v| v.repaint_delay.as_secs_f64());
        // A frame asked for at once still takes a frame's time.
        now += delay.max(1.0 / 60.0);
    }
    None
}

#[test]
fn another_copys_both_are_kept_notice_appears_within_a_second_with_no_input() {
    let dir = temp_dir("news");
    let mut h = window(
        Options {
            layout: Some("english".into()),
            ..Options::default()
        },
        &dir,
    );
    // This copy plays a jump and, before it writes it (the clock held still), another copy
    // plays the same game and writes that.
    let start = h.ctx.input(|i| i.time) + 1.0;
    for label in ["peg at d2", "empty hole at d4"] {
        h.get_by_label(label).click();
        for _ in 0..3 {
            h.input_mut().time = Some(start);
            h.step();
        }
    }
    assert_eq!(index(&h), 1);
    let mut other = GameStore::in_folder(&dir);
    let mut game = other.open_first(Game::from_spec("english").unwrap()).game;
    let jump = game.record.position().legal_jumps()[1];
    game.record.play(jump).unwrap();
    other.keep(&mut game).unwrap();
    let shown = idle_until(&mut h, start, 5.0, |app| {
        app.notice().is_some_and(|n| n.contains("both are kept"))
    });
    let after = shown.map(|t| t - start);
    assert!(
        after.is_some_and(|s| s <= 1.0),
        "the notice appeared after {after:?} s of no input"
    );
}
