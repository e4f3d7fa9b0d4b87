//! Running a search on its own thread, so a window stays responsive while it works.
//!
//! Owns the thread, the cancel flag, the latest progress and the result. A front end starts a
//! [`Worker`] with a job and a wake callback (the app passes "request a repaint"), then polls
//! it once a frame. The job gets a [`Job`] handle that makes solver [`Control`]s, reports a
//! stage ("run 3 of 36") and reads the cancel flag.
//!
//! The worker never takes its caller down: a panicking job is caught and reported as
//! [`Finished::Failed`] with the panic's message; a job that returns after a cancel is
//! reported as [`Finished::Cancelled`]. Dropping a worker cancels its job and lets the thread
//! wind down on its own (every engine checks the flag about once a millisecond), so closing a
//! window never waits for a search.

use crate::{Control, Progress};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// The shortest time between two wake-ups for progress, so a fast search does not flood the
/// front end with repaints (about 20 a second).
pub const WAKE_EVERY: Duration = Duration::from_millis(50);

/// Stack size of the worker thread: the engines keep their own stacks on the heap or recurse
/// one frame per jump, but a job may recurse further (the brute-force checks in tests do).
/// Not more: under an address-space limit the whole stack counts (64 MiB of it left no room
/// for the exact solver's member threads under `ulimit -v 100000`).
const STACK_BYTES: usize = 16 << 20;

/// How a job ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Finished<T> {
    /// The job returned this value (which may itself say the search hit its budget).
    Done(T),
    /// The job returned after [`Worker::cancel`] was called; its value is kept (a cancelled
    /// search still reports what it found).
    Cancelled(T),
    /// The job panicked, or the thread could not start; the text says why.
    Failed(String),
}

/// What the worker shows while it runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// The search's latest progress, if it has reported any.
    pub progress: Option<Progress>,
    /// What the job is doing, in words (for jobs of several searches), if it said.
    pub stage: Option<String>,
    /// Time since the worker started.
    pub elapsed: Duration,
}

/// State shared between the worker thread and its owner.
struct Shared<T> {
    progress: Option<Progress>,
    stage: Option<String>,
    finished: Option<Finished<T>>,
    last_wake: Option<Instant>,
}

/// A lock that survives a panic elsewhere: the data is plain values, always consistent.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The handle a job gets: makes [`Control`]s, reports stages, reads the cancel flag.
pub struct Job<T> {
    cancel: Arc<AtomicBool>,
    shared: Arc<Mutex<Shared<T>>>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl<T: Send> Job<T> {
    /// Whether the owner asked the job to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Runs `f` with a [`Control`] wired to this worker: its progress becomes the worker's
    /// progress and it stops when the worker is cancelled.
    pub fn control<R>(&self, f: impl FnOnce(&mut Control) -> R) -> R {
        let mut on_progress = |p: &Progress| self.progress(*p);
        let mut control = Control::new(&self.cancel, &mut on_progress);
        f(&mut control)
    }

    /// Records a progress snapshot, waking the owner at most every [`WAKE_EVERY`].
    pub fn progress(&self, progress: Progress) {
        let wake = {
            let mut s = lock(&self.shared);
            s.progress = Some(progress);
            let due = s.last_wake.is_none_or(|t| t.elapsed() >= WAKE_EVERY);
            if due {
                s.last_wake = Some(Instant::now());
            }
            due
        };
        if wake {
            (self.wake)();
        }
    }

    /// Says what the job is doing now ("run 3 of 36: level 5, classic, 1M") and wakes the
    /// owner. The search progress of the previous stage is cleared.
    pub fn stage(&self, text: impl Into<String>) {
        {
            let mut s = lock(&self.shared);
            s.stage = Some(text.into());
            s.progress = None;
        }
        (self.wake)();
    }
}

/// A job running on its own thread. Poll it with [`Worker::snapshot`] and
/// [`Worker::take_finished`]; drop it (or call [`Worker::cancel`]) to stop it.
pub struct Worker<T> {
    cancel: Arc<AtomicBool>,
    shared: Arc<Mutex<Shared<T>>>,
    started: Instant,
    handle: Option<thread::JoinHandle<()>>,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts `job` on a new thread named `name`. `wake` is called (from the worker thread)
    /// when there is news: progress (throttled), a new stage, the end.
    pub fn start(
        name: &str,
        job: impl FnOnce(&Job<T>) -> T + Send + 'static,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Worker<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Mutex::new(Shared {
            progress: None,
            stage: None,
            finished: None,
            last_wake: None,
        }));
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(wake);
        let handle_job = Job {
            cancel: cancel.clone(),
            shared: shared.clone(),
            wake: wake.clone(),
        };
        // Under an address-space limit too small for a search, say so before starting one:
        // past the thread's start, a request the limit refuses may come from anywhere.
        if let Some(why) = crate::system_memory::search_room_refusal() {
            lock(&shared).finished = Some(Finished::Failed(why));
            return Worker {
                cancel,
                shared,
                started: Instant::now(),
                handle: None,
            };
        }
        let spawned = thread::Builder::new()
            .name(name.to_string())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let result = panic::catch_unwind(AssertUnwindSafe(|| job(&handle_job)));
                let finished = match result {
                    Ok(value) if handle_job.cancelled() => Finished::Cancelled(value),
                    Ok(value) => Finished::Done(value),
                    Err(payload) => Finished::Failed(panic_message(payload.as_ref())),
                };
                lock(&handle_job.shared).finished = Some(finished);
                (handle_job.wake)();
            });
        let handle = match spawned {
            Ok(handle) => Some(handle),
            Err(e) => {
                lock(&shared).finished = Some(Finished::Failed(format!(
                    "could not start the search thread: {e}"
                )));
                None
            }
        };
        Worker {
            cancel,
            shared,
            started: Instant::now(),
            handle,
        }
    }
}

