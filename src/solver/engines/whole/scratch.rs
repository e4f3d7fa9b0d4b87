//! The scratch folder where the level engine keeps what memory cannot hold, and the account
//! of the memory it holds.
//!
//! - [`Scratch`]: a folder of its own under the scratch folder asked for (`--scratch DIR`;
//!   by default `pegsol/scratch` under the cache folder: `$XDG_CACHE_HOME`, else
//!   `~/.cache`), made when the first file is wanted and removed with everything in it when
//!   the engine is done, however it ends (a panic too). Folders left by a run that was
//!   killed (its process no longer exists) are removed when the next run starts.
//! - [`Account`]: the bytes the engine's large structures hold against its [`Room`]; each
//!   takes a [`Lease`], given back when the structure is dropped.

use super::WholeError;
use crate::solver::engines::memory::Room;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The scratch folder as a person would name it in a message.
pub fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// The default parent of the scratch folders: `pegsol/scratch` under the cache folder.
pub fn default_parent() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })
        .unwrap_or_else(std::env::temp_dir);
    cache.join("pegsol").join("scratch")
}

/// Where the level engine writes what memory cannot hold (see the module docs).
pub struct Scratch {
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
    /// Scratch space under `parent` (`None`: [`default_parent`]). Nothing is made yet.
    pub fn new(parent: Option<PathBuf>) -> Scratch {
        Scratch {
            parent: parent.unwrap_or_else(default_parent),
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
        std::fs::create_dir_all(&self.parent)?;
        remove_stale(&self.parent);
        let mine = self.parent.join(format!(
            "run-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir(&mine)?;
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
        }
    }
}

/// Removes the folders in `parent` left by runs whose process has ended (Linux: no
/// `/proc/PID`); elsewhere nothing is removed.
fn remove_stale(parent: &Path) {
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
            .and_then(|n| n.strip_prefix("run-"))
            .and_then(|n| n.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
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
mod tests {
    use super::*;

    #[test]
    fn scratch_files_are_counted_and_removed_with_their_folder() {
        let parent = crate::test_scratch::Scratch::new("engine-scratch");
        let scratch = Scratch::new(Some(parent.to_path_buf()));
        let mut f = scratch.file("t").expect("a file");
        f.append(b"hello world").expect("written");
        let mut back = [0u8; 5];
        f.read_at(&mut back, 6).expect("read");
        assert_eq!(&back, b"world");
        assert_eq!(scratch.used(), 11);
        let dir = f.path().parent().expect("a folder").to_path_buf();
        drop(f);
        assert_eq!(scratch.used(), 0);
        assert_eq!(scratch.peak(), 11);
        assert!(dir.exists());
        drop(scratch);
        assert!(!dir.exists());
    }

    #[test]
    fn an_account_lends_no_more_than_its_room() {
        let account = Account::new(Room::fixed(10 << 20));
        let a = account.take(6 << 20).expect("fits");
        assert!(account.take(6 << 20).is_none());
        // Refused, a lease says by whom and with what figures (not "the system refused it").
        let refused = account.lease(6 << 20).err().expect("past the room");
        assert_eq!(
            refused.to_string(),
            "could not take 6 MiB of memory: the engine may hold 10 MiB in all here and \
             holds 6 MiB (give it more with --memory, or raise the process's memory limit)"
        );
        let mut b = account.empty();
        assert!(b.grow(4 << 20));
        assert!(!b.grow(1));
        b.shrink_to(1 << 20);
        assert_eq!(account.used(), 7 << 20);
        drop(a);
        drop(b);
        assert_eq!(account.used(), 0);
        assert_eq!(account.peak(), 10 << 20);
    }
}
