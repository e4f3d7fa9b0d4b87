//! Small boards and random games shared by the solver's, the window's and the program's test
//! binaries:
//! boards in a box given as bits, a small xorshift generator, so every run plays the same
//! games, and the positions met along them.

// The window's and the program's test binaries take this file too, and use only some of it.
#![allow(dead_code)]

use pegsol_rules::{Cell, CellSet, Grid, Position, Shape};
use pegsol_testkit::scratch::Scratch;
use std::path::PathBuf;
use std::sync::Arc;

/// A board in a `width` x `height` box: cell i (row by row) exists when `exists(i)`, and
/// holds a peg when bit i of `pegs` is set. `None` without a peg.
pub fn box_board(
    grid: Grid,
    (width, height): (u8, u8),
    exists: impl Fn(u8) -> bool,
    pegs: u32,
) -> Option<Position> {
    let mut c = CellSet::EMPTY;
    let mut p = CellSet::EMPTY;
    for i in (0..width * height).filter(|&i| exists(i)) {
        let cell = Cell {
            x: i % width,
            y: i / width,
        };
        c.insert(cell);
        if pegs >> i & 1 == 1 {
            p.insert(cell);
        }
    }
    if p.is_empty() {
        return None;
    }
    Position::new(Arc::new(Shape::new(grid, c)), p)
}

/// A 6x5 box less the cells in `removed` (at most 10 of its 30, so 20 to 30 cells); bit i of
/// `pegs` says whether cell i holds a peg.
pub fn medium_board(grid: Grid, removed: &[u8], pegs: u32) -> Option<Position> {
    box_board(grid, (6, 5), |i| !removed.contains(&i), pegs)
}

/// The most pegs a random medium board gets where a brute-force oracle checks the answer.
/// The oracle visits every position reachable: on a 30-cell triangular board that is up to
/// 2M positions (3 s) at 18 pegs, but 22M (66 s, gigabytes) at 22, and a property test
/// that met a few such boards took minutes.
pub const ORACLE_PEGS: u32 = 18;

/// `pegs` with its highest set bits cleared until at most `most` remain.
pub fn at_most(mut pegs: u32, most: u32) -> u32 {
    while pegs.count_ones() > most {
        pegs &= !(1 << (31 - pegs.leading_zeros()));
    }
    pegs
}

/// A 4x3 box: bit i of `cells` says whether cell i exists, of `pegs` whether it holds a peg.
pub fn small_board(grid: Grid, cells: u16, pegs: u16) -> Option<Position> {
    box_board(grid, (4, 3), |i| cells >> i & 1 == 1, u32::from(pegs))
}

/// A xorshift generator: the same games on every run and every machine.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions met in `games` random games from `start`, every jump of each game.
pub fn random_positions(start: &Position, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = start.clone();
        loop {
            let jumps = p.legal_jumps();
            if jumps.is_empty() {
                break;
            }
            p = p
                .try_play(jumps[rng.below(jumps.len())])
                .expect("a legal jump");
            out.push(p.clone());
        }
    }
    out
}

/// A 36-peg middle game of level 6 (Wiegleb's board, 8 jumps in: the hint bench's game 7)
/// that no budget tried decides, up to 1,000M expansions, written as a layout file in a new
/// temporary folder named after `tag`: the folder, which goes when the test passes (hold it
/// while the file is needed), and the file.
pub fn undecided_middle_game_file(tag: &str) -> (Scratch, PathBuf) {
    let dir = Scratch::new(tag);
    let path = dir.join("middle-game.txt");
    let rows = [
        "   ooo   ",
        "   ooo   ",
        "   .oo   ",
        "oooo..ooo",
        "..oo.oooo",
        "ooooo..oo",
        "   o.o   ",
        "   ooo   ",
        "   ooo   ",
    ];
    std::fs::write(&path, rows.join("\n")).expect("write");
    (dir, path)
}
