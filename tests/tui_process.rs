//! The terminal game as a process: `pegsol play` names a bad board and asks for a terminal
//! when it has none, `--terminal` refuses the window's modes, and (under tmux, ignored
//! unless asked for) level 0 played to a win with the terminal given back. The game's keys
//! and drawing are tests/tui.rs's, in memory.

use pegsol::record::GameStore;
use std::time::{Duration, Instant};

fn pegsol(args: &[&str]) -> std::process::Output {
    let home = std::env::temp_dir().join(format!("pegsol-tui-cli-{}", std::process::id()));
    std::process::Command::new(env!("CARGO_BIN_EXE_pegsol"))
        .args(args)
        .env("XDG_DATA_HOME", &home)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs")
}

#[test]
fn play_names_a_bad_board_and_asks_for_a_terminal_when_it_has_none() {
    let o = pegsol(&["play", "no-such-board"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("`no-such-board` is not a level"), "{err}");
    let o = pegsol(&["play", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("the terminal game needs a terminal"), "{err}");
    assert!(o.stdout.is_empty(), "no escape codes into a pipe");
    // --terminal is for playing: it cannot be combined with the window's own modes.
    let o = pegsol(&["--terminal", "--screenshot", "x.png"]);
    assert_eq!(o.status.code(), Some(2));
    let o = pegsol(&["--terminal", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("pegsol: playing in the terminal (--terminal)\n"),
        "the first line says which and why: {err}"
    );
}

/// The real thing under tmux: raw mode, the alternate screen, keys typed with `send-keys`
/// and the screen read with `capture-pane`, level 0 played to a win, and the terminal given
/// back. Needs tmux, which CI does not install: run it with
/// `cargo test --release --test tui_process -- --ignored`.
#[test]
#[ignore = "needs tmux"]
fn under_tmux_level_0_is_played_to_a_win_and_the_terminal_is_restored() {
    use std::process::Command;
    let session = format!("pegsol-tui-test-{}", std::process::id());
    let home = std::env::temp_dir().join(&session);
    let tmux = |args: &[&str]| {
        let o = Command::new("tmux").args(args).output().expect("tmux runs");
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let screen_until = |what: &str| {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let screen = tmux(&["capture-pane", "-p", "-t", &session]);
            if screen.contains(what) {
                return screen;
            }
            assert!(Instant::now() < until, "no `{what}` on screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let command = format!(
        "env -u DISPLAY -u WAYLAND_DISPLAY -u WAYLAND_SOCKET XDG_DATA_HOME={} LANG=C.UTF-8 {} 0; \
         echo EXIT=$?; sleep 30",
        home.display(),
        env!("CARGO_BIN_EXE_pegsol")
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "40",
        &command,
    ]);
    let first = screen_until("Pegs left: 3");
    assert!(
        first.starts_with("Pegsol: Level 0 | terminal game (no display"),
        "{first}"
    );
    for key in ["Enter", "Right", "Right", "Enter", "Left"] {
        tmux(&["send-keys", "-t", &session, key]);
        std::thread::sleep(Duration::from_millis(150));
    }
    let won = screen_until("Solved! One peg left");
    assert!(won.contains("Pegs left: 1 | Jumps: 2"), "{won}");
    tmux(&["send-keys", "-t", &session, "q"]);
    let after = screen_until("EXIT=0");
    assert!(
        after.starts_with("pegsol: no display"),
        "the normal screen is back, with the first line: {after}"
    );
    tmux(&["kill-session", "-t", &session]);
    let saved = GameStore::in_folder(&home.join("pegsol"))
        .last_game()
        .expect("kept");
    assert_eq!(saved.record.played().len(), 2);
}
