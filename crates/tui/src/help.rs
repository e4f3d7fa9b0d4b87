//! The terminal game's help screen (`?`): every key and what it does, in one table, drawn
//! over the game until the next key.
//!
//! Owns the table ([`KEYS`]), which the key line under the board only abbreviates.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use ratatui::Frame;

/// Every key of the game, and what it does.
pub const KEYS: &[(&str, &str)] = &[
    (
        "Arrows",
        "move the cursor to the next hole; with a peg picked up, jump it that way",
    ),
    ("Shift+Up/Down", "the other diagonal (triangular boards)"),
    (
        "Enter, Space",
        "pick up or put down the peg under the cursor",
    ),
    (
        "Esc",
        "put the peg down, else pause the replay, else cancel the solve",
    ),
    ("u, Ctrl+Z", "undo"),
    ("y, Ctrl+Y, Ctrl+R", "redo"),
    ("r", "restart (u brings the game back)"),
    ("h", "hint: the next jump toward a win, marked on the board"),
    ("e", "hint effort: how many positions a hint may examine"),
    ("c", "cancel the solve, else stop the hint's thinking"),
    (
        "s",
        "solve from here (Tab: engine, Left/Right: budget, Enter: start)",
    ),
    ("] [", "step the timeline forward, back"),
    ("Home, End", "the timeline's start, its end"),
    ("p", "play the rest of the timeline, or pause it"),
    ("w", "save the game to a file (asks before overwriting)"),
    (
        "o",
        "open a board file, a saved game, a level (0-8) or a board by name",
    ),
    ("g", "the next other game kept for this board"),
    ("a", "ASCII or Unicode pegs"),
    ("x", "name cells as the board labels them (d4) or x,y (3,3)"),
    ("?", "this help"),
    ("q, Ctrl+C", "quit (every game is kept for next time)"),
];

/// The help screen's text.
pub fn text() -> String {
    let width = KEYS
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut text = String::from("Keys of the terminal game\n\n");
    for (keys, what) in KEYS {
        text += &format!("  {keys:<width$}  {what}\n");
    }
    text += "\nIn the file prompt (w, o): Left/Right, Home/End, Backspace/Delete, Ctrl+U \
             (to the start), Ctrl+W (a word); ~ is the home folder.\n\n\
             Press any key to go back to the game.";
    text
}

/// Draws the help screen over the whole of `frame`.
pub fn draw(frame: &mut Frame) {
    let area: Rect = frame.area();
    Paragraph::new(text())
        .wrap(Wrap { trim: false })
        .style(Style::new())
        .render(area, frame.buffer_mut());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Effect, TuiGame};
    use pegsol_record::Game;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    /// The keys in the table's first column, one by one (`u, Ctrl+Z` is `u` and `Ctrl+Z`).
    fn listed() -> Vec<String> {
        KEYS.iter()
            .flat_map(|(keys, _)| keys.split([',', ' ']))
            .filter(|k| !k.is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_character_key_the_game_acts_on_is_in_the_help() {
        let listed = listed();
        for c in ' '..='~' {
            let mut tui = TuiGame::new(Game::from_spec("english").expect("a board"), "t".into());
            tui.tell("before".into());
            let effect = tui.handle(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
            let acted = effect != Effect::Continue
                || tui.message() != "before"
                || tui.file_prompt_line().is_some()
                || tui.prompt.is_some();
            let name = if c == ' ' {
                "Space".to_string()
            } else {
                c.to_lowercase().to_string()
            };
            assert_eq!(
                acted,
                listed.contains(&name),
                "{c:?}: acted on {acted}, in the help {}",
                !acted
            );
        }
        assert!(text().contains("Ctrl+U") && text().contains("Ctrl+W"));
    }
}
