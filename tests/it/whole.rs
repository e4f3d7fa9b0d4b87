//! The level engine for whole boards (`engines::whole`) against the in-memory engines: the
//! same counts, level by level, and the same solution counts, on English and on small boards,
//! also when forced to spill every level to disk by a tiny memory room.

#[cfg(unix)]
use pegsol_testkit::interrupt;

use pegsol_testkit::scratch;

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::Goal;
use pegsol_solver::engines::count::count;
use pegsol_solver::engines::solutions::count_solutions;
use pegsol_solver::engines::whole::{self, Settings};
use pegsol_solver::uncontrolled;
use scratch::Scratch;
use std::sync::atomic::AtomicBool;

fn goal_of(name: &str, centre: bool) -> (pegsol_rules::Position, Goal) {
    let p = resolve_puzzle(name).unwrap();
    let goal = if centre {
        Goal::At(p.shape().center().unwrap())
    } else {
        Goal::Anywhere
    };
    (p.start.clone(), goal)
}

fn same_counts(name: &str, centre: bool, settings: &Settings) -> whole::Usage {
    let (start, goal) = goal_of(name, centre);
    let expect = uncontrolled(|c| count(&start, goal, c)).unwrap();
    let cancel = AtomicBool::new(false);
    let got = whole::count::count(&start, goal, settings, &cancel, &mut |_| {}).unwrap();
    assert!(got.stopped.is_none(), "{name}: {:?}", got.stopped);
    assert_eq!(got.levels, expect, "{name}");
    got.usage
}

fn same_solutions(name: &str, centre: bool, settings: &Settings) -> whole::Usage {
    let (start, goal) = goal_of(name, centre);
    let expect = uncontrolled(|c| count_solutions(&start, goal, c)).unwrap();
    let cancel = AtomicBool::new(false);
    let got =
        whole::solutions::count_solutions(&start, goal, settings, &cancel, &mut |_| {}).unwrap();
    let c = got
        .count
        .as_ref()
        .unwrap_or_else(|| panic!("{name}: stopped: {:?}", got.stopped));
    // The levels it made forward, which a stopped count prints, start at the start.
    assert_eq!(got.levels.first().map(|l| l.positions), Some(1), "{name}");
    assert_eq!(c.solutions, expect.solutions, "{name}");
    assert_eq!(c.positions, expect.positions, "{name}");
    assert_eq!(c.up_to_symmetry, expect.up_to_symmetry, "{name}");
    got.usage
}

#[test]
fn whole_board_counts_equal_the_in_memory_counts_on_small_boards() {
    let mut lopsided = 0;
    for (name, centre) in [
        ("triangle", false),
        ("triangle-21", false),
        ("cross-5x7", false),
        ("level-3", false),
    ] {
        eprintln!("{name}");
        same_counts(name, centre, &Settings::default());
        // A start that keeps only some of the board's symmetries counts "up to symmetry"
        // through the other cosets' lookups (whole::figures): make sure one is here.
        let (start, goal) = goal_of(name, centre);
        let cancel = AtomicBool::new(false);
        let board = whole::Board::new(&start, goal, &Settings::default(), &cancel).unwrap();
        if !board.cosets.is_empty() {
            assert!(board.sub.len() < board.group.len(), "{name}");
            assert_eq!(
                (board.cosets.len() + 1) * board.sub.len(),
                board.group.len(),
                "{name}: one symmetry a coset"
            );
            lopsided += 1;
        }
    }
    assert!(
        lopsided >= 2,
        "only {lopsided} starts keep fewer symmetries than the board has"
    );
}

#[test]
fn whole_board_counts_are_unchanged_when_every_level_spills_to_disk() {
    let dir = Scratch::new("whole-test");
    let tiny = Settings {
        memory: Some(1),
        // A folder not there yet, as before: the engine makes it.
        scratch: Some(dir.join("spill")),
        ..Settings::default()
    };
    for (name, centre) in [("triangle-21", false), ("cross-5x7", false)] {
        eprintln!("{name}");
        let usage = same_counts(name, centre, &tiny);
        assert!(usage.disk_peak > 0, "{name}: nothing went to disk");
        let usage = same_solutions(name, centre, &tiny);
        assert!(usage.disk_peak > 0, "{name}: nothing went to disk");
    }
}

#[test]
fn whole_board_solution_counts_equal_the_in_memory_counts_on_small_boards() {
    for (name, centre) in [
        ("triangle", false),
        ("triangle-21", false),
        ("cross-5x7", false),
        ("level-3", false),
    ] {
        eprintln!("{name}");
        same_solutions(name, centre, &Settings::default());
    }
}

