//! The prover (`solver::engines::prove`): every signed pagoda function it finds is sound on
//! its board (no jump raises the weight, checked here cell by cell), every verdict on the
//! small boards agrees with brute force, every winning line replays, and on the 41-hole
//! diamond it settles the tip and near-centre starts the classical functions leave open.

use pegsol_layout::catalogue::ENTRIES;
use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{legal_jumps_of, Cell, CellSet, Shape};
use pegsol_solver::boards::compact::Compact;
use pegsol_solver::engines::prove::signed::SignedPagoda;
use pegsol_solver::engines::prove::{refuted_finishes, Limits, Prover, Verdict, MAX_FUNCTIONS};
use pegsol_solver::uncontrolled;
use rustc_hash::FxHashMap;

use crate::games;
use games::{random_positions, Rng};

/// Whether `pegs` can end as exactly one peg on `finish` (memoised exhaustive search).
fn can_finish(
    shape: &Shape,
    pegs: CellSet,
    finish: Cell,
    memo: &mut FxHashMap<CellSet, bool>,
) -> bool {
    if pegs.len() == 1 {
        return pegs == CellSet::single(finish);
    }
    if let Some(&known) = memo.get(&pegs) {
        return known;
    }
    let won = legal_jumps_of(shape, pegs).any(|j| {
        let next = (pegs - j.cells()) | CellSet::single(j.to);
        can_finish(shape, next, finish, memo)
    });
    memo.insert(pegs, won);
    won
}

/// The weights checked against the rule directly, cell by cell, not through the type's own
/// check.
fn assert_sound(name: &str, shape: &Shape, compact: &Compact<u64>, p: &SignedPagoda) {
    let w = |c: Cell| p.weight(compact.index(c).unwrap() as usize);
    for jump in shape.jumps() {
        assert!(
            w(jump.from) + w(jump.over) >= w(jump.to),
            "{name}: jump {jump} raises the weight"
        );
    }
}

#[test]
fn every_signed_function_found_on_the_catalogue_is_sound() {
    let mut found = 0;
    for entry in ENTRIES {
        let puzzle = entry.layout().unwrap().validate().unwrap();
        let shape = puzzle.start.shape().clone();
        if shape.cells().len() > 64 {
            continue;
        }
        let compact = Compact::<u64>::new(&shape);
        for (i, p) in random_positions(&puzzle.start, 2, 0x2545_f491_4f6c_dd1d)
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 3 == 0)
        {
            // A finish cell picked from the position's own cells, so some are refutable and
            // some not.
            let cells: Vec<Cell> = shape.cells().iter().collect();
            let finish = cells[(i * 7) % cells.len()];
            let (board, goal) = (
                compact.encode(p.pegs()),
                compact.encode(CellSet::single(finish)),
            );
            if let Some(f) = SignedPagoda::find(&compact, board, goal) {
                assert_sound(entry.key, &shape, &compact, &f);
                assert!(f.value(board) < f.value(goal), "{}", entry.key);
                found += 1;
            }
        }
    }
    assert!(found > 20, "only {found} functions found");
}

/// Every verdict of the prover on small boards, against brute force: unreachable only when
/// brute force finds no way, reachable only with a line that replays to the finish. Budgets
/// are kept tiny on some calls so that undecided answers occur too (never wrong ones).
#[test]
fn verdicts_on_small_boards_agree_with_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut yes, mut no) = (0, 0);
    for key in ["triangle", "cross-5x7", "square-6", "level-2", "english"] {
        let puzzle = resolve_puzzle(key).unwrap();
        let shape = puzzle.shape().clone();
        let cells: Vec<Cell> = shape.cells().iter().collect();
        let mut provers: FxHashMap<Cell, Prover> = FxHashMap::default();
        for p in random_positions(&puzzle.start, 6, 0x1234_5678 ^ key.len() as u64) {
            // Brute force stays quick below about 16 pegs.
            if p.peg_count() > 15 || p.peg_count() < 2 {
                continue;
            }
            let finish = cells[rng.below(cells.len())];
            let mut memo = FxHashMap::default();
            let truth = can_finish(&shape, p.pegs(), finish, &mut memo);
            let prover = provers
                .entry(finish)
                .or_insert_with(|| Prover::new(&shape, finish).unwrap());
            let limits = if rng.below(4) == 0 {
                Limits::QUICK
            } else {
                Limits::long(100_000)
            };
            let report = uncontrolled(|c| prover.decide(p.pegs(), limits, c));
            match report.verdict {
                Verdict::Reachable(line) => {
                    assert!(truth, "{key}: claimed reachable");
                    let mut q = p.clone();
                    for j in line {
                        q = q.try_play(j).expect("a legal jump");
                    }
                    assert_eq!(q.pegs(), CellSet::single(finish), "{key}");
                    yes += 1;
                }
                Verdict::Unreachable => {
                    assert!(!truth, "{key}: claimed unreachable at {finish}");
                    no += 1;
                }
                Verdict::Unknown => {}
            }
            // Both ways: what the quick look calls lost is lost.
            let ruled_out =
                uncontrolled(|c| refuted_finishes(&shape, p.pegs(), CellSet::single(finish), c));
            if ruled_out.contains(finish) {
                assert!(
                    !truth,
                    "{key}: refuted_finishes ruled out a reachable finish"
                );
            }
        }
    }
    assert!(yes > 5 && no > 5, "{yes} reachable, {no} unreachable");
}

