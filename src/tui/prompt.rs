//! The terminal game's path prompt (`w` save, `o` open): what it is for, what has been typed,
//! and the file name offered by default. A leaf: the game holds a prompt, `files.rs` acts on
//! it.

/// What the path prompt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    /// Save the game to the file.
    Save,
    /// Open the file (a board or a saved game).
    Open,
}

/// The path prompt while it is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePrompt {
    /// What Enter does.
    pub action: FileAction,
    /// The path as typed so far.
    pub text: String,
}

impl FilePrompt {
    /// The prompt line.
    pub fn line(&self) -> String {
        let verb = match self.action {
            FileAction::Save => "Save the game to",
            FileAction::Open => "Open a board or saved game",
        };
        format!(
            "{verb}: {}_  (Enter: {}, Esc: cancel)",
            self.text,
            self.enter()
        )
    }

    fn enter(&self) -> &'static str {
        match self.action {
            FileAction::Save => "save",
            FileAction::Open => "open",
        }
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
