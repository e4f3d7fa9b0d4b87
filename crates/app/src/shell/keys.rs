//! The window-wide keyboard shortcuts, and their text for the menus.
//!
//! Owns the shortcut table: the assignment's terminal game keys (`u` undo, `r` restart, `q`
//! quit) plus the desktop ones (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, Ctrl+O, Ctrl+S), and the
//! timeline's text for the help. The board's own keys (arrows, Enter, Space, Escape) live with the board
//! widget; the timeline's while it has the arrows are in `play/keys.rs`.

use crate::command::ShellCommand;
use crate::play::command::PlayCommand;
use crate::play::command::TimelineCommand;
use eframe::egui;
use egui::{Context, Key, KeyboardShortcut, Modifiers};

/// Ctrl+Z.
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Ctrl+Shift+Z.
pub const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// Ctrl+Y, the other common redo.
pub const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// Ctrl+O.
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// Ctrl+S.
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// Ctrl+Q.
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);

/// Every shortcut with what it does, for Help > Keyboard shortcuts.
pub const HELP: &[(&str, &str)] = &[
    (
        "Arrows",
        "move the cursor; with a peg selected, jump that way",
    ),
    (
        "Shift+Up / Shift+Down",
        "triangular boards: the right-hand diagonal",
    ),
    (
        "Enter or Space",
        "select or deselect the peg under the cursor",
    ),
    ("Escape", "deselect"),
    ("U or Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z or Ctrl+Y", "redo"),
    ("R", "restart (undoable)"),
    ("H", "hint: a jump that keeps the goal reachable"),
    (
        "X",
        "stop thinking on a hint (the position stays undecided; View > Hint effort sets how long it thinks)",
    ),
    ("[ and ]", "step back and forward on the timeline"),
    (
        "Left / Right",
        "step the timeline, after Load solution or using the timeline (a jump gives the arrows back to the board)",
    ),
    (
        "Shift+Left / Shift+Right",
        "step the timeline a whole move (one peg's chain of jumps), likewise",
    ),
    ("Space", "play or pause the timeline, likewise"),
    ("Home / End", "the timeline's start and end, likewise"),
    ("Escape", "give the arrows back to the board"),
    ("Space (Search view)", "run or pause the search"),
    ("Right (Search view)", "expand one node"),
    ("Ctrl+O", "open a board or a saved game"),
    ("Ctrl+S", "save the game"),
    ("Q or Ctrl+Q", "quit"),
];

/// The commands the window-wide shortcuts pressed this frame ask for. Does nothing while a
/// text field has the keyboard, so typing a `u` never undoes a jump.
pub fn shortcuts(ctx: &Context) -> Vec<ShellCommand> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    ctx.input_mut(|i| {
        let mut commands = Vec::new();
        // Most specific first: Ctrl+Z would also match Ctrl+Shift+Z.
        if i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y) {
            commands.push(ShellCommand::Redo);
        }
        if i.consume_shortcut(&UNDO) {
            commands.push(ShellCommand::Undo);
        }
        if i.consume_shortcut(&OPEN) {
            commands.push(ShellCommand::ChooseFileToOpen);
        }
        if i.consume_shortcut(&SAVE) {
            commands.push(ShellCommand::Save);
        }
        if i.consume_shortcut(&QUIT) {
            commands.push(ShellCommand::Quit);
        }
        // The terminal game's single letters, with no modifier: in the order pressed, each
        // press once (U twice in one frame undoes twice).
        let plain = crate::input::take_in_order(i, |key, modifiers| {
            if !modifiers.is_none() {
                return None;
            }
            match key {
                Key::U => Some(ShellCommand::Undo),
                Key::R => Some(ShellCommand::Play(PlayCommand::Restart)),
                Key::Q => Some(ShellCommand::Quit),
                Key::H => Some(ShellCommand::Play(PlayCommand::Hint)),
                Key::X => Some(ShellCommand::Play(PlayCommand::StopThinking)),
                Key::OpenBracket => Some(ShellCommand::Play(PlayCommand::Timeline(
                    TimelineCommand::StepBack,
                ))),
                Key::CloseBracket => Some(ShellCommand::Play(PlayCommand::Timeline(
                    TimelineCommand::StepForward,
                ))),
                _ => None,
            }
        });
        commands.extend(plain);
        commands
    })
}
