//! Keys as the terminal sent them: the bytes read from a terminal in raw mode decoded into
//! key presses, with no terminal in sight so every rule is tested on bytes.
//!
//! Owns the decoding rules. A sequence is read whole the way the terminal sent it: CSI
//! (`ESC [`) and SS3 (`ESC O`) sequences for the arrows, Home/End, Insert/Delete, the pages
//! and the function keys, with xterm's modifier parameter (`ESC [ 1 ; 5 C` is Ctrl+Right);
//! an ESC before a key or a sequence is Alt with that key (`ESC ESC [ D` is Alt+Left, never
//! Esc, `[`, `D`); an ESC with nothing after it is Escape only once the terminal has paused
//! ([`KeyDecoder::pause`], which the reader calls after [`ESC_PAUSE`] of quiet); UTF-8
//! characters are put together from their bytes, however the reads split them. An answer to
//! the background colour query (OSC 11) is decoded too; every other sequence is consumed and
//! ignored, so none leaks out as the keys it is spelt with.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;

/// How long a lone ESC waits for the rest of a sequence before it counts as Escape: a
/// terminal sends a sequence in one write, so its bytes arrive together even over SSH, and
/// no one types a second key this fast.
pub const ESC_PAUSE: Duration = Duration::from_millis(50);

/// Something the terminal sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key press.
    Key(KeyEvent),
    /// The terminal's answer to the background colour query (OSC 11), as red, green and
    /// blue from 0 to 255.
    Background([u8; 3]),
}

/// The longest OSC answer taken: a longer one is not an answer this program asked for.
const MAX_OSC: usize = 256;

/// Decodes the bytes read from a terminal into [`Input`]s, holding back an unfinished
/// sequence until the rest comes or the terminal pauses.
#[derive(Debug, Default)]
pub struct KeyDecoder {
    pending: Vec<u8>,
}

/// One step of decoding: what the first bytes are, and how many they are.
enum Step {
    /// `len` bytes decoded, to an input or to nothing worth reporting.
    Done(Option<Input>, usize),
    /// The bytes so far begin a sequence that is not finished.
    Unfinished,
}

impl KeyDecoder {
    /// Takes in `bytes` as read; returns every input they finish. The start of a sequence
    /// they leave unfinished waits for the next read or [`KeyDecoder::pause`].
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Input> {
        self.pending.extend_from_slice(bytes);
        self.decode(false)
    }

    /// Whether an unfinished sequence is waiting (the reader then waits at most
    /// [`ESC_PAUSE`] for more before calling [`KeyDecoder::pause`]).
    pub fn is_waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The terminal paused: nothing more is coming for what is waiting, so it is decoded as
    /// it stands (a lone ESC is Escape, `ESC [` is Alt+`[`).
    pub fn pause(&mut self) -> Vec<Input> {
        self.decode(true)
    }

