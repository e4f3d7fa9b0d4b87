//! The terminal game against what a real connection does to it, on a pseudo-terminal: the
//! terminal hanging up (the SSH connection dropped), keys arriving in one read the way the
//! terminal sent them, signals during `play_solution`'s animation, and a `DISPLAY` that
//! names no server.

use crate::pty;

use pegsol_testkit::scratch;

use pegsol_record::GameStore;
use scratch::Scratch;

/// `pegsol play english` on a fresh terminal of its own (`controlling`: as its controlling
/// terminal), one jump played (d2 over d3 to d4).
fn one_jump_in(home: &std::path::Path, controlling: bool) -> pty::Pty {
    let mut command = pty::pegsol(home, &["play", "english"]);
    let mut p = pty::Pty::spawn_with(&mut command, 100, 40, controlling);
    p.wait_for("Pegs left: 32", 20).expect("the board is drawn");
    // The cursor starts at d4: up twice to d2, pick it up, down jumps it.
    for key in [&b"\x1b[A"[..], b"\x1b[A", b"\r", b"\x1b[B"] {
        p.send(key);
    }
    p.wait_for("Pegs left: 31", 10).expect("the jump is played");
    p
}

fn jumps_kept(home: &std::path::Path) -> usize {
    GameStore::in_folder(&home.join("pegsol"))
        .last_game()
        .expect("kept")
        .record
        .played()
        .len()
}

#[test]
fn a_hang_up_ends_the_game_within_2_s_with_status_129_and_keeps_it() {
    // As the controlling terminal (SIGHUP comes too), and as a terminal that is only the
    // standard streams (nothing but the end of input says it is gone).
    for controlling in [true, false] {
        let home = Scratch::new(&format!("tui-hangup-{controlling}"));
        let mut p = one_jump_in(&home, controlling);
        p.close_master();
        let status = p
            .wait_exit(2)
            .unwrap_or_else(|| panic!("controlling {controlling}: still running after 2 s"));
        assert_eq!(status.code(), Some(129), "controlling {controlling}");
        assert_eq!(jumps_kept(&home), 1, "controlling {controlling}");
    }
}

#[test]
fn esc_esc_then_a_sequence_is_one_key_and_undoes_no_jump() {
    let home = Scratch::new("tui-esc-esc");
    let mut p = one_jump_in(&home, true);
    // A quick Esc then Left (Alt+Left where Alt sends ESC first), in one read: never Esc,
    // `[` (a step back along the timeline), `D`.
    p.send(b"\x1b\x1b[D");
    // ESC ESC [ A: never `A`, which would switch to ASCII pegs.
    p.send(b"\x1b\x1b[A");
    // ESC ESC O Q: never `O` (the file prompt) and then `Q` (quit).
    p.send(b"\x1b\x1bOQ");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let screen = p.screen();
    assert!(screen.contains("Pegs left: 31"), "{screen}");
    assert!(!screen.contains("Jump 0 of 1"), "{screen}");
    assert!(!screen.contains("ASCII pegs"), "{screen}");
    assert!(!screen.contains("Open a board"), "{screen}");
    // A lone Esc after a pause is Escape, and the game goes on to a plain `q`.
    p.send(b"\x1b");
    std::thread::sleep(std::time::Duration::from_millis(200));
    p.send(b"q");
    let status = p.wait_exit(10).expect("q quits");
    assert!(status.success(), "{status:?}");
    assert_eq!(jumps_kept(&home), 1, "no jump undone");
}

/// `pegsol 0 AI 10000 play_solution` in `home` (where it writes output.txt), its animation
/// on screen.
fn watching(home: &std::path::Path) -> pty::Pty {
    let mut command = pty::pegsol(home, &["0", "AI", "10000", "play_solution"]);
    command.current_dir(home);
    let p = pty::Pty::spawn(&mut command, 100, 40);
    p.wait_for("Playing the solution", 20)
        .expect("the animation starts");
    p
}

