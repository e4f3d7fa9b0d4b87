//! Deciding a position with the level engine (`whole::decide`, `pegsol hint --deep`): the
//! same verdicts as the hint judge where the judge decides, a winning line that replays to
//! the goal, and (unpruned, or won) the fewest pegs the in-memory count reaches, on small
//! boards and from positions well into a game, pruned and not; the same again when every
//! level spills to disk.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{Goal, Position};
use pegsol_solver::engines::count::count;
use pegsol_solver::engines::whole::decide::{decide, decide_with, Decided, Pruning};
use pegsol_solver::engines::whole::Settings;
use pegsol_solver::services::hint::Judge;
use pegsol_solver::uncontrolled;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// Positions from fixed pseudo-random games on `board`: the start and one after each of a
/// few game lengths.
fn positions(board: &str) -> Vec<Position> {
    let start = resolve_puzzle(board).unwrap().start;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut out = vec![start.clone()];
    for length in [1, 3, 5, 8] {
        let mut p = start.clone();
        for _ in 0..length {
            let jumps = p.legal_jumps();
            if jumps.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p = p
                .try_play(jumps[(seed % jumps.len() as u64) as usize])
                .unwrap();
        }
        out.push(p);
    }
    out
}

fn decided(p: &Position, goal: Goal, settings: &Settings) -> Decided {
    let cancel = AtomicBool::new(false);
    decide(p, goal, settings, &cancel, &mut |_| {}).expect("decided")
}

/// [`decided`] examining every reachable position ([`Pruning::Off`]).
fn unpruned(p: &Position, goal: Goal) -> Decided {
    let cancel = AtomicBool::new(false);
    let settings = Settings::default();
    decide_with(p, goal, Pruning::Off, &settings, &cancel, &mut |_| {}).expect("decided")
}

/// Checks `d` against the judge (with an effort that decides these small boards), the
/// in-memory count and the rules.
fn check(board: &str, p: &Position, goal: Goal, d: &Decided) {
    let hint = uncontrolled(|c| Judge::for_effort(50_000_000).hint(p, goal, c));
    assert_eq!(
        hint.answer.known(),
        Some(d.winnable()),
        "{board}: verdict of\n{:?}",
        p.pegs()
    );
    for ((j, theirs), (k, ours)) in hint.jumps.iter().zip(&d.jumps) {
        assert_eq!(j, k, "{board}: the same jumps in the same order");
        if let Some(theirs) = theirs {
            assert_eq!(theirs, ours, "{board}: jump {j}");
        }
    }
    assert_eq!(hint.jumps.len(), d.jumps.len(), "{board}");
    if let Some(line) = &d.line {
        let mut at = p.clone();
        for &j in line {
            at = at.try_play(j).expect("the line's jumps are legal");
        }
        assert!(at.is_won(goal), "{board}: the line ends on the goal");
    }
    let levels = uncontrolled(|c| count(p, goal, c)).unwrap();
    let fewest = p.peg_count() + 1 - levels.len() as u32;
    let reachable = reachable_forms(p, goal);
    if d.pruned {
        // Pruned, the fewest pegs are said only for a won position (one), never guessed.
        let said = d.winnable().then_some(1);
        assert_eq!(d.fewest_pegs, said, "{board}: the fewest pegs, where known");
        assert!(
            d.positions <= reachable,
            "{board}: no more than every position"
        );
    } else {
        assert_eq!(
            d.fewest_pegs,
            Some(fewest),
            "{board}: the fewest pegs are the last level's"
        );
        assert_eq!(d.positions, reachable, "{board}: every position reachable");
    }
}

/// The positions reachable from `p` (itself included), up to the symmetries that keep the
/// goal and map `p` into its own position class, as a plain search over the rules finds
/// them: what an unpruned deep proof examines.
fn reachable_forms(p: &Position, goal: Goal) -> u64 {
    let shape = p.shape();
    let kept: Vec<_> = shape
        .symmetries()
        .iter()
        .filter(|s| shape.class_of(s.apply(p.pegs())) == shape.class_of(p.pegs()))
        .filter(|s| match goal {
            Goal::At(c) => s.apply_cell(c) == c,
            Goal::Anywhere => true,
        })
        .collect();
    let form = |q: &Position| kept.iter().map(|s| s.apply(q.pegs())).min();
    let mut seen = HashSet::new();
    let mut level = vec![p.clone()];
    while !level.is_empty() {
        let mut next = Vec::new();
        for q in &level {
            if seen.insert(form(q)) {
                for j in q.legal_jumps() {
                    next.extend(q.try_play(j).ok());
                }
            }
        }
        level = next;
    }
    seen.len() as u64
}

