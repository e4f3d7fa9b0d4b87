//! The terminal game as a process: `pegsol play` names a bad board and asks for a terminal
//! when it has none, `--terminal` refuses the window's modes, and (on a pseudo-terminal)
//! level 0 played to a win with the terminal given back. The game's keys
//! and drawing are tests/it/tui.rs's, in memory.

use crate::pty;

use pegsol_testkit::scratch;

use pegsol_record::GameStore;
use scratch::Scratch;

fn pegsol(args: &[&str]) -> std::process::Output {
    // A data folder away from the person's own; never made, as these runs stop before they
    // touch their data (so it needs no Scratch).
    let home = std::env::temp_dir().join(format!("pegsol-tui-cli-{}", std::process::id()));
    crate::support::command()
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

/// The real thing on a pseudo-terminal: raw mode, the alternate screen, keys typed as a
/// terminal sends them, level 0 played to a win, the terminal given back (the alternate
/// screen left, the cursor shown) and the game kept in the game store.
#[test]
fn on_a_terminal_level_0_is_played_to_a_win_and_the_terminal_is_restored() {
    let home = Scratch::new("tui-pty");
    let mut p = pty::Pty::spawn(&mut pty::pegsol(&home, &["0"]), 100, 40);
    let screen = p.wait_for("Pegs left: 3", 20).expect("the board is drawn");
    assert!(
        screen.starts_with("Pegsol: Level 0 | terminal game (no display"),
        "{screen}"
    );
    assert!(
        p.output().contains("\x1b[?1049h"),
        "the alternate screen is entered"
    );
    // Enter picks up the peg under the cursor, Right moves, Left jumps.
    for key in [&b"\r"[..], b"\x1b[C", b"\x1b[C", b"\r", b"\x1b[D"] {
        p.send(key);
    }
    p.wait_for("Solved!", 20).expect("won");
    p.send(b"q");
    assert!(p.wait_exit(10).is_some_and(|s| s.success()));
    let all = p.output();
    let left = all
        .rfind("\x1b[?1049l")
        .expect("the alternate screen is left");
    assert!(
        all[left..].contains("\x1b[?25h"),
        "the cursor is shown again"
    );
    assert!(
        p.screen().starts_with("pegsol: no display"),
        "the normal screen is back, with the first line: {}",
        p.screen()
    );
    let saved = GameStore::in_folder(&home.join("pegsol"))
        .last_game()
        .expect("kept");
    assert_eq!(saved.record.played().len(), 2);
}

/// `pegsol play english` on a fresh terminal of its own, one jump played (d2 over d3 to d4).
fn one_jump_in(home: &std::path::Path, extra_env: &[(&str, &str)]) -> pty::Pty {
    let mut command = pty::pegsol(home, &["play", "english"]);
    command.envs(extra_env.iter().copied());
    let mut p = pty::Pty::spawn(&mut command, 100, 40);
    p.wait_for("Pegs left: 32", 20).expect("the board is drawn");
    assert!(!p.is_cooked(), "raw mode while playing");
    // The cursor starts at d4: up twice to d2, pick it up, down jumps it.
    for key in [&b"\x1b[A"[..], b"\x1b[A", b"\r", b"\x1b[B"] {
        p.send(key);
    }
    p.wait_for("Pegs left: 31", 10).expect("the jump is played");
    p
}

/// The terminal is given back (its modes, the alternate screen, the cursor) and the jump is
/// kept.
fn restored_and_kept(p: &pty::Pty, home: &std::path::Path, how: &str) {
    assert!(p.is_cooked(), "{how}: the terminal's modes are restored");
    let all = p.output();
    let left = all
        .rfind("\x1b[?1049l")
        .unwrap_or_else(|| panic!("{how}: the alternate screen is left"));
    assert!(
        all[left..].contains("\x1b[?25h"),
        "{how}: the cursor is shown"
    );
    let kept = GameStore::in_folder(&home.join("pegsol"))
        .last_game()
        .expect("kept");
    assert_eq!(kept.record.played().len(), 1, "{how}: the jump is kept");
}

fn fresh_home(name: &str) -> Scratch {
    Scratch::new(&format!("tui-{name}"))
}

#[test]
fn sigterm_sighup_and_sigint_restore_the_terminal_and_keep_the_game() {
    for (signal, name) in [
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
    ] {
        let home = fresh_home(name);
        let mut p = one_jump_in(&home, &[]);
        p.signal(signal);
        let status = p.wait_exit(10).unwrap_or_else(|| panic!("{name}: it ends"));
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.code(), Some(128 + signal), "{name}: {status:?}");
        assert_eq!(status.signal(), None, "{name}: it ended itself");
        restored_and_kept(&p, &home, name);
    }
}

