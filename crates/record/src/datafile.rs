//! Pegsol's own data files: the one way the game store, the window's settings, the
//! statistics and the editor's autosave are read and written.
//!
//! Owns what every such file gets alike. Reading: never blocking (a FIFO or a device at the
//! file's place is refused, not waited on, see [`open_regular`]), a size cap, a byte-order
//! mark and Windows line ends accepted, versioned RON ([`DataFile`]). Writing: atomic, through
//! a temporary file of this process's own, flushed before the rename
//! ([`pegsol_layout::files::write_atomic`]), so a full disk or a crash never leaves a cut
//! file. And what happens to a file that cannot be read: it is moved aside to
//! `NAME.broken-DATE` ([`set_aside`]) and the caller says so, so it is never overwritten and
//! nothing in it is lost ([`load`]).

use pegsol_layout::files::{open_regular, write_atomic};
use pegsol_layout::format::{ron_options, ron_place, ron_pretty};
use pegsol_layout::text::escape_controls;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A kind of Pegsol data file: its name in messages, its version, and the version a value
/// holds. Bump [`DataFile::VERSION`] when the form changes incompatibly: a file of another
/// version is then kept aside, not read wrongly or overwritten.
pub trait DataFile: Serialize + DeserializeOwned {
    /// What the file is, in messages ("game store", "statistics").
    const WHAT: &'static str;
    /// The version this Pegsol writes and reads.
    const VERSION: u32;
    /// The largest file read, in bytes: anything larger is not one of ours.
    const MAX_BYTES: u64 = 1 << 20;
    /// The version the value read says it is.
    fn version(&self) -> u32;
}

/// Why a data file cannot be read or written. Every case names the file.
#[derive(Debug, thiserror::Error)]
pub enum DataFileError {
    /// The file could not be opened or read (a folder, a FIFO, a device, a symbolic link loop,
    /// no permission).
    #[error("{}: cannot read: {error}", shown(path))]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
    /// Larger than any file of its kind.
    #[error(
        "{}: {size} bytes, more than a Pegsol {what} file holds ({max})",
        shown(path)
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The kind of file.
        what: &'static str,
        /// The cap.
        max: u64,
    },
    /// Not UTF-8 text, or text with a NUL byte.
    #[error("{}: not text (a bad byte at offset {at})", shown(path))]
    NotText {
        /// The file.
        path: PathBuf,
        /// The first bad byte's offset.
        at: usize,
    },
    /// Not a file of its kind: the RON reader's message, placed.
    #[error("{}:{line}:{column}: not a Pegsol {what} file: {message}", shown(path))]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The kind of file.
        what: &'static str,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// Written by another version of Pegsol.
    #[error(
        "{}: written by {} version of Pegsol ({what} version {found}; this one reads {expected})",
        shown(path),
        if *.found > *.expected { "a newer" } else { "an older" }
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// The kind of file.
        what: &'static str,
        /// The version in the file.
        found: u32,
        /// The version this Pegsol reads.
        expected: u32,
    },
    /// Read, but what it holds is wrong (a game that does not replay), as the caller found.
    #[error("{}: {message}", shown(path))]
    Content {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The value could not be written as RON.
    #[error("{}: cannot be written as RON: {error}", shown(path))]
    Encode {
        /// The file.
        path: PathBuf,
        /// What the RON writer said.
        #[source]
        error: ron::Error,
    },
    /// The file (or its folder) could not be written; the file on disk is as it was.
    #[error("{}: cannot write: {error}", shown(path))]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        error: std::io::Error,
    },
}

/// A path for a message, control characters escaped.
fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// What reading a data file gave.
#[derive(Debug)]
pub enum Loaded<T> {
    /// There is no file (yet).
    Missing,
    /// The file, read.
    Read(T),
    /// The file could not be read: it was moved aside (to `kept`, or left in place when even
    /// that failed) so that it is never overwritten.
    SetAside {
        /// Why it could not be read.
        error: DataFileError,
        /// Where it is now, if it could be moved.
        kept: Option<PathBuf>,
    },
}

impl<T> Loaded<T> {
    /// The value read, if any.
    pub fn value(self) -> Option<T> {
        match self {
            Loaded::Read(value) => Some(value),
            _ => None,
        }
    }

    /// What to tell the person, for a file set aside: what was wrong and where it is kept.
    pub fn notice(&self) -> Option<String> {
        match self {
            Loaded::SetAside { error, kept } => Some(aside_notice(error, kept.as_deref())),
            _ => None,
        }
    }
}

/// The line that says a file could not be read and where it is kept now.
pub fn aside_notice(error: &DataFileError, kept: Option<&Path>) -> String {
    match kept {
        Some(kept) => format!(
            "{error}; it is kept as {} and Pegsol starts without it",
            shown(kept)
        ),
        None => format!("{error}; it could not be moved aside either, so Pegsol leaves it alone"),
    }
}

