//! The command line's failures: what went wrong, as a typed error whose cause stays reachable
//! (`source()`), and the exit status it gives (2 for bad arguments, a bad layout or an output
//! that cannot be written, 1 for a run that failed, 130 for Ctrl+C, 128 + its number for
//! another signal, 0 for a reader that went away).

use pegsol_experiment::{ChartError, ExperimentError};
use pegsol_layout::load::LoadError;
use pegsol_solver::engines::classic::MemoryError;
use std::path::PathBuf;

/// Why a command failed; its text is what `pegsol: ...` prints on standard error.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A layout that cannot be found or read.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A file that cannot be opened: not a board, or a saved game that does not replay.
    #[error(transparent)]
    Open(#[from] pegsol_record::OpenError),
    /// A classic budget whose worst case would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// An experiment's lists or plan.
    #[error(transparent)]
    Experiment(#[from] ExperimentError),
    /// A chart that could not be drawn or written.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// The terminal game (watching a solution) failed.
    #[error(transparent)]
    Terminal(#[from] pegsol_tui::TuiError),
    /// A file that could not be written.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A student's trace file that cannot be read (`pegsol trace --compare`).
    #[error("{}: {source}", path.display())]
    Trace {
        /// The file.
        path: PathBuf,
        /// Why, naming the line.
        source: pegsol_solver::trace::TraceError,
    },
    /// Bad arguments; the message says which and how to fix them.
    #[error("{0}")]
    Usage(String),
    /// A run that did not finish (cancelled, too large to count, a failed thread).
    #[error("{0}")]
    Failed(String),
    /// Standard output was closed by its reader (a broken pipe): the program ends quietly.
    #[error("standard output was closed")]
    Closed,
    /// Standard output could not be written (a full disk, `/dev/full`).
    #[error("cannot write to standard output: {0}")]
    Stdout(#[source] std::io::Error),
    /// Ctrl+C stopped the run (after what it had found was printed).
    #[error("interrupted (Ctrl+C)")]
    Interrupted,
    /// A signal (SIGTERM, SIGHUP: the terminal went away) stopped `play_solution`'s
    /// animation; its number.
    #[error("stopped by signal {0}")]
    Signal(u8),
}

impl CliError {
    /// The process's exit status for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Load(_)
            | CliError::Open(_)
            | CliError::Memory(_)
            | CliError::Experiment(_)
            | CliError::Usage(_)
            | CliError::Trace { .. }
            | CliError::Stdout(_) => 2,
            CliError::Chart(_)
            | CliError::Write { .. }
            | CliError::Failed(_)
            | CliError::Terminal(_) => 1,
            CliError::Closed => 0,
            CliError::Interrupted => 130,
            // The status a process the signal ended would have.
            CliError::Signal(signal) => 128u8.saturating_add(*signal),
        }
    }

    /// A file write that failed.
    pub fn write(path: impl Into<PathBuf>, source: std::io::Error) -> CliError {
        CliError::Write {
            path: path.into(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_solver::budget::BudgetError;
    use std::error::Error;

    #[test]
    fn failures_keep_their_cause_and_exit_status() {
        let io = std::io::Error::new(std::io::ErrorKind::PermissionDenied, "denied");
        let write = CliError::write("output.txt", io);
        assert_eq!(write.to_string(), "output.txt: cannot write: denied");
        assert_eq!(write.exit_code(), 1);
        assert!(write.source().is_some_and(|s| s.to_string() == "denied"));

        let budgets = CliError::from(ExperimentError::Budget(BudgetError::Negative("-1".into())));
        assert_eq!(budgets.exit_code(), 2);
        assert_eq!(
            budgets.to_string(),
            "--budgets: `-1` is not a budget: it cannot be negative"
        );
        // Transparent: the experiment error's own cause is the failure's cause.
        assert!(budgets
            .source()
            .is_some_and(|s| s.to_string().contains("negative")));

        let memory = CliError::from(MemoryError::TooLarge { budget: 9, max: 1 });
        assert_eq!(memory.exit_code(), 2);
    }
}
