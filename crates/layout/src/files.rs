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

/// Writes `bytes` to `path` atomically: first to a temporary file of this process's own beside
/// it (same folder, so the rename stays on one file system; a unique name, so two running
/// copies of Pegsol never write through the same one), flushed to disk, then renamed over
/// `path`, and the folder flushed so the rename survives a crash. On any failure the
/// temporary file is removed and `path` is left as it was: a full disk never leaves half a
/// file. A symbolic link at `path` is written through: the file it leads to is replaced (as
/// an editor saves a linked file), and the link stays (a store kept in a synced folder and
/// linked from `~/.local/share` goes on being updated there).
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    let target = link_target(path)?;
    let path = target.as_deref().unwrap_or(path);
    let (tmp, mut file) = create_temporary_beside(path)?;
    let written = file
        .write_all(bytes.as_ref())
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            std::fs::rename(&tmp, path)
        });
    if written.is_err() {
        // Best effort: the temporary file is ours alone and half written.
        let _ = std::fs::remove_file(&tmp);
        return written;
    }
    sync_folder_of(path);
    Ok(())
}

/// Where the symbolic link at `path` leads, followed link by link (a relative target is
/// taken from the link's folder); `None` when `path` is no link. A target that does not exist
/// yet is where the file will be made; a loop of links is refused with the system's error.
fn link_target(path: &Path) -> std::io::Result<Option<PathBuf>> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok((at != path).then_some(at)),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Creates a new temporary file beside `path`, named after it, this process and a counter
/// (`.game.ron.tmp-1234-0`), so no two writers, in this process or another, share one.
fn create_temporary_beside(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmp = path.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            // Left behind by a crashed process that had this id: try the next name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            other => return other.map(|file| (tmp, file)),
        }
    }
}

/// Flushes the folder holding `path`, so a rename into it is on disk (Unix; elsewhere the
/// rename is as durable as the system makes it). A failure is ignored: the file itself is
/// whole either way.
fn sync_folder_of(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(folder) = std::fs::File::open(dir) {
            let _ = folder.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Opens `path` for reading without ever blocking, and only if it is a regular file: a FIFO
/// or a device would make a plain open (or the read after it) wait forever, and a folder or
/// a socket holds no text. The error for anything else names what it is.
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    open_regular_with(path, &mut options)
}

/// Opens `path` as `options` say, never blocking (a FIFO opened for reading waits for a
/// writer, and for writing waits for a reader, unless non-blocking), and keeps it only if it
/// is a regular file; the error for anything else names what it is. [`open_regular`] reads
/// this way; the game store's lock file is made and written this way.
pub fn open_regular_with(
    path: &Path,
    options: &mut std::fs::OpenOptions,
) -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {}, not a file", kind_in_words(kind)),
    ))
}

/// What a file system entry that is not a regular file is, in words.
pub fn kind_in_words(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_testkit::scratch::Scratch;

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("layout-files-{name}"))
    }

    #[test]
    fn write_atomic_replaces_the_whole_file_and_leaves_no_temporary() {
        let dir = scratch("replace");
        let path = dir.join("board.ron");
        std::fs::write(&path, "old contents, longer than the new ones").unwrap();
        write_atomic(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary is left"
        );
    }

    #[test]
    fn write_atomic_into_a_missing_folder_fails_and_leaves_nothing() {
        let dir = scratch("missing");
        let path = dir.join("no-such-folder").join("board.ron");
        assert!(write_atomic(&path, "x").is_err());
        assert!(!path.exists());
    }
}

#[cfg(all(test, unix))]
mod unix_tests {
    use super::*;

    #[test]
    fn open_regular_refuses_a_fifo_a_folder_and_a_device_without_waiting() {
        let dir = pegsol_testkit::scratch::Scratch::new("regular");
        let fifo = dir.join("fifo");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo has no other precondition.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let e = open_regular(&fifo).unwrap_err().to_string();
        assert!(e.contains("named pipe"), "{e}");
        assert!(open_regular(&dir)
            .unwrap_err()
            .to_string()
            .contains("folder"));
        let e = open_regular(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("device"), "{e}");
        std::fs::write(dir.join("f"), "x").unwrap();
        assert!(open_regular(&dir.join("f")).is_ok());
    }

    #[test]
    fn write_atomic_writes_through_a_symbolic_link_and_keeps_the_link() {
        let dir = pegsol_testkit::scratch::Scratch::new("through-link");
        std::fs::create_dir(dir.join("synced")).unwrap();
        let target = dir.join("synced").join("games.ron");
        std::fs::write(&target, "old").unwrap();
        // A relative link, and a link to that link.
        let link = dir.join("games.ron");
        std::os::unix::fs::symlink("synced/games.ron", &link).unwrap();
        let second = dir.join("second.ron");
        std::os::unix::fs::symlink(&link, &second).unwrap();
        write_atomic(&link, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        write_atomic(&second, "newer").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "newer");
        for l in [&link, &second] {
            assert!(std::fs::symlink_metadata(l).unwrap().is_symlink(), "{l:?}");
        }
        // A link to a file not made yet makes it there; a loop is refused.
        let dangling = dir.join("later.ron");
        std::os::unix::fs::symlink("synced/later.ron", &dangling).unwrap();
        write_atomic(&dangling, "x").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("synced/later.ron")).unwrap(),
            "x"
        );
        let looped = dir.join("loop.ron");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        assert!(write_atomic(&looped, "x").is_err());
    }
}
