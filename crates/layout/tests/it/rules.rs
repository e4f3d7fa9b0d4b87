//! Properties of the rules on every catalogue board: random playouts never break an invariant.

use pegsol_layout::catalogue::ENTRIES;
use pegsol_layout::Puzzle;
use pegsol_rules::{CellSet, Position};
use proptest::prelude::*;

fn puzzles() -> Vec<Puzzle> {
    ENTRIES
        .iter()
        .map(|e| e.layout().unwrap().validate().unwrap())
        .collect()
}

/// Plays a random game: `choices[i]` picks among the legal jumps at step i.
fn playout(start: &Position, choices: &[usize]) -> Vec<Position> {
    let mut line = vec![start.clone()];
    for &c in choices {
        let here = line.last().unwrap();
        let jumps = here.legal_jumps();
        if jumps.is_empty() {
            break;
        }
        line.push(here.try_play(jumps[c % jumps.len()]).unwrap());
    }
    line
}

#[test]
fn legal_jump_counts_at_the_classic_starts() {
    let count = |key: &str| {
        let p = pegsol_layout::catalogue::find(key)
            .unwrap()
            .layout()
            .unwrap();
        p.validate().unwrap().start.legal_jumps().len()
    };
    assert_eq!(count("english"), 4);
    assert_eq!(count("wiegleb"), 4);
    assert_eq!(count("diamond"), 4);
    assert_eq!(count("level-5"), 4);
    assert_eq!(count("level-0"), 1);
    assert_eq!(count("triangle"), 2);
    assert_eq!(count("hexagon"), 6);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn play_then_unplay_returns_to_the_same_position(
        board in 0..ENTRIES.len(), choices in prop::collection::vec(0usize..64, 0..40)
    ) {
        let p = &puzzles()[board];
        let line = playout(&p.start, &choices);
        for pair in line.windows(2) {
            let jump = pair[0].legal_jumps().into_iter()
                .find(|&j| pair[0].try_play(j).unwrap() == pair[1]).unwrap();
            let mut back = pair[1].clone();
            back.unplay_unchecked(jump);
            prop_assert_eq!(&back, &pair[0]);
            prop_assert_eq!(pair[1].peg_count() + 1, pair[0].peg_count());
        }
    }

    #[test]
    fn position_class_is_unchanged_by_every_jump(
        board in 0..ENTRIES.len(), choices in prop::collection::vec(0usize..64, 0..40)
    ) {
        let p = &puzzles()[board];
        let shape = p.shape();
        let class = shape.class_of(p.start.pegs());
        for pos in playout(&p.start, &choices) {
            prop_assert_eq!(shape.class_of(pos.pegs()), class);
        }
    }

    #[test]
    fn canonical_form_is_equal_under_every_symmetry(
        board in 0..ENTRIES.len(), choices in prop::collection::vec(0usize..64, 0..40)
    ) {
        let p = &puzzles()[board];
        let shape = p.shape();
        let end = playout(&p.start, &choices).pop().unwrap();
        let canon = shape.canonical(end.pegs());
        for s in shape.symmetries() {
            let image = s.apply(end.pegs());
            prop_assert!(image.is_subset(shape.cells()));
            prop_assert_eq!(image.len(), end.pegs().len());
            prop_assert_eq!(shape.canonical(image), canon);
        }
    }

    #[test]
    fn a_lone_peg_may_finish_exactly_on_the_cells_of_its_class(board in 0..ENTRIES.len(), pick in 0usize..200) {
        let p = &puzzles()[board];
        let shape = p.shape();
        let cells: Vec<_> = shape.cells().iter().collect();
        let c = cells[pick % cells.len()];
        let finishes = shape.possible_finishes(CellSet::single(c));
        let class = shape.class_of(CellSet::single(c));
        // Itself, and every other cell whose lone peg is in the same class: no more, no less.
        prop_assert!(finishes.contains(c));
        for d in cells {
            let same = shape.class_of(CellSet::single(d)) == class;
            prop_assert_eq!(finishes.contains(d), same, "{:?} from {:?}", d, c);
        }
    }
}
