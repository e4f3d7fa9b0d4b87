//! Heartbeats: a process that stops answering without closing its connections (its machine
//! powered off, the network between cut, the process frozen) is reported on the others
//! within [`SILENT`], never waited for in silence.
//!
//! A process whose connections close is seen by timely's network threads at once
//! ([`crate::lost`]); one that merely goes quiet is not: TCP keeps a connection with nothing
//! to send open for hours, and a worker waiting for a round's end waits for ever. So every
//! process sends a small datagram each [`BEAT`] to every other, over UDP on the same host
//! and port number as its TCP address (UDP's ports are separate from TCP's), from threads
//! of their own, which keep beating however long a level's work takes; a process not heard
//! for [`SILENT`] is reported lost and this process exits with [`crate::lost::LOST`].
//!
//! A peer never heard at all (UDP blocked between the machines) cannot be watched: after
//! [`SILENT`] this process says so once on standard error and goes on, as before heartbeats.

use crate::lost::{LOST, RESUME};
use std::net::{SocketAddr, ToSocketAddrs, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a process says it is alive.
pub const BEAT: Duration = Duration::from_millis(500);
/// How long a process may be silent before the others give it up.
pub const SILENT: Duration = Duration::from_secs(8);
/// The first bytes of a heartbeat: the program's mark; then the run and the sender's index.
const MARK: &[u8; 8] = b"PEGSOLHB";

/// The heartbeat threads of this process; they stop watching when this is dropped (the
/// run is over, and peers that finish first may exit).
pub struct Heartbeat {
    done: Arc<AtomicBool>,
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
    }
}

/// Starts beating to and watching every other process of `addresses` (this one is `me`;
/// `run` tells this run's beats from another's on the same ports). `None`, with a note on
/// standard error, when this process's UDP port cannot be had: the run goes on unwatched.
pub fn start(addresses: &[String], me: usize, run: u64) -> Option<Heartbeat> {
    let unwatched = |e: std::io::Error| {
        eprintln!(
            "pegsol: no heartbeats from process {me} (UDP {}: {e}); a machine that drops off \
             without closing its connections will not be noticed",
            addresses[me]
        );
    };
    let (socket, sender) = match UdpSocket::bind(&addresses[me]).and_then(|s| {
        let c = s.try_clone()?;
        Ok((s, c))
    }) {
        Ok(pair) => pair,
        Err(e) => {
            unwatched(e);
            return None;
        }
    };
    let peers: Vec<Option<SocketAddr>> = addresses
        .iter()
        .map(|a| a.to_socket_addrs().ok().and_then(|mut i| i.next()))
        .collect();
    let done = Arc::new(AtomicBool::new(false));
    let beat = beat_bytes(run, me);
    let (d1, d2) = (Arc::clone(&done), Arc::clone(&done));
    let targets: Vec<SocketAddr> = peers
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != me)
        .filter_map(|(_, a)| *a)
        .collect();
    let beating = std::thread::Builder::new()
        .name("pegsol:beat".into())
        .spawn(move || {
            while !d1.load(Ordering::SeqCst) {
                for t in &targets {
                    // A beat that cannot be sent now is simply missed: the next may pass.
                    let _ = sender.send_to(&beat, t);
                }
                std::thread::sleep(BEAT);
            }
        });
    if let Err(e) = beating {
        unwatched(e);
        return None;
    }
    let names = addresses.to_vec();
    let watching = std::thread::Builder::new()
        .name("pegsol:watch".into())
        .spawn(move || watch(&socket, &names, me, run, &d2));
    if let Err(e) = watching {
        done.store(true, Ordering::SeqCst);
        unwatched(e);
        return None;
    }
    Some(Heartbeat { done })
}

/// A heartbeat's bytes.
fn beat_bytes(run: u64, from: usize) -> Vec<u8> {
    let mut b = MARK.to_vec();
    b.extend_from_slice(&run.to_le_bytes());
    b.extend_from_slice(&(from as u64).to_le_bytes());
    b
}

