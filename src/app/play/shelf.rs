//! The games put aside: every board keeps its own game (jumps, redo tail, where it stands on
//! the timeline) while another board is played, and takes it up again when opened.
//!
//! Owns the play view's shelf of games by board ([`board_key`]), resuming a board's game
//! rather than starting afresh, and opening a file as a new game.

use super::{PlayCommand, PlayView};
use crate::app::game::{Game, Source};
use crate::app::shell::ShellCommand;
use eframe::egui;
use std::path::PathBuf;

impl PlayView {
    /// The games put aside for the other boards.
    pub fn shelved(&self) -> impl Iterator<Item = &Game> {
        self.shelf.values()
    }

    /// Puts `games` aside (restored from the last run), each under its board.
    pub fn set_shelf(&mut self, games: Vec<Game>) {
        let current = board_key(&self.game.source);
        self.shelf = games
            .into_iter()
            .filter_map(|g| board_key(&g.source).map(|k| (k, g)))
            .filter(|(k, _)| Some(k) != current.as_ref())
            .collect();
    }

    /// Opens the board `source` names with its game as left, if it is on the board already
    /// (nothing to do, nothing thrown away) or put aside; `None` if it has no game yet.
    pub(super) fn resume(
        &mut self,
        ctx: &egui::Context,
        source: &Source,
    ) -> Option<Vec<ShellCommand>> {
        let key = board_key(source)?;
        if Some(&key) == board_key(&self.game.source).as_ref() {
            return Some(vec![ShellCommand::ClearNotice]);
        }
        let game = self.shelf.remove(&key)?;
        Some(self.apply(ctx, PlayCommand::Load(Box::new(game))))
    }

    /// Opens a layout or saved-game file as a new game.
    pub(super) fn open_file(&mut self, ctx: &egui::Context, path: PathBuf) -> Vec<ShellCommand> {
        let mut out = Vec::new();
        match Game::from_file(&path) {
            Ok(game) => {
                out.extend(self.apply(ctx, PlayCommand::Load(Box::new(game))));
                out.push(ShellCommand::Remember(path));
            }
            Err(e) => {
                eprintln!("pegsol: {e}");
                out.push(ShellCommand::Tell(e));
            }
        }
        out
    }
}

/// The key a board's game is put aside under: the catalogue board or the file it came from
/// (a board from the editor by its name). `None` for a game that came from nowhere to go back
/// to.
pub fn board_key(source: &Source) -> Option<String> {
    match source {
        Source::Catalogue(key) => Some(format!("catalogue:{key}")),
        Source::File(path) => Some(format!("file:{}", path.display())),
        Source::Other(name) if !name.is_empty() => Some(format!("other:{name}")),
        Source::Other(_) => None,
    }
}
