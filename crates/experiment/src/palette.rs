//! How the charts tell their lines apart and place their tick labels: the series colours, the
//! point markers paired with them, the colour difference and contrast measures that check the
//! colours, and the step between labelled ticks. Shared by the window's live charts and the
//! exported PNGs, so both look alike.

/// Colours of a chart's lines, in order: a qualitative set picked from Okabe-Ito, Paul Tol's
/// vibrant set and Tableau 10 so that every pair differs by at least 20 CIEDE2000 units
/// (the Okabe-Ito set with Tol's purple, used before, had two pinks 16.7 apart) and every
/// colour keeps a contrast of at least 2:1 against white and 3:1 against the dark theme's
/// background. No yellow (too light on white) and no black (gone on the dark theme).
pub const SERIES_COLOURS: [(u8, u8, u8); 9] = [
    (0, 114, 178),   // blue (Okabe-Ito)
    (230, 159, 0),   // orange (Okabe-Ito)
    (0, 153, 136),   // teal (Tol vibrant)
    (238, 51, 119),  // magenta (Tol vibrant)
    (51, 187, 238),  // cyan (Tol vibrant)
    (204, 51, 17),   // red (Tol vibrant)
    (148, 103, 189), // purple (Tableau)
    (44, 160, 44),   // green (Tableau)
    (128, 128, 128), // grey
];

/// The smallest CIEDE2000 difference between two series colours of one chart.
pub const MIN_COLOUR_DIFFERENCE: f64 = 20.0;

/// A point marker's shape. Paired with the colour (a line's marker is
/// [`marker_for`] its colour), so that lines stay apart in greyscale or for a person who
/// cannot tell two of the colours apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A filled circle.
    Circle,
    /// A filled square.
    Square,
    /// A filled triangle, point up.
    Triangle,
    /// A filled diamond.
    Diamond,
    /// An upright cross.
    Plus,
}

/// Each colour's marker, in [`SERIES_COLOURS`]' order: five shapes for nine colours, so a
/// shape comes back only on a colour of another lightness (checked by a test), which keeps
/// those two apart in greyscale too.
pub const MARKERS: [Marker; 9] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::Plus,
    Marker::Square,
    Marker::Plus,
    Marker::Circle,
    Marker::Square,
];

/// The colour numbered `i` (wrapping round [`SERIES_COLOURS`]).
pub fn series_colour(i: usize) -> (u8, u8, u8) {
    SERIES_COLOURS[i % SERIES_COLOURS.len()]
}

/// The marker of the colour numbered `i`.
pub fn marker_for(i: usize) -> Marker {
    MARKERS[i % MARKERS.len()]
}

