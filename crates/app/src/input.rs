//! Key presses taken in the order they came, each once.
//!
//! Owns one rule every view's keys follow. egui's `consume_key` answers "was this key
//! pressed this frame?" and takes every press of it: two presses of Right a few
//! milliseconds apart (one frame) acted once, and keys looked up one after another in a
//! fixed order ran out of order (Space then Right, select then jump, ran as Right then
//! Space). [`take_in_order`] takes each press the caller wants, as its own, in the order
//! the person pressed them.

use eframe::egui;
use egui::{Event, InputState, Key, Modifiers};

/// Takes from this frame's input every key press `pick` wants (it says what the press
/// means, or `None` to leave it for someone else), in the order they were pressed, each
/// press once (a key pressed twice gives two). Presses taken are gone for the rest of the
/// frame.
pub fn take_in_order<T>(
    input: &mut InputState,
    mut pick: impl FnMut(Key, Modifiers) -> Option<T>,
) -> Vec<T> {
    let mut taken = Vec::new();
    input.events.retain(|event| match event {
        Event::Key {
            key,
            modifiers,
            pressed: true,
            ..
        } => match pick(*key, *modifiers) {
            Some(meaning) => {
                taken.push(meaning);
                false
            }
            None => true,
        },
        _ => true,
    });
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(key: Key, modifiers: Modifiers) -> Event {
        Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    #[test]
    fn two_presses_in_one_frame_are_two_and_keep_their_order() {
        let mut input = InputState::default();
        input.events = vec![
            press(Key::Space, Modifiers::NONE),
            press(Key::ArrowRight, Modifiers::NONE),
            press(Key::ArrowRight, Modifiers::NONE),
            press(Key::U, Modifiers::NONE),
        ];
        let arrows = take_in_order(&mut input, |key, _| {
            matches!(key, Key::Space | Key::ArrowRight).then_some(key)
        });
        assert_eq!(arrows, vec![Key::Space, Key::ArrowRight, Key::ArrowRight]);
        // What was not wanted is left for others.
        assert_eq!(input.events, vec![press(Key::U, Modifiers::NONE)]);
    }
}