/// The sender of a heartbeat of `run` among `n` processes, if `bytes` is one.
fn sender_of(bytes: &[u8], run: u64, n: usize) -> Option<usize> {
    if bytes.len() != 24 || &bytes[..8] != MARK {
        return None;
    }
    let of = u64::from_le_bytes(bytes[8..16].try_into().ok()?);
    let from = u64::from_le_bytes(bytes[16..24].try_into().ok()?);
    let from = usize::try_from(from).ok()?;
    (of == run && from < n).then_some(from)
}

/// What the watch knows of each peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// Not heard yet, since this instant (the watch's start).
    Never(Instant),
    /// Last heard at this instant.
    At(Instant),
    /// Never heard within [`SILENT`]: said so, not watched.
    Unwatched,
}

/// What the watch should do about one peer at `now`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing.
    Fine,
    /// Say once that it cannot be watched.
    CannotWatch,
    /// It is lost.
    Lost,
}

/// The verdict on a peer `heard` as it was, at `now`, for silences over `silent`.
pub fn verdict(heard: Heard, now: Instant, silent: Duration) -> Verdict {
    match heard {
        Heard::At(t) if now.duration_since(t) > silent => Verdict::Lost,
        Heard::Never(t) if now.duration_since(t) > silent => Verdict::CannotWatch,
        _ => Verdict::Fine,
    }
}

/// Listens for beats and gives up a peer silent for [`SILENT`] (see the module docs).
fn watch(socket: &UdpSocket, addresses: &[String], me: usize, run: u64, done: &AtomicBool) {
    let n = addresses.len();
    let began = Instant::now();
    let mut heard: Vec<Heard> = vec![Heard::Never(began); n];
    // A read never blocks past a beat, so the silences are checked however quiet it is.
    if socket.set_read_timeout(Some(BEAT)).is_err() {
        return;
    }
    let mut buf = [0u8; 64];
    while !done.load(Ordering::SeqCst) {
        if let Ok((len, _)) = socket.recv_from(&mut buf) {
            if let Some(from) = sender_of(&buf[..len], run, n) {
                heard[from] = Heard::At(Instant::now());
            }
        }
        let now = Instant::now();
        for k in (0..n).filter(|&k| k != me) {
            match verdict(heard[k], now, SILENT) {
                Verdict::Fine => {}
                Verdict::CannotWatch => {
                    eprintln!(
                        "pegsol: no heartbeat heard from process {k} ({}) in {} s: UDP between \
                         the machines may be blocked on that port; if that machine drops off \
                         without closing its connections, this run will not notice",
                        addresses[k],
                        SILENT.as_secs()
                    );
                    heard[k] = Heard::Unwatched;
                }
                Verdict::Lost if !done.load(Ordering::SeqCst) => {
                    eprintln!(
                        "pegsol: lost process {k} ({}): nothing heard from it for {} s (its \
                         machine stopped or the network between was cut). The run cannot go \
                         on without it; once it is back, {RESUME}.",
                        addresses[k],
                        SILENT.as_secs()
                    );
                    std::process::exit(LOST);
                }
                Verdict::Lost => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beat_is_read_back_only_for_its_own_run_and_a_known_sender() {
        let b = beat_bytes(7, 2);
        assert_eq!(sender_of(&b, 7, 3), Some(2));
        assert_eq!(sender_of(&b, 8, 3), None, "another run's beat");
        assert_eq!(sender_of(&b, 7, 2), None, "a sender past the processes");
        assert_eq!(sender_of(&b[..23], 7, 3), None, "a short datagram");
        let mut stranger = b.clone();
        stranger[0] = b'X';
        assert_eq!(sender_of(&stranger, 7, 3), None, "not our mark");
    }

    #[test]
    fn silence_past_the_limit_loses_a_peer_heard_before_and_only_notes_one_never_heard() {
        let t0 = Instant::now();
        let s = Duration::from_secs(8);
        let later = |secs| t0 + Duration::from_secs(secs);
        assert_eq!(verdict(Heard::At(t0), later(8), s), Verdict::Fine);
        assert_eq!(verdict(Heard::At(t0), later(9), s), Verdict::Lost);
        assert_eq!(verdict(Heard::Never(t0), later(5), s), Verdict::Fine);
        assert_eq!(verdict(Heard::Never(t0), later(9), s), Verdict::CannotWatch);
        assert_eq!(verdict(Heard::Unwatched, later(100), s), Verdict::Fine);
    }
}