/// Reads the data file at `path`; a file that is there but cannot be read is moved aside
/// (see [`Loaded::SetAside`]).
pub fn load<T: DataFile>(path: &Path) -> Loaded<T> {
    match read::<T>(path) {
        Ok(None) => Loaded::Missing,
        Ok(Some(value)) => Loaded::Read(value),
        Err(error) => {
            let kept = set_aside(path).ok();
            Loaded::SetAside { error, kept }
        }
    }
}

/// Reads the data file at `path` without touching it: `Ok(None)` when there is none.
pub fn read<T: DataFile>(path: &Path) -> Result<Option<T>, DataFileError> {
    let Some(text) = read_text(path, T::WHAT, T::MAX_BYTES)? else {
        return Ok(None);
    };
    parse::<T>(&text, path).map(Some)
}

/// Reads `path` as text, refusing (without waiting) anything that is not a regular file and
/// anything over `max` bytes, with any byte-order mark taken off. `Ok(None)` when there is
/// nothing at the path.
pub fn read_text(
    path: &Path,
    what: &'static str,
    max: u64,
) -> Result<Option<String>, DataFileError> {
    let io = |error| DataFileError::Read {
        path: path.to_path_buf(),
        error,
    };
    let file = match open_regular(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    let mut bytes = Vec::new();
    // `take`: the cap holds even for a file that grows while it is read.
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        let size = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(DataFileError::TooLarge {
            path: path.to_path_buf(),
            size,
            what,
            max,
        });
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            return Err(DataFileError::NotText {
                path: path.to_path_buf(),
                at: e.utf8_error().valid_up_to(),
            })
        }
    };
    if let Some(at) = text.find('\0') {
        return Err(DataFileError::NotText {
            path: path.to_path_buf(),
            at,
        });
    }
    Ok(Some(pegsol_layout::text::strip_bom(&text).to_string()))
}

/// Parses a data file's `text` (read from `path`, for messages), checking its version.
pub fn parse<T: DataFile>(text: &str, path: &Path) -> Result<T, DataFileError> {
    match ron_options().from_str::<T>(text) {
        Ok(value) if value.version() == T::VERSION => Ok(value),
        Ok(value) => Err(version_error::<T>(path, value.version())),
        Err(e) => {
            // A file of another version may not parse as this one: say so rather than
            // quoting a field it lacks.
            if let Some(found) = version_of(text).filter(|&v| v != T::VERSION) {
                return Err(version_error::<T>(path, found));
            }
            let (line, column) = ron_place(&e);
            Err(DataFileError::Syntax {
                path: path.to_path_buf(),
                what: T::WHAT,
                line,
                column,
                message: escape_controls(&e.code.to_string()).into_owned(),
            })
        }
    }
}

fn version_error<T: DataFile>(path: &Path, found: u32) -> DataFileError {
    DataFileError::Version {
        path: path.to_path_buf(),
        what: T::WHAT,
        found,
        expected: T::VERSION,
    }
}

/// The `version: N` a RON text holds at its top level, if it can be read as any RON value.
pub fn version_of(text: &str) -> Option<u32> {
    #[derive(serde::Deserialize)]
    struct Probe {
        version: u32,
    }
    // `ron::Value` forgets struct names, so a `Name(version: 3, ...)` of any name reads.
    let value: ron::Value = ron_options().from_str(text).ok()?;
    value.into_rust::<Probe>().ok().map(|p| p.version)
}

/// Writes `value` to `path` as pretty RON, atomically, making the folder if needed. On an
/// error the file on disk is as it was.
pub fn store<T: DataFile>(path: &Path, value: &T) -> Result<(), DataFileError> {
    let text =
        ron::ser::to_string_pretty(value, ron_pretty()).map_err(|error| DataFileError::Encode {
            path: path.to_path_buf(),
            error,
        })?;
    write_text(path, &text)
}

/// Writes `text` to `path` atomically, making the folder if needed.
pub fn write_text(path: &Path, text: &str) -> Result<(), DataFileError> {
    let fail = |error| DataFileError::Write {
        path: path.to_path_buf(),
        error,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    write_atomic(path, text).map_err(fail)
}

/// Moves the file (or whatever is) at `path` aside to `NAME.broken-DATE` (UTC, to the
/// second; `-2`, `-3` … when taken) in the same folder, and returns where. A symbolic link is
/// moved itself, never what it points to.
pub fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let kept = aside_name(path)?;
    std::fs::rename(path, &kept)?;
    Ok(kept)
}

/// Copies the file at `path` aside (named as [`set_aside`] names it) and leaves it in place:
/// for a file that was read but held something that had to be left out.
pub fn copy_aside(path: &Path) -> std::io::Result<PathBuf> {
    let kept = aside_name(path)?;
    std::fs::copy(path, &kept)?;
    Ok(kept)
}

