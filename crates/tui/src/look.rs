//! How the terminal game looks: the characters the board is drawn with (Unicode or ASCII),
//! the colours (for a dark or a light background, each mark readable on both), and what the
//! environment says about both (the locale, `NO_COLOR`, `TERM`, `COLORFGBG`; the terminal's
//! own answer about its background is read by the key reader).

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

/// The colours the screen is drawn in, one set for each kind of background. The marks
/// (pegs, the picked-up peg, the hint, the target and finish holes) are colours of the
/// 256-colour palette's 6x6x6 cube, whose red, green and blue every terminal that has it
/// agrees on (the 16 basic colours are each terminal's own, and bold makes some of them
/// bright), each of a middle lightness: at least 3:1 against white and against black
/// (WCAG's contrast), so a board reads whichever background the terminal has, even when it
/// did not say. The cursor is drawn in the terminal's own text colour with brackets, so it
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

/// The cube's colour with levels `r`, `g`, `b` (0-5 each).
const fn cube(r: u8, g: u8, b: u8) -> Color {
    Color::Indexed(16 + 36 * r + 6 * g + b)
}

/// Dark goldenrod (175,135,0).
const GOLD: Color = cube(3, 2, 0);
/// Blue (0,95,215).
const BLUE: Color = cube(0, 1, 4);
/// Magenta (175,0,175).
const MAGENTA: Color = cube(3, 0, 3);
/// Teal (0,135,135).
const TEAL: Color = cube(0, 2, 2);
/// Green (0,135,0).
const GREEN: Color = cube(0, 2, 0);
/// Red (215,0,0).
const RED: Color = cube(4, 0, 0);

impl Colours {
    /// For a dark background.
    pub const DARK: Colours = Colours {
        peg: GOLD,
        selected: MAGENTA,
        hint: TEAL,
        target: GREEN,
        finish: BLUE,
        dim: Color::DarkGray,
        strong: Color::Cyan,
    };
    /// For a light background.
    pub const LIGHT: Colours = Colours {
        peg: BLUE,
        selected: MAGENTA,
        hint: RED,
        target: GREEN,
        finish: TEAL,
        dim: Color::DarkGray,
        strong: Color::Blue,
    };
}

/// WCAG's relative luminance of an sRGB colour, 0 (black) to 1 (white).
pub fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |v: u8| {
        let c = f64::from(v) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// WCAG's contrast ratio of two colours, 1 to 21.
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Whether a background of this colour is light: dark text reads better on it than light
/// text does.
pub fn is_light(rgb: [u8; 3]) -> bool {
    contrast(rgb, [0, 0, 0]) > contrast(rgb, [255, 255, 255])
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

    /// The red, green and blue of a 256-colour palette entry from its cube or grey ramp (the
    /// 16 basic colours are each terminal's own: `None`).
    fn palette_rgb(index: u8) -> Option<[u8; 3]> {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        match index {
            16..=231 => {
                let i = index - 16;
                Some([
                    LEVELS[usize::from(i / 36)],
                    LEVELS[usize::from(i / 6 % 6)],
                    LEVELS[usize::from(i % 6)],
                ])
            }
            232..=255 => {
                let v = 8 + 10 * (index - 232);
                Some([v, v, v])
            }
            _ => None,
        }
    }

    #[test]
    fn every_mark_has_3_to_1_contrast_on_white_and_on_black() {
        for (name, colours) in [("dark", Colours::DARK), ("light", Colours::LIGHT)] {
            for (mark, colour) in [
                ("peg", colours.peg),
                ("selected", colours.selected),
                ("hint", colours.hint),
                ("target", colours.target),
                ("finish", colours.finish),
            ] {
                let Color::Indexed(index) = colour else {
                    panic!("{name} {mark}: {colour:?} is a terminal's own colour");
                };
                let rgb = palette_rgb(index).expect("a cube colour");
                for background in [[255, 255, 255], [0, 0, 0]] {
                    let ratio = contrast(rgb, background);
                    assert!(
                        ratio >= 3.0,
                        "{name} {mark} {rgb:?} on {background:?}: {ratio:.2}"
                    );
                }
            }
        }
        // The yardstick itself: black on white is 21:1, and the old yellow on white fails.
        assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
        assert!(contrast([205, 205, 0], [255, 255, 255]) < 3.0);
    }

    #[test]
    fn a_background_is_light_when_dark_text_reads_better_on_it() {
        assert!(is_light([255, 255, 255]));
        assert!(is_light([253, 246, 227]), "solarized light");
        assert!(!is_light([0, 0, 0]));
        assert!(!is_light([0, 43, 54]), "solarized dark");
        assert!(!is_light([30, 30, 30]));
    }

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
