//! Writing the game store: this copy's changes merged, game by game, with what other running
//! copies of Pegsol wrote to the same file, under the store's lock.
//!
//! Owns the merge. Each game carries a revision, bumped by every write of it. Holding the
//! lock, a copy reads the file, and for each game it changed: if the file still has the
//! revision it last saw, its version replaces it; if another copy wrote that game meanwhile,
//! nothing is overwritten: this copy's version goes in as a new game (a new identity) beside
//! the other's, and the person is told. Games only the other copies changed are taken in.
//! Then the file is written atomically and the lock let go: no jump of either copy is lost.

use super::file::{self, KeptGame, Lock, StoreError};
use super::{GameId, GameStore};
use crate::datafile;
use crate::game::Game;
use std::path::Path;

/// Writes `store`'s changes to `path`, merged (see the module docs). `playing` is the game on
/// the board here; its identity changes if it had to be kept as a new game.
pub(super) fn merge(
    store: &mut GameStore,
    path: &Path,
    playing: &mut Game,
) -> Result<(), StoreError> {
    let _lock = Lock::take(&path.with_file_name(file::LOCK_NAME))?;
    let read = file::read(path);
    store.news.extend(read.news);
    if read.lost {
        // The file was set aside: everything this copy holds goes into the new one.
        for entry in store.entries.values_mut() {
            entry.dirty = true;
            entry.revision = 0;
        }
        store.last_changed = true;
    }
    let mut disk = read.file;
    // A game this copy holds that the file lacks (left out while it had no jump, or lost
    // with a file set aside) is written again if it has anything to keep.
    for (id, entry) in &mut store.entries {
        let worth = !entry.is_empty() || Some(*id) == store.last || *id == playing.id;
        if worth && !entry.dirty && !disk.games.iter().any(|g| g.id == *id) {
            entry.dirty = true;
            entry.revision = 0;
        }
    }
    let mut bumped: Vec<(GameId, u64)> = Vec::new();

    // This copy's changes: replace, or keep beside a version written meanwhile.
    let dirty: Vec<GameId> = store
        .entries
        .iter()
        .filter(|(_, e)| e.dirty)
        .map(|(id, _)| *id)
        .collect();
    for mut id in dirty {
        let on_disk = disk.games.iter().position(|g| g.id == id);
        if on_disk.is_some_and(|i| disk.games[i].revision != store.entries[&id].revision) {
            id = fork(store, id, playing);
        }
        let entry = &store.entries[&id];
        let kept = KeptGame {
            id,
            source: entry.source.clone(),
            revision: entry.revision + 1,
            touched: entry.touched,
            replaced: entry.replaced.clone(),
            game: entry.saved.clone(),
        };
        bumped.push((id, kept.revision));
        match disk.games.iter_mut().find(|g| g.id == id) {
            Some(slot) => *slot = kept,
            None => disk.games.push(kept),
        }
    }

    // The other copies' changes.
    for kept in &disk.games {
        if bumped.iter().any(|(id, _)| *id == kept.id) {
            continue;
        }
        match store.entries.get_mut(&kept.id) {
            None => store.adopt(kept.clone()),
            Some(entry) if entry.revision == kept.revision => {}
            Some(_) if kept.id == playing.id => {
                // On the board here, unchanged here: left as the person sees it. If they
                // play on, it is kept as a game of its own beside the other copy's.
                if !store.told_changed.contains(&kept.id) {
                    store.told_changed.push(kept.id);
                    store.news.push(format!(
                        "Another copy of Pegsol played this {} game too; yours stays as it is \
                         here, and both games are kept",
                        kept.game.layout.name
                    ));
                }
            }
            Some(entry) => {
                entry.source = kept.source.clone();
                entry.saved = kept.game.clone();
                entry.touched = kept.touched;
                entry.replaced = kept.replaced.clone();
                entry.revision = kept.revision;
                entry.live = None;
            }
        }
    }
    // The game played last: this copy's, if it played since it last wrote.
    let mut write = !bumped.is_empty();
    if store.last_changed {
        write |= disk.last != store.last;
        disk.last = store.last;
    } else {
        store.last = disk.last;
    }
    // A game with no jump holds nothing to lose: not written, unless it is the one to
    // open next.
    disk.games
        .retain(|g| !g.game.is_empty() || Some(g.id) == disk.last || g.id == playing.id);

    if write {
        disk.version = <file::StoreFile as datafile::DataFile>::VERSION;
        datafile::store(path, &disk)?;
    }
    for (id, revision) in bumped {
        if let Some(entry) = store.entries.get_mut(&id) {
            entry.revision = revision;
            entry.dirty = false;
        }
    }
    store.last_changed = false;
    Ok(())
}

/// Moves this copy's changed game `id` to a new identity (another copy wrote `id` meanwhile),
/// so that both are kept; returns the new identity and says so.
fn fork(store: &mut GameStore, id: GameId, playing: &mut Game) -> GameId {
    let new = GameId::new();
    let Some(mut entry) = store.entries.remove(&id) else {
        return id;
    };
    entry.revision = 0;
    if let Some(live) = &mut entry.live {
        live.id = new;
    }
    let name = entry.saved.layout.name.clone();
    store.entries.insert(new, entry);
    if playing.id == id {
        playing.id = new;
    }
    if store.last == Some(id) {
        // The game played last here goes on under its new identity: the file must say so,
        // or the next start would take up the other copy's game instead of this one.
        store.last = Some(new);
        store.last_changed = true;
    }
    store.told_changed.retain(|t| *t != id);
    store.news.push(format!(
        "Another copy of Pegsol changed this {name} game at the same time: both are kept, \
         yours goes on here and the other is under Other games of this board"
    ));
    new
}
