//! Statistics per board: games won, the fewest pegs left, the best time (from the first jump to
//! the win), shown in the boards panel and kept across restarts in `stats.ron` in Pegsol's
//! data folder.
//!
//! Owns the figures, their file and what counts. Only the player's own games count: a game
//! ends (won, or stuck) on a jump the player made, and every jump before it was the player's
//! too, in this run of the window; a solution loaded from the solver and stepped through on
//! the timeline (redo) never counts, nor does a game resumed from a file or the last run
//! (what came before is not known to be the player's). Random puzzles and boards built other
//! ways have no entry (only catalogue boards and board files do).
//!
//! The file is read and written through [`crate::record::datafile`]: a stats file that cannot
//! be read is moved aside (`stats.ron.broken-DATE`) with a notice and the figures start
//! afresh; a file that cannot be written is reported, never a crash.

use crate::record::datafile::{self, DataFile, Loaded};
use crate::record::{BoardKey, Game};
use crate::rules::Jump;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// The file's name in the data folder.
pub const FILE_NAME: &str = "stats.ron";

/// Bump when the file's form changes incompatibly.
pub const VERSION: u32 = 1;

/// One board's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardStats {
    /// Games won.
    pub won: u32,
    /// Games played to their end (won or stuck).
    pub finished: u32,
    /// The fewest pegs left at the end of a game.
    pub fewest_pegs: Option<u32>,
    /// The shortest win, in seconds from the first jump to the winning one.
    pub best_seconds: Option<f64>,
}

impl BoardStats {
    /// The figures in a line, for the boards panel: `won 3 · fewest 1 · best 2:05`.
    pub fn summary(&self) -> String {
        let mut parts = vec![format!("won {}", self.won)];
        if let Some(pegs) = self.fewest_pegs {
            parts.push(format!("fewest pegs {pegs}"));
        }
        if let Some(seconds) = self.best_seconds {
            parts.push(format!("best {}", clock(seconds)));
        }
        parts.join(" · ")
    }
}

/// Seconds as `m:ss` (or `h:mm:ss`).
pub fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The statistics file's contents.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename = "PegsolStats")]
pub struct Stats {
    /// [`VERSION`] when written.
    pub version: u32,
    /// Each board's figures, by its key (the game store's: `catalogue:english`; version 1's
    /// bare `english` reads as the same).
    pub boards: BTreeMap<BoardKey, BoardStats>,
}

impl DataFile for Stats {
    const WHAT: &'static str = "statistics";
    const VERSION: u32 = VERSION;
    fn version(&self) -> u32 {
        self.version
    }
}

/// The key a board's figures are kept under: the game store's key, for catalogue boards and
/// board files only (random puzzles and positions from the editor have no figures).
pub fn board_key(game: &Game) -> Option<BoardKey> {
    game.key().filter(BoardKey::is_named_board)
}

/// What is known of the game in progress on one board, this run.
#[derive(Clone, Debug, Default)]
struct Tracked {
    /// The jumps the player made, from the start, as far as they are the line played.
    own: Vec<Jump>,
    /// When the player made the first jump (window seconds).
    started: Option<f64>,
    /// Whether this game's end is already counted (undoing the last jump and making it again
    /// is not another game).
    counted: bool,
    /// When the jump that ended the game was made (the clock stops there).
    ended: Option<f64>,
}

/// The clock of the game in play, for the status line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameClock {
    /// Seconds from the player's first jump (to the game's end, once it ended).
    pub seconds: f64,
    /// Whether it still runs (the game is not over).
    pub running: bool,
}

/// The figures, their file, and the games being watched.
#[derive(Debug, Default)]
pub struct StatsKeeper {
    stats: Stats,
    /// Where they are kept; `None` in tests and screenshots (kept in memory only).
    path: Option<PathBuf>,
    tracked: HashMap<BoardKey, Tracked>,
}

