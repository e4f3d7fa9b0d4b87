//! The replay's pacing: playing the timeline a jump at a time, how fast, and when the next
//! jump is due. One clock for the window's Autoplay and the terminal game's `p`.
//!
//! Owns [`Replay`] and [`SPEEDS`]. Times are seconds on the front end's own monotonic clock
//! (egui's input time, or seconds since the terminal game started): the pacing never reads
//! the system clock itself, so tests drive it with made-up times.

/// Playback speeds offered, in jumps per second.
pub const SPEEDS: [f32; 5] = [0.5, 1.0, 2.0, 4.0, 8.0];

/// The speed a replay starts at, in jumps per second (one of [`SPEEDS`]).
pub const DEFAULT_SPEED: f32 = 2.0;

/// The replay clock: playing or not, how fast, and when the next jump is due.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replay {
    /// Whether the timeline is playing.
    pub playing: bool,
    /// Jumps per second.
    pub speed: f32,
    /// When the next jump is due (the front end's clock, seconds).
    next_at: f64,
}

impl Default for Replay {
    fn default() -> Replay {
        Replay {
            playing: false,
            speed: DEFAULT_SPEED,
            next_at: 0.0,
        }
    }
}

impl Replay {
    /// Seconds between two jumps at the current speed.
    pub fn step_seconds(&self) -> f64 {
        1.0 / f64::from(self.speed.max(0.1))
    }

    /// Starts playing at `now`: the first jump comes one step later, so the position the
    /// replay starts from is seen.
    pub fn play(&mut self, now: f64) {
        self.playing = true;
        self.next_at = now + self.step_seconds();
    }

    /// Stops playing.
    pub fn pause(&mut self) {
        self.playing = false;
    }

    /// Whether a jump is due at `now`; if so, schedules the next one.
    pub fn due(&mut self, now: f64) -> bool {
        if !self.playing || now < self.next_at {
            return false;
        }
        self.next_at = now + self.step_seconds();
        true
    }

    /// Seconds until the next jump, while playing.
    pub fn wait(&self, now: f64) -> Option<f64> {
        self.playing.then(|| (self.next_at - now).max(0.0))
    }

    /// Sets the speed to `SPEEDS[i]`, if there is such a speed.
    pub fn set_speed(&mut self, i: usize) {
        if let Some(&speed) = SPEEDS.get(i) {
            self.speed = speed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_steps_once_per_interval_and_not_while_paused() {
        let mut replay = Replay::default();
        assert!(!replay.due(10.0), "not playing");
        replay.play(10.0);
        assert!(!replay.due(10.0), "the start is seen first");
        assert!(replay.due(10.5));
        assert!(!replay.due(10.7));
        assert_eq!(replay.wait(10.7).map(|w| (w * 10.0).round()), Some(3.0));
        assert!(replay.due(11.0));
        replay.pause();
        assert!(!replay.due(20.0));
        assert_eq!(replay.wait(20.0), None);
        replay.set_speed(4);
        assert_eq!(replay.speed, 8.0);
        replay.set_speed(99);
        assert_eq!(replay.speed, 8.0, "no such speed: unchanged");
    }
}
