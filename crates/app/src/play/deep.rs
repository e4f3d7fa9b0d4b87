//! "Think it through": once the advisor gives up on a position (its hint effort spent, the
//! answer still unknown), the person may ask the level engine to decide it exhaustively
//! ([`pegsol_solver::engines::whole::decide`], as `pegsol hint --deep`), in the background,
//! with its progress on the status line and a Cancel; the answer is a proof either way, and
//! it colours every jump.
//!
//! Owns that one background job and the last answer (for the position and goal it is
//! about: a jump played or undone moves on from it, and coming back shows it again).

use super::PlayCommand;
use eframe::egui::{self, RichText, Ui};
use pegsol_rules::{Goal, Jump, Position};
use pegsol_solver::budget::grouped;
use pegsol_solver::engines::whole::decide::{decide, Decided};
use pegsol_solver::engines::whole::{Settings, WholeError};
use pegsol_solver::jobs::task::Task;
use pegsol_solver::jobs::worker::Finished;
use pegsol_solver::services::hint::positions_in_words;

/// What a finished job said: the decision, or why there is none.
type Answer = Result<Decided, String>;

/// The "think it through" job and its last answer (see the module docs).
pub struct Deep {
    task: Task<(Position, Goal), Result<Decided, WholeError>>,
    answer: Option<(Position, Goal, Answer)>,
    /// The answer's jumps as the board colours them.
    jumps: Vec<(Jump, Option<bool>)>,
}

impl Default for Deep {
    fn default() -> Deep {
        Deep {
            task: Task::new("pegsol-deep"),
            answer: None,
            jumps: Vec::new(),
        }
    }
}

/// What the status line shows of it for the position on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum DeepShow {
    /// Nothing: the advisor's word stands.
    Nothing,
    /// The advisor could not decide: offer to think it through.
    Offer,
    /// Thinking it through: what the engine is doing.
    Running(String),
    /// Decided (or failed, with why).
    Done(Answer),
}

impl Deep {
    /// Starts deciding `position` for `goal`; `wake` repaints the window when there is news.
    pub fn start(
        &mut self,
        position: &Position,
        goal: Goal,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let p = position.clone();
        self.task.start(
            (position.clone(), goal),
            move |job| {
                job.control(|c| {
                    decide(&p, goal, &Settings::default(), c.cancel_flag(), &mut |s| {
                        // Short: the status line has the clock to keep in view.
                        job.stage(format!(
                            "{} jumps {} of {}, {} positions, {:.0} s",
                            s.phase,
                            s.jumps,
                            s.of,
                            grouped(&s.positions.to_string()),
                            s.elapsed.as_secs_f64()
                        ));
                    })
                })
            },
            wake,
        );
    }

    /// Stops the job (what it found so far is dropped: it is no proof).
    pub fn cancel(&mut self) {
        self.task.clear();
    }

    /// Whether a job is running.
    pub fn busy(&self) -> bool {
        self.task.is_busy()
    }

    /// Takes in a finished job; the words for a notice when it failed.
    pub fn poll(&mut self) -> Option<String> {
        let ((position, goal), finished) = self.task.poll()?;
        let answer = match finished {
            Finished::Done(Ok(d)) => Ok(d),
            Finished::Done(Err(WholeError::Cancelled)) | Finished::Cancelled(_) => return None,
            Finished::Done(Err(e)) => Err(e.to_string()),
            Finished::Failed(why) => Err(format!("the search failed: {why}")),
        };
        self.jumps = match &answer {
            Ok(d) => d.jumps.iter().map(|&(j, w)| (j, Some(w))).collect(),
            Err(_) => Vec::new(),
        };
        let notice = answer
            .as_ref()
            .err()
            .map(|why| format!("Could not think it through: {why}"));
        self.answer = Some((position, goal, answer));
        notice
    }

    /// The answer for `position` and `goal`, if it was thought through.
    pub fn answer(&self, position: &Position, goal: Goal) -> Option<&Answer> {
        match &self.answer {
            Some((p, g, a)) if p == position && *g == goal => Some(a),
            _ => None,
        }
    }

    /// Every legal jump's verdict from the answer for `position`, for the board.
    pub fn jumps(&self, position: &Position, goal: Goal) -> Option<&[(Jump, Option<bool>)]> {
        matches!(self.answer(position, goal), Some(Ok(_))).then_some(&self.jumps[..])
    }

    /// What the status line shows for `position` and `goal`, the advisor having said
    /// `unknown` or not.
    pub fn show(&self, position: &Position, goal: Goal, unknown: bool) -> DeepShow {
        if let Some((p, g)) = self.task.key() {
            if p == position && *g == goal {
                let stage = self.task.snapshot().and_then(|s| s.stage);
                return DeepShow::Running(stage.unwrap_or_else(|| "starting".into()));
            }
        }
        match self.answer(position, goal) {
            Some(a) => DeepShow::Done(a.clone()),
            None if unknown => DeepShow::Offer,
            None => DeepShow::Nothing,
        }
    }
}

/// The status line's part for it: the offer, the progress with a Cancel, or the proof.
/// Returns the command a button asks for.
pub fn deep_ui(ui: &mut Ui, show: &DeepShow) -> Option<PlayCommand> {
    match show {
        DeepShow::Nothing => None,
        DeepShow::Offer => ui
            .small_button("Think it through")
            .on_hover_text(
                "Decide it for certain: every position reachable from here, in the \
                 background (minutes and gigabytes on the big boards; Cancel stops it)",
            )
            .clicked()
            .then_some(PlayCommand::ThinkItThrough),
        DeepShow::Running(stage) => {
            ui.add(egui::Spinner::new());
            ui.label(RichText::new(format!("Thinking it through: {stage}")).weak());
            ui.small_button("Cancel")
                .on_hover_text("Stop thinking it through")
                .clicked()
                .then_some(PlayCommand::StopThinkingItThrough)
        }
        DeepShow::Done(Ok(d)) => {
            let visuals = ui.visuals();
            let (colour, word) = if d.winnable() {
                (visuals.text_color(), "Winnable, proven")
            } else {
                (visuals.warn_fg_color, "Not winnable, proven")
            };
            let examined = if d.pruned {
                "that may still win (pagoda functions rule out the rest)"
            } else {
                "reachable from here"
            };
            ui.colored_label(colour, word).on_hover_text(format!(
                "Thought through: {} {examined}, all examined",
                positions_in_words(d.positions)
            ));
            // Pruned, a lost position's fewest pegs are not worked out: nothing is said then.
            if let Some(pegs) = d.fewest_pegs.filter(|_| !d.winnable()) {
                ui.label(RichText::new(format!("the best line leaves {pegs} pegs")).weak());
            }
            None
        }
        DeepShow::Done(Err(why)) => {
            ui.colored_label(ui.visuals().error_fg_color, "Not thought through")
                .on_hover_text(why.as_str());
            None
        }
    }
}