impl StatsKeeper {
    /// Figures kept in memory only.
    pub fn new() -> StatsKeeper {
        StatsKeeper {
            stats: Stats {
                version: VERSION,
                boards: BTreeMap::new(),
            },
            path: None,
            tracked: HashMap::new(),
        }
    }

    /// Figures kept in the file at `path`, read from it. A file that cannot be read is moved
    /// aside (`stats.ron.broken-DATE`) and the figures start afresh: the message says so.
    pub fn at(path: PathBuf) -> (StatsKeeper, Option<String>) {
        let mut keeper = StatsKeeper::new();
        let loaded = datafile::load::<Stats>(&path);
        let notice = loaded.notice();
        if let Loaded::Read(stats) = loaded {
            keeper.stats = stats;
        }
        keeper.path = Some(path);
        (keeper, notice)
    }

    /// The figures.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// One board's figures, by its key.
    pub fn board(&self, key: &BoardKey) -> Option<&BoardStats> {
        self.stats.boards.get(key)
    }

    /// Takes in the game just after the player made a jump on the board (not a replay: the
    /// play view says which), `now` being the window's clock in seconds. Records the game's end
    /// when that jump ended it and the whole game was the player's. Returns a message when the
    /// figures could not be saved.
    pub fn observe_jump(&mut self, game: &Game, now: f64) -> Option<String> {
        let key = board_key(game)?;
        let played = game.record.played();
        let tracked = self.tracked.entry(key.clone()).or_default();
        let before = played.len().checked_sub(1)?;
        let all_own = tracked.own.len() >= before && tracked.own[..before] == played[..before];
        if !all_own {
            // A jump of the player's after jumps that were not (a loaded solution, a resumed
            // game): this game does not count.
            *tracked = Tracked::default();
            return None;
        }
        tracked.own.truncate(before);
        tracked.own.push(played[before]);
        if before == 0 {
            // A new game: its clock starts now.
            tracked.started = Some(now);
            tracked.counted = false;
        }
        let position = game.record.position();
        let won = position.is_won(game.puzzle.goal);
        tracked.ended = (won || position.is_stuck()).then_some(now);
        if tracked.counted || (!won && !position.is_stuck()) {
            return None;
        }
        tracked.counted = true;
        let seconds = tracked.started.map(|t| (now - t).max(0.0));
        let figures = self.stats.boards.entry(key).or_default();
        figures.finished += 1;
        let pegs = position.peg_count();
        figures.fewest_pegs = Some(figures.fewest_pegs.map_or(pegs, |f| f.min(pegs)));
        if won {
            figures.won += 1;
            if let Some(s) = seconds {
                figures.best_seconds = Some(figures.best_seconds.map_or(s, |b| b.min(s)));
            }
        }
        self.save()
    }

    /// The clock of `game` at `now` (window seconds): from the player's first jump, running
    /// until the game ends. `None` when there is no jump yet or the game is not wholly the
    /// player's (a solution loaded, a game resumed: its time is not known).
    pub fn clock(&self, game: &Game, now: f64) -> Option<GameClock> {
        let tracked = self.tracked.get(&board_key(game)?)?;
        let played = game.record.played();
        let own = !played.is_empty()
            && tracked.own.len() >= played.len()
            && tracked.own[..played.len()] == played[..];
        let started = tracked.started.filter(|_| own)?;
        let position = game.record.position();
        let over = position.is_won(game.puzzle.goal) || position.is_stuck();
        let end = match (over, tracked.ended) {
            (true, Some(ended)) => ended,
            _ => now,
        };
        Some(GameClock {
            seconds: (end - started).max(0.0),
            running: !over,
        })
    }

    /// Writes the figures to their file, if they have one; a message if that failed.
    pub fn save(&self) -> Option<String> {
        let path = self.path.as_ref()?;
        datafile::store(path, &self.stats)
            .err()
            .map(|e| format!("The statistics could not be saved: {e}"))
    }
}
