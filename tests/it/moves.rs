//! Fewest moves and solution counts: every chain replays legally and is one peg's jumps, the
//! fewest moves agree with a brute-force search by moves, and solution counts agree with a
//! brute-force count of jump sequences, on small random boards and the 15-hole triangle.

use num_bigint::BigUint;
use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{
    continues, legal_jumps_of, move_count, Cell, CellSet, Goal, Grid, Position, Shape,
};
use pegsol_solver::engines::moves::{
    fewest_moves, meet_in_the_middle, MeetStatus, MovesOutcome, Options,
};
use pegsol_solver::engines::solutions::count_solutions;
use pegsol_solver::uncontrolled;
use proptest::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

use crate::games;
use games::box_board;
use pegsol_testkit::tools;

/// Fewest moves from `start` to `goal` by brute force: a 0-1 breadth-first search over
/// (pegs, the cell the last jump landed on), where a jump from that cell costs nothing and any
/// other costs one move. `None` when the goal cannot be reached.
fn brute_moves(start: &Position, goal: Goal) -> Option<u32> {
    let shape = start.shape();
    let mut best: FxHashMap<(CellSet, Option<Cell>), u32> = FxHashMap::default();
    let mut queue = VecDeque::new();
    best.insert((start.pegs(), None), 0);
    queue.push_back((start.pegs(), None, 0u32));
    let mut answer = None::<u32>;
    while let Some((pegs, last, d)) = queue.pop_front() {
        if best.get(&(pegs, last)).is_some_and(|&b| b < d) {
            continue;
        }
        if goal.is_won(pegs) {
            answer = Some(answer.map_or(d, |a: u32| a.min(d)));
            continue;
        }
        for j in legal_jumps_of(shape, pegs) {
            let cost = u32::from(last != Some(j.from));
            let next = (pegs ^ j.cells(), Some(j.to));
            let nd = d + cost;
            if best.get(&next).is_none_or(|&b| nd < b) {
                best.insert(next, nd);
                if cost == 0 {
                    queue.push_front((next.0, next.1, nd));
                } else {
                    queue.push_back((next.0, next.1, nd));
                }
            }
        }
    }
    answer
}

/// Jump sequences from `pegs` to the goal, by brute force (memoised on the pegs).
fn brute_count(
    shape: &Shape,
    pegs: CellSet,
    goal: Goal,
    memo: &mut FxHashMap<CellSet, u128>,
) -> u128 {
    if pegs.len() == 1 {
        return u128::from(goal.is_won(pegs));
    }
    if let Some(&n) = memo.get(&pegs) {
        return n;
    }
    let jumps: Vec<_> = legal_jumps_of(shape, pegs).collect();
    let n = jumps
        .into_iter()
        .map(|j| brute_count(shape, pegs ^ j.cells(), goal, memo))
        .sum();
    memo.insert(pegs, n);
    n
}

fn solve(start: &Position, goal: Goal) -> MovesOutcome {
    uncontrolled(|c| fewest_moves(start, goal, Options::default(), c))
}

/// The chains replay legally from `start` to the goal, each is one peg's jumps, and no chain
/// could have been joined to the one before (which would make fewer moves).
fn check_chains(start: &Position, goal: Goal, out: &MovesOutcome) {
    let mut p = start.clone();
    let mut previous = None;
    for chain in &out.chains {
        assert!(!chain.is_empty());
        assert!(
            !continues(previous, chain[0]),
            "a move starts where the last one ended"
        );
        for (i, &j) in chain.iter().enumerate() {
            if i > 0 {
                assert!(continues(Some(chain[i - 1]), j), "a chain changes peg");
            }
            p = p.try_play(j).expect("every jump of a chain is legal");
            previous = Some(j);
        }
    }
    assert!(p.is_won(goal), "the chains end on the goal");
    assert_eq!(move_count(&out.jumps()), out.chains.len() as u32);
}