    fn decode(&mut self, paused: bool) -> Vec<Input> {
        let mut out = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            match step(&self.pending[at..], paused) {
                Step::Done(input, len) => {
                    out.extend(input);
                    at += len.max(1);
                }
                Step::Unfinished => break,
            }
        }
        self.pending.drain(..at);
        out
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<Input> {
    Some(Input::Key(KeyEvent::new(code, modifiers)))
}

/// Decodes the input at the start of `bytes` (never empty).
fn step(bytes: &[u8], paused: bool) -> Step {
    if bytes[0] != 0x1b {
        return plain(bytes, paused);
    }
    let Some(&second) = bytes.get(1) else {
        return if paused {
            Step::Done(key(KeyCode::Esc, KeyModifiers::NONE), 1)
        } else {
            Step::Unfinished
        };
    };
    let sequence = match second {
        b'[' => csi(&bytes[2..]),
        b'O' => ss3(&bytes[2..]),
        b']' => osc(&bytes[2..]),
        _ => Some(None),
    };
    match sequence {
        Some(Some((input, len))) => return Step::Done(input, 2 + len),
        // Not finished yet: wait for the rest, unless the terminal has paused (then the ESC
        // was typed before `[`, `O` or `]`: Alt with it, decoded below).
        None if !paused => return Step::Unfinished,
        _ => {}
    }
    // An ESC before a key, or before a whole sequence: Alt with it.
    match step(&bytes[1..], paused) {
        Step::Done(Some(Input::Key(mut k)), len) => {
            k.modifiers |= KeyModifiers::ALT;
            Step::Done(Some(Input::Key(k)), 1 + len)
        }
        Step::Done(other, len) => Step::Done(other, 1 + len),
        Step::Unfinished => Step::Unfinished,
    }
}

/// A byte that does not start a sequence: a control key or a (UTF-8) character.
fn plain(bytes: &[u8], paused: bool) -> Step {
    let b = bytes[0];
    let none = KeyModifiers::NONE;
    let input = match b {
        b'\r' | b'\n' => key(KeyCode::Enter, none),
        b'\t' => key(KeyCode::Tab, none),
        0x7f | 0x08 => key(KeyCode::Backspace, none),
        0x00 => key(KeyCode::Char(' '), KeyModifiers::CONTROL),
        0x01..=0x1a => key(
            KeyCode::Char(char::from(b - 1 + b'a')),
            KeyModifiers::CONTROL,
        ),
        0x1c..=0x1f => key(
            KeyCode::Char(char::from(b - 0x1c + b'4')),
            KeyModifiers::CONTROL,
        ),
        _ => return character(bytes, paused),
    };
    Step::Done(input, 1)
}

/// A UTF-8 character, however many bytes it takes; a byte that cannot start one is dropped.
fn character(bytes: &[u8], paused: bool) -> Step {
    let len = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Done(None, 1),
    };
    if bytes.len() < len {
        // The rest of the character may be in the next read; after a pause it never comes.
        let so_far_valid = bytes[1..].iter().all(|b| b & 0xc0 == 0x80);
        return if paused || !so_far_valid {
            Step::Done(None, 1)
        } else {
            Step::Unfinished
        };
    }
    match std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => Step::Done(key(KeyCode::Char(c), char_modifiers(c)), len),
        None => Step::Done(None, 1),
    }
}

/// A typed character's modifiers: Shift for a capital, as crossterm reports them.
fn char_modifiers(c: char) -> KeyModifiers {
    if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    }
}

/// xterm's modifier parameter (1 + Shift 1, Alt 2, Ctrl 4).
fn modifiers(parameter: Option<u16>) -> KeyModifiers {
    let bits = parameter.unwrap_or(1).saturating_sub(1);
    let mut m = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
    ] {
        if bits & bit != 0 {
            m |= modifier;
        }
    }
    m
}

/// A decoded sequence after its introducer: `None` while unfinished, `Some(None)` when the
/// bytes are no such sequence, else the input (or nothing to report) and its length.
type Sequence = Option<Option<(Option<Input>, usize)>>;

/// After `ESC [`: parameters, intermediates and a final byte.
fn csi(rest: &[u8]) -> Sequence {
    let end = rest.iter().position(|b| !(0x20..=0x3f).contains(b))?;
    let last = rest[end];
    if !(0x40..=0x7e).contains(&last) {
        return Some(None);
    }
    let parameters: Vec<Option<u16>> = std::str::from_utf8(&rest[..end])
        .unwrap_or("")
        .split(';')
        .map(|p| p.parse().ok())
        .collect();
    let first = parameters.first().copied().flatten();
    let m = modifiers(parameters.get(1).copied().flatten());
    let code = match last {
        b'A' => Some(KeyCode::Up),
        b'B' => Some(KeyCode::Down),
        b'C' => Some(KeyCode::Right),
        b'D' => Some(KeyCode::Left),
        b'H' => Some(KeyCode::Home),
        b'F' => Some(KeyCode::End),
        // With no parameter or 1 (a cursor position report has two other numbers).
        b'P' | b'Q' | b'R' | b'S' if first.unwrap_or(1) == 1 => Some(KeyCode::F(last - b'P' + 1)),
        b'Z' => {
            return Some(Some((
                key(KeyCode::BackTab, m | KeyModifiers::SHIFT),
                end + 1,
            )));
        }
        b'~' => tilde(first),
        b'u' => return Some(Some((kitty(first, m), end + 1))),
        // The Linux console's F1-F5: `ESC [ [ A` to `ESC [ [ E`.
        b'[' if end == 0 => {
            return match rest.get(1) {
                None => None,
                Some(f @ b'A'..=b'E') => Some(Some((key(KeyCode::F(f - b'A' + 1), m), 2))),
                Some(_) => Some(Some((None, 1))),
            };
        }
        _ => None,
    };
    Some(Some((code.and_then(|c| key(c, m)), end + 1)))
}

