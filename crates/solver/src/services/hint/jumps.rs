//! The verdict on each legal jump of a position, for View > Show winning jumps and
//! `pegsol hint`: owns how the budget is shared among the jumps and how winning lines
//! already known decide jumps without a search. The jumps of one position are one question:
//! what the judge learns on one jump serves the next, and nothing from earlier questions
//! does, so the verdicts depend on the position and its answer alone.

use super::judge::{turn, QUICK_BUDGET};
use super::{Answer, Judge, JumpVerdicts};
use crate::Control;
use pegsol_rules::{Goal, Jump, Position};

/// Positions each jump of an open position may examine: the quick search and the first
/// backward turn on up to five finishes (what they got before the judge counted the
/// backward proof's positions too).
const OPEN_JUMP_EFFORT: u64 = QUICK_BUDGET + 5 * turn(0).0;

impl Judge {
    /// Each legal jump of `position` and whether the goal stays reachable after it, given
    /// the position's own `answer`: after a lost position every jump loses, and the winning
    /// line's first jump wins without a search.
    pub fn judge_jumps(
        &mut self,
        position: &Position,
        goal: Goal,
        answer: &Answer,
        control: &mut Control,
    ) -> Vec<(Jump, Option<bool>)> {
        self.judge_jumps_with_lines(position, goal, answer, control)
            .0
    }

    /// [`Judge::judge_jumps`], and for each jump found winning a winning line from
    /// `position` that starts with it (so the position after any of those jumps can be
    /// answered without a search).
    pub fn judge_jumps_with_lines(
        &mut self,
        position: &Position,
        goal: Goal,
        answer: &Answer,
        control: &mut Control,
    ) -> (JumpVerdicts, Vec<Vec<Jump>>) {
        self.forget();
        let mut out = Vec::new();
        // Each jump gets an eighth of the budget (a quarter of the first rounds' before the
        // judge counted the backward proofs' positions too): a position has several, and a verdict
        // left unknown on one jump is drawn as such rather than holding up the others. After
        // a position the whole budget left undecided, each jump gets the cheap proofs and
        // the quick search only: a jump that loses for a simple reason is still marked, and
        // the rest, which long searches would almost surely leave undecided too, are
        // unknown at once. On the hint bench's six undecided positions (level 6, Wiegleb)
        // every jump gets the verdict it got with a quarter of the budget each, and level
        // 6's three have all their jumps coloured in 1.0-1.2 s instead of 2.6-4.3 s.
        let quick = OPEN_JUMP_EFFORT.min(self.budget);
        let each = match answer {
            Answer::Unknown(_) => quick,
            _ => (self.budget / 8).max(quick),
        };
        // Winning lines from `position` known so far: the position's own, then each winning
        // jump's. A jump that one of them plays later often wins played first (the jumps
        // before it touch other cells), which a replay shows at once: on a 36-peg middle
        // game of level 6 that turns most of the jumps a search left undecided into wins.
        let mut lines: Vec<Vec<Jump>> = match answer {
            Answer::Winnable(line) if !line.is_empty() => vec![line.clone()],
            _ => Vec::new(),
        };
        let replayed = |lines: &[Vec<Jump>], jump: Jump| {
            lines
                .iter()
                .find_map(|l| played_first(position, l, jump, goal))
        };
        for jump in position.legal_jumps() {
            let verdict = match answer {
                Answer::Lost(_) => Some(false),
                Answer::Winnable(line) if line.first() == Some(&jump) => Some(true),
                _ => match replayed(&lines, jump) {
                    Some(line) => {
                        lines.push(line);
                        Some(true)
                    }
                    None if control.cancelled() => None,
                    None => {
                        let mut child = position.clone();
                        child.play_unchecked(jump);
                        let child_answer = self.sub_question(&child, goal, each, control);
                        if let Answer::Winnable(line) = &child_answer {
                            lines.push(std::iter::once(jump).chain(line.iter().copied()).collect());
                        }
                        child_answer.known()
                    }
                },
            };
            out.push((jump, verdict));
        }
        // Jumps judged before a later jump's winning line was found get that line too.
        for (jump, verdict) in &mut out {
            if verdict.is_none() {
                if let Some(line) = replayed(&lines, *jump) {
                    lines.push(line);
                    *verdict = Some(true);
                }
            }
        }
        self.forget();
        // One line per winning jump, the first found.
        let mut won: Vec<Vec<Jump>> = Vec::new();
        for line in lines {
            if !won.iter().any(|w| w.first() == line.first()) {
                won.push(line);
            }
        }
        (out, won)
    }
}

/// `answer`, or when it is unknown and a jump was found winning, winnable by that jump's
/// line (`lines`: the winning jumps' lines, as [`Judge::judge_jumps_with_lines`] gives them).
pub fn decided_by_a_jump(answer: Answer, lines: &[Vec<Jump>]) -> Answer {
    match (answer, lines.first()) {
        (Answer::Unknown(_), Some(line)) => Answer::Winnable(line.clone()),
        (answer, _) => answer,
    }
}

/// `line` (a winning line from `position`) with `jump` played first and one of its places
/// in `line` left out, when that replays to the goal: checked by replaying, so it is never
/// wrong, only sometimes unable to tell.
fn played_first(position: &Position, line: &[Jump], jump: Jump, goal: Goal) -> Option<Vec<Jump>> {
    let child = position.try_play(jump).ok()?;
    line.iter()
        .enumerate()
        .filter(|&(_, &j)| j == jump)
        .find_map(|(k, _)| {
            let mut p = child.clone();
            let mut reordered = vec![jump];
            for (i, &j) in line.iter().enumerate() {
                if i != k {
                    p = p.try_play(j).ok()?;
                    reordered.push(j);
                }
            }
            p.is_won(goal).then_some(reordered)
        })
}
