//! The terminal game: Pegsol played in a terminal, for machines with no display (a student's
//! SSH session) and people who prefer one.
//!
//! A second thin front end on the same rules, record and solver as the window: it never uses
//! the window's toolkit and the window never uses it (tests/it/architecture.rs). Owns the
//! terminal itself: raw mode and the alternate screen, entered by [`run`] and
//! [`watch_solution`] and always left again (on return, on Ctrl+C, which arrives as a key in
//! raw mode, and on a panic, through a panic hook), and the event loop, which keeps every
//! game in the game store the window and the command line use too ([`pegsol_record::store`]):
//! `pegsol play LAYOUT` resumes that board's game, a plain `pegsol play` the game played last,
//! and two terminal games at once lose nothing. What keys do is [`game::TuiGame`]'s business
//! and what the screen shows is [`draw`]'s, so both are tested without a terminal.

mod arrows;
mod display;
pub mod draw;
mod error;
mod events;
pub mod files;
pub mod game;
mod help;
mod hints;
mod input;
pub mod keys;
mod look;
pub mod prompt;
mod signals;
pub mod solution;
pub mod solve;
mod wrap;

pub use display::display;
pub use error::{NoDisplay, TuiError};
pub use game::{Effect, TuiGame};

use pegsol_layout::Puzzle;
use pegsol_record::{Game, GameStore, Source};
use pegsol_rules::Jump;
use ratatui::backend::CrosstermBackend;
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
    pub names: pegsol_rules::CellNames,
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
    let ask_background = look_from_environment(&mut game, options.light);
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
        let keeping = events::Keeping {
            store: &mut store,
            on: true,
        };
        events::event_loop(&mut game, keeping, ask_background)
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
) -> Result<(Game, Option<String>), pegsol_record::OpenError> {
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
        pegsol_record::datafile::utc_stamp(std::time::SystemTime::now())
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
/// from its start, until the person quits, a signal stops it (its number is returned, the
/// terminal restored first) or the terminal goes away ([`events::HANGUP`]). `source` names
/// the board (`None`: a board from nowhere to go back to), so `g` finds its kept games. The
/// solution is not kept (watching is not playing); a game opened with `o` or `g` is.
pub fn watch_solution(
    puzzle: Puzzle,
    source: Option<Source>,
    jumps: &[Jump],
    why: String,
) -> Result<Option<u8>, TuiError> {
    let source = source.unwrap_or_else(|| Source::Other(format!("solution of {}", puzzle.name)));
    let mut game = TuiGame::new(Game::new(puzzle, source), why);
    let ask_background = look_from_environment(&mut game, None);
    game.watch(jumps, Instant::now())?;
    signals::catch();
    let mut store = GameStore::default_place();
    let keeping = events::Keeping {
        store: &mut store,
        on: false,
    };
    let stopped = match events::event_loop(&mut game, keeping, ask_background) {
        Err(_) if signals::received().is_some() => signals::received(),
        stopped => stopped?,
    };
    // Only a game the person opened is kept (the store has nothing else to write).
    if store.has_changes() {
        keep_before_leaving(&mut store, &mut game)?;
    }
    Ok(stopped)
}

/// Unicode or ASCII, colour or none, and which colours, as the environment says (or
/// `light`, when the person said). Returns whether to ask the terminal for its background
/// colour: when colours are on and neither the person nor `COLORFGBG` said which (ssh does
/// not pass `COLORFGBG` on), and standard input is a terminal that can answer.
fn look_from_environment(game: &mut TuiGame, light: Option<bool>) -> bool {
    let env = |k: &str| std::env::var(k).ok();
    let colour = draw::wants_colour(env);
    game.set_look(draw::locale_is_utf8(env), colour);
    let said = light.or_else(|| draw::background_is_light(env));
    game.set_light_background(said.unwrap_or(false));
    colour && said.is_none() && io::stdin().is_terminal()
}

/// The terminal in raw mode on the alternate screen, restored when dropped.
struct Screen {
    /// Never dropped: ratatui's drop shows a hidden cursor and, when that write fails (the
    /// terminal is gone), reports it with `eprintln!`, which panics when standard error is
    /// gone too. [`restore_terminal`] shows the cursor instead, ignoring a failure; what
    /// leaks is a frame's buffers, once per game.
    terminal: std::mem::ManuallyDrop<Terminal<CrosstermBackend<Stdout>>>,
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
        let screen = Screen {
            terminal: std::mem::ManuallyDrop::new(terminal),
        };
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
