//! The search engines against independent references, replays and cancellation.

use pegsol_layout::load::resolve_puzzle;
use pegsol_layout::Layout;
use pegsol_rules::{Cell, CellSet, Goal, Grid, Position};
use pegsol_solver::engines::{classic, exact};
use pegsol_solver::{uncontrolled, Outcome};
use proptest::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::HashSet;

use crate::games;
use games::{at_most, medium_board, small_board, ORACLE_PEGS};

/// The assignment's `find_solution`, transcribed as literally as Rust allows: a 9x9 char
/// field indexed `[x][y]`, an 81-byte hash key, a stack of whole nodes.
fn reference_classic(rows: &[String], budget: u64) -> (u64, u64, usize, usize) {
    let mut field = [[b' '; 9]; 9];
    for (y, row) in rows.iter().enumerate() {
        for (x, column) in field.iter_mut().enumerate() {
            column[y] = *row.as_bytes().get(2 * x).unwrap_or(&b' ');
        }
    }
    let pegs = |f: &[[u8; 9]; 9]| f.iter().flatten().filter(|&&c| c == b'o').count();
    struct Node {
        field: [[u8; 9]; 9],
        depth: usize,
    }
    let mut stack = vec![Node { field, depth: 0 }];
    let mut seen: HashSet<[[u8; 9]; 9]> = HashSet::new();
    let (mut expanded, mut generated) = (0u64, 0u64);
    let mut best = pegs(&field);
    let mut solution = (0usize, best);
    while let Some(n) = stack.pop() {
        expanded += 1;
        if pegs(&n.field) < best {
            best = pegs(&n.field);
            solution = (n.depth, best);
        }
        for x in 0..9i32 {
            for y in 0..9i32 {
                // left, right, up, down
                for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (ox, oy, tx, ty) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
                    if !(0..9).contains(&tx) || !(0..9).contains(&ty) {
                        continue;
                    }
                    let f = &n.field;
                    if f[x as usize][y as usize] != b'o'
                        || f[ox as usize][oy as usize] != b'o'
                        || f[tx as usize][ty as usize] != b'.'
                    {
                        continue;
                    }
                    let mut child = n.field;
                    child[x as usize][y as usize] = b'.';
                    child[ox as usize][oy as usize] = b'.';
                    child[tx as usize][ty as usize] = b'o';
                    generated += 1;
                    if pegs(&child) == 1 {
                        return (expanded, generated, n.depth + 1, 1);
                    }
                    if seen.insert(child) {
                        stack.push(Node {
                            field: child,
                            depth: n.depth + 1,
                        });
                    }
                }
            }
        }
        if expanded >= budget {
            break;
        }
    }
    (expanded, generated, solution.0, solution.1)
}

fn level_rows(level: &str) -> Vec<String> {
    pegsol_layout::catalogue::find(level)
        .unwrap()
        .layout()
        .unwrap()
        .rows
}

fn replays_to(start: &Position, o: &Outcome) -> Position {
    let mut p = start.clone();
    for &j in &o.jumps {
        p = p.try_play(j).expect("every jump of a solution is legal");
    }
    p
}

#[test]
fn classic_matches_the_literal_transcription_on_levels_0_to_4() {
    for (level, budget) in [
        ("0", 100),
        ("1", 100),
        ("2", 100),
        ("3", 50_000),
        ("4", 20_000),
    ] {
        let p = resolve_puzzle(level).unwrap();
        let o = uncontrolled(|c| classic::solve(&p.start, p.goal, budget, c));
        let r = reference_classic(&level_rows(level), budget);
        assert_eq!(
            (o.expanded, o.generated, o.jumps.len(), o.pegs_left as usize),
            r,
            "level {level}"
        );
    }
}

#[test]
fn classic_solution_replays_legally_and_ends_as_reported() {
    for (level, budget) in [
        ("3", 100_000),
        ("4", 100_000),
        ("5", 1_200_000),
        ("7", 200_000),
    ] {
        let p = resolve_puzzle(level).unwrap();
        let o = uncontrolled(|c| classic::solve(&p.start, p.goal, budget, c));
        let end = replays_to(&p.start, &o);
        assert_eq!(end.peg_count(), o.pegs_left, "level {level}");
        assert_eq!(o.won, end.is_won(p.goal));
    }
}

#[test]
fn exact_solutions_replay_and_are_proven() {
    for key in ["0", "1", "2", "3", "4", "english", "triangle", "cross-5x7"] {
        let p = resolve_puzzle(key).unwrap();
        let o = uncontrolled(|c| exact::solve(&p.start, p.goal, exact::Options::default(), c));
        let end = replays_to(&p.start, &o);
        assert_eq!(end.peg_count(), o.pegs_left, "{key}");
        assert!(o.proven_optimal, "{key}");
        assert_eq!(o.won, end.is_won(p.goal), "{key}");
    }
}

