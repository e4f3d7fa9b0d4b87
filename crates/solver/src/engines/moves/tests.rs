//! The fewest-moves search's tests: the 15-hole triangle's known fewest moves, chains that
//! replay, and a move's canonical form.

use super::*;
use crate::uncontrolled;
use pegsol_layout::catalogue;
use pegsol_rules::move_count;

/// The start of the catalogue board `name` (the meeting's tests use it too).
pub(super) fn start_of(name: &str) -> Position {
    catalogue::find(name)
        .and_then(|e| e.layout().ok())
        .and_then(|l| l.validate().ok())
        .map(|p| p.start)
        .expect("a catalogue board")
}

fn solve(position: &Position, goal: Goal) -> MovesOutcome {
    uncontrolled(|c| fewest_moves(position, goal, Options::default(), c))
}

#[test]
fn the_fifteen_hole_triangle_takes_its_known_fewest_moves_and_the_chains_replay() {
    let start = start_of("triangle");
    let out = solve(&start, Goal::Anywhere);
    assert!(out.won && out.proven_optimal, "{out:?}");
    let jumps = out.jumps();
    let mut p = start.clone();
    for &j in &jumps {
        p = p.try_play(j).expect("every jump is legal");
    }
    assert!(p.is_won(Goal::Anywhere));
    // Each chain is one move: the grouping of the jumps agrees with the chains.
    assert_eq!(move_count(&jumps), out.chains.len() as u32);
    assert_eq!(out.moves(), Some(out.chains.len() as u32));
}

#[test]
fn a_moves_canonical_form_is_the_boards_own() {
    // The meeting keeps the canonical form a move hands it and looks up positions the
    // other side canonicalised from scratch: the two must agree, chain positions
    // included, on a board with all eight symmetries, a few moves in.
    let start = start_of("wiegleb");
    let board = Board::<u64>::new(&start, Goal::Anywhere);
    let mut level = vec![board.compact.encode(start.pegs())];
    let mut checked = 0;
    for _ in 0..5 {
        let mut next = Vec::new();
        for &p in &level {
            let _ = board.moves_from(p, &mut |b, canon, _| -> Result<bool, ()> {
                assert_eq!(canon, board.syms.canon(b));
                checked += 1;
                next.push(b);
                Ok(true)
            });
        }
        next.sort_unstable();
        next.dedup();
        next.truncate(500);
        level = next;
    }
    assert!(checked > 1_000, "{checked}");
}
