//! The game clock: how long the person has been playing the game on the board, counted only
//! while it is on screen and the window or terminal has the focus, and which finished games
//! count in the figures.
//!
//! Owns [`Clocks`] (one clock per game, by its identity, for this run) and [`Finish`] (a game
//! the person ended, to count). A clock runs from the person's first jump from the start to
//! the end of the game; it is shown only while every jump on the board is the person's own,
//! made in this run (a solution stepped through or a game resumed from a file has no known
//! time). Opening another board stops the clock of the game put away, and taking that game
//! up again goes on from where it stood: time spent elsewhere is never counted. Times are
//! seconds on the front end's monotonic clock.

use crate::{Game, GameId};
use pegsol_rules::Jump;
use std::collections::HashMap;

/// The clock of the game in play, for the status line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameClock {
    /// Seconds of play from the person's first jump (to the game's end, once it ended).
    pub seconds: f64,
    /// Whether it still runs (the game is not over and has the focus).
    pub running: bool,
}

/// A game the person just ended with a jump of their own, the whole game being theirs: what
/// the figures count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// Whether it was won.
    pub won: bool,
    /// The pegs left.
    pub pegs: u32,
    /// Seconds of play, if the clock knows them.
    pub seconds: Option<f64>,
}

/// What is known of one game this run.
#[derive(Clone, Debug, Default)]
struct Tracked {
    /// The jumps the person made, from the start, as far as they are the line played.
    own: Vec<Jump>,
    /// Seconds counted before `since`.
    counted: f64,
    /// Running since (front end seconds), while it runs.
    since: Option<f64>,
    /// Whether the game's end is counted already (undoing the last jump and making it again
    /// is not another game).
    finished: bool,
}

impl Tracked {
    fn seconds(&self, now: f64) -> f64 {
        self.counted + self.since.map_or(0.0, |s| (now - s).max(0.0))
    }

    fn stop(&mut self, now: f64) {
        self.counted = self.seconds(now);
        self.since = None;
    }

    /// Whether every jump played on `game`'s board is the person's own.
    fn owns(&self, played: &[Jump]) -> bool {
        !played.is_empty() && self.own.len() >= played.len() && self.own[..played.len()] == *played
    }
}

/// Every game's clock this run, and whether the front end has the focus.
#[derive(Debug)]
pub struct Clocks {
    games: HashMap<GameId, Tracked>,
    /// Whether the window or terminal has the focus.
    focused: bool,
}

impl Default for Clocks {
    fn default() -> Clocks {
        Clocks {
            games: HashMap::new(),
            focused: true,
        }
    }
}

impl Clocks {
    /// Takes in a jump the person just made on `game` (played already) at `now`. Returns
    /// the game's end when this jump ended it, the whole game being the person's and its end
    /// not counted before.
    pub fn jumped(&mut self, game: &Game, now: f64) -> Option<Finish> {
        let played = game.record.played();
        let before = played.len().checked_sub(1)?;
        let tracked = self.games.entry(game.id).or_default();
        let all_own = tracked.own.len() >= before && tracked.own[..before] == played[..before];
        if before == 0 {
            // A first jump from the start: a new game, its clock starting now.
            *tracked = Tracked::default();
        } else if !all_own {
            // A jump after jumps that were not the person's (a loaded solution, a resumed
            // game): this game's time is not known.
            *tracked = Tracked::default();
            return None;
        }
        tracked.own.truncate(before);
        tracked.own.push(played[before]);
        self.settle(game, now);
        let position = game.record.position();
        let won = position.is_won(game.puzzle.goal);
        let tracked = self.games.get_mut(&game.id)?;
        if tracked.finished || !(won || position.is_stuck()) {
            return None;
        }
        tracked.finished = true;
        Some(Finish {
            won,
            pegs: position.peg_count(),
            seconds: Some(tracked.seconds(now)),
        })
    }

