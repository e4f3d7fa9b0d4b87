//! The scratch folder where the level engine keeps what memory cannot hold, and the account
//! of the memory it holds.
//!
//! - [`Scratch`]: a folder of its own, private (0700), made fresh when the first file is
//!   wanted and removed with everything in it when the engine is done, however it ends (a
//!   panic too). It goes under the folder asked for (`--scratch DIR`), else `pegsol/scratch`
//!   under the person's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`), else, with
//!   neither, in the temporary folder as a `mkdtemp`-style folder of its own
//!   (`pegsol-scratch-PID-...`): never a fixed name there, where another user could have
//!   made it first. No folder of the cache's `pegsol/scratch` and no run folder is ever a
//!   symbolic link followed (a link planted there is refused), and every file is made anew
//!   (`O_EXCL`, which follows no link). Folders left by a run that was killed (its process
//!   no longer exists) are removed when the next run starts, and the empty `pegsol/scratch`
//!   with the last run.
//! - [`Account`]: the bytes the engine's large structures hold against its [`Room`]; each
//!   takes a [`Lease`], given back when the structure is dropped.

use super::WholeError;
use crate::engines::memory::Room;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The scratch folder as a person would name it in a message.
pub fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// The prefix of a run folder made in the temporary folder.
const TEMP_PREFIX: &str = "pegsol-scratch-";

/// Where the scratch folders go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A folder the person named (`--scratch DIR`): made if missing, each run's folder in it.
    Given(PathBuf),
    /// The person's cache folder: `pegsol/scratch` in it, each run's folder in that.
    Cache(PathBuf),
    /// The temporary folder, shared with other users: each run's folder made in it fresh,
    /// under a name no one could have taken first.
    Temp(PathBuf),
}

impl Place {
    /// The folder the run folders go in, for messages and for the free space.
    pub fn parent(&self) -> PathBuf {
        match self {
            Place::Given(dir) | Place::Temp(dir) => dir.clone(),
            Place::Cache(cache) => cache.join("pegsol").join("scratch"),
        }
    }
}

/// The default place of the scratch folders: the cache folder (`$XDG_CACHE_HOME`, else
/// `~/.cache`), else the temporary folder.
pub fn default_place() -> Place {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        });
    match cache {
        Some(cache) => Place::Cache(cache),
        None => Place::Temp(std::env::temp_dir()),
    }
}

/// The default parent of the scratch folders (see [`default_place`]).
pub fn default_parent() -> PathBuf {
    default_place().parent()
}

/// Where the level engine writes what memory cannot hold (see the module docs).
pub struct Scratch {
    place: Place,
    parent: PathBuf,
    /// Whether files may be made at all ([`Scratch::none`]).
    allowed: bool,
    dir: Mutex<Option<PathBuf>>,
    next: AtomicU64,
    /// Bytes in the files now.
    used: Arc<AtomicU64>,
    /// The most bytes the files held at once.
    peak: Arc<AtomicU64>,
}

impl Scratch {
    /// Scratch space under `parent` (`None`: [`default_place`]). Nothing is made yet.
    pub fn new(parent: Option<PathBuf>) -> Scratch {
        Scratch::at(parent.map_or_else(default_place, Place::Given))
    }

    /// Scratch space at `place`. Nothing is made yet.
    pub fn at(place: Place) -> Scratch {
        Scratch {
            parent: place.parent(),
            place,
            allowed: true,
            dir: Mutex::new(None),
            next: AtomicU64::new(0),
            used: Arc::new(AtomicU64::new(0)),
            peak: Arc::new(AtomicU64::new(0)),
        }
    }

    /// No scratch space: every file asked for is refused, so an engine that outgrows its
    /// memory stops at once (for callers that only want what memory can hold).
    pub fn none() -> Scratch {
        let mut none = Scratch::new(Some(PathBuf::new()));
        none.allowed = false;
        none
    }

    /// The folder asked for (its own folder is made inside it).
    pub fn parent(&self) -> &Path {
        &self.parent
    }