/// `search` on a random board of a 4x4 box (`(triangular, cells, pegs, at)` from proptest),
/// to one peg anywhere and, when `at` is on the board, to that cell: proven, the brute
/// force's fewest moves, and chains that replay.
fn agree_with_brute_force(
    board: (bool, u32, u32, u8),
    search: impl Fn(&Position, Goal) -> MovesOutcome,
) -> Result<(), TestCaseError> {
    on_random_board(board, search, |start, goal, out, fewest| {
        prop_assert!(out.proven_optimal, "{:?}", out);
        prop_assert_eq!(out.moves(), fewest);
        if out.won {
            check_chains(start, goal, out);
        }
        Ok(())
    })
}

/// `search`, which may stop short, on a random board as [`agree_with_brute_force`] makes
/// them: its lower bound is no more than the fewest moves, a solution it gives replays and
/// takes no fewer, and what it calls proven is the brute force's answer.
fn bounded_by_brute_force(
    board: (bool, u32, u32, u8),
    search: impl Fn(&Position, Goal) -> MovesOutcome,
) -> Result<(), TestCaseError> {
    on_random_board(board, search, |start, goal, out, fewest| {
        if let Some(fewest) = fewest {
            prop_assert!(out.lower_bound <= fewest, "{:?} against {}", out, fewest);
        }
        if out.won {
            check_chains(start, goal, out);
            prop_assert!(out.moves() >= fewest, "{:?} against {:?}", out, fewest);
        }
        if out.proven_optimal {
            prop_assert_eq!(out.moves(), fewest);
        }
        Ok(())
    })
}

