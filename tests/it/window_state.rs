//! The window starts whatever its saved state file holds (issue 17): a zoom of 0, -1, NaN,
//! infinity or 1000 used to panic in winit at every start, screenshot or not, and a window
//! placed far off every screen opened invisible. Run under Xvfb (as the CI has);
//! where there is none, the test says SKIPPED and passes, except under `PEGSOL_REQUIRE_TOOLS`
//! (set by `.ci/run`, which installs it), where a missing Xvfb fails.

use pegsol_testkit::tools;

use pegsol_testkit::scratch;

use scratch::Scratch;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// A fresh home for one test, with its data folder made.
fn temp_dir(name: &str) -> Scratch {
    let dir = Scratch::new(&format!("state-{name}"));
    std::fs::create_dir_all(dir.join("data/pegsol")).expect("a temporary folder");
    dir
}

fn have_xvfb() -> bool {
    tools::have("Xvfb", "the real window under Xvfb")
}

/// Runs `script` (a shell command line, `$PEGSOL` the binary) on an X server of its own with
/// `home` as the home and data folders, killed after `limit`; on a new server (up to three)
/// when the window could not reach the last (the server's start is the test machine's, not
/// the program's: CI failed so with every other window test passing beside it).
fn under_xvfb(home: &Path, script: &str, limit: Duration) -> Output {
    let mut out = under_xvfb_once(home, script, limit);
    // What every attempt said on standard error, in order: a broken file is set aside (and
    // said so) before the window connects, so only the first attempt says it.
    let mut said = Vec::new();
    // Up to three servers, a second apart: CI failed so twice in a row once, under the load
    // of the whole suite. What each server said is printed, to tell why next time. Asked
    // whatever the exit status: the scripts that check the window stays open end in `true`
    // (a retry on a failed status alone never came, and CI failed so).
    for attempt in 2..=3 {
        if !text(&out.stderr).contains("Failed to open connection to X server") {
            break;
        }
        let server = std::fs::read_to_string(home.join("xvfb.log")).unwrap_or_default();
        eprintln!(
            "no connection to X server {}; it said: {server}",
            attempt - 1
        );
        said.extend_from_slice(&out.stderr);
        std::thread::sleep(Duration::from_secs(1));
        out = under_xvfb_once(home, script, limit);
    }
    said.extend_from_slice(&out.stderr);
    out.stderr = said;
    out
}

/// [`under_xvfb`]'s one run.
///
/// Not `xvfb-run -a`: it picks a display number by looking for a free lock file and only then
/// starts the server, so the tests here, run side by side, picked the same number, and one
/// window found the other test's server gone (CI failed on "Failed to open connection to X
/// server"). `Xvfb -displayfd` takes a free number itself and says which.
fn under_xvfb_once(home: &Path, script: &str, limit: Duration) -> Output {
    let mut server = Server(
        Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-nolisten",
                "tcp",
                "-screen",
                "0",
                "1280x800x24",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(
                std::fs::File::create(home.join("xvfb.log"))
                    .map_or_else(|_| Stdio::null(), Stdio::from),
            )
            .spawn()
            .expect("Xvfb starts"),
    );
    let mut number = String::new();
    BufReader::new(server.0.stdout.take().expect("its output"))
        .read_line(&mut number)
        .expect("Xvfb says its display");
    let number = number.trim();
    assert!(!number.is_empty(), "Xvfb gave no display number");
    let out = Command::new("timeout")
        .arg(limit.as_secs().to_string())
        .args(["sh", "-c", script])
        .env("DISPLAY", format!(":{number}"))
        .env("PEGSOL", env!("CARGO_BIN_EXE_pegsol"))
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("XAUTHORITY")
        .current_dir(home)
        .output()
        .expect("the script runs");
    drop(server);
    out
}