impl<T> Worker<T> {
    /// Asks the job to stop; it finishes (as [`Finished::Cancelled`]) within a few
    /// milliseconds.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`Worker::cancel`] was called.
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The latest progress and stage.
    pub fn snapshot(&self) -> Snapshot {
        let s = lock(&self.shared);
        Snapshot {
            progress: s.progress,
            stage: s.stage.clone(),
            elapsed: self.started.elapsed(),
        }
    }

    /// Whether the job has ended (its result may already have been taken).
    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// The job's end, once: `None` while it runs and after the result was taken.
    pub fn take_finished(&mut self) -> Option<Finished<T>> {
        let finished = lock(&self.shared).finished.take();
        if finished.is_some() {
            // The thread has stored its last word; joining is immediate.
            if let Some(handle) = self.handle.take() {
                let _ = handle.join();
            }
        }
        finished
    }

    /// Blocks until the job ends and returns how it ended. For the command line and tests;
    /// a window polls instead.
    pub fn wait(mut self) -> Finished<T> {
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
        lock(&self.shared)
            .finished
            .take()
            .unwrap_or_else(|| Finished::Failed("the search thread ended without a result".into()))
    }

    /// Waits at most `limit` for the job to end: how it ended, or the worker back if it is
    /// still running (dropping it cancels the job). For tests and callers that must not hang.
    pub fn wait_for(self, limit: std::time::Duration) -> Result<Finished<T>, Worker<T>> {
        let deadline = Instant::now() + limit;
        while !self.is_finished() {
            if Instant::now() >= deadline {
                return Err(self);
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        Ok(self.wait())
    }
}

impl<T> Drop for Worker<T> {
    /// Cancels the job and lets its thread finish on its own.
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The text of a panic payload (`panic!("...")` gives a `&str` or a `String`).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".to_string());
    format!("the search failed: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::classic;
    use crate::Stop;
    use pegsol_layout::catalogue;
    use pegsol_rules::Goal;
    use std::sync::atomic::AtomicUsize;

    fn level(n: &str) -> pegsol_rules::Position {
        catalogue::find(n)
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .map(|p| p.start)
            .expect("catalogue level")
    }

    /// Waits for the job's end, failing the test after a minute instead of hanging.
    fn finished<T>(worker: Worker<T>) -> Finished<T> {
        match worker.wait_for(Duration::from_secs(60)) {
            Ok(finished) => finished,
            Err(_) => panic!("the job did not end within a minute"),
        }
    }

    /// Polls `ready` until it holds, failing the test after a minute instead of hanging.
    fn until(what: &str, ready: impl Fn() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !ready() {
            assert!(
                Instant::now() < deadline,
                "{what} did not happen within a minute"
            );
            thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_finished_job_reports_its_value_and_wakes_the_owner() {
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = wakes.clone();
        let start = level("5");
        let worker = Worker::start(
            "test",
            move |job| job.control(|c| classic::solve(&start, Goal::Anywhere, 1_200_000, c)),
            move || {
                w.fetch_add(1, Ordering::Relaxed);
            },
        );
        match finished(worker) {
            Finished::Done(outcome) => {
                assert_eq!(outcome.expanded, 1_090_275);
                assert_eq!(outcome.pegs_left, 1);
            }
            other => panic!("expected Done, got {other:?}"),
        }
        assert!(wakes.load(Ordering::Relaxed) >= 1);
    }

    #[test]
    fn a_cancelled_job_is_reported_as_cancelled_with_what_it_found() {
        let start = level("6");
        let worker = Worker::start(
            "test",
            move |job| {
                job.control(|c| classic::solve(&start, Goal::Anywhere, classic::MAX_BUDGET, c))
            },
            || {},
        );
        // Wait until it is really searching, then stop it.
        until("progress", || worker.snapshot().progress.is_some());
        worker.cancel();
        match finished(worker) {
            Finished::Cancelled(outcome) => assert_eq!(outcome.stop, Stop::Cancelled),
            other => panic!("expected Cancelled, got {other:?}"),
        }
    }

    #[test]
    fn a_panicking_job_is_reported_not_propagated() {
        let worker: Worker<()> = Worker::start("test", |_| panic!("deliberate"), || {});
        match finished(worker) {
            Finished::Failed(text) => assert!(text.contains("deliberate"), "{text}"),
            other => panic!("expected Failed, got {other:?}"),
        }
    }

    #[test]
    fn stages_are_visible_while_the_job_runs() {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let mut worker: Worker<u32> = Worker::start(
            "test",
            move |job| {
                job.stage("run 1 of 2");
                // Hold until the owner has looked.
                let _ = rx.recv();
                7
            },
            || {},
        );
        until("a stage", || worker.snapshot().stage.is_some());
        assert_eq!(worker.snapshot().stage.as_deref(), Some("run 1 of 2"));
        assert_eq!(worker.take_finished(), None);
        let _ = tx.send(());
        until("the end", || worker.is_finished());
        assert_eq!(worker.take_finished(), Some(Finished::Done(7)));
        assert_eq!(worker.take_finished(), None);
    }
}
