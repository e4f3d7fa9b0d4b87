//! The terminal game driven key by key, as a person would, and drawn into ratatui's in-memory
//! terminal: every key on a square and a triangular board, hints and solves that arrive from
//! background threads (polled with a time limit), replays, the look, a too-small terminal,
//! and the game in progress passing between the terminal and the window.

use pegsol_record::{Game, GameStore};
use pegsol_rules::{Cell, Jump};
use pegsol_solver::services::advice::Advice;
use pegsol_solver::services::hint::{Answer, Judge, HINT_BUDGET};
use pegsol_solver::uncontrolled;
use pegsol_testkit::scratch::Scratch;
use pegsol_tui::{Effect, TuiGame};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;
use std::time::{Duration, Instant};

use crate::games;

fn game(spec: &str) -> TuiGame {
    TuiGame::new(Game::from_spec(spec).expect("a board"), "test".into())
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
fn triangular_board_up_and_down_are_one_diagonal_and_shift_takes_the_other() {
    let mut g = game("triangle");
    // Up climbs to the apex whichever cell the cursor starts on.
    for _ in 0..6 {
        key(&mut g, KeyCode::Up);
    }
    assert_eq!(g.cursor(), c(0, 0));
    key(&mut g, KeyCode::Down);
    assert_eq!(g.cursor(), c(1, 1), "plain Down: down-right");
    key(&mut g, KeyCode::Up);
    assert_eq!(
        g.cursor(),
        c(0, 0),
        "plain Up: up-left, back where Down began"
    );
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Down);
    assert_eq!(g.cursor(), c(0, 1), "Shift+Down: down-left");
    key(&mut g, KeyCode::Down);
    assert_eq!(g.cursor(), c(1, 2));
    key(&mut g, KeyCode::Up);
    assert_eq!(g.cursor(), c(0, 1), "plain Up: up-left");
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Up);
    assert_eq!(g.cursor(), c(0, 0), "Shift+Up: up-right");
    // c3, up, down: back on c3 (the report had it go to b3).
    for code in [KeyCode::Down, KeyCode::Down] {
        key(&mut g, code);
    }
    assert_eq!(g.cursor(), c(2, 2));
    key(&mut g, KeyCode::Up);
    key(&mut g, KeyCode::Down);
    assert_eq!(g.cursor(), c(2, 2), "Up then Down comes back");
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
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Down);
    with(&mut g, KeyModifiers::SHIFT, KeyCode::Down);
    key(&mut g, KeyCode::Enter);
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
fn an_undecided_position_gets_a_guess_while_thinking_goes_on_until_c_stops_it() {
    // Level 6's 36-peg middle game that the quick answer leaves undecided: h still marks a
    // jump on the board, and the message says it is only a guess; the status line says it
    // is still thinking, with the positions examined, the window's words; c stops it.
    let (_dir, path) = games::undecided_middle_game_file("tui-guess");
    let mut g = game(path.to_str().expect("utf-8 path"));
    key(&mut g, KeyCode::Char('h'));
    tick_until(&mut g, "the guess", |g| g.hint().is_some());
    assert!(g.message().starts_with("Still thinking"), "{}", g.message());
    assert!(g.message().contains("Only a guess"), "{}", g.message());
    assert!(g.record().position().is_legal(g.hint().expect("a guess")));
    let lines = screen(&g, 120, 40);
    assert!(shows(&lines, "◆"), "the guess's peg\n{}", lines.join("\n"));
    assert!(
        shows(&lines, "Still thinking… (") && shows(&lines, "c stops"),
        "{}",
        lines.join("\n")
    );
    key(&mut g, KeyCode::Char('c'));
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
    let dir = Scratch::new("tui-lost");
    let path = dir.join("three.ron");
    std::fs::write(
        &path,
        "Layout(name: \"Three\", rows: [\"o o . .\", \". . . .\", \". . . o\"])\n",
    )
    .expect("write");
    let mut g = game(path.to_str().expect("utf-8 path"));
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
    // The window's words for why; at the start, with nothing to undo, not its "Undo (U) to
    // go back to a winnable position".
    let why = said.split(". Undo (U)").next().expect("the reason");
    assert!(why.len() > "Not winnable: ".len() + 10, "{said}");
    assert_eq!(
        g.message(),
        format!("{why}. Nothing to undo: this board cannot be won from its start.")
    );
    let lines = screen(&g, 120, 40);
    assert!(shows(&lines, "Not winnable"), "{}", lines.join("\n"));
    // After a jump there is something to undo, and the hint says so as the window does.
    let jump = g.record().position().legal_jumps()[0];
    g.game_mut().record.play(jump).expect("legal");
    key(&mut g, KeyCode::Char('h'));
    tick_until(&mut g, "the verdict after a jump", |g| {
        g.message().starts_with("Not winnable")
    });
    assert!(
        g.message()
            .ends_with("Undo (U) to go back to a winnable position."),
        "{}",
        g.message()
    );
}

