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
                board: Color32::from_rgb(0xEA, 0xDF, 0xC8),
                board_edge: Color32::from_rgb(0xA8, 0x95, 0x72),
                hole: Color32::from_rgb(0xBF, 0xAC, 0x88),
                hole_rim: Color32::from_rgb(0x7A, 0x68, 0x4A),
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
                finish: Color32::from_rgb(0x7A, 0x68, 0x4A),
                won: Color32::from_rgb(0xE6, 0x9F, 0x00),
                text: Color32::from_rgb(0x1A, 0x1A, 0x1A),
                banner: Color32::from_rgb(0xEA, 0xDF, 0xC8),
            },
            Theme::Dark => Palette {
                board: Color32::from_rgb(0x4A, 0x47, 0x42),
                board_edge: Color32::from_rgb(0x6A, 0x66, 0x5E),
                hole: Color32::from_rgb(0x14, 0x14, 0x13),
                hole_rim: Color32::from_rgb(0x70, 0x6C, 0x64),
                // Okabe–Ito sky blue: the lightest thing on the board.
                peg: Color32::from_rgb(0xB8, 0xE0, 0xFA),
                peg_shine: Color32::from_rgb(0xE8, 0xF5, 0xFF),
                selected: Color32::from_rgb(0xE6, 0x9F, 0x00),
                target: Color32::from_rgb(0x2F, 0xC0, 0x94),
                hover: Color32::from_rgb(0xE0, 0xE0, 0xE0),
                cursor: Color32::from_rgb(0xE0, 0x8C, 0xC0),
                finish: Color32::from_rgb(0x90, 0x8A, 0x80),
                won: Color32::from_rgb(0xF0, 0xE4, 0x42),
                text: Color32::from_rgb(0xF0, 0xF0, 0xF0),
                banner: Color32::from_rgb(0x4A, 0x47, 0x42),
            },
        }
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
    fn pegs_holes_and_selection_differ_in_greyscale() {
        for theme in [Theme::Light, Theme::Dark] {
            let p = Palette::for_theme(theme);
            let pairs = [
                (p.peg, p.hole),
                (p.peg, p.selected),
                (p.hole, p.target),
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
