//! The terminal game: Pegsol played in a terminal, for machines with no display (a student's
//! SSH session) and people who prefer one.
//!
//! A second thin front end on the same rules, record and solver as the window: it never uses
//! the window's toolkit and the window never uses it (tests/architecture.rs). Owns the
//! terminal itself: raw mode and the alternate screen, entered by [`run`] and
//! [`watch_solution`] and always left again (on return, on Ctrl+C, which arrives as a key in
//! raw mode, and on a panic, through a panic hook), and the event loop, which keeps every
//! game in the game store the window and the command line use too ([`crate::record::store`]):
//! `pegsol play LAYOUT` resumes that board's game, a plain `pegsol play` the game played last,
//! and two terminal games at once lose nothing. What keys do is [`game::TuiGame`]'s business
//! and what the screen shows is [`draw`]'s, so both are tested without a terminal.

mod arrows;
pub mod draw;
mod error;
pub mod files;
pub mod game;
mod hints;
mod look;
pub mod prompt;
mod signals;
pub mod solution;
pub mod solve;
mod wrap;

pub use error::{NoDisplay, TuiError};
pub use game::{Effect, TuiGame};

use crate::layout::Puzzle;
use crate::record::{Game, GameStore, Source};
use crate::rules::Jump;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::Terminal;
use std::io::{self, IsTerminal, Stdout};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long the event loop waits for a key before looking at background work again: short
/// enough for a smooth replay and a live solve counter, long enough to cost nothing.
const POLL: Duration = Duration::from_millis(50);

/// The board a fresh terminal game opens when nothing was asked for or remembered.
const DEFAULT_BOARD: &str = "english";

/// What the terminal game should open.
#[derive(Clone, Debug, Default)]
pub struct TuiOptions {
    /// A `LAYOUT` (level, name, board file or saved game); `None` resumes the game in
    /// progress.
    pub layout: Option<String>,
    /// Why the terminal game is the one running, for the first line of the screen.
    pub why: String,
    /// Colours for a light background (`Some(true)`), a dark one, or as the terminal says
    /// (`COLORFGBG`; dark when it does not say).
    pub light: Option<bool>,
    /// How cells are named: `d4`, or `x,y` as the assignment does.
    pub names: crate::rules::CellNames,
}

/// Whether a window can be opened here: `Ok` naming the display that is set (`DISPLAY=:1`),
/// or [`NoDisplay`]. `env` looks a variable up.
pub fn display(env: impl Fn(&str) -> Option<String>) -> Result<String, NoDisplay> {
    ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"]
        .iter()
        .find_map(|v| env(v).filter(|s| !s.is_empty()).map(|s| format!("{v}={s}")))
        .ok_or(NoDisplay)
}

/// Whether standard input and output are both a terminal, as the game needs.
pub fn on_a_terminal() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Plays in the terminal until the person quits; every game is kept in the game store for
/// the next run of either front end. Exit status: 0, 2 for a bad `LAYOUT`, 1 when the
/// terminal fails.
pub fn run(options: TuiOptions) -> ExitCode {
    let wanted = match options.layout.as_deref().map(Game::from_spec) {
        Some(Ok(game)) => Some(game),
        Some(Err(e)) => {
            note(format_args!("pegsol: {e}"));
            return ExitCode::from(2);
        }
        None => None,
    };
    // Checked after the board, so a bad `LAYOUT` is reported as such wherever it is typed;
    // and before the store is read, so a run that cannot play touches no file.
    if !on_a_terminal() {
        note(format_args!(
            "pegsol: the terminal game needs a terminal (standard input and output are not both one)"
        ));
        return ExitCode::from(1);
    }
    let mut store = GameStore::default_place();
    let (game, said) = match first_game(&mut store, wanted) {
        Ok(first) => first,
        Err(e) => {
            note(format_args!("pegsol: {e}"));
            return ExitCode::from(1);
        }
    };
    let mut game = TuiGame::new(game, options.why);
    look_from_environment(&mut game, options.light);
    game.set_names(options.names);
    let news = store.take_news();
    for line in &news {
        note(format_args!("pegsol: {line}"));
    }
    if let Some(text) = said
        .into_iter()
        .chain(news)
        .reduce(|a, b| format!("{a}. {b}"))
    {
        game.tell(text);
    }
    signals::catch();
    // A panic unwinds through here: the screen's guard and the panic hook give the terminal
    // back, and the games are kept before the panic goes on.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut game, Some(&mut store))
    }));
    // The last word, after the terminal is restored: a game that could not be kept is
    // written where the person can see it, never dropped.
    let kept = keep_before_leaving(&mut store, &mut game);
    let result = match result {
        // A hang-up may end the terminal before the loop sees the signal.
        Ok(Err(_)) if signals::received().is_some() => Ok(signals::received()),
        Ok(result) => result,
        Err(panic) => {
            if let Err(e) = kept {
                note(format_args!("pegsol: {e}"));
            }
            std::panic::resume_unwind(panic);
        }
    };
    match (result, kept) {
        (Err(e), _) => {
            note(format_args!("pegsol: the terminal failed: {e}"));
            ExitCode::from(1)
        }
        (Ok(_), Err(e)) => {
            note(format_args!("pegsol: {e}"));
            ExitCode::from(1)
        }
        // Stopped by a signal: the conventional status of a process it ended (143 for
        // SIGTERM), though the terminal was restored and the games kept first.
        (Ok(Some(signal)), Ok(())) => ExitCode::from(128 + signal),
        (Ok(None), Ok(())) => ExitCode::SUCCESS,
    }
}

