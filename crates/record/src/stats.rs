//! Statistics per board: games won, the fewest pegs left, the best time (from the first jump to
//! the win), shown in the boards panel and kept across restarts in `stats.ron` in Pegsol's
//! data folder.
//!
//! Owns the figures and their file. What counts is the play session's rule
//! ([`super::session::clock`]): only the player's own games count: a game ends (won, or
//! stuck) on a jump the player made, and every jump before it was the player's too, in this
//! run; a solution loaded from the solver and stepped through on
//! the timeline (redo) never counts, nor does a game resumed from a file or the last run
//! (what came before is not known to be the player's). Random puzzles and boards built other
//! ways have no entry (only catalogue boards and board files do).
//!
//! The file is read and written through [`crate::datafile`]: a stats file that cannot
//! be read is moved aside (`stats.ron.broken-DATE`) with a notice and the figures start
//! afresh; a file that cannot be written is reported, never a crash.

use super::session::Finish;
use crate::datafile::{self, DataFile, Loaded};
use crate::{BoardKey, Game};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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

pub use super::session::clock::GameClock;

/// The figures, their file, and the games being watched.
#[derive(Debug, Default)]
pub struct StatsKeeper {
    stats: Stats,
    /// Where they are kept; `None` in tests and screenshots (kept in memory only).
    path: Option<PathBuf>,
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

    /// Counts `finish`, the end of a game of `game`'s board the person just made (the play
    /// session says which ends count: [`super::session::clock`]). Returns a message when the
    /// figures could not be saved.
    pub fn record_finish(&mut self, game: &Game, finish: Finish) -> Option<String> {
        let key = board_key(game)?;
        let figures = self.stats.boards.entry(key).or_default();
        figures.finished += 1;
        figures.fewest_pegs = Some(
            figures
                .fewest_pegs
                .map_or(finish.pegs, |f| f.min(finish.pegs)),
        );
        if finish.won {
            figures.won += 1;
            if let Some(s) = finish.seconds {
                figures.best_seconds = Some(figures.best_seconds.map_or(s, |b| b.min(s)));
            }
        }
        self.save()
    }

    /// Writes the figures to their file, if they have one; a message if that failed.
    pub fn save(&self) -> Option<String> {
        let path = self.path.as_ref()?;
        datafile::store(path, &self.stats)
            .err()
            .map(|e| format!("The statistics could not be saved: {e}"))
    }
}
