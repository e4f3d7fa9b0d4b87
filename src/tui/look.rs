//! How the terminal game looks: the characters the board is drawn with (Unicode or ASCII),
//! the colours (for a dark or a light background), and what the environment says about
//! both (the locale, `NO_COLOR`, `TERM`, `COLORFGBG`).

use ratatui::style::Color;

/// The characters the board is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// A peg.
    pub peg: char,
    /// An empty hole.
    pub hole: char,
    /// The peg picked up.
    pub selected: char,
    /// A hole the picked-up peg can jump into, or the hint's landing hole.
    pub target: char,
    /// The peg the hint jumps with.
    pub hint_from: char,
    /// The empty finish cell, when the goal names one.
    pub finish: char,
}

impl Glyphs {
    /// Unicode discs and dots.
    pub const UNICODE: Glyphs = Glyphs {
        peg: '●',
        hole: '·',
        selected: '◉',
        target: '○',
        hint_from: '◆',
        finish: '⊙',
    };
    /// Plain ASCII, for terminals without Unicode.
    pub const ASCII: Glyphs = Glyphs {
        peg: 'o',
        hole: '.',
        selected: '@',
        target: '*',
        hint_from: '#',
        finish: 'x',
    };
}

/// The colours the screen is drawn in, one set for each kind of background: the 16 colours
/// every terminal has, chosen to read on it (yellow pegs vanish on white, as blue text does
/// on black). The cursor is drawn in the terminal's own text colour with brackets, so it
/// stands out without colour too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    /// A peg.
    pub peg: Color,
    /// The peg picked up.
    pub selected: Color,
    /// The peg the hint jumps with.
    pub hint: Color,
    /// A hole the picked-up peg can reach, the hint's landing hole.
    pub target: Color,
    /// The empty finish cell.
    pub finish: Color,
    /// Holes, labels and the keys: present but quiet.
    pub dim: Color,
    /// Prompts and a search in progress.
    pub strong: Color,
}

impl Colours {
    /// For a dark background.
    pub const DARK: Colours = Colours {
        peg: Color::Yellow,
        selected: Color::Magenta,
        hint: Color::Cyan,
        target: Color::Green,
        finish: Color::Blue,
        dim: Color::DarkGray,
        strong: Color::Cyan,
    };
    /// For a light background.
    pub const LIGHT: Colours = Colours {
        peg: Color::Blue,
        selected: Color::Magenta,
        hint: Color::Red,
        target: Color::Green,
        finish: Color::Cyan,
        dim: Color::DarkGray,
        strong: Color::Blue,
    };
}

/// Whether the terminal says its background is light: `COLORFGBG` (set by xterm, rxvt,
/// Konsole and others) as `fg;bg`, the background one of the light colours 7 or 9-15.
/// `None` when it does not say.
pub fn background_is_light(env: impl Fn(&str) -> Option<String>) -> Option<bool> {
    let value = env("COLORFGBG")?;
    let background: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
    Some(background == 7 || (9..=15).contains(&background))
}

/// Whether the terminal's locale says it takes UTF-8 (the first of `LC_ALL`, `LC_CTYPE`,
/// `LANG` that is set decides, as in C programs); `env` looks a variable up.
pub fn locale_is_utf8(env: impl Fn(&str) -> Option<String>) -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|v| env(v).filter(|s| !s.is_empty()))
        .is_some_and(|s| {
            let s = s.to_ascii_lowercase();
            s.contains("utf-8") || s.contains("utf8")
        })
}

/// Whether to draw in colour: not when `NO_COLOR` is set (<https://no-color.org>) or the
/// terminal is `dumb`.
pub fn wants_colour(env: impl Fn(&str) -> Option<String>) -> bool {
    env("NO_COLOR").is_none_or(|v| v.is_empty()) && env("TERM").is_none_or(|t| t != "dumb")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_and_colour_follow_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert!(locale_is_utf8(env(&[("LANG", "en_GB.UTF-8")])));
        assert!(!locale_is_utf8(env(&[
            ("LC_ALL", "C"),
            ("LANG", "en_GB.UTF-8")
        ])));
        assert!(!locale_is_utf8(env(&[])));
        assert!(wants_colour(env(&[("TERM", "xterm-256color")])));
        assert!(!wants_colour(env(&[("NO_COLOR", "1")])));
        assert!(!wants_colour(env(&[("TERM", "dumb")])));
        assert_eq!(
            background_is_light(env(&[("COLORFGBG", "0;15")])),
            Some(true)
        );
        assert_eq!(
            background_is_light(env(&[("COLORFGBG", "15;0")])),
            Some(false)
        );
        assert_eq!(
            background_is_light(env(&[("COLORFGBG", "0;default;7")])),
            Some(true)
        );
        assert_eq!(background_is_light(env(&[])), None);
    }
}
