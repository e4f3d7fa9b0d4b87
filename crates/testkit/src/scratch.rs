//! A fresh folder for one test under the system's temp folder: removed when the test passes,
//! kept when it fails (to look at what it left).
//!
//! The name is `pegsol-<name>-<pid>`: unique per test process, so each test of a binary needs
//! a name of its own (two live folders of one name would remove each other's files, and
//! [`Scratch::new`] refuses that).

// Each test binary compiles this module on its own and may use only some of it (the
// library's unit tests take it too, as `pegsol_testkit::scratch`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The folders of the live [`Scratch`]es of this process.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A folder that is removed when this is dropped, unless the thread is panicking (a failed
/// test keeps its folder).
#[derive(Debug)]
pub struct Scratch(PathBuf);

impl Scratch {
    /// Makes `<temp>/pegsol-<name>-<pid>`, empty (what an earlier process of the same id left
    /// there is removed). Panics when a live `Scratch` of this process has the same name.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("pegsol-{name}-{}", std::process::id()));
        {
            let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
            if live.contains(&dir) {
                drop(live);
                panic!("{} is in use by another test", dir.display());
            }
            live.push(dir.clone());
        }
        // Made before the folder, so a failure to make it still leaves the name free.
        let scratch = Scratch(dir);
        let _ = std::fs::remove_dir_all(&scratch.0);
        std::fs::create_dir_all(&scratch.0).expect("a scratch folder");
        scratch
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept {} (the test failed)", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        live.retain(|d| d != &self.0);
    }
}
