//! The saved-game file format: a [`SavedGame`] (the start as a layout, the jumps as text, how
//! many are played), read from RON and checked by replaying every jump, and written
//! atomically.
//!
//! Reading takes text (the caller reads the file, see [`fn@super::open`]); writing goes through
//! [`pegsol_layout::files::write_atomic`], so a failed save leaves the old file whole.

use super::Record;
pub use pegsol_layout::files::SaveError;
use pegsol_layout::format::{ron_options, ron_place, ron_pretty, save_ron};
use pegsol_layout::load::{place_in_ron, problem_list};
use pegsol_layout::text::{escape_controls, strip_bom};
use pegsol_layout::{FileError, Layout, PlacedProblem, Puzzle};
use pegsol_rules::{Jump, JumpError, JumpParseError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A saved game as it is written to a file: the start as a [`Layout`], the jumps in their
/// text form `x,y-x,y`, and how many of them are played (all of them if absent).
///
/// ```ron
/// SavedGame(
///     layout: Layout(name: "Level 0", rows: ["o o . o"]),
///     jumps: ["0,0-2,0"],
///     current: 1,
/// )
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "SavedGame", deny_unknown_fields)]
pub struct SavedGame {
    /// The board and its start.
    pub layout: Layout,
    /// The jumps, each `x,y-x,y` (from, then to).
    #[serde(default)]
    pub jumps: Vec<String>,
    /// How many of the jumps are played; the rest can be redone. Written `current: 2` or
    /// `current: Some(2)`; both read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<usize>,
    /// Where the restart after the line in play was made, when redo can bring one back
    /// (`later` is not empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restarted_at: Option<usize>,
    /// Whether redo at `restarted_at` brings that restart back (the history is being
    /// retraced), rather than replaying the line on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retrace: bool,
    /// The lines played before restarts that undo can go back to, oldest first, each with
    /// the place its restart was made (absent when there was no restart).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<SavedLine>,
    /// The lines of restarts that were undone, which redo brings back, the next one first,
    /// each with the place the restart after it was made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub later: Vec<SavedLine>,
}

/// A line of a saved game's history: its jumps from the start and how many were played when
/// the restart after it was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Line", deny_unknown_fields)]
pub struct SavedLine {
    /// The jumps, each `x,y-x,y`.
    #[serde(default)]
    pub jumps: Vec<String>,
    /// How many of them were played when the restart after it was made.
    #[serde(default)]
    pub current: usize,
}

/// Why a saved game cannot be restored. Every case says what is wrong and where: the line and
/// column, or the jump's number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// The text is not a saved game at all.
    #[error("not a saved game: {0}")]
    Syntax(#[from] FileError),
    /// The board inside cannot be played (each problem placed in the file when read from
    /// text).
    #[error("the saved game's board cannot be played:{}", problem_list(.0))]
    Layout(Vec<PlacedProblem>),
    /// Jump number `index` (1-based) is not a jump.
    #[error("{}jump {index}: {}", where_in(*.line), escape_controls(&.error.to_string()))]
    BadJump {
        /// Which line of the history (0: the line in play; see [`where_in`]).
        line: LineOf,
        /// 1-based number of the jump in the file.
        index: usize,
        /// What is wrong with its text.
        #[source]
        error: JumpParseError,
    },
    /// Jump number `index` (1-based) cannot be played where it stands.
    #[error("{}jump {index} ({jump}) cannot be played: {error}", where_in(*.line))]
    IllegalJump {
        /// Which line of the history.
        line: LineOf,
        /// 1-based number of the jump in the file.
        index: usize,
        /// The jump.
        jump: Jump,
        /// Why it cannot be played.
        #[source]
        error: JumpError,
    },
    /// `current` is past the end of the jumps.
    #[error("{}`current: {current}` is past the end of the game ({jumps} jumps)", where_in(*.line))]
    CurrentOutOfRange {
        /// Which line of the history.
        line: LineOf,
        /// The value in the file.
        current: usize,
        /// How many jumps there are.
        jumps: usize,
    },
}

impl SavedGame {
    /// Checks the saved game and rebuilds its puzzle and record: the layout is validated and
    /// every jump parsed and replayed with [`pegsol_rules::Position::try_play`].
    pub fn restore(&self) -> Result<(Puzzle, Record), RestoreError> {
        let puzzle = self.layout.validate().map_err(|problems| {
            RestoreError::Layout(problems.into_iter().map(PlacedProblem::unplaced).collect())
        })?;
        let start = &puzzle.start;
        let current = self.current.unwrap_or(self.jumps.len());
        let in_play = checked_line(start, &self.jumps, current, LineOf::InPlay)?;
        let cut = self.restarted_at.unwrap_or(0);
        checked_line(start, &self.jumps, cut, LineOf::InPlay)?;
        let mut lines = Vec::with_capacity(self.earlier.len() + 1 + self.later.len());
        for (i, l) in self.earlier.iter().enumerate() {
            let line = LineOf::Earlier(i + 1);
            lines.push((checked_line(start, &l.jumps, l.current, line)?, l.current));
        }
        let era = lines.len();
        lines.push((in_play, cut));
        for (i, l) in self.later.iter().enumerate() {
            let line = LineOf::Later(i + 1);
            lines.push((checked_line(start, &l.jumps, l.current, line)?, l.current));
        }
        let record = Record::from_lines(start.clone(), lines, era, current, self.retrace);
        Ok((puzzle, record))
    }

