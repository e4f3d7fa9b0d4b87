//! The play session: everything a front end does to a game in play goes through here, so the
//! window and the terminal game hold one and draw it, and neither decides anything about the
//! game (Simon Tatham's mid-end).
//!
//! Owns [`PlaySession`]: the game ([`Game`]: board, record, where it came from), its
//! history's commands (play, undo, redo, restart, the timeline, loading a solution), the
//! replay's pacing ([`replay`]), the background advisor and the hints asked of it
//! ([`hints`]: when a hint is due, the one positions counter), the game clock and which games
//! count in the figures ([`clock`]), the solve presets ([`presets`]), the random-puzzle rule
//! (undo at its start goes back to the game it was opened over) and taking another game up
//! through the game store. Front ends keep only what is theirs: the cursor's look, the
//! words' decoration, the widgets. Times are seconds on the front end's monotonic clock.

pub mod clock;
pub mod hints;
pub mod presets;
pub mod replay;
#[cfg(test)]
mod tests;

use super::store::GameStore;
use super::{BoardKey, Game, GameId, Record};
pub use clock::{Clocks, Finish, GameClock};
pub use hints::Hints;
use pegsol_rules::{move_ends, Jump, JumpError, Position};
use pegsol_solver::services::advisor::{Advisor, DEFAULT_EFFORT};
pub use replay::{Replay, SPEEDS};

/// What undo did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// A jump was taken back, or a restart (the game before it is back).
    Step,
    /// At the start of a game opened over another (a random puzzle): that game is back, and
    /// the line says so.
    BackTo(String),
    /// There was nothing to undo.
    Nothing,
}

/// Why a solution cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// It starts from a position this game never had at its start or now.
    #[error("this solution starts from another position: go back to it or solve again")]
    OtherStart,
    /// Jump `index` (1-based) does not apply.
    #[error("jump {index} of the solution does not apply here: {error}")]
    Illegal {
        /// 1-based.
        index: usize,
        /// Why.
        error: JumpError,
    },
}

/// What happened on a [`PlaySession::tick`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ticked {
    /// The replay played this jump.
    pub stepped: Option<Jump>,
    /// The replay reached the end of the timeline (and stopped).
    pub replay_ended: bool,
    /// A hint asked for while the advisor was working is due now: its advice, to say.
    pub hint: Option<pegsol_solver::services::advice::Advice>,
    /// Anything changed that a front end draws (the advisor's news included).
    pub changed: bool,
}

/// The play session (see the module docs).
pub struct PlaySession {
    game: Game,
    advisor: Advisor,
    hints: Hints,
    replay: Replay,
    clocks: Clocks,
    /// The solver's line as loaded on the timeline (where it starts, and its jumps): a win
    /// along it is the solver's, not the person's.
    solver_line: Option<(usize, Vec<Jump>)>,
    /// Whether the advisor is asked about every position (off for sessions that only keep
    /// games: tests of the history, and a store's own checks).
    advise: bool,
}

impl PlaySession {
    /// A session playing `game`, its advisor thinking up to the default effort and waking
    /// no one (see [`PlaySession::set_wake`]).
    pub fn new(game: Game) -> PlaySession {
        PlaySession::make(game, true)
    }

    /// A session that never asks the advisor (no background thread): for tests of the
    /// history and the store, which run thousands of games.
    pub fn quiet(game: Game) -> PlaySession {
        PlaySession::make(game, false)
    }

    fn make(game: Game, advise: bool) -> PlaySession {
        let mut session = PlaySession {
            game,
            advisor: Advisor::new(DEFAULT_EFFORT, || {}),
            hints: Hints::default(),
            replay: Replay::default(),
            clocks: Clocks::default(),
            solver_line: None,
            advise,
        };
        session.position_changed(0.0);
        session
    }

