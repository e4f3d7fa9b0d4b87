//! The window's state file (`app.ron` in eframe's storage folder), checked before eframe and
//! winit read it.
//!
//! Owns what a saved state may hold: eframe restores egui's zoom and the window's geometry
//! from this file before the first frame, and winit panics on values it cannot use (a zoom of
//! 0, -1, NaN or infinity fails dpi's scale-factor check; a zoom of 1000 makes a window size
//! that overflows). So the file is read here first: a zoom outside egui's own range is put
//! back in it, and a window geometry that is not finite, or that places the window far off
//! every screen, is dropped (the window opens at its default place and size). Each repair is
//! said on standard error and written back, so the next start is clean too. A file that
//! cannot be read at all (eframe writes it in place, so a full disk can cut it short) is
//! moved aside to `app.ron.broken-DATE` with a line on standard error: eframe then starts
//! afresh, and Pegsol's own settings and games, kept in files of their own, are untouched.

use eframe::egui;
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::path::Path;

/// eframe's key for egui's memory (zoom, style, window placement inside the app).
const EGUI_KEY: &str = "egui";
/// eframe's key for the native window's geometry.
const WINDOW_KEY: &str = "window";

/// The zoom egui itself allows (its keyboard zoom clamps to this).
pub const ZOOM_RANGE: RangeInclusive<f32> = 0.2..=5.0;
/// Scale factors of real screens, with room to spare.
const SCALE_RANGE: RangeInclusive<f32> = 0.25..=8.0;
/// Farther than any desktop of screens reaches, in physical pixels (X11 coordinates are 16-bit).
const MAX_COORDINATE: f32 = 16_384.0;
/// Larger than any screen, in points (eframe shrinks a window to its screen, given a sane size).
const MAX_SIZE: f32 = 16_384.0;

/// eframe's (egui-winit's) saved window settings, field for field, so they can be read and
/// checked; their own fields are private.
#[derive(Clone, Copy, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
struct WindowSettings {
    normal_geometry: WindowGeometry,
    fullscreen: bool,
    maximized: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
struct WindowGeometry {
    outer_position_pixels: Option<egui::Pos2>,
    scale_factor: f32,
    inner_size_points: egui::Vec2,
}

/// Checks the state file at `path` and repairs it in place (see the module's note); returns
/// what was repaired, in words, for standard error. A file that is missing or not eframe's
/// map is left alone: eframe starts afresh from it.
pub fn repair(path: &Path) -> Vec<String> {
    use pegsol_record::datafile;
    let read = datafile::read_text(path, "window state", MAX_BYTES);
    let problem = match read {
        Ok(None) => return Vec::new(),
        Ok(Some(text)) => match ron::from_str::<HashMap<String, String>>(&text) {
            Ok(mut entries) => return repair_and_write(path, &mut entries),
            Err(e) => format!(
                "{}: cannot be read as eframe's window state ({e})",
                path.display()
            ),
        },
        Err(e) => e.to_string(),
    };
    let kept = datafile::set_aside(path);
    vec![match kept {
        Ok(kept) => format!(
            "{problem}; it is kept as {} and the window opens at its default size and zoom",
            kept.display()
        ),
        Err(e) => format!("{problem}; it could not be moved aside either ({e})"),
    }]
}

/// The largest window state file read: egui's memory with every window's place is a few
/// kilobytes.
const MAX_BYTES: u64 = 16 << 20;

/// Repairs `entries` read from `path` and writes them back if anything was repaired.
fn repair_and_write(path: &Path, entries: &mut HashMap<String, String>) -> Vec<String> {
    let notices = repair_entries(entries);
    if !notices.is_empty() {
        let written = ron::ser::to_string_pretty(&entries, Default::default())
            .map_err(|e| e.to_string())
            .and_then(|text| {
                pegsol_layout::files::write_atomic(path, &text).map_err(|e| e.to_string())
            });
        if let Err(e) = written {
            // The repaired values are used this time anyway (see `repair_entries`'s caller).
            return vec![format!(
                "{}: could not write the repaired window state ({e}); starting without it",
                path.display()
            )];
        }
    }
    notices
}

/// Repairs eframe's entries in place; returns what was repaired.
pub fn repair_entries(entries: &mut HashMap<String, String>) -> Vec<String> {
    let mut notices = Vec::new();
    if let Some(text) = entries.get(EGUI_KEY) {
        if let Ok(mut memory) = ron::from_str::<egui::Memory>(text) {
            let zoom = memory.options.zoom_factor;
            if !ZOOM_RANGE.contains(&zoom) {
                // A zoom of zero or less, or not a number, means nothing: egui's default.
                let fixed = if zoom.is_finite() && zoom > 0.0 {
                    zoom.clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end())
                } else {
                    1.0
                };
                memory.options.zoom_factor = fixed;
                notices.push(format!(
                    "the saved zoom {zoom} is outside {}-{}: using {fixed}",
                    ZOOM_RANGE.start(),
                    ZOOM_RANGE.end()
                ));
                match ron::to_string(&memory) {
                    Ok(text) => {
                        entries.insert(EGUI_KEY.into(), text);
                    }
                    Err(_) => {
                        entries.remove(EGUI_KEY);
                    }
                }
            }
        }
    }
    if let Some(text) = entries.get(WINDOW_KEY) {
        let problem = match ron::from_str::<WindowSettings>(text) {
            Ok(settings) => window_problem(&settings),
            Err(_) => Some("unreadable".to_string()),
        };
        if let Some(problem) = problem {
            entries.remove(WINDOW_KEY);
            notices.push(format!(
                "the saved window place is {problem}: opening at the default place and size"
            ));
        }
    }
    notices
}

