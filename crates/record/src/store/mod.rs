//! The game store: every game a person has played, kept by its board's key, for the window,
//! the terminal game and the command line alike (Simon Tatham's mid-end, once).
//!
//! Owns which game a board opens with and keeping every game. Opening a board whose game is
//! kept takes that game up where it was left ([`GameStore::open`]); the game that was in play
//! goes back into the store, never thrown away; a board file that changed since its game was
//! played opens afresh beside the old game, which stays kept ([`GameStore::others`]).
//! [`GameStore::keep`] writes what changed to `games.ron` in Pegsol's data folder, merged by
//! game under a lock, so any number of running copies share one folder and lose nothing: a
//! game changed by two copies at once is kept twice, and the copy that finds out says so
//! ([`merge`]). A store with no folder (tests, screenshots) keeps games in memory only.

pub mod file;
mod merge;

pub use file::{StoreError, StoreFile, FILE_NAME};

use super::datafile;
use super::game::{BoardKey, Game, GameId, Source};
use super::SavedGame;
use pegsol_rules::capitalise;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One game the store knows of.
#[derive(Clone, Debug)]
struct Entry {
    source: Source,
    /// The game as last put in or read: what is compared to see whether it changed.
    saved: SavedGame,
    /// When it was last changed (seconds since 1970).
    touched: u64,
    replaced: Option<BoardKey>,
    /// The file's revision this entry was last read at or written as (0: never written).
    revision: u64,
    /// Changed here since last written.
    dirty: bool,
    /// The whole game with its undo history, while put aside in this process (the file keeps
    /// the line and the redo tail only).
    live: Option<Game>,
}

impl Entry {
    fn of(game: &Game, touched: u64) -> Entry {
        Entry {
            source: game.source.clone(),
            saved: game.to_saved(),
            touched,
            replaced: game.replaced.clone(),
            revision: 0,
            dirty: true,
            live: None,
        }
    }

    fn key(&self) -> Option<BoardKey> {
        BoardKey::of(&self.source)
    }

    /// The game, whole if it was put aside in this process, else rebuilt from the file's form.
    fn game(&mut self, id: GameId) -> Option<Game> {
        if let Some(game) = self.live.take() {
            return Some(game);
        }
        let mut game = Game::from_saved(&self.saved, self.source.clone()).ok()?;
        game.id = id;
        game.replaced = self.replaced.clone();
        Some(game)
    }

    /// Whether the game has any jump to keep (played or to redo).
    fn is_empty(&self) -> bool {
        self.saved.is_empty()
    }
}

/// What opening a board gave: the game to play and, when it is not simply the board's start,
/// the one line that says what happened.
#[derive(Debug)]
pub struct Opening {
    /// The game to play.
    pub game: Game,
    /// "Resumed your English game (5 jumps played)", or why an older game was kept aside.
    pub said: Option<String>,
}

/// Another game kept for a board, for a list to pick from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// Its identity, to [`GameStore::switch`] to it.
    pub id: GameId,
    /// The board's name.
    pub name: String,
    /// Jumps played.
    pub played: usize,
    /// Jumps in its timeline (played and to redo).
    pub jumps: usize,
    /// Pegs on its board now.
    pub pegs: u32,
    /// When it was last played (seconds since 1970, UTC).
    pub touched: u64,
}

impl Kept {
    /// The game in a line for a list: "jump 3 of 10, 30 pegs, played 2026-11-26 06:30 UTC".
    pub fn in_words(&self) -> String {
        let jumps = if self.played == self.jumps {
            pegsol_rules::jumps_in_words(self.played)
        } else {
            format!("jump {} of {}", self.played, self.jumps)
        };
        let when = datafile::utc_stamp(
            std::time::UNIX_EPOCH + std::time::Duration::from_secs(self.touched),
        );
        // `YYYYMMDD-HHMMSS` as a person reads it.
        let (date, time) = when.split_at(8);
        format!(
            "{jumps}, {}, played {}-{}-{} {}:{} UTC",
            pegsol_rules::pegs_in_words(self.pegs),
            &date[..4],
            &date[4..6],
            &date[6..],
            &time[1..3],
            &time[3..5]
        )
    }
}

/// The game store (see the module docs).
#[derive(Debug, Default)]
pub struct GameStore {
    /// The file, when kept in one.
    path: Option<PathBuf>,
    entries: BTreeMap<GameId, Entry>,
    /// The game played last, as this copy knows it.
    last: Option<GameId>,
    /// Whether this copy changed `last` since it last wrote.
    last_changed: bool,
    /// Lines to tell the person (files set aside, games changed elsewhere).
    news: Vec<String>,
    /// Games in play here that another copy changed meanwhile, each said once.
    told_changed: Vec<GameId>,
}

impl GameStore {
    /// A store kept in memory only.
    pub fn in_memory() -> GameStore {
        GameStore::default()
    }