/// Runs `search` on the board of a 4x4 box that `(triangular, cells, pegs, at)` draws, to
/// one peg anywhere and, when `at` is on the board, to that cell, and `check`s each outcome
/// against the brute force's fewest moves.
fn on_random_board(
    (triangular, cells, pegs, at): (bool, u32, u32, u8),
    search: impl Fn(&Position, Goal) -> MovesOutcome,
    check: impl Fn(&Position, Goal, &MovesOutcome, Option<u32>) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let grid = if triangular {
        Grid::Triangular
    } else {
        Grid::Square
    };
    if let Some(start) = box_board(grid, (4, 4), |i| cells >> i & 1 == 1, pegs) {
        let cell = Cell {
            x: at % 4,
            y: at / 4,
        };
        let goals = if start.shape().contains(cell) {
            vec![Goal::Anywhere, Goal::At(cell)]
        } else {
            vec![Goal::Anywhere]
        };
        for goal in goals {
            let out = search(&start, goal);
            check(&start, goal, &out, brute_moves(&start, goal))?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fewest_moves_agree_with_a_brute_force_search_by_moves(
        triangular in any::<bool>(), cells in 0u32..(1 << 16), pegs in 0u32..(1 << 16), at in 0u8..16
    ) {
        agree_with_brute_force((triangular, cells, pegs, at), solve)?;
    }

    #[test]
    fn meeting_in_the_middle_agrees_with_a_brute_force_search_by_moves(
        triangular in any::<bool>(), cells in 0u32..(1 << 16), pegs in 0u32..(1 << 16), at in 0u8..16
    ) {
        agree_with_brute_force((triangular, cells, pegs, at), |start, goal| {
            uncontrolled(|c| meet_in_the_middle(start, goal, Options::default(), c))
        })?;
    }

    #[test]
    fn meeting_in_the_middle_cut_short_keeps_its_bound_and_its_proofs_true(
        triangular in any::<bool>(), cells in 0u32..(1 << 16), pegs in 0u32..(1 << 16), at in 0u8..16,
        cap in 2u64..40
    ) {
        // Room for a few positions: the levels stop early, one more is looked through and
        // the beam runs, on every board.
        bounded_by_brute_force((triangular, cells, pegs, at), |start, goal| {
            let options = Options { max_held: Some(cap), ..Options::default() };
            uncontrolled(|c| meet_in_the_middle(start, goal, options, c))
        })?;
    }

    #[test]
    fn solution_counts_agree_with_a_brute_force_count(
        triangular in any::<bool>(), cells in 0u32..(1 << 16), pegs in 0u32..(1 << 16)
    ) {
        let grid = if triangular { Grid::Triangular } else { Grid::Square };
        if let Some(start) = box_board(grid, (4, 4), |i| cells >> i & 1 == 1, pegs) {
            let out = uncontrolled(|c| count_solutions(&start, Goal::Anywhere, c)).expect("counted");
            let mut memo = FxHashMap::default();
            let expected = brute_count(start.shape(), start.pegs(), Goal::Anywhere, &mut memo);
            prop_assert_eq!(out.solutions, BigUint::from(expected));
        }
    }
}

#[test]
fn the_fifteen_hole_triangle_from_its_top_corner_takes_ten_moves() {
    // The published minimum (G. Bell, "Solving triangular peg solitaire", 2008).
    let puzzle = resolve_puzzle("triangle").expect("the triangle");
    let out = solve(&puzzle.start, Goal::Anywhere);
    assert_eq!(out.moves(), Some(10));
    assert!(out.proven_optimal);
    check_chains(&puzzle.start, Goal::Anywhere, &out);
}

#[test]
fn every_start_of_the_fifteen_hole_triangle_has_its_fewest_moves_proven() {
    let puzzle = resolve_puzzle("triangle").expect("the triangle");
    let shape = puzzle.start.shape().clone();
    for vacancy in shape.cells() {
        let start = Position::new(shape.clone(), shape.cells() - CellSet::single(vacancy))
            .expect("a start");
        let out = solve(&start, Goal::Anywhere);
        assert!(out.proven_optimal, "{vacancy}");
        assert_eq!(
            out.moves(),
            brute_moves(&start, Goal::Anywhere),
            "{vacancy}"
        );
        if out.won {
            check_chains(&start, Goal::Anywhere, &out);
        }
    }
}

#[test]
fn meeting_in_the_middle_proves_the_english_board_and_the_triangle_as_the_other_searches_do() {
    for (name, centre) in [("english", true), ("english", false), ("triangle", false)] {
        let puzzle = resolve_puzzle(name).expect("a catalogue board");
        let goal = if centre {
            Goal::At(puzzle.start.shape().center().expect("a centre"))
        } else {
            Goal::Anywhere
        };
        let met = uncontrolled(|c| meet_in_the_middle(&puzzle.start, goal, Options::default(), c));
        let other = solve(&puzzle.start, goal);
        assert!(
            met.proven_optimal && other.proven_optimal,
            "{name}: {met:?}"
        );
        assert_eq!(met.moves(), other.moves(), "{name}");
        check_chains(&puzzle.start, goal, &met);
    }
}

#[test]
fn meeting_in_the_middle_cut_short_gives_a_beam_solution_and_a_true_lower_bound() {
    // The English central game (18 moves) with room for a few levels only: one more level
    // is looked through, and the beam finds a solution from the forward levels into the
    // backward ones, which takes no fewer moves than the fewest; the bound is no more than
    // the fewest. At each of these caps the levels stop at a different depth.
    let puzzle = resolve_puzzle("english").expect("english");
    let goal = Goal::At(puzzle.start.shape().center().expect("a centre"));
    for cap in [3_000, 200_000, 2_000_000] {
        let options = Options {
            max_held: Some(cap),
            ..Options::default()
        };
        let out = uncontrolled(|c| meet_in_the_middle(&puzzle.start, goal, options, c));
        assert!(out.won, "{cap}: {out:?}");
        check_chains(&puzzle.start, goal, &out);
        let moves = out.moves().expect("won");
        assert!(
            moves >= 18 && out.lower_bound <= 18 && out.lower_bound > 8,
            "{cap}: {out:?}"
        );
        assert_eq!(out.proven_optimal, moves == out.lower_bound, "{cap}");
    }
}

/// A meeting in the middle says where it is as it goes (a pass over one of Wiegleb's levels
/// takes up to an hour, and the expansions alone said neither how far it was nor what was
/// proved): each side's levels one move deeper at a time, the share of the level done, the
/// positions held and the bound, which never goes back and never passes the one answered;
/// the level past the cap is looked through, not kept.
#[test]
fn meeting_in_the_middle_reports_its_levels_its_share_done_and_its_bound() {
    use pegsol_solver::{Control, Progress};
    use std::sync::atomic::AtomicBool;
    let puzzle = resolve_puzzle("english").expect("english");
    let goal = Goal::At(puzzle.start.shape().center().expect("a centre"));
    let cancel = AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::<Progress>::new());
    let mut record = |p: &Progress| seen.lock().expect("not poisoned").push(*p);
    let mut control = Control::new(&cancel, &mut record);
    let options = Options {
        max_held: Some(200_000),
        ..Options::default()
    };
    let out = meet_in_the_middle(&puzzle.start, goal, options, &mut control);
    assert!(out.won, "{out:?}");
    let seen = seen.into_inner().expect("not poisoned");
    let all: Vec<_> = seen.iter().filter_map(|p| p.meeting).collect();
    // Past the levels, a beam looks for a solution, and says so (its reports once froze the
    // line at the last pass's "looking through ... 100%" for a minute on Wiegleb's board).
    let (beams, meeting): (Vec<MeetStatus>, Vec<MeetStatus>) =
        all.iter().partition(|m| m.beam.is_some());
    assert!(!meeting.is_empty());
    let first_beam = all.iter().position(|m| m.beam.is_some());
    assert!(first_beam.is_none_or(|i| all[i..].iter().all(|m| m.beam.is_some())));
    for m in &beams {
        let beam = m.beam.expect("a beam");
        assert_eq!(m.at_least, out.lower_bound, "{m:?} {out:?}");
        assert!(beam.from <= m.forward_moves && beam.width > 0, "{m:?}");
        assert!(m
            .line()
            .contains("looking for a solution by a beam from forward level"));
    }
    // The English central game with this cap: the look-through does not meet, and the
    // beam runs from the last forward level and from the start.
    assert!(
        beams
            .iter()
            .any(|m| m.beam.is_some_and(|b| b.from > 0 && b.moves > 0)),
        "{beams:?}"
    );
    for pair in meeting.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert!(b.forward_moves >= a.forward_moves && b.backward_moves >= a.backward_moves);
        assert!(b.forward_moves + b.backward_moves <= a.forward_moves + a.backward_moves + 1);
        assert!(b.at_least >= a.at_least && b.held >= a.held, "{a:?} {b:?}");
    }
    for m in &meeting {
        assert!(m.done <= m.expanding && m.expanding > 0, "{m:?}");
        assert_eq!(m.at_least, m.forward_moves + m.backward_moves + 1);
        assert!(m.at_least <= out.lower_bound, "{m:?} {out:?}");
        assert!(m.line().contains(&format!("at least {} moves", m.at_least)));
    }
    // Both sides grew, and every pass ends with a report of the whole level done.
    assert!(meeting.iter().any(|m| m.forward) && meeting.iter().any(|m| !m.forward));
    let last = meeting.last().expect("a report");
    assert!(last.looking_through, "the level past the cap: {last:?}");
    assert_eq!(last.done, last.expanding);
    assert!(meeting
        .iter()
        .filter(|m| !m.looking_through)
        .all(|m| m.memory > 0));
}

