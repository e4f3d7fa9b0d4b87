//! `pegsol trace`: the assignment's search one expansion a line, its counts against `solve
//! --algorithm classic`, and `--compare` finding where a student's program goes another way.
//!
//! The student programs here are written as the assignment's C code is (a 9x9 field indexed
//! `[x][y]`, a stack of nodes, a set of seen fields), apart from Pegsol's solver, each with
//! one change students make: the compare must find the first expansion where that change
//! shows and name it.

use pegsol_testkit::scratch;

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::Position;
use pegsol_solver::trace::{compare, Cause, DifferenceKind, StudentTrace};
use scratch::Scratch;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Output, Stdio};

use crate::support::pegsol;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A file `name` holding `text`, in a folder of its own (removed when the test passes).
fn temp_file(name: &str, text: &str) -> (Scratch, PathBuf) {
    let dir = Scratch::new(&format!("trace-{}", name.trim_end_matches(".txt")));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// What a student changed in the assignment's search.
#[derive(Clone, Copy, Debug, Default)]
struct Changes {
    /// `for y { for x { ... } }` instead of `for x { for y { ... } }`.
    rows_outer: bool,
    /// Directions up, down, left, right instead of left, right, up, down.
    up_down_first: bool,
    /// No `ht_contains` check: every child is pushed.
    no_duplicate_check: bool,
    /// `if (expanded_nodes >= budget) break;` right after the pop, before the children.
    budget_before_children: bool,
    /// `if (won(&n->state)) ...` on the popped node instead of on each new child.
    win_at_expansion: bool,
}

type Field = [[u8; 9]; 9];
/// A jump as the C code knows it: from `(x, y)` to `(x, y)`.
type CJump = ((i32, i32), (i32, i32));

/// The trace a student's program prints with the guide's three `printf` lines, followed by
/// the STATS block (its counts), for `level` with `budget`.
fn student_trace(level: &str, budget: u64, changes: Changes) -> String {
    let p = resolve_puzzle(level).unwrap();
    let mut field: Field = [[b' '; 9]; 9];
    for c in p.shape().cells() {
        field[usize::from(c.x)][usize::from(c.y)] = if p.start.pegs().contains(c) {
            b'o'
        } else {
            b'.'
        };
    }
    let pegs = |f: &Field| f.iter().flatten().filter(|&&c| c == b'o').count();
    let dirs: [(i32, i32); 4] = if changes.up_down_first {
        [(0, -1), (0, 1), (-1, 0), (1, 0)]
    } else {
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
    };
    let at = |f: &Field, x: i32, y: i32| {
        if (0..9).contains(&x) && (0..9).contains(&y) {
            f[x as usize][y as usize]
        } else {
            b' '
        }
    };
    // A node: its field, depth and the jump that made it (from, to).
    let mut stack: Vec<(Field, usize, Option<CJump>)> = vec![(field, 0, None)];
    let mut seen: HashSet<Field> = HashSet::new();
    let (mut expanded, mut generated) = (0u64, 0u64);
    let mut out = String::new();
    'search: while let Some((f, depth, jump)) = stack.pop() {
        expanded += 1;
        // The three printf lines.
        out.push_str(&format!("{} {} ", depth, pegs(&f)));
        match jump {
            None => out.push_str("-\n"),
            Some(((fx, fy), (tx, ty))) => out.push_str(&format!("{fx},{fy}-{tx},{ty}\n")),
        }
        if changes.win_at_expansion && pegs(&f) == 1 {
            break;
        }
        if changes.budget_before_children && expanded >= budget {
            break;
        }
        for a in 0..9 {
            for b in 0..9 {
                let (x, y) = if changes.rows_outer { (b, a) } else { (a, b) };
                for (dx, dy) in dirs {
                    let legal = at(&f, x, y) == b'o'
                        && at(&f, x + dx, y + dy) == b'o'
                        && at(&f, x + 2 * dx, y + 2 * dy) == b'.';
                    if !legal {
                        continue;
                    }
                    let mut child = f;
                    child[x as usize][y as usize] = b'.';
                    child[(x + dx) as usize][(y + dy) as usize] = b'.';
                    child[(x + 2 * dx) as usize][(y + 2 * dy) as usize] = b'o';
                    generated += 1;
                    if !changes.win_at_expansion && pegs(&child) == 1 {
                        break 'search;
                    }
                    if changes.no_duplicate_check || seen.insert(child) {
                        let jump = ((x, y), (x + 2 * dx, y + 2 * dy));
                        stack.push((child, depth + 1, Some(jump)));
                    }
                }
            }
        }
        if expanded >= budget {
            break;
        }
    }
    out.push_str(&format!(
        "STATS:\nExpanded nodes: {expanded}\nGenerated nodes: {generated}\n"
    ));
    out
}

/// The trace lines of a student trace (the STATS block left out).
fn lines(trace: &str) -> Vec<&str> {
    trace
        .lines()
        .take_while(|l| !l.starts_with("STATS"))
        .collect()
}