#[test]
fn exact_proves_class_impossibilities_without_search() {
    let diamond = resolve_puzzle("diamond").unwrap();
    let centre = diamond.shape().center().unwrap();
    let o = uncontrolled(|c| {
        exact::solve(
            &diamond.start,
            Goal::At(centre),
            exact::Options::default(),
            c,
        )
    });
    assert!(!o.won && o.proven_optimal);
    assert_eq!(o.expanded, 0);
    // On the English board the corner of an arm is in another class than the centre start.
    let english = resolve_puzzle("english").unwrap();
    let o = uncontrolled(|c| {
        exact::solve(
            &english.start,
            Goal::At(Cell { x: 2, y: 0 }),
            exact::Options::default(),
            c,
        )
    });
    assert!(!o.won && o.proven_optimal && o.expanded == 0);
}

#[test]
fn exact_finishes_the_english_board_in_the_centre() {
    let p = resolve_puzzle("english").unwrap();
    let centre = p.shape().center().unwrap();
    let o =
        uncontrolled(|c| exact::solve(&p.start, Goal::At(centre), exact::Options::default(), c));
    assert!(o.won && o.proven_optimal);
    assert_eq!(replays_to(&p.start, &o).pegs(), CellSet::single(centre));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn exact_fewest_pegs_agrees_with_brute_force(
        triangular in any::<bool>(), cells in 0u16..4096, pegs in 0u16..4096, threads in 1usize..3
    ) {
        let grid = if triangular { Grid::Triangular } else { Grid::Square };
        if let Some(start) = small_board(grid, cells, pegs) {
            let o = uncontrolled(|c| exact::solve(&start, Goal::Anywhere, exact::Options { budget: None, threads, table_bytes: 0, win_only: false, ..exact::Options::default() }, c));
            prop_assert!(o.proven_optimal);
            prop_assert_eq!(o.pegs_left, brute_force_min_memo(&start, &mut FxHashMap::default()));
            prop_assert_eq!(replays_to(&start, &o).peg_count(), o.pegs_left);
        }
    }
}

/// Fewest pegs reachable, by exhaustive recursion with a memo of positions seen (no symmetry,
/// no ordering, no bound): fast enough for boards of up to 30 cells.
fn brute_force_min_memo(p: &Position, memo: &mut FxHashMap<CellSet, u32>) -> u32 {
    if let Some(&m) = memo.get(&p.pegs()) {
        return m;
    }
    let m = p
        .legal_jumps()
        .into_iter()
        .map(|j| brute_force_min_memo(&p.try_play(j).unwrap(), memo))
        .min()
        .unwrap_or(p.peg_count());
    memo.insert(p.pegs(), m);
    m
}

/// Options that send even a small board through every stage: no inline attempt on the
/// calling thread, no quick phase (so a goal side is built at once, kept small), and first
/// attempts of a few expansions (so workers restart with other orderings).
fn every_stage(threads: usize) -> exact::Options {
    exact::Options {
        threads,
        table_bytes: 1 << 20,
        stages: exact::Stages {
            inline_attempt: 0,
            quick_phase: 0,
            first_attempt: 4,
            goal_side_entries: 20_000,
        },
        ..exact::Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn exact_through_workers_restarts_and_goal_side_agrees_with_brute_force(
        triangular in any::<bool>(),
        removed in proptest::collection::vec(0u8..30, 0..=10),
        pegs in any::<u32>().prop_map(|p| at_most(p, ORACLE_PEGS)),
        threads in 1usize..3,
    ) {
        let grid = if triangular { Grid::Triangular } else { Grid::Square };
        if let Some(start) = medium_board(grid, &removed, pegs) {
            prop_assert!((20..=30).contains(&start.shape().cells().len()));
            let o = uncontrolled(|c| exact::solve(&start, Goal::Anywhere, every_stage(threads), c));
            prop_assert!(o.proven_optimal);
            prop_assert_eq!(o.pegs_left, brute_force_min_memo(&start, &mut FxHashMap::default()));
            prop_assert_eq!(replays_to(&start, &o).peg_count(), o.pegs_left);
        }
    }
}

#[test]
fn a_30_cell_board_goes_through_the_goal_side_and_agrees_with_brute_force() {
    // The full 6x5 box, two pegs in three: the answer comes from workers searching against
    // a goal side.
    let start = medium_board(Grid::Square, &[], 0o33333333333).unwrap();
    for threads in [1, 2] {
        let o = uncontrolled(|c| exact::solve(&start, Goal::Anywhere, every_stage(threads), c));
        assert!(o.proven_optimal);
        assert_eq!(
            o.pegs_left,
            brute_force_min_memo(&start, &mut FxHashMap::default())
        );
        assert_eq!(replays_to(&start, &o).peg_count(), o.pegs_left);
        // Failure tables come in whole MiB (1 MiB each here); anything more is a goal side.
        assert_ne!(o.storage_bytes % (1 << 20), 0, "no goal side was built");
    }
}

#[test]
fn layouts_with_a_finish_cell_are_solved_for_it() {
    let mut l = Layout::from_rows("plus", &["  o  ", "o o o", "  .  "]);
    l.finish = pegsol_layout::Finish::Cell { x: 1, y: 2 };
    let p = l.validate().unwrap();
    let o = uncontrolled(|c| exact::solve(&p.start, p.goal, exact::Options::default(), c));
    assert!(o.proven_optimal);
    assert_eq!(o.won, replays_to(&p.start, &o).is_won(p.goal));
}