#[test]
fn a_goal_the_position_class_rules_out_is_proven_unreachable_at_once() {
    let puzzle = resolve_puzzle("english").expect("english");
    // (0,2) is in another class than the centre's start allows.
    let out = solve(&puzzle.start, Goal::At(Cell { x: 2, y: 0 }));
    assert!(
        !out.won && out.proven_optimal && out.expanded == 0,
        "{out:?}"
    );
}

#[test]
fn the_english_central_game_takes_eighteen_moves_proven() {
    // Bergholt's 18-move solution (1912), proven minimal by Beasley (1964).
    let puzzle = resolve_puzzle("english").expect("english");
    let centre = Goal::At(puzzle.start.shape().center().expect("a centre"));
    let out = solve(&puzzle.start, centre);
    assert_eq!(out.moves(), Some(18));
    assert!(out.proven_optimal);
    assert_eq!(out.lower_bound, 18);
    check_chains(&puzzle.start, centre, &out);
}

#[test]
fn the_english_board_with_the_finish_anywhere_answers_proven_and_its_finish_cell_agrees() {
    // With the finish anywhere the search once ran out of room ("at least 13 moves"): it
    // now keeps only positions the level engine found can still win. No published figure
    // for this problem was at hand; the centre finish's published 18 bounds it, and the
    // search for its own finish cell alone (a different goal, its own winners) agrees.
    let puzzle = resolve_puzzle("english").expect("english");
    let out = solve(&puzzle.start, Goal::Anywhere);
    assert!(out.won && out.proven_optimal, "{out:?}");
    let moves = out.moves().expect("won");
    assert!(moves <= 18, "{moves} moves: the centre finish takes 18");
    assert_eq!(out.lower_bound, moves);
    check_chains(&puzzle.start, Goal::Anywhere, &out);
    let mut last = puzzle.start.clone();
    for j in out.jumps() {
        last = last.try_play(j).expect("legal");
    }
    let cell = last.pegs().iter().next().expect("one peg");
    let there = solve(&puzzle.start, Goal::At(cell));
    assert_eq!(there.moves(), Some(moves), "finishing on {cell}");
    assert!(there.proven_optimal);
}