/// The first expansion (from 1) where two student traces differ: a differing line, or the
/// first line only one of them has; `None` if their lines are the same.
fn first_difference(a: &str, b: &str) -> Option<u64> {
    let (a, b) = (lines(a), lines(b));
    let n = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    (n < a.len().max(b.len())).then_some(n as u64 + 1)
}

fn start(level: &str) -> Position {
    resolve_puzzle(level).unwrap().start
}

/// Compares a planted student trace and checks the difference's expansion and its cause.
fn check_planted(level: &str, budget: u64, changes: Changes, n: u64, cause: Cause) {
    let text = student_trace(level, budget, changes);
    let theirs = StudentTrace::read(text.as_bytes(), &start(level)).unwrap();
    let c = compare(&start(level), budget, &theirs);
    let d = c.difference.expect("a difference");
    assert_eq!(d.n, n, "{changes:?}: {:?}", d.kind);
    assert_eq!(c.cause, Some(cause), "{changes:?}");
}

#[test]
fn json_lines_are_the_issues_example_form() {
    let o = pegsol(&["trace", "5", "--budget", "2", "--json"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "{\"n\": 1, \"depth\": 0, \"pegs\": 36, \"jump\": null}\n\
         {\"n\": 2, \"depth\": 1, \"pegs\": 35, \"jump\": \"6,3-4,3\"}\n"
    );
}

#[test]
fn text_lines_name_cells_as_the_window_does() {
    let o = pegsol(&["trace", "5", "--budget", "2"]);
    let text = stdout(&o);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(
        rows[2].split_whitespace().collect::<Vec<_>>(),
        ["1", "0", "36", "start"]
    );
    // 6,3-4,3 over 5,3: columns g, f, e on row 4.
    assert_eq!(
        rows[3].split_whitespace().collect::<Vec<_>>(),
        ["2", "1", "35", "g4", "over", "f4", "to", "e4"]
    );
    assert!(
        rows[4].starts_with("Stopped at the budget: 2 expanded, "),
        "{text}"
    );
}

/// A JSON trace line's fields.
fn parse_json(line: &str) -> (u64, u32, u32, Option<String>) {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    (
        v["n"].as_u64().unwrap(),
        v["depth"].as_u64().unwrap() as u32,
        v["pegs"].as_u64().unwrap() as u32,
        v["jump"].as_str().map(String::from),
    )
}

#[test]
fn trace_counts_equal_classic_solves_on_levels_0_to_8_and_the_triangle() {
    for level in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "triangle"] {
        let budget = "60000";
        let solved = pegsol(&[
            "solve",
            level,
            "--algorithm",
            "classic",
            "--budget",
            budget,
            "--json",
        ]);
        let solved: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
        let (expanded, generated) = (
            solved["expanded"].as_u64().unwrap(),
            solved["generated"].as_u64().unwrap(),
        );

        // Expanded: one JSON line each, numbered 1, 2, 3...
        let json = stdout(&pegsol(&["trace", level, "--budget", budget, "--json"]));
        let rows: Vec<_> = json.lines().map(parse_json).collect();
        assert_eq!(rows.len() as u64, expanded, "level {level}");
        assert!(rows.iter().enumerate().all(|(i, r)| r.0 == i as u64 + 1));

        // Generated: every legal jump of every node the lines reach (each node a child of the
        // last node one less deep), but only the first of the last node's if it wins.
        let begin = start(level);
        let mut boards: Vec<Position> = Vec::new();
        let mut sum = 0u64;
        for (i, (_, depth, pegs, jump)) in rows.iter().enumerate() {
            let d = *depth as usize;
            let node = match jump {
                None => begin.clone(),
                Some(j) => boards[d - 1].try_play(j.parse().unwrap()).unwrap(),
            };
            assert_eq!(node.peg_count(), *pegs, "level {level}, line {}", i + 1);
            let legal = node.legal_jumps().len() as u64;
            let last = i + 1 == rows.len();
            sum += if last && solved["stop"] == "solved" {
                1
            } else {
                legal
            };
            boards.truncate(d);
            boards.push(node);
        }
        assert_eq!(sum, generated, "level {level}");

        // The text form's closing line says the same counts.
        let text = stdout(&pegsol(&["trace", level, "--budget", budget]));
        let last = text.lines().last().unwrap();
        let counts = format!(
            "{} expanded, {} generated",
            pegsol_solver::budget::grouped(&expanded.to_string()),
            pegsol_solver::budget::grouped(&generated.to_string())
        );
        assert!(last.contains(&counts), "level {level}: {last} / {counts}");
    }
}

