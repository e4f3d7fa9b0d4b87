//! The named classic problems: a start and a goal on a catalogue board, each with a name and
//! a line saying what it asks.
//!
//! Owns the problem set as data and turning a problem into a [`Puzzle`]. Two kinds: the
//! English board's named patterns (Cross, Plus, Fireplace, Pyramid, Arrow, Diamond and the
//! whole board, "Solitaire"), each a few pegs to take down to one in the centre; and
//! single-vacancy to single-survivor problems (one hole empty at the start, one peg left on a
//! named hole at the end) on the English board and the triangle. That each can be won is
//! checked by the exact solver in `crates/app/tests/it/problems.rs`, not assumed here.

use super::catalogue;
use super::{Finish, Layout, Puzzle};
use pegsol_rules::Cell;

/// How a problem's start is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The pegs, as the board's rows (`o` a peg, `.` an empty hole, a space off the board):
    /// the same holes as the board's.
    Pegs(&'static [&'static str]),
    /// Every hole full but this one.
    Vacancy(Cell),
}

/// Where the one peg left must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// On the board's centre hole.
    Centre,
    /// On this hole.
    At(Cell),
}

/// One named problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// A short identifier, kept with the solved marks (`cross`, `english-c1-c1`).
    pub key: &'static str,
    /// Its name (`Cross`).
    pub name: &'static str,
    /// The catalogue board it is played on.
    pub board: &'static str,
    /// What it asks, in a line.
    pub description: &'static str,
    /// The start.
    pub start: Start,
    /// The goal.
    pub goal: Goal,
}

