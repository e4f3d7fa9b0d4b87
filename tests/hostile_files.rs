//! Files that used to crash or mislead the command line (issue 17), run through the real
//! binary: each is refused with exit status 2 and a message naming the file and where, or
//! read as the person meant it.

#[path = "support/scratch.rs"]
mod scratch;

use scratch::Scratch;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than any of these needs (they answer in milliseconds); a run that takes longer
/// is a hang, killed and failed rather than waited on.
const LIMIT: Duration = Duration::from_secs(30);

/// Runs `pegsol args...` in `dir`; returns (exit code, stdout, stderr).
fn pegsol(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pegsol"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("pegsol {args:?} ran over {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let (mut out, mut err) = (String::new(), String::new());
    if let Some(mut s) = child.stdout.take() {
        s.read_to_string(&mut out).expect("stdout is text");
    }
    if let Some(mut s) = child.stderr.take() {
        s.read_to_string(&mut err).expect("stderr is text");
    }
    (status.code().unwrap_or(-1), out, err)
}

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("hostile-{name}"))
}

#[test]
fn huge_pegs_game_ids_are_refused_before_anything_is_allocated() {
    let dir = temp_dir("pegs");
    for (name, id) in [
        ("a.txt", "0x99999999999999999:"),
        ("b.txt", "4294967296x4294967296:"),
        ("c.txt", "0x1000000000:"),
        ("d.txt", "0x100000000:"),
    ] {
        std::fs::write(dir.join(name), id).unwrap();
        let (code, _, err) = pegsol(&dir, &["show", name]);
        assert_eq!(code, 2, "{id}: {err}");
        assert!(err.contains(&format!("{name}:1:")), "{err}");
        assert!(err.contains("must be 1 to 11"), "{err}");
    }
}

#[test]
fn a_board_problem_in_a_ron_file_names_the_files_line_and_column() {
    let dir = temp_dir("place");
    std::fs::write(
        dir.join("x.ron"),
        "Layout(\n  name: \"x\",\n  rows: [\n    \"o o . o\",\n    \"o x .\",\n  ],\n)\n",
    )
    .unwrap();
    let (code, _, err) = pegsol(&dir, &["show", "x.ron"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("x.ron:5:8: row 1, character 2: `x`"), "{err}");
}

#[test]
fn a_file_with_a_byte_order_mark_and_crlf_is_read() {
    let dir = temp_dir("bom");
    std::fs::write(
        dir.join("bom.ron"),
        "\u{feff}Layout(\r\n  name: \"b\",\r\n  rows: [\"o o .\"],\r\n)\r\n",
    )
    .unwrap();
    let (code, out, err) = pegsol(&dir, &["show", "bom.ron"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end(), "o o .");
}

#[test]
fn control_characters_from_a_file_never_reach_the_terminal() {
    let dir = temp_dir("control");
    std::fs::write(
        dir.join("c.ron"),
        "Layout(name: \"c\", rows: [\"o o \u{1b}[2J\"])",
    )
    .unwrap();
    std::fs::write(dir.join("c.txt"), "oo\u{1b}[2J\n").unwrap();
    for name in ["c.ron", "c.txt"] {
        let (code, _, err) = pegsol(&dir, &["show", name]);
        assert_eq!(code, 2, "{err}");
        assert!(!err.contains('\u{1b}'), "{err:?}");
        assert!(err.contains("\\u{1b}"), "{err}");
    }
}

#[test]
fn a_folder_is_reported_as_not_a_file_rather_than_not_a_level() {
    let dir = temp_dir("folder");
    std::fs::create_dir_all(dir.join("boards")).unwrap();
    let (code, _, err) = pegsol(&dir, &["show", "boards"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("boards: not a file"), "{err}");
}
