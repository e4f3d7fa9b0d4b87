//! Tests of the deep proof's pruning tests ([`super`]).

use super::sample::mix;
use super::*;
use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::random_puzzle;
use std::sync::atomic::AtomicBool;

/// A level's sample depends on its keys alone: the keys that hash lowest, whatever
/// blocks the level is held in (a level held in runs is cut into blocks by how the
/// threads' parts fell; a sample by blocks made a proof's figures differ run to run),
/// in memory or spilled to disk.
#[test]
fn a_level_sample_depends_on_its_keys_alone() {
    let cancel = AtomicBool::new(false);
    let puzzle = resolve_puzzle("english").expect("board");
    let board =
        Board::new(&puzzle.start, Goal::Anywhere, &Default::default(), &cancel).expect("board");
    // More keys than a block holds, and than twice the sample.
    let keys: Vec<u64> = (0..40_000u64).map(|i| i * 7 + 3).collect();
    let mut expected: Vec<(u64, u64)> = keys.iter().map(|&k| (mix(k), k)).collect();
    expected.sort_unstable();
    let expected: Vec<u64> = expected[..REFRESH_PARENTS]
        .iter()
        .map(|&(_, k)| k)
        .collect();
    let mut level = board.level_of(20, 0, &keys).expect("level");
    assert!(level.chunks() > 1, "several blocks");
    assert_eq!(level_sample(&board, &level).expect("sample"), expected);
    level.spill(&board.scratch).expect("spilled");
    assert_eq!(
        level_sample(&board, &level).expect("sample"),
        expected,
        "on disk"
    );
    // Fewer keys than the sample: every one.
    let few = board.level_of(20, 0, &keys[..100]).expect("level");
    let mut all = level_sample(&board, &few).expect("sample");
    all.sort_unstable();
    assert_eq!(all, keys[..100]);
}

/// The tests chosen for a level's positions, and those chosen again for its children,
/// keep every position that can win, refute most of a sample that cannot, and the
/// children's stay within [`MAX_FUNCTIONS`]; a child's test made from its parent's totals
/// is the child's own.
#[test]
fn tests_chosen_again_keep_winners_and_refute_their_sample() {
    let cancel = AtomicBool::new(false);
    let puzzle = resolve_puzzle("level-6").expect("board");
    let shape = puzzle.shape().clone();
    for seed in 0..3u64 {
        let Some(r) = random_puzzle(&shape, 24 + 2 * seed as u32, seed) else {
            continue;
        };
        let goal = Goal::At(r.finish);
        let board = Board::new(&r.start, goal, &Default::default(), &cancel).expect("board");
        let start = board.compact.encode(r.start.pegs());
        let once = GoalPrune::find(&board, start, goal);
        let kept: Vec<u64> = sample(&board.compact, start)
            .into_iter()
            .filter(|&b| once.may_win(b))
            .collect();
        let level = once.refreshed(&board, &kept, 300);
        let children = once.rechosen(&board, &kept, &level);
        assert!(children.functions().len() <= MAX_FUNCTIONS);
        assert!(level.functions().len() <= MOST_FUNCTIONS);
        // What a linear programme of its own refutes, of the positions programmes went to:
        // most of it is kept (past eight functions, one needs to rule out a few more).
        let goal_board = 1u64 << level.finishes()[0];
        let refutable = kept[..300.min(kept.len())]
            .iter()
            .filter(|&&b| SignedPagoda::find(&board.compact, b, goal_board).is_some())
            .count();
        let refuted = kept.iter().filter(|&&b| !level.may_win(b)).count();
        // Every child's test from its parent's totals (of many functions) and the jump is
        // the test of the child itself.
        let mut hint = 0;
        for &b in &kept {
            let what = format!("seed {seed}");
            children_agree(&level, &board, b, &mut hint, |c| level.may_win(c), &what);
        }
        assert!(
            refutable > 0 && refuted * 4 >= refutable * 3,
            "seed {seed}: {refuted} of {} refuted, {refutable} refutable",
            kept.len()
        );
        let mut at = r.start.clone();
        for &j in &r.solution {
            let b = board.compact.encode(at.pegs());
            for (what, test) in [("level", &level), ("children", &children)] {
                assert!(
                    test.may_win(b),
                    "seed {seed}: a winner dropped by the {what}'s"
                );
                assert!(
                    test.may_win(board.sub.canon(b)),
                    "seed {seed}: its canonical form"
                );
            }
            at = at.try_play(j).expect("legal");
        }
    }
}

