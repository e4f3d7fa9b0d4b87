//! The Search view: a search played on the board, one expansion (or one level) at a time:
//! the assignment's classic search, the exact solver's depth-first search with its failure
//! table, or the exact solver's beam, so a teacher can show why one is faster.
//!
//! Owns the view's state (the engine and board searched, the budget, the run speed, the node
//! shown, the chart's history and a student's trace compared), its commands
//! ([`SearchCommand`], applied by [`SearchView::apply`]) and its drawing ([`SearchView::ui`],
//! in `ui.rs`, with the counters in `counters.rs`, the board in `board.rs`, the chart in
//! `chart.rs` and the comparison in `compare.rs`). The searches themselves are stepped in
//! `pegsol_solver::trace` ([`pegsol_solver::trace::ClassicTrace`], `ExactTrace`, `BeamTrace`),
//! behind one face in `stepper.rs`: this view only asks for the next step, as fast as the
//! speed chosen ([`SearchView::logic`] runs it between frames), and draws what it says.

pub mod command;

mod board;
mod chart;
mod compare;
mod counters;
mod going;
mod stepper;
mod ui;

pub use stepper::{Engine, Shown};

use crate::command::ShellCommand;
use crate::command::{DialogKind, FileRequest};
use chart::History;
pub use command::SearchCommand;
use eframe::egui;
use going::{Going, Walk, INLINE_STEPS};
use pegsol_rules::{Jump, Position};
use pegsol_solver::budget::parse_budget;
use pegsol_solver::engines::classic::Fate;
use pegsol_solver::jobs::task::Task;
use pegsol_solver::jobs::worker::Finished;
use pegsol_solver::trace::{compare as compare_traces, Comparison};
use pegsol_solver::trace::{Expansion, StudentTrace, TraceError};
use pegsol_solver::{Budget, Stop};
use std::path::PathBuf;
use stepper::{Node, Stepper};

/// The budget the view starts with: the assignment's default, as everywhere.
const DEFAULT_BUDGET: u64 = 1_000_000;
/// The run speeds offered, in expansions a second.
pub const SLOWEST: f64 = 1.0;
/// The fastest run speed.
pub const FASTEST: f64 = 100_000.0;
/// The longest stretch of time one frame makes up for, in seconds: after a stall the run
/// goes on at its speed rather than catching up in one long frame.
const MOST_PER_FRAME: f64 = 0.1;

/// A student's trace compared with the search.
#[derive(Clone, Debug)]
struct Compared {
    file: PathBuf,
    lines: u64,
    generated: Option<u64>,
    comparison: Comparison,
}

/// The Search view (see the module docs).
pub struct SearchView {
    start: Position,
    name: String,
    budget: u64,
    budget_text: String,
    stepper: Stepper,
    node: Node,
    running: bool,
    speed: f64,
    /// Expansions owed to the run (the fraction a frame did not make).
    owed: f64,
    /// The time of the last frame that ran, while running.
    last_time: Option<f64>,
    goto_text: String,
    history: History,
    compared: Option<Compared>,
    /// A comparison being worked out on its own thread (a long trace takes seconds), keyed
    /// by the start, budget and file it compares.
    comparing: Task<CompareKey, Result<Compared, CompareError>>,
    /// A long "Go to" walking on its own thread (the stepper is lent to it meanwhile).
    going: Going,
    /// The counters when the walk began, shown until it comes back.
    before_going: Option<Shown>,
    /// The window's context, once the view has run a frame: a walk's thread asks it for
    /// frames (with none, a walk is taken at once).
    ctx: Option<egui::Context>,
}

/// Why a student's trace could not be compared: the file (by name) and what went wrong.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The file could not be opened.
    #[error("{name}: {error}")]
    Open {
        /// The file's name.
        name: String,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
    /// The file is not a trace (the error names the line).
    #[error("{name}: {error}")]
    Read {
        /// The file's name.
        name: String,
        /// Where and why it is not one.
        #[source]
        error: TraceError,
    },
}

/// What a comparison answers: this start, with this budget, against this file.
type CompareKey = (Position, u64, PathBuf);

impl SearchView {
    /// The view searching `start` (named `name`), nothing expanded yet.
    pub fn new(start: &Position, name: &str) -> SearchView {
        SearchView {
            start: start.clone(),
            name: name.to_string(),
            budget: DEFAULT_BUDGET,
            budget_text: Budget(DEFAULT_BUDGET).to_string(),
            stepper: Stepper::new(Engine::Classic, start, DEFAULT_BUDGET),
            node: Node::start(start),
            running: false,
            speed: 10.0,
            owed: 0.0,
            last_time: None,
            goto_text: String::new(),
            history: History::default(),
            compared: None,
            comparing: Task::new("pegsol-compare"),
            going: Going::default(),
            before_going: None,
            ctx: None,
        }
    }

    /// The start searched.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The board's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine whose search is played.
    pub fn engine(&self) -> Engine {
        self.stepper.engine()
    }

    /// The counters after the last step (while a "Go to" walks on its thread, those it
    /// started from).
    pub fn counters(&self) -> Shown {
        self.before_going.unwrap_or_else(|| self.stepper.counters())
    }

