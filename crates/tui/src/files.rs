//! Files in and out of the terminal game: `w` saves the game to a file, `o` opens a board or
//! a saved game, both through one path prompt with a default name.
//!
//! Owns what the prompt's keys do ([`super::prompt`] edits the line) and what Enter does:
//! `~` is the home folder, as in a shell; a save asks before it overwrites a file and is
//! written here ([`pegsol_record::Game::save_to`], atomic); an open takes what
//! `pegsol play` takes (a file, a level, a catalogue board's name) and is handed to the
//! event loop as [`Effect::Open`], because the game store decides which game a board opens
//! with.

use super::game::{Effect, TuiGame};
use super::prompt::{default_file_name, expand_home, Edit, FileAction, FilePrompt};
use pegsol_record::Game;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::{Path, PathBuf};

impl TuiGame {
    /// `w` or `o`: opens the path prompt, with a default name to save to.
    pub(super) fn open_file_prompt(&mut self, action: FileAction) {
        self.session.pause_replay();
        let text = match action {
            FileAction::Save => default_file_name(&self.game().puzzle.name),
            FileAction::Open => String::new(),
        };
        self.file_prompt = Some(FilePrompt::new(action, text));
    }

    /// A key while the path prompt is open.
    pub(super) fn file_prompt_key(&mut self, key: KeyEvent) -> Effect {
        let Some(prompt) = &mut self.file_prompt else {
            return Effect::Continue;
        };
        if prompt.confirming {
            match key.code {
                KeyCode::Char('y' | 'Y') => {
                    let path = typed_path(&prompt.text);
                    self.file_prompt = None;
                    self.save(&path);
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc => prompt.confirming = false,
                _ => {}
            }
            return Effect::Continue;
        }
        match prompt.edit(key) {
            Edit::Editing => Effect::Continue,
            Edit::Cancel => {
                self.file_prompt = None;
                self.message = "Cancelled".into();
                Effect::Continue
            }
            Edit::Enter => {
                let path = typed_path(&prompt.text);
                if path.as_os_str().is_empty() {
                    self.file_prompt = None;
                    self.message = "No file named: nothing done".into();
                    return Effect::Continue;
                }
                match prompt.action {
                    FileAction::Save if path.exists() => {
                        prompt.confirming = true;
                        Effect::Continue
                    }
                    FileAction::Save => {
                        self.file_prompt = None;
                        self.save(&path);
                        Effect::Continue
                    }
                    FileAction::Open => {
                        self.file_prompt = None;
                        Effect::Open(path)
                    }
                }
            }
        }
    }

    fn save(&mut self, path: &Path) {
        self.message = match self.game().save_to(path) {
            Ok(()) => format!("Game saved to {}", path.display()),
            Err(e) => format!("Not saved: {e}"),
        };
    }

    /// The prompt line, while the path prompt is open.
    pub fn file_prompt_line(&self) -> Option<String> {
        self.file_prompt.as_ref().map(FilePrompt::line)
    }
}

/// The path typed, `~` expanded to the home folder.
fn typed_path(text: &str) -> PathBuf {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty());
    expand_home(text.trim(), home.as_deref().map(Path::new))
}

/// What `o` opens for `path` as typed: a file there, else a level or a catalogue board by
/// name, as `pegsol play LAYOUT` takes them.
pub fn wanted_game(path: &Path) -> Result<Game, String> {
    Game::from_spec(&path.to_string_lossy()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    #[test]
    fn the_default_name_is_the_board_in_lower_case_words() {
        assert_eq!(default_file_name("English"), "english-game.pegsol");
        assert_eq!(
            default_file_name("Level 5 (random, 17 pegs)"),
            "level-5-random-17-pegs-game.pegsol"
        );
        assert_eq!(default_file_name("!!"), "game.pegsol");
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn saving_over_a_file_asks_first_and_n_keeps_it() {
        let dir = pegsol_testkit::scratch::Scratch::new("tui-overwrite");
        let path = dir.join("kept.pegsol");
        std::fs::write(&path, "precious").expect("written");
        let mut tui = TuiGame::new(Game::from_spec("english").expect("a board"), "t".into());
        tui.open_file_prompt(FileAction::Save);
        tui.file_prompt_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        for c in path.to_string_lossy().chars() {
            tui.file_prompt_key(key(KeyCode::Char(c)));
        }
        assert_eq!(tui.file_prompt_key(key(KeyCode::Enter)), Effect::Continue);
        let line = tui.file_prompt_line().expect("still asking");
        assert!(line.contains("exists: overwrite it?"), "{line}");
        tui.file_prompt_key(key(KeyCode::Char('n')));
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("precious")
        );
        assert!(tui
            .file_prompt_line()
            .is_some_and(|l| l.starts_with("Save")));
        tui.file_prompt_key(key(KeyCode::Enter));
        tui.file_prompt_key(key(KeyCode::Char('y')));
        assert!(tui.file_prompt_line().is_none());
        assert!(
            tui.message().starts_with("Game saved to"),
            "{}",
            tui.message()
        );
        let saved = Game::from_file(&path).expect("a saved game now");
        assert_eq!(saved.puzzle.name, "English");
    }

    #[test]
    fn open_takes_a_level_or_a_catalogue_name_as_the_command_line_does() {
        assert_eq!(
            wanted_game(Path::new("english")).map(|g| g.puzzle.name),
            Ok("English".to_string())
        );
        assert!(wanted_game(Path::new("3")).is_ok());
        let e = wanted_game(Path::new("no-such-board")).map(|g| g.puzzle.name);
        assert!(e.is_err(), "{e:?}");
    }
}