    /// Reads a saved game from RON `text` and restores it, placing any problem of its board
    /// at its line and column in the text. `input` names the text in messages.
    pub fn read(text: &str, input: &str) -> Result<(Puzzle, Record), RestoreError> {
        let saved = SavedGame::from_ron(text, input)?;
        saved.restore().map_err(|e| match e {
            RestoreError::Layout(problems) => RestoreError::Layout(place_in_ron(
                input,
                strip_bom(text),
                problems.into_iter().map(|p| p.problem).collect(),
            )),
            other => other,
        })
    }

    /// The saved game as pretty RON, with the layout's rows one per line.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        ron::ser::to_string_pretty(self, ron_pretty())
    }

    /// Saves the game to `path` as RON, atomically: on any failure the file is as it was.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        save_ron(path, self)
    }

    /// Reads a saved game from RON text (a leading byte-order mark is skipped; plain values
    /// are accepted where an option is expected). `input` names the text in messages.
    pub fn from_ron(text: &str, input: &str) -> Result<SavedGame, RestoreError> {
        ron_options()
            .from_str::<SavedGame>(strip_bom(text))
            .map_err(|e| {
                let (line, column) = ron_place(&e);
                RestoreError::Syntax(FileError::new(input, line, column, e.code.to_string()))
            })
    }

    /// Whether the game holds no jump at all, in any line of its history: nothing to keep.
    pub fn is_empty(&self) -> bool {
        self.jumps.is_empty()
            && self.earlier.iter().all(|l| l.jumps.is_empty())
            && self.later.iter().all(|l| l.jumps.is_empty())
    }

    /// Whether `text` looks like a saved game rather than a layout, so a front end can pick
    /// the right reader for a file it is given.
    pub fn looks_like(text: &str) -> bool {
        strip_bom(text)
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#!"))
            .is_some_and(|l| l.starts_with("SavedGame"))
    }
}

impl Record {
    /// The saved-game form of this record on `puzzle`'s board: the start as a layout, the
    /// line in play's jumps in text form and where the board is on it, and the lines before
    /// and after it with where each restart was made (undo and redo across restarts).
    pub fn to_saved(&self, puzzle: &Puzzle) -> SavedGame {
        let text = |jumps: &[Jump]| jumps.iter().map(Jump::to_string).collect();
        let lines: Vec<(&[Jump], usize)> = self.all_lines().collect();
        let era = self.era();
        let saved = |&(jumps, cut): &(&[Jump], usize)| SavedLine {
            jumps: text(jumps),
            current: cut,
        };
        let later = &lines[era + 1..];
        SavedGame {
            layout: puzzle.layout_for(self.start().pegs()),
            jumps: text(self.jumps()),
            current: Some(self.index()),
            restarted_at: (!later.is_empty()).then_some(lines[era].1),
            retrace: self.retraces() && !later.is_empty(),
            earlier: lines[..era].iter().map(saved).collect(),
            later: later.iter().map(saved).collect(),
        }
    }
}

/// Which line of a saved game's history a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineOf {
    /// The line in play (`jumps`).
    InPlay,
    /// The n-th line of `earlier` (1-based).
    Earlier(usize),
    /// The n-th line of `later` (1-based).
    Later(usize),
}

/// "" for the line in play, else "earlier line 2: " and the like, to put before a problem.
fn where_in(line: LineOf) -> String {
    match line {
        LineOf::InPlay => String::new(),
        LineOf::Earlier(n) => format!("earlier line {n}: "),
        LineOf::Later(n) => format!("later line {n}: "),
    }
}

