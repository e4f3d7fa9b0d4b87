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
//!   status 130. A second Ctrl+C ends the program (status 130), for a job that does not look
//!   at its flag (writing a file, drawing the solution), but never before what the first one
//!   kept is printed: one that comes within [`GRACE`] of the first (two signals at once, as
//!   `timeout -s INT` sends the process and its group, or a double press) waits out the
//!   grace, and one that comes while the result is being printed waits for the printing
//!   (at most [`PRINTING_GRACE`]). The program then ends by itself, with what it kept.

use super::output::note_raw;
use super::CliError;
use pegsol_solver::jobs::worker::{Finished, Job, Worker};
use pegsol_solver::Budget;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Set by the Ctrl+C handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// When the first Ctrl+C came.
static FIRST_AT: OnceLock<Instant> = OnceLock::new();

/// Since when the job's result is being printed (`None`: no job has ended yet).
static PRINTING_SINCE: Mutex<Option<Instant>> = Mutex::new(None);

/// How long after the first Ctrl+C a second one waits before it ends the program: long
/// enough for an engine to look at its flag (within a millisecond) and the command to print
/// what it kept.
pub const GRACE: Duration = Duration::from_secs(1);

/// How long a second Ctrl+C waits for a result being printed (to a slow reader) to be done.
pub const PRINTING_GRACE: Duration = Duration::from_secs(5);

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
            if !INTERRUPTED.swap(true, Ordering::SeqCst) {
                let _ = FIRST_AT.set(Instant::now());
                return;
            }
            // The second Ctrl+C: the person does not want to wait for the first, but what the
            // first kept is printed before the program ends (see the module's note). The
            // handler runs on a thread of its own, so waiting here holds up nothing else.
            while second_must_wait(Instant::now()) {
                std::thread::sleep(Duration::from_millis(5));
            }
            std::process::exit(INTERRUPTED_STATUS);
        })
        .is_ok()
    });
}

/// Whether a second Ctrl+C at `now` waits still: within [`GRACE`] of the first, or while a
/// result is printed (for at most [`PRINTING_GRACE`]).
fn second_must_wait(now: Instant) -> bool {
    let first = FIRST_AT.get().copied().unwrap_or(now);
    let printing = *PRINTING_SINCE.lock().unwrap_or_else(|e| e.into_inner());
    now < first + GRACE || printing.is_some_and(|since| now < since + PRINTING_GRACE)
}

/// Says the job has ended and its result is being printed: a second Ctrl+C now waits for it
/// (see the module's note). The program ends when the printing is done.
pub fn printing() {
    let mut since = PRINTING_SINCE.lock().unwrap_or_else(|e| e.into_inner());
    since.get_or_insert_with(Instant::now);
}

/// The flag Ctrl+C sets, for work that looks at it itself (the cluster's workers); installs
/// the handler.
pub fn cancel_flag() -> &'static AtomicBool {
    install_handler();
    &INTERRUPTED
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
    printing();
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
