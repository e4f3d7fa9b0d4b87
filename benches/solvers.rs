//! Solver benchmarks: `cargo bench --bench solvers [engine-or-layout]`.
//!
//! Each case runs in a fresh child process (this same binary, with `PEGSOL_BENCH_CASE` set),
//! so the peak resident memory it reports (Linux `VmHWM`) belongs to that case alone. Figures
//! go to standard output as a Markdown table, ready for the README.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{Cell, CellSet, Goal, Position};
use pegsol_solver::engines::winnable::{self, WinnableSet};
use pegsol_solver::engines::{classic, count, exact, moves, solutions};
use pegsol_solver::jobs::worker::{Finished, Worker};
use pegsol_solver::services::analyze;
use pegsol_solver::{uncontrolled, Control, Outcome};
use std::process::Command;
use std::time::{Duration, Instant};

/// (engine, layout, budget; 0 = none). `diamond-X,Y` is the 41-hole diamond with only (X,Y)
/// empty, solved for one peg anywhere.
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
    ("exact", "6", 0),
    ("exact", "7", 0),
    ("exact", "8", 0),
    ("exact", "english", 0),
    ("exact", "diamond-3,1", 0),
    ("exact", "diamond-4,2", 0),
    ("exact", "diamond-4,3", 20_000_000),
    ("diamond", "all", 20_000_000),
    ("analyze", "diamond", 2_000_000),
    ("analyze", "french", 0),
    ("count", "english", 0),
    ("analyze", "english", 0),
    ("winnable", "english", 0),
    ("moves", "english-centre", 0),
    ("moves", "triangle", 0),
    ("moves", "french", 10_000_000),
    ("moves", "wiegleb", 10_000_000),
    ("moves", "diamond-4,4", 10_000_000),
    ("moves", "diamond-4,2", 10_000_000),
    ("solutions", "english-centre", 0),
    ("solutions", "triangle-21", 0),
    ("solutions", "french", 0),
    ("solutions", "wiegleb", 0),
    ("solutions", "diamond-4,4", 0),
    ("solutions", "diamond-4,2", 0),
    ("advisor", "english", 0),
    ("advisor", "english-centre", 0),
    ("advisor", "5", 0),
    ("advisor", "6", 0),
    ("advisor", "7", 0),
    ("advisor", "8", 0),
    ("advisor", "french", 0),
    ("advisor", "wiegleb", 0),
    ("advisor", "diamond", 0),
    ("advisor", "asymmetric", 0),
    ("cancel", "8", 100_000_000),
    ("cancel", "diamond-4,0", 0),
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

/// One table row: what was done, what came out, and how fast.
struct Row {
    work: String,
    result: String,
    seconds: f64,
    units_per_second: f64,
}

fn search_row(o: &Outcome) -> Row {
    Row {
        work: format!("{} expanded, {} generated", o.expanded, o.generated),
        result: format!(
            "{} peg{}{}",
            o.pegs_left,
            if o.pegs_left == 1 { "" } else { "s" },
            if o.proven_optimal {
                ", proven"
            } else {
                ", not proven"
            }
        ) + &o
            .found_by
            .map_or(String::new(), |f| format!(", found by {f}")),
        seconds: o.elapsed.as_secs_f64(),
        units_per_second: o.expanded_per_second() as f64,
    }
}