    /// The store in `dir` (its `games.ron`), read now; version 1's `game.ron` there is
    /// imported once. Whatever cannot be read is set aside and said in
    /// [`GameStore::take_news`].
    pub fn in_folder(dir: &Path) -> GameStore {
        let path = dir.join(FILE_NAME);
        let mut store = GameStore {
            path: Some(path.clone()),
            ..GameStore::default()
        };
        file::remove_stale_writes(dir);
        let read = file::read(&path);
        store.news.extend(read.news);
        store.last = read.file.last;
        for kept in read.file.games {
            store.adopt(kept);
        }
        let (legacy, said) = file::import_legacy(&dir.join(file::LEGACY_GAME));
        store.news.extend(said);
        if let Some(kept) = legacy {
            // Version 1's game in progress was the one played last.
            store.last = Some(kept.id);
            store.last_changed = true;
            store.adopt(kept);
        }
        store
    }

    /// The store in Pegsol's data folder ([`datafile::data_dir`]), or in memory where the
    /// system names none.
    pub fn default_place() -> GameStore {
        match datafile::data_dir() {
            Some(dir) => GameStore::in_folder(&dir),
            None => GameStore::in_memory(),
        }
    }

    /// The file the games are kept in, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// What the person should be told since last asked: files set aside, games left out, a
    /// game changed by another copy of Pegsol.
    pub fn take_news(&mut self) -> Vec<String> {
        std::mem::take(&mut self.news)
    }

    /// Takes a game read from the file into the store (not changed here). The file's games
    /// have identities of their own ([`file::unique_ids`]); a game met again under an
    /// identity already here (version 1's game in progress, imported again when its file
    /// could not be renamed) never replaces the one the store holds.
    fn adopt(&mut self, kept: file::KeptGame) {
        if self.entries.contains_key(&kept.id) {
            return;
        }
        self.entries.insert(
            kept.id,
            Entry {
                source: kept.source,
                saved: kept.game,
                touched: kept.touched,
                replaced: kept.replaced,
                revision: kept.revision,
                dirty: kept.revision == 0,
                live: None,
            },
        );
    }

    /// The game played last (in any front end or running copy), to play; `None` when no
    /// game is kept.
    pub fn last_game(&mut self) -> Option<Game> {
        let id = self
            .last
            .filter(|id| self.entries.contains_key(id))
            .or_else(|| self.newest(|_| true))?;
        self.take(id)
    }

    /// The most recently played game among the entries `which` accepts.
    fn newest(&self, which: impl Fn(&Entry) -> bool) -> Option<GameId> {
        self.entries
            .iter()
            .filter(|(_, e)| which(e))
            .max_by_key(|(_, e)| (e.touched, e.revision))
            .map(|(id, _)| *id)
    }

    /// Takes game `id` out to play (it stays kept; [`GameStore::put`] or
    /// [`GameStore::keep`] records what is played).
    fn take(&mut self, id: GameId) -> Option<Game> {
        let game = self.entries.get_mut(&id)?.game(id)?;
        self.played(id);
        Some(game)
    }

    /// Marks `id` the game played last.
    fn played(&mut self, id: GameId) {
        if self.last != Some(id) {
            self.last = Some(id);
            self.last_changed = true;
        }
    }

    /// Puts `game` back (the person opened another): kept whole, its changes to be written.
    fn put(&mut self, game: Game) {
        self.note(&game);
        if let Some(entry) = self.entries.get_mut(&game.id) {
            entry.live = Some(game);
        }
    }

    /// Records what `game` is now, marking it changed if it is; returns whether it was.
    fn note(&mut self, game: &Game) -> bool {
        let saved = game.to_saved();
        let now = file::now();
        match self.entries.get_mut(&game.id) {
            Some(entry) => {
                let changed = entry.saved != saved
                    || entry.source != game.source
                    || entry.replaced != game.replaced;
                if changed {
                    entry.saved = saved;
                    entry.source = game.source.clone();
                    entry.replaced = game.replaced.clone();
                    entry.touched = now;
                    entry.dirty = true;
                }
                changed
            }
            None => {
                self.entries.insert(game.id, Entry::of(game, now));
                true
            }
        }
    }

    /// Records what `playing` is now (played here, it becomes the game played last); returns
    /// whether anything waits to be written.
    pub fn update(&mut self, playing: &Game) -> bool {
        if self.note(playing) {
            self.played(playing.id);
        }
        self.has_changes()
    }

    /// Opens `wanted`, a fresh game of the board a person asked for, in place of `playing`,
    /// which is put back (never lost): the board's kept game if it has one, taken up where it
    /// was left; else `wanted` itself. A board file that changed since its game was played
    /// opens afresh and its old game stays kept. Nothing changes when `wanted` is `playing`'s
    /// board. Returns the line that says what happened, when there is more to say than the
    /// board's name.
    pub fn open(&mut self, playing: &mut Game, wanted: Game) -> Option<String> {
        if wanted.key().is_some() && playing.key() == wanted.key() {
            return None;
        }
        let opening = self.open_first(wanted);
        self.put(std::mem::replace(playing, opening.game));
        opening.said
    }

