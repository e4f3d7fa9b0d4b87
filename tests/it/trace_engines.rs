//! `pegsol trace --engine exact|beam`: the exact solver's depth-first search one expansion a
//! line and its beam one level a line, held to the engine (the exact search's lines and
//! counts to the exact solver run with one member and an unlimited inline attempt, which
//! the stepper mirrors) and to the solver's own beam stepper; `--compare` stays the
//! classic's.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::Goal;
use pegsol_solver::engines::exact::{self, Options, Stages};
use pegsol_solver::trace::BeamTrace;
use pegsol_solver::uncontrolled;
use std::process::Output;

use crate::support::pegsol;

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn the_exact_trace_has_one_line_per_expansion_of_the_single_member_exact_engine() {
    for (level, budget) in [("english", 1_000_000u64), ("4", 1_000_000), ("6", 20_000)] {
        let lines = json_lines(&pegsol(&[
            "trace",
            level,
            "--engine",
            "exact",
            "--json",
            "--budget",
            &budget.to_string(),
        ]));
        let p = resolve_puzzle(level).unwrap();
        let options = Options {
            budget: Some(budget),
            threads: 1,
            beam: false,
            stages: Stages {
                inline_attempt: u64::MAX,
                quick_phase: u64::MAX,
                ..Stages::default()
            },
            ..Options::default()
        };
        let o = uncontrolled(|c| exact::solve(&p.start, Goal::Anywhere, options, c));
        assert_eq!(lines.len() as u64, o.expanded, "{level}");
        for (i, v) in lines.iter().enumerate() {
            assert_eq!(v["n"].as_u64(), Some(i as u64 + 1));
        }
        // Each target's search begins at the start: depth 0, no jump.
        assert_eq!(lines[0]["depth"].as_u64(), Some(0));
        assert!(lines[0]["jump"].is_null());
        assert_eq!(
            lines[0]["pegs"].as_u64(),
            Some(u64::from(p.start.peg_count()))
        );
    }
}

#[test]
fn the_exact_traces_last_line_counts_the_failure_table() {
    let o = pegsol(&["trace", "english", "--engine", "exact"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    let last = text.lines().last().unwrap_or_default();
    let p = resolve_puzzle("english").unwrap();
    let outcome = uncontrolled(|c| exact::solve(&p.start, Goal::Anywhere, Options::default(), c));
    let expanded = outcome.expanded.to_string();
    assert!(
        last.starts_with("Found 1 peg, proven the fewest: ") && last.contains("failure-table hits"),
        "{last}"
    );
    // The English board is settled by the engine's inline attempt, which the trace mirrors.
    assert!(
        last.contains(&format!("{} expanded", grouped(&expanded))),
        "{last}"
    );
}

/// `n`'s digits grouped by thousands, as the text form writes them.
fn grouped(digits: &str) -> String {
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[test]
fn the_beam_trace_has_one_line_per_level_of_the_solvers_beam() {
    for level in ["english", "5", "6"] {
        let lines = json_lines(&pegsol(&["trace", level, "--engine", "beam", "--json"]));
        let p = resolve_puzzle(level).unwrap();
        let mut beam = BeamTrace::new(&p.start, Goal::Anywhere, 1_000_000);
        let mut n = 0;
        while let Some(l) = beam.step() {
            let v = &lines[n];
            assert_eq!(v["level"].as_u64(), Some(l.n), "{level}");
            assert_eq!(v["pegs"].as_u64(), Some(u64::from(l.pegs)));
            assert_eq!(v["expanded"].as_u64(), Some(l.expanded));
            assert_eq!(v["generated"].as_u64(), Some(l.generated));
            assert_eq!(v["kept"].as_u64(), Some(l.kept as u64));
            n += 1;
        }
        assert_eq!(lines.len(), n);
        assert_eq!(
            lines.last().and_then(|v| v["end"].as_str()),
            Some("found"),
            "{level}"
        );
    }
}

#[test]
fn compare_is_refused_with_another_engine_than_the_classic() {
    let o = pegsol(&[
        "trace",
        "english",
        "--engine",
        "beam",
        "--compare",
        "whatever.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--engine classic"), "{err}");
}