fn run_case(engine: &str, layout: &str, budget: u64) -> Row {
    if engine == "diamond" {
        return diamond_row(budget);
    }
    let (key, vacancy) = match layout.split_once('-') {
        Some(("diamond", cell)) => ("diamond", cell.parse::<Cell>().ok()),
        Some(("english", "centre")) => ("english", None),
        _ => (layout, None),
    };
    let p = resolve_puzzle(key).expect("catalogue board");
    let start = match vacancy {
        Some(v) => Position::new(p.shape().clone(), p.shape().cells() - CellSet::single(v))
            .expect("a hole of the board"),
        None => p.start.clone(),
    };
    let budget = (budget > 0).then_some(budget);
    if engine == "cancel" {
        // With a budget, the classic search; without, the exact solver.
        let goal = p.goal;
        return match budget {
            Some(b) => cancel_row("classic", move |c| classic::solve(&start, goal, b, c)),
            None => cancel_row("exact", move |c| {
                exact::solve(&start, goal, exact::Options::default(), c)
            }),
        };
    }
    uncontrolled(|c| match engine {
        "classic" => search_row(&classic::solve(
            &start,
            p.goal,
            budget.unwrap_or(u64::MAX),
            c,
        )),
        "count" => {
            let centre = p.shape().center().map_or(Goal::Anywhere, Goal::At);
            let levels = count::count(&start, centre, c).expect("counted");
            let total: u64 = levels.iter().map(|l| l.up_to_symmetry).sum();
            let won: u64 = levels.iter().map(|l| l.winnable_up_to_symmetry).sum();
            let seconds = c.elapsed().as_secs_f64();
            Row {
                work: format!("{total} positions up to symmetry"),
                result: format!("{won} can still finish in the centre"),
                seconds,
                units_per_second: total as f64 / seconds,
            }
        }
        "advisor" => {
            // `english-centre`: the classic game, one peg in the centre (the winnable set's).
            let goal = match layout {
                "english-centre" => p.shape().center().map_or(p.goal, Goal::At),
                _ => p.goal,
            };
            advisor_row(&start, goal, layout)
        }
        "moves" => {
            // `english-centre`: the central game (Bergholt's 18 moves); others their own goal.
            let goal = match layout {
                "english-centre" => p.shape().center().map_or(p.goal, Goal::At),
                _ => p.goal,
            };
            let options = moves::Options {
                budget,
                ..moves::Options::default()
            };
            let o = moves::fewest_moves(&start, goal, options, c);
            Row {
                work: format!("{} expanded, {} held", o.expanded, o.held),
                result: match (o.moves(), o.proven_optimal) {
                    (Some(m), true) => format!("{m} moves, proven"),
                    (Some(m), false) => format!("{m} moves, not proven"),
                    (None, true) => "goal unreachable, proven".into(),
                    (None, false) => format!("none found; at least {} moves", o.lower_bound),
                },
                seconds: o.elapsed.as_secs_f64(),
                units_per_second: o.expanded as f64 / o.elapsed.as_secs_f64().max(1e-9),
            }
        }
        "solutions" => {
            let goal = match layout {
                "english-centre" => p.shape().center().map_or(p.goal, Goal::At),
                _ => p.goal,
            };
            let n = match solutions::count_solutions(&start, goal, c) {
                Ok(n) => n,
                // A board past the counter's limits: say so, with the time it took to tell.
                Err(e) => {
                    return Row {
                        work: "refused".into(),
                        result: e.to_string(),
                        seconds: c.elapsed().as_secs_f64(),
                        units_per_second: f64::NAN,
                    }
                }
            };
            Row {
                work: format!("{} positions examined", n.examined),
                result: format!(
                    "{} solutions through {} positions ({} up to symmetry)",
                    n.solutions, n.positions, n.up_to_symmetry
                ),
                seconds: n.elapsed.as_secs_f64(),
                units_per_second: n.examined as f64 / n.elapsed.as_secs_f64().max(1e-9),
            }
        }
        "winnable" => {
            let centre = p.shape().center().expect("a centre");
            let set =
                WinnableSet::build(p.shape(), centre, winnable::MAX_ENTRIES, c).expect("built");
            let seconds = c.elapsed().as_secs_f64();
            Row {
                work: format!("{} positions held", set.explored()),
                result: format!("{} can still finish in the centre", set.len()),
                seconds,
                units_per_second: set.len() as f64 / seconds,
            }
        }
        "analyze" => {
            let reports = analyze::analyze(p.shape(), None, budget, c).expect("analysed");
            let won = reports.iter().filter(|r| !r.finishes.is_empty()).count();
            let pairs: usize = reports.iter().map(|r| r.finishes.len()).sum();
            let unknown: usize = reports.iter().map(|r| r.unknown.len()).sum();
            let seconds = c.elapsed().as_secs_f64();
            Row {
                work: format!("{} single-vacancy starts", reports.len()),
                result: format!(
                    "{won} winnable, {pairs} start-finish pairs, {unknown} pairs undecided"
                ),
                seconds,
                units_per_second: reports.len() as f64 / seconds,
            }
        }
        _ => search_row(&exact::solve(
            &start,
            Goal::Anywhere,
            exact::Options {
                budget,
                ..exact::Options::default()
            },
            c,
        )),
    })
}