    /// Opens `wanted` as [`GameStore::open`] does, for something new the person asked for (a
    /// random puzzle) over `playing`: when it starts afresh, undo at its start goes back to
    /// `playing`'s game, and the line says so.
    pub fn open_new(&mut self, playing: &mut Game, mut wanted: Game) -> Option<String> {
        let back = playing
            .key()
            .filter(|key| Some(key) != wanted.key().as_ref());
        let Some(back) = back else {
            return self.open(playing, wanted);
        };
        let line = format!(
            "{} is kept: undo at the start, or {} in the boards list, brings it back",
            playing.in_words(),
            playing.puzzle.name
        );
        wanted.replaced = Some(back);
        let said = self.open(playing, wanted);
        Some(match said {
            Some(said) => format!("{said}; {line}"),
            None => capitalise(&line),
        })
    }

    /// Opens the board `key`'s kept game in place of `playing` (undo at the start of a
    /// random puzzle goes back to the game it was opened over). `None` if none is kept.
    pub fn open_key(&mut self, playing: &mut Game, key: &BoardKey) -> Option<String> {
        let id = self.newest(|e| e.key().as_ref() == Some(key))?;
        let game = self.take(id)?;
        let said = format!("Back to {}", game.in_words());
        self.put(std::mem::replace(playing, game));
        Some(said)
    }

    /// The game to play first when nothing is in play yet: `wanted`'s board's kept game, or
    /// `wanted` itself (as [`GameStore::open`] chooses).
    pub fn open_first(&mut self, wanted: Game) -> Opening {
        let Some(key) = wanted.key() else {
            return self.start(wanted, None);
        };
        let Some(id) = self.newest(|e| e.key().as_ref() == Some(&key)) else {
            return self.start(wanted, None);
        };
        if self.entries[&id].saved.layout.rows != wanted.to_saved().layout.rows {
            let said = format!(
                "{} has changed since it was last played: it starts afresh, and the game \
                 played on it before is kept (Game > Other games of this board)",
                wanted.title()
            );
            return self.start(wanted, Some(said));
        }
        match self.take(id) {
            Some(game) => {
                let said = (!game.record.jumps().is_empty())
                    .then(|| format!("Resumed {}", game.in_words()));
                Opening { game, said }
            }
            None => self.start(wanted, None),
        }
    }

    /// Starts `game` afresh: kept from now on, the game played last.
    fn start(&mut self, game: Game, said: Option<String>) -> Opening {
        self.note(&game);
        self.played(game.id);
        Opening { game, said }
    }

    /// Switches from `playing` to the kept game `id` (from [`GameStore::others`]), putting
    /// `playing` back. Returns whether there was such a game.
    pub fn switch(&mut self, playing: &mut Game, id: GameId) -> bool {
        if id == playing.id {
            return false;
        }
        self.note(playing);
        let Some(game) = self.take(id) else {
            return false;
        };
        self.put(std::mem::replace(playing, game));
        true
    }

    /// The other games kept for `playing`'s board, most recently played first.
    pub fn others(&self, playing: &Game) -> Vec<Kept> {
        let key = playing.key();
        let mut list: Vec<Kept> = self
            .entries
            .iter()
            .filter(|(id, e)| **id != playing.id && key.is_some() && e.key() == key)
            .filter(|(_, e)| !e.is_empty())
            .filter_map(|(id, e)| {
                let (puzzle, record) = e.saved.restore().ok()?;
                Some(Kept {
                    id: *id,
                    name: puzzle.name,
                    played: record.index(),
                    jumps: record.jumps().len(),
                    pegs: record.position().peg_count(),
                    touched: e.touched,
                })
            })
            .collect();
        list.sort_by_key(|k| std::cmp::Reverse(k.touched));
        list
    }

    /// The game kept for the board `key` (not the one in play), if any: for a boards list to
    /// show what waits there.
    pub fn kept_for(&self, key: &BoardKey) -> Option<(usize, usize)> {
        let id = self.newest(|e| e.key().as_ref() == Some(key))?;
        let e = &self.entries[&id];
        Some((
            e.saved.current.unwrap_or(e.saved.jumps.len()),
            e.saved.jumps.len(),
        ))
    }

    /// Keeps `playing` and every other change: when anything changed since the last write,
    /// writes the file as [`GameStore::sync`] does; else touches no file.
    pub fn keep(&mut self, playing: &mut Game) -> Result<(), StoreError> {
        if self.update(playing) {
            return self.sync(playing);
        }
        Ok(())
    }

    /// Reads the file, takes in what other running copies of Pegsol wrote, and writes this
    /// copy's changes (`playing`'s too) merged with them, all under the store's lock. A game
    /// another copy changed at the same time is kept twice: this copy's goes on under a new
    /// identity (`playing.id` changes then), and the news says so. On an error nothing is
    /// lost: the changes stay marked and the next call tries again.
    pub fn sync(&mut self, playing: &mut Game) -> Result<(), StoreError> {
        self.update(playing);
        let Some(path) = self.path.clone() else {
            for entry in self.entries.values_mut() {
                entry.dirty = false;
            }
            self.last_changed = false;
            return Ok(());
        };
        merge::merge(self, &path, playing)
    }

    /// Whether anything is waiting to be written.
    pub fn has_changes(&self) -> bool {
        self.last_changed || self.entries.values().any(|e| e.dirty)
    }
}

#[cfg(test)]
mod tests;