/// Positions that can win (random games played backwards from one peg) all pass, for
/// a finish anywhere and on their own finish cell; the packed test agrees with the
/// functions themselves, tried from any finish and made from the parent's totals for each
/// child; and random positions of the board are dropped often.
#[test]
fn winnable_positions_pass_and_others_are_dropped() {
    let cancel = AtomicBool::new(false);
    for name in ["english", "level-6"] {
        let puzzle = resolve_puzzle(name).expect("board");
        let shape = puzzle.shape().clone();
        let (mut dropped, mut tried) = (0, 0);
        for seed in 0..6u64 {
            let Some(r) = random_puzzle(&shape, 8 + 4 * (seed as u32 % 5), seed) else {
                continue;
            };
            for goal in [Goal::Anywhere, Goal::At(r.finish)] {
                let board =
                    Board::new(&r.start, goal, &Default::default(), &cancel).expect("board");
                let start = board.compact.encode(r.start.pegs());
                let prune = GoalPrune::find(&board, start, goal);
                assert!(!prune.functions().is_empty(), "{name}: functions found");
                // The same functions laid out at the other width (repeated past the child
                // tests' most), as a level's many are.
                let many = prune.functions().iter().cycle().take(MAX_FUNCTIONS + 1);
                let wide =
                    GoalPrune::new(&board.compact, many.cloned().collect(), prune.finishes());
                assert_eq!((prune.words, wide.words), (CHILD_WORDS, LEVEL_WORDS));
                let mut at = r.start.clone();
                for &j in &r.solution {
                    let b = board.compact.encode(at.pegs());
                    assert!(prune.may_win(b), "{name} {goal:?}: a winner dropped");
                    assert!(
                        prune.may_win(board.sub.canon(b)),
                        "{name}: its canonical form"
                    );
                    at = at.try_play(j).expect("legal");
                }
                // Random positions of the start's peg count: most cannot win.
                let mut x = seed + 1;
                let n = board.compact.cells.len() as u64;
                for _ in 0..200 {
                    let mut b = 0u64;
                    while b.count_ones() < start.count_ones() {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        b |= 1 << (x % n);
                    }
                    let exact = prune
                        .finishes()
                        .iter()
                        .any(|&c| prune.functions().iter().all(|f| f.value(b) >= f.weight(c)));
                    let packed = prune.may_win(b);
                    assert_eq!(packed, exact, "{name}: {b:#x}");
                    assert_eq!(wide.may_win(b), exact, "{name}: {b:#x} wide");
                    // Tried from any finish first, the same answer.
                    let mut hint = (x % 7) as usize;
                    let hinted = prune.keeps_hinted(prune.limits(b.count_ones()), b, &mut hint);
                    assert_eq!(hinted, packed, "{name}: {b:#x} hinted");
                    // Each child's test from its parent's totals and the jump is the test
                    // of the child itself.
                    for (test, what) in [(&prune, name), (&wide, &format!("{name} wide"))] {
                        children_agree(test, &board, b, &mut hint, |c| prune.may_win(c), what);
                    }
                    dropped += usize::from(!packed);
                    tried += 1;
                }
            }
        }
        assert!(dropped * 10 > tried, "{name}: {dropped} of {tried} dropped");
    }
}

/// Each child's test from `b`'s totals and the jump ([`GoalPrune::keeps_after`], at the
/// tests' own width) says what `expect` says of the child.
fn children_agree(
    test: &GoalPrune,
    board: &Board,
    b: u64,
    hint: &mut usize,
    expect: impl Fn(u64) -> bool,
    what: &str,
) {
    if test.words == CHILD_WORDS {
        children_agree_at::<CHILD_WORDS>(test, board, b, hint, expect, what);
    } else {
        children_agree_at::<LEVEL_WORDS>(test, board, b, hint, expect, what);
    }
}

/// [`children_agree`] at width `W`.
fn children_agree_at<const W: usize>(
    test: &GoalPrune,
    board: &Board,
    b: u64,
    hint: &mut usize,
    expect: impl Fn(u64) -> bool,
    what: &str,
) {
    let totals = test.totals::<W>(b);
    let limits = test.limits(b.count_ones() - 1);
    for j in board.compact.legal(b).iter() {
        let child = b ^ board.compact.jumps[j].all;
        assert_eq!(
            test.keeps_after(limits, &totals, j, hint),
            expect(child),
            "{what}: {b:#x} jump {j}"
        );
    }
}
