//! The Experiments window's files: the table as CSV or Markdown, the charts as PNGs.
//!
//! Owns writing them. [`export`] takes a path (the dialog lives in the window), so tests never
//! open one; the PNGs come from the command line's chart writer, so both give the same files.

use pegsol_experiment::{self as sweep, SweepRow};
use std::path::{Path, PathBuf};

/// What a file export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// The table as CSV.
    Csv,
    /// The table as Markdown.
    Markdown,
    /// The three charts as PNG files in a folder.
    Png,
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file could not be written.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The charts could not be drawn or written (the chart writer's message).
    #[error("{0}")]
    Charts(String),
}

/// Writes the rows as `kind` to `path` (a file for CSV and Markdown, a folder for PNG) and
/// says what was written.
pub fn export(rows: &[SweepRow], kind: ExportKind, path: &Path) -> Result<String, ExportError> {
    let text = match kind {
        ExportKind::Csv => sweep::csv(rows),
        ExportKind::Markdown => sweep::markdown(rows),
        ExportKind::Png => {
            let written = pegsol_experiment::write_charts(rows, path)
                .map_err(|e| ExportError::Charts(e.to_string()))?;
            return Ok(format!(
                "Wrote {} charts to {}",
                written.len(),
                path.display()
            ));
        }
    };
    pegsol_layout::files::write_atomic(path, text).map_err(|source| ExportError::Write {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(format!("Wrote {}", path.display()))
}
