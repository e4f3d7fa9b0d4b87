//! The cluster a run is part of: the hosts file (`host:port`, one line per process, in the
//! order of their indexes), this process's index and its worker threads, read and checked
//! before any connection is tried, so that a bad file or index is a message naming it.

use std::path::{Path, PathBuf};

/// One run's place in a cluster: every process's address, this one's index, the worker
/// threads each process runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// `host:port` of each process, by index.
    pub addresses: Vec<String>,
    /// This process's index in `addresses`.
    pub process: usize,
    /// Worker threads of each process (the same on every machine: the partition of the
    /// levels depends on the number of workers in all).
    pub workers: usize,
}

/// Why the cluster could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum HostsError {
    /// The hosts file could not be read.
    #[error("cannot read the hosts file {}: {source}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not `host:port`.
    #[error("{}, line {line}: `{text}` is not host:port (e.g. 10.0.0.7:2101)", path.display())]
    BadLine {
        /// The file.
        path: PathBuf,
        /// Its line, from 1.
        line: usize,
        /// What the line says.
        text: String,
    },
    /// The file names no process.
    #[error("{} names no process (one host:port a line)", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// The same address twice.
    #[error("{}, line {line}: {address} is already process {first}", path.display())]
    Repeated {
        /// The file.
        path: PathBuf,
        /// The line repeating it, from 1.
        line: usize,
        /// The address.
        address: String,
        /// The process that has it first.
        first: usize,
    },
    /// The process index is past the file's processes.
    #[error("--process {process}: {} names processes 0 to {}", path.display(), processes - 1)]
    BadProcess {
        /// The file.
        path: PathBuf,
        /// The index asked for.
        process: usize,
        /// Processes the file names.
        processes: usize,
    },
    /// No worker threads.
    #[error("--workers must be at least 1")]
    NoWorkers,
}

impl Cluster {
    /// The cluster `path` describes, as process `process` with `workers` threads.
    pub fn from_file(path: &Path, process: usize, workers: usize) -> Result<Cluster, HostsError> {
        let text = std::fs::read_to_string(path).map_err(|source| HostsError::Unreadable {
            path: path.to_path_buf(),
            source,
        })?;
        Cluster::parse(&text, path, process, workers)
    }

    /// The cluster of a hosts file's `text` (read from `path`, named in messages): one
    /// `host:port` a line; blank lines and `#` comments are skipped.
    pub fn parse(
        text: &str,
        path: &Path,
        process: usize,
        workers: usize,
    ) -> Result<Cluster, HostsError> {
        if workers == 0 {
            return Err(HostsError::NoWorkers);
        }
        let mut addresses: Vec<String> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || HostsError::BadLine {
                path: path.to_path_buf(),
                line: i + 1,
                text: line.to_string(),
            };
            let (host, port) = line.rsplit_once(':').ok_or_else(bad)?;
            // No host name holds a control character; refused here, one never reaches the
            // messages that name a process by its address.
            if host.is_empty() || host.contains(|c: char| c.is_whitespace() || c.is_control()) {
                return Err(bad());
            }
            port.parse::<u16>().map_err(|_| bad())?;
            if let Some(first) = addresses.iter().position(|a| a == line) {
                return Err(HostsError::Repeated {
                    path: path.to_path_buf(),
                    line: i + 1,
                    address: line.to_string(),
                    first,
                });
            }
            addresses.push(line.to_string());
        }
        if addresses.is_empty() {
            return Err(HostsError::Empty {
                path: path.to_path_buf(),
            });
        }
        if process >= addresses.len() {
            return Err(HostsError::BadProcess {
                path: path.to_path_buf(),
                process,
                processes: addresses.len(),
            });
        }
        Ok(Cluster {
            addresses,
            process,
            workers,
        })
    }

    /// One process alone, with `workers` threads (no network).
    pub fn alone(workers: usize) -> Cluster {
        Cluster {
            addresses: vec!["127.0.0.1:0".to_string()],
            process: 0,
            workers: workers.max(1),
        }
    }

    /// Workers in all, on every process.
    pub fn peers(&self) -> usize {
        self.addresses.len() * self.workers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, process: usize) -> Result<Cluster, HostsError> {
        Cluster::parse(text, Path::new("hosts.txt"), process, 1)
    }

    #[test]
    fn hosts_files_skip_comments_and_blank_lines() {
        let c = parse(
            "# two machines\n10.0.0.1:2101\n\n10.0.0.2:2101  # the other\n",
            1,
        )
        .expect("a good file");
        assert_eq!(c.addresses, ["10.0.0.1:2101", "10.0.0.2:2101"]);
        assert_eq!(c.process, 1);
        assert_eq!(c.peers(), 2);
    }

    #[test]
    fn bad_hosts_files_name_the_line() {
        let e = parse("10.0.0.1:2101\nnot an address\n", 0).unwrap_err();
        assert!(e.to_string().contains("hosts.txt, line 2"), "{e}");
        let e = parse("10.0.0.1:99999\n", 0).unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
        let e = parse("10.0.0.1:2101\nho\u{1b}[31mst:2101\n", 0).unwrap_err();
        assert!(e.to_string().contains("line 2"), "a control character: {e}");
        let e = parse("a:1\na:1\n", 0).unwrap_err();
        assert!(e.to_string().contains("already process 0"), "{e}");
        assert!(matches!(
            parse("\n# none\n", 0),
            Err(HostsError::Empty { .. })
        ));
    }

    #[test]
    fn a_process_past_the_file_is_refused() {
        let e = parse("a:1\nb:1\n", 2).unwrap_err();
        assert!(e.to_string().contains("processes 0 to 1"), "{e}");
    }
}