#[test]
fn solve_from_here_runs_in_the_background_then_steps_and_plays_to_a_win() {
    let mut g = game("triangle");
    key(&mut g, KeyCode::Char('s'));
    let prompt = screen(&g, 100, 40);
    assert!(
        shows(&prompt, "Solve from here: exact, budget no limit"),
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
    // Each engine starts at its own default (the play session's presets): exact has none.
    assert!(shows(&screen(&g, 100, 40), "exact, budget 100M."));
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
    // c cancels a running solve (or the hint's thinking); with nothing running it says so.
    key(&mut g, KeyCode::Char('c'));
    assert!(
        g.message().starts_with("Nothing to cancel"),
        "{}",
        g.message()
    );
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
    // A search with no limit was cancelled, not stopped by a budget it did not have.
    assert!(
        g.message().starts_with("Search cancelled"),
        "{}",
        g.message()
    );
    assert!(!g.message().contains("budget"), "{}", g.message());
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
    // The column letters sit under the bottom row, where each column would go on.
    let below = lines
        .iter()
        .skip_while(|l| !l.trim_start().starts_with('5'))
        .nth(1)
        .expect("a line under the bottom row");
    assert_eq!(
        below.split_whitespace().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "e"],
        "{text}"
    );
    // 80x16: the roomy board does not fit, the compact one does (the texts round it wrap
    // whole and take 9 rows at 80 columns).
    let small = screen(&g, 80, 16);
    assert!(shows(&small, "o o o o o"), "{}", small.join("\n"));
    assert!(!shows(&screen(&g, 80, 22), "o o o o o"), "roomy at 80x22");
}