/// The first free `NAME.broken-DATE[-N]` beside `path`.
fn aside_name(path: &Path) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let stamp = utc_stamp(std::time::SystemTime::now());
    (1..1000)
        .map(|n| match n {
            1 => path.with_file_name(format!("{name}.broken-{stamp}")),
            n => path.with_file_name(format!("{name}.broken-{stamp}-{n}")),
        })
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .ok_or_else(|| std::io::Error::other("too many files set aside already"))
}

/// A time as `YYYYMMDD-HHMMSS` in UTC, for file names (no `:`, which Windows refuses).
pub fn utc_stamp(time: std::time::SystemTime) -> String {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Pegsol's data folder: Linux `$XDG_DATA_HOME/pegsol` or `~/.local/share/pegsol`, macOS
/// `~/Library/Application Support/pegsol`, Windows `%APPDATA%\pegsol\data`. `None` where the
/// system names no home.
pub fn data_dir() -> Option<PathBuf> {
    use std::env::var_os;
    if cfg!(windows) {
        return var_os("APPDATA").map(|p| PathBuf::from(p).join("pegsol").join("data"));
    }
    let home = std::env::home_dir();
    if cfg!(target_os = "macos") {
        return home.map(|h| h.join("Library").join("Application Support").join("pegsol"));
    }
    var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".local").join("share")))
        .map(|p| p.join("pegsol"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_testkit::scratch::Scratch;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename = "Thing")]
    struct Thing {
        version: u32,
        words: Vec<String>,
    }

    impl DataFile for Thing {
        const WHAT: &'static str = "thing";
        const VERSION: u32 = 2;
        const MAX_BYTES: u64 = 200;
        fn version(&self) -> u32 {
            self.version
        }
    }

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("data-{name}"))
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_round_trips_and_a_bom_and_crlf_are_read() {
        let dir = scratch("round");
        let path = dir.join("sub").join("thing.ron");
        assert!(matches!(load::<Thing>(&path), Loaded::Missing));
        let thing = Thing {
            version: 2,
            words: vec!["a".into()],
        };
        store(&path, &thing).unwrap();
        assert_eq!(load::<Thing>(&path).value(), Some(thing));
        std::fs::write(
            &path,
            "\u{feff}Thing(\r\n version: 2,\r\n words: [\"b\"],\r\n)\r\n",
        )
        .unwrap();
        assert_eq!(read::<Thing>(&path).unwrap().unwrap().words, ["b"]);
    }

    #[test]
    fn an_unreadable_file_is_set_aside_never_overwritten() {
        for (name, text) in [
            ("syntax", "Thing(version: 2, words: 3)".as_bytes().to_vec()),
            ("newer", b"Thing(version: 7, shiny: true)".to_vec()),
            ("nul", b"Thing(version: 2,\0 words: [])".to_vec()),
            ("latin1", b"Thing(version: 2, words: [\"\xe9\"])".to_vec()),
            ("big", vec![b' '; 300]),
            ("cut", b"Thing(version: 2, words: [\"ab".to_vec()),
        ] {
            let dir = scratch(name);
            let path = dir.join("thing.ron");
            std::fs::write(&path, &text).unwrap();
            let loaded = load::<Thing>(&path);
            let notice = loaded
                .notice()
                .unwrap_or_else(|| panic!("{name}: set aside"));
            assert!(notice.contains("thing.ron"), "{name}: {notice}");
            assert!(!path.exists(), "{name}: moved away");
            let names = entries(&dir);
            assert_eq!(names.len(), 1, "{name}: {names:?}");
            assert!(
                names[0].starts_with("thing.ron.broken-"),
                "{name}: {names:?}"
            );
            assert_eq!(
                std::fs::read(dir.join(&names[0])).unwrap(),
                text,
                "{name}: kept whole"
            );
            if name == "newer" {
                assert!(notice.contains("a newer version"), "{notice}");
            }
        }
    }

    #[test]
    fn a_folder_at_the_place_of_the_file_is_set_aside() {
        let dir = scratch("folder");
        let path = dir.join("thing.ron");
        std::fs::create_dir_all(path.join("inside")).unwrap();
        let loaded = load::<Thing>(&path);
        assert!(loaded.notice().unwrap().contains("folder"), "{loaded:?}");
        store(
            &path,
            &Thing {
                version: 2,
                words: vec![],
            },
        )
        .unwrap();
        assert!(path.is_file());
    }

    #[test]
    fn dates_are_utc_calendar_dates() {
        let at =
            |secs: u64| utc_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "19700101-000000");
        assert_eq!(at(951_782_400), "20000229-000000");
        assert_eq!(at(1_795_675_845), "20261126-065045");
    }
}
