//! The key decoder's tests: the sequences terminals send, and a model-based property test
//! (random keys, encoded as xterm sends them, split into reads anywhere, decode back to the
//! same keys).

use super::*;
use proptest::prelude::*;

fn k(code: KeyCode, m: KeyModifiers) -> Input {
    Input::Key(KeyEvent::new(code, m))
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const ALT: KeyModifiers = KeyModifiers::ALT;

/// Everything `bytes` decodes to, read at once and followed by a pause.
fn all(bytes: &[u8]) -> Vec<Input> {
    let mut d = KeyDecoder::default();
    let mut out = d.feed(bytes);
    out.extend(d.pause());
    out
}

#[test]
fn esc_esc_bracket_d_is_alt_left_never_esc_bracket_d() {
    assert_eq!(all(b"\x1b\x1b[D"), [k(KeyCode::Left, ALT)]);
    assert_eq!(all(b"\x1b\x1b[A"), [k(KeyCode::Up, ALT)]);
    assert_eq!(all(b"\x1b\x1bOQ"), [k(KeyCode::F(2), ALT)]);
    // The same bytes in separate reads, with no pause between them.
    let mut d = KeyDecoder::default();
    let mut out = Vec::new();
    for b in b"\x1b\x1b[D" {
        out.extend(d.feed(&[*b]));
    }
    assert_eq!(out, [k(KeyCode::Left, ALT)]);
    assert!(!d.is_waiting());
}

#[test]
fn a_lone_esc_is_escape_only_after_a_pause() {
    let mut d = KeyDecoder::default();
    assert!(d.feed(b"\x1b").is_empty());
    assert!(d.is_waiting());
    assert_eq!(d.pause(), [k(KeyCode::Esc, NONE)]);
    // Esc, a pause, then Left: two keys.
    assert!(d.feed(b"\x1b").is_empty());
    let mut out = d.pause();
    out.extend(d.feed(b"\x1b[D"));
    assert_eq!(out, [k(KeyCode::Esc, NONE), k(KeyCode::Left, NONE)]);
}

#[test]
fn an_esc_before_a_character_is_alt_with_it() {
    assert_eq!(all(b"\x1bq"), [k(KeyCode::Char('q'), ALT)]);
    assert_eq!(
        all(b"\x1bQ"),
        [k(KeyCode::Char('Q'), ALT | KeyModifiers::SHIFT)]
    );
    assert_eq!(all(b"\x1b["), [k(KeyCode::Char('['), ALT)]);
    assert_eq!(all("\x1bé".as_bytes()), [k(KeyCode::Char('é'), ALT)]);
    assert_eq!(all(b"\x1b\x7f"), [k(KeyCode::Backspace, ALT)]);
    assert_eq!(all(b"\x1b\x1b"), [k(KeyCode::Esc, ALT)]);
}

#[test]
fn arrows_home_end_and_function_keys_in_every_spelling() {
    let cases: &[(&[u8], KeyCode, KeyModifiers)] = &[
        (b"\x1b[A", KeyCode::Up, NONE),
        (b"\x1bOB", KeyCode::Down, NONE),
        (b"\x1b[1;5C", KeyCode::Right, KeyModifiers::CONTROL),
        (b"\x1b[1;3D", KeyCode::Left, ALT),
        (b"\x1b[1;2A", KeyCode::Up, KeyModifiers::SHIFT),
        (b"\x1b[H", KeyCode::Home, NONE),
        (b"\x1bOF", KeyCode::End, NONE),
        (b"\x1b[1~", KeyCode::Home, NONE),
        (b"\x1b[4~", KeyCode::End, NONE),
        (b"\x1b[7~", KeyCode::Home, NONE),
        (b"\x1b[8~", KeyCode::End, NONE),
        (b"\x1b[3~", KeyCode::Delete, NONE),
        (b"\x1b[5;5~", KeyCode::PageUp, KeyModifiers::CONTROL),
        (b"\x1bOP", KeyCode::F(1), NONE),
        (b"\x1b[[A", KeyCode::F(1), NONE),
        (b"\x1b[15~", KeyCode::F(5), NONE),
        (b"\x1b[24~", KeyCode::F(12), NONE),
        (b"\x1b[1;2Q", KeyCode::F(2), KeyModifiers::SHIFT),
        (b"\x1b[Z", KeyCode::BackTab, KeyModifiers::SHIFT),
        (b"\r", KeyCode::Enter, NONE),
        (b"\t", KeyCode::Tab, NONE),
        (b"\x7f", KeyCode::Backspace, NONE),
        (b"\x15", KeyCode::Char('u'), KeyModifiers::CONTROL),
        (b"\x17", KeyCode::Char('w'), KeyModifiers::CONTROL),
    ];
    for (bytes, code, m) in cases {
        assert_eq!(all(bytes), [k(*code, *m)], "{bytes:?}");
    }
}

#[test]
fn unknown_sequences_are_swallowed_whole() {
    // A bracketed paste's markers, a cursor position report, a focus event: nothing leaks.
    assert_eq!(all(b"\x1b[200~x\x1b[201~"), [k(KeyCode::Char('x'), NONE)]);
    assert!(all(b"\x1b[12;40R").is_empty());
    assert!(all(b"\x1b[I").is_empty());
    assert!(all(b"\x1b]0;title\x07").is_empty());
}

#[test]
fn utf8_characters_are_put_together_across_reads() {
    let mut d = KeyDecoder::default();
    let bytes = "€".as_bytes();
    assert!(d.feed(&bytes[..1]).is_empty());
    assert!(d.feed(&bytes[1..2]).is_empty());
    assert_eq!(d.feed(&bytes[2..]), [k(KeyCode::Char('€'), NONE)]);
    // A stray continuation byte is dropped, not turned into a key.
    assert_eq!(all(b"\x80a"), [k(KeyCode::Char('a'), NONE)]);
}

#[test]
fn the_background_colour_answer_is_read_in_either_ending() {
    assert_eq!(
        all(b"\x1b]11;rgb:ffff/ffff/ffff\x07"),
        [Input::Background([255, 255, 255])]
    );
    assert_eq!(
        all(b"\x1b]11;rgb:1e1e/2020/0000\x1b\\q"),
        [Input::Background([30, 32, 0]), k(KeyCode::Char('q'), NONE)]
    );
    assert_eq!(
        all(b"\x1b]11;rgb:f/8/0\x07"),
        [Input::Background([255, 136, 0])]
    );
    // Split across reads, it waits for its end.
    let mut d = KeyDecoder::default();
    assert!(d.feed(b"\x1b]11;rgb:00").is_empty());
    assert_eq!(d.feed(b"00/0000/0000\x07"), [Input::Background([0, 0, 0])]);
}

/// A key the model generates, and the bytes xterm sends for it (`csi_alt`: Alt given as
/// the modifier parameter rather than as an ESC before the key, for keys that have one).
fn encode(key: KeyEvent, csi_alt: bool, ss3: bool) -> Vec<u8> {
    let alt = key.modifiers.contains(ALT);
    let rest = key.modifiers - ALT;
    let parameter = |m: KeyModifiers, with_alt: bool| {
        1 + u8::from(m.contains(KeyModifiers::SHIFT))
            + 2 * u8::from(with_alt)
            + 4 * u8::from(m.contains(KeyModifiers::CONTROL))
    };
    let letter = match key.code {
        KeyCode::Up => Some(b'A'),
        KeyCode::Down => Some(b'B'),
        KeyCode::Right => Some(b'C'),
        KeyCode::Left => Some(b'D'),
        KeyCode::Home => Some(b'H'),
        KeyCode::End => Some(b'F'),
        KeyCode::F(n @ 1..=4) => Some(b'P' + n - 1),
        _ => None,
    };
    let number = match key.code {
        KeyCode::Insert => Some(2),
        KeyCode::Delete => Some(3),
        KeyCode::PageUp => Some(5),
        KeyCode::PageDown => Some(6),
        KeyCode::F(n @ 5) => Some(10 + n),
        KeyCode::F(n @ 6..=10) => Some(11 + n),
        KeyCode::F(n @ 11..=12) => Some(12 + n),
        _ => None,
    };
    if let Some(letter) = letter {
        if rest.is_empty() && !(alt && csi_alt) {
            let intro = if ss3 { b'O' } else { b'[' };
            let mut out = if alt { vec![0x1b] } else { vec![] };
            out.extend([0x1b, intro, letter]);
            return out;
        }
        let with_alt = alt && csi_alt;
        let mut out = if alt && !csi_alt { vec![0x1b] } else { vec![] };
        out.extend(format!("\x1b[1;{}", parameter(rest, with_alt)).bytes());
        out.push(letter);
        return out;
    }
    if let Some(number) = number {
        let with_alt = alt && csi_alt;
        let mut out = if alt && !csi_alt { vec![0x1b] } else { vec![] };
        let m = parameter(rest, with_alt);
        if m == 1 {
            out.extend(format!("\x1b[{number}~").bytes());
        } else {
            out.extend(format!("\x1b[{number};{m}~").bytes());
        }
        return out;
    }
    let mut out = if alt { vec![0x1b] } else { vec![] };
    match key.code {
        KeyCode::Char(c) if rest.contains(KeyModifiers::CONTROL) => {
            out.push(c as u8 - b'a' + 1);
        }
        KeyCode::Char(c) => out.extend(c.to_string().bytes()),
        KeyCode::Enter => out.push(b'\r'),
        KeyCode::Tab => out.push(b'\t'),
        KeyCode::Backspace => out.push(0x7f),
        KeyCode::BackTab => out.extend(b"\x1b[Z"),
        KeyCode::Esc => out.push(0x1b),
        other => unreachable!("the model makes no {other:?}"),
    }
    out
}

/// Whether the terminal must pause after `key` for it to be told apart from what follows:
/// Escape itself, and Alt with `[`, `O` or `]` (whose bytes begin a sequence).
fn needs_pause(key: KeyEvent) -> bool {
    matches!(key.code, KeyCode::Esc)
        || (key.modifiers.contains(ALT) && matches!(key.code, KeyCode::Char('[' | 'O' | ']')))
}

fn any_key() -> impl Strategy<Value = KeyEvent> {
    let modifier_set = (any::<bool>(), any::<bool>()).prop_map(|(s, c)| {
        let mut m = NONE;
        if s {
            m |= KeyModifiers::SHIFT;
        }
        if c {
            m |= KeyModifiers::CONTROL;
        }
        m
    });
    let special = prop_oneof![
        Just(KeyCode::Up),
        Just(KeyCode::Down),
        Just(KeyCode::Left),
        Just(KeyCode::Right),
        Just(KeyCode::Home),
        Just(KeyCode::End),
        Just(KeyCode::Insert),
        Just(KeyCode::Delete),
        Just(KeyCode::PageUp),
        Just(KeyCode::PageDown),
        (1u8..=12).prop_map(KeyCode::F),
    ];
    let base = prop_oneof![
        any::<char>()
            .prop_filter("typed", |c| !c.is_control())
            .prop_map(|c| KeyEvent::new(KeyCode::Char(c), char_modifiers(c))),
        // Ctrl with a letter whose byte is not Tab, Enter or Backspace's.
        (b'a'..=b'z')
            .prop_filter("own byte", |b| !b"hijm".contains(b))
            .prop_map(|b| KeyEvent::new(KeyCode::Char(char::from(b)), KeyModifiers::CONTROL)),
        prop_oneof![
            Just(KeyCode::Enter),
            Just(KeyCode::Tab),
            Just(KeyCode::Backspace),
            Just(KeyCode::Esc)
        ]
        .prop_map(|c| KeyEvent::new(c, NONE)),
        Just(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT)),
        (special, modifier_set).prop_map(|(c, m)| KeyEvent::new(c, m)),
    ];
    (base, any::<bool>()).prop_map(|(mut key, alt)| {
        if alt {
            key.modifiers |= ALT;
        }
        key
    })
}

proptest! {
    #[test]
    fn keys_encoded_as_a_terminal_sends_them_decode_back_to_the_same_keys(
        keys in prop::collection::vec((any_key(), any::<bool>(), any::<bool>()), 0..40),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        // The bytes in runs the terminal sends without a pause between them.
        let mut runs: Vec<Vec<u8>> = vec![Vec::new()];
        for &(key, csi_alt, ss3) in &keys {
            runs.last_mut().expect("a run").extend(encode(key, csi_alt, ss3));
            if needs_pause(key) {
                runs.push(Vec::new());
            }
        }
        let mut d = KeyDecoder::default();
        let mut decoded = Vec::new();
        for run in &runs {
            // Each run read in pieces cut anywhere.
            let mut at: Vec<usize> = cuts.iter().map(|c| c.index(run.len() + 1)).collect();
            at.extend([0, run.len()]);
            at.sort_unstable();
            for pair in at.windows(2) {
                decoded.extend(d.feed(&run[pair[0]..pair[1]]));
            }
            decoded.extend(d.pause());
        }
        let expected: Vec<Input> = keys.iter().map(|&(key, _, _)| Input::Key(key)).collect();
        prop_assert_eq!(decoded, expected);
    }
}
