//! The mid-end, shared by the window, the terminal game and the command line: the game record
//! ([`Record`]: a start position and every line of jumps played from it, with unlimited undo,
//! redo and restart, right by construction), the game in
//! play ([`Game`]), the saved-game file format ([`saved`]), opening a board or game file
//! ([`mod@open`]), the game store that keeps every game a person plays ([`store`]) and the
//! one way Pegsol's own data files are read and written ([`datafile`]), and the named
//! problems as games with their solved marks ([`problems`]).
//!
//! No user interface and no threads. Everything read from a file is checked by replaying it
//! with [`pegsol_rules::Position::try_play`], so a hostile file is refused with a message and never panics.

pub mod datafile;
pub mod game;
mod history;
pub mod open;
pub mod problems;
pub mod saved;
pub mod session;
pub mod stats;
pub mod store;

pub use game::{BoardKey, Game, GameId, Source};
pub use open::{open, OpenError, Opened};
pub use saved::{RestoreError, SavedGame, SavedLine};
pub use session::PlaySession;
pub use store::GameStore;

pub use history::Record;

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::{catalogue, Puzzle};
    use pegsol_rules::{Jump, JumpError};

    /// A catalogue board as a puzzle (for the record's tests, here and in its files).
    pub(super) fn puzzle(key: &str) -> Puzzle {
        catalogue::find(key)
            .unwrap()
            .layout()
            .unwrap()
            .validate()
            .unwrap()
    }

    /// A jump from its text.
    pub(super) fn j(text: &str) -> Jump {
        text.parse().unwrap()
    }

    #[test]
    fn undo_and_redo_walk_the_line() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        assert!(!r.can_undo() && !r.can_redo());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        let after_two = r.position().clone();
        assert!(r.undo() && r.undo());
        assert_eq!(r.position(), &p.start);
        assert!(!r.undo());
        assert_eq!(r.jumps().len(), 2);
        assert_eq!(r.index(), 0);
        assert!(r.redo() && r.redo());
        assert_eq!(r.position(), &after_two);
        assert!(!r.redo());
    }

    #[test]
    fn an_illegal_jump_leaves_the_record_unchanged() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        let before = r.clone();
        assert_eq!(
            r.play(j("3,3-3,5")),
            Err(JumpError::NoPeg(pegsol_rules::Cell { x: 3, y: 3 }))
        );
        assert_eq!(r, before);
    }

    #[test]
    fn a_new_jump_after_undo_drops_the_redo_tail() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        r.undo();
        r.play(j("5,2-3,2")).unwrap();
        assert!(!r.can_redo());
        assert_eq!(r.jumps(), vec![j("3,1-3,3"), j("5,2-3,2")]);
    }

    #[test]
    fn restart_is_undoable_and_redoable() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        assert!(!r.restart(), "nothing to restart at the start");
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        let before = r.position().clone();
        assert!(r.restart());
        assert_eq!(r.position(), &p.start);
        assert_eq!(r.index(), 0);
        assert!(r.undo());
        assert_eq!(r.position(), &before);
        assert_eq!(r.played().len(), 2);
        assert!(r.redo());
        assert_eq!(r.position(), &p.start);
        // A jump after the restart, then undo twice: back before the restart.
        r.play(j("3,5-3,3")).unwrap();
        r.undo();
        r.undo();
        assert_eq!(r.position(), &before);
    }

    /// Issue 53's first case: restart, a jump, then undo, undo, redo, undo, redo played the
    /// first line's jump into a position it was not played from (28 pegs after 2 jumps).
    #[test]
    fn restart_a_jump_then_undo_undo_redo_undo_redo_never_plays_an_illegal_jump() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        r.play(j("3,1-3,3")).unwrap();
        assert!(r.restart());
        r.play(j("5,3-3,3")).unwrap();
        let mut seen = vec![(r.jumps().to_vec(), r.index())];
        for key in [
            "u", "u", "y", "u", "y", "y", "u", "u", "u", "y", "y", "y", "y",
        ] {
            let _ = if key == "u" { r.undo() } else { r.redo() };
            // The board is the start with the line played, each jump legal.
            let mut board = p.start.clone();
            for &jump in r.played() {
                board = board.try_play(jump).expect("every jump played is legal");
            }
            assert_eq!(r.position(), &board, "after {key}");
            assert_eq!(r.position().peg_count() as usize, 32 - r.index());
            seen.push((r.jumps().to_vec(), r.index()));
        }
        // Every state undo and redo reached is one the game had.
        for (jumps, index) in &seen {
            let had = [
                (vec![j("3,1-3,3")], 1),
                (vec![], 0),
                (vec![j("5,3-3,3")], 1),
                (vec![j("5,3-3,3")], 0),
                // The first jump undone: the start, with the jump to redo.
                (vec![j("3,1-3,3")], 0),
            ];
            assert!(
                had.contains(&(jumps.clone(), *index)),
                "{jumps:?} at {index}"
            );
        }
    }

    /// Issue 53's second case: the history across restarts is what the store keeps.
    #[test]
    fn undoing_a_restart_survives_saving_and_reading_the_game_again() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        for t in ["3,1-3,3", "1,2-3,2", "2,4-2,2"] {
            r.play(j(t)).unwrap();
        }
        r.undo();
        assert!(r.restart());
        r.play(j("5,3-3,3")).unwrap();
        r.undo();
        r.undo();
        assert!(r.restart());
        let text = r.to_saved(&p).to_ron().unwrap();
        let (_, mut back) = SavedGame::read(&text, "t").unwrap();
        assert_eq!(back, r);
        assert!(back.undo(), "undo brings the game before the restart back");
        assert_eq!((back.index(), back.jumps().len()), (2, 3));
        // Redo brings the restart back (undo then redo comes back to where it was)...
        assert!(back.redo());
        assert_eq!(back.position(), &p.start);
        assert!(!back.redo());
        // ... and the line before it keeps its tail: step along its timeline to replay it.
        assert!(back.undo());
        assert_eq!(back.goto(3), 3);
        assert!(
            back.redo(),
            "at the line's end, redo brings the restart back"
        );
        assert_eq!(back.position(), &p.start);
    }

    #[test]
    fn restart_then_undo_keeps_the_redo_tail() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        r.play(j("3,1-3,3")).unwrap();
        r.play(j("1,2-3,2")).unwrap();
        r.undo();
        assert_eq!((r.index(), r.jumps().len()), (1, 2), "jump 1 of 2");
        let before = r.clone();
        assert!(r.restart());
        assert!(r.undo());
        assert_eq!((r.index(), r.jumps().len()), (1, 2), "jump 1 of 2 again");
        assert_eq!(r.position(), before.position());
        assert_eq!(r.jumps(), before.jumps());
        // Redo brings the restart back (undo then redo comes back); undo takes it back again.
        assert!(r.redo());
        assert_eq!(r.position(), &p.start);
        assert!(r.undo());
        assert_eq!((r.index(), r.jumps().len()), (1, 2));
        // Along the timeline the line's tail is still there, and at its end redo restarts.
        assert_eq!(r.goto(2), 2);
        assert!(r.redo());
        assert_eq!(r.position(), &p.start);
    }

    #[test]
    fn a_peg_jumping_again_is_one_move_and_going_back_takes_the_count_back() {
        // The triangle's fewest-moves solution: 13 jumps in 10 moves, some chains long.
        let p = puzzle("triangle");
        let line = pegsol_solver::uncontrolled(|c| {
            pegsol_solver::engines::moves::fewest_moves(
                &p.start,
                pegsol_rules::Goal::Anywhere,
                Default::default(),
                c,
            )
        });
        let mut r = Record::new(p.start.clone());
        for step in line.jumps() {
            r.play(step).unwrap();
        }
        assert_eq!((r.index(), r.moves()), (13, 10));
        r.goto(0);
        assert_eq!(r.moves(), 0);
        // The first two moves are single jumps.
        r.goto(2);
        assert_eq!(r.moves(), 2);
    }

    #[test]
    fn goto_moves_along_the_timeline_and_clamps() {
        let p = puzzle("english");
        let mut r = Record::new(p.start.clone());
        for t in ["3,1-3,3", "1,2-3,2", "2,4-2,2"] {
            r.play(j(t)).unwrap();
        }
        let end = r.position().clone();
        assert_eq!(r.goto(1), 1);
        assert_eq!(r.position().peg_count(), 31);
        assert_eq!(r.jumps().len(), 3);
        assert_eq!(r.goto(99), 3);
        assert_eq!(r.position(), &end);
        assert_eq!(r.goto(0), 0);
        assert_eq!(r.position(), &p.start);
    }

    #[test]
    fn a_loaded_line_becomes_the_redo_tail_and_a_new_jump_drops_it() {
        let mut record = Record::new(puzzle("0").start);
        let first = record.position().legal_jumps()[0];
        record.play(first).unwrap();
        let line = pegsol_solver::uncontrolled(|c| {
            pegsol_solver::engines::exact::solve(
                record.position(),
                pegsol_rules::Goal::Anywhere,
                Default::default(),
                c,
            )
        })
        .jumps;
        assert!(!line.is_empty());
        record.load_line(&line).unwrap();
        assert_eq!(record.index(), 1);
        assert_eq!(record.jumps().len(), 1 + line.len());
        assert_eq!(record.goto(usize::MAX), 1 + line.len());
        assert_eq!(record.position().peg_count(), 1);
        // Taking over mid-replay: back one jump, play another, the rest is gone.
        record.goto(1);
        let other = record
            .position()
            .legal_jumps()
            .into_iter()
            .find(|&j| j != line[0]);
        if let Some(other) = other {
            record.play(other).unwrap();
            assert_eq!(record.jumps().len(), 2);
            assert!(!record.can_redo());
        }
    }

    #[test]
    fn an_illegal_line_is_refused_and_changes_nothing() {
        let mut record = Record::new(puzzle("0").start);
        let before = record.clone();
        let legal = record.position().legal_jumps()[0];
        assert!(matches!(record.load_line(&[legal, legal]), Err((1, _))));
        assert_eq!(record, before);
    }
}
