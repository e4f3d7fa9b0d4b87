//! The command line as a person uses it: real processes, real files, exit codes.

use pegsol_testkit::scratch;

use scratch::Scratch;
use std::process::Output;

use crate::support::{pegsol, pegsol_in};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("test-{name}"))
}

fn seed_rows(level: usize) -> Vec<String> {
    let text = include_str!("../data/seed-layouts.txt");
    let mut lines = text.lines().skip_while(|l| *l != format!("layout {level}"));
    lines.next();
    lines
        .take(9)
        .map(|l| l.trim_matches('|').to_string())
        .collect()
}

#[test]
fn layouts_lists_at_least_fifteen_boards() {
    let o = pegsol(&["layouts"]);
    assert!(o.status.success());
    let boards = stdout(&o).lines().skip(1).count();
    assert!(boards >= 15, "{boards} boards");
    assert!(stdout(&o).contains("english"));
}

#[test]
fn show_5_prints_level_5_exactly_as_the_table() {
    let o = pegsol(&["show", "5"]);
    assert!(o.status.success());
    let printed: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(printed, seed_rows(5));
}

#[test]
fn hand_written_ron_file_loads() {
    let dir = temp_dir("ron");
    let path = dir.join("mine.ron");
    std::fs::write(
        &path,
        "Layout(\n    name: \"Mine\",\n    rows: [\n        \"o o . o\",\n    ],\n)\n",
    )
    .unwrap();
    let o = pegsol(&["show", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "o o . o \n");
}

#[test]
fn broken_ron_file_exits_2_with_file_line_and_column() {
    let dir = temp_dir("broken");
    let path = dir.join("broken.ron");
    std::fs::write(
        &path,
        "Layout(\n    name: \"x\",\n    rows: [\"o o .\", 7],\n)\n",
    )
    .unwrap();
    let o = pegsol(&["show", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{}:3:", path.display())),
        "no file:line:column in {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn binary_and_empty_files_are_refused_cleanly() {
    let dir = temp_dir("binary");
    let bin = dir.join("board.ron");
    std::fs::write(&bin, [0x89, b'P', b'N', b'G', 0, 0xff, 0xfe]).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    for path in [&bin, &empty] {
        let o = pegsol(&["show", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{}", path.display());
        assert!(stderr(&o).contains(&path.display().to_string()));
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn unplayable_board_lists_its_problems() {
    let dir = temp_dir("invalid");
    let path = dir.join("big.ron");
    let row = "\"o . o . o . o . o . o . o\"";
    std::fs::write(&path, format!("Layout(name: \"big\", rows: [{row}])")).unwrap();
    let o = pegsol(&["show", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("columns go from 0 to 10"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn assignment_command_prints_the_published_figures_and_writes_output_txt() {
    let dir = temp_dir("ai");
    let o = pegsol_in(&dir, &["5", "AI", "1200000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "STATS:",
        "Expanded nodes: 1090275",
        "Generated nodes: 4898609",
        "Solution Length: 35",
        "Number of Pegs Left: 1",
    ] {
        assert!(out.lines().any(|l| l == line), "missing `{line}` in\n{out}");
    }
    assert!(out.contains("Expanded/seconds: ") && out.contains("Time (seconds): "));
    let file = std::fs::read_to_string(dir.join("output.txt")).unwrap();
    assert_eq!(file, out);
}

#[test]
fn play_solution_prints_every_board() {
    let dir = temp_dir("play");
    let o = pegsol_in(&dir, &["0", "AI", "10", "play_solution"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Jump 1 of 2: 3,3-5,3") && out.contains("Jump 2 of 2: 6,3-4,3"));
}

#[test]
fn bad_assignment_arguments_give_usage_and_exit_2() {
    for args in [
        &["5", "AI"][..],
        &["5", "AI", "-3"],
        &["5", "AI", "many"],
        &["9", "AI", "100"],
        &["5", "AI", "100", "dance"],
    ] {
        let o = pegsol(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("usage: pegsol <level> AI <budget>"),
            "{args:?}"
        );
    }
}

#[test]
fn absurd_budget_is_refused_up_front_with_the_memory_it_needs() {
    let o = pegsol(&[
        "solve",
        "6",
        "--algorithm",
        "classic",
        "--budget",
        "1000000000000",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("GiB"), "{}", stderr(&o));
}

#[test]
fn classic_solves_level_7_with_ten_million() {
    let o = pegsol(&[
        "solve",
        "7",
        "--algorithm",
        "classic",
        "--budget",
        "10000000",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["won"], true);
    assert_eq!(v["pegs_left"], 1);
    assert_eq!(v["algorithm"], "classic");
    for key in [
        "layout",
        "budget",
        "expanded",
        "generated",
        "solution_length",
        "seconds",
        "peak_nodes",
        "found_by",
        "jumps",
    ] {
        assert!(v.get(key).is_some(), "no {key}");
    }
    // The classic engine has no portfolio.
    assert_eq!(v["found_by"], serde_json::Value::Null);
}

#[test]
fn solve_json_says_which_member_of_the_portfolio_found_the_jumps() {
    // As the guide documents (The command line): `depth-first search` or `beam search (width N)`.
    for (layout, finder) in [
        ("english", "depth-first search"),
        ("6", "beam search (width "),
    ] {
        let o = pegsol(&["solve", layout, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let found_by = v["found_by"].as_str().unwrap_or_default();
        assert!(found_by.starts_with(finder), "{layout}: {found_by:?}");
    }
}

#[test]
fn exact_solve_of_english_is_proven() {
    let o = pegsol(&["solve", "english", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["pegs_left"].as_u64(), v["proven_optimal"].as_bool()),
        (Some(1), Some(true))
    );
}

#[test]
fn a_finish_the_position_class_rules_out_claims_no_fewest_pegs_in_json() {
    // It once said `"pegs_left": 32, "proven_optimal": true`: the start's count, never
    // searched.
    let o = pegsol(&["solve", "english", "--finish", "3,2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["finish_reachable"], false, "{v}");
    assert!(v["pegs_left"].is_null(), "{v}");
    assert_eq!(v["proven_optimal"], false, "{v}");
    // A finish it allows keeps its searched figures.
    let o = pegsol(&["solve", "english", "--finish", "3,3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        (v["pegs_left"].as_u64(), v["won"].as_bool()),
        (Some(1), Some(true))
    );
}

#[test]
fn finish_off_the_board_is_a_usage_error() {
    let o = pegsol(&["solve", "english", "--finish", "0,0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("0,0 is not a hole"));
}

#[test]
fn algorithm_takes_every_engine_name_and_moves_is_the_fewest_moves_search() {
    // `moves`, the name `experiment --algorithms` and the sweep's tables use, is
    // `--fewest-moves`: the same output.
    let named = pegsol(&["solve", "triangle", "--algorithm", "moves", "--json"]);
    let flag = pegsol(&["solve", "triangle", "--fewest-moves", "--json"]);
    assert!(named.status.success(), "{}", stderr(&named));
    assert!(flag.status.success(), "{}", stderr(&flag));
    let value = |o: &Output| -> serde_json::Value {
        let mut v: serde_json::Value = serde_json::from_str(&stdout(o)).expect("JSON");
        // Timings differ from run to run.
        if let Some(map) = v.as_object_mut() {
            map.retain(|k, _| !k.contains("second"));
        }
        v
    };
    assert_eq!(value(&named), value(&flag));
    assert!(value(&named).get("moves").is_some(), "{}", stdout(&named));
    // Both at once is refused as before, and so is a name that is no engine.
    let both = pegsol(&["solve", "1", "--algorithm", "exact", "--fewest-moves"]);
    assert_eq!(both.status.code(), Some(2));
    let unknown = pegsol(&["solve", "1", "--algorithm", "beam"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("exact, classic, moves"),
        "{}",
        stderr(&unknown)
    );
}

/// A 4x4 board with its corner empty, and a saved game on it: three jumps, two played.
const SQUARE: &str =
    "Layout(name: \"Square\", rows: [\"o o o o\", \"o o o o\", \"o o o o\", \"o o o .\"])";

#[test]
fn the_command_line_opens_a_saved_game_at_its_position() {
    let dir = temp_dir("saved-game");
    std::fs::write(dir.join("square.ron"), format!("{SQUARE}\n")).unwrap();
    std::fs::write(
        dir.join("game.pegsol"),
        format!(
            "SavedGame(layout: {SQUARE}, jumps: [\"3,1-3,3\", \"1,2-3,2\", \"3,3-3,1\"], \
             current: 2)\n"
        ),
    )
    .unwrap();
    let said = "Saved game: Square, jump 2 of 3 (13 pegs)";
    for command in [
        "show",
        "solve",
        "hint",
        "count",
        "solutions",
        "analyze",
        "trace",
    ] {
        let o = pegsol_in(&dir, &[command, "game.pegsol"]);
        assert!(o.status.success(), "{command}: {}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().next(), Some(said), "{command}: {out}");
        // A board file stays a board: nothing said, its own start.
        let o = pegsol_in(&dir, &[command, "square.ron"]);
        assert!(o.status.success(), "{command}: {}", stderr(&o));
        assert!(!stdout(&o).contains("Saved game"), "{command}");
    }
    // The position is the game's: 13 pegs shown, and the search starts from them.
    let o = pegsol_in(&dir, &["show", "game.pegsol"]);
    let board: String = stdout(&o).lines().skip(1).collect();
    assert_eq!(board.matches('o').count(), 13, "{}", stdout(&o));
    let o = pegsol_in(&dir, &["show", "square.ron"]);
    assert_eq!(stdout(&o).matches('o').count(), 15, "{}", stdout(&o));
    let o = pegsol_in(&dir, &["trace", "game.pegsol", "--json"]);
    let first = stdout(&o).lines().next().unwrap_or_default().to_string();
    assert!(first.contains("\"pegs\": 13"), "{first}");
    // With --json, standard output stays one JSON object; the line goes to standard error.
    let o = pegsol_in(&dir, &["solve", "game.pegsol", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with('{'), "{}", stdout(&o));
    assert!(stderr(&o).contains(said), "{}", stderr(&o));
}
