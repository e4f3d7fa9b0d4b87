//! The terminal game's event loop: draw, read a key, take in background work, keep the
//! games, until the person quits, a signal asks it to stop or the terminal goes away.
//!
//! Owns the loop both the game and `play_solution`'s animation run (one loop, so every
//! signal and a hang-up end both the same way), and what `o` and `g` do through the game
//! store. Keys come from the one key reader ([`super::input`]).

use super::input::{KeyReader, Read};
use super::keys::Input;
use super::look::is_light;
use super::{signals, Effect, Screen, TuiGame, POLL};
use pegsol_record::{Game, GameStore};
use ratatui::crossterm::event::KeyCode;
use std::io;
use std::time::{Duration, Instant};

/// The status a hang-up ends with, less 128: SIGHUP's number, whether the signal came first
/// or the terminal was found gone.
pub const HANGUP: u8 = 1;

/// How long the game waits for the terminal's background colour before its first frame.
const BACKGROUND_WAIT: Duration = Duration::from_millis(150);

/// Least time between two looks at the game store when nothing changed here (to hear of
/// another copy's changes), and between tries after a failed write.
const KEEP_EVERY: Duration = Duration::from_secs(2);

/// Where the loop keeps games: the game store, and whether the game on the board is one to
/// keep (a solution being watched is not, until the person opens a game of their own).
pub(super) struct Keeping<'a> {
    /// The game store.
    pub store: &'a mut GameStore,
    /// Whether the game on the board is kept.
    pub on: bool,
}

/// Draws, reads a key or waits [`POLL`], lets the game take in background work, keeps the
/// games (at once after a change, and every [`KEEP_EVERY`] to hear of other copies'), until
/// the game says quit (`None`), or a signal asks it to stop or the terminal goes away (the
/// signal's number, [`HANGUP`] for a hang-up).
pub(super) fn event_loop(
    game: &mut TuiGame,
    mut keeping: Keeping,
    ask_background: bool,
) -> io::Result<Option<u8>> {
    let mut screen = Screen::enter()?;
    let mut reader = KeyReader::default();
    if ask_background {
        // OSC 11: what is your background colour? Asked in raw mode, so the answer is read
        // as input, not shown; a short wait before the first frame, so it is drawn in the
        // right colours where the terminal answers at once.
        use std::io::Write as _;
        let mut out = io::stdout();
        if out
            .write_all(b"\x1b]11;?\x07")
            .and_then(|()| out.flush())
            .is_ok()
        {
            if let Some(rgb) = reader.wait_for_background(BACKGROUND_WAIT) {
                game.set_light_background(is_light(rgb));
            }
        }
    }
    let mut last_look: Option<Instant> = None;
    let mut failing = false;
    let panic_on_bang = signals::panic_wanted();
    // Drawn only when something may have changed: a terminal over SSH is not sent a frame
    // twenty times a second for nothing.
    let mut redraw = true;
    // The help screen is up (`?`): drawn instead of the game, until the next key.
    let mut help = false;
    loop {
        if let Some(signal) = signals::received() {
            return Ok(Some(signal));
        }
        redraw |= signals::take_resized();
        // A search's counter and a replay move on by themselves.
        if redraw || game.is_solving() || game.is_playing() {
            let drawn = if help {
                screen.terminal.draw(super::help::draw)
            } else {
                screen.terminal.draw(|frame| game.draw(frame))
            };
            if let Err(e) = drawn {
                return if is_gone(&e) {
                    Ok(Some(HANGUP))
                } else {
                    Err(e)
                };
            }
            redraw = false;
        }
        match reader.next(POLL) {
            Read::HangUp => return Ok(Some(HANGUP)),
            Read::Nothing => {}
            // A late answer (a slow connection): taken when it comes, if it was asked for.
            Read::Input(Input::Background(rgb)) => {
                if ask_background {
                    game.set_light_background(is_light(rgb));
                    redraw = true;
                }
            }
            Read::Input(Input::Key(key)) => {
                redraw = true;
                if panic_on_bang && key.code == KeyCode::Char('!') {
                    panic!("a panic asked for by {}", signals::TEST_PANIC);
                }
                if std::mem::take(&mut help) {
                    // Any key closes the help; it does nothing else.
                    continue;
                }
                match game.handle(key) {
                    Effect::Quit => break,
                    Effect::Continue => {}
                    Effect::Open(path) => open_file(game, &mut keeping, &path),
                    Effect::NextKeptGame => next_kept_game(game, &mut keeping),
                    Effect::UndoToReplaced => undo_to_replaced(game, &mut keeping),
                    Effect::Help => help = true,
                }
            }
        }
        let now = Instant::now();
        redraw |= game.tick(now);
        if !keeping.on {
            continue;
        }
        let store = &mut *keeping.store;
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
    Ok(None)
}

/// Whether a write failed because the terminal is gone (the connection dropped).
fn is_gone(e: &io::Error) -> bool {
    #[cfg(unix)]
    if let Some(code) = e.raw_os_error() {
        return [libc::EIO, libc::ENXIO, libc::EPIPE, libc::EBADF].contains(&code);
    }
    e.kind() == io::ErrorKind::BrokenPipe
}

/// `o`: opens a board or game file, or a level or catalogue board by name, through the
/// game store (its kept game, if any).
fn open_file(game: &mut TuiGame, keeping: &mut Keeping, path: &std::path::Path) {
    let wanted = match super::files::wanted_game(path) {
        Ok(wanted) => wanted,
        Err(e) => return game.tell(e),
    };
    if keeping.on {
        let said = keeping.store.open(game.game_mut(), wanted);
        game.after_switch(said);
    } else {
        // The solution watched is not put in the store: the game opened is, from now on.
        let opening = keeping.store.open_first(wanted);
        game.take_up(opening.game, opening.said);
        keeping.on = true;
    }
}

/// `u` at the start of a random puzzle: the game it was opened over, back from the store.
fn undo_to_replaced(game: &mut TuiGame, keeping: &mut Keeping) {
    let key = game.game().replaced.clone();
    let said = key.and_then(|key| keeping.store.open_key(game.game_mut(), &key));
    game.undone_to_replaced(said);
}

/// `g`: the next of the other games kept for this board, if there is one.
fn next_kept_game(game: &mut TuiGame, keeping: &mut Keeping) {
    let store = &mut *keeping.store;
    let others = store.others(game.game());
    let Some(next) = others.first() else {
        return game.tell("No other game of this board is kept".into());
    };
    let count = others.len() + 1;
    let switched = if keeping.on {
        store.switch(game.game_mut(), next.id)
    } else {
        // Watching a solution: the board's most recent kept game (the first of `others`),
        // taken up without keeping the solution watched.
        let fresh = Game::new(game.puzzle().clone(), game.game().source.clone());
        let opening = store.open_first(fresh);
        *game.game_mut() = opening.game;
        keeping.on = true;
        true
    };
    if switched {
        let said = format!(
            "Switched to {} (g: the next of the {count} games of this board)",
            game.game().in_words()
        );
        game.after_switch(Some(said));
    }
}
