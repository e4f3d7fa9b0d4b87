//! The English winnable set, met in the middle, against the literature and the counter.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::Shape;
use pegsol_rules::{CellSet, Goal, Position};
use pegsol_solver::engines::count::{count, count_by_backward_pass};
use pegsol_solver::engines::winnable::{Pruning, WinnableSet, MAX_ENTRIES};
use pegsol_solver::uncontrolled;

use crate::games::Rng;

/// `count` random positions of `shape` with `pegs` pegs each, from `rng`.
fn random_pegs(shape: &Shape, pegs: usize, count: usize, rng: &mut Rng) -> Vec<CellSet> {
    let cells: Vec<_> = shape.cells().iter().collect();
    (0..count)
        .map(|_| {
            let mut left = cells.clone();
            (0..pegs.min(cells.len()))
                .map(|_| left.swap_remove(rng.below(left.len())))
                .collect()
        })
        .collect()
}

/// Asserts that `pruned` judges every position of `positions` as `whole` (built without
/// pruning) does, and gives a winning line where it says winnable.
fn assert_same_judgements(
    shape: &Shape,
    whole: &WinnableSet,
    pruned: &WinnableSet,
    positions: &[CellSet],
    what: &str,
) {
    for &pegs in positions {
        let expect = whole.judge(pegs);
        assert_eq!(pruned.judge(pegs), expect, "{what}: {pegs:?}");
        if expect == Some(true) {
            assert!(pruned.line(shape, pegs).is_some(), "{what}: {pegs:?}");
        }
    }
}

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

#[test]
fn pruning_the_backward_growth_keeps_every_winnable_position_and_every_judgement_on_small_boards() {
    // Pruned from the first level of 10 positions, so the small boards are pruned at all;
    // every position of up to 3 pegs, and random ones of every count, judged alike.
    let mut rng = Rng(0x5eed_0059);
    let mut pruned_games = 0;
    for key in ["level-0", "level-1", "level-2", "triangle", "triangle-21"] {
        let p = resolve_puzzle(key).expect("board");
        let shape = p.shape();
        for cell in shape.cells() {
            let start = shape.cells() - CellSet::single(cell);
            if !WinnableSet::applies(shape, start, Goal::At(cell)) {
                continue;
            }
            let build = |pruning| {
                uncontrolled(|c| WinnableSet::build_with(shape, cell, MAX_ENTRIES, pruning, c))
                    .expect("built")
            };
            let whole = build(Pruning::Off);
            let pruned = build(Pruning::From(10));
            assert_eq!(pruned.len(), whole.len(), "{key} from {cell}");
            for pegs in 1..shape.cells().len() {
                assert_eq!(pruned.level(pegs), whole.level(pegs), "{key} from {cell}");
            }
            pruned_games += usize::from(pruned.explored() < whole.explored());
            let cells: Vec<_> = shape.cells().iter().collect();
            let mut positions: Vec<CellSet> = Vec::new();
            for (i, &a) in cells.iter().enumerate() {
                for (j, &b) in cells.iter().enumerate().skip(i) {
                    for &c in &cells[j..] {
                        positions.push([a, b, c].into_iter().collect());
                    }
                }
            }
            for pegs in 1..cells.len() {
                positions.extend(random_pegs(shape, pegs, 40, &mut rng));
            }
            let what = format!("{key} from {cell}");
            assert_same_judgements(shape, &whole, &pruned, &positions, &what);
        }
    }
    assert!(pruned_games > 5, "only {pruned_games} games were pruned");
}

#[test]
fn pruning_the_english_growth_keeps_every_judgement_of_random_positions() {
    // Positions of few pegs are mostly unreachable from the start: the ones pruning drops,
    // which the pruned set must still judge (by a search down to positions it holds).
    let p = resolve_puzzle("english").expect("english");
    let shape = p.shape();
    let centre = shape.center().expect("centre");
    let build = |pruning| {
        uncontrolled(|c| WinnableSet::build_with(shape, centre, MAX_ENTRIES, pruning, c))
            .expect("built")
    };
    let whole = build(Pruning::Off);
    let pruned = build(Pruning::From(100_000));
    assert!(pruned.explored() < whole.explored() * 3 / 4);
    assert_eq!(pruned.len(), whole.len());
    let mut rng = Rng(0x0e11_9115);
    let mut positions = Vec::new();
    for pegs in 2..32 {
        positions.extend(random_pegs(shape, pegs, 150, &mut rng));
    }
    // And positions of real games, reachable from the start.
    positions.extend(
        crate::games::random_positions(&p.start, 20, 7)
            .iter()
            .map(|q| q.pegs()),
    );
    assert_same_judgements(shape, &whole, &pruned, &positions, "english");
    let decided = positions
        .iter()
        .filter(|&&q| pruned.judge(q).is_some())
        .count();
    assert!(decided > positions.len() / 2, "{decided} decided");
}