    /// Bytes the files hold now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The most bytes the files held at once.
    pub fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Bytes free on the scratch folder's disk (`None` where the system does not say).
    pub fn free(&self) -> Option<u64> {
        if !self.allowed {
            return Some(0);
        }
        let mut probe = self.parent.clone();
        while !probe.exists() {
            if !probe.pop() {
                return None;
            }
        }
        free_bytes(&probe)
    }

    /// This run's own folder, made on first use (stale folders of killed runs removed).
    fn dir(&self) -> std::io::Result<PathBuf> {
        let mut dir = self.dir.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = dir.as_ref() {
            return Ok(d.clone());
        }
        let (parent, prefix) = match &self.place {
            Place::Given(parent) => {
                std::fs::create_dir_all(parent)?;
                (parent.clone(), "run-")
            }
            Place::Cache(cache) => {
                std::fs::create_dir_all(cache)?;
                let pegsol = private_folder(&cache.join("pegsol"))?;
                (private_folder(&pegsol.join("scratch"))?, "run-")
            }
            Place::Temp(temp) => (temp.clone(), TEMP_PREFIX),
        };
        remove_stale(&parent, prefix);
        let mine = fresh_folder(&parent, prefix)?;
        *dir = Some(mine.clone());
        Ok(mine)
    }

    /// A new file in this run's folder, open for reading and writing.
    pub fn file(&self, what: &str) -> std::io::Result<ScratchFile> {
        if !self.allowed {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "this search keeps its levels in memory, without scratch files",
            ));
        }
        let dir = self.dir()?;
        let path = dir.join(format!(
            "{what}-{}.bin",
            self.next.fetch_add(1, Ordering::Relaxed)
        ));
        // `create_new` is O_CREAT | O_EXCL: a link where the file goes is refused, not
        // followed.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        Ok(ScratchFile {
            file,
            path,
            bytes: 0,
            used: self.used.clone(),
            peak: self.peak.clone(),
        })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.get_mut().ok().and_then(|d| d.take()) {
            let _ = std::fs::remove_dir_all(dir);
            // The cache's `pegsol/scratch` goes with the last run that used it (only when
            // empty: another run's folder keeps it).
            if let Place::Cache(_) = self.place {
                let _ = std::fs::remove_dir(&self.parent);
            }
        }
    }
}

/// Makes `path` a folder only its owner can enter, if it is not there; refuses it if it is
/// a symbolic link or anything but a folder of this user (one planted by another user in a
/// shared place must never take the files). Returns `path`.
fn private_folder(path: &Path) -> std::io::Result<PathBuf> {
    match make_private(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let meta = std::fs::symlink_metadata(path)?;
    let refuse = |why: &str| {
        Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            format!("{}: {why}: refused for scratch files", path.display()),
        ))
    };
    if meta.file_type().is_symlink() {
        return refuse("a symbolic link");
    }
    if !meta.is_dir() {
        return refuse("not a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        if meta.uid() != unsafe { libc::geteuid() } {
            return refuse("a folder of another user");
        }
    }
    Ok(path.to_path_buf())
}

/// Makes the folder `path` (not its parents), 0700 where the system has modes.
fn make_private(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(path)
}

/// Makes a new private folder in `parent` named `PREFIX-PID-NANOS-N`, as `mkdtemp` does:
/// made by this call or refused (a name already taken, a link in the way, is never used;
/// another name is tried).
fn fresh_folder(parent: &Path, prefix: &str) -> std::io::Result<PathBuf> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut last = None;
    for n in 0..100u32 {
        let path = parent.join(format!("{prefix}{}-{nanos}-{n}", std::process::id()));
        match make_private(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::ErrorKind::AlreadyExists.into()))
}

/// Removes the folders in `parent` named `PREFIX-PID-...` left by runs whose process has ended
/// (Linux: no `/proc/PID`): only real folders of this user, never through a link; elsewhere
/// nothing is removed.
fn remove_stale(parent: &Path, prefix: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix))
            .and_then(|n| n.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists() {
            continue;
        }
        // `DirEntry::metadata` does not follow a link.
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // SAFETY: geteuid has no preconditions and cannot fail.
            if meta.uid() != unsafe { libc::geteuid() } {
                continue;
            }
        }
        if meta.is_dir() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Free bytes on the file system holding `path`.
