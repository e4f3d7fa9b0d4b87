//! Where a meeting by moves ([`super::meet`]) is, for a progress line: a pass over a side's
//! last level takes minutes to an hour on Wiegleb's board, and "120,541,272 expanded" alone
//! says neither how far the pass is nor what the levels have proved so far.

use crate::budget::grouped;
use crate::system_memory::size_text;

/// A snapshot of the meeting, taken during a pass over one side's last level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeetStatus {
    /// Whether the pass expands the forward side (else the backward side, moves undone).
    pub forward: bool,
    /// Whether the pass only looks its next level up in the other side, past what memory
    /// can hold, instead of keeping it.
    pub looking_through: bool,
    /// Moves from the start of the last forward level held.
    pub forward_moves: u32,
    /// Moves to a finish of the last backward level held.
    pub backward_moves: u32,
    /// Positions of the level the pass expands.
    pub expanding: u64,
    /// Of those, how many are expanded so far.
    pub done: u64,
    /// Positions held on both sides.
    pub held: u64,
    /// Bytes the levels held take.
    pub memory: u64,
    /// Moves every solution takes at least, proven by the levels held.
    pub at_least: u32,
    /// Once the levels stop short of a meeting: where the beam looking for a solution is
    /// (the pass fields above then describe the last pass, which is over).
    pub beam: Option<BeamStatus>,
}

/// Where the beam is ([`super::beam`]): after the levels stop short of a meeting, a search
/// for a solution (not a proof) from a forward level into the backward ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeamStatus {
    /// The forward level it started from.
    pub from: u32,
    /// Moves it has gone past that level.
    pub moves: u32,
    /// Positions it keeps a level, at most.
    pub width: u64,
}

impl BeamStatus {
    /// For people: `a beam from forward level 11, 6 moves on, 200,000 positions a level`.
    pub fn text(&self) -> String {
        format!(
            "a beam from forward level {}, {} moves on, {} positions a level",
            self.from,
            self.moves,
            grouped(&self.width.to_string())
        )
    }
}

impl MeetStatus {
    /// The side the pass expands, and the number of the level it makes or looks through:
    /// `("forward", 14)`.
    pub fn growing(&self) -> (&'static str, u32) {
        if self.forward {
            ("forward", self.forward_moves + 1)
        } else {
            ("backward", self.backward_moves + 1)
        }
    }

    /// What the pass does with that level: "making" it, or only "looking through" it.
    pub fn doing(&self) -> &'static str {
        if self.looking_through {
            "looking through"
        } else {
            "making"
        }
    }

    /// The share of the last level expanded so far, from 0 to 1.
    pub fn fraction_done(&self) -> f64 {
        if self.expanding == 0 {
            0.0
        } else {
            self.done.min(self.expanding) as f64 / self.expanding as f64
        }
    }

    /// One line for people: `meeting in the middle: making forward level 14 (38% of
    /// 462,811,168), backward 7 held; 1,234,567,890 positions in 4.1 GiB; every solution
    /// takes at least 21 moves`.
    pub fn line(&self) -> String {
        if let Some(beam) = self.beam {
            return format!(
                "meeting in the middle: levels held forward {}, backward {}; {} positions in \
                 {}; every solution takes at least {} moves; looking for a solution by {}",
                self.forward_moves,
                self.backward_moves,
                grouped(&self.held.to_string()),
                size_text(self.memory),
                self.at_least,
                beam.text()
            );
        }
        let (side, next) = self.growing();
        let (other, other_moves) = if self.forward {
            ("backward", self.backward_moves)
        } else {
            ("forward", self.forward_moves)
        };
        // Rounded down, as the bar is: 100% only once the level is done.
        let share = (self.fraction_done() * 100.0) as u32;
        format!(
            "meeting in the middle: {} {side} level {next} ({share}% of {}), \
             {other} {other_moves} held; {} positions in {}; every solution takes at least \
             {} moves",
            self.doing(),
            grouped(&self.expanding.to_string()),
            grouped(&self.held.to_string()),
            size_text(self.memory),
            self.at_least,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_level_made_how_far_and_the_bound() {
        let status = MeetStatus {
            forward: true,
            looking_through: false,
            forward_moves: 13,
            backward_moves: 7,
            expanding: 462_811_168,
            done: 180_000_000,
            held: 1_234_567_890,
            memory: 4 << 30,
            at_least: 21,
            beam: None,
        };
        let line = status.line();
        assert!(
            line.contains("making forward level 14 (38% of 462,811,168)"),
            "{line}"
        );
        assert!(line.contains("backward 7 held"), "{line}");
        assert!(line.contains("1,234,567,890 positions"), "{line}");
        assert!(line.ends_with("at least 21 moves"), "{line}");
        let through = MeetStatus {
            forward: false,
            looking_through: true,
            ..status
        };
        let line = through.line();
        assert!(line.contains("looking through backward level 8"), "{line}");
        assert!(line.contains("forward 13 held"), "{line}");
        let beam = MeetStatus {
            at_least: 22,
            beam: Some(BeamStatus {
                from: 13,
                moves: 4,
                width: 200_000,
            }),
            ..status
        };
        let line = beam.line();
        assert!(
            line.contains("levels held forward 13, backward 7"),
            "{line}"
        );
        assert!(line.contains("at least 22 moves"), "{line}");
        assert!(
            line.ends_with("a beam from forward level 13, 4 moves on, 200,000 positions a level"),
            "{line}"
        );
        assert!(!line.contains("making"), "{line}");
    }
}