#[test]
fn q_and_ctrl_c_restore_the_terminal_and_keep_the_game() {
    for (key, name) in [(&b"q"[..], "q"), (b"\x03", "Ctrl+C")] {
        let home = fresh_home(&name.replace('+', ""));
        let mut p = one_jump_in(&home, &[]);
        p.send(key);
        let status = p.wait_exit(10).unwrap_or_else(|| panic!("{name}: it ends"));
        assert!(status.success(), "{name}: {status:?}");
        restored_and_kept(&p, &home, name);
    }
}

#[test]
fn a_panic_restores_the_terminal_and_keeps_the_game() {
    let home = fresh_home("panic");
    let mut p = one_jump_in(&home, &[("PEGSOL_TEST_PANIC", "1")]);
    p.send(b"!");
    let status = p.wait_exit(10).expect("it ends");
    assert!(!status.success(), "{status:?}");
    restored_and_kept(&p, &home, "a panic");
    let screen = p.screen();
    assert!(
        screen.contains("panicked"),
        "the message is on the normal screen: {screen}"
    );
}

#[test]
fn with_no_display_and_no_terminal_the_board_is_checked_first_and_the_reason_given() {
    let o = pegsol(&["nosuchboard"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("`nosuchboard` is not a level"), "{err}");
    assert!(
        !err.contains("winit") && !err.contains("EventLoop"),
        "{err}"
    );
    let o = pegsol(&["5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("no display") && err.contains("standard input is not a terminal"),
        "{err}"
    );
    assert!(
        !err.contains("winit") && !err.contains("EventLoop"),
        "{err}"
    );
}

/// Issue 55: a FIFO where the store's lock file goes froze the game at its first jump (the
/// open waited for a reader), deaf to q, Ctrl+C and SIGTERM, and the jump was lost. Refused at
/// once, the game goes on, and quitting rescues it to a file as for any store that cannot
/// be written.
#[test]
fn a_fifo_lock_with_a_jump_played_exits_within_two_seconds_with_the_game_rescued() {
    let home = fresh_home("fifo-lock");
    let data = home.join("pegsol");
    std::fs::create_dir_all(&data).unwrap();
    let lock = std::ffi::CString::new(data.join("games.lock").to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo has no other precondition.
    assert_eq!(unsafe { libc::mkfifo(lock.as_ptr(), 0o600) }, 0);
    let mut command = pty::pegsol(&home, &["play", "english"]);
    // The rescued game is written in the current folder: the scratch one, not the crate's.
    command.current_dir(&home);
    let mut p = pty::Pty::spawn(&mut command, 100, 40);
    p.wait_for("Pegs left: 32", 20).expect("the board is drawn");
    for key in [&b"\x1b[A"[..], b"\x1b[A", b"\r", b"\x1b[B"] {
        p.send(key);
    }
    p.wait_for("Pegs left: 31", 10)
        .expect("the jump is played and drawn");
    p.send(b"q");
    let status = p.wait_exit(2).expect("it ends within 2 s of q");
    assert_eq!(status.code(), Some(1), "{status:?}");
    let rescued: Vec<_> = std::fs::read_dir(&*home)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("pegsol-unsaved-"))
        })
        .collect();
    assert_eq!(rescued.len(), 1, "{rescued:?}: {}", p.screen());
    let text = std::fs::read_to_string(&rescued[0]).unwrap();
    assert!(text.contains("3,1-3,3"), "the jump is in it: {text}");
}

/// Issue 55: a board named with a megabyte of text kept `pegsol play` from drawing or
/// answering q for two minutes (the name was wrapped into the title on every redraw). The
/// name is shown cut to 80 characters, so the game answers at once.
#[test]
fn a_megabyte_board_name_leaves_the_terminal_game_responsive() {
    let home = fresh_home("long-name");
    let board = home.join("long.ron");
    // A megabyte, within the 1 MiB a board file may hold.
    let name = "x".repeat(1_000_000);
    std::fs::write(
        &board,
        format!("Layout(name: \"{name}\", rows: [\"o o .\"])\n"),
    )
    .unwrap();
    let mut p = pty::Pty::spawn(
        &mut pty::pegsol(&home, &["play", board.to_str().unwrap()]),
        100,
        40,
    );
    let screen = p.wait_for("Pegs left: 2", 10).expect("drawn at once");
    assert!(screen.contains("xxx\u{2026}"), "the name is cut: {screen}");
    // The jump (the first peg over the second), kept for the next start.
    for key in [&b"\x1b[D"[..], b"\x1b[D", b"\r", b"\x1b[C"] {
        p.send(key);
    }
    p.wait_for("Pegs left: 1", 10).expect("the jump is played");
    p.send(b"q");
    assert!(p.wait_exit(5).is_some_and(|s| s.success()));
    // Resumed, the game's message quotes the name: cut as well.
    let mut p = pty::Pty::spawn(
        &mut pty::pegsol(&home, &["play", board.to_str().unwrap()]),
        100,
        40,
    );
    let screen = p.wait_for("Resumed", 10).expect("drawn at once");
    assert!(screen.contains('\u{2026}'), "{screen}");
    p.send(b"q");
    assert!(p.wait_exit(5).is_some_and(|s| s.success()));
}
