//! Each worker's finished levels on its own disk: one file a level, the worker's part of it
//! (sorted canonical forms, written as varint gaps) behind a header that says which run,
//! which worker and which level it is, with the part's figures and a checksum of the body.
//!
//! The files are what `--resume` restarts from and what the way back (the winners) reads
//! level by level, so a worker holds one level in memory at a time. A file is written to a
//! temporary name and renamed when complete, so a level that is there is whole; a file that
//! does not read back as written (another run's, another worker count's, a checksum that
//! does not match) is an error naming it, never used.

use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The first bytes of every level file.
const MAGIC: &[u8; 8] = b"PEGSOLLV";
/// The format's version: a file of another is refused.
const VERSION: u32 = 1;

/// What a level file says of itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The run: the board, its start and goal, and the workers in all ([`fingerprint`]).
    pub run: u64,
    /// Workers in all.
    pub peers: u32,
    /// The worker whose part this is.
    pub worker: u32,
    /// Jumps from the start.
    pub level: u32,
    /// Canonical forms in the part.
    pub len: u64,
    /// Positions they stand for (their orbits' sizes added up).
    pub positions: u64,
    /// Positions up to every symmetry of the board.
    pub distinct: u64,
}

/// A level file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Reading or writing failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not what its name says.
    #[error("{}: {what}; remove the folder {} and run again without --resume", path.display(), path.parent().map_or_else(String::new, |p| p.display().to_string()))]
    Bad {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// FNV-1a over `bytes`, continuing from `h`: the run's fingerprint and the bodies' checksums.
pub fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a's starting value.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The fingerprint of a run: what it counts (`what`, e.g. the board's name, start and goal
/// as text) and the workers in all, which decide the partition.
pub fn fingerprint(what: &str, peers: usize) -> u64 {
    fnv(
        fnv(FNV_START, what.as_bytes()),
        &(peers as u64).to_le_bytes(),
    )
}

/// One worker's folder of level files.
#[derive(Clone, Debug)]
pub struct Store {
    folder: PathBuf,
    run: u64,
    peers: u32,
    worker: u32,
}

impl Store {
    /// Worker `worker`'s folder for run `run` under `scratch` (made if missing).
    pub fn new(scratch: &Path, run: u64, peers: usize, worker: usize) -> Result<Store, StoreError> {
        let folder = scratch
            .join(format!("cluster-{run:016x}"))
            .join(format!("worker-{worker}"));
        fs::create_dir_all(&folder).map_err(io(&folder))?;
        Ok(Store {
            folder,
            run,
            peers: peers as u32,
            worker: worker as u32,
        })
    }

    /// The worker's folder.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    fn path(&self, level: u32) -> PathBuf {
        self.folder.join(format!("level-{level:03}.keys"))
    }

    /// Removes every level file (a run started afresh).
    pub fn clear(&self) -> Result<(), StoreError> {
        for entry in fs::read_dir(&self.folder).map_err(io(&self.folder))? {
            let path = entry.map_err(io(&self.folder))?.path();
            if path.extension().is_some_and(|e| e == "keys" || e == "part") {
                fs::remove_file(&path).map_err(io(&path))?;
            }
        }
        Ok(())
    }

    /// How many levels are finished here: level files 0, 1, ... without a gap.
    pub fn finished(&self) -> u32 {
        let mut n = 0;
        while self.path(n).exists() {
            n += 1;
        }
        n
    }

    /// Writes level `level`'s part: `keys` (ascending, distinct) and their figures.
    pub fn write(
        &self,
        level: u32,
        keys: &[u64],
        positions: u64,
        distinct: u64,
    ) -> Result<(), StoreError> {
        let mut body = Vec::with_capacity(keys.len() * 3);
        let mut last = 0u64;
        for &k in keys {
            let mut gap = k - last;
            last = k;
            while gap >= 0x80 {
                body.push((gap as u8) | 0x80);
                gap >>= 7;
            }
            body.push(gap as u8);
        }
        let header = Header {
            run: self.run,
            peers: self.peers,
            worker: self.worker,
            level,
            len: keys.len() as u64,
            positions,
            distinct,
        };
        let path = self.path(level);
        let part = path.with_extension("part");
        let file = fs::File::create(&part).map_err(io(&part))?;
        let mut w = BufWriter::new(file);
        let mut head = Vec::with_capacity(80);
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&VERSION.to_le_bytes());
        head.extend_from_slice(&header.level.to_le_bytes());
        head.extend_from_slice(&header.run.to_le_bytes());
        head.extend_from_slice(&header.peers.to_le_bytes());
        head.extend_from_slice(&header.worker.to_le_bytes());
        for v in [
            header.len,
            header.positions,
            header.distinct,
            body.len() as u64,
            fnv(FNV_START, &body),
        ] {
            head.extend_from_slice(&v.to_le_bytes());
        }
        w.write_all(&head).map_err(io(&part))?;
        w.write_all(&body).map_err(io(&part))?;
        let file = w.into_inner().map_err(|e| io(&part)(e.into_error()))?;
        file.sync_all().map_err(io(&part))?;
        fs::rename(&part, &path).map_err(io(&path))
    }

    /// Reads level `level`'s header, checked against this run and worker.
    pub fn header(&self, level: u32) -> Result<Header, StoreError> {
        let path = self.path(level);
        let file = fs::File::open(&path).map_err(io(&path))?;
        let (header, _, _) = self.read_head(&path, &mut BufReader::new(file), level)?;
        Ok(header)
    }

    /// Reads level `level`'s part: its header and keys, every check passed.
    pub fn read(&self, level: u32) -> Result<(Header, Vec<u64>), StoreError> {
        let path = self.path(level);
        let file = fs::File::open(&path).map_err(io(&path))?;
        let mut r = BufReader::new(file);
        let (header, body_len, sum) = self.read_head(&path, &mut r, level)?;
        let bad = |what: &str| StoreError::Bad {
            path: path.clone(),
            what: what.to_string(),
        };
        let mut body = Vec::new();
        r.read_to_end(&mut body).map_err(io(&path))?;
        if body.len() as u64 != body_len {
            return Err(bad(
                "cut short or too long (the checksum's body does not match)",
            ));
        }
        if fnv(FNV_START, &body) != sum {
            return Err(bad("its checksum does not match: the file is damaged"));
        }
        let mut keys = Vec::with_capacity(header.len as usize);
        let (mut last, mut gap, mut shift) = (0u64, 0u64, 0u32);
        for &b in &body {
            if shift >= 64 {
                return Err(bad("a key past 64 bits"));
            }
            gap |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                last = last.wrapping_add(gap);
                keys.push(last);
                gap = 0;
                shift = 0;
            } else {
                shift += 7;
            }
        }
        if keys.len() as u64 != header.len || shift != 0 {
            return Err(bad("its keys do not number what its header says"));
        }
        Ok((header, keys))
    }

    fn read_head(
        &self,
        path: &Path,
        r: &mut impl Read,
        level: u32,
    ) -> Result<(Header, u64, u64), StoreError> {
        let bad = |what: String| StoreError::Bad {
            path: path.to_path_buf(),
            what,
        };
        let mut head = [0u8; 8 + 4 + 4 + 8 + 4 + 4 + 5 * 8];
        r.read_exact(&mut head)
            .map_err(|_| bad("too short for a level file's header".to_string()))?;
        if &head[..8] != MAGIC {
            return Err(bad("not a level file of pegsol's cluster".to_string()));
        }
        let u32_at = |i: usize| u32::from_le_bytes(head[i..i + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().unwrap_or([0; 8]));
        if u32_at(8) != VERSION {
            return Err(bad(format!("format version {}, not {VERSION}", u32_at(8))));
        }
        let header = Header {
            level: u32_at(12),
            run: u64_at(16),
            peers: u32_at(24),
            worker: u32_at(28),
            len: u64_at(32),
            positions: u64_at(40),
            distinct: u64_at(48),
        };
        if header.run != self.run || header.peers != self.peers || header.worker != self.worker {
            return Err(bad(format!(
                "written by another run (run {:016x}, worker {} of {})",
                header.run, header.worker, header.peers
            )));
        }
        if header.level != level {
            return Err(bad(format!("holds level {}, not {level}", header.level)));
        }
        Ok((header, u64_at(56), u64_at(64)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_reads_back_as_written() {
        let dir = pegsol_testkit::scratch::Scratch::new("cluster-store");
        let store = Store::new(dir.path(), 7, 2, 1).expect("folder");
        let keys = [1u64, 2, 300, 1 << 40, (1 << 52) - 1];
        store.write(3, &keys, 9, 4).expect("written");
        let (h, back) = store.read(3).expect("read");
        assert_eq!(back, keys);
        assert_eq!((h.len, h.positions, h.distinct, h.level), (5, 9, 4, 3));
        assert_eq!(
            store.finished(),
            0,
            "level 0 is missing, so none is finished"
        );
    }

    #[test]
    fn a_damaged_or_foreign_level_is_refused_by_name() {
        let dir = pegsol_testkit::scratch::Scratch::new("cluster-store-bad");
        let store = Store::new(dir.path(), 7, 2, 1).expect("folder");
        store.write(0, &[5, 6, 7], 3, 3).expect("written");
        let path = store.folder().join("level-000.keys");
        let mut bytes = fs::read(&path).expect("read");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        fs::write(&path, &bytes).expect("write");
        let e = store.read(0).unwrap_err().to_string();
        assert!(
            e.contains("checksum") && e.contains("level-000.keys"),
            "{e}"
        );
        let other = Store::new(dir.path(), 7, 2, 0).expect("folder");
        fs::copy(&path, other.folder().join("level-000.keys")).expect("copy");
        let e = other.read(0).unwrap_err().to_string();
        assert!(e.contains("another run"), "{e}");
    }
}
