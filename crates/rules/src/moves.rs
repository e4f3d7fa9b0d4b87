//! Moves as puzzle books count them: a **move** is one peg's chain of consecutive jumps, so a
//! game of 31 jumps may take only 18 moves.
//!
//! A jump continues the move before it when it starts where the previous jump landed; any
//! other jump begins a new move.
//!
//! ```
//! use pegsol_rules::{chains, move_count, Jump};
//! let j = |s: &str| -> Jump { s.parse().unwrap() };
//! // d2-d4, then the same peg on d4-f4: one move; then b4-d4: a second.
//! let game = [j("3,1-3,3"), j("3,3-5,3"), j("1,3-3,3")];
//! assert_eq!(move_count(&game), 2);
//! assert_eq!(chains(&game), vec![&game[..2], &game[2..]]);
//! ```

use super::jump::Jump;

/// Whether `next` continues the move that `previous` ended (the same peg jumps again).
#[inline]
pub fn continues(previous: Option<Jump>, next: Jump) -> bool {
    previous.is_some_and(|p| p.to == next.from)
}

/// How many moves a sequence of jumps makes.
pub fn move_count(jumps: &[Jump]) -> u32 {
    let mut previous = None;
    let mut moves = 0;
    for &jump in jumps {
        if !continues(previous, jump) {
            moves += 1;
        }
        previous = Some(jump);
    }
    moves
}

/// The jumps grouped into moves, in order: each slice is one peg's chain.
pub fn chains(jumps: &[Jump]) -> Vec<&[Jump]> {
    let mut out = Vec::new();
    let mut begin = 0;
    for i in 1..jumps.len() {
        if !continues(Some(jumps[i - 1]), jumps[i]) {
            out.push(&jumps[begin..i]);
            begin = i;
        }
    }
    if !jumps.is_empty() {
        out.push(&jumps[begin..]);
    }
    out
}

/// For each jump, the number of the move it belongs to (from 0): what a timeline needs to
/// put one tick per move.
pub fn move_index(jumps: &[Jump]) -> Vec<u32> {
    let mut previous = None;
    let mut index = 0u32;
    jumps
        .iter()
        .enumerate()
        .map(|(i, &jump)| {
            if i > 0 && !continues(previous, jump) {
                index += 1;
            }
            previous = Some(jump);
            index
        })
        .collect()
}

/// Where each move ends, as a count of jumps from the start: one entry per move, ascending,
/// the last being the number of jumps. The timeline puts a tick at each.
pub fn move_ends(jumps: &[Jump]) -> Vec<usize> {
    let index = move_index(jumps);
    let mut ends: Vec<usize> = (1..jumps.len())
        .filter(|&i| index[i] != index[i - 1])
        .collect();
    if !jumps.is_empty() {
        ends.push(jumps.len());
    }
    ends
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &str) -> Jump {
        s.parse().expect("a jump")
    }

    #[test]
    fn an_empty_game_has_no_moves() {
        assert_eq!(move_count(&[]), 0);
        assert!(chains(&[]).is_empty());
        assert!(move_index(&[]).is_empty());
    }

    #[test]
    fn a_peg_that_jumps_again_continues_its_move_and_any_other_peg_starts_one() {
        let game = [
            j("3,1-3,3"),
            j("3,3-5,3"),
            j("5,3-5,5"),
            j("1,3-3,3"),
            j("3,5-3,3"),
        ];
        assert_eq!(move_count(&game), 3);
        assert_eq!(move_index(&game), vec![0, 0, 0, 1, 2]);
        let lens: Vec<usize> = chains(&game).iter().map(|c| c.len()).collect();
        assert_eq!(lens, vec![3, 1, 1]);
        // The chains put back together are the game.
        let joined: Vec<Jump> = chains(&game).concat();
        assert_eq!(joined, game);
    }
}
