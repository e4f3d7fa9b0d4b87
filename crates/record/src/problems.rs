//! The named problems as games, and the marks of the ones solved, kept across runs in
//! `problems.ron` in Pegsol's data folder.
//!
//! Owns which game is which problem (a problem's game is played under the source
//! `problem:KEY`, so the game store keeps it apart from a game of the same board) and the
//! solved marks' file. The file is read and written through [`super::datafile`], as the
//! statistics are: one that cannot be read is moved aside (`problems.ron.broken-DATE`) with a
//! notice and the marks start afresh; one that cannot be written is reported, never a crash.

use super::datafile::{self, DataFile, Loaded};
use super::{Game, Source};
use pegsol_layout::problems::{Problem, ProblemError, PROBLEMS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The file's name in the data folder.
pub const FILE_NAME: &str = "problems.ron";

/// Bump when the file's form changes incompatibly.
pub const VERSION: u32 = 1;

/// What a problem's game is played under, before the problem's key.
const SOURCE_PREFIX: &str = "problem:";

/// A fresh game of `problem`.
pub fn game_of(problem: &Problem) -> Result<Game, ProblemError> {
    let puzzle = problem.puzzle()?;
    Ok(Game::new(
        puzzle,
        Source::Other(format!("{SOURCE_PREFIX}{}", problem.key)),
    ))
}

/// The problem `game` is a game of, if it is one.
pub fn problem_of(game: &Game) -> Option<&'static Problem> {
    match &game.source {
        Source::Other(name) => Problem::find(name.strip_prefix(SOURCE_PREFIX)?),
        _ => None,
    }
}

/// The file's contents: the keys of the problems solved.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename = "PegsolProblems")]
pub struct SolvedFile {
    /// [`VERSION`] when written.
    pub version: u32,
    /// The keys of the problems solved (a key no longer in the set is kept, not lost).
    pub solved: BTreeSet<String>,
}

impl DataFile for SolvedFile {
    const WHAT: &'static str = "solved problems";
    const VERSION: u32 = VERSION;
    fn version(&self) -> u32 {
        self.version
    }
}

/// The solved marks and their file.
#[derive(Clone, Debug, Default)]
pub struct SolvedMarks {
    file: SolvedFile,
    /// Where they are kept; `None` in tests and screenshots (kept in memory only).
    path: Option<PathBuf>,
}

impl SolvedMarks {
    /// Marks kept in memory only, none solved.
    pub fn new() -> SolvedMarks {
        SolvedMarks {
            file: SolvedFile {
                version: VERSION,
                solved: BTreeSet::new(),
            },
            path: None,
        }
    }

    /// Marks kept in the file at `path`, read from it. A file that cannot be read is moved
    /// aside and the marks start afresh: the message says so.
    pub fn at(path: PathBuf) -> (SolvedMarks, Option<String>) {
        let mut marks = SolvedMarks::new();
        let loaded = datafile::load::<SolvedFile>(&path);
        let notice = loaded.notice();
        if let Loaded::Read(file) = loaded {
            marks.file = file;
        }
        marks.path = Some(path);
        (marks, notice)
    }

    /// Whether the problem with this key is solved.
    pub fn is_solved(&self, key: &str) -> bool {
        self.file.solved.contains(key)
    }

    /// How many of the problem set are solved.
    pub fn count(&self) -> usize {
        PROBLEMS.iter().filter(|p| self.is_solved(p.key)).count()
    }

    /// Takes in the game just after the player made a jump: if it is a problem's game and
    /// that jump reached the goal, the problem is marked solved and the marks saved. Returns
    /// the problem newly solved, and a message when the marks could not be saved.
    pub fn observe_jump(&mut self, game: &Game) -> (Option<&'static Problem>, Option<String>) {
        let Some(problem) = problem_of(game) else {
            return (None, None);
        };
        if !game.record.position().is_won(game.puzzle.goal) || self.is_solved(problem.key) {
            return (None, None);
        }
        self.file.solved.insert(problem.key.to_string());
        (Some(problem), self.save())
    }

    /// Writes the marks to their file, if they have one; a message if that failed.
    pub fn save(&self) -> Option<String> {
        let path = self.path.as_ref()?;
        datafile::store(path, &self.file)
            .err()
            .map(|e| format!("The solved problems could not be saved: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_rules::Jump;
    use pegsol_testkit::scratch::Scratch;

    /// A fresh game of the Cross.
    fn cross() -> Game {
        game_of(Problem::find("cross").expect("cross")).expect("a game")
    }

    #[test]
    fn a_problems_game_is_known_as_that_problem_and_no_other_game_is() {
        let game = cross();
        assert_eq!(problem_of(&game).map(|p| p.key), Some("cross"));
        assert_eq!(
            game.key().map(|k| k.to_string()).as_deref(),
            Some("other:problem:cross")
        );
        let english = Game::from_catalogue("english").expect("english");
        assert_eq!(problem_of(&english), None);
    }

    #[test]
    fn reaching_the_goal_marks_the_problem_and_the_mark_is_read_back() {
        let dir = Scratch::new("problems");
        let path = dir.join(FILE_NAME);
        let (mut marks, notice) = SolvedMarks::at(path.clone());
        assert_eq!(notice, None);
        let mut game = cross();
        // A jump that does not win marks nothing.
        let moves = game.record.position().legal_jumps();
        let first: Jump = moves[0];
        game.record.play(first).expect("legal");
        assert_eq!(marks.observe_jump(&game), (None, None));
        assert!(!marks.is_solved("cross"));
        // The won game marks it, once.
        let mut won = cross();
        for jump in a_win(&won) {
            won.record.play(jump).expect("legal");
        }
        let (solved, problem) = marks.observe_jump(&won);
        assert_eq!((solved.map(|p| p.key), problem), (Some("cross"), None));
        assert_eq!(marks.observe_jump(&won).0, None);
        let (again, _) = SolvedMarks::at(path);
        assert!(again.is_solved("cross"));
        assert_eq!(again.count(), 1);
    }

    /// A win of `game` found by trying every line (the Cross is small enough).
    fn a_win(game: &Game) -> Vec<Jump> {
        fn go(p: &pegsol_rules::Position, goal: pegsol_rules::Goal, line: &mut Vec<Jump>) -> bool {
            if p.is_won(goal) {
                return true;
            }
            for j in p.legal_jumps() {
                if let Ok(next) = p.try_play(j) {
                    line.push(j);
                    if go(&next, goal, line) {
                        return true;
                    }
                    line.pop();
                }
            }
            false
        }
        let mut line = Vec::new();
        assert!(go(game.record.position(), game.puzzle.goal, &mut line));
        line
    }
}