#[test]
fn deep_verdicts_agree_with_the_judge_and_the_count_on_small_boards() {
    let (mut won, mut lost) = (0, 0);
    for board in ["triangle", "triangle-21", "cross-5x7", "level-3", "level-4"] {
        let puzzle = resolve_puzzle(board).unwrap();
        // Level 4's first positions (31-32 pegs) take the in-memory count and the judge
        // most of a minute: its middle game is enough.
        for p in positions(board).into_iter().filter(|p| p.peg_count() <= 29) {
            for goal in [Goal::Anywhere, puzzle.goal] {
                let d = decided(&p, goal, &Settings::default());
                check(board, &p, goal, &d);
                check(board, &p, goal, &unpruned(&p, goal));
                if d.winnable() {
                    won += 1;
                } else {
                    lost += 1;
                }
            }
        }
    }
    assert!(
        won >= 5 && lost >= 5,
        "{won} won, {lost} lost: both kinds wanted"
    );
}

#[test]
fn deep_verdicts_are_the_same_when_every_level_spills_to_disk() {
    let dir = std::env::temp_dir().join(format!("pegsol-deep-test-{}", std::process::id()));
    let tiny = Settings {
        memory: Some(1),
        scratch: Some(dir.clone()),
        ..Settings::default()
    };
    for board in ["triangle-21", "cross-5x7"] {
        for p in positions(board) {
            let here = decided(&p, Goal::Anywhere, &Settings::default());
            let spilled = decided(&p, Goal::Anywhere, &tiny);
            assert_eq!(
                (&here.line, &here.jumps, here.fewest_pegs, here.positions),
                (
                    &spilled.line,
                    &spilled.jumps,
                    spilled.fewest_pegs,
                    spilled.positions
                ),
                "{board}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `pegsol hint --deep` says the verdict, every jump's and the fewest pegs; a lost position
/// names the exhaustive search.
#[test]
fn hint_deep_on_the_command_line_decides_and_says_the_fewest_pegs() {
    let exe = env!("CARGO_BIN_EXE_pegsol");
    let o = std::process::Command::new(exe)
        .args(["hint", "level-3", "--deep", "--json"])
        .output()
        .expect("pegsol runs");
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["verdict"], "winnable");
    assert_eq!(v["fewest_pegs"], 1);
    assert!(v["jumps"]
        .as_array()
        .unwrap()
        .iter()
        .all(|j| j["verdict"] == "winnable" || j["verdict"] == "lost"));
    let o = std::process::Command::new(exe)
        .args(["hint", "level-3", "--deep", "--finish", "0,0"])
        .output()
        .expect("pegsol runs");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{o:?}");
    assert!(
        text.contains("Lost: one peg on") && text.contains("an exhaustive search of"),
        "{text}"
    );
    // Lost and pruned, the fewest pegs are not worked out; --fewest-pegs examines every
    // position and says them (one peg, elsewhere).
    assert!(
        text.contains("Fewest pegs any line leaves: not worked out"),
        "{text}"
    );
    let o = std::process::Command::new(exe)
        .args([
            "hint",
            "level-3",
            "--deep",
            "--finish",
            "0,0",
            "--fewest-pegs",
        ])
        .output()
        .expect("pegsol runs");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{o:?}");
    assert!(text.contains("Lost: one peg on"), "{text}");
    assert!(text.contains("Fewest pegs any line leaves: 1"), "{text}");
    let o = std::process::Command::new(exe)
        .args(["hint", "level-3", "--deep", "--finish", "0,0", "--json"])
        .output()
        .expect("pegsol runs");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["verdict"], "lost");
    assert_eq!(v["fewest_pegs"], serde_json::Value::Null);
    assert_eq!(v["pruned"], true);
}

/// A caller's cap on the positions held stops the engine early with a reason, not an
/// answer: the fewest-moves search then prunes without it.
#[test]
fn reachable_winners_stop_past_the_most_positions_asked_for() {
    use pegsol_solver::engines::whole::decide::reachable_winners;
    use pegsol_solver::engines::whole::WholeError;
    let start = resolve_puzzle("english").unwrap().start;
    let cancel = AtomicBool::new(false);
    let capped = Settings {
        most_positions: Some(1_000),
        ..Settings::default()
    };
    assert!(matches!(
        reachable_winners(&start, Goal::Anywhere, &capped, &cancel, &mut |_| {}),
        Err(WholeError::PastMost { most: 1_000 })
    ));
    // Uncapped on a small board: every winner, the start among them.
    let start = resolve_puzzle("triangle").unwrap().start;
    let all = reachable_winners(
        &start,
        Goal::Anywhere,
        &Settings::default(),
        &cancel,
        &mut |_| {},
    )
    .unwrap();
    assert!(!all.is_empty());
    let mut sorted = all.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), all.len(), "no position twice");
}
