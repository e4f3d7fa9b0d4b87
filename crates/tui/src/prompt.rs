//! The terminal game's path prompt (`w` save, `o` open): what it is for, the line being
//! edited (the usual keys: Left/Right, Home/End, Backspace/Delete, Ctrl+U, Ctrl+W), the
//! question before a file is overwritten, and the file name offered by default. A leaf: the
//! game holds a prompt, `files.rs` acts on it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What the path prompt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    /// Save the game to the file.
    Save,
    /// Open the file (a board or a saved game), or a level or catalogue board by name.
    Open,
}

/// The path prompt while it is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePrompt {
    /// What Enter does.
    pub action: FileAction,
    /// The path as typed so far.
    pub text: String,
    /// Where typing goes: a byte offset into `text`, on a character's boundary.
    pub cursor: usize,
    /// The file named exists: asking whether to overwrite it (a save only).
    pub confirming: bool,
}

/// What a key did to the prompt's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The line changed, or the cursor moved, or the key meant nothing here.
    Editing,
    /// Enter: act on the line.
    Enter,
    /// Esc: close the prompt.
    Cancel,
}

impl FilePrompt {
    /// A prompt for `action` with `text` typed, the cursor at its end.
    pub fn new(action: FileAction, text: String) -> FilePrompt {
        FilePrompt {
            action,
            cursor: text.len(),
            text,
            confirming: false,
        }
    }

    /// The prompt line: the line with its cursor (`_` at the end, else the character under
    /// it in brackets, as the board marks its cursor), or the overwrite question.
    pub fn line(&self) -> String {
        if self.confirming {
            return format!(
                "{} exists: overwrite it? (y: overwrite, n or Esc: back to the name)",
                self.text.trim()
            );
        }
        let verb = match self.action {
            FileAction::Save => "Save the game to",
            FileAction::Open => "Open a board (file, level or name) or saved game",
        };
        let (before, after) = self.text.split_at(self.cursor);
        let shown = match after.chars().next() {
            None => format!("{before}_"),
            Some(c) => format!("{before}[{c}]{}", &after[c.len_utf8()..]),
        };
        format!(
            "{verb}: {shown}  (Enter: {}, Esc: cancel)",
            match self.action {
                FileAction::Save => "save",
                FileAction::Open => "open",
            }
        )
    }

    /// One key while the line is edited.
    pub fn edit(&mut self, key: KeyEvent) -> Edit {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Enter => return Edit::Enter,
            KeyCode::Esc => return Edit::Cancel,
            KeyCode::Char('u' | 'U') if ctrl => {
                self.text.drain(..self.cursor);
                self.cursor = 0;
            }
            KeyCode::Char('w' | 'W') if ctrl => self.delete_word(),
            KeyCode::Backspace if alt => self.delete_word(),
            KeyCode::Char('a' | 'A') if ctrl => self.cursor = 0,
            KeyCode::Char('e' | 'E') if ctrl => self.cursor = self.text.len(),
            KeyCode::Char('b' | 'B') if ctrl => self.cursor = self.before(self.cursor),
            KeyCode::Char('f' | 'F') if ctrl => self.cursor = self.after(self.cursor),
            KeyCode::Char(c) if !ctrl && !alt && !c.is_control() => {
                self.text.insert(self.cursor, c);
                self.cursor += c.len_utf8();
            }
            KeyCode::Backspace if self.cursor > 0 => {
                let from = self.before(self.cursor);
                self.text.drain(from..self.cursor);
                self.cursor = from;
            }
            KeyCode::Delete if self.cursor < self.text.len() => {
                let to = self.after(self.cursor);
                self.text.drain(self.cursor..to);
            }
            KeyCode::Left => self.cursor = self.before(self.cursor),
            KeyCode::Right => self.cursor = self.after(self.cursor),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.text.len(),
            _ => {}
        }
        Edit::Editing
    }

    /// Ctrl+W: the word before the cursor and the spaces after it, as a shell deletes it.
    fn delete_word(&mut self) {
        let head = &self.text[..self.cursor];
        let trimmed = head.trim_end_matches(' ');
        let from = trimmed.rfind(' ').map_or(0, |i| i + 1);
        self.text.drain(from..self.cursor);
        self.cursor = from;
    }

    /// The boundary of the character before byte `at` (0 at the start).
    fn before(&self, at: usize) -> usize {
        self.text[..at].char_indices().last().map_or(0, |(i, _)| i)
    }

    /// The boundary after the character at byte `at` (the end at the end).
    fn after(&self, at: usize) -> usize {
        self.text[at..]
            .chars()
            .next()
            .map_or(self.text.len(), |c| at + c.len_utf8())
    }
}

