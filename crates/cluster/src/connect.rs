//! Connecting the processes: each listens on its own address, connects to every process
//! before it and accepts every process after it, then hands the sockets to timely.
//!
//! timely can connect the processes itself, but it prints its waiting to standard output
//! (where the count's answer goes) and retries a refused connection for ever; here a
//! process waits quietly, says on standard error which process it still waits for, and
//! gives up after [`WAIT`] with a message naming it. An address already in use is said so,
//! with the hosts file's line.

use crate::hosts::Cluster;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::Hooks;

/// How long a process waits for the others to start.
pub const WAIT: Duration = Duration::from_secs(300);

/// The first bytes a process sends on a connection: the program's mark, then its index.
const HELLO: &[u8; 8] = b"PEGSOLCL";

/// Why the processes could not be connected.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    /// This process's address cannot be listened on.
    #[error("cannot listen on {address} (process {process}'s line of the hosts file): {source}")]
    Listen {
        /// The address.
        address: String,
        /// This process.
        process: usize,
        /// Why (in use, not this machine's address).
        source: std::io::Error,
    },
    /// Others did not come in time.
    #[error("gave up after {} s waiting for process {} ({}): start `pegsol` with its --process on that machine, or check the address and the firewall", WAIT.as_secs(), missing, address)]
    Waited {
        /// A process still missing.
        missing: usize,
        /// Its address.
        address: String,
    },
    /// A connection that is not from a process of this run.
    #[error("a connection on {address} did not introduce itself as a process of this run")]
    Stranger {
        /// Where it came.
        address: String,
    },
    /// Setting up timely's threads failed.
    #[error("could not start the exchange between the processes: {0}")]
    Timely(String),
}

/// timely's allocators for this process's workers (one per thread) and the guard of its
/// network threads, which must live as long as the workers.
pub type Built = (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>);

/// Connects this process to the others of `cluster` (nothing to connect when alone).
pub fn connect(cluster: &Cluster) -> Result<Built, ConnectError> {
    let hooks = Hooks::default();
    let threads = cluster.workers;
    if cluster.addresses.len() == 1 {
        let builders = ProcessBuilder::new_typed_vector(threads, hooks.refill, hooks.spill)
            .into_iter()
            .map(AllocatorBuilder::Process)
            .collect();
        return Ok((builders, Box::new(())));
    }
    let me = cluster.process;
    let address = &cluster.addresses[me];
    let listener = TcpListener::bind(address).map_err(|source| ConnectError::Listen {
        address: address.clone(),
        process: me,
        source,
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|e| ConnectError::Timely(e.to_string()))?;
    let n = cluster.addresses.len();
    let mut sockets: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    let started = Instant::now();
    let mut told = Instant::now();
    loop {
        for (i, slot) in sockets.iter_mut().enumerate().take(me) {
            if slot.is_none() {
                if let Ok(mut s) = TcpStream::connect(&cluster.addresses[i]) {
                    let mut hello = HELLO.to_vec();
                    hello.extend_from_slice(&(me as u64).to_le_bytes());
                    if s.write_all(&hello).is_ok() {
                        *slot = Some(s);
                    }
                }
            }
        }
        loop {
            match listener.accept() {
                Ok((mut s, _)) => {
                    let stranger = || ConnectError::Stranger {
                        address: address.clone(),
                    };
                    s.set_nonblocking(false).map_err(|_| stranger())?;
                    s.set_read_timeout(Some(Duration::from_secs(10)))
                        .map_err(|_| stranger())?;
                    let mut hello = [0u8; 16];
                    s.read_exact(&mut hello).map_err(|_| stranger())?;
                    let from = u64::from_le_bytes(hello[8..].try_into().unwrap_or([0xff; 8]));
                    let from = usize::try_from(from).unwrap_or(usize::MAX);
                    if &hello[..8] != HELLO || from <= me || from >= n {
                        return Err(stranger());
                    }
                    s.set_read_timeout(None).map_err(|_| stranger())?;
                    sockets[from] = Some(s);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                Err(e) => return Err(ConnectError::Timely(e.to_string())),
            }
        }
        let missing = (0..n).find(|&i| i != me && sockets[i].is_none());
        let Some(missing) = missing else { break };
        if started.elapsed() > WAIT {
            return Err(ConnectError::Waited {
                missing,
                address: cluster.addresses[missing].clone(),
            });
        }
        if told.elapsed() > Duration::from_secs(10) {
            eprintln!(
                "pegsol: process {me} waiting for process {missing} ({})",
                cluster.addresses[missing]
            );
            told = Instant::now();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    for s in sockets.iter().flatten() {
        s.set_nodelay(true)
            .map_err(|e| ConnectError::Timely(e.to_string()))?;
    }
    let process =
        ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) =
        initialize_networking_from_sockets(process, sockets, me, threads, hooks)
            .map_err(|e| ConnectError::Timely(e.to_string()))?;
    Ok((
        builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        Box::new(guard),
    ))
}
