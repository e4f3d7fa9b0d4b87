//! The bitset steps against the sorted vectors: the same levels on every board they take.

use super::*;
use pegsol_layout::catalogue;
use pegsol_rules::{CellSet, Goal};

/// A catalogue board with a centre, its cells numbered, and the symmetries that keep the
/// centre: what the steps' tests grow levels on.
pub(super) struct CentreGame {
    pub(super) key: &'static str,
    pub(super) cells: u32,
    pub(super) compact: Compact<u64>,
    pub(super) sym: Symmetries<u64>,
    /// One peg in the centre, as a canonical form.
    pub(super) goal: u64,
}

/// Every catalogue board with a centre whose number of cells `fits` accepts.
pub(super) fn centre_games(fits: impl Fn(u32) -> bool) -> Vec<CentreGame> {
    let mut games = Vec::new();
    for e in catalogue::ENTRIES {
        let puzzle = e.layout().expect("layout").validate().expect("valid");
        let shape = puzzle.shape();
        let cells = shape.cells().len();
        let Some(centre) = shape.center().filter(|_| fits(cells)) else {
            continue;
        };
        let compact = Compact::<u64>::new(shape);
        let sym = Symmetries::keeping_goal(&compact, shape, Goal::At(centre));
        let goal = sym.canon(compact.encode(CellSet::single(centre)));
        games.push(CentreGame {
            key: e.key,
            cells,
            compact,
            sym,
            goal,
        });
    }
    games
}

/// On every catalogue board the bitset steps take (at most 33 cells) with a centre, the
/// positions that can reach one peg in the centre, level by level up to 12 pegs (some
/// 170,000 positions on the English board), and the positions reachable from the start, are
/// the same through a [`Stepper`] (a dense bitset over canonical forms once a level is
/// large) as through the sorted vectors alone.
#[test]
fn bitset_steps_give_the_sorted_steps_levels() {
    let (mut boards, mut dense_levels) = (0, 0);
    for game in centre_games(|cells| cells <= DENSE_CELLS) {
        let CentreGame {
            key,
            compact,
            sym,
            goal: goal_board,
            ..
        } = game;
        boards += 1;
        let cancel = AtomicBool::new(false);
        let mut step = Stepper::new(&compact, &sym, &cancel);
        let full = step.full();
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
                assert_eq!(dense, sorted, "{key}");
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

/// On odd boards, the middle level of positions that can reach the goal met with itself
/// turned inside out (the winnable set's meeting: the children's bits set), and with a third
/// of it either way round (a level larger than `within` by far is asked from `within`'s side,
/// [`ASK_FROM`]), keeps what the sorted children intersected with `within` keep.
#[test]
fn meetings_keep_the_sorted_childrens_intersection() {
    let (mut boards, mut met) = (0, 0);
    for game in centre_games(|cells| cells % 2 == 1 && cells <= DENSE_CELLS) {
        let CentreGame {
            key,
            cells,
            compact,
            sym,
            goal,
        } = game;
        boards += 1;
        let cancel = AtomicBool::new(false);
        let mut step = Stepper::new(&compact, &sym, &cancel);
        let mut level = vec![goal];
        for _ in 1..cells / 2 {
            level = step
                .expand(&level, Direction::Backward, false, u64::MAX)
                .expect("grown");
        }
        let third: Vec<u64> = level.iter().copied().step_by(3).collect();
        for (from, within) in [(&level, &level), (&level, &third), (&third, &level)] {
            let children = levels::expand(
                &compact,
                &sym,
                step.full(),
                from,
                Direction::Forward,
                true,
                u64::MAX,
                &cancel,
            )
            .expect("expanded");
            let met_here = step
                .expand_within(from, Direction::Forward, true, within)
                .expect("met");
            assert_eq!(met_here, levels::intersect(&children, within), "{key}");
            met += usize::from(!met_here.is_empty());
        }
    }
    // Some boards' middles meet nowhere (their game cannot be won); the English one does.
    assert!(boards >= 3 && met >= 6, "{boards} boards, {met} met");
}