fn free_bytes(path: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
        // SAFETY: a zeroed statvfs filled in by the call; the path is NUL-terminated.
        let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
            return None;
        }
        Some((s.f_bavail as u64).saturating_mul(s.f_frsize as u64))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// One file of the scratch folder, removed when dropped; its size is counted in the
/// folder's use.
pub struct ScratchFile {
    file: File,
    path: PathBuf,
    bytes: u64,
    used: Arc<AtomicU64>,
    peak: Arc<AtomicU64>,
}

impl ScratchFile {
    /// The open file.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes written.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Appends `data`.
    pub fn append(&mut self, data: &[u8]) -> std::io::Result<()> {
        use std::io::Write;
        (&self.file).write_all(data)?;
        self.bytes += data.len() as u64;
        let now = self.used.fetch_add(data.len() as u64, Ordering::Relaxed) + data.len() as u64;
        self.peak.fetch_max(now, Ordering::Relaxed);
        Ok(())
    }

    /// Reads `buf.len()` bytes at `offset`.
    pub fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileExt;
            self.file.read_exact_at(buf, offset)
        }
        #[cfg(windows)]
        {
            use std::os::windows::fs::FileExt;
            let mut done = 0;
            while done < buf.len() {
                let n = self
                    .file
                    .seek_read(&mut buf[done..], offset + done as u64)?;
                if n == 0 {
                    return Err(std::io::ErrorKind::UnexpectedEof.into());
                }
                done += n;
            }
            Ok(())
        }
    }
}

impl Drop for ScratchFile {
    fn drop(&mut self) {
        self.used.fetch_sub(self.bytes, Ordering::Relaxed);
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The memory the engine's large structures hold against its room (see the module docs).
pub struct Account {
    room: u64,
    used: AtomicU64,
    peak: AtomicU64,
}

impl Account {
    /// An account of `room`.
    pub fn new(room: Room) -> Arc<Account> {
        Arc::new(Account {
            room: room.bytes(),
            used: AtomicU64::new(0),
            peak: AtomicU64::new(0),
        })
    }

    /// The room.
    pub fn room(&self) -> u64 {
        self.room
    }

    /// Bytes held now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The most bytes held at once.
    pub fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Bytes still free.
    pub fn free(&self) -> u64 {
        self.room.saturating_sub(self.used())
    }

    /// Takes `bytes` if they are free; else says what was asked and what the room holds.
    pub fn lease(self: &Arc<Account>, bytes: u64) -> Result<Lease, WholeError> {
        self.take(bytes).ok_or_else(|| WholeError::Room {
            bytes,
            room: self.room,
            held: self.used(),
        })
    }

    /// Takes `bytes` if they are free.
    pub fn take(self: &Arc<Account>, bytes: u64) -> Option<Lease> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let after = used.checked_add(bytes)?;
            if after > self.room {
                return None;
            }
            match self
                .used
                .compare_exchange(used, after, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.peak.fetch_max(after, Ordering::Relaxed);
                    return Some(Lease {
                        account: self.clone(),
                        bytes,
                    });
                }
                Err(now) => used = now,
            }
        }
    }

    /// A lease of nothing, to grow.
    pub fn empty(self: &Arc<Account>) -> Lease {
        Lease {
            account: self.clone(),
            bytes: 0,
        }
    }
}

/// Bytes held against an [`Account`], given back when dropped.
pub struct Lease {
    account: Arc<Account>,
    bytes: u64,
}

impl Lease {
    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Takes `more` bytes too, if they are free.
    pub fn grow(&mut self, more: u64) -> bool {
        match self.account.take(more) {
            Some(l) => {
                self.bytes += l.bytes;
                std::mem::forget(l);
                true
            }
            None => false,
        }
    }

    /// Gives back all but `keep` bytes.
    pub fn shrink_to(&mut self, keep: u64) {
        if keep < self.bytes {
            self.account
                .used
                .fetch_sub(self.bytes - keep, Ordering::Relaxed);
            self.bytes = keep;
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.account.used.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests;