/// `pegsol count BOARD --start X,Y` counts from the board with only that hole empty: the
/// same levels as the in-memory engine from that position; a hole off the board is a usage
/// error (status 2) naming it.
#[test]
fn count_start_counts_from_the_single_vacancy_it_names() {
    let exe = env!("CARGO_BIN_EXE_pegsol");
    for (board, hole) in [("cross-5x7", (2, 1)), ("triangle", (2, 2))] {
        let arg = format!("{},{}", hole.0, hole.1);
        let o = std::process::Command::new(exe)
            .args(["count", board, "--start", &arg, "--json"])
            .output()
            .expect("pegsol runs");
        assert!(o.status.success(), "{board}: {o:?}");
        let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        let got: Vec<(u64, u64)> = json["by_jumps"]
            .as_array()
            .expect("levels")
            .iter()
            .map(|l| {
                (
                    l["positions"].as_u64().expect("positions"),
                    l["up_to_symmetry"].as_u64().expect("up to symmetry"),
                )
            })
            .collect();
        let p = resolve_puzzle(board).unwrap();
        let cell = pegsol_rules::Cell {
            x: hole.0,
            y: hole.1,
        };
        let start = pegsol_rules::Position::new(
            p.shape().clone(),
            p.shape().cells() - pegsol_rules::CellSet::single(cell),
        )
        .unwrap();
        assert_ne!(
            start, p.start,
            "{board}: pick a hole other than the layout's"
        );
        let expect: Vec<(u64, u64)> = uncontrolled(|c| count(&start, p.goal, c))
            .unwrap()
            .iter()
            .map(|l| (l.positions, l.up_to_symmetry))
            .collect();
        assert_eq!(got, expect, "{board} from {arg}");
    }
    let o = std::process::Command::new(exe)
        .args(["count", "triangle", "--start", "9,9"])
        .output()
        .expect("pegsol runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("9,9 is not a hole of Triangle"),
        "{o:?}"
    );
}

