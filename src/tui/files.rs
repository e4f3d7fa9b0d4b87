//! Files in and out of the terminal game: `w` saves the game to a file, `o` opens a board or
//! a saved game, both through one path prompt with a default name.
//!
//! Owns the prompt (typing, Backspace, Enter, Esc) and what Enter does: a save is written
//! here ([`crate::record::Game::save_to`], atomic); an open is handed to the event loop as
//! [`Effect::Open`], because the game store decides which game a board opens with.

use super::game::{Effect, TuiGame};
use super::prompt::{default_file_name, FileAction, FilePrompt};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;

impl TuiGame {
    /// `w` or `o`: opens the path prompt, with a default name to save to.
    pub(super) fn open_file_prompt(&mut self, action: FileAction) {
        self.session.pause_replay();
        let text = match action {
            FileAction::Save => default_file_name(&self.game().puzzle.name),
            FileAction::Open => String::new(),
        };
        self.file_prompt = Some(FilePrompt { action, text });
    }

    /// A key while the path prompt is open.
    pub(super) fn file_prompt_key(&mut self, code: KeyCode) -> Effect {
        let Some(prompt) = &mut self.file_prompt else {
            return Effect::Continue;
        };
        match code {
            KeyCode::Char(c) if !c.is_control() => prompt.text.push(c),
            KeyCode::Backspace => {
                prompt.text.pop();
            }
            KeyCode::Esc => {
                self.file_prompt = None;
                self.message = "Cancelled".into();
            }
            KeyCode::Enter => {
                let prompt = self.file_prompt.take();
                let Some(FilePrompt { action, text }) = prompt else {
                    return Effect::Continue;
                };
                let path = PathBuf::from(text.trim());
                if path.as_os_str().is_empty() {
                    self.message = "No file named: nothing done".into();
                    return Effect::Continue;
                }
                match action {
                    FileAction::Save => {
                        self.message = match self.game().save_to(&path) {
                            Ok(()) => format!("Game saved to {}", path.display()),
                            Err(e) => format!("Not saved: {e}"),
                        };
                    }
                    FileAction::Open => return Effect::Open(path),
                }
            }
            _ => {}
        }
        Effect::Continue
    }

    /// The prompt line, while the path prompt is open.
    pub fn file_prompt_line(&self) -> Option<String> {
        self.file_prompt.as_ref().map(FilePrompt::line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_name_is_the_board_in_lower_case_words() {
        assert_eq!(default_file_name("English"), "english-game.pegsol");
        assert_eq!(
            default_file_name("Level 5 (random, 17 pegs)"),
            "level-5-random-17-pegs-game.pegsol"
        );
        assert_eq!(default_file_name("!!"), "game.pegsol");
    }
}
