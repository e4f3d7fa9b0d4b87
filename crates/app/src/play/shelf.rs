//! The play view's side of the game store: opening a file through it, keeping the games
//! (written by the shell every few seconds), and the other games kept for the board in play.
//!
//! Owns how a file that cannot be read is still opened when a game is kept for it, and what
//! the view hands the shell about the store.

use super::command::FileCommand;
use super::{PlayCommand, PlayView};
use crate::command::ShellCommand;
use pegsol_record::store::{Kept, StoreError};
use pegsol_record::{BoardKey, Game, GameStore, Source};
use std::path::PathBuf;

impl PlayView {
    /// The game store (the games of every board but the one in play).
    pub fn store(&self) -> &GameStore {
        &self.store
    }

    /// Reads what other running copies of Pegsol wrote to the game store and writes every
    /// game that changed here (the one in play too), merged with it; on an error nothing is
    /// lost and the next call tries again.
    pub fn sync_games(&mut self) -> Result<(), StoreError> {
        self.session.sync(&mut self.store)
    }

    /// What the game store has to tell: files set aside, a game changed elsewhere.
    pub fn store_news(&mut self) -> Vec<String> {
        self.store.take_news()
    }

    /// The other games kept for the board in play, most recently played first.
    pub fn other_games(&self) -> Vec<Kept> {
        self.store.others(self.session.game())
    }

    /// Opens a layout or saved-game file: the game kept for it if there is one, else the
    /// file's own game. A file that cannot be read any more still brings back its kept game.
    pub(super) fn open_file(&mut self, path: PathBuf, now: f64) -> Vec<ShellCommand> {
        let mut out = match Game::from_file(&path) {
            Ok(game) => {
                let said = self.session.open(&mut self.store, game, now);
                self.opened(said)
            }
            Err(e) => {
                let key = BoardKey::of(&Source::File(pegsol_record::game::absolute(&path)));
                let kept = key.and_then(|key| self.session.open_key(&mut self.store, &key, now));
                match kept {
                    Some(said) => self.opened(Some(format!("{e}; {said}"))),
                    None => {
                        eprintln!("pegsol: {e}");
                        return vec![ShellCommand::Warn(e.to_string())];
                    }
                }
            }
        };
        out.push(ShellCommand::Remember(path));
        out
    }

    /// The command that plays `game` as the shell was asked: as something new the person
    /// asked for (`fresh`), or as its board opened.
    pub fn open_command(game: Game, fresh: bool) -> PlayCommand {
        if fresh {
            PlayCommand::Files(FileCommand::OpenNew(Box::new(game)))
        } else {
            PlayCommand::Files(FileCommand::Open(Box::new(game)))
        }
    }
}
