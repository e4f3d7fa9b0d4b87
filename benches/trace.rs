//! What tracing costs: `pegsol trace LEVEL --budget N > /dev/null` against the assignment's
//! form `pegsol LEVEL AI N`, run as a person runs them (the release binary, output to
//! /dev/null), interleaved so both see the same machine.
//!
//! `cargo bench --bench trace [LEVEL BUDGET [ROUNDS]]` (default: level 6, 30M, 3 rounds).
//! Each run's wall time, CPU time (user + system) and peak resident memory (the child's own,
//! from `wait4`) go to standard output as a Markdown table, then the ratios of the medians.

use std::process::{Command, Stdio};
use std::time::Instant;

/// One run's figures.
struct Run {
    wall: f64,
    cpu: f64,
    peak_mib: f64,
}

/// Runs the release binary with `args` in `dir`, standard output to /dev/null.
// The child is reaped by `wait4` (which also gives its own resource use), not `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run(dir: &std::path::Path, args: &[&str]) -> Run {
    let clock = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_pegsol"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .spawn()
        .expect("pegsol runs");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; status and usage are valid pointers.
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = clock.elapsed().as_secs_f64();
    assert_eq!(got, pid, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "pegsol {args:?} failed"
    );
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Run {
        wall,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        peak_mib: usage.ru_maxrss as f64 / 1024.0,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; the rest are ours.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let level = args.first().map_or("6", String::as_str);
    let budget = args.get(1).map_or("30000000", String::as_str);
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(3);
    let dir = std::env::temp_dir().join(format!("pegsol-bench-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");

    let ai = [level, "AI", budget];
    let trace = ["trace", level, "--budget", budget];
    println!("| command | round | wall s | cpu s | peak MiB |");
    println!("|---|---|---|---|---|");
    let (mut plain, mut traced) = (Vec::new(), Vec::new());
    for round in 1..=rounds {
        for (name, args, runs) in [
            (format!("pegsol {}", ai.join(" ")), &ai[..], &mut plain),
            (
                format!("pegsol {} > /dev/null", trace.join(" ")),
                &trace[..],
                &mut traced,
            ),
        ] {
            let r = run(&dir, args);
            println!(
                "| `{name}` | {round} | {:.2} | {:.2} | {:.0} |",
                r.wall, r.cpu, r.peak_mib
            );
            runs.push(r);
        }
    }
    let m = |runs: &[Run], f: fn(&Run) -> f64| median(runs.iter().map(f).collect());
    println!();
    println!(
        "trace / AI, medians of {rounds}: wall {:.2}x, cpu {:.2}x, peak memory {:.3}x",
        m(&traced, |r| r.wall) / m(&plain, |r| r.wall),
        m(&traced, |r| r.cpu) / m(&plain, |r| r.cpu),
        m(&traced, |r| r.peak_mib) / m(&plain, |r| r.peak_mib),
    );
    let _ = std::fs::remove_dir_all(&dir);
}
