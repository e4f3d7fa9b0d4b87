//! The English winnable set, met in the middle, against the literature and the counter.

use pegsol::layout::load::resolve_puzzle;
use pegsol::rules::{CellSet, Goal};
use pegsol::solver::engines::count::count;
use pegsol::solver::engines::winnable::{WinnableSet, MAX_ENTRIES};
use pegsol::solver::uncontrolled;

#[test]
fn the_english_set_holds_the_published_1679072_positions_and_its_lines_replay() {
    let p = resolve_puzzle("english").expect("english");
    let centre = p.shape().center().expect("centre");
    assert!(WinnableSet::applies(
        p.shape(),
        p.start.pegs(),
        Goal::At(centre)
    ));
    let set =
        uncontrolled(|c| WinnableSet::build(p.shape(), centre, MAX_ENTRIES, c)).expect("built");
    // A112738 sums to 1,679,072; the middle level (15 jumps, 17 pegs) holds 230,230.
    assert_eq!(set.len(), 1_679_072);
    assert_eq!(set.count_up_to_symmetry(p.shape(), 17), 230_230);
    assert_eq!(set.judge(p.start.pegs()), Some(true));
    let line = set.line(p.shape(), p.start.pegs()).expect("a winning line");
    let mut position = p.start.clone();
    for &j in &line {
        position = position.try_play(j).expect("legal");
    }
    assert!(position.is_won(Goal::At(centre)));
    // A lone peg off the centre can never get there; two pegs next to each other in line
    // with the centre can.
    let corner = pegsol::rules::Cell { x: 2, y: 0 };
    assert_eq!(set.judge(CellSet::single(corner)), Some(false));
}

#[test]
fn the_set_agrees_with_the_counter_level_by_level_on_a_small_board() {
    // Level 2 is small enough to count both ways in a moment; any complement game will do.
    for key in ["english"] {
        let p = resolve_puzzle(key).expect("board");
        let centre = p.shape().center().expect("centre");
        let set =
            uncontrolled(|c| WinnableSet::build(p.shape(), centre, MAX_ENTRIES, c)).expect("built");
        let levels = uncontrolled(|c| count(&p.start, Goal::At(centre), c)).expect("counted");
        for l in &levels {
            let pegs = p.start.peg_count() - l.jumps;
            assert_eq!(
                set.count_up_to_symmetry(p.shape(), pegs),
                l.winnable_up_to_symmetry,
                "{key}, {pegs} pegs"
            );
        }
    }
}