/// Why a problem could not be made into a puzzle (a problem set that the tests check, so only
/// a broken build gets here).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// Its board is not in the catalogue.
    #[error("problem `{0}`: no catalogue board `{1}`")]
    NoBoard(&'static str, &'static str),
    /// The board's file did not read.
    #[error("problem `{0}`: its board does not read: {1}")]
    Board(&'static str, String),
    /// The start's holes are not the board's, or the layout is not playable.
    #[error("problem `{0}`: {1}")]
    Start(&'static str, String),
}

const fn at(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

/// Every problem, in the order the Problems window lists them: the English board's patterns
/// from the fewest pegs to the most, then the single-vacancy problems (English, triangle).
pub const PROBLEMS: &[Problem] = &[
    Problem {
        key: "cross",
        name: "Cross",
        board: "english",
        description: "Six pegs in a Latin cross: leave one, in the centre.",
        start: Start::Pegs(&[
            "    . . .    ",
            "    . o .    ",
            ". . o o o . .",
            ". . . o . . .",
            ". . . o . . .",
            "    . . .    ",
            "    . . .    ",
        ]),
        goal: Goal::Centre,
    },
    Problem {
        key: "plus",
        name: "Plus",
        board: "english",
        description: "Nine pegs in a plus sign: leave one, in the centre.",
        start: Start::Pegs(&[
            "    . . .    ",
            "    . o .    ",
            ". . . o . . .",
            ". o o o o o .",
            ". . . o . . .",
            "    . o .    ",
            "    . . .    ",
        ]),
        goal: Goal::Centre,
    },
    Problem {
        key: "fireplace",
        name: "Fireplace",
        board: "english",
        description: "Eleven pegs round the empty centre with the top arm as chimney: leave one, \
                      in the centre.",
        start: Start::Pegs(&[
            "    o o o    ",
            "    o o o    ",
            ". . o o o . .",
            ". . o . o . .",
            ". . . . . . .",
            "    . . .    ",
            "    . . .    ",
        ]),
        goal: Goal::Centre,
    },
    Problem {
        key: "pyramid",
        name: "Pyramid",
        board: "english",
        description: "Sixteen pegs in a pyramid on the middle row: leave one, in the centre.",
        start: Start::Pegs(&[
            "    . . .    ",
            "    . o .    ",
            ". . o o o . .",
            ". o o o o o .",
            "o o o o o o o",
            "    . . .    ",
            "    . . .    ",
        ]),
        goal: Goal::Centre,
    },
    Problem {
        key: "arrow",
        name: "Arrow",
        board: "english",
        description: "Seventeen pegs in an arrow pointing up: leave one, in the centre.",
        start: Start::Pegs(&[
            "    . o .    ",
            "    o o o    ",
            ". o o o o o .",
            ". . . o . . .",
            ". . . o . . .",
            "    o o o    ",
            "    o o o    ",
        ]),
        goal: Goal::Centre,
    },
    Problem {
        key: "diamond",
        name: "Diamond",
        board: "english",
        description: "Twenty-four pegs in a diamond round the empty centre: leave one, in the \
                      centre.",
        start: Start::Pegs(&[
            "    . o .    ",
            "    o o o    ",
            ". o o o o o .",
            "o o o . o o o",
            ". o o o o o .",
            "    o o o    ",
            "    . o .    ",
        ]),
        goal: Goal::Centre,
    },
    Problem {
        key: "solitaire",
        name: "Solitaire",
        board: "english",
        description: "The whole board but the centre (the central game): leave one, in the \
                      centre.",
        start: Start::Vacancy(at(3, 3)),
        goal: Goal::Centre,
    },
    Problem {
        key: "english-d1-d1",
        name: "Top arm, d1 to d1",
        board: "english",
        description: "Every hole full but d1, the top arm's middle: leave one peg, on d1.",
        start: Start::Vacancy(at(3, 0)),
        goal: Goal::At(at(3, 0)),
    },
    Problem {
        key: "english-c1-c1",
        name: "Corner, c1 to c1",
        board: "english",
        description: "Every hole full but c1, an arm's corner: leave one peg, on c1.",
        start: Start::Vacancy(at(2, 0)),
        goal: Goal::At(at(2, 0)),
    },
    Problem {
        key: "english-d1-d4",
        name: "Edge to centre, d1 to d4",
        board: "english",
        description: "Every hole full but d1: leave one peg, in the centre.",
        start: Start::Vacancy(at(3, 0)),
        goal: Goal::Centre,
    },
    Problem {
        key: "english-c3-c3",
        name: "Inner corner, c3 to c3",
        board: "english",
        description: "Every hole full but c3, where two arms meet: leave one peg, on c3.",
        start: Start::Vacancy(at(2, 2)),
        goal: Goal::At(at(2, 2)),
    },
    Problem {
        key: "english-d3-d6",
        name: "Turnabout, d3 to d6",
        board: "english",
        description: "Every hole full but d3, above the centre: leave one peg, on d6, below it.",
        start: Start::Vacancy(at(3, 2)),
        goal: Goal::At(at(3, 5)),
    },
    Problem {
        key: "triangle-a1-a1",
        name: "Triangle corner, a1 to a1",
        board: "triangle",
        description: "The 15-hole triangle, full but its top corner a1: leave one peg, on a1.",
        start: Start::Vacancy(at(0, 0)),
        goal: Goal::At(at(0, 0)),
    },
    Problem {
        key: "triangle-b3-c5",
        name: "Triangle, b3 to c5",
        board: "triangle",
        description: "The 15-hole triangle, full but b3 inside it: leave one peg, on c5 (the \
                      only hole it can end on).",
        start: Start::Vacancy(at(1, 2)),
        goal: Goal::At(at(2, 4)),
    },
];

impl Problem {
    /// The problem with this key.
    pub fn find(key: &str) -> Option<&'static Problem> {
        PROBLEMS.iter().find(|p| p.key == key)
    }

    /// How many pegs it starts with (0 if its board does not read).
    pub fn pegs(&self) -> usize {
        self.layout().map_or(0, |l| {
            l.rows
                .iter()
                .map(|r| r.chars().filter(|&c| c == 'o').count())
                .sum()
        })
    }

    /// The problem as a layout: its board's holes, its start's pegs, its goal as the finish.
    pub fn layout(&self) -> Result<Layout, ProblemError> {
        let entry =
            catalogue::find(self.board).ok_or(ProblemError::NoBoard(self.key, self.board))?;
        let board = entry
            .layout()
            .map_err(|e| ProblemError::Board(self.key, e.to_string()))?;
        let rows: Vec<String> = match self.start {
            Start::Pegs(rows) => rows.iter().map(|r| r.to_string()).collect(),
            Start::Vacancy(cell) => board
                .rows
                .iter()
                .enumerate()
                .map(|(y, row)| {
                    row.chars()
                        .enumerate()
                        .map(|(i, c)| {
                            let here = i % 2 == 0
                                && usize::from(cell.x) == i / 2
                                && usize::from(cell.y) == y;
                            match c {
                                'o' | '.' if here => '.',
                                'o' | '.' => 'o',
                                other => other,
                            }
                        })
                        .collect()
                })
                .collect(),
        };
        let holes = |rows: &[String]| -> Vec<Vec<bool>> {
            rows.iter()
                .map(|r| r.chars().map(|c| c == 'o' || c == '.').collect())
                .collect()
        };
        if holes(&rows) != holes(&board.rows) {
            return Err(ProblemError::Start(
                self.key,
                format!("its start's holes are not the {} board's", self.board),
            ));
        }
        Ok(Layout {
            name: self.name.to_string(),
            description: self.description.to_string(),
            grid: board.grid,
            rows,
            finish: match self.goal {
                Goal::Centre => Finish::Center,
                Goal::At(cell) => Finish::Cell {
                    x: cell.x,
                    y: cell.y,
                },
            },
        })
    }

    /// The problem as a puzzle to play.
    pub fn puzzle(&self) -> Result<Puzzle, ProblemError> {
        self.layout()?.validate().map_err(|problems| {
            let why: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
            ProblemError::Start(self.key, why.join("; "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_rules::Goal as RulesGoal;

    #[test]
    fn every_problem_makes_a_puzzle_on_its_boards_holes_with_a_one_peg_goal() {
        let mut keys = Vec::new();
        for p in PROBLEMS {
            let puzzle = p.puzzle().unwrap_or_else(|e| panic!("{e}"));
            let board = catalogue::find(p.board)
                .and_then(|e| e.layout().ok())
                .and_then(|l| l.validate().ok())
                .expect("board");
            assert_eq!(puzzle.shape().cells(), board.shape().cells(), "{}", p.key);
            assert!(matches!(puzzle.goal, RulesGoal::At(_)), "{}", p.key);
            assert_eq!(puzzle.start.peg_count() as usize, p.pegs(), "{}", p.key);
            assert!(!keys.contains(&p.key), "{} twice", p.key);
            keys.push(p.key);
        }
    }

    #[test]
    fn the_patterns_have_their_classic_peg_counts() {
        let count = |key| Problem::find(key).map(|p| p.pegs());
        assert_eq!(count("cross"), Some(6));
        assert_eq!(count("plus"), Some(9));
        assert_eq!(count("fireplace"), Some(11));
        assert_eq!(count("pyramid"), Some(16));
        assert_eq!(count("arrow"), Some(17));
        assert_eq!(count("diamond"), Some(24));
        assert_eq!(count("solitaire"), Some(32));
    }
}