/// `ESC [ n ~`: the keys numbered by the VT220.
fn tilde(number: Option<u16>) -> Option<KeyCode> {
    Some(match number? {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        n @ 11..=15 => KeyCode::F((n - 10) as u8),
        n @ 17..=21 => KeyCode::F((n - 11) as u8),
        n @ 23..=24 => KeyCode::F((n - 12) as u8),
        _ => return None,
    })
}

/// `ESC [ code ; m u`: a key as the kitty keyboard protocol (and xterm's
/// modifyOtherKeys) sends it.
fn kitty(code: Option<u16>, m: KeyModifiers) -> Option<Input> {
    let code = match code? {
        13 => KeyCode::Enter,
        9 => KeyCode::Tab,
        27 => KeyCode::Esc,
        127 => KeyCode::Backspace,
        n => KeyCode::Char(char::from_u32(u32::from(n)).filter(|c| !c.is_control())?),
    };
    key(code, m)
}

/// After `ESC O`: one byte naming the key (the application-mode arrows, Home/End, F1-F4).
fn ss3(rest: &[u8]) -> Sequence {
    let &b = rest.first()?;
    let code = match b {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'M' => KeyCode::Enter,
        b'P'..=b'S' => KeyCode::F(b - b'P' + 1),
        // Alt+Shift+O and then a key of its own.
        _ => return Some(None),
    };
    Some(Some((key(code, KeyModifiers::NONE), 1)))
}

/// After `ESC ]`: an operating system command, ended by BEL or `ESC \`. Only the
/// background colour's answer (`11;rgb:RRRR/GGGG/BBBB`) means anything here.
fn osc(rest: &[u8]) -> Sequence {
    let limit = rest.len().min(MAX_OSC);
    let mut i = 0;
    while i < limit {
        let (body_end, len) = match rest[i] {
            0x07 => (i, i + 1),
            0x1b => match rest.get(i + 1) {
                Some(b'\\') => (i, i + 2),
                Some(_) => return Some(None),
                None => return None,
            },
            _ => {
                i += 1;
                continue;
            }
        };
        let body = std::str::from_utf8(&rest[..body_end]).unwrap_or("");
        return Some(Some((background(body).map(Input::Background), len)));
    }
    if rest.len() >= MAX_OSC {
        return Some(None);
    }
    None
}

/// The colour in an OSC 11 answer: `11;rgb:` then one to four hex digits for each of red,
/// green and blue.
fn background(body: &str) -> Option<[u8; 3]> {
    let spec = body.strip_prefix("11;rgb:")?;
    let mut parts = spec.split('/').map(|part| {
        let digits = u32::try_from(part.len())
            .ok()
            .filter(|n| (1..=4).contains(n))?;
        let value = u32::from_str_radix(part, 16).ok()?;
        let max = (1u32 << (4 * digits)) - 1;
        u8::try_from((value * 255 + max / 2) / max).ok()
    });
    let rgb = [parts.next()??, parts.next()??, parts.next()??];
    parts.next().is_none().then_some(rgb)
}

#[cfg(test)]
#[path = "keys_tests.rs"]
mod tests;