    /// Runs `game`'s clock or stops it, as it should be at `now`: running while the game on
    /// the board is the person's own, not over, and the front end has the focus. Every other
    /// game's clock is stopped. Call after anything that changes the game or the focus.
    pub fn settle(&mut self, game: &Game, now: f64) {
        let position = game.record.position();
        let over = position.is_won(game.puzzle.goal) || position.is_stuck();
        let played = game.record.played();
        for (id, tracked) in &mut self.games {
            let run = *id == game.id && self.focused && !over && tracked.owns(played);
            match (run, tracked.since) {
                (true, None) => tracked.since = Some(now),
                (false, Some(_)) => tracked.stop(now),
                _ => {}
            }
        }
    }

    /// The front end gained (`true`) or lost the focus at `now`, `game` being on the board.
    pub fn set_focus(&mut self, focused: bool, game: &Game, now: f64) {
        self.focused = focused;
        self.settle(game, now);
    }

    /// Whether the front end has the focus, as last told.
    pub fn focused(&self) -> bool {
        self.focused
    }

    /// The clock of `game` at `now`, or `None` when it has no jump yet or is not wholly the
    /// person's own.
    pub fn clock(&self, game: &Game, now: f64) -> Option<GameClock> {
        let tracked = self.games.get(&game.id)?;
        if !tracked.owns(game.record.played()) {
            return None;
        }
        Some(GameClock {
            seconds: tracked.seconds(now),
            running: tracked.since.is_some(),
        })
    }

    /// `game` now goes on under identity `to` (the store gave it a new one): its clock too.
    pub fn renamed(&mut self, from: GameId, to: GameId) {
        if from != to {
            if let Some(tracked) = self.games.remove(&from) {
                self.games.insert(to, tracked);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::from_catalogue("0").expect("level 0")
    }

    #[test]
    fn time_spent_on_another_board_is_not_counted() {
        let mut clocks = Clocks::default();
        let mut level0 = game();
        let first = level0.record.position().legal_jumps()[0];
        level0.record.play(first).unwrap();
        assert_eq!(clocks.jumped(&level0, 10.0), None);
        // At 11 s another board is opened, for 45 s.
        let other = Game::from_catalogue("2").expect("level 2");
        clocks.settle(&other, 11.0);
        assert_eq!(clocks.clock(&level0, 56.0).map(|c| c.running), Some(false));
        clocks.settle(&level0, 56.0);
        let clock = clocks.clock(&level0, 57.0).unwrap();
        assert_eq!((clock.seconds, clock.running), (2.0, true));
    }

    #[test]
    fn time_without_the_focus_is_not_counted_and_a_win_stops_the_clock() {
        let mut clocks = Clocks::default();
        let mut g = game();
        let jump = g.record.position().legal_jumps()[0];
        g.record.play(jump).unwrap();
        clocks.jumped(&g, 0.0);
        clocks.set_focus(false, &g, 5.0);
        clocks.set_focus(true, &g, 65.0);
        assert_eq!(clocks.clock(&g, 66.0).unwrap().seconds, 6.0);
        // Play on to the end: the clock stops there, and the end is counted once.
        let mut finish = None;
        while let Some(&jump) = g.record.position().legal_jumps().first() {
            g.record.play(jump).unwrap();
            finish = clocks.jumped(&g, 70.0).or(finish);
        }
        let finish = finish.expect("an end");
        assert_eq!(finish.seconds, Some(10.0));
        assert_eq!(clocks.clock(&g, 99.0).unwrap().seconds, 10.0);
        assert!(!clocks.clock(&g, 99.0).unwrap().running);
    }

    #[test]
    fn a_game_with_jumps_not_the_persons_has_no_clock() {
        let mut clocks = Clocks::default();
        let mut g = game();
        let line = g.record.position().legal_jumps();
        g.record.load_line(&line[..1]).unwrap();
        g.record.goto(1);
        clocks.settle(&g, 0.0);
        assert_eq!(clocks.clock(&g, 5.0), None);
    }
}