#[test]
fn the_english_central_game_has_its_published_number_of_solutions() {
    // 40,861,647,040,079,968 jump sequences end with one peg in the centre (Durango Bill,
    // "33 hole peg solitaire"), through the 1,679,072 positions (up to symmetry) that can
    // still finish in the centre, as `pegsol count` finds them.
    let puzzle = resolve_puzzle("english").expect("english");
    let centre = Goal::At(puzzle.start.shape().center().expect("a centre"));
    let out = uncontrolled(|c| count_solutions(&puzzle.start, centre, c)).expect("counted");
    assert_eq!(out.solutions.to_string(), "40861647040079968");
    assert_eq!(out.up_to_symmetry, 1_679_072);
}

/// `pegsol ARGS`'s JSON, without its "seconds", on core 0 alone (`taskset`) or unpinned.
fn json_run(args: &[&str], one_core: bool) -> serde_json::Value {
    let exe = env!("CARGO_BIN_EXE_pegsol");
    let mut c = if one_core {
        let mut c = std::process::Command::new("taskset");
        c.args(["-c", "0", exe]);
        c
    } else {
        std::process::Command::new(exe)
    };
    let o = c.args(args).output().expect("pegsol runs");
    assert!(o.status.success(), "{o:?}");
    let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    v.as_object_mut().expect("an object").remove("seconds");
    v
}

/// The search with the winnable positions known runs a level on every thread; the answer and
/// the solution it prints are the same on one core as on all of them.
#[test]
fn fewest_moves_on_one_core_and_on_all_print_the_same_solution() {
    if !tools::have("taskset", "fewest moves on one core") {
        return;
    }
    let run = |one_core: bool| {
        let v = json_run(
            &["solve", "cross-5x9", "--fewest-moves", "--json"],
            one_core,
        );
        assert_eq!(v["proven_optimal"], true, "{v}");
        v
    };
    let (one, all) = (run(true), run(false));
    assert_eq!(one["chains"], all["chains"]);
    assert_eq!(one, all);
}

