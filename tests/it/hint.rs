//! Hints that know: every "lost" verdict agrees with brute force and carries a reason that
//! holds, every "winnable" verdict comes with a line that replays to the goal, and
//! `pegsol hint` prints what it says it does.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{Cell, CellSet, Goal, Grid, Position};
use pegsol_solver::engines::prove::Limits;
use pegsol_solver::services::hint::{
    backward_proof, backward_proof_with, decided_by_a_jump, Answer, BackwardProof, Judge, Reason,
    HINT_BUDGET,
};
use pegsol_solver::uncontrolled;
use pegsol_testkit::scratch::Scratch;
use proptest::prelude::*;
use std::collections::HashMap;

use crate::games;
use games::small_board;

/// Whether `goal` can be reached from `p`, by exhaustive recursion with a memo: no table, no
/// symmetry, no proof other than trying everything.
fn brute_force_winnable(p: &Position, goal: Goal, memo: &mut HashMap<CellSet, bool>) -> bool {
    if p.is_won(goal) {
        return true;
    }
    if let Some(&w) = memo.get(&p.pegs()) {
        return w;
    }
    let w = p
        .legal_jumps()
        .into_iter()
        .any(|j| brute_force_winnable(&p.try_play(j).expect("legal"), goal, memo));
    memo.insert(p.pegs(), w);
    w
}

