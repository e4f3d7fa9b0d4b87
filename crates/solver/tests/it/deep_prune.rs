//! The deep proof pruned by pagoda functions and the position class
//! (`whole::decide::Pruning::Pagoda`) against the same proof unpruned: the same verdict,
//! the same winning line, every first jump judged alike, never more positions, and the
//! fewest pegs said only where they are known; on small boards from many positions, and on
//! the 45-hole boards from positions a dozen jumps from the end.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{random_puzzle, Goal, Position};
use pegsol_solver::boards::compact::Compact;
use pegsol_solver::boards::symmetry::Symmetries;
use pegsol_solver::engines::whole::decide::{decide_with, Decided, Pruning};
use pegsol_solver::engines::whole::{keeping_class_and_goal, Settings};
use std::sync::atomic::AtomicBool;

use crate::games::Rng;

fn decided(p: &Position, goal: Goal, pruning: Pruning) -> Decided {
    decided_with(p, goal, pruning, &Settings::default())
}

fn decided_with(p: &Position, goal: Goal, pruning: Pruning, settings: &Settings) -> Decided {
    let cancel = AtomicBool::new(false);
    decide_with(p, goal, pruning, settings, &cancel, &mut |_| {}).expect("decided")
}

/// The settings that choose the pruning's tests again after every level, however small.
fn refreshing() -> Settings {
    Settings {
        refresh_from: Some(1),
        ..Settings::default()
    }
}

/// Positions of `board` after random games from its start, of each length in `lengths`
/// (those a game reaches), `games` games a length.
fn forward_positions(board: &str, lengths: &[usize], games: usize, rng: &mut Rng) -> Vec<Position> {
    let start = resolve_puzzle(board).expect("board").start;
    let mut out = Vec::new();
    for &length in lengths {
        for _ in 0..games {
            let mut p = start.clone();
            for _ in 0..length {
                let jumps = p.legal_jumps();
                if jumps.is_empty() {
                    break;
                }
                p = p.try_play(jumps[rng.below(jumps.len())]).expect("legal");
            }
            out.push(p);
        }
    }
    out
}

/// Compares the pruned proof (its tests chosen once, and again after every level) with the
/// unpruned one on `p`; whether it is won, and the positions each examined (pruned once,
/// pruned again after every level, unpruned).
fn compare(what: &str, p: &Position, goal: Goal) -> (bool, u64, u64, u64) {
    let off = decided(p, goal, Pruning::Off);
    let again = decided_with(p, goal, Pruning::Pagoda, &refreshing());
    let here = format!("{what}, {goal:?}, from\n{:?}", p.pegs());
    assert_eq!(
        again.line, off.line,
        "{here}: the same line, tests chosen again"
    );
    assert_eq!(
        again.jumps, off.jumps,
        "{here}: every jump alike, tests chosen again"
    );
    assert!(
        again.positions <= off.positions,
        "{here}: never more, tests chosen again"
    );
    let on = decided(p, goal, Pruning::Pagoda);
    assert_eq!(on.line, off.line, "{here}: the same line");
    assert_eq!(on.jumps, off.jumps, "{here}: every jump judged alike");
    assert!(
        on.positions <= off.positions,
        "{here}: never more positions"
    );
    assert!(
        off.fewest_pegs.is_some() && !off.pruned && on.pruned,
        "{here}"
    );
    if off.winnable() {
        assert_eq!(off.fewest_pegs, Some(1), "{here}");
        assert_eq!(on.fewest_pegs, Some(1), "{here}: won, one peg");
    } else {
        assert_eq!(on.fewest_pegs, None, "{here}: lost, not worked out");
    }
    if let Some(line) = &on.line {
        let mut at = p.clone();
        for &j in line {
            at = at.try_play(j).expect("the line's jumps are legal");
        }
        assert!(at.is_won(goal), "{here}: the line ends on the goal");
    }
    (off.winnable(), on.positions, again.positions, off.positions)
}

