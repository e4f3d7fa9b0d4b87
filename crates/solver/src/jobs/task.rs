//! One background task, keyed by the question it answers: the helper every front-end job
//! (a solve, the editor's check and analysis, a sweep) runs on.
//!
//! Owns at most one [`Worker`] and the key of what that worker is answering. Starting a task
//! for a new key replaces the old job (dropping a worker cancels it), so an answer about a
//! board that has since changed never arrives; a start may wait a debounce first, so a drag
//! across ten cells starts one search, not ten; and the finished value comes back with its
//! key, so the owner knows what it is an answer to. The owner polls once a frame and uses
//! [`Task::wait`] to know when to look again.

use super::worker::{Finished, Job, Snapshot, Worker};
use std::time::{Duration, Instant};

/// A job not started yet: it waits for its debounce to pass.
type Pending<T> = Box<dyn FnOnce(&Job<T>) -> T + Send + 'static>;

/// The wake callback a worker calls when there is news.
type Wake = Box<dyn Fn() + Send + Sync + 'static>;

/// A job waiting out its debounce.
struct Waiting<T> {
    at: Instant,
    job: Pending<T>,
    wake: Wake,
}

/// One background job at a time, keyed by what it answers (see the module docs).
pub struct Task<K, T> {
    name: &'static str,
    key: Option<K>,
    waiting: Option<Waiting<T>>,
    worker: Option<Worker<T>>,
}

impl<K, T> Task<K, T> {
    /// An idle task whose threads are named `name`.
    pub fn new(name: &'static str) -> Task<K, T> {
        Task {
            name,
            key: None,
            waiting: None,
            worker: None,
        }
    }

    /// The key of the job waiting or running, if any.
    pub fn key(&self) -> Option<&K> {
        self.key.as_ref().filter(|_| self.is_busy())
    }

    /// Whether a job is waiting out its debounce.
    pub fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// Whether a job is running on its thread.
    pub fn is_running(&self) -> bool {
        self.worker.is_some()
    }

    /// Whether a job is waiting or running.
    pub fn is_busy(&self) -> bool {
        self.is_waiting() || self.is_running()
    }

    /// Asks the running job to stop: it finishes (as [`Finished::Cancelled`], keeping what it
    /// found) and is handed back by [`Task::poll`]. A job still waiting is dropped.
    pub fn cancel(&mut self) {
        self.waiting = None;
        if let Some(worker) = &self.worker {
            worker.cancel();
        }
    }

    /// Whether the running job was asked to stop.
    pub fn is_cancelling(&self) -> bool {
        self.worker.as_ref().is_some_and(Worker::is_cancelling)
    }

    /// Forgets the job, waiting or running (a running one is cancelled and its answer
    /// dropped).
    pub fn clear(&mut self) {
        self.key = None;
        self.waiting = None;
        self.worker = None;
    }

    /// The running job's progress and stage.
    pub fn snapshot(&self) -> Option<Snapshot> {
        self.worker.as_ref().map(Worker::snapshot)
    }

    /// How long until the waiting job starts (the owner should look again then).
    pub fn wait(&self) -> Option<Duration> {
        let at = self.waiting.as_ref()?.at;
        Some(at.saturating_duration_since(Instant::now()))
    }
}

