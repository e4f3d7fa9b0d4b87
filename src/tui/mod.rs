//! The terminal game: Pegsol played in a terminal, for machines with no display (a student's
//! SSH session) and people who prefer one.
//!
//! A second thin front end on the same rules, record and solver as the window: it never uses
//! the window's toolkit and the window never uses it (tests/architecture.rs). Owns the
//! terminal itself: raw mode and the alternate screen, entered by [`run`] and
//! [`watch_solution`] and always left again (on return, on Ctrl+C, which arrives as a key in
//! raw mode, and on a panic, through a panic hook), the event loop, and saving the game in
//! progress to the file the window reads too ([`crate::record::resume`]). What keys do is
//! [`game::TuiGame`]'s business and what the screen shows is [`draw`]'s, so both are tested
//! without a terminal.

pub mod draw;
pub mod game;
mod hints;
pub mod solution;
pub mod solve;

pub use game::{Effect, TuiGame};

use crate::layout::Puzzle;
use crate::record::resume::{self, Resume, Source};
use crate::record::Record;
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
}

/// Whether a window can be opened here: `Ok` naming the display that is set, or `Err`
/// saying that none is. `env` looks a variable up.
pub fn display(env: impl Fn(&str) -> Option<String>) -> Result<String, String> {
    ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"]
        .iter()
        .find_map(|v| env(v).filter(|s| !s.is_empty()).map(|s| format!("{v}={s}")))
        .ok_or_else(|| "no display: DISPLAY, WAYLAND_DISPLAY and WAYLAND_SOCKET are unset".into())
}

/// Whether standard input and output are both a terminal, as the game needs.
pub fn on_a_terminal() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Plays in the terminal until the person quits; the game in progress is saved for the next
/// run of either front end. Exit status: 0, 2 for a bad `LAYOUT`, 1 when the terminal fails.
pub fn run(options: TuiOptions) -> ExitCode {
    let saved_at = resume::default_path();
    let (puzzle, record, source) = match &options.layout {
        Some(spec) => match resume::open(spec) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("pegsol: {e}");
                return ExitCode::from(2);
            }
        },
        None => match resumed(saved_at.as_ref()) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("pegsol: {e}");
                return ExitCode::from(1);
            }
        },
    };
    // Checked after the board, so a bad `LAYOUT` is reported as such wherever it is typed.
    if !on_a_terminal() {
        eprintln!(
            "pegsol: the terminal game needs a terminal (standard input and output are not both one)"
        );
        return ExitCode::from(1);
    }
    let mut game = TuiGame::new(puzzle, record, source, options.why);
    look_from_environment(&mut game);
    match event_loop(&mut game, saved_at) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pegsol: the terminal failed: {e}");
            ExitCode::from(1)
        }
    }
}

/// The assignment's `play_solution` on a terminal: the solution animated on `puzzle`'s board
/// from its start, until the person quits. Nothing is saved: watching is not playing.
pub fn watch_solution(puzzle: Puzzle, jumps: &[Jump], why: String) -> Result<(), String> {
    let record = Record::new(puzzle.start.clone());
    let source = Source::Other(format!("solution of {}", puzzle.name));
    let mut game = TuiGame::new(puzzle, record, source, why);
    look_from_environment(&mut game);
    game.watch(jumps, Instant::now())?;
    event_loop(&mut game, None).map_err(|e| format!("the terminal failed: {e}"))
}

/// The remembered game, or the default board when there is none (a file that cannot be used
/// is reported on standard error and left alone for the window to report too).
fn resumed(path: Option<&PathBuf>) -> Result<(crate::layout::Puzzle, Record, Source), String> {
    if let Some(path) = path {
        match resume::load(path) {
            Ok(Some(saved)) => match saved.restore() {
                Ok((puzzle, record)) => return Ok((puzzle, record, saved.source)),
                Err(e) => eprintln!("pegsol: ignoring the game in progress: {e}"),
            },
            Ok(None) => {}
            Err(e) => eprintln!("pegsol: ignoring the game in progress: {e}"),
        }
    }
    resume::open(DEFAULT_BOARD)
}

fn look_from_environment(game: &mut TuiGame) {
    let env = |k: &str| std::env::var(k).ok();
    game.set_look(draw::locale_is_utf8(env), draw::wants_colour(env));
}

/// Draws, reads a key or waits [`POLL`], lets the game take in background work, saves the
/// game when it changed; until the game says quit.
fn event_loop(game: &mut TuiGame, save_to: Option<PathBuf>) -> io::Result<()> {
    let mut screen = Screen::enter()?;
    let mut saved: Option<Resume> = None;
    let mut save_to = save_to;
    loop {
        screen.terminal.draw(|frame| game.draw(frame))?;
        if event::poll(POLL)? {
            if let Event::Key(key) = event::read()? {
                if game.handle(key) == Effect::Quit {
                    break;
                }
            }
            // A resize needs nothing: the next draw fits the new size.
        }
        game.tick(Instant::now());
        if let Some(path) = &save_to {
            let now = game.resume();
            if saved.as_ref() != Some(&now) {
                if let Err(e) = resume::store(path, &now) {
                    // Say it once and stop trying: the game goes on unsaved.
                    game.tell(format!("The game in progress is not being saved: {e}"));
                    save_to = None;
                }
                saved = Some(now);
            }
        }
    }
    Ok(())
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
        assert!(none.contains("DISPLAY, WAYLAND_DISPLAY and WAYLAND_SOCKET"));
        assert!(display(|_| Some(String::new())).is_err(), "empty is unset");
    }
}