/// Why a saved window geometry cannot be used, if it cannot.
fn window_problem(settings: &WindowSettings) -> Option<String> {
    let g = &settings.normal_geometry;
    if !SCALE_RANGE.contains(&g.scale_factor) {
        return Some(format!("for a scale factor of {}", g.scale_factor));
    }
    let size = g.inner_size_points;
    if !(size.x.is_finite() && size.y.is_finite() && size.x > 0.0 && size.y > 0.0)
        || size.x > MAX_SIZE
        || size.y > MAX_SIZE
    {
        return Some(format!("{} by {} points large", size.x, size.y));
    }
    if let Some(p) = g.outer_position_pixels {
        let on_a_desktop = |v: f32| v.is_finite() && v.abs() <= MAX_COORDINATE;
        if !(on_a_desktop(p.x) && on_a_desktop(p.y)) {
            return Some(format!("at {}, {}, off every screen", p.x, p.y));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(egui: Option<&str>, window: Option<&str>) -> HashMap<String, String> {
        let mut map = HashMap::new();
        if let Some(e) = egui {
            map.insert(EGUI_KEY.to_string(), e.to_string());
        }
        if let Some(w) = window {
            map.insert(WINDOW_KEY.to_string(), w.to_string());
        }
        map
    }

    fn zoom(map: &HashMap<String, String>) -> f32 {
        ron::from_str::<egui::Memory>(&map[EGUI_KEY])
            .expect("memory")
            .options
            .zoom_factor
    }

    #[test]
    fn a_saved_zoom_outside_egui_range_is_put_back_in_it() {
        for (saved, fixed) in [
            ("0.0", 1.0),
            ("-1.0", 1.0),
            ("0.01", 0.2),
            ("NaN", 1.0),
            ("inf", 1.0),
            ("1000.0", 5.0),
        ] {
            let mut map = entries(Some(&format!("(options:(zoom_factor:{saved}))")), None);
            let notices = repair_entries(&mut map);
            assert_eq!(notices.len(), 1, "{saved}");
            assert_eq!(zoom(&map), fixed, "{saved}");
        }
        let mut fine = entries(Some("(options:(zoom_factor:1.5))"), None);
        let before = fine.clone();
        assert!(repair_entries(&mut fine).is_empty());
        assert_eq!(fine, before, "a good state is left as it was");
    }

    fn window(x: &str, y: &str, scale: &str, w: &str) -> String {
        format!(
            "(normal_geometry:(outer_position_pixels:Some((x:{x},y:{y})),scale_factor:{scale},\
             inner_size_points:(x:{w},y:700.0)),fullscreen:false,maximized:false)"
        )
    }

    #[test]
    fn a_saved_window_off_every_screen_or_not_finite_is_dropped() {
        let good = window("100.0", "80.0", "1.0", "1000.0");
        let mut map = entries(None, Some(&good));
        assert!(repair_entries(&mut map).is_empty(), "{good}");
        assert!(map.contains_key(WINDOW_KEY));
        for bad in [
            window("100000.0", "80.0", "1.0", "1000.0"),
            window("-50000.0", "80.0", "1.0", "1000.0"),
            window("NaN", "80.0", "1.0", "1000.0"),
            window("100.0", "80.0", "0.0", "1000.0"),
            window("100.0", "80.0", "inf", "1000.0"),
            window("100.0", "80.0", "1.0", "-5.0"),
            window("100.0", "80.0", "1.0", "1e30"),
            "(garbage)".to_string(),
        ] {
            let mut map = entries(None, Some(&bad));
            assert_eq!(repair_entries(&mut map).len(), 1, "{bad}");
            assert!(!map.contains_key(WINDOW_KEY), "{bad}");
        }
    }
}
