//! Writing files safely: every file Pegsol writes (boards, games, autosaves, exports,
//! `output.txt`) goes through [`write_atomic`], so a full disk, a crash or a killed process
//! never leaves half a file where a whole one was.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file could not be saved: the value could not be written as text, or the text could
/// not be written to the file. Either way the file on disk is as it was.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The value could not be turned into RON.
    #[error("{}: cannot be written as RON: {error}", path.display())]
    Encode {
        /// The file it was meant for.
        path: PathBuf,
        /// What the RON writer said.
        #[source]
        error: ron::Error,
    },
    /// The file could not be written.
    #[error("{}: cannot write: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
}

/// Writes `bytes` to `path` atomically: first to a temporary file beside it (same folder, so
/// the rename stays on one file system), flushed to disk, then renamed over `path`. On any
/// failure the temporary file is removed and `path` is left as it was.
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    let tmp = temporary_beside(path);
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes.as_ref())?;
        file.sync_all()
    })()
    .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        // Best effort: the temporary file may not exist (create failed).
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// `path` with `.tmp` appended to its file name (a hidden partial file next to the real one).
fn temporary_beside(path: &Path) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    PathBuf::from(tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pegsol-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn write_atomic_replaces_the_whole_file_and_leaves_no_temporary() {
        let dir = scratch("replace");
        let path = dir.join("board.ron");
        std::fs::write(&path, "old contents, longer than the new ones").unwrap();
        write_atomic(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert!(!temporary_beside(&path).exists());
    }

    #[test]
    fn write_atomic_into_a_missing_folder_fails_and_leaves_nothing() {
        let dir = scratch("missing");
        let path = dir.join("no-such-folder").join("board.ron");
        assert!(write_atomic(&path, "x").is_err());
        assert!(!path.exists());
        assert!(!temporary_beside(&path).exists());
    }
}