#[test]
fn a_terminal_too_small_for_the_board_says_so() {
    let g = game("english");
    let lines = screen(&g, 20, 8);
    let text = lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("too small for this board. It is 20x8; English needs at least "),
        "{text}"
    );
    assert!(!text.contains('●'), "no half board: {text}");
    // The size it names is enough.
    let at_least = text
        .split("needs at least ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .and_then(|size| size.split_once('x'))
        .and_then(|(w, h)| Some((w.parse::<u16>().ok()?, h.parse::<u16>().ok()?)))
        .expect("a size");
    assert!(at_least.0 <= 80 && at_least.1 <= 24, "{at_least:?}");
    assert!(!shows(&screen(&g, at_least.0, at_least.1), "too small"));
    // A small board in a small terminal: every text wraps whole (nothing is cut) and the
    // board still fits.
    let g = game("0");
    let small = screen(&g, 40, 18);
    assert!(!shows(&small, "too small"), "{}", small.join("\n"));
    assert!(
        shows(&small, "a ASCII"),
        "the last key is shown: {}",
        small.join("\n")
    );
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
    let line = pegsol_solver::uncontrolled(|c| {
        pegsol_solver::engines::classic::solve(&g.puzzle().start, g.puzzle().goal, 1_200_000, c)
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
    assert!(
        g.message()
            .contains("The solution is played: press q to quit and see the STATS block"),
        "{}",
        g.message()
    );
    assert!(g.record().position().is_won(g.puzzle().goal));
}

#[test]
fn a_game_begun_in_the_terminal_continues_in_the_window_and_back() {
    let dir = Scratch::new("tui-share");
    let mut store = GameStore::in_folder(&dir);
    let mut g = TuiGame::new(
        store.open_first(Game::from_spec("english").unwrap()).game,
        "test".into(),
    );
    keys(
        &mut g,
        &[KeyCode::Up, KeyCode::Up, KeyCode::Enter, KeyCode::Down],
    );
    store.keep(g.game_mut()).expect("kept");
    // The window opens with the game played last.
    let options = pegsol_app::Options::default();
    let mut app = pegsol_app::PegsolApp::start_with(&options, None, GameStore::in_folder(&dir))
        .expect("starts");
    assert_eq!(app.play().game().record.position(), g.record().position());
    assert_eq!(app.play().game().record.played(), g.record().played());
    // And the window's next jump back in the terminal.
    let next = app.play().game().record.position().legal_jumps()[0];
    let ctx = eframe::egui::Context::default();
    app.apply(
        &ctx,
        pegsol_app::ShellCommand::Play(pegsol_app::play::PlayCommand::Play(next)),
    );
    app.keep_games(0.0).expect("kept");
    let mut next_run = GameStore::in_folder(&dir);
    let g2 = TuiGame::new(next_run.last_game().expect("a game"), "test".into());
    assert_eq!(g2.record().played().len(), 2);
    assert_eq!(g2.record().position(), app.play().game().record.position());
}

/// The words of the screen's text lines, in order (the board's rows left out).
fn words(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect()
}

#[test]
fn every_board_fits_80x24_and_no_text_is_cut() {
    for entry in pegsol_layout::catalogue::ENTRIES {
        let mut g = game(entry.key);
        let long = "Another copy of Pegsol changed this English game at the same time: both \
                    are kept, yours goes on here and the other is under Other games of this \
                    board (g switches to it)";
        g.tell(long.into());
        let lines = screen(&g, 80, 24);
        let text = lines.join("\n");
        assert!(!text.contains("too small"), "{}: {text}", entry.key);
        // Every word of the message, the status, the goal and the keys is on screen whole.
        let shown = words(&lines);
        let expected: Vec<&str> = long.split_whitespace().collect();
        let at = shown
            .windows(expected.len())
            .position(|w| w.iter().zip(&expected).all(|(a, b)| a == b));
        assert!(at.is_some(), "{}: the message is whole:\n{text}", entry.key);
        for part in ["anywhere", "quit", "ASCII"] {
            assert!(
                text.contains(part),
                "{}: {part} is shown:\n{text}",
                entry.key
            );
        }
    }
}

#[test]
fn the_solve_prompt_fits_80_columns_with_every_key() {
    let mut g = game("english");
    key(&mut g, KeyCode::Char('s'));
    let text = screen(&g, 80, 24).join("\n").replace('\u{a0}', " ");
    for part in [
        "Tab: engine",
        "Left/Right: budget",
        "Enter: start",
        "Esc: close",
    ] {
        assert!(text.contains(part), "{part}:\n{text}");
    }
}

#[test]
fn keys_wait_while_the_board_is_not_shown() {
    let mut g = game("english");
    let before = (g.cursor(), g.selected());
    let _ = screen(&g, 20, 8);
    keys(&mut g, &[KeyCode::Right, KeyCode::Enter, KeyCode::Up]);
    assert_eq!(
        (g.cursor(), g.selected()),
        before,
        "nothing moved on a board not shown"
    );
    assert_eq!(
        key(&mut g, KeyCode::Char('q')),
        Effect::Quit,
        "q still quits"
    );
    // Once it is shown again, keys act.
    let _ = screen(&g, 100, 40);
    key(&mut g, KeyCode::Right);
    assert_ne!(g.cursor(), before.0);
}

#[test]
fn x_names_cells_as_the_assignment_does_in_the_status_the_messages_and_the_labels() {
    let mut g = game("english");
    key(&mut g, KeyCode::Char('x'));
    assert!(g.message().contains("x,y"), "{}", g.message());
    // Up twice to 3,1, pick it up, jump down over 3,2 into 3,3.
    keys(&mut g, &[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    assert!(g.message().starts_with("3,1 picked up"), "{}", g.message());
    key(&mut g, KeyCode::Down);
    assert_eq!(g.message(), "3,1 jumped over 3,2 to 3,3");
    let lines = screen(&g, 100, 40);
    assert!(shows(&lines, "Cursor 3,3"), "{}", lines.join("\n"));
    // The labels count from 0 as x and y do.
    assert!(
        lines.iter().any(|l| l.trim_start().starts_with("0 ")),
        "{}",
        lines.join("\n")
    );
    key(&mut g, KeyCode::Char('x'));
    assert!(shows(&screen(&g, 100, 40), "Cursor d4"));
}

#[test]
fn a_light_background_gets_colours_that_read_on_it_and_the_cursor_its_own_text_colour() {
    let mut g = game("english");
    let peg_colour = |g: &TuiGame| {
        let mut terminal = Terminal::new(TestBackend::new(100, 40)).expect("test terminal");
        terminal.draw(|f| g.draw(f)).expect("draw");
        let buffer = terminal.backend().buffer().clone();
        let peg = buffer
            .content()
            .iter()
            .find(|c| c.symbol() == "●")
            .map(|c| c.fg)
            .expect("a peg");
        let bracket = buffer
            .content()
            .iter()
            .find(|c| c.symbol() == "[")
            .map(|c| c.fg)
            .expect("the cursor");
        (peg, bracket)
    };
    let dark = pegsol_tui::draw::Colours::DARK;
    let light = pegsol_tui::draw::Colours::LIGHT;
    assert_eq!(peg_colour(&g), (dark.peg, Color::Reset));
    g.set_light_background(true);
    let (peg, bracket) = peg_colour(&g);
    assert_eq!(peg, light.peg);
    assert_ne!(peg, Color::Yellow, "yellow pegs vanish on white");
    assert_ne!(peg, Color::White);
    assert_eq!(
        bracket,
        Color::Reset,
        "the cursor is the terminal's own text colour"
    );
}
