//! The board's colours for the light and dark themes, and the theme choice.
//!
//! Owns the palette. It is built for colour-blind players: the colours come from the
//! Okabe–Ito set, and every state also differs in lightness and in shape (pegs are solid
//! discs, holes hollow rings, legal targets a ring with a centre dot, the selection a thick
//! outer ring, the keyboard cursor a square), so the board still reads in greyscale.

use eframe::egui;
use egui::{Color32, Theme, ThemePreference};
use serde::{Deserialize, Serialize};

/// What the person chose in View > Theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Follow the desktop's light or dark setting.
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl ThemeChoice {
    /// egui's name for the choice.
    pub fn preference(self) -> ThemePreference {
        match self {
            ThemeChoice::System => ThemePreference::System,
            ThemeChoice::Light => ThemePreference::Light,
            ThemeChoice::Dark => ThemePreference::Dark,
        }
    }
}

/// The colours the board is painted with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The board's background.
    pub board: Color32,
    /// The board's outline.
    pub board_edge: Color32,
    /// An empty hole's inside.
    pub hole: Color32,
    /// An empty hole's rim.
    pub hole_rim: Color32,
    /// A peg.
    pub peg: Color32,
    /// The highlight on a peg, which makes it read as a raised ball.
    pub peg_shine: Color32,
    /// The ring round the selected peg.
    pub selected: Color32,
    /// The ring and dot of a legal target.
    pub target: Color32,
    /// The hover outline.
    pub hover: Color32,
    /// The keyboard cursor.
    pub cursor: Color32,
    /// The mark on the finish cell.
    pub finish: Color32,
    /// The ring round the last peg of a won game.
    pub won: Color32,
    /// The hint: a dashed ring round the peg to move and an arrow to its landing hole, in
    /// the board's ink (near black or near white), apart in colour, lightness and shape from
    /// the solid orange selection ring and from a losing jump's vermilion arrow and cross.
    pub hint: Color32,
    /// Text drawn on the board.
    pub text: Color32,
    /// The banner with the end-of-game text (the board's own colour, as if part of it).
    pub banner: Color32,
}

impl Palette {
    /// The palette for egui's current theme.
    pub fn for_theme(theme: Theme) -> Palette {
        match theme {
            Theme::Light => Palette {
                board: Color32::from_rgb(0xD9, 0xC5, 0x9B),
                board_edge: Color32::from_rgb(0x9C, 0x86, 0x60),
                // Holes are light wells with a dark rim: the rim carries the contrast with the
                // board (3.8:1), the well the contrast with a peg (10:1) or a target (5:1).
                hole: Color32::from_rgb(0xFB, 0xF7, 0xEE),
                hole_rim: Color32::from_rgb(0x6E, 0x5C, 0x3E),
                // Okabe–Ito blue, darkened: the darkest thing on the board.
                peg: Color32::from_rgb(0x0B, 0x3C, 0x6E),
                peg_shine: Color32::from_rgb(0x6C, 0xA6, 0xDA),
                // Okabe–Ito orange: much lighter than a peg, so the ring shows in greyscale.
                selected: Color32::from_rgb(0xE6, 0x9F, 0x00),
                // Okabe–Ito bluish green, a mid tone between hole and peg.
                target: Color32::from_rgb(0x00, 0x7A, 0x5A),
                hover: Color32::from_rgb(0x20, 0x20, 0x20),
                // Okabe–Ito reddish purple: apart from the orange selection for every
                // colour vision, and square where the selection is round.
                cursor: Color32::from_rgb(0xB0, 0x4A, 0x88),
                finish: Color32::from_rgb(0x6E, 0x5C, 0x3E),
                won: Color32::from_rgb(0xE6, 0x9F, 0x00),
                hint: Color32::from_rgb(0x14, 0x14, 0x14),
                text: Color32::from_rgb(0x1A, 0x1A, 0x1A),
                banner: Color32::from_rgb(0xD9, 0xC5, 0x9B),
            },
            Theme::Dark => Palette {
                // A mid-grey board between dark holes (3.4:1) and light pegs (3.9:1).
                board: Color32::from_rgb(0x6E, 0x69, 0x60),
                board_edge: Color32::from_rgb(0x8A, 0x85, 0x7B),
                hole: Color32::from_rgb(0x14, 0x14, 0x13),
                hole_rim: Color32::from_rgb(0xD2, 0xCB, 0xBD),
                // Okabe–Ito sky blue: the lightest thing on the board.
                peg: Color32::from_rgb(0xB8, 0xE0, 0xFA),
                peg_shine: Color32::from_rgb(0xE8, 0xF5, 0xFF),
                selected: Color32::from_rgb(0xE6, 0x9F, 0x00),
                target: Color32::from_rgb(0x2F, 0xC0, 0x94),
                hover: Color32::from_rgb(0xE0, 0xE0, 0xE0),
                cursor: Color32::from_rgb(0xE0, 0x8C, 0xC0),
                finish: Color32::from_rgb(0xE0, 0xD8, 0xC8),
                won: Color32::from_rgb(0xF0, 0xE4, 0x42),
                hint: Color32::from_rgb(0xF8, 0xF8, 0xF8),
                text: Color32::from_rgb(0xF0, 0xF0, 0xF0),
                banner: Color32::from_rgb(0x6E, 0x69, 0x60),
            },
        }
    }
}

