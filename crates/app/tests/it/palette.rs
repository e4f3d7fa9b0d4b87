//! The board's colours and egui's text against WCAG 2's non-text contrast: every part a person
//! must see to play (a hole's rim on the board, a peg in its hole and on the board, a target
//! in an empty hole, the finish mark) and every disabled control's text keeps a contrast ratio
//! of at least 3:1 against what it is drawn on, in the light theme and the dark.

use eframe::egui;
use egui::{Color32, Theme};
use pegsol_app::paint::palette::{contrast_ratio, over, tune_visuals, Palette};

/// WCAG 2.1 success criterion 1.4.11's minimum.
const MINIMUM: f64 = 3.0;

fn assert_contrast(theme: Theme, what: &str, a: Color32, b: Color32) {
    let ratio = contrast_ratio(a, b);
    assert!(
        ratio >= MINIMUM,
        "{theme:?}: {what}: {a:?} on {b:?} has contrast {ratio:.2}:1, below {MINIMUM}:1"
    );
}

#[test]
fn the_ratio_is_wcags() {
    // Black on white is 21:1, a colour on itself 1:1, and the order does not matter.
    let (black, white) = (Color32::BLACK, Color32::WHITE);
    assert!((contrast_ratio(black, white) - 21.0).abs() < 1e-9);
    assert!((contrast_ratio(white, black) - 21.0).abs() < 1e-9);
    assert!((contrast_ratio(Color32::from_gray(119), Color32::from_gray(119)) - 1.0).abs() < 1e-9);
    // #777 on white is the well-known 4.48:1.
    let grey = contrast_ratio(Color32::from_gray(0x77), white);
    assert!((grey - 4.48).abs() < 0.01, "{grey}");
    // The old light theme's tan holes on its beige board: the defect this test guards.
    let old = contrast_ratio(
        Color32::from_rgb(0xBF, 0xAC, 0x88),
        Color32::from_rgb(0xEA, 0xDF, 0xC8),
    );
    assert!(old < MINIMUM, "{old}");
}

#[test]
fn holes_pegs_targets_and_the_finish_stand_out_in_both_themes() {
    for theme in [Theme::Light, Theme::Dark] {
        let p = Palette::for_theme(theme);
        assert_contrast(theme, "a hole's rim on the board", p.hole_rim, p.board);
        assert_contrast(theme, "a peg in its hole", p.peg, p.hole);
        assert_contrast(theme, "a peg on the board", p.peg, p.board);
        assert_contrast(theme, "a target in an empty hole", p.target, p.hole);
        assert_contrast(theme, "the finish mark on the board", p.finish, p.board);
        assert_contrast(theme, "the finish mark by a hole", p.finish, p.hole);
        assert_contrast(theme, "the banner's text", p.text, p.banner);
    }
}

#[test]
fn disabled_and_weak_text_keep_three_to_one() {
    for theme in [Theme::Light, Theme::Dark] {
        let mut visuals = match theme {
            Theme::Light => egui::Visuals::light(),
            Theme::Dark => egui::Visuals::dark(),
        };
        tune_visuals(&mut visuals);
        let alpha = visuals.disabled_alpha();
        let backgrounds = [
            ("a panel", visuals.panel_fill),
            ("a window", visuals.window_fill),
            ("a text box", visuals.text_edit_bg_color()),
        ];
        for (name, bg) in backgrounds {
            for (what, fg) in [
                ("text", visuals.text_color()),
                ("weak text", visuals.weak_text_color()),
            ] {
                assert_contrast(theme, &format!("{what} on {name}"), fg, bg);
                assert_contrast(
                    theme,
                    &format!("disabled {what} on {name}"),
                    over(fg, alpha, bg),
                    bg,
                );
            }
        }
        let button = &visuals.widgets.inactive;
        assert_contrast(
            theme,
            "a disabled button's text",
            over(button.fg_stroke.color, alpha, button.weak_bg_fill),
            button.weak_bg_fill,
        );
    }
}