/// The 41-hole diamond from every single vacancy (one per symmetry class), each solved for
/// the fewest pegs with `budget` expansions at most: how many are proven, and each result.
fn diamond_row(budget: u64) -> Row {
    let p = resolve_puzzle("diamond").expect("catalogue board");
    let shape = p.shape().clone();
    let all = shape.cells();
    let mut seen = std::collections::HashSet::new();
    let (mut results, mut proven, mut starts) = (Vec::new(), 0, 0);
    let clock = Instant::now();
    for v in all {
        let pegs = all - CellSet::single(v);
        if !seen.insert(shape.canonical(pegs)) {
            continue;
        }
        starts += 1;
        let start = Position::new(shape.clone(), pegs).expect("a hole of the board");
        let options = exact::Options {
            budget: (budget > 0).then_some(budget),
            ..exact::Options::default()
        };
        let o = uncontrolled(|c| exact::solve(&start, Goal::Anywhere, options, c));
        proven += usize::from(o.proven_optimal);
        results.push(format!(
            "{v}: {}{} {:.2} s",
            o.pegs_left,
            if o.proven_optimal { "" } else { "?" },
            o.elapsed.as_secs_f64()
        ));
    }
    let seconds = clock.elapsed().as_secs_f64();
    Row {
        work: format!("{starts} single vacancies up to symmetry"),
        result: format!("{proven} proven; {}", results.join(", ")),
        seconds,
        units_per_second: starts as f64 / seconds,
    }
}

/// How long a search takes to stop once cancelled (goal: under 100 ms): `run` starts on a
/// worker, as the window runs it, and is cancelled after 200 ms.
fn cancel_row(name: &str, run: impl FnOnce(&mut Control) -> Outcome + Send + 'static) -> Row {
    let worker = Worker::start("pegsol-bench", move |job| job.control(run), || {});
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    worker.cancel();
    let finished = worker.wait_for(Duration::from_secs(60));
    let latency = asked.elapsed().as_secs_f64();
    let result = match finished {
        Ok(Finished::Cancelled(o)) => format!("{name} stopped, {} expanded", o.expanded),
        Ok(_) => format!("{name} ended before the cancel"),
        Err(_) => format!("{name} did not stop within a minute"),
    };
    Row {
        work: "cancelled after 200 ms".into(),
        result,
        seconds: latency,
        units_per_second: f64::NAN,
    }
}