impl<K: PartialEq, T: Send + 'static> Task<K, T> {
    /// Starts `job` for `key` now, replacing (and cancelling) any job for another key or the
    /// same one. `wake` is called from the worker thread when there is news.
    pub fn start(
        &mut self,
        key: K,
        job: impl FnOnce(&Job<T>) -> T + Send + 'static,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.start_after(Duration::ZERO, key, job, wake);
    }

    /// Like [`Task::start`], but the job starts only once `delay` has passed without another
    /// start; until then [`Task::is_waiting`] holds.
    pub fn start_after(
        &mut self,
        delay: Duration,
        key: K,
        job: impl FnOnce(&Job<T>) -> T + Send + 'static,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        // Dropping the old worker cancels its search.
        self.worker = None;
        self.key = Some(key);
        self.waiting = Some(Waiting {
            at: Instant::now() + delay,
            job: Box::new(job),
            wake: Box::new(wake),
        });
        self.start_due();
    }

    /// Starts `job` for `key` unless a job for that key is already waiting or running:
    /// asking the same question again changes nothing.
    pub fn ask(
        &mut self,
        key: K,
        job: impl FnOnce(&Job<T>) -> T + Send + 'static,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        if self.key() != Some(&key) {
            self.start(key, job, wake);
        }
    }

    /// Starts a waiting job whose debounce has passed, and hands back a finished job with its
    /// key. Call once a frame.
    pub fn poll(&mut self) -> Option<(K, Finished<T>)> {
        self.start_due();
        let finished = self.worker.as_mut()?.take_finished()?;
        self.worker = None;
        let key = self.key.take()?;
        Some((key, finished))
    }

    fn start_due(&mut self) {
        if self
            .waiting
            .as_ref()
            .is_some_and(|w| w.at <= Instant::now())
        {
            if let Some(Waiting { job, wake, .. }) = self.waiting.take() {
                self.worker = Some(Worker::start(self.name, job, wake));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// Polls until the task hands back a finished job, for at most ten seconds.
    fn finish<K: PartialEq, T: Send + 'static>(task: &mut Task<K, T>) -> (K, Finished<T>) {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(done) = task.poll() {
                return done;
            }
            assert!(Instant::now() < until, "timed out waiting for the task");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn the_answer_comes_back_with_its_key() {
        let mut task: Task<&str, u32> = Task::new("test");
        assert!(!task.is_busy());
        task.start("seven", |_| 7, || {});
        assert_eq!(task.key(), Some(&"seven"));
        assert_eq!(finish(&mut task), ("seven", Finished::Done(7)));
        assert!(!task.is_busy());
        assert_eq!(task.key(), None);
        assert!(task.poll().is_none());
    }

    #[test]
    fn a_new_key_cancels_the_old_job_and_only_its_answer_arrives() {
        let mut task: Task<u32, bool> = Task::new("test");
        let (tx, rx) = mpsc::channel();
        // The first job runs until it is cancelled, then says that it saw the cancel.
        task.start(
            1,
            move |job| {
                let until = Instant::now() + Duration::from_secs(10);
                while !job.cancelled() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
                let _ = tx.send(job.cancelled());
                job.cancelled()
            },
            || {},
        );
        task.start(2, |_| false, || {});
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)),
            Ok(true),
            "the replaced job was cancelled"
        );
        assert_eq!(finish(&mut task), (2, Finished::Done(false)));
    }

    #[test]
    fn asking_the_same_question_again_does_not_restart_it() {
        let mut task: Task<u32, u32> = Task::new("test");
        let (tx, rx) = mpsc::channel::<()>();
        task.ask(
            1,
            move |_| {
                let _ = rx.recv_timeout(Duration::from_secs(10));
                1
            },
            || {},
        );
        // Would answer 2 if it replaced the first job.
        task.ask(1, |_| 2, || {});
        let _ = tx.send(());
        assert_eq!(finish(&mut task), (1, Finished::Done(1)));
    }

    #[test]
    fn a_debounced_job_waits_and_a_restart_within_the_wait_runs_only_the_last() {
        let mut task: Task<u32, u32> = Task::new("test");
        let (tx, rx) = mpsc::channel::<u32>();
        let delay = Duration::from_millis(300);
        let started = Instant::now();
        let first = tx.clone();
        task.start_after(
            delay,
            1,
            move |_| {
                let _ = first.send(1);
                1
            },
            || {},
        );
        assert!(task.is_waiting() && !task.is_running());
        assert!(task.wait().is_some_and(|w| w <= delay));
        task.start_after(
            delay,
            2,
            move |_| {
                let _ = tx.send(2);
                2
            },
            || {},
        );
        let (key, finished) = finish(&mut task);
        assert!(started.elapsed() >= delay, "it waited out the debounce");
        assert_eq!((key, finished), (2, Finished::Done(2)));
        assert_eq!(
            rx.try_iter().collect::<Vec<_>>(),
            vec![2],
            "the first never ran"
        );
    }

    #[test]
    fn cancel_hands_back_what_the_job_found() {
        let mut task: Task<(), u32> = Task::new("test");
        task.start(
            (),
            |job| {
                let until = Instant::now() + Duration::from_secs(10);
                while !job.cancelled() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
                42
            },
            || {},
        );
        task.cancel();
        assert!(task.is_cancelling());
        assert_eq!(finish(&mut task), ((), Finished::Cancelled(42)));
        task.start_after(Duration::from_secs(60), (), |_| 0, || {});
        task.cancel();
        assert!(!task.is_busy(), "a waiting job is dropped");
    }
}