/// Runs `pegsol ARGS` under `ulimit -v KIB` (an address-space limit, as `prlimit --as`):
/// its status, standard output and standard error.
#[cfg(target_os = "linux")]
fn pegsol_limited(kib: u64, args: &str) -> (std::process::ExitStatus, String, String) {
    let exe = env!("CARGO_BIN_EXE_pegsol");
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec '{exe}' {args}"))
        .output()
        .expect("sh runs");
    (
        o.status,
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `count english --finish center` goes through the level engine (as fast, a fifth of the
/// memory): its table must be the in-memory engines' to the last figure.
#[test]
fn the_english_central_game_counts_the_same_through_the_level_engine() {
    same_counts("english", true, &Settings::default());
}

#[cfg(target_os = "linux")]
#[test]
fn count_english_under_a_400_mb_address_limit_finishes_with_the_published_totals() {
    // 390,625 KiB = 400,000,000 bytes, as `prlimit --as=400000000`.
    let v = json_limited(390_625, "count english --json");
    let levels = v["by_jumps"].as_array().expect("levels");
    let sum = |f: &str| levels.iter().map(|l| l[f].as_u64().unwrap()).sum::<u64>();
    // A014225 sums to 187,636,299 positions; A112737 to 23,475,688 up to symmetry.
    assert_eq!(sum("positions"), 187_636_299);
    assert_eq!(sum("up_to_symmetry"), 23_475_688);
}

#[cfg(target_os = "linux")]
#[test]
fn count_under_an_address_limit_too_small_refuses_with_a_message_not_a_signal() {
    for kib in [40_000, 90_000, 150_000] {
        let (status, out, err) = pegsol_limited(kib, "count english");
        match status.code() {
            Some(0) => assert!(out.contains("total"), "{kib}: {out}"),
            Some(1 | 2) => assert!(err.contains("pegsol:"), "{kib}: {err}"),
            other => panic!("ulimit -v {kib}: status {other:?} ({status}): {err}"),
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn every_address_limit_from_30_to_200_mb_gives_an_answer_or_a_message_never_a_signal() {
    // Under 45-55 MB these aborted in the allocator ("memory allocation of 5920 bytes
    // failed", SIGABRT). Below about 27 MB the system's loader cannot map the program at all,
    // before any of its code runs: not something the program can answer.
    let commands = [
        "analyze triangle",
        "hint 6 --budget 4M",
        "solve 8",
        "analyze english",
        "trace 6 --budget 100k",
    ];
    for mb in (30..=200).step_by(5) {
        for args in commands {
            let (status, out, err) = pegsol_limited(mb * 1_000_000 / 1024, args);
            match status.code() {
                Some(0) => assert!(!out.is_empty(), "{args}, {mb} MB: no output"),
                Some(1 | 2) => assert!(err.contains("pegsol:"), "{args}, {mb} MB: {err}"),
                other => panic!("{args}, {mb} MB: status {other:?} ({status}): {err}"),
            }
        }
    }
    // Too little for a search: refused before it starts, the limit named.
    let (status, _, err) = pegsol_limited(50_000_000 / 1024, "analyze triangle");
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("address-space limit"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn fewest_moves_meeting_in_the_middle_under_an_address_limit_answers_not_a_signal() {
    // Wiegleb's board meets in the middle at once (45 holes), the French after the level
    // engine finds its winnable positions too many for the memory; at these limits the
    // levels outgrow it after some ten moves: the search stops with what it proved.
    let runs = [
        ("wiegleb", 150_000),
        ("wiegleb", 390_625),
        ("french", 150_000),
        ("french", 250_000),
    ];
    for (board, kib) in runs {
        let (status, out, err) = pegsol_limited(kib, &format!("solve {board} --fewest-moves"));
        match status.code() {
            Some(0) => {
                assert!(
                    out.contains("fewest moves to one peg anywhere"),
                    "{board} {kib}: {out}"
                );
                let result = out
                    .lines()
                    .find(|l| l.starts_with("Result: "))
                    .unwrap_or_else(|| panic!("{board} {kib}: no result line: {out}"));
                // Either a solution, or none with the memory named and the bound proved.
                assert!(
                    result.contains("moves (") || result.contains("memory full"),
                    "{board} {kib}: {result}"
                );
                if board == "wiegleb" {
                    // The beams' few positions are dead ends here: the exact solver's
                    // line, counted in moves, is the solution (it once said "no solution
                    // found").
                    assert!(result.contains("moves ("), "{board} {kib}: {result}");
                }
                assert!(result.contains("at least"), "{board} {kib}: {result}");
            }
            Some(1 | 2) => assert!(err.contains("pegsol:"), "{board} {kib}: {err}"),
            other => panic!("{board}, ulimit -v {kib}: status {other:?} ({status}): {err}"),
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn fewest_moves_given_its_memory_answers_the_same_whatever_the_address_limit() {
    // Under `ulimit -v 300000` the meeting's threads once ran out of memory at points that
    // depended on how their work interleaved: `solve wiegleb --fewest-moves` proved at
    // least 15 moves on one run and 16 on the next. Now each thread keeps to its own share
    // of a room set before the pass, so with the room given (`--memory`) the answer is the
    // input's alone: the same under a loose limit and, twice, under one that leaves little
    // more than the room.
    let args = "solve wiegleb --fewest-moves --memory 48M --json";
    let answer = |kib: u64| {
        let mut v = json_limited(kib, args);
        v.as_object_mut().expect("an object").remove("seconds");
        v
    };
    let loose = answer(8_000_000);
    assert!(loose["lower_bound"].as_u64() > Some(10), "{loose}");
    assert_eq!(answer(250_000), loose);
    assert_eq!(answer(250_000), loose);
}

/// The JSON `pegsol ARGS` prints under `ulimit -v KIB`, which must exit 0.
#[cfg(target_os = "linux")]
fn json_limited(kib: u64, args: &str) -> serde_json::Value {
    let (status, out, err) = pegsol_limited(kib, args);
    assert_eq!(status.code(), Some(0), "{args}, ulimit -v {kib}: {err}");
    serde_json::from_str(&out).expect("JSON")
}

/// [`json_limited`] of a `hint --deep --json`, without what depends on the machine (its
/// seconds, its scratch disk).
#[cfg(target_os = "linux")]
fn deep_json_limited(kib: u64, args: &str) -> serde_json::Value {
    let mut v = json_limited(kib, args);
    let o = v.as_object_mut().expect("an object");
    o.remove("seconds");
    o.remove("scratch_disk_peak");
    v
}

#[cfg(target_os = "linux")]
#[test]
fn solutions_and_a_deep_proof_under_a_400_mb_address_limit_answer_as_without_one() {
    // The published count of the English central game, under the limit.
    let v = json_limited(390_625, "solutions english --finish center --json");
    assert_eq!(v["solutions"], "40861647040079968");
    assert_eq!(v["positions_up_to_symmetry"], 1_679_072);
    // Every position reachable from the English start (`--fewest-pegs`: nothing pruned),
    // decided, with and without it: the same verdicts, jump by jump, the same count and
    // fewest pegs.
    let deep = |kib: u64| deep_json_limited(kib, "hint english --deep --fewest-pegs --json");
    let limited = deep(390_625);
    assert_eq!(limited["verdict"], "winnable", "{limited}");
    // Every position reachable from the start up to symmetry: the literature's 23,475,688.
    assert_eq!(limited["examined"], 23_475_688u64, "{limited}");
    assert_eq!(limited, deep(16_000_000));
}

#[cfg(target_os = "linux")]
#[test]
fn a_deep_proof_on_a_45_hole_board_holds_its_rank_tables_within_its_room() {
    // The 45-hole board's rank tables take 130 MiB. Held outside the engine's room, they
    // took this 27-peg proof past `ulimit -v 250000` (and level 6's game 7 past 400 MB an
    // hour in): "could not take 2 MiB of memory: the system refused it". Now they are held
    // against the room, or left out where they do not fit (every level a sorted run).
    let position = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/level-6-game-7-nine-on.ron"
    );
    // Unpruned (`--fewest-pegs`): every reachable position, as when the failure was seen.
    let deep = |kib: u64| {
        deep_json_limited(
            kib,
            &format!("hint '{position}' --deep --fewest-pegs --json"),
        )
    };
    let free = deep(16_000_000);
    assert_eq!(free["verdict"], "lost", "{free}");
    // Its 19,869,041 reachable positions, a mirror image reached and its original counted
    // once (the proof's canonical forms, `whole::keeping_class_and_goal`).
    assert_eq!(free["examined"], 18_810_242u64, "{free}");
    assert_eq!(deep(200_000), free);
    assert_eq!(deep(250_000), free);
}

#[cfg(unix)]
#[test]
fn ctrl_c_on_count_prints_the_levels_finished_and_exits_130() {
    use std::process::Stdio;
    use std::time::Duration;
    let child = crate::support::command()
        .args(["count", "english", "--memory", "64M"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let (out, _) = interrupt::interrupt_after(child, Duration::from_secs(2));
    // The levels finished before the interrupt: a table that starts at jump 0.
    assert!(out.contains("positions by jumps made"), "{out}");
    assert!(
        out.lines().any(|l| l.trim_start().starts_with("0 ")),
        "{out}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_on_solutions_prints_the_levels_made_and_exits_130() {
    use std::process::Stdio;
    use std::time::Duration;
    // The French board's count takes minutes; after three seconds its forward levels are
    // under way. It once printed nothing on Ctrl+C.
    let child = crate::support::command()
        .args(["solutions", "french"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let (out, _) = interrupt::interrupt_after(child, Duration::from_secs(3));
    assert!(
        out.contains("positions by jumps made before the count of solutions stopped"),
        "{out}"
    );
    let first = out.lines().find(|l| l.trim_start().starts_with("0 "));
    assert_eq!(
        first.map(|l| l.split_whitespace().collect::<Vec<_>>()),
        Some(vec!["0", "1"]),
        "{out}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn the_exact_solver_under_a_tight_address_limit_wins_and_never_aborts() {
    // Before: under 250 MB the three member threads' allocator arenas (64 MiB of address
    // space each) and 64 MiB stacks took the room, and `solve wiegleb` (no budget) said
    // "5 pegs left, budget exhausted" after the members could not start; under 100 MB with a
    // budget it aborted on a goal-side level of 16 MiB.
    for kib in [100_000, 250_000] {
        for args in [
            "solve wiegleb",
            "solve wiegleb --budget 10M",
            "solve french",
        ] {
            let (status, out, err) = pegsol_limited(kib, args);
            assert_eq!(status.code(), Some(0), "{args}, ulimit -v {kib}: {err}");
            assert!(
                out.contains("Result: 1 pegs left, won"),
                "{args}, ulimit -v {kib}: {out}"
            );
        }
    }
    // The analyses run several solvers at once: a result, or a refusal that says why. Diamond
    // leaves its meeting out: under these limits the meeting's levels go to the scratch disk
    // and take many minutes, and the meeting is not what this test guards.
    for kib in [100_000, 150_000] {
        for args in [
            "analyze english",
            "analyze french",
            "analyze diamond --no-meet",
            "hint wiegleb",
        ] {
            let (status, out, err) = pegsol_limited(kib, args);
            match status.code() {
                Some(0) => assert!(!out.is_empty(), "{args}, ulimit -v {kib}: no output"),
                Some(1 | 2) => assert!(err.contains("pegsol:"), "{args}, {kib}: {err}"),
                other => panic!("{args}, ulimit -v {kib}: status {other:?} ({status}): {err}"),
            }
        }
    }
}