/// A jump that keeps the goal reachable (View > Show winning jumps): Okabe–Ito bluish green.
pub const WINS: Color32 = Color32::from_rgb(0x00, 0x9E, 0x73);
/// A jump that loses: Okabe–Ito vermilion (with a cross at its head).
pub const LOSES: Color32 = Color32::from_rgb(0xD5, 0x5E, 0x00);

/// WCAG 2's relative luminance of an sRGB colour (0 black, 1 white).
pub fn relative_luminance(c: Color32) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// WCAG 2's contrast ratio of two colours, from 1 (the same) to 21 (black on white). Non-text
/// parts a person must see (a hole's rim, a peg, a target) need 3 against what is next to them.
pub fn contrast_ratio(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `colour` drawn at `alpha` over `background` (as egui draws a disabled widget: its colours
/// faded by `disabled_alpha`, blended in sRGB).
pub fn over(colour: Color32, alpha: f32, background: Color32) -> Color32 {
    let mix = |c: u8, b: u8| (f32::from(c) * alpha + f32::from(b) * (1.0 - alpha)).round() as u8;
    Color32::from_rgb(
        mix(colour.r(), background.r()),
        mix(colour.g(), background.g()),
        mix(colour.b(), background.b()),
    )
}

/// egui's own look, adjusted so weak and disabled text keep 3:1 against the panels and the
/// text boxes (egui's defaults fade a disabled widget to half, which left the solver panel's
/// disabled budget nearly invisible on the light theme).
pub fn tune_visuals(visuals: &mut egui::Visuals) {
    let (weak, disabled_alpha) = if visuals.dark_mode {
        (Color32::from_gray(125), 0.8)
    } else {
        (Color32::from_gray(100), 0.8)
    };
    visuals.weak_text_color = Some(weak);
    visuals.disabled_alpha = disabled_alpha;
}

/// Applies [`tune_visuals`] to both of egui's themes (once, at start).
pub fn tune_themes(ctx: &egui::Context) {
    for theme in [Theme::Light, Theme::Dark] {
        ctx.style_mut_of(theme, |style| tune_visuals(&mut style.visuals));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance-ish lightness, 0-255, as a greyscale printout would show it.
    fn grey(c: Color32) -> f32 {
        0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b())
    }

    #[test]
    fn pegs_holes_selection_and_hint_differ_in_greyscale() {
        for theme in [Theme::Light, Theme::Dark] {
            let p = Palette::for_theme(theme);
            let pairs = [
                (p.peg, p.hole),
                (p.peg, p.selected),
                (p.hole, p.target),
                (p.hint, p.selected),
                (p.hint, LOSES),
                (p.hint, p.board),
                (p.peg, p.board),
                (p.hole, p.board),
            ];
            for (a, b) in pairs {
                assert!(
                    (grey(a) - grey(b)).abs() >= 40.0,
                    "{theme:?}: {a:?} vs {b:?} too close in greyscale"
                );
            }
        }
    }
}
