//! The terminal game driven key by key, as a person would, and drawn into ratatui's in-memory
//! terminal: every key on a square and a triangular board, hints and solves that arrive from
//! background threads (polled with a time limit), replays, the look, a too-small terminal,
//! and the game in progress passing between the terminal and the window.

use pegsol::record::resume::{self, Resume};
use pegsol::rules::{Cell, Jump};
use pegsol::solver::services::advice::Advice;
use pegsol::solver::services::hint::{Answer, Judge, HINT_BUDGET};
use pegsol::solver::uncontrolled;
use pegsol::tui::{Effect, TuiGame};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;
use std::time::{Duration, Instant};

mod games;

fn game(spec: &str) -> TuiGame {
    let (puzzle, record, source) = resume::open(spec).expect("a catalogue board");
    TuiGame::new(puzzle, record, source, "test".into())
}

fn key(game: &mut TuiGame, code: KeyCode) -> Effect {
    game.handle(KeyEvent::new(code, KeyModifiers::NONE))
}

fn keys(game: &mut TuiGame, codes: &[KeyCode]) {
    for &code in codes {
        assert_eq!(key(game, code), Effect::Continue, "{code:?}");
    }
}

fn with(game: &mut TuiGame, modifiers: KeyModifiers, code: KeyCode) -> Effect {
    game.handle(KeyEvent::new(code, modifiers))
}

