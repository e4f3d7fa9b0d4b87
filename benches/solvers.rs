//! Solver benchmarks: `cargo bench --bench solvers`.
//!
//! Each case runs in a fresh child process (this same binary, with `PEGSOL_BENCH_CASE` set),
//! so the peak resident memory it reports (Linux `VmHWM`) belongs to that case alone. Figures
//! go to standard output as a Markdown table, ready for the README.

use pegsol::layout::load::resolve_puzzle;
use pegsol::solver::{classic, exact, uncontrolled, Outcome};
use std::process::Command;

/// (engine, layout, budget)
const CASES: &[(&str, &str, u64)] = &[
    ("classic", "5", 1_200_000),
    ("classic", "7", 10_000_000),
    ("classic", "6", 100_000_000),
    ("exact", "0", 0),
    ("exact", "1", 0),
    ("exact", "2", 0),
    ("exact", "3", 0),
    ("exact", "4", 0),
    ("exact", "5", 0),
    ("exact", "6", 20_000_000),
    ("exact", "7", 0),
    ("exact", "8", 0),
    ("exact", "english", 0),
];

fn peak_rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or(f64::NAN, |kib| kib / 1024.0)
}

fn run_case(engine: &str, layout: &str, budget: u64) -> Outcome {
    let p = resolve_puzzle(layout).expect("catalogue board");
    uncontrolled(|c| match engine {
        "classic" => classic::solve(&p.start, p.goal, budget, c),
        _ => exact::solve(
            &p.start,
            p.goal,
            exact::Options {
                budget: (budget > 0).then_some(budget),
                threads: 0,
            },
            c,
        ),
    })
}

fn main() {
    if let Ok(case) = std::env::var("PEGSOL_BENCH_CASE") {
        let (engine, layout, budget) = CASES[case.parse::<usize>().expect("case index")];
        let o = run_case(engine, layout, budget);
        println!(
            "| {engine} | {layout} | {} | {} | {} | {} | {} | {:.3} | {:.0} | {:.0} |",
            if budget == 0 {
                "none".to_string()
            } else {
                budget.to_string()
            },
            o.expanded,
            o.generated,
            o.pegs_left,
            if o.proven_optimal { "yes" } else { "no" },
            o.elapsed.as_secs_f64(),
            o.expanded_per_second() as f64,
            peak_rss_mib()
        );
        return;
    }
    // `cargo bench` passes `--bench`; a filter argument picks cases by engine or layout.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!("| engine | layout | budget | expanded | generated | pegs left | proven | seconds | expanded/s | peak MiB |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let me = std::env::current_exe().expect("own path");
    for (i, (engine, layout, _)) in CASES.iter().enumerate() {
        if let Some(f) = &filter {
            if f != engine && f != layout {
                continue;
            }
        }
        let out = Command::new(&me)
            .env("PEGSOL_BENCH_CASE", i.to_string())
            .output()
            .expect("child runs");
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }
}