/// Checks one answer against brute force: a line replays to the goal, a reason holds.
fn check(p: &Position, goal: Goal, answer: &Answer) -> Result<(), TestCaseError> {
    let truth = brute_force_winnable(p, goal, &mut HashMap::new());
    match answer {
        Answer::Winnable(line) => {
            prop_assert!(
                truth,
                "called winnable, brute force says lost: {:?}",
                p.pegs()
            );
            let mut q = p.clone();
            for &j in line {
                q = q
                    .try_play(j)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            prop_assert!(q.is_won(goal), "the line does not reach the goal");
        }
        Answer::Lost(reason) => {
            prop_assert!(!truth, "called lost ({reason:?}), brute force wins");
            check_reason(p, goal, reason)?;
        }
        Answer::Unknown(closest) => {
            // Only a guess, but a playable one: every jump of it is legal in turn.
            let mut q = p.clone();
            for &j in closest {
                q = q
                    .try_play(j)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
    }
    Ok(())
}

/// A reason really proves what it claims.
fn check_reason(p: &Position, goal: Goal, reason: &Reason) -> Result<(), TestCaseError> {
    let shape = p.shape();
    match reason {
        Reason::Stuck => prop_assert!(p.is_stuck()),
        Reason::Class { finishes } => {
            prop_assert_eq!(*finishes, shape.possible_finishes(p.pegs()));
            if let Goal::At(c) = goal {
                prop_assert!(!finishes.contains(c));
            } else {
                prop_assert!(finishes.is_empty());
            }
        }
        Reason::Pagoda { pagoda, .. } => {
            let finishes = match goal {
                Goal::At(c) => CellSet::single(c),
                Goal::Anywhere => shape.possible_finishes(p.pegs()),
            };
            prop_assert!(
                pagoda.refutes(p.pegs(), finishes),
                "the weights refute nothing"
            );
        }
        Reason::PagodaPerFinish { proofs } => {
            prop_assert_eq!(goal, Goal::Anywhere);
            let cells: CellSet = proofs.iter().map(|(c, _)| *c).collect();
            prop_assert_eq!(cells, shape.possible_finishes(p.pegs()));
            for (cell, pagoda) in proofs {
                prop_assert!(pagoda.refutes(p.pegs(), CellSet::single(*cell)));
            }
        }
        Reason::Search { positions } => prop_assert!(*positions > 0),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// With the exact solver (the usual judge) and without it (budget 0: only the class and
    /// pagoda proofs), on small boards: every verdict agrees with brute force, and so does
    /// every jump's.
    #[test]
    fn verdicts_and_jump_verdicts_agree_with_brute_force(
        triangular in any::<bool>(), cells in 0u16..4096, pegs in 0u16..4096,
        finish in 0u8..13, budget in prop_oneof![Just(0u64), Just(HINT_BUDGET)],
    ) {
        let grid = if triangular { Grid::Triangular } else { Grid::Square };
        if let Some(p) = small_board(grid, cells, pegs) {
            let goal = match Cell::new(i32::from(finish % 4), i32::from(finish / 4)) {
                Some(c) if finish < 12 && p.shape().contains(c) => Goal::At(c),
                _ => Goal::Anywhere,
            };
            let mut judge = Judge::new(budget);
            let hint = uncontrolled(|c| judge.hint(&p, goal, c));
            if budget > 0 {
                prop_assert!(hint.answer.known().is_some(), "a small board left unknown");
            }
            check(&p, goal, &hint.answer)?;
            prop_assert_eq!(hint.jumps.len(), p.legal_jumps().len());
            for (jump, verdict) in hint.jumps {
                let child = p.try_play(jump).expect("legal");
                if let Some(v) = verdict {
                    prop_assert_eq!(v, brute_force_winnable(&child, goal, &mut HashMap::new()));
                }
            }
        }
    }
}

/// Positions of a pseudo-random game from `start`.
fn random_game(start: &Position, mut seed: u64) -> Vec<Position> {
    let mut out = vec![start.clone()];
    let mut p = start.clone();
    loop {
        let jumps = p.legal_jumps();
        if jumps.is_empty() {
            return out;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p = p
            .try_play(jumps[(seed >> 33) as usize % jumps.len()])
            .expect("legal");
        out.push(p.clone());
    }
}

#[test]
fn pagoda_reasons_on_the_english_board_really_refute_and_are_lost_by_search() {
    let puzzle = resolve_puzzle("english").expect("english");
    let centre = Goal::At(puzzle.shape().center().expect("centre"));
    // Budget 0: no search, so lost positions must be proved by class or pagoda.
    let mut proofs = Judge::new(0);
    let mut search = Judge::new(HINT_BUDGET);
    let mut pagodas = 0;
    for seed in 1..6u64 {
        for p in random_game(&puzzle.start, seed).into_iter().skip(8) {
            let answer = uncontrolled(|c| proofs.judge(&p, centre, c));
            if let Answer::Lost(reason) = &answer {
                check_reason(&p, centre, reason).expect("the reason holds");
                pagodas += usize::from(matches!(reason, Reason::Pagoda { .. }));
                let searched = uncontrolled(|c| search.judge(&p, centre, c));
                assert!(matches!(searched, Answer::Lost(_)), "{searched:?}");
            }
        }
    }
    assert!(
        pagodas > 0,
        "no position was proved lost by a pagoda function"
    );
}

use crate::support::pegsol_json as pegsol;

#[test]
fn hint_json_gives_the_verdict_its_reason_and_every_jump() {
    let v = pegsol(&["hint", "english", "--finish", "center", "--json"]);
    assert_eq!(v["verdict"], "winnable");
    assert_eq!(v["reason"]["kind"], "line");
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0));
    // The line replays from the start to one peg in the centre.
    let puzzle = resolve_puzzle("english").expect("english");
    let mut p = puzzle.start.clone();
    for j in v["reason"]["line"].as_array().expect("a line") {
        let jump = j.as_str().expect("text").parse().expect("x,y-x,y");
        p = p.try_play(jump).expect("legal");
    }
    assert!(p.is_won(Goal::At(puzzle.shape().center().expect("centre"))));
    // The four first jumps are mirror images: all keep the centre reachable.
    let jumps = v["jumps"].as_array().expect("jumps");
    assert_eq!(jumps.len(), 4);
    for j in jumps {
        assert!(j["jump"].as_str().is_some_and(|s| s.contains('-')));
        assert_eq!(j["verdict"], "winnable");
    }

    let lost = pegsol(&["hint", "english", "--finish", "2,0", "--json"]);
    assert_eq!(lost["verdict"], "lost");
    assert_eq!(lost["reason"]["kind"], "class");
    assert!(lost["reason"]["text"].as_str().is_some());
    assert!(lost["jumps"]
        .as_array()
        .expect("jumps")
        .iter()
        .all(|j| j["verdict"] == "lost"));
}

#[test]
fn an_undecided_hint_offers_the_closest_line_it_found_as_a_guess() {
    // Level 6's start (Wiegleb's board, 44 pegs) is winnable, but not within 1,000
    // expansions: the answer is unknown, with the line that came closest.
    let v = pegsol(&["hint", "6", "--budget", "1000", "--json"]);
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["reason"]["kind"], "closest");
    let puzzle = resolve_puzzle("6").expect("level 6");
    let mut p = puzzle.start.clone();
    let line = v["reason"]["line"].as_array().expect("a line");
    assert!(!line.is_empty());
    for j in line {
        let jump = j.as_str().expect("text").parse().expect("x,y-x,y");
        p = p
            .try_play(jump)
            .expect("each jump of the line is legal in turn");
    }
    assert_eq!(v["reason"]["pegs_left"], p.pegs().len());
    assert!(p.pegs().len() > 1, "one peg left would have been a win");
    let text = crate::support::command()
        .args(["hint", "6", "--budget", "1000"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Unknown:"), "{text}");
    assert!(text.contains("The closest line found leaves "), "{text}");
    assert!(text.contains("Undecided after"), "{text}");
}

#[test]
fn hint_takes_any_position_written_as_a_layout_file() {
    let dir = Scratch::new("test-hint");
    // Two pegs side by side and a hole: one jump wins; with a third peg off in a corner it
    // cannot.
    let path = dir.join("two.ron");
    std::fs::write(
        &path,
        "Layout(name: \"Two\", rows: [\"o o . .\", \". . . .\"])\n",
    )
    .expect("write");
    let file = path.to_str().expect("utf-8 path");
    let v = pegsol(&["hint", file, "--json"]);
    assert_eq!(v["verdict"], "winnable");
    assert_eq!(v["jumps"][0]["jump"], "0,0-2,0");
    assert_eq!(v["jumps"][0]["verdict"], "winnable");
    std::fs::write(
        &path,
        "Layout(name: \"Three\", rows: [\"o o . .\", \". . . .\", \". . . o\"])\n",
    )
    .expect("write");
    let v = pegsol(&["hint", file, "--json"]);
    assert_eq!(v["verdict"], "lost");
    assert!(v["reason"]["kind"].is_string());
    let text = crate::support::command()
        .args(["hint", file])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Lost:"), "{text}");
}

/// The backward proof (the prover on the game played backwards) is sound: on the 15- and
/// 21-hole triangles and level 2, every position it calls lost for the one-peg finishes is
/// lost by brute force, and it does decide some (so this test can fail).
#[test]
fn the_backward_proof_agrees_with_brute_force() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut proofs = 0;
    for key in ["triangle", "triangle-21", "2"] {
        let start = resolve_puzzle(key).expect("catalogue board").start;
        let shape = start.shape().clone();
        let mut memo = HashMap::new();
        for _ in 0..150 {
            let pegs: CellSet = shape.cells().iter().filter(|_| next() % 3 != 0).collect();
            let Some(p) = Position::new(shape.clone(), pegs) else {
                continue;
            };
            let finishes = shape.possible_finishes(pegs);
            let proof = uncontrolled(|c| backward_proof(&shape, pegs, finishes, c));
            if let Some(reason) = proof {
                proofs += 1;
                assert!(matches!(reason, Reason::Search { .. }));
                assert!(
                    !brute_force_winnable(&p, Goal::Anywhere, &mut memo),
                    "{key}: called lost, but brute force wins from {pegs:?}"
                );
            }
        }
    }
    assert!(proofs > 10, "only {proofs} positions proven lost");
}

/// Signed functions carried from one backward proof to the next (as the judge does, per
/// board) keep it sound: every position called lost with the functions of all the positions
/// before it is lost by brute force.
#[test]
fn carried_functions_keep_the_backward_proof_sound() {
    let limits = Limits {
        expansions: 2_000,
        programs: u64::MAX,
        free: 8,
    };
    let mut proofs = 0;
    for key in ["triangle-21", "2", "english"] {
        let start = resolve_puzzle(key).expect("catalogue board").start;
        let shape = start.shape().clone();
        let mut memo = HashMap::new();
        let mut functions = Vec::new();
        // Positions of real games, small enough for brute force.
        let positions = games::random_positions(&start, 12, 0x9e37_79b9_7f4a_7c15);
        for p in positions.iter().filter(|p| p.peg_count() <= 14) {
            let (pegs, finishes) = (p.pegs(), shape.possible_finishes(p.pegs()));
            let proof = uncontrolled(|c| {
                backward_proof_with(&shape, pegs, finishes, limits, &mut functions, c)
            });
            if proof.is_some() {
                proofs += 1;
                assert!(
                    !brute_force_winnable(p, Goal::Anywhere, &mut memo),
                    "{key}: called lost with carried functions, but brute force wins from {pegs:?}"
                );
            }
        }
        assert!(!functions.is_empty(), "{key}: no function carried");
    }
    assert!(proofs > 10, "only {proofs} positions proven lost");
}

/// A backward proof taken up turn after turn (as the judge does: each turn longer, the
/// prover's failures and the finishes already refuted kept) calls lost only what is lost,
/// and proves with small turns what one turn of their total proves.
#[test]
fn a_backward_proof_resumed_by_turns_stays_sound() {
    let (mut by_turns, mut at_once) = (0, 0);
    for key in ["triangle-21", "2", "english"] {
        let start = resolve_puzzle(key).expect("catalogue board").start;
        let shape = start.shape().clone();
        let mut memo = HashMap::new();
        let positions = games::random_positions(&start, 12, 0x2545_f491_4f6c_dd1d);
        for p in positions.iter().filter(|p| p.peg_count() <= 14) {
            let (pegs, finishes) = (p.pegs(), shape.possible_finishes(p.pegs()));
            let Some(mut proof) = BackwardProof::new(&shape, pegs, finishes, &[]) else {
                continue;
            };
            let mut reason = None;
            for expansions in [10, 40, 160, 640] {
                reason = uncontrolled(|c| proof.turn(Limits::long(expansions), c));
                if reason.is_some() {
                    break;
                }
            }
            if reason.is_some() {
                by_turns += 1;
                assert!(
                    !brute_force_winnable(p, Goal::Anywhere, &mut memo),
                    "{key}: called lost by turns, but brute force wins from {pegs:?}"
                );
            }
            let limits = Limits::long(10 + 40 + 160 + 640);
            let once = uncontrolled(|c| {
                backward_proof_with(&shape, pegs, finishes, limits, &mut Vec::new(), c)
            });
            at_once += usize::from(once.is_some());
        }
    }
    assert!(
        by_turns > 10,
        "only {by_turns} positions proven lost by turns"
    );
    assert!(
        by_turns >= at_once,
        "{by_turns} proven by turns, {at_once} at once"
    );
}

/// Level 7's hardest lost middle games of the advisor bench (25 to 27 pegs; proving them
/// takes 50,000 to 300,000 backward expansions on one finish): a fresh judge proves each
/// lost, with a reason, within its default budget, rather than saying "unknown".
#[test]
fn level_7s_hardest_lost_middle_games_are_proven_lost() {
    let start = resolve_puzzle("7").expect("level 7").start;
    let positions = [
        "3,0 4,0 5,0 3,1 4,1 3,2 1,3 5,3 8,3 2,4 3,4 6,4 7,4 8,4 2,5 4,5 5,5 6,5 7,5 8,5 4,6 5,6 \
         3,7 4,7 5,7",
        "4,0 5,0 4,1 3,2 5,2 1,3 2,3 4,3 6,3 7,3 8,3 1,4 2,4 4,4 8,4 1,5 2,5 5,5 6,5 7,5 8,5 3,6 \
         5,6 3,7 4,7 5,7",
        "3,0 4,0 5,0 3,1 4,1 5,1 3,2 4,2 5,2 3,3 6,3 7,3 8,3 1,4 3,4 4,4 7,4 8,4 3,5 5,5 6,5 7,5 \
         8,5 5,6 3,7 4,7 5,7",
    ];
    for cells in positions {
        let pegs: CellSet = cells
            .split_whitespace()
            .map(|c| c.parse::<Cell>().expect("x,y"))
            .collect();
        let p = Position::new(start.shape().clone(), pegs).expect("on the board");
        let mut judge = Judge::new(HINT_BUDGET);
        let answer = uncontrolled(|c| judge.judge(&p, Goal::Anywhere, c));
        assert!(
            matches!(answer, Answer::Lost(_)),
            "{cells}: expected lost, got {answer:?}"
        );
    }
}

/// Level 6 (Wiegleb's board) with holes at `holes` ("x,y x,y ...") and pegs elsewhere.
fn level_6_with_holes(holes: &str) -> Position {
    let start = resolve_puzzle("6").expect("level 6").start;
    let holes: CellSet = holes
        .split_whitespace()
        .map(|c| c.parse().expect("x,y"))
        .collect();
    Position::new(start.shape().clone(), start.shape().cells() - holes).expect("board")
}

#[test]
fn jumps_after_an_undecided_position_still_mark_the_simple_losses() {
    // Level 6, game 13 of the hint bench: the judge leaves it undecided. Its jumps then get
    // the cheap proofs and a quick search only, not the long ones (which left them all
    // undecided too, in seconds); three of its eleven jumps lose for a simple reason, and
    // are still marked.
    let p = level_6_with_holes("1,3 2,3 2,4 3,4 5,4 6,4 3,5 5,5 5,6");
    let mut judge = Judge::new(HINT_BUDGET);
    let jumps =
        uncontrolled(|c| judge.judge_jumps(&p, Goal::Anywhere, &Answer::Unknown(Vec::new()), c));
    assert_eq!(jumps.len(), 11);
    let lost: Vec<String> = jumps
        .iter()
        .filter(|(_, verdict)| *verdict == Some(false))
        .map(|(j, _)| j.to_string())
        .collect();
    assert_eq!(lost, ["3,2-3,4", "4,3-2,3", "5,2-5,4"]);
    // Each of them is lost by a reason that holds.
    for (jump, verdict) in jumps {
        if verdict == Some(false) {
            let mut child = p.clone();
            child.play_unchecked(jump);
            let answer = uncontrolled(|c| Judge::new(HINT_BUDGET).judge(&child, Goal::Anywhere, c));
            let Answer::Lost(reason) = answer else {
                panic!("{jump:?}: {answer:?}");
            };
            check_reason(&child, Goal::Anywhere, &reason).expect("the reason holds");
        }
    }
}

#[test]
fn a_jump_a_winning_line_plays_later_is_marked_winning_without_a_search() {
    // Level 6, game 25 of the hint bench: 36 pegs, winnable. With no budget for searches,
    // its jumps are still marked winning when the position's winning line plays them later
    // and replays with them played first; before, only the line's first jump was.
    let p = level_6_with_holes("2,3 2,4 5,3 0,5 1,5 3,5 5,5 4,6 5,6");
    let answer = uncontrolled(|c| Judge::new(HINT_BUDGET).judge(&p, Goal::Anywhere, c));
    let Answer::Winnable(line) = &answer else {
        panic!("game 25 is winnable, got {answer:?}");
    };
    let mut judge = Judge::new(0);
    let jumps = uncontrolled(|c| judge.judge_jumps(&p, Goal::Anywhere, &answer, c));
    let winning: Vec<_> = jumps
        .iter()
        .filter(|(_, v)| *v == Some(true))
        .map(|(j, _)| *j)
        .collect();
    assert!(winning.len() >= 2, "only {winning:?} marked winning");
    for jump in winning {
        // Each is a jump of the line, and the line without it replays to one peg after it.
        let k = line
            .iter()
            .position(|&j| j == jump)
            .expect("a jump of the line");
        let mut q = p.try_play(jump).expect("legal");
        for (i, &j) in line.iter().enumerate() {
            if i != k {
                q = q.try_play(j).expect("the rest of the line replays");
            }
        }
        assert!(q.is_won(Goal::Anywhere));
    }
}

#[test]
fn an_undecided_position_with_a_jump_found_winning_is_winnable_by_its_line() {
    // Judged as if the position's own search had given up: each jump gets the quick search
    // only, which wins from some jumps of the English start; the lines handed back start at
    // the position, and the first makes the undecided verdict winnable.
    let p = resolve_puzzle("english").expect("english").start;
    let goal = Goal::At(p.shape().center().expect("centre"));
    let mut judge = Judge::new(HINT_BUDGET);
    let unknown = Answer::Unknown(Vec::new());
    let (jumps, lines) = uncontrolled(|c| judge.judge_jumps_with_lines(&p, goal, &unknown, c));
    let winning = jumps.iter().filter(|(_, v)| *v == Some(true)).count();
    assert!(winning >= 1, "{jumps:?}");
    assert_eq!(lines.len(), winning, "a line per winning jump");
    for line in &lines {
        let mut q = p.clone();
        for &j in line {
            q = q.try_play(j).expect("each line replays from the position");
        }
        assert!(q.is_won(goal));
    }
    let Answer::Winnable(line) = decided_by_a_jump(unknown, &lines) else {
        panic!("still undecided");
    };
    assert_eq!(&line, &lines[0]);
    let lost = Answer::Lost(Reason::Stuck);
    assert_eq!(
        decided_by_a_jump(lost.clone(), &lines),
        lost,
        "a proof is kept"
    );
}