/// Writes a line to standard error, ignoring a failure: after a hang-up there is no terminal
/// to write to (`eprintln!` would panic), and no one left to tell.
fn note(line: std::fmt::Arguments) {
    use std::io::Write as _;
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// The game to play first: the board asked for (its kept game, if the store has one), else
/// the game played last, else the default board.
fn first_game(
    store: &mut GameStore,
    wanted: Option<Game>,
) -> Result<(Game, Option<String>), crate::record::OpenError> {
    if let Some(wanted) = wanted {
        let opening = store.open_first(wanted);
        return Ok((opening.game, opening.said));
    }
    if let Some(game) = store.last_game() {
        let said = format!("Resumed {}", game.in_words());
        return Ok((game, Some(said)));
    }
    Ok((store.open_first(Game::from_spec(DEFAULT_BOARD)?).game, None))
}

/// Keeps the games one last time; if the store cannot be written, saves the game in play to
/// a file in the current folder (else the temporary folder) and says where.
fn keep_before_leaving(store: &mut GameStore, game: &mut TuiGame) -> Result<(), TuiError> {
    let Err(e) = store.keep(game.game_mut()) else {
        return Ok(());
    };
    let name = format!(
        "pegsol-unsaved-{}.pegsol",
        crate::record::datafile::utc_stamp(std::time::SystemTime::now())
    );
    let places = [PathBuf::from(&name), std::env::temp_dir().join(&name)];
    for place in places {
        if game.game().save_to(&place).is_ok() {
            return Err(TuiError::SavedElsewhere {
                kept: e,
                saved: place,
            });
        }
    }
    Err(TuiError::NotKept(e))
}

/// The assignment's `play_solution` on a terminal: the solution animated on `puzzle`'s board
/// from its start, until the person quits. Nothing is kept: watching is not playing.
pub fn watch_solution(puzzle: Puzzle, jumps: &[Jump], why: String) -> Result<(), TuiError> {
    let source = Source::Other(format!("solution of {}", puzzle.name));
    let mut game = TuiGame::new(Game::new(puzzle, source), why);
    look_from_environment(&mut game, None);
    game.watch(jumps, Instant::now())?;
    event_loop(&mut game, None)?;
    Ok(())
}

/// Unicode or ASCII, colour or none, and which colours, as the environment says (or
/// `light`, when the person said).
fn look_from_environment(game: &mut TuiGame, light: Option<bool>) {
    let env = |k: &str| std::env::var(k).ok();
    game.set_look(draw::locale_is_utf8(env), draw::wants_colour(env));
    game.set_light_background(
        light
            .or_else(|| draw::background_is_light(env))
            .unwrap_or(false),
    );
}

/// Least time between two looks at the game store when nothing changed here (to hear of
/// another copy's changes), and between tries after a failed write.
const KEEP_EVERY: Duration = Duration::from_secs(2);

/// Draws, reads a key or waits [`POLL`], lets the game take in background work, keeps the
/// games in `store` (at once after a change, and every [`KEEP_EVERY`] to hear of other
/// copies'), until the game says quit or a signal asks it to stop (then the signal's number
/// is returned).
fn event_loop(game: &mut TuiGame, mut store: Option<&mut GameStore>) -> io::Result<Option<u8>> {
    let mut screen = Screen::enter()?;
    let mut last_look: Option<Instant> = None;
    let mut failing = false;
    let panic_on_bang = signals::panic_wanted();
    // Drawn only when something may have changed: a terminal over SSH is not sent a frame
    // twenty times a second for nothing.
    let mut redraw = true;
    loop {
        if let Some(signal) = signals::received() {
            return Ok(Some(signal));
        }
        // A search's counter and a replay move on by themselves.
        if redraw || game.is_solving() || game.is_playing() {
            screen.terminal.draw(|frame| game.draw(frame))?;
            redraw = false;
        }
        if event::poll(POLL)? {
            // A key, a resize, a paste: all may change the screen.
            redraw = true;
            if let Event::Key(key) = event::read()? {
                if panic_on_bang && key.code == ratatui::crossterm::event::KeyCode::Char('!') {
                    panic!("a panic asked for by {}", signals::TEST_PANIC);
                }
                match game.handle(key) {
                    Effect::Quit => break,
                    Effect::Continue => {}
                    Effect::Open(path) => open_file(game, store.as_deref_mut(), &path),
                    Effect::NextKeptGame => next_kept_game(game, store.as_deref_mut()),
                    Effect::UndoToReplaced => undo_to_replaced(game, store.as_deref_mut()),
                }
            }
            // A resize needs nothing: the next draw fits the new size.
        }
        let now = Instant::now();
        redraw |= game.tick(now);
        if let Some(store) = store.as_deref_mut() {
            let due = last_look.is_none_or(|t| now.duration_since(t) >= KEEP_EVERY);
            let changed = store.update(game.game());
            if (changed && !failing) || due {
                last_look = Some(now);
                match store.sync(game.game_mut()) {
                    Ok(()) if failing => {
                        failing = false;
                        game.tell("The games are kept again".into());
                    }
                    Ok(()) => {}
                    Err(e) => {
                        failing = true;
                        game.tell(format!("Not kept: {e} (trying again)"));
                    }
                }
                let news = store.take_news();
                if let Some(text) = news.into_iter().reduce(|a, b| format!("{a}. {b}")) {
                    game.tell(text);
                }
                redraw = true;
            }
        }
    }
    Ok(None)
}

/// `o`: opens a board or game file through the game store (its kept game, if any).
fn open_file(game: &mut TuiGame, store: Option<&mut GameStore>, path: &std::path::Path) {
    let wanted = match Game::from_file(path) {
        Ok(wanted) => wanted,
        Err(e) => return game.tell(e.to_string()),
    };
    match store {
        Some(store) => {
            let said = store.open(game.game_mut(), wanted);
            game.after_switch(said);
        }
        None => game.take_up(wanted, None),
    }
}

/// `u` at the start of a random puzzle: the game it was opened over, back from the store.
fn undo_to_replaced(game: &mut TuiGame, store: Option<&mut GameStore>) {
    let key = game.game().replaced.clone();
    let said = match (store, key) {
        (Some(store), Some(key)) => store.open_key(game.game_mut(), &key),
        _ => None,
    };
    game.undone_to_replaced(said);
}

/// `g`: the next of the other games kept for this board, if there is one.
fn next_kept_game(game: &mut TuiGame, store: Option<&mut GameStore>) {
    let Some(store) = store else {
        return;
    };
    let others = store.others(game.game());
    let Some(next) = others.first() else {
        return game.tell("No other game of this board is kept".into());
    };
    let count = others.len() + 1;
    if store.switch(game.game_mut(), next.id) {
        let said = format!(
            "Switched to {} (g: the next of the {count} games of this board)",
            game.game().in_words()
        );
        game.after_switch(Some(said));
    }
}

/// The terminal in raw mode on the alternate screen, restored when dropped.
struct Screen {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

/// The thread that owns the terminal: only its panic restores the terminal (a solver thread's
/// panic is caught and reported by its worker while the game goes on).
static TERMINAL_THREAD: OnceLock<std::thread::ThreadId> = OnceLock::new();

impl Screen {
    fn enter() -> io::Result<Screen> {
        install_panic_hook();
        enable_raw_mode()?;
        let terminal = Terminal::new(CrosstermBackend::new(io::stdout())).inspect_err(|_| {
            restore_terminal();
        })?;
        // From here on `screen`'s drop restores the terminal whatever fails.
        let screen = Screen { terminal };
        execute!(io::stdout(), EnterAlternateScreen, cursor::Hide)?;
        Ok(screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore_terminal();
    }
}

fn restore_terminal() {
    // Best effort: a terminal that is gone cannot be restored, and there is no one to tell.
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, cursor::Show);
}

/// Restores the terminal before the panic message is printed, so the message lands on the
/// normal screen where it can be read.
fn install_panic_hook() {
    let this = std::thread::current().id();
    if TERMINAL_THREAD.set(this).is_err() {
        return;
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if TERMINAL_THREAD.get() == Some(&std::thread::current().id()) {
            restore_terminal();
        }
        previous(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_is_found_in_any_of_the_three_variables() {
        let only = |name: &'static str| move |k: &str| (k == name).then(|| ":1".to_string());
        assert_eq!(display(only("DISPLAY")), Ok("DISPLAY=:1".into()));
        assert_eq!(
            display(only("WAYLAND_DISPLAY")),
            Ok("WAYLAND_DISPLAY=:1".into())
        );
        assert!(display(only("WAYLAND_SOCKET")).is_ok());
        let none = display(|_| None).unwrap_err();
        assert!(none
            .to_string()
            .contains("DISPLAY, WAYLAND_DISPLAY and WAYLAND_SOCKET"));
        assert!(display(|_| Some(String::new())).is_err(), "empty is unset");
    }
}