/// The solution count shares each level among the threads; the counts it prints are the same
/// on one core as on all of them (the English central game: levels of up to some 250,000
/// positions, split in stretches).
#[test]
fn solutions_on_one_core_and_on_all_print_the_same_count() {
    if !tools::have("taskset", "solutions on one core") {
        return;
    }
    let args = ["solutions", "english", "--finish", "center", "--json"];
    let run = |one_core: bool| json_run(&args, one_core);
    let (one, all) = (run(true), run(false));
    assert_eq!(one, all);
    assert_eq!(all["solutions"], "40861647040079968", "{all}");
}

/// A fewest-moves search that first asks the level engine for the positions that can still
/// win reports that work as it goes (the window and the terminal show it; before, they showed
/// nothing for seconds on English and minutes on French): the forward levels one jump deeper
/// each time, then the winners, then the search proper with no stage.
#[test]
fn fewest_moves_reports_the_level_engines_work_before_its_search() {
    use pegsol_solver::{Control, Progress};
    use std::sync::atomic::AtomicBool;
    let puzzle = resolve_puzzle("cross-5x9").expect("a catalogue board");
    let cancel = AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::<Progress>::new());
    let mut record = |p: &Progress| seen.lock().expect("not poisoned").push(*p);
    let mut control = Control::new(&cancel, &mut record);
    let out = fewest_moves(
        &puzzle.start,
        Goal::Anywhere,
        Options::default(),
        &mut control,
    );
    assert!(out.won && out.proven_optimal, "{out:?}");
    let seen = seen.into_inner().expect("not poisoned");
    let stages: Vec<_> = seen.iter().filter_map(|p| p.preparing).collect();
    let forward: Vec<u32> = stages
        .iter()
        .filter(|s| s.phase == "forward")
        .map(|s| s.jumps)
        .collect();
    let of = puzzle.start.peg_count() - 1;
    assert!(forward.len() > 5, "{stages:?}");
    assert!(forward.windows(2).all(|w| w[1] == w[0] + 1), "{forward:?}");
    // Every stage names a level of this game: none past its last jump.
    assert!(
        stages.iter().all(|s| s.of == of && s.jumps <= of),
        "{:?}",
        stages
            .iter()
            .filter(|s| s.of != of || s.jumps > of)
            .collect::<Vec<_>>()
    );
    assert!(stages.iter().any(|s| s.phase == "winners"), "{stages:?}");
    // Every stage comes before the search proper's first report.
    let first_search = seen.iter().position(|p| p.preparing.is_none());
    let last_stage = seen.iter().rposition(|p| p.preparing.is_some());
    if let (Some(search), Some(stage)) = (first_search, last_stage) {
        assert!(stage < search, "a stage after the search began");
    }
}

/// The loops compiled for x86-64-v3 (`cpu::fast`, chosen at run time) and the baseline ones
/// give the same answers: the winnable set's steps (`hint`), the solution count met in the
/// middle (`solutions`) and the level engine (`count`), English central game. On a
/// processor without v3 both runs take the baseline.
#[test]
fn the_baseline_and_the_v3_loops_give_the_same_answers() {
    let run = |baseline: bool, args: &[&str]| {
        let mut c = crate::support::command();
        c.args(args);
        if baseline {
            c.env("PEGSOL_CPU", "baseline");
        }
        let o = c.output().expect("the binary runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        if let Some(m) = v.as_object_mut() {
            m.remove("seconds");
        }
        v
    };
    for args in [
        &["solutions", "english", "--finish", "center", "--json"][..],
        &["hint", "english", "--finish", "center", "--json"],
        &["count", "cross-5x9", "--json"],
    ] {
        assert_eq!(run(true, args), run(false, args), "{args:?}");
    }
}
