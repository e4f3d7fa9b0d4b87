//! Running a long command-line job: on a worker thread, with progress on standard error and
//! Ctrl+C turned into a cancel.
//!
//! Owns the Ctrl+C handler and the progress line. While a job runs, the main thread polls it
//! every tenth of a second:
//! - progress: once the job has run for a second, and only when standard error is a terminal,
//!   one line redrawn in place (`solving english: 1,234,567 expanded, best 3 pegs, 2.1 s`) and
//!   erased when the job ends, so scripts and logs that capture standard error see nothing new;
//! - Ctrl+C: the first one sets the job's cancel flag; the engine stops within a millisecond or
//!   so and returns the best it found, which the command prints as usual before exiting with
//!   status 130. A second Ctrl+C ends the program at once (status 130), for a job that does not
//!   look at its flag (writing a file, drawing the solution).

use super::output::note_raw;
use super::CliError;
use crate::solver::jobs::worker::{Finished, Job, Worker};
use crate::solver::Budget;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

/// Set by the Ctrl+C handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether installing the handler worked (it is installed once, by the first job).
static HANDLER: OnceLock<bool> = OnceLock::new();

/// The shell's status for a program ended by SIGINT: 128 + 2.
pub const INTERRUPTED_STATUS: i32 = 130;

/// How long a job runs before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Time between two looks at the job (how soon Ctrl+C is passed on).
const POLL: Duration = Duration::from_millis(100);

/// Time between two redraws of the progress line.
const REDRAW: Duration = Duration::from_millis(500);

/// Installs the Ctrl+C handler (once; later calls do nothing).
pub fn install_handler() {
    HANDLER.get_or_init(|| {
        ctrlc::set_handler(|| {
            if INTERRUPTED.swap(true, Ordering::SeqCst) {
                // The second Ctrl+C: the person does not want to wait for the first.
                std::process::exit(INTERRUPTED_STATUS);
            }
        })
        .is_ok()
    });
}

/// Whether Ctrl+C was pressed since the handler was installed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// How a job ended, for the command that ran it.
pub enum Ran<T> {
    /// It finished.
    Done(T),
    /// Ctrl+C stopped it; this is what it had when it stopped.
    Interrupted(T),
}

/// Runs `job` on a worker thread named `name`, showing `what` and its progress on a terminal
/// (see the module's note), and stopping it on Ctrl+C.
pub fn run_job<T: Send + 'static>(
    name: &str,
    what: &str,
    job: impl FnOnce(&Job<T>) -> T + Send + 'static,
) -> Result<Ran<T>, CliError> {
    install_handler();
    let live = std::io::stderr().is_terminal();
    // The worker wakes this thread when it finishes (and now and then with progress), so a
    // job of a few milliseconds is not kept waiting for the next poll.
    let (wake, woken) = std::sync::mpsc::channel::<()>();
    let worker = Worker::start(name, job, move || {
        let _ = wake.send(());
    });
    let mut shown = false;
    let mut drawn = Duration::ZERO;
    while !worker.is_finished() {
        let _ = woken.recv_timeout(POLL);
        if interrupted() && !worker.is_cancelling() {
            worker.cancel();
        }
        let s = worker.snapshot();
        if live && s.elapsed >= QUIET_FOR && (!shown || s.elapsed >= drawn + REDRAW) {
            drawn = s.elapsed;
            let mut line = format!("\r\x1b[2K{what}");
            if let Some(stage) = &s.stage {
                line.push_str(&format!(" ({stage})"));
            }
            if let Some(prep) = s.progress.and_then(|p| p.preparing_line()) {
                line.push_str(&format!(": {prep}"));
            } else if let Some(meeting) = s.progress.and_then(|p| p.meeting_line()) {
                line.push_str(&format!(": {meeting}"));
            } else if let Some(p) = s.progress {
                line.push_str(&format!(
                    ": {} expanded, best {} pegs",
                    Budget(p.expanded),
                    p.best_pegs
                ));
            }
            line.push_str(&format!(", {:.1} s", s.elapsed.as_secs_f64()));
            if worker.is_cancelling() {
                line.push_str(" (stopping)");
            }
            note_raw(&line);
            shown = true;
        }
    }
    if shown {
        note_raw("\r\x1b[2K");
    }
    match worker.wait() {
        Finished::Done(value) => Ok(Ran::Done(value)),
        Finished::Cancelled(value) => Ok(Ran::Interrupted(value)),
        Finished::Failed(why) => Err(CliError::Failed(why)),
    }
}

impl<T> Ran<T> {
    /// The value, however the job ended.
    pub fn value(self) -> T {
        match self {
            Ran::Done(v) | Ran::Interrupted(v) => v,
        }
    }

    /// Whether Ctrl+C stopped the job.
    pub fn interrupted(&self) -> bool {
        matches!(self, Ran::Interrupted(_))
    }
}