    /// The step a "Go to" is walking to on its own thread, if one is.
    pub fn going_to(&self) -> Option<u64> {
        self.going.walk().map(|w| w.target)
    }

    /// Steps reached by the "Go to" under way, by its last report.
    pub fn going_reached(&self) -> Option<u64> {
        self.going.reached()
    }

    /// The step shown (`None` before the first): an expansion, or for the beam its level
    /// (`n` levels, the most compact position kept, its depth, pegs and last jump).
    pub fn expansion(&self) -> Option<Expansion> {
        self.node.expansion
    }

    /// The board of the node shown.
    pub fn position(&self) -> &Position {
        &self.node.position
    }

    /// The jumps from the start to the node shown.
    pub fn path(&self) -> &[Jump] {
        &self.node.path
    }

    /// The children the node shown generated, and what became of each (the exact search's
    /// and the beam's: the jumps to try next, marked as pushed).
    pub fn children(&self) -> &[(Jump, Fate)] {
        &self.node.children
    }

    /// What happened on the way to the node shown, a line each: the exact search's table
    /// hits and failures stored, the beam's level.
    pub fn notes(&self) -> &[String] {
        &self.node.notes
    }

    /// Whether the search is running.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Why the search stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        self.stepper.stopped()
    }

    /// The comparison shown, if a student's trace was opened.
    pub fn comparison(&self) -> Option<&Comparison> {
        self.compared.as_ref().map(|c| &c.comparison)
    }

    /// Searches `puzzle`'s start (the board in play, as the view is shown), unless the view
    /// already does: then it keeps its place.
    pub fn follow(&mut self, puzzle: &pegsol_layout::Puzzle) -> Vec<ShellCommand> {
        if self.start == puzzle.start {
            return Vec::new();
        }
        let start = Box::new(puzzle.start.clone());
        self.apply(SearchCommand::Load(start, puzzle.name.clone()))
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: SearchCommand) -> Vec<ShellCommand> {
        if self.going.walk().is_some()
            && matches!(
                command,
                SearchCommand::Step | SearchCommand::Run | SearchCommand::GoTo(_)
            )
        {
            // The stepper is out walking; these wait for it (their buttons are off).
            return Vec::new();
        }
        match command {
            SearchCommand::Load(start, name) => {
                let (budget, engine, ctx) = (self.budget, self.engine(), self.ctx.take());
                *self = SearchView::new(&start, &name);
                self.ctx = ctx;
                self.budget = budget;
                self.budget_text = Budget(budget).to_string();
                self.restart(engine);
            }
            SearchCommand::SetEngine(engine) => {
                if engine != self.engine() {
                    self.compared = None;
                    self.restart(engine);
                }
            }
            SearchCommand::Step => {
                self.running = false;
                self.advance(1);
            }
            SearchCommand::Run => {
                self.running = self.stepper.stopped().is_none();
                self.last_time = None;
                self.owed = 0.0;
            }
            SearchCommand::Pause => self.running = false,
            SearchCommand::SetSpeed(speed) => self.speed = speed.clamp(SLOWEST, FASTEST),
            SearchCommand::SetGotoText(text) => self.goto_text = text,
            SearchCommand::GoTo(n) => {
                self.running = false;
                self.go_to(n, self.ctx.clone().as_ref());
            }
            SearchCommand::StopGoing => self.going.stop(),
            SearchCommand::SetBudgetText(text) => self.budget_text = text,
            SearchCommand::Restart => match parse_budget(&self.budget_text) {
                Ok(budget) => {
                    self.budget = budget.max(1);
                    self.restart(self.engine());
                }
                Err(e) => return vec![ShellCommand::Warn(format!("Budget: {e}"))],
            },
            SearchCommand::ChooseTrace => {
                let request = FileRequest::new(DialogKind::Open, "Compare a trace", |path| {
                    ShellCommand::Search(SearchCommand::CompareFile(path))
                })
                .filter("Traces", &["txt", "trace", "log"]);
                return vec![ShellCommand::ChooseFile(request)];
            }
            SearchCommand::CompareFile(path) => {
                // A student's trace is of the assignment's search: that is the one compared.
                if self.engine() != Engine::Classic {
                    self.restart(Engine::Classic);
                }
                self.compare_file(path);
            }
            SearchCommand::CloseComparison => self.compared = None,
        }
        Vec::new()
    }

    /// Runs the search between frames at the chosen speed; asks for the next frame while it
    /// runs.
    pub fn logic(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        if self.ctx.is_none() {
            self.ctx = Some(ctx.clone());
        }
        let mut out = self.poll_going();
        out.extend(self.poll_comparison());
        if self.comparing.is_busy() || self.going.walk().is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        if !self.running {
            return out;
        }
        let now = ctx.input(|i| i.time);
        if let Some(last) = self.last_time {
            self.owed += (now - last).clamp(0.0, MOST_PER_FRAME) * self.speed;
            let due = self.owed.floor();
            self.owed -= due;
            if due >= 1.0 {
                self.advance(due as u64);
            }
        }
        self.last_time = Some(now);
        if self.stepper.stopped().is_some() {
            self.running = false;
        } else {
            ctx.request_repaint();
        }
        out
    }

    /// Whether a student's trace is being compared.
    pub fn is_comparing(&self) -> bool {
        self.comparing.is_busy()
    }

    /// Takes in a finished comparison: shows it, and the search where the traces part.
    fn poll_comparison(&mut self) -> Vec<ShellCommand> {
        let Some(((start, budget, _), finished)) = self.comparing.poll() else {
            return Vec::new();
        };
        if start != self.start || budget != self.budget || self.engine() != Engine::Classic {
            // The board or budget changed meanwhile: the answer is to another question.
            return Vec::new();
        }
        match finished {
            Finished::Done(Ok(compared)) => {
                if let Some(d) = &compared.comparison.difference {
                    self.running = false;
                    self.go_to(d.n.min(self.budget), self.ctx.clone().as_ref());
                }
                self.compared = Some(compared);
                Vec::new()
            }
            Finished::Done(Err(e)) => vec![ShellCommand::Warn(e.to_string())],
            Finished::Failed(e) => vec![ShellCommand::Warn(e)],
            Finished::Cancelled(_) => Vec::new(),
        }
    }

    /// Takes back the stepper from a finished walk and shows where it got to.
    fn poll_going(&mut self) -> Vec<ShellCommand> {
        let Some(walked) = self.going.poll() else {
            return Vec::new();
        };
        self.before_going = None;
        match walked {
            Ok(walked) => {
                self.stepper = walked.stepper;
                self.history = walked.history;
                if let Some(node) = walked.node {
                    self.node = node;
                }
                Vec::new()
            }
            Err(e) => {
                // The stepper was lost with the thread: start again rather than show a
                // search that is not the one counted.
                self.restart(self.engine());
                vec![ShellCommand::Warn(format!("Go to: {e}"))]
            }
        }
    }

    /// A fresh search by `engine` from the start with the current budget.
    fn restart(&mut self, engine: Engine) {
        self.going.clear();
        self.before_going = None;
        self.stepper = Stepper::new(engine, &self.start, self.budget);
        self.history = History::default();
        self.running = false;
        self.node = Node::start(&self.start);
    }

    /// Takes `count` steps (fewer if the search stops) and shows the last. The steppers keep
    /// every step's path and children: a few dozen numbers copied, nothing next to the
    /// search's own work, and the last step made is always the one shown.
    fn advance(&mut self, count: u64) {
        let mut last = None;
        for _ in 0..count {
            let Some(notes) = self.stepper.step() else {
                break;
            };
            last = Some(notes);
            let (x, first, best) = self.stepper.point();
            self.history.record(x, first, best);
        }
        if let Some(notes) = last {
            self.node = self.stepper.node(notes);
        }
    }

    /// Shows step `n`: runs on to it, or from the start again to go back. A walk of more
    /// than [`INLINE_STEPS`] goes to its own thread (`ctx` is asked for a frame as it
    /// reports), so the window keeps drawing and Stop can end it.
    fn go_to(&mut self, n: u64, ctx: Option<&egui::Context>) {
        let n = n.max(1);
        let now = self.stepper.done();
        let (from, count) = if n < now { (0, n) } else { (now, n - now) };
        let Some(ctx) = ctx.filter(|_| count > INLINE_STEPS) else {
            if from == 0 {
                self.restart(self.engine());
            }
            self.advance(count);
            return;
        };
        let engine = self.engine();
        let fresh = Stepper::new(engine, &self.start, self.budget);
        if self.before_going.is_none() {
            self.before_going = Some(self.stepper.counters());
        }
        let lent = if from == 0 {
            (fresh, History::default())
        } else {
            let stepper = std::mem::replace(&mut self.stepper, fresh);
            (stepper, self.history.clone())
        };
        let ctx = ctx.clone();
        let walk = Walk { target: n, from };
        let start = self.start.clone();
        self.going
            .start(walk, lent, count, start, move || ctx.request_repaint());
    }

    /// Starts reading a student's trace and comparing it with the search from this start
    /// and budget, on its own thread.
    fn compare_file(&mut self, path: PathBuf) {
        let (start, budget) = (self.start.clone(), self.budget);
        let key = (start.clone(), budget, path.clone());
        self.comparing.start(
            key,
            move |_job| compare_trace_file(&start, budget, path),
            || {},
        );
    }
}

/// Reads the student's trace in `path` and compares it with the search from `start` with
/// `budget`; the error names the file and, for a bad line, the line.
fn compare_trace_file(
    start: &Position,
    budget: u64,
    path: PathBuf,
) -> Result<Compared, CompareError> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(error) => return Err(CompareError::Open { name, error }),
    };
    let theirs = StudentTrace::read(std::io::BufReader::new(file), start)
        .map_err(|error| CompareError::Read { name, error })?;
    Ok(Compared {
        comparison: compare_traces(start, budget, &theirs),
        file: path,
        lines: theirs.len(),
        generated: theirs.generated,
    })
}
