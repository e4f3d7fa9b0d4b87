//! Pagoda functions: every one found is sound on its board (no jump raises the weight), every
//! position it calls lost is lost (brute force on the small boards), and it finds proofs.

use pegsol_layout::catalogue::ENTRIES;
use pegsol_rules::{legal_jumps_of, Cell, CellSet, Pagoda, Shape};
use rustc_hash::FxHashMap;

use crate::games;
use games::random_positions;

/// Whether `pegs` can end with one peg on a cell of `finishes` (memoised exhaustive search).
fn can_finish(
    shape: &Shape,
    pegs: CellSet,
    finishes: CellSet,
    memo: &mut FxHashMap<CellSet, bool>,
) -> bool {
    if pegs.len() == 1 {
        return (pegs & finishes) == pegs;
    }
    if let Some(&known) = memo.get(&pegs) {
        return known;
    }
    let won = legal_jumps_of(shape, pegs).any(|j| {
        let next = (pegs - j.cells()) | CellSet::single(j.to);
        can_finish(shape, next, finishes, memo)
    });
    memo.insert(pegs, won);
    won
}

/// The weights checked against the rule directly, not through `Pagoda::new`.
fn assert_sound(name: &str, shape: &Shape, pagoda: &Pagoda) {
    for jump in shape.jumps() {
        let w = |c: Cell| u64::from(pagoda.weight(c));
        assert!(
            w(jump.from) + w(jump.over) >= w(jump.to),
            "{name}: jump {jump} raises the weight of\n{pagoda}"
        );
    }
}

#[test]
fn every_pagoda_found_on_the_catalogue_is_sound_and_never_raised_by_a_jump() {
    let mut proofs = 0;
    for entry in ENTRIES {
        let puzzle = entry.layout().unwrap().validate().unwrap();
        let shape = puzzle.start.shape().clone();
        for p in random_positions(&puzzle.start, 3, 0x9e37_79b9_7f4a_7c15) {
            let finishes = shape.possible_finishes(p.pegs());
            let Some(pagoda) = Pagoda::find_refutation(&shape, p.pegs(), finishes) else {
                continue;
            };
            proofs += 1;
            assert_sound(entry.key, &shape, &pagoda);
            assert!(pagoda.refutes(p.pegs(), finishes));
            // Along any game from here the weight never goes up.
            for later in random_positions(&p, 2, 7) {
                assert!(pagoda.value(later.pegs()) <= pagoda.value(p.pegs()));
            }
        }
    }
    assert!(proofs > 0, "no position of any random game was proved lost");
}

#[test]
fn a_position_a_pagoda_calls_lost_is_lost_by_brute_force() {
    let small = ["level-0", "level-1", "level-2", "level-3", "triangle"];
    let (mut lost, mut proved) = (0, 0);
    for key in small {
        let entry = ENTRIES.iter().find(|e| e.key == key).unwrap();
        let puzzle = entry.layout().unwrap().validate().unwrap();
        let shape = puzzle.start.shape().clone();
        let mut memo = FxHashMap::default();
        for p in random_positions(&puzzle.start, 20, 0x2545_f491_4f6c_dd1d) {
            // Each single finish cell, and all finishes the class allows.
            let class = shape.possible_finishes(p.pegs());
            let goals = class.iter().map(CellSet::single).chain([class]);
            for finishes in goals {
                memo.clear();
                let winnable = can_finish(&shape, p.pegs(), finishes, &mut memo);
                lost += usize::from(!winnable);
                if let Some(pagoda) = Pagoda::find_refutation(&shape, p.pegs(), finishes) {
                    proved += 1;
                    assert!(
                        !winnable,
                        "{key}: a pagoda calls a winnable position lost:\n{pagoda}"
                    );
                }
            }
        }
    }
    eprintln!("lost {lost}, proved by a pagoda {proved}");
    assert!(lost > 0 && proved > 0, "lost {lost}, proved {proved}");
}

#[test]
fn a_lone_peg_far_from_its_finish_is_proved_lost_with_weights_to_show() {
    // The English board with one peg in a corner arm and the finish on the far arm: weights
    // must be found, be whole numbers, and draw as the board.
    let entry = ENTRIES.iter().find(|e| e.key == "english").unwrap();
    let shape = entry
        .layout()
        .unwrap()
        .validate()
        .unwrap()
        .start
        .shape()
        .clone();
    let pegs = CellSet::single(Cell { x: 2, y: 0 }) | CellSet::single(Cell { x: 3, y: 0 });
    let finish = CellSet::single(Cell { x: 3, y: 6 });
    let pagoda = Pagoda::find_refutation(&shape, pegs, finish).expect("a proof");
    assert!(pagoda.value(pegs) < u64::from(pagoda.weight(Cell { x: 3, y: 6 })));
    assert!(pagoda.weights().count() > 0);
    assert_eq!(pagoda.to_string().lines().count(), 7);
}

#[test]
fn every_derived_pagoda_set_is_sound_on_every_catalogue_board() {
    use pegsol_rules::Goal;
    use pegsol_solver::boards::pagodas::PagodaSet;
    let mut functions = 0;
    for entry in ENTRIES {
        let puzzle = entry.layout().unwrap().validate().unwrap();
        let shape = puzzle.start.shape().clone();
        let set = PagodaSet::for_goal(&shape, puzzle.goal, puzzle.start.pegs());
        let finishes = match puzzle.goal {
            Goal::At(c) => CellSet::single(c),
            Goal::Anywhere => shape.possible_finishes(puzzle.start.pegs()),
        };
        for pagoda in &set {
            functions += 1;
            assert_sound(entry.key, &shape, pagoda);
            assert!(pagoda.least_finish(finishes).is_some_and(|l| l > 0));
            // Along random games no jump raises the weight.
            for p in random_positions(&puzzle.start, 2, 11) {
                let before = pagoda.value(p.pegs());
                for j in p.legal_jumps() {
                    let after = p.try_play(j).unwrap();
                    assert!(pagoda.value(after.pegs()) <= before, "{}", entry.key);
                }
            }
        }
    }
    assert!(functions > 0);
}

#[test]
fn a_derived_pagoda_set_never_calls_a_winnable_position_lost() {
    use pegsol_solver::boards::pagodas::PagodaSet;
    let small = ["level-0", "level-1", "level-2", "level-3", "triangle"];
    let mut proved = 0;
    for key in small {
        let entry = ENTRIES.iter().find(|e| e.key == key).unwrap();
        let puzzle = entry.layout().unwrap().validate().unwrap();
        let shape = puzzle.start.shape().clone();
        let mut memo = FxHashMap::default();
        for finish in shape.cells() {
            let finishes = CellSet::single(finish);
            let set = PagodaSet::for_finishes(&shape, finishes);
            for p in random_positions(&puzzle.start, 5, 0x5eed) {
                if set.iter().any(|f| f.refutes(p.pegs(), finishes)) {
                    proved += 1;
                    memo.clear();
                    assert!(!can_finish(&shape, p.pegs(), finishes, &mut memo), "{key}");
                }
            }
        }
    }
    assert!(proved > 0);
}