#[test]
fn the_diamond_tip_and_near_centre_starts_are_settled_at_once() {
    let puzzle = resolve_puzzle("diamond").unwrap();
    let shape = puzzle.shape().clone();
    let c = |x, y| Cell { x, y };
    let start = |hole: Cell| shape.cells() - CellSet::single(hole);
    // Tip (4,0) empty: no one-peg finish on (4,2) or (4,5), decided within the quick look.
    for f in [c(4, 2), c(4, 5)] {
        let mut prover = Prover::new(&shape, f).unwrap();
        let report = uncontrolled(|ctl| prover.decide(start(c(4, 0)), Limits::QUICK, ctl));
        assert_eq!(report.verdict, Verdict::Unreachable, "(4,0) to {f}");
    }
    // Next to the centre, (4,3) empty: none of the five finishes its class allows, forward
    // or (the game played backwards) from the finish's vacancy.
    let finishes = shape.possible_finishes(start(c(4, 3)));
    assert_eq!(finishes.len(), 5);
    let ruled_out = uncontrolled(|ctl| refuted_finishes(&shape, start(c(4, 3)), finishes, ctl));
    assert_eq!(ruled_out, finishes);
}

/// A prover whose function slots are all taken stays sound when new functions replace old
/// ones mid-search (a child's totals are its parent's plus the jump's change per slot, so a
/// replaced slot must be weighed afresh): verdicts on the English board still agree with
/// brute force after every slot has been filled with other finishes' functions and some
/// have been replaced.
#[test]
fn a_prover_with_every_slot_taken_stays_sound() {
    let puzzle = resolve_puzzle("english").unwrap();
    let shape = puzzle.shape().clone();
    let cells: Vec<Cell> = shape.cells().iter().collect();
    let mut pool: Vec<SignedPagoda> = Vec::new();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut replaced, mut checked) = (0, 0);
    for (i, p) in random_positions(&puzzle.start, 150, 0xdead_beef)
        .iter()
        .enumerate()
    {
        if p.peg_count() > 15 || p.peg_count() < 8 {
            continue;
        }
        let finish = cells[rng.below(cells.len())];
        let mut prover = Prover::new(&shape, finish).unwrap();
        prover.adopt_functions(&pool);
        let before = prover.functions();
        let limits = Limits::long(20_000);
        let report = uncontrolled(|c| prover.decide(p.pegs(), limits, c));
        let after = prover.functions();
        if before.len() == MAX_FUNCTIONS && after.iter().any(|f| !before.contains(f)) {
            replaced += 1;
        }
        let truth = can_finish(&shape, p.pegs(), finish, &mut FxHashMap::default());
        match report.verdict {
            Verdict::Reachable(_) => assert!(truth, "position {i}: claimed reachable"),
            Verdict::Unreachable => assert!(!truth, "position {i}: claimed unreachable"),
            Verdict::Unknown => {}
        }
        checked += 1;
        for f in after {
            if !pool.contains(&f) {
                pool.push(f);
            }
        }
    }
    assert!(checked > 20, "only {checked} positions checked");
    assert!(
        replaced > 0,
        "no slot was ever replaced ({} in the pool)",
        pool.len()
    );
}