    /// Calls `wake` whenever background work has news (the window asks for a repaint).
    pub fn set_wake(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        self.advisor.set_wake(wake);
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game in play, for the game store (which may give it a new identity when another
    /// copy of Pegsol changed it meanwhile: the clock follows).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Keeps the game in `store` (see [`GameStore::keep`]), its clock following a new
    /// identity.
    pub fn keep(&mut self, store: &mut GameStore) -> Result<(), super::store::StoreError> {
        let id = self.game.id;
        let kept = store.keep(&mut self.game);
        self.clocks.renamed(id, self.game.id);
        kept
    }

    /// Writes the game and every other change to `store` now ([`GameStore::sync`]).
    pub fn sync(&mut self, store: &mut GameStore) -> Result<(), super::store::StoreError> {
        let id = self.game.id;
        let synced = store.sync(&mut self.game);
        self.clocks.renamed(id, self.game.id);
        synced
    }

    /// The record of the game in play.
    pub fn record(&self) -> &Record {
        &self.game.record
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.game.record.position()
    }

    /// The background advisor ("still winnable?", hints).
    pub fn advisor(&self) -> &Advisor {
        &self.advisor
    }

    /// The background advisor, to change its settings (effort, judging every jump).
    pub fn advisor_mut(&mut self) -> &mut Advisor {
        &mut self.advisor
    }

    /// The replay clock.
    pub fn replay(&self) -> Replay {
        self.replay
    }

    /// Whether the replay is playing.
    pub fn is_replaying(&self) -> bool {
        self.replay.playing
    }

    /// After any change of position at `now`: the advisor is asked about the new one, and
    /// the clock runs or stops.
    fn position_changed(&mut self, now: f64) {
        let goal = self.game.puzzle.goal;
        if self.advise {
            self.advisor.ask(self.game.record.position(), goal);
        }
        self.clocks.settle(&self.game, now);
    }

    /// Plays the person's `jump` at `now`: the replay stops, the rest of the timeline goes.
    /// Returns the game's end when this jump ended it (for the figures), or why the jump
    /// cannot be played (nothing changes then).
    pub fn play(&mut self, jump: Jump, now: f64) -> Result<Option<Finish>, JumpError> {
        self.game.record.play(jump)?;
        self.replay.pause();
        let finish = self.clocks.jumped(&self.game, now);
        self.position_changed(now);
        Ok(finish)
    }

    /// Whether undo does anything: a step to take back, or at the start of a game opened over
    /// another (a random puzzle), going back to that game.
    pub fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    /// Takes back the last step; at the start of a random puzzle goes back, through `store`,
    /// to the game it was opened over.
    pub fn undo(&mut self, store: &mut GameStore, now: f64) -> Undone {
        self.replay.pause();
        if self.game.record.undo() {
            self.position_changed(now);
            return Undone::Step;
        }
        let Some(key) = self.game.replaced.clone() else {
            return Undone::Nothing;
        };
        match self.open_key(store, &key, now) {
            Some(said) => Undone::BackTo(said),
            None => Undone::Nothing,
        }
    }

    /// Puts back the last step undone; returns whether there was one.
    pub fn redo(&mut self, now: f64) -> bool {
        self.replay.pause();
        let redone = self.game.record.redo();
        if redone {
            self.position_changed(now);
        }
        redone
    }

    /// Restarts the game, undoably; returns whether there was anything to take back.
    pub fn restart(&mut self, now: f64) -> bool {
        self.replay.pause();
        let restarted = self.game.record.restart();
        if restarted {
            self.position_changed(now);
        }
        restarted
    }

    /// Moves along the timeline to `index` (clamped); returns whether the board changed.
    pub fn goto(&mut self, index: usize, now: f64) -> bool {
        self.replay.pause();
        self.go(index, now)
    }

    /// Moves along the timeline without touching the replay.
    fn go(&mut self, index: usize, now: f64) -> bool {
        let before = self.game.record.index();
        let changed = self.game.record.goto(index) != before;
        if changed {
            self.position_changed(now);
        }
        changed
    }

    /// One jump forward or back on the timeline; returns the jump played going forward (the
    /// front ends animate it), or whether anything moved going back (as `Some`).
    pub fn step(&mut self, forward: bool, now: f64) -> Option<Jump> {
        self.replay.pause();
        self.step_on(forward, now)
    }

    fn step_on(&mut self, forward: bool, now: f64) -> Option<Jump> {
        let index = self.game.record.index();
        if forward {
            self.go(index + 1, now)
                .then(|| self.game.record.played().last().copied())
                .flatten()
        } else {
            let last = self.game.record.played().last().copied();
            (index > 0 && self.go(index - 1, now))
                .then_some(last)
                .flatten()
        }
    }

    /// One move forward or back on the timeline: to the next or previous place where one
    /// peg's chain of jumps ends. Returns the last jump played going forward (to animate).
    pub fn step_move(&mut self, forward: bool, now: f64) -> Option<Jump> {
        self.replay.pause();
        let record = &self.game.record;
        let (index, ends) = (record.index(), move_ends(record.jumps()));
        let target = if forward {
            ends.into_iter().find(|&e| e > index)
        } else {
            std::iter::once(0).chain(ends).rev().find(|&e| e < index)
        }?;
        self.go(target, now);
        let record = &self.game.record;
        (forward && record.index() == target)
            .then(|| record.played().last().copied())
            .flatten()
    }

    /// Starts or pauses the replay of the timeline. At its end, playing means playing it again
    /// from the start. Returns whether it plays now; `false` with nothing to play.
    pub fn toggle_replay(&mut self, now: f64) -> bool {
        if self.replay.playing {
            self.replay.pause();
            return false;
        }
        let record = &self.game.record;
        if record.index() >= record.jumps().len() {
            self.go(0, now);
        }
        let record = &self.game.record;
        if record.index() < record.jumps().len() {
            self.replay.play(now);
        }
        self.replay.playing
    }

    /// Pauses the replay.
    pub fn pause_replay(&mut self) {
        self.replay.pause();
    }

    /// Sets the replay's speed to [`SPEEDS`]`[i]`.
    pub fn set_replay_speed(&mut self, i: usize) {
        self.replay.set_speed(i);
    }

    /// Once in a while (every frame, or a few times a second): takes in the advisor's news,
    /// says a hint that was waiting for it, and plays the replay's jump that is due at `now`.
    pub fn tick(&mut self, now: f64) -> Ticked {
        let mut ticked = Ticked {
            changed: self.advisor.poll(),
            ..Ticked::default()
        };
        let goal = self.game.puzzle.goal;
        if self.advise {
            self.advisor.ask(self.game.record.position(), goal);
        }
        if self.hint_due() {
            ticked.hint = Some(self.hint_now());
            ticked.changed = true;
        }
        ticked.changed |= self.advisor.thinking(self.game.record.position(), goal);
        if self.replay.due(now) {
            ticked.stepped = self.step_on(true, now);
            let record = &self.game.record;
            if ticked.stepped.is_none() || record.index() >= record.jumps().len() {
                self.replay.pause();
                ticked.replay_ended = true;
            }
            ticked.changed = true;
        }
        ticked
    }

    /// Seconds until the replay's next jump, while it plays (for a front end that sleeps).
    pub fn replay_wait(&self, now: f64) -> Option<f64> {
        self.replay.wait(now)
    }

    /// Puts a solution (its start and jumps) on the timeline after the position it starts
    /// from: here if it was solved from here, else from the game's start, which a restart
    /// (undoable, so the game is never lost) goes back to first. Returns whether it
    /// restarted.
    pub fn load_solution(
        &mut self,
        start: &Position,
        jumps: &[Jump],
        now: f64,
    ) -> Result<bool, LoadError> {
        let record = &self.game.record;
        let restart = record.position() != start;
        if restart && record.start() != start {
            return Err(LoadError::OtherStart);
        }
        // Checked before anything changes, so a refusal leaves the game as it was.
        let mut probe = start.clone();
        for (i, &jump) in jumps.iter().enumerate() {
            probe = probe.try_play(jump).map_err(|error| LoadError::Illegal {
                index: i + 1,
                error,
            })?;
        }
        if restart {
            self.game.record.restart();
        }
        self.game
            .record
            .load_line(jumps)
            .map_err(|(i, error)| LoadError::Illegal {
                index: i + 1,
                error,
            })?;
        self.replay.pause();
        self.solver_line = Some((self.game.record.index(), jumps.to_vec()));
        self.position_changed(now);
        Ok(restart)
    }

    /// Whether the game on the board was won by the person rather than by replaying the
    /// solver's line to its end.
    pub fn won_by_player(&self) -> bool {
        let record = &self.game.record;
        if !record.position().is_won(self.game.puzzle.goal) {
            return false;
        }
        let Some((from, line)) = &self.solver_line else {
            return true;
        };
        let played = record.played();
        played.len() < from + line.len() || played.get(*from..*from + line.len()) != Some(line)
    }

    /// The game clock at `now` (see [`clock`]).
    pub fn clock(&self, now: f64) -> Option<GameClock> {
        self.clocks.clock(&self.game, now)
    }

    /// The window or terminal gained (`true`) or lost the focus at `now`: the clock runs only
    /// with it.
    pub fn set_focus(&mut self, focused: bool, now: f64) {
        if focused != self.clocks.focused() {
            self.clocks.set_focus(focused, &self.game, now);
        }
    }

    /// After the game in [`PlaySession::game_mut`] was replaced by another (the store opened
    /// another board or game): the replay, the hint and the solver's line were about the old
    /// one, and the old game's clock stops.
    pub fn took_up(&mut self, now: f64) {
        self.replay.pause();
        self.hints = Hints::default();
        self.solver_line = None;
        self.position_changed(now);
    }

    /// Opens `wanted` through `store` in place of the game in play, which goes back into the
    /// store (see [`GameStore::open`]). Returns what to say.
    pub fn open(&mut self, store: &mut GameStore, wanted: Game, now: f64) -> Option<String> {
        let said = store.open(&mut self.game, wanted);
        self.took_up(now);
        said
    }

    /// Opens something new the person asked for (a random puzzle) over the game in play (see
    /// [`GameStore::open_new`]): undo at its start comes back.
    pub fn open_new(&mut self, store: &mut GameStore, wanted: Game, now: f64) -> Option<String> {
        let said = store.open_new(&mut self.game, wanted);
        self.took_up(now);
        said
    }

    /// Switches to the kept game `id` (see [`GameStore::switch`]); returns whether it did.
    pub fn switch(&mut self, store: &mut GameStore, id: GameId, now: f64) -> bool {
        let switched = store.switch(&mut self.game, id);
        if switched {
            self.took_up(now);
        }
        switched
    }

    /// Opens the board `key`'s kept game (see [`GameStore::open_key`]).
    pub fn open_key(&mut self, store: &mut GameStore, key: &BoardKey, now: f64) -> Option<String> {
        let said = store.open_key(&mut self.game, key)?;
        self.took_up(now);
        Some(said)
    }

    /// Plays `game` instead of the one in play, which is dropped: for a front end with no
    /// store to put it back in (the terminal's `play_solution`) and for tests.
    pub fn replace(&mut self, game: Game, now: f64) {
        self.game = game;
        self.took_up(now);
    }

    /// The finish the game aims for changed (the solver panel's finish): the hint is about
    /// the old goal.
    pub fn set_goal(&mut self, goal: pegsol_rules::Goal, now: f64) {
        self.game.puzzle.goal = goal;
        self.hints = Hints::default();
        self.position_changed(now);
    }
}