#[test]
fn term_and_hup_during_play_solution_restore_the_terminal_and_int_stops_it() {
    for (signal, name) in [(libc::SIGTERM, "SIGTERM"), (libc::SIGHUP, "SIGHUP")] {
        let home = Scratch::new(&format!("tui-watch-{name}"));
        let mut p = watching(&home);
        assert!(!p.is_cooked(), "{name}: raw mode while watching");
        p.signal(signal);
        let status = p.wait_exit(5).unwrap_or_else(|| panic!("{name}: it ends"));
        assert_eq!(status.code(), Some(128 + signal), "{name}: {status:?}");
        assert!(p.is_cooked(), "{name}: icanon, echo and isig are back");
        let all = p.output();
        let left = all
            .rfind("\x1b[?1049l")
            .unwrap_or_else(|| panic!("{name}: the alternate screen is left"));
        assert!(
            all[left..].contains("\x1b[?25h"),
            "{name}: the cursor is shown"
        );
    }
    let home = Scratch::new("tui-watch-SIGINT");
    let mut p = watching(&home);
    p.signal(libc::SIGINT);
    let status = p.wait_exit(5).expect("SIGINT stops the animation");
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert!(p.is_cooked(), "SIGINT: the terminal is restored");
    p.wait_for_output("STATS:", 2)
        .expect("the STATS block is printed after the animation stops");
}

/// A display number no X server here listens on (as a stale `DISPLAY` names).
fn stale_display() -> String {
    let free = (77..)
        .find(|n| !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
        .expect("a free number");
    format!(":{free}")
}

#[test]
fn a_display_with_no_server_falls_back_to_the_terminal_game() {
    let home = Scratch::new("tui-stale-display");
    let display = stale_display();
    let mut command = pty::pegsol(&home, &["english"]);
    command.env("DISPLAY", &display);
    let mut p = pty::Pty::spawn(&mut command, 100, 40);
    p.wait_for("Pegs left: 32", 20)
        .expect("the terminal game starts");
    let out = p.output();
    assert!(
        out.contains(&format!("DISPLAY={display} names no X server that answers")),
        "the line says why: {out}"
    );
    assert!(!out.contains("winit"), "{out}");
    p.send(b"q");
    assert!(p.wait_exit(10).is_some_and(|s| s.success()));
    // With no terminal either: the board is checked first (status 2, naming it).
    let o = crate::support::command()
        .arg("nosuch")
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("XDG_DATA_HOME", &*home)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("`nosuch` is not a level"), "{err}");
    assert!(
        !err.contains("winit") && !err.contains("EventLoop"),
        "{err}"
    );
}

#[test]
fn a_game_opened_during_play_solution_is_kept_and_g_answers() {
    let home = Scratch::new("tui-watch-open");
    let mut p = watching(&home);
    // g with no other game of level 0 kept: it says so (it did nothing before). The
    // animation is paused first, so its next step does not take the message line.
    p.send(b"p");
    p.send(b"g");
    p.wait_for("No other game of this board is kept", 5)
        .expect("g answers");
    // o takes a board by name, as `pegsol play` does; the game opened is kept.
    p.send(b"o");
    p.send(b"english\r");
    p.wait_for("Pegs left: 32", 5).expect("English is opened");
    for key in [&b"\x1b[A"[..], b"\x1b[A", b"\r", b"\x1b[B"] {
        p.send(key);
    }
    p.wait_for("Pegs left: 31", 5).expect("a jump on it");
    p.send(b"q");
    let status = p.wait_exit(10).expect("q quits");
    assert!(status.success(), "{status:?}");
    let kept = GameStore::in_folder(&home.join("pegsol"))
        .last_game()
        .expect("the game opened is kept");
    assert_eq!(kept.puzzle.name, "English");
    assert_eq!(kept.record.played().len(), 1);
}