/// An X server that ends with its test, passed or failed: asked to stop first, so that it
/// removes its lock file and socket (killed outright, it left them for the next server
/// starting beside it to find), killed if it has not stopped within 5 seconds.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let asked = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        if asked {
            for _ in 0..50 {
                if matches!(self.0.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn state_file(home: &Path) -> PathBuf {
    home.join("data/pegsol/app.ron")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_window_starts_with_each_broken_zoom_and_repairs_the_file() {
    if !have_xvfb() {
        return;
    }
    for zoom in ["0.0", "NaN", "-1.0", "inf", "1000.0"] {
        let home = temp_dir(&format!("zoom{}", zoom.replace('.', "_")));
        let broken = format!("{{\"egui\": \"(options:(zoom_factor:{zoom}))\"}}");
        std::fs::write(state_file(&home), &broken).expect("writes");
        let o = under_xvfb(
            &home,
            "exec \"$PEGSOL\" --screenshot shot.png --layout english",
            Duration::from_secs(120),
        );
        let err = text(&o.stderr);
        assert!(o.status.success(), "zoom {zoom}: {:?}\n{err}", o.status);
        assert!(!err.contains("panicked"), "zoom {zoom}: {err}");
        assert!(err.contains("the saved zoom"), "zoom {zoom}: {err}");
        assert!(home.join("shot.png").is_file(), "zoom {zoom}: no picture");
        let repaired = std::fs::read_to_string(state_file(&home)).expect("reads");
        assert_ne!(repaired, broken, "zoom {zoom}: the file is repaired");
    }
}

#[test]
fn the_real_window_starts_with_a_broken_zoom_and_a_place_off_every_screen() {
    if !have_xvfb() {
        return;
    }
    let home = temp_dir("window");
    let window = "(normal_geometry:(outer_position_pixels:Some((x:100000.0,y:-90000.0)),\
                  scale_factor:1.0,inner_size_points:(x:1000.0,y:700.0)),\
                  fullscreen:false,maximized:false)";
    let state = format!(
        "{{\"egui\": \"(options:(zoom_factor:0.0))\", \"window\": \"{}\"}}",
        window.replace('"', "\\\"")
    );
    std::fs::write(state_file(&home), &state).expect("writes");
    // The window opens and stays open (a panic would end it at once); then it is closed.
    let o = under_xvfb(
        &home,
        "\"$PEGSOL\" --layout english & p=$!; sleep 4; \
         if kill -0 $p 2>/dev/null; then echo alive; kill $p; fi; wait $p; true",
        Duration::from_secs(120),
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(
        out.contains("alive"),
        "the window did not stay open:\n{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("off every screen"), "{err}");
}

#[test]
fn a_window_state_cut_short_by_a_full_disk_is_kept_aside_with_a_line_and_the_settings_stay() {
    if !have_xvfb() {
        return;
    }
    let home = temp_dir("cut");
    // eframe writes app.ron in place: a full disk leaves it cut mid-string.
    let whole = "{\"egui\": \"(options:(zoom_factor:1.0))\", \"window\": \"(normal_geometry:(";
    std::fs::write(state_file(&home), whole).expect("writes");
    // The window's own settings live in Pegsol's file, written atomically: they survive.
    let settings = home.join("data/pegsol/settings.ron");
    let recent = home.join("my-board.ron");
    std::fs::write(
        &settings,
        format!(
            "PegsolSettings(version: 2, recent: [{:?}], settings: (welcomed: true))",
            recent
        ),
    )
    .expect("writes");
    let before = std::fs::read_to_string(&settings).expect("reads");
    let o = under_xvfb(
        &home,
        "\"$PEGSOL\" --layout english & p=$!; sleep 4; \
         if kill -0 $p 2>/dev/null; then echo alive; kill $p; fi; wait $p; true",
        Duration::from_secs(120),
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(
        out.contains("alive"),
        "the window did not stay open:\n{err}"
    );
    assert!(
        err.contains("app.ron") && err.contains("kept as"),
        "a line on standard error: {err}"
    );
    let aside: Vec<PathBuf> = std::fs::read_dir(home.join("data/pegsol"))
        .expect("the folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().contains("app.ron.broken-"))
        .collect();
    assert_eq!(aside.len(), 1, "{err}");
    assert_eq!(std::fs::read_to_string(&aside[0]).expect("reads"), whole);
    assert_eq!(std::fs::read_to_string(&settings).expect("reads"), before);
}

/// The width and height a PNG's header gives.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("the picture");
    assert!(bytes.len() > 24 && bytes.starts_with(b"\x89PNG"), "a PNG");
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (word(16), word(20))
}

#[test]
fn size_asked_for_wins_over_the_size_remembered() {
    if !have_xvfb() {
        return;
    }
    let home = temp_dir("size");
    // The window was last 1280x800.
    let window = "(normal_geometry:(outer_position_pixels:Some((x:0.0,y:0.0)),\
                  scale_factor:1.0,inner_size_points:(x:1280.0,y:800.0)),\
                  fullscreen:false,maximized:false)";
    let state = format!(
        "{{\"egui\": \"(options:(zoom_factor:1.0))\", \"window\": \"{}\"}}",
        window.replace('"', "\\\"")
    );
    std::fs::write(state_file(&home), &state).expect("writes");
    let o = under_xvfb(
        &home,
        "\"$PEGSOL\" --screenshot shot.png --size 1000x700 --layout english",
        Duration::from_secs(120),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(png_size(&home.join("shot.png")), (1000, 700));
}

#[test]
fn a_jump_is_pictured_part_way_with_mid_jump_and_board_only_keeps_the_board() {
    if !have_xvfb() {
        return;
    }
    let home = temp_dir("mid-jump");
    // One run per frame: the start, a third, two thirds and the end of the first jump's slide.
    let fractions = ["0", "0.33", "0.67", "1"];
    let script = fractions
        .iter()
        .map(|f| {
            format!(
                "\"$PEGSOL\" --screenshot jump-{f}.png --size 1000x640 --layout english \
                 --solve --step 1 --mid-jump {f} --board-only || exit 1"
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    let o = under_xvfb(&home, &script, Duration::from_secs(240));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let pictures: Vec<Vec<u8>> = fractions
        .iter()
        .map(|f| std::fs::read(home.join(format!("jump-{f}.png"))).expect("a picture"))
        .collect();
    // The board alone: smaller than the window, and the same size in every frame.
    let (w, h) = png_size(&home.join("jump-0.png"));
    assert!(w < 1000 && h < 640 && w > 200 && h > 200, "{w}x{h}");
    for f in fractions {
        assert_eq!(png_size(&home.join(format!("jump-{f}.png"))), (w, h), "{f}");
    }
    // Every frame differs from the one before: the peg is further on.
    for pair in pictures.windows(2) {
        assert_ne!(
            pair[0], pair[1],
            "two frames of the slide are the same picture"
        );
    }
}

#[test]
fn a_mid_jump_outside_0_to_1_is_refused_naming_the_fraction() {
    let o = crate::support::pegsol(&[
        "--screenshot",
        "x.png",
        "--solve",
        "--step",
        "1",
        "--mid-jump",
        "1.5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("`1.5` is not a fraction from 0 to 1"), "{err}");
}
