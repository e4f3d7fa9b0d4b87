//! The bitset steps against the sorted vectors: the same levels on every board they take.

use super::*;
use pegsol_layout::catalogue;
use pegsol_rules::{CellSet, Goal};

/// On every catalogue board the bitset steps take (at most 33 cells) with a centre, the
/// positions that can reach one peg in the centre, level by level up to 12 pegs (some
/// 170,000 positions on the English board), and the positions reachable from the start, are
/// the same through a [`Stepper`] (a dense bitset over canonical forms once a level is
/// large) as through the sorted vectors alone.
#[test]
fn bitset_steps_give_the_sorted_steps_levels() {
    let (mut boards, mut dense_levels) = (0, 0);
    for e in catalogue::ENTRIES {
        let puzzle = e.layout().expect("layout").validate().expect("valid");
        let shape = puzzle.shape();
        if shape.cells().len() > DENSE_CELLS {
            continue;
        }
        let Some(goal) = shape.center() else {
            continue;
        };
        boards += 1;
        let compact = Compact::<u64>::new(shape);
        let sym = Symmetries::keeping_goal(&compact, shape, Goal::At(goal));
        let cancel = AtomicBool::new(false);
        let mut step = Stepper::new(&compact, &sym, &cancel);
        let full = step.full();
        let goal_board = sym.canon(compact.encode(CellSet::single(goal)));
        let start = sym.canon(full ^ goal_board);
        for (first, direction) in [
            (goal_board, Direction::Backward),
            (start, Direction::Forward),
        ] {
            let mut level = vec![first];
            for _ in 0..11 {
                let dense = step
                    .expand(&level, direction, false, u64::MAX)
                    .expect("stepped");
                let sorted = levels::expand(
                    &compact,
                    &sym,
                    full,
                    &level,
                    direction,
                    false,
                    u64::MAX,
                    &cancel,
                )
                .expect("stepped");
                assert_eq!(dense, sorted, "{}", e.key);
                dense_levels += usize::from(level.len() >= DENSE_FROM);
                level = dense;
                if level.is_empty() {
                    break;
                }
            }
        }
    }
    assert!(
        boards >= 3 && dense_levels >= 8,
        "{boards} boards, {dense_levels} dense"
    );
}