/// Parses `texts` as jumps and replays them from `start`, each checked; `current` must be
/// within them.
fn checked_line(
    start: &pegsol_rules::Position,
    texts: &[String],
    current: usize,
    line: LineOf,
) -> Result<Vec<Jump>, RestoreError> {
    let mut position = start.clone();
    let mut jumps = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let index = i + 1;
        let jump: Jump =
            text.parse()
                .map_err(|error| RestoreError::BadJump { line, index, error })?;
        position = position
            .try_play(jump)
            .map_err(|error| RestoreError::IllegalJump {
                line,
                index,
                jump,
                error,
            })?;
        jumps.push(jump);
    }
    if current > jumps.len() {
        return Err(RestoreError::CurrentOutOfRange {
            line,
            current,
            jumps: jumps.len(),
        });
    }
    Ok(jumps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{j, puzzle};

    #[test]
    fn saved_games_round_trip_through_ron() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        r.undo();
        let text = r.to_saved(&p).to_ron().unwrap();
        assert!(SavedGame::looks_like(&text), "{text}");
        let (p2, r2) = SavedGame::from_ron(&text, "t").unwrap().restore().unwrap();
        assert_eq!(p2.start, p.start);
        assert_eq!(r2.position(), r.position());
        assert_eq!(r2.jumps(), r.jumps());
        assert_eq!(r2.index(), 1);
    }

    #[test]
    fn hostile_saved_games_are_refused_with_a_message() {
        let p = puzzle("english");
        let good = Record::new(p.start.clone()).to_saved(&p);
        let with = |jumps: &[&str], current| SavedGame {
            jumps: jumps.iter().map(|s| s.to_string()).collect(),
            current,
            ..good.clone()
        };
        let e = with(&["3,1-3,3", "3,1-3,3"], None).restore().unwrap_err();
        assert!(
            matches!(e, RestoreError::IllegalJump { index: 2, .. }),
            "{e}"
        );
        assert!(e.to_string().contains("jump 2"));
        let e = with(&["nonsense"], None).restore().unwrap_err();
        assert!(matches!(e, RestoreError::BadJump { index: 1, .. }));
        let e = with(&["99,99-97,99"], None).restore().unwrap_err();
        assert!(matches!(e, RestoreError::BadJump { .. }), "{e}");
        let e = with(&["3,1-3,3"], Some(5)).restore().unwrap_err();
        assert!(matches!(e, RestoreError::CurrentOutOfRange { .. }));
        let mut broken = good.clone();
        broken.layout.rows = vec!["o o o".into()];
        assert!(matches!(broken.restore(), Err(RestoreError::Layout(_))));
        for text in ["", "SavedGame(", "SavedGame(layout: 3)", "\u{0}\u{1}"] {
            assert!(SavedGame::from_ron(text, "t").is_err());
        }
    }

    #[test]
    fn errors_keep_their_cause_as_source() {
        use std::error::Error;
        let e = SavedGame::from_ron("SavedGame(", "t.ron").unwrap_err();
        assert!(e.source().is_some(), "{e}");
        let p = puzzle("english");
        let mut bad = Record::new(p.start.clone()).to_saved(&p);
        bad.jumps = vec!["3,3-3,5".into()];
        let e = bad.restore().unwrap_err();
        assert_eq!(
            e.source().map(|s| s.to_string()),
            Some("there is no peg at 3,3 to jump with".to_string())
        );
    }

    #[test]
    fn saving_is_atomic_and_a_failed_save_is_an_error_not_a_file() {
        let dir = pegsol_testkit::scratch::Scratch::new("saved");
        let p = puzzle("english");
        let saved = Record::new(p.start.clone()).to_saved(&p);
        let path = dir.join("game.ron");
        saved.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(SavedGame::from_ron(&text, "game.ron").unwrap(), saved);
        let missing = dir.join("no-such-folder").join("game.ron");
        let e = saved.save(&missing).unwrap_err();
        assert!(matches!(e, SaveError::Write { .. }), "{e}");
        assert!(e.to_string().contains("cannot write"), "{e}");
        assert!(!missing.exists());
    }

    const README_EXAMPLE: &str = r#"SavedGame(
    layout: Layout(name: "English", rows: [
        "    o o o    ",
        "    o o o    ",
        "o o o o o o o",
        "o o o . o o o",
        "o o o o o o o",
        "    o o o    ",
        "    o o o    ",
    ], finish: Anywhere),
    jumps: ["3,1-3,3", "1,2-3,2"],
    current: 2,   // how many are played; the rest can be redone
)"#;

    #[test]
    fn the_readme_saved_game_with_a_plain_current_loads() {
        let (_, record) = SavedGame::read(README_EXAMPLE, "readme").unwrap();
        assert_eq!(record.index(), 2);
        let explicit = README_EXAMPLE.replace("current: 2,", "current: Some(1),");
        assert_eq!(SavedGame::read(&explicit, "t").unwrap().1.index(), 1);
    }

    #[test]
    fn a_saved_game_with_a_byte_order_mark_and_crlf_loads() {
        let text = format!("\u{feff}{}", README_EXAMPLE.replace('\n', "\r\n"));
        assert!(SavedGame::looks_like(&text));
        assert_eq!(SavedGame::read(&text, "t").unwrap().1.index(), 2);
    }

    #[test]
    fn a_negative_cell_in_a_jump_is_named() {
        let text = README_EXAMPLE.replace("\"3,1-3,3\"", "\"-1,3-1,3\"");
        let e = SavedGame::read(&text, "t").unwrap_err().to_string();
        assert!(e.contains("jump 1: `-1,3` is not a cell"), "{e}");
    }

    #[test]
    fn a_board_problem_in_a_saved_game_names_its_line_and_column() {
        let text = README_EXAMPLE.replace("\"o o o . o o o\"", "\"o o o x o o o\"");
        let e = SavedGame::read(&text, "g.ron").unwrap_err().to_string();
        assert!(e.contains("g.ron:6:16: row 3, character 6"), "{e}");
    }

    #[test]
    fn control_characters_in_a_saved_game_are_escaped_in_messages() {
        let text = README_EXAMPLE.replace("\"3,1-3,3\"", "\"\\u{1b}[2J\"");
        let e = SavedGame::read(&text, "t").unwrap_err().to_string();
        assert!(!e.contains('\u{1b}') && e.contains("\\u{1b}"), "{e:?}");
    }
}