#[test]
fn the_unchanged_student_program_matches_the_trace() {
    // The student program with no change is the assignment's: an oracle for the trace.
    for (level, budget) in [
        ("2", 100),
        ("3", 5000),
        ("4", 5000),
        ("5", 5000),
        ("7", 5000),
    ] {
        let text = student_trace(level, budget, Changes::default());
        let json = stdout(&pegsol(&[
            "trace",
            level,
            "--budget",
            &budget.to_string(),
            "--json",
        ]));
        let ours: Vec<String> = json
            .lines()
            .map(|l| {
                let (_, d, p, j) = parse_json(l);
                format!("{d} {p} {}", j.unwrap_or("-".into()))
            })
            .collect();
        assert_eq!(lines(&text), ours, "level {level}");
        let theirs = StudentTrace::read(text.as_bytes(), &start(level)).unwrap();
        let c = compare(&start(level), budget, &theirs);
        assert_eq!((c.difference, c.cause), (None, None), "level {level}");
    }
}

#[test]
fn compare_finds_a_rows_outer_scan_and_names_it() {
    let plain = student_trace("5", 2000, Changes::default());
    let changes = Changes {
        rows_outer: true,
        ..Changes::default()
    };
    let n = first_difference(&plain, &student_trace("5", 2000, changes)).unwrap();
    check_planted("5", 2000, changes, n, Cause::ScanOrder);
}

#[test]
fn compare_finds_another_direction_order_and_names_it() {
    let plain = student_trace("5", 2000, Changes::default());
    let changes = Changes {
        up_down_first: true,
        ..Changes::default()
    };
    let n = first_difference(&plain, &student_trace("5", 2000, changes)).unwrap();
    let order = vec!["up", "down", "left", "right"];
    check_planted("5", 2000, changes, n, Cause::DirectionOrder(order));
}

#[test]
fn compare_finds_a_missing_duplicate_check_and_names_it() {
    let plain = student_trace("5", 20_000, Changes::default());
    let changes = Changes {
        no_duplicate_check: true,
        ..Changes::default()
    };
    let n = first_difference(&plain, &student_trace("5", 20_000, changes)).unwrap();
    assert!(n > 2, "the change shows only after a duplicate: {n}");
    check_planted("5", 20_000, changes, n, Cause::NoDuplicateCheck);
}

#[test]
fn compare_finds_the_budget_tested_before_the_children_and_names_it() {
    // The lines are the same; only the STATS block's generated count shows the change, at
    // the last expansion (level 5's 1000th node has two children: its 2000th has none, and
    // there the change cannot be seen at all).
    let changes = Changes {
        budget_before_children: true,
        ..Changes::default()
    };
    let planted = student_trace("5", 1000, changes);
    let plain = student_trace("5", 1000, Changes::default());
    assert_eq!(first_difference(&plain, &planted), None);
    assert_ne!(plain.lines().last(), planted.lines().last());
    check_planted("5", 1000, changes, 1000, Cause::BudgetBeforeChildren);
    let theirs = StudentTrace::read(planted.as_bytes(), &start("5")).unwrap();
    let d = compare(&start("5"), 1000, &theirs).difference.unwrap();
    assert!(matches!(d.kind, DifferenceKind::Generated { ours, theirs } if ours > theirs));
}

#[test]
fn compare_finds_the_win_tested_at_expansion_and_names_it() {
    // Level 4 is won at its 1065th expansion; a win tested at expansion goes on to pop the
    // one-peg node.
    let plain = student_trace("4", 100_000, Changes::default());
    let changes = Changes {
        win_at_expansion: true,
        ..Changes::default()
    };
    let planted = student_trace("4", 100_000, changes);
    let n = first_difference(&plain, &planted).unwrap();
    assert_eq!(n, lines(&plain).len() as u64 + 1);
    check_planted("4", 100_000, changes, n, Cause::WinAtExpansion);
}

#[test]
fn compare_prints_both_boards_paths_and_the_cause() {
    let changes = Changes {
        rows_outer: true,
        ..Changes::default()
    };
    let (_dir, file) = temp_file("rows.txt", &student_trace("5", 500, changes));
    let o = pegsol(&[
        "trace",
        "5",
        "--budget",
        "500",
        "--compare",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    for want in [
        "they agree on the first 1 expansions and differ at expansion 2:",
        "The assignment's search",
        "Your trace",
        "Path from the start:",
        "  the search: 6,3-4,3\n",
        "  yours:      ",
        "Likely cause: a different scan order",
    ] {
        assert!(text.contains(want), "missing {want:?} in:\n{text}");
    }
    // The boards side by side: a row of each on one line.
    assert!(
        text.lines().any(|l| l.matches("o o o").count() >= 2),
        "{text}"
    );
}

#[test]
fn a_bad_trace_file_is_refused_naming_the_line() {
    let (_dir, file) = temp_file("bad.txt", "0 36 -\n1 35 6,3-4,3\n2 34 banana\n");
    let o = pegsol(&["trace", "5", "--compare", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("bad.txt: line 3: `banana` is not a jump"),
        "{err}"
    );
    let missing = pegsol(&["trace", "5", "--compare", "/nonexistent/trace.txt"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/trace.txt"));
}

#[test]
fn a_closed_pipe_ends_the_trace_quietly() {
    let mut child = crate::support::command()
        .args(["trace", "6", "--budget", "10M", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("{\"n\": 1,"), "{first}");
    drop(out);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(err, "");
}