/// The file name a game is saved to by default: the board's name in lower case, words
/// joined by `-`, then `-game.pegsol` (`english-game.pegsol`).
pub fn default_file_name(board: &str) -> String {
    let stem: Vec<String> = board
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if stem.is_empty() {
        "game.pegsol".into()
    } else {
        format!("{}-game.pegsol", stem.join("-"))
    }
}

/// `text` with a leading `~` (alone or before `/`) replaced by `home`, as a shell does; any
/// other text as it is (`~ann` too: looking people up is the shell's business).
pub fn expand_home(text: &str, home: Option<&std::path::Path>) -> std::path::PathBuf {
    let rest = match text.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => return text.into(),
    };
    match home {
        Some(home) => home.join(rest.trim_start_matches('/')),
        None => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(prompt: &mut FilePrompt, code: KeyCode, modifiers: KeyModifiers) {
        assert_eq!(prompt.edit(KeyEvent::new(code, modifiers)), Edit::Editing);
    }

    fn typed(text: &str) -> FilePrompt {
        FilePrompt::new(FileAction::Save, text.into())
    }

    #[test]
    fn the_line_is_edited_with_the_usual_keys() {
        let none = KeyModifiers::NONE;
        let ctrl = KeyModifiers::CONTROL;
        let mut p = typed("games/english.pegsol");
        press(&mut p, KeyCode::Home, none);
        press(&mut p, KeyCode::Char('~'), none);
        press(&mut p, KeyCode::Char('/'), none);
        assert_eq!(p.text, "~/games/english.pegsol");
        press(&mut p, KeyCode::End, none);
        for _ in 0..".pegsol".len() {
            press(&mut p, KeyCode::Left, none);
        }
        press(&mut p, KeyCode::Char('2'), none);
        assert_eq!(p.text, "~/games/english2.pegsol");
        assert!(p.line().contains("english2[.]pegsol"), "{}", p.line());
        press(&mut p, KeyCode::Backspace, none);
        press(&mut p, KeyCode::Delete, none);
        assert_eq!(p.text, "~/games/englishpegsol");
        press(&mut p, KeyCode::Right, none);
        press(&mut p, KeyCode::Char('u'), ctrl);
        assert_eq!((p.text.as_str(), p.cursor), ("egsol", 0));
        let mut p = typed("two words  ");
        press(&mut p, KeyCode::Char('w'), ctrl);
        assert_eq!(p.text, "two ");
        press(&mut p, KeyCode::Char('w'), ctrl);
        assert_eq!(p.text, "");
        // Past either end nothing moves, and a character of several bytes is one step.
        let mut p = typed("é");
        press(&mut p, KeyCode::Right, none);
        press(&mut p, KeyCode::Left, none);
        press(&mut p, KeyCode::Left, none);
        assert_eq!(p.cursor, 0);
        press(&mut p, KeyCode::Backspace, none);
        press(&mut p, KeyCode::Delete, none);
        assert_eq!(p.text, "");
        assert!(p.line().contains(": _  (Enter"), "{}", p.line());
    }

    #[test]
    fn a_tilde_is_the_home_folder_as_a_shell_reads_it() {
        let home = std::path::Path::new("/home/ann");
        assert_eq!(expand_home("~/x.pegsol", Some(home)), home.join("x.pegsol"));
        assert_eq!(expand_home("~", Some(home)), home);
        assert_eq!(
            expand_home("~bob/x", Some(home)),
            std::path::PathBuf::from("~bob/x")
        );
        assert_eq!(
            expand_home("a/~/x", Some(home)),
            std::path::PathBuf::from("a/~/x")
        );
        assert_eq!(expand_home("~/x", None), std::path::PathBuf::from("~/x"));
    }
}