/// The window's "still winnable?" check with View > Show winning jumps on, at the default
/// hint effort: 30 positions from fixed pseudo-random games (game k plays
/// `7k mod (pegs - 2) + 1` random jumps, so the positions spread over the whole game and
/// wander into lost ones), asked one after the other as a person playing would, each timed
/// from the question to its quick answer, to its decision (after thinking on, if the quick
/// answer left it open) and to every legal jump's verdict. Positions left undecided at the
/// default effort are listed after the table (`UNDECIDED` lines), with what was tried.
fn advisor_row(start: &Position, goal: Goal, layout: &str) -> Row {
    use pegsol_solver::services::advice::Advice;
    use pegsol_solver::services::advisor::{Advisor, DEFAULT_EFFORT};
    let mut advisor = Advisor::new(DEFAULT_EFFORT, || {});
    advisor.set_colour_jumps(true);
    let mut seed: u64 = layout.bytes().fold(0x9e37_79b9_7f4a_7c15, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let pegs = start.peg_count() as usize;
    // Seconds to the quick answer, to the decision (decided positions only), to the jumps.
    let (mut quick, mut decided, mut colours) = (Vec::new(), Vec::new(), Vec::new());
    let (mut at_once, mut thought, mut open) = (0, 0, 0);
    let (mut winnable, mut lost) = (0, 0);
    // Every position's jumps by verdict: keeps the goal reachable, loses, undecided.
    let mut jump_verdicts = [0usize; 3];
    let limit = Duration::from_secs(1800);
    // PEGSOL_BENCH_VERBOSE=1 prints each position's verdict and times on standard error.
    let verbose = std::env::var_os("PEGSOL_BENCH_VERBOSE").is_some();
    let wait = |advisor: &mut Advisor, done: &dyn Fn(&Advisor) -> bool, asked: Instant| {
        while !done(advisor) && asked.elapsed() < limit {
            advisor.poll();
            std::thread::sleep(Duration::from_micros(200));
        }
        asked.elapsed().as_secs_f64()
    };
    for game in 1..=30usize {
        let mut position = start.clone();
        for _ in 0..(7 * game) % pegs.saturating_sub(2).max(1) + 1 {
            let jumps = position.legal_jumps();
            if jumps.is_empty() {
                break;
            }
            position = position
                .try_play(jumps[next() % jumps.len()])
                .expect("legal");
        }
        let asked = Instant::now();
        advisor.ask(&position, goal);
        let p = position.clone();
        let first = wait(
            &mut advisor,
            &|a| !matches!(a.advice(&p, goal), None | Some(Advice::Checking)),
            asked,
        );
        quick.push(first);
        let quick_decided = matches!(
            advisor.advice(&p, goal),
            Some(Advice::Winnable { .. } | Advice::Lost { .. })
        );
        let end = wait(&mut advisor, &|a| !a.thinking(&p, goal), asked);
        let advice = advisor.advice(&p, goal);
        match advice {
            Some(Advice::Winnable { .. }) => winnable += 1,
            Some(Advice::Lost { .. }) => lost += 1,
            _ => {}
        }
        let known = matches!(advice, Some(Advice::Winnable { .. } | Advice::Lost { .. }));
        match (known, quick_decided) {
            (true, true) => at_once += 1,
            (true, false) => thought += 1,
            (false, _) => open += 1,
        }
        if known {
            decided.push(end);
        }
        let all = wait(&mut advisor, &|a| !a.busy(), asked);
        colours.push(all);
        for (_, verdict) in advisor.jumps(&p, goal).unwrap_or_default() {
            jump_verdicts[match verdict {
                Some(true) => 0,
                Some(false) => 1,
                None => 2,
            }] += 1;
        }
        let holes = (start.shape().cells() - position.pegs())
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(Advice::Unknown {
            examined, guess, ..
        }) = &advice
        {
            println!(
                "UNDECIDED {layout}, game {game}: {} pegs, holes {holes}; {examined} positions \
                 examined in {end:.1} s (rounds of {:?}); the closest line found leaves {}",
                position.peg_count(),
                pegsol_solver::services::hint::rounds(DEFAULT_EFFORT),
                guess.map_or("no line".to_string(), |(_, left)| format!("{left} pegs")),
            );
        }
        if verbose {
            eprintln!(
                "game {game:2}: {:2} pegs, {:>8} quick in {:7.1} ms, final in {:8.1} ms, \
                 jumps in {:8.1} ms; holes {holes}",
                position.peg_count(),
                advice.as_ref().map_or("none", |a| a.word(true)),
                first * 1e3,
                end * 1e3,
                all * 1e3,
            );
        }
    }
    let total: f64 = colours.iter().sum();
    let quantile = |times: &[f64], q: f64| {
        if times.is_empty() {
            return f64::NAN;
        }
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        sorted[((sorted.len() - 1) as f64 * q).round() as usize] * 1e3
    };
    Row {
        work: format!(
            "{} positions: {at_once} decided by the quick answer, {thought} after thinking on, {open} undecided ({winnable} winnable, {lost} lost); their jumps: {} keep the goal, {} lose, {} undecided",
            quick.len(),
            jump_verdicts[0],
            jump_verdicts[1],
            jump_verdicts[2],
        ),
        result: format!(
            "quick answer median {:.1} ms, p95 {:.1} ms; decided median {:.1} ms, p95 {:.1} ms, worst {:.1} ms; all jumps median {:.1} ms, worst {:.1} ms",
            quantile(&quick, 0.5),
            quantile(&quick, 0.95),
            quantile(&decided, 0.5),
            quantile(&decided, 0.95),
            quantile(&decided, 1.0),
            quantile(&colours, 0.5),
            quantile(&colours, 1.0),
        ),
        seconds: total,
        units_per_second: quick.len() as f64 / total,
    }
}

fn main() {
    if let Ok(case) = std::env::var("PEGSOL_BENCH_CASE") {
        let (engine, layout, budget) = CASES[case.parse::<usize>().expect("case index")];
        let row = run_case(engine, layout, budget);
        println!(
            "| {engine} | {layout} | {} | {} | {} | {:.3} | {:.0} | {:.0} |",
            if budget == 0 {
                "none".to_string()
            } else {
                budget.to_string()
            },
            row.work,
            row.result,
            row.seconds,
            row.units_per_second,
            peak_rss_mib()
        );
        return;
    }
    // `cargo bench` passes `--bench`; a filter argument picks cases by engine or layout.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!("| engine | layout | budget | work | result | seconds | per second | peak MiB |");
    println!("|---|---|---|---|---|---|---|---|");
    let me = std::env::current_exe().expect("own path");
    let mut undecided = Vec::new();
    for (i, (engine, layout, _)) in CASES.iter().enumerate() {
        if filter.as_ref().is_some_and(|f| f != engine && f != layout) {
            continue;
        }
        // Standard error passes through: PEGSOL_BENCH_VERBOSE's lines are written there.
        let out = Command::new(&me)
            .env("PEGSOL_BENCH_CASE", i.to_string())
            .stderr(std::process::Stdio::inherit())
            .output()
            .expect("child runs");
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            match line.strip_prefix("UNDECIDED ") {
                Some(what) => undecided.push(what.to_string()),
                None => println!("{line}"),
            }
        }
    }
    if !undecided.is_empty() {
        println!("\nUndecided at the default hint effort:");
        for what in undecided {
            println!("- {what}");
        }
    }
}
