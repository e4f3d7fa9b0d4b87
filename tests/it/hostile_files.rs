//! Files that used to crash or mislead the command line (issue 17), run through the real
//! binary: each is refused with exit status 2 and a message naming the file and where, or
//! read as the person meant it.

use pegsol_testkit::scratch;

use scratch::Scratch;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

/// Far more than any of these needs (they answer in milliseconds); a run that takes longer
/// is a hang, killed and failed rather than waited on.
const LIMIT: Duration = Duration::from_secs(30);

/// Runs `pegsol args...` in `dir`; returns (exit code, stdout, stderr).
fn pegsol(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let child = crate::support::command()
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let (status, out, err) = crate::support::finish(child, &format!("pegsol {args:?}"), LIMIT);
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

/// Every subcommand that opens a board, with `FILE` where the board goes. Each prints the
/// board's name or its path somewhere (a header, a table's title, JSON's `layout`, a progress
/// line or a message).
const EVERY_SUBCOMMAND: &[&[&str]] = &[
    &["show", "FILE"],
    &["solve", "FILE"],
    &["solve", "FILE", "--json"],
    &["solve", "FILE", "--algorithm", "classic"],
    &["solve", "FILE", "--fewest-moves"],
    &["solve", "FILE", "--fewest-moves", "--json"],
    &["count", "FILE"],
    &["count", "FILE", "--json"],
    &["solutions", "FILE"],
    &["solutions", "FILE", "--json"],
    &["analyze", "FILE"],
    &["analyze", "FILE", "--json"],
    &["hint", "FILE"],
    &["hint", "FILE", "--json"],
    &["trace", "FILE"],
    &["trace", "FILE", "--json"],
    &["trace", "FILE", "--engine", "exact"],
    &["trace", "FILE", "--engine", "beam"],
    &["experiment", "--layouts", "FILE", "--budgets", "10"],
    &["FILE", "AI", "10"],
];

/// The first control character other than the line feed in `text` (C0, DEL, C1: ESC starts
/// a terminal's escapes, BEL ends OSC 52, U+009B is a one-character CSI), if any.
fn control_in(text: &str) -> Option<char> {
    text.chars().find(|c| c.is_control() && *c != '\n')
}

/// Runs every subcommand on `file` in `dir`: each must finish (status 0) and write no control
/// character to either output. Returns what `solve` printed.
fn no_control_character_from(dir: &Path, file: &str, what: &str) -> String {
    let mut solved = String::new();
    for args in EVERY_SUBCOMMAND {
        let args: Vec<&str> = args
            .iter()
            .map(|a| if *a == "FILE" { file } else { a })
            .collect();
        let (code, out, err) = pegsol(dir, &args);
        assert_eq!(code, 0, "{what}: {:?}: {err}", &args[..2]);
        for (stream, text) in [("stdout", &out), ("stderr", &err)] {
            if let Some(c) = control_in(text) {
                panic!("{what}: {:?} wrote {c:?} to {stream}: {text:?}", &args[..2]);
            }
        }
        if args[..2] == ["solve", file] && args.len() == 2 {
            solved = out;
        }
    }
    solved
}

#[test]
fn an_osc_52_board_name_or_file_name_reaches_no_terminal_through_any_subcommand() {
    let dir = temp_dir("osc52");
    // The name as issue 55 wrote it: RON's escapes make ESC and BEL of it.
    std::fs::write(
        dir.join("evil.ron"),
        "Layout(name: \"\\u{1b}]52;c;SGVsbG8=\\u{7}\\u{1b}[2J\", rows: [\"o o .\"])\n",
    )
    .unwrap();
    let solved = no_control_character_from(&dir, "evil.ron", "OSC 52 name");
    // The name is still shown, escaped, as the error messages show such text.
    assert!(solved.contains("\\u{1b}]52;c;SGVsbG8=\\u{7}"), "{solved}");
    // A file whose own name holds the escape, with a plain board in it.
    let evil_path = "e\u{1b}]0;owned\u{7}\u{1b}[2J.ron";
    std::fs::write(
        dir.join(evil_path),
        "Layout(name: \"plain\", rows: [\"o o .\"])\n",
    )
    .unwrap();
    let solved = no_control_character_from(&dir, evil_path, "file name");
    assert!(solved.contains("e\\u{1b}]0;owned\\u{7}"), "{solved}");
}

#[test]
fn names_with_every_c0_and_c1_control_character_reach_no_terminal_through_any_subcommand() {
    let dir = temp_dir("every-control");
    let controls: Vec<char> = (0u32..0x20)
        .chain(0x7f..0xa0)
        .filter_map(char::from_u32)
        .collect();
    assert_eq!(controls.len(), 65);
    // Each character in a board's name and (but NUL, which no file name holds) in the file's
    // own name; two threads, as the runs are short and many.
    let files: Vec<(char, String)> = controls
        .iter()
        .map(|&c| {
            let file = if c == '\0' {
                "nul.ron".to_string()
            } else {
                format!("n{c}.ron")
            };
            let text = format!(
                "Layout(name: \"a\\u{{{:x}}}b\", rows: [\"o o .\"])\n",
                u32::from(c)
            );
            std::fs::write(dir.join(&file), text).unwrap();
            (c, file)
        })
        .collect();
    std::thread::scope(|s| {
        for half in files.chunks(files.len().div_ceil(2)) {
            let dir = &dir;
            s.spawn(move || {
                for (c, file) in half {
                    no_control_character_from(dir, file, &format!("{c:?}"));
                }
            });
        }
    });
}