fn c(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

/// The screen as text, one string per row.
fn screen(game: &TuiGame, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|f| game.draw(f)).expect("draw");
    let buffer = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

fn shows(lines: &[String], text: &str) -> bool {
    lines.iter().any(|l| l.contains(text))
}

/// Ticks the game until `done` holds, for at most a minute (background work on a shared
/// machine can be slow, but never that slow).
fn tick_until(game: &mut TuiGame, what: &str, done: impl Fn(&TuiGame) -> bool) {
    let until = Instant::now() + Duration::from_secs(60);
    while !done(game) {
        assert!(Instant::now() < until, "timed out waiting for {what}");
        game.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn square_board_arrows_move_the_cursor_enter_picks_up_and_an_arrow_jumps() {
    let mut g = game("english");
    assert_eq!(g.cursor(), c(3, 3), "the cursor starts on the centre");
    keys(
        &mut g,
        &[KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Up],
    );
    assert_eq!(g.cursor(), c(3, 1));
    // At the edge the cursor stays put.
    keys(&mut g, &[KeyCode::Up, KeyCode::Up]);
    assert_eq!(g.cursor(), c(3, 0));
    keys(&mut g, &[KeyCode::Down, KeyCode::Enter]);
    assert_eq!(g.selected(), Some(c(3, 1)));
    // An illegal direction is refused with the reason, and the peg stays picked up.
    key(&mut g, KeyCode::Left);
    assert_eq!(
        g.message(),
        "d2 cannot jump that way: b2 is not on the board"
    );
    assert_eq!((g.record().index(), g.selected()), (0, Some(c(3, 1))));
    key(&mut g, KeyCode::Down);
    assert_eq!(g.record().played(), &["3,1-3,3".parse::<Jump>().unwrap()]);
    assert_eq!(
        (g.cursor(), g.selected()),
        (c(3, 3), None),
        "the cursor follows"
    );
    // Space picks up like Enter; Escape puts down.
    key(&mut g, KeyCode::Char(' '));
    assert_eq!(g.selected(), Some(c(3, 3)));
    key(&mut g, KeyCode::Esc);
    assert_eq!(g.selected(), None);
    // Enter on a hole says what to do.
    keys(&mut g, &[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    assert!(
        g.message().contains("d2 is an empty hole"),
        "{}",
        g.message()
    );
    // The cursor crosses holes too: to f3, pick it up, jump left into d3.
    keys(&mut g, &[KeyCode::Down, KeyCode::Right, KeyCode::Right]);
    assert_eq!(g.cursor(), c(5, 2));
    keys(&mut g, &[KeyCode::Enter, KeyCode::Left]);
    assert_eq!(g.record().played()[1], "5,2-3,2".parse::<Jump>().unwrap());
    assert_eq!(g.message(), "f3 jumped over e3 to d3");
}

#[test]
fn enter_again_puts_the_peg_down_and_a_peg_without_a_jump_says_so() {
    let mut g = game("english");
    keys(&mut g, &[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    assert_eq!(g.selected(), Some(c(3, 1)));
    key(&mut g, KeyCode::Enter);
    assert_eq!(g.selected(), None);
    keys(&mut g, &[KeyCode::Up, KeyCode::Enter]);
    assert_eq!(g.message(), "The peg at d1 has no jump from here");
}

#[test]
fn undo_redo_restart_and_quit() {
    let mut g = game("english");
    keys(
        &mut g,
        &[KeyCode::Up, KeyCode::Up, KeyCode::Enter, KeyCode::Down],
    );
    let after_one = g.record().position().clone();
    key(&mut g, KeyCode::Char('u'));
    assert_eq!(g.record().index(), 0);
    assert!(g.record().can_redo());
    key(&mut g, KeyCode::Char('y'));
    assert_eq!(g.record().position(), &after_one);
    // The desktop's Ctrl+Z and Ctrl+Y do the same.
    with(&mut g, KeyModifiers::CONTROL, KeyCode::Char('z'));
    assert_eq!(g.record().index(), 0);
    with(&mut g, KeyModifiers::CONTROL, KeyCode::Char('y'));
    assert_eq!(g.record().index(), 1);
    key(&mut g, KeyCode::Char('r'));
    assert_eq!(g.record().position(), &g.puzzle().start);
    assert!(g.message().starts_with("Restarted"));
    key(&mut g, KeyCode::Char('u'));
    assert_eq!(
        g.record().position(),
        &after_one,
        "undo brings a restart back"
    );
    keys(&mut g, &[KeyCode::Char('u'), KeyCode::Char('u')]);
    assert_eq!(g.message(), "Nothing to undo");
    assert_eq!(key(&mut g, KeyCode::Char('q')), Effect::Quit);
    assert_eq!(
        with(&mut g, KeyModifiers::CONTROL, KeyCode::Char('c')),
        Effect::Quit
    );
}

#[test]
fn triangular_board_up_and_down_take_the_diagonals_shift_the_right_hand_one() {
    let mut g = game("triangle");
    // Up climbs to the apex whichever cell the cursor starts on.
    for _ in 0..6 {
        key(&mut g, KeyCode::Up);
    }
    assert_eq!(g.cursor(), c(0, 0));
    key(&mut g, KeyCode::Down);
    assert_eq!(g.cursor(), c(0, 1), "plain Down: down-left");
    key(&mut g, KeyCode::Up);
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Down);
    assert_eq!(g.cursor(), c(1, 1), "Shift+Down: down-right");
    key(&mut g, KeyCode::Down);
    assert_eq!(g.cursor(), c(1, 2));
    key(&mut g, KeyCode::Up);
    assert_eq!(g.cursor(), c(0, 1), "plain Up: up-left");
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Down);
    assert_eq!(g.cursor(), c(1, 2), "Shift+Down: down-right");
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Up);
    assert_eq!(g.cursor(), c(1, 1), "Shift+Up: up-right");
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Down);
    assert_eq!(g.cursor(), c(2, 2));
    key(&mut g, KeyCode::Right);
    assert_eq!(g.cursor(), c(2, 2), "the row's last cell");
    key(&mut g, KeyCode::Left);
    assert_eq!(g.cursor(), c(1, 2));
    // Pick up (2,2) and jump up-left over (1,1) into the empty apex.
    key(&mut g, KeyCode::Right);
    key(&mut g, KeyCode::Enter);
    key(&mut g, KeyCode::Up);
    assert_eq!(
        g.record().played(),
        &["2,2-0,0".parse::<Jump>().unwrap()],
        "{}",
        g.message()
    );
    assert_eq!(g.cursor(), c(0, 0));
    // Along the row: (0,2) over (1,2)? (1,2) is a peg, (2,2) now empty: Right jumps there.
    keys(&mut g, &[KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
    assert_eq!(g.selected(), Some(c(0, 2)));
    key(&mut g, KeyCode::Right);
    assert_eq!(g.record().played()[1], "0,2-2,2".parse::<Jump>().unwrap());
}

#[test]
fn the_hint_comes_from_the_background_and_is_drawn_on_the_board() {
    for spec in ["english", "triangle"] {
        let mut g = game(spec);
        key(&mut g, KeyCode::Char('h'));
        tick_until(&mut g, "the hint", |g| {
            g.message().starts_with("Hint: jump")
        });
        let hint = g.hint().expect("a hint for this position");
        assert!(g.record().position().is_legal(hint));
        let lines = screen(&g, 100, 40);
        assert!(
            shows(&lines, "◆"),
            "{spec}: the hint's peg\n{}",
            lines.join("\n")
        );
        assert!(shows(&lines, "○"), "{spec}: the hint's hole");
        assert!(shows(&lines, "Winnable"), "{}", lines.join("\n"));
    }
}

#[test]
fn an_undecided_position_gets_a_guess_while_thinking_goes_on_until_x_stops_it() {
    // Level 6's 36-peg middle game that the quick answer leaves undecided: h still marks a
    // jump on the board, and the message says it is only a guess; the status line says it
    // is still thinking, with the positions examined, the window's words; x stops it.
    let path = games::undecided_middle_game_file("tui-guess");
    let mut g = game(path.to_str().expect("utf-8 path"));
    let _ = path.parent().map(std::fs::remove_dir_all);
    key(&mut g, KeyCode::Char('h'));
    tick_until(&mut g, "the guess", |g| g.hint().is_some());
    assert!(g.message().starts_with("Still thinking"), "{}", g.message());
    assert!(g.message().contains("Only a guess"), "{}", g.message());
    assert!(g.record().position().is_legal(g.hint().expect("a guess")));
    let lines = screen(&g, 120, 40);
    assert!(shows(&lines, "◆"), "the guess's peg\n{}", lines.join("\n"));
    assert!(
        shows(&lines, "Still thinking… (") && shows(&lines, "x stops"),
        "{}",
        lines.join("\n")
    );
    key(&mut g, KeyCode::Char('x'));
    tick_until(&mut g, "the stop", |g| {
        g.message().starts_with("No hint: thinking stopped")
    });
    assert!(g.message().contains("Only a guess"), "{}", g.message());
    let lines = screen(&g, 120, 40);
    assert!(shows(&lines, "Unknown"), "{}", lines.join("\n"));
}

#[test]
fn a_lost_position_says_why_in_the_terminal_as_in_the_window() {
    // Two pegs side by side and a third far off: lost, and h says why, in the words the
    // window uses (it said only "No jump reaches the goal from here" before).
    let dir = std::env::temp_dir().join(format!("pegsol-tui-lost-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("three.ron");
    std::fs::write(
        &path,
        "Layout(name: \"Three\", rows: [\"o o . .\", \". . . .\", \". . . o\"])\n",
    )
    .expect("write");
    let mut g = game(path.to_str().expect("utf-8 path"));
    let _ = std::fs::remove_dir_all(&dir);
    key(&mut g, KeyCode::Char('h'));
    tick_until(&mut g, "the verdict", |g| {
        g.message().starts_with("Not winnable")
    });
    let p = g.record().position().clone();
    let goal = g.puzzle().goal;
    let Answer::Lost(reason) = uncontrolled(|c| Judge::new(HINT_BUDGET).judge(&p, goal, c)) else {
        panic!("the position is lost");
    };
    let said = Advice::Lost { reason }.hint_text(goal);
    assert_eq!(g.message(), said);
    assert!(said.len() > "Not winnable: .".len() + 10, "{said}");
    let lines = screen(&g, 120, 40);
    assert!(shows(&lines, "Not winnable"), "{}", lines.join("\n"));
}

#[test]
fn solve_from_here_runs_in_the_background_then_steps_and_plays_to_a_win() {
    let mut g = game("triangle");
    key(&mut g, KeyCode::Char('s'));
    let prompt = screen(&g, 100, 40);
    assert!(
        shows(&prompt, "Solve from here: exact, budget 10M"),
        "{}",
        prompt.join("\n")
    );
    // Tab switches engine, the arrows the budget (they do not move the cursor meanwhile).
    let cursor = g.cursor();
    key(&mut g, KeyCode::Tab);
    assert!(shows(&screen(&g, 100, 40), "classic, budget 1M (up to"));
    keys(
        &mut g,
        &[KeyCode::Left, KeyCode::Tab, KeyCode::Right, KeyCode::Left],
    );
    assert_eq!(g.cursor(), cursor);
    assert!(shows(&screen(&g, 100, 40), "exact, budget 1M."));
    key(&mut g, KeyCode::Enter);
    assert!(g.is_solving());
    // Keys keep working while it runs.
    key(&mut g, KeyCode::Left);
    tick_until(&mut g, "the solve", |g| !g.is_solving());
    assert!(
        g.message().starts_with("Solved: a win in 13 jumps"),
        "{}",
        g.message()
    );
    let total = g.record().jumps().len();
    assert_eq!((g.record().index(), total), (0, 13));
    assert!(shows(&screen(&g, 100, 40), "Timeline 0/13"));
    // ] and [ step; End and Home go to the ends.
    key(&mut g, KeyCode::Char(']'));
    key(&mut g, KeyCode::Char(']'));
    key(&mut g, KeyCode::Char('['));
    assert_eq!(g.record().index(), 1);
    key(&mut g, KeyCode::End);
    assert!(g.record().position().is_won(g.puzzle().goal));
    key(&mut g, KeyCode::Home);
    assert_eq!(g.record().index(), 0);
    // p plays the rest, a jump per step of the clock; Escape or p pauses.
    key(&mut g, KeyCode::Char('p'));
    assert!(g.is_playing());
    let mut now = Instant::now();
    for _ in 0..3 {
        now += Duration::from_secs(1);
        g.tick(now);
    }
    assert_eq!(g.record().index(), 3);
    key(&mut g, KeyCode::Char('p'));
    assert!(!g.is_playing());
    g.tick(now + Duration::from_secs(5));
    assert_eq!(g.record().index(), 3, "paused");
    key(&mut g, KeyCode::Char('p'));
    for _ in 0..20 {
        now += Duration::from_secs(1);
        g.tick(now);
    }
    assert!(!g.is_playing(), "stops at the end");
    assert!(g.record().position().is_won(g.puzzle().goal));
    assert!(shows(&screen(&g, 100, 40), "Solved!"));
    // c cancels a running solve; with none running it says so.
    key(&mut g, KeyCode::Char('c'));
    assert_eq!(g.message(), "No solve is running");
}

#[test]
fn a_solve_is_cancelled_by_c_and_escape_closes_the_prompt() {
    let mut g = game("english");
    keys(&mut g, &[KeyCode::Char('s'), KeyCode::Esc]);
    assert!(!g.is_solving());
    assert_eq!(g.message(), "Solve closed");
    // Level 6 without a limit runs for long enough to be cancelled.
    let mut g = game("6");
    keys(&mut g, &[KeyCode::Char('s')]);
    for _ in 0..4 {
        key(&mut g, KeyCode::Right);
    }
    key(&mut g, KeyCode::Enter);
    assert!(g.is_solving());
    assert!(shows(
        &screen(&g, 100, 40),
        "Solving (exact, budget no limit)"
    ));
    key(&mut g, KeyCode::Char('c'));
    tick_until(&mut g, "the cancel", |g| !g.is_solving());
    assert!(
        g.message().starts_with("Solve cancelled"),
        "{}",
        g.message()
    );
}

#[test]
fn the_board_reads_in_unicode_ascii_and_without_colour() {
    let mut g = game("english");
    g.set_look(true, true);
    let lines = screen(&g, 100, 40);
    assert!(
        lines[0].starts_with("Pegsol: English | test"),
        "{}",
        lines[0]
    );
    assert!(shows(&lines, "●  [·]  ●"), "the cursor on the empty centre");
    assert!(
        shows(&lines, "a   b   c   d   e   f   g"),
        "{}",
        lines.join("\n")
    );
    assert!(shows(
        &lines,
        "Pegs left: 32 | Jumps: 0, moves: 0 | Playing"
    ));
    assert!(shows(&lines, "Goal: one peg left, anywhere"));
    assert!(shows(&lines, "Keys: arrows move"));
    // `a` switches to ASCII: the same board in plain characters.
    key(&mut g, KeyCode::Char('a'));
    let lines = screen(&g, 100, 40);
    assert!(
        shows(&lines, "o   o   o  [.]  o   o   o"),
        "{}",
        lines.join("\n")
    );
    keys(&mut g, &[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    let lines = screen(&g, 100, 40);
    assert!(
        shows(&lines, "[@]"),
        "the picked-up peg: {}",
        lines.join("\n")
    );
    assert!(shows(&lines, "*"), "its target");
    // Colours on: pegs have one; off: nothing but the default.
    let coloured = |g: &TuiGame| {
        let mut t = Terminal::new(TestBackend::new(100, 40)).unwrap();
        t.draw(|f| g.draw(f)).unwrap();
        t.backend()
            .buffer()
            .content()
            .iter()
            .any(|cell| cell.fg != Color::Reset)
    };
    assert!(coloured(&g));
    g.set_look(false, false);
    assert!(!coloured(&g));
    assert!(
        shows(&screen(&g, 100, 40), "[@]"),
        "the cursor shows without colour"
    );
}

#[test]
fn the_triangle_is_drawn_with_its_rows_offset_and_a_small_terminal_gets_the_compact_board() {
    let mut g = game("triangle");
    g.set_look(false, false);
    let lines = screen(&g, 100, 40);
    // Board rows start with their row number.
    let rows: Vec<&String> = lines
        .iter()
        .filter(|l| l.trim_start().starts_with(|ch: char| ch.is_ascii_digit()))
        .collect();
    let text = lines.join("\n");
    assert_eq!(rows.len(), 5, "{text}");
    let first = |l: &str| l.find(['o', '.', '@', '*', 'x']).expect("a cell");
    for pair in rows.windows(2) {
        assert_eq!(first(pair[0]), first(pair[1]) + 2, "{text}");
    }
    // 80x14: the roomy board does not fit, the compact one does.
    let small = screen(&g, 80, 14);
    assert!(shows(&small, "o o o o o"), "{}", small.join("\n"));
}

#[test]
fn a_terminal_too_small_for_the_board_says_so() {
    let g = game("english");
    let lines = screen(&g, 20, 8);
    let text = lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("too small for this board. It is 20x8; English needs at least 18x15."),
        "{text}"
    );
    assert!(!text.contains('●'), "no half board: {text}");
    let g = game("0");
    assert!(!shows(&screen(&g, 40, 12), "too small"));
}

#[test]
fn level_0_is_played_to_a_win() {
    let mut g = game("0");
    keys(
        &mut g,
        &[
            KeyCode::Enter,
            KeyCode::Right,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Left,
        ],
    );
    assert!(g.record().position().is_won(g.puzzle().goal));
    let lines = screen(&g, 100, 40);
    assert!(shows(
        &lines,
        "Pegs left: 1 | Jumps: 2, moves: 2 | Solved! One peg left"
    ));
}

#[test]
fn watch_animates_a_solution_from_the_start() {
    let mut g = game("5");
    let line = pegsol::solver::uncontrolled(|c| {
        pegsol::solver::engines::classic::solve(&g.puzzle().start, g.puzzle().goal, 1_200_000, c)
    })
    .jumps;
    let start = Instant::now();
    g.watch(&line, start).expect("a legal line");
    assert!(g.is_playing());
    g.tick(start);
    assert_eq!(g.record().index(), 0, "the first jump waits one step");
    let mut now = start;
    for _ in 0..line.len() + 2 {
        now += Duration::from_secs(1);
        g.tick(now);
    }
    assert_eq!(g.record().index(), line.len());
    assert!(g.message().contains("end of the line"), "{}", g.message());
    assert!(g.record().position().is_won(g.puzzle().goal));
}

#[test]
fn a_game_begun_in_the_terminal_continues_in_the_window_and_back() {
    let dir = std::env::temp_dir().join(format!("pegsol-tui-share-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join(resume::FILE_NAME);
    let mut g = game("english");
    keys(
        &mut g,
        &[KeyCode::Up, KeyCode::Up, KeyCode::Enter, KeyCode::Down],
    );
    resume::store(&path, &g.resume()).expect("write");
    // The window reads the shared game in place of its own remembered one.
    let mut shared = pegsol::app::persist::SharedGame::at(Some(path.clone()));
    let state = shared.load_into(None).expect("the shared game");
    let app = pegsol::app::PegsolApp::restore(state).expect("restores");
    assert_eq!(app.play().game().record.position(), g.record().position());
    assert_eq!(app.play().game().record.played(), g.record().played());
    // And the window's game back in the terminal.
    let mut window_game = app.play().game().record.clone();
    let next = window_game.position().legal_jumps()[0];
    window_game.play(next).unwrap();
    let back = Resume::of(
        &app.play().game().puzzle,
        &window_game,
        app.play().game().source.clone(),
    );
    resume::store(&path, &back).expect("write");
    let loaded = resume::load(&path).expect("read").expect("there");
    let (puzzle, record) = loaded.restore().expect("replays");
    let g2 = TuiGame::new(puzzle, record, loaded.source, "test".into());
    assert_eq!(g2.record().played().len(), 2);
    assert_eq!(g2.record().position(), window_game.position());
}
