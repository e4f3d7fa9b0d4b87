//! `pegsol experiment` as a person runs it: the real binary, real files. Its classic rows must
//! be exactly what `pegsol solve --algorithm classic --json` reports for the same run, and its
//! moves rows what `pegsol solve --fewest-moves --json` reports; its CSV must read back; its
//! charts must be real PNGs.

#[cfg(unix)]
use pegsol_testkit::interrupt;

use pegsol_testkit::scratch;

use pegsol_experiment::{self as experiment, SweepRow};
use pegsol_solver::Engine;
use scratch::Scratch;

use crate::support::pegsol;

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("experiment-{name}"))
}

/// Runs a sweep with `--csv` and returns its rows read back from the file.
fn sweep_rows(dir: &std::path::Path, extra: &[&str]) -> Vec<SweepRow> {
    let csv = dir.join("rows.csv");
    let mut args = vec!["experiment", "--csv", csv.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = pegsol(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    experiment::parse_csv(&std::fs::read_to_string(&csv).unwrap()).unwrap()
}

fn solve_json(level: &str, budget: u64) -> serde_json::Value {
    let o = pegsol(&[
        "solve",
        level,
        "--algorithm",
        "classic",
        "--budget",
        &budget.to_string(),
        "--json",
    ]);
    assert!(o.status.success());
    serde_json::from_slice(&o.stdout).unwrap()
}

fn assert_same_as_solve(row: &SweepRow, level: &str) {
    let j = solve_json(level, row.budget);
    assert_eq!(j["layout"], row.layout.as_str(), "{level}");
    assert_eq!(j["expanded"], row.expanded, "{level}");
    assert_eq!(j["generated"], row.generated, "{level}");
    assert_eq!(j["solution_length"], row.solution_length, "{level}");
    assert_eq!(j["pegs_left"], row.pegs_left, "{level}");
    assert_eq!(j["proven_optimal"], row.proven_optimal, "{level}");
}

#[test]
fn classic_rows_equal_single_solve_runs() {
    let dir = temp_dir("rows");
    let rows = sweep_rows(&dir, &["--layouts", "0-4", "--budgets", "10k"]);
    assert_eq!(rows.len(), 5);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.algorithm, Engine::Classic);
        assert_eq!(row.layout, format!("level-{i}"));
        assert_same_as_solve(row, &i.to_string());
    }
    let five = sweep_rows(&dir, &["--layouts", "5", "--budgets", "100k"]);
    assert_eq!(five.len(), 1);
    assert_eq!((five[0].pegs_at_start, five[0].expanded), (36, 100_000));
    assert_same_as_solve(&five[0], "5");
}