/// sRGB channel to linear light.
fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Relative luminance (WCAG).
pub fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// CIE L*a*b* (D65) of an sRGB colour.
fn lab((r, g, b): (u8, u8, u8)) -> (f64, f64, f64) {
    let (r, g, b) = (linear(r), linear(g), linear(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    (
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    )
}

/// How different two colours look: the CIEDE2000 colour difference (about 2 is just
/// noticeable; 20 and more reads as another colour).
pub fn colour_difference(c1: (u8, u8, u8), c2: (u8, u8, u8)) -> f64 {
    let ((l1, a1, b1), (l2, a2, b2)) = (lab(c1), lab(c2));
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let pow7 = |c: f64| c.powi(7);
    let g = 0.5 * (1.0 - (pow7(c_bar) / (pow7(c_bar) + pow7(25.0))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| b.atan2(a).to_degrees().rem_euclid(360.0);
    let (h1, h2) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else if h2 - h1 < -180.0 {
        h2 - h1 + 360.0
    } else {
        h2 - h1
    };
    let dh_big = 2.0 * (c1p * c2p).sqrt() * (dh / 2.0).to_radians().sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let h_bar = if c1p * c2p == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |d: f64| d.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (pow7(cp_bar) / (pow7(cp_bar) + pow7(25.0))).sqrt();
    let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cp_bar;
    let sh = 1.0 + 0.015 * cp_bar * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    let (l, c, h) = (dl / sl, dc / sc, dh_big / sh);
    (l * l + c * c + h * h + rt * c * h).sqrt()
}

/// The step between labelled ticks on an axis: the smallest of 1, 2, 5, 10, 20, 50, ...
/// (or, unless `whole`, also 0.1, 0.2, 0.5, ...) that puts ticks at least `min_gap` points
/// apart, where one unit of the axis is `points_per_unit` points long. Every tick at this step
/// gets its label: nothing is faded or left out.
pub fn label_step(points_per_unit: f64, min_gap: f64, whole: bool) -> f64 {
    if !(points_per_unit.is_finite() && points_per_unit > 0.0) {
        return 1.0;
    }
    let mut decade = if whole {
        1.0
    } else {
        10f64.powf((min_gap / points_per_unit).log10().floor())
    };
    loop {
        for m in [1.0, 2.0, 5.0] {
            let step = m * decade;
            if step * points_per_unit >= min_gap {
                return step;
            }
        }
        decade *= 10.0;
    }
}

/// The ticks at `step` from `low` to `high`, both included where they fall on a step.
pub fn ticks(low: f64, high: f64, step: f64) -> Vec<f64> {
    if !(step > 0.0 && low.is_finite() && high.is_finite()) || high < low {
        return Vec::new();
    }
    let first = (low / step).ceil() as i64;
    let last = (high / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_difference_matches_published_ciede2000_pairs() {
        // Sharma, Wu and Dalal's test data are in Lab; these sRGB pairs are checked against
        // the same formula elsewhere: identical colours are 0 apart, black and white 100.
        assert!(colour_difference((0, 114, 178), (0, 114, 178)).abs() < 1e-9);
        assert!((colour_difference((0, 0, 0), (255, 255, 255)) - 100.0).abs() < 0.1);
        // The two pinks the charts used to draw (Okabe-Ito's reddish purple, Tol's purple).
        let pinks = colour_difference((204, 121, 167), (170, 68, 153));
        assert!((pinks - 16.7).abs() < 0.1, "{pinks}");
    }

    #[test]
    fn every_series_colour_differs_from_every_other_and_reads_on_both_themes() {
        for (i, &a) in SERIES_COLOURS.iter().enumerate() {
            for &b in &SERIES_COLOURS[i + 1..] {
                let d = colour_difference(a, b);
                assert!(
                    d >= MIN_COLOUR_DIFFERENCE,
                    "{a:?} and {b:?} are {d:.1} apart"
                );
            }
            assert!(contrast(a, (255, 255, 255)) >= 2.0, "{a:?} on white");
            assert!(contrast(a, (27, 27, 27)) >= 3.0, "{a:?} on the dark theme");
        }
    }

    #[test]
    fn colours_sharing_a_marker_differ_in_greyscale() {
        // Where the markers run out and repeat, the two colours are of another lightness.
        for i in 0..SERIES_COLOURS.len() {
            for j in i + 1..SERIES_COLOURS.len() {
                if marker_for(i) == marker_for(j) {
                    let (a, b) = (luminance(series_colour(i)), luminance(series_colour(j)));
                    assert!(
                        contrast(series_colour(i), series_colour(j)) >= 1.25,
                        "{i} and {j}: luminance {a:.2} and {b:.2}"
                    );
                }
            }
        }
    }

    #[test]
    fn label_step_keeps_labels_apart_and_labels_every_whole_number_when_room() {
        // Pegs 0-6 on a plot 180 points tall: every peg count has its label.
        assert_eq!(label_step(180.0 / 6.5, 20.0, true), 1.0);
        // On a plot 90 points tall, every second one.
        assert_eq!(label_step(90.0 / 6.5, 20.0, true), 2.0);
        // Speeds up to 9M on 200 points: every 1M.
        assert_eq!(label_step(200.0 / 9.7e6, 20.0, false), 1e6);
        assert_eq!(label_step(200.0 / 0.97, 20.0, false), 0.1);
        assert_eq!(ticks(0.0, 6.5, 1.0), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(ticks(-0.3, 6.5, 2.0), [0.0, 2.0, 4.0, 6.0]);
    }
}