#[test]
fn pruned_deep_proofs_agree_with_unpruned_ones_on_small_boards() {
    let mut rng = Rng(0x5eed_0059);
    let (mut won, mut lost, mut pruned, mut all) = (0, 0, 0u64, 0u64);
    let (mut once, mut again) = (0u64, 0u64);
    for board in ["triangle", "triangle-21", "cross-5x7", "level-3", "english"] {
        let puzzle = resolve_puzzle(board).expect("board");
        let lengths: &[usize] = match board {
            // The English board's early positions take the unpruned proof too long here.
            "english" => &[12, 16, 20],
            _ => &[0, 1, 2, 4, 6, 9],
        };
        let centre = puzzle.shape().center();
        for p in forward_positions(board, lengths, 3, &mut rng) {
            let mut goals = vec![Goal::Anywhere, puzzle.goal];
            goals.extend(centre.map(Goal::At));
            goals.dedup();
            for goal in goals {
                let (w, on, on_again, off) = compare(board, &p, goal);
                once += on;
                again += on_again;
                if w {
                    won += 1;
                } else {
                    lost += 1;
                }
                pruned += off - on;
                all += off;
            }
        }
    }
    assert!(
        won >= 10 && lost >= 10,
        "{won} won, {lost} lost: both kinds wanted"
    );
    // The pruning does something (else the comparison proves little).
    assert!(pruned * 10 > all, "{pruned} of {all} positions pruned");
    // Tests chosen again for each level's children prune more than those chosen once.
    assert!(
        again < once,
        "{again} positions pruned again, {once} pruned once"
    );
}

#[test]
fn pruned_deep_proofs_agree_with_unpruned_ones_a_dozen_jumps_from_the_end() {
    let mut rng = Rng(0x45);
    let (mut won, mut lost) = (0, 0);
    for board in ["level-6", "wiegleb"] {
        let puzzle = resolve_puzzle(board).expect("board");
        let shape = puzzle.shape().clone();
        let mut positions = forward_positions(board, &[31, 32], 3, &mut rng);
        // Winnable ones too: random games played backwards from one peg.
        positions.extend(
            (0..4).filter_map(|seed| {
                random_puzzle(&shape, 12 + seed as u32 % 3, seed).map(|r| r.start)
            }),
        );
        for p in positions.iter().filter(|p| p.peg_count() <= 14) {
            let mut goals = vec![Goal::Anywhere];
            goals.extend(shape.center().map(Goal::At));
            for goal in goals {
                if compare(board, p, goal).0 {
                    won += 1;
                } else {
                    lost += 1;
                }
            }
        }
    }
    assert!(won >= 3 && lost >= 3, "{won} won, {lost} lost");
}

/// The symmetries a deep proof takes its canonical forms under
/// (`whole::keeping_class_and_goal`) are exactly those the rules' position class says map
/// the position into its own class, and that keep the goal: never fewer than the ones that
/// keep the position itself, and more where a lopsided position's mirror images share its
/// class. (One canonical form stands for all of a position's images, reached or not: only
/// such symmetries keep a win a win and the finishes the pruning asks about.)
#[test]
fn a_deep_proof_keeps_every_symmetry_that_keeps_the_class_and_the_goal() {
    let mut more = 0;
    for board in ["english", "level-6", "french", "triangle"] {
        let puzzle = resolve_puzzle(board).expect("board");
        let shape = puzzle.start.shape().clone();
        let compact = Compact::<u64>::new(&shape);
        // A board none of whose images is itself: the kept symmetries are told apart by its
        // images.
        let marker = compact.encode(
            shape
                .cells()
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 3 == 0 || i % 7 == 1)
                .map(|(_, c)| c)
                .collect(),
        );
        let images = |sym: &Symmetries<u64>| {
            let mut v: Vec<u64> = (0..sym.len()).map(|s| sym.apply(s, marker)).collect();
            v.sort_unstable();
            v
        };
        let positions = crate::games::random_positions(&puzzle.start, 4, 7);
        for p in positions.iter().step_by(3) {
            for goal in [Goal::Anywhere, puzzle.goal] {
                let kept = keeping_class_and_goal(&compact, p, goal);
                let mut want: Vec<u64> = shape
                    .symmetries()
                    .iter()
                    .filter(|s| shape.class_of(s.apply(p.pegs())) == shape.class_of(p.pegs()))
                    .filter(|s| match goal {
                        Goal::At(c) => s.apply_cell(c) == c,
                        Goal::Anywhere => true,
                    })
                    .map(|s| compact.encode(s.apply(compact.decode(marker))))
                    .collect();
                want.sort_unstable();
                assert_eq!(images(&kept), want, "{board}, {goal:?}\n{:?}", p.pegs());
                let own = Symmetries::keeping_start_and_goal(&compact, p, goal);
                assert!(kept.len() >= own.len(), "{board}: a superset");
                if kept.len() > own.len() {
                    more += 1;
                }
            }
        }
    }
    assert!(
        more > 10,
        "{more} positions keep more symmetries than their own"
    );
}
