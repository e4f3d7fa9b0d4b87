//! The English winnable set, met in the middle, against the literature and the counter.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{CellSet, Goal, Position};
use pegsol_solver::engines::count::{count, count_by_backward_pass};
use pegsol_solver::engines::winnable::{WinnableSet, MAX_ENTRIES};
use pegsol_solver::uncontrolled;

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
    let corner = pegsol_rules::Cell { x: 2, y: 0 };
    assert_eq!(set.judge(CellSet::single(corner)), Some(false));
}

#[test]
fn the_set_agrees_with_the_counters_backward_pass_on_small_boards() {
    // Every single-vacancy start of the small boards, finishing in the vacancy.
    let mut games = 0;
    for key in ["level-0", "level-1", "level-2", "triangle", "triangle-21"] {
        let p = resolve_puzzle(key).expect("board");
        let shape = p.shape();
        for cell in shape.cells() {
            let start =
                Position::new(shape.clone(), shape.cells() - CellSet::single(cell)).expect("pegs");
            let goal = Goal::At(cell);
            if !WinnableSet::applies(shape, start.pegs(), goal) {
                continue;
            }
            games += 1;
            let set =
                uncontrolled(|c| WinnableSet::build(shape, cell, MAX_ENTRIES, c)).expect("built");
            let levels =
                uncontrolled(|c| count_by_backward_pass(&start, goal, c)).expect("counted");
            let with_set = uncontrolled(|c| count(&start, goal, c)).expect("counted");
            assert_eq!(levels, with_set, "{key} from {cell}");
            let mut all = 0;
            for l in &levels {
                let pegs = start.peg_count() - l.jumps;
                assert_eq!(
                    set.count_up_to_symmetry(shape, pegs),
                    l.winnable_up_to_symmetry,
                    "{key} from {cell}, {pegs} pegs"
                );
                all += l.winnable_up_to_symmetry;
            }
            // Every position of every level is judged as the backward pass says.
            assert_eq!(set.judge(start.pegs()), Some(all > 0), "{key} from {cell}");
        }
    }
    assert!(games > 10, "only {games} games checked");
}

#[test]
fn the_in_memory_count_refuses_a_board_too_large_with_what_it_would_need_instead_of_aborting() {
    // `pegsol count french` goes through the level engine now (tests/it/whole.rs); the
    // in-memory counter, still used past the level engine's 52 holes, refuses it up front.
    let p = resolve_puzzle("french").expect("french");
    let err = uncontrolled(|c| count(&p.start, p.goal, c)).expect_err("too large");
    let text = err.to_string();
    assert!(
        text.contains("too many positions") && text.contains("GiB"),
        "{text}"
    );
}