#[test]
fn moves_rows_equal_single_fewest_moves_runs() {
    let dir = temp_dir("moves");
    let rows = sweep_rows(
        &dir,
        &[
            "--layouts",
            "2,3,triangle",
            "--budgets",
            "100,100k",
            "--algorithms",
            "exact,moves",
        ],
    );
    assert_eq!(rows.len(), 12);
    let moves: Vec<&SweepRow> = rows
        .iter()
        .filter(|r| r.algorithm == Engine::FewestMoves)
        .collect();
    assert_eq!(moves.len(), 6);
    for row in &moves {
        let level = match row.layout.as_str() {
            "triangle" => "triangle".to_string(),
            name => name.trim_start_matches("level-").to_string(),
        };
        let o = pegsol(&[
            "solve",
            &level,
            "--fewest-moves",
            "--budget",
            &row.budget.to_string(),
            "--json",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let what = format!("{} {}", row.layout, row.budget);
        assert_eq!(j["moves"].as_u64(), row.moves.map(u64::from), "{what}");
        assert_eq!(
            j["lower_bound"].as_u64(),
            row.moves_lower_bound.map(u64::from),
            "{what}"
        );
        assert_eq!(j["proven_optimal"], row.proven_optimal, "{what}");
        assert_eq!(j["expanded"], row.expanded, "{what}");
        assert_eq!(j["generated"], row.generated, "{what}");
        assert_eq!(j["solution_length"], row.solution_length, "{what}");
    }
    // Level 3 is proven at 9 moves with 100k, but 100 leaves only a lower bound (the level
    // engine that finds the winnable positions may hold 16 per expansion, too few at 100);
    // the triangle's 10 moves are proven at 100k.
    let find = |layout: &str, budget: u64| {
        moves
            .iter()
            .find(|r| r.layout == layout && r.budget == budget)
            .expect("the row")
    };
    let cut = find("level-3", 100);
    assert_eq!((cut.moves, cut.proven_optimal), (None, false));
    assert_eq!(cut.pegs_left, cut.pegs_at_start);
    assert_eq!(find("level-3", 100_000).moves, Some(9));
    assert!(find("level-3", 100_000).proven_optimal);
    assert_eq!(find("triangle", 100_000).moves, Some(10));
    // The other engine's rows have no moves figures.
    assert!(rows
        .iter()
        .filter(|r| r.algorithm == Engine::Exact)
        .all(|r| r.moves.is_none() && r.moves_lower_bound.is_none()));
}

#[test]
fn a_moves_sweep_prints_the_moves_columns_and_draws_the_moves_chart() {
    let dir = temp_dir("moves-files");
    let plots = dir.join("plots");
    let o = pegsol(&[
        "experiment",
        "--layouts",
        "2,triangle",
        "--budgets",
        "10k",
        "--algorithms",
        "moves",
        "--plots",
        plots.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 2 + 2, "{out}");
    assert!(
        out.lines()
            .next()
            .is_some_and(|h| h.ends_with("| storage MiB | moves | moves lower bound |")),
        "{out}"
    );
    assert!(out.contains("| triangle | 14 | moves | 10k | 1 |"), "{out}");
    assert!(
        out.contains("| yes |") && out.contains("| 10 | 10 |"),
        "{out}"
    );
    assert!(
        err.contains("triangle moves 10k: moves 10 (proven)"),
        "{err}"
    );
    // Moves only: the moves chart and the speed chart, no pegs charts.
    assert!(plots.join("budget-vs-moves.png").is_file());
    assert!(plots.join("speed.png").is_file());
    assert!(!plots.join("pegs-vs-start.png").exists());
}

#[test]
fn the_table_is_printed_and_the_files_are_written() {
    let dir = temp_dir("files");
    let md = dir.join("table.md");
    let plots = dir.join("plots");
    let o = pegsol(&[
        "experiment",
        "--layouts",
        "0-2,english",
        "--budgets",
        "10k,20000",
        "--algorithms",
        "classic,exact",
        "--markdown",
        md.to_str().unwrap(),
        "--plots",
        plots.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let out = String::from_utf8_lossy(&o.stdout);
    // Header, rule, and 4 layouts x 2 budgets x 2 engines.
    assert_eq!(out.lines().count(), 2 + 16, "{out}");
    assert!(out.starts_with("| layout | pegs at start | algorithm | budget | pegs left |"));
    assert!(out.contains("| english | 32 | exact | 20k | 1 |"), "{out}");
    assert!(err.contains("[16/16]"), "{err}");
    assert_eq!(std::fs::read_to_string(&md).unwrap(), out);
    for name in ["pegs-vs-start", "budget-vs-pegs", "speed"] {
        let path = plots.join(format!("{name}.png"));
        let file = std::fs::File::open(&path).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        assert_eq!((reader.info().width, reader.info().height), (960, 600));
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut pixels).unwrap();
        // Not a blank picture: some pixels are neither white nor grey (the coloured lines).
        let coloured = pixels
            .chunks(3)
            .filter(|p| p[0].abs_diff(p[1]) > 40 || p[1].abs_diff(p[2]) > 40)
            .count();
        assert!(coloured > 500, "{name}: {coloured} coloured pixels");
    }
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    for (args, why) in [
        (vec!["--layouts", "8-0"], "backwards"),
        (vec!["--layouts", "no-such-board"], "no-such-board"),
        (vec!["--budgets", "10k,lots"], "lots"),
        (vec!["--algorithms", "bfs"], "bfs"),
        (vec!["--algorithms", "exact,fewest"], "fewest"),
    ] {
        let mut all = vec!["experiment"];
        all.extend(args);
        let o = pegsol(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(why), "{all:?}");
    }
}

#[test]
fn csv_written_by_the_command_reads_back_to_its_own_text() {
    let dir = temp_dir("csv");
    let rows = sweep_rows(&dir, &["--layouts", "0-3", "--budgets", "10k,100k"]);
    assert_eq!(rows.len(), 8);
    let text = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    assert_eq!(experiment::csv(&rows), text);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_runs_finished_in_the_table_and_the_csv_and_exits_130() {
    use std::process::Stdio;
    use std::time::Duration;
    let dir = temp_dir("interrupted");
    let csv = dir.join("rows.csv");
    // Three quick runs (level 0 at both budgets, level 6 at 10k), then level 6 at 30M, which
    // takes many seconds: the interrupt lands in it.
    let child = crate::support::command()
        .args(["experiment", "--layouts", "0,6", "--budgets", "10k,30M"])
        .arg("--csv")
        .arg(&csv)
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // The three quick runs take milliseconds; three seconds leaves ample room on a loaded
    // machine, and the 30M run takes far longer than that.
    let (out, err) = interrupt::interrupt_after(child, Duration::from_secs(3));
    assert!(err.contains("interrupted: the 3 of 4 runs"), "{err}");
    // The table and the CSV hold the three finished runs, not the one cut short.
    let table_rows: Vec<&str> = out.lines().filter(|l| l.starts_with("| level-")).collect();
    assert_eq!(table_rows.len(), 3, "{out}");
    let cut_short = |l: &&str| l.starts_with("| level-6 ") && l.contains("| 30M |");
    assert!(!table_rows.iter().any(cut_short), "{out}");
    let written = std::fs::read_to_string(&csv).expect("the CSV is written");
    assert_eq!(written.lines().count(), 1 + 3, "{written}");
}
