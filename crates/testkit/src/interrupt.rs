//! Ctrl+C for a real process: SIGINT after a while, then its output, checked to end with
//! status 130 promptly (the command line's promise for every long run).

use std::io::Read;
use std::process::{Child, Command};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a process may take to stop after Ctrl+C; past it, it is killed and the test fails.
const PROMPTLY: Duration = Duration::from_secs(10);

/// Sends SIGINT to `child` once it has run for `after`, waits for it, and checks it exits with
/// status 130 within [`PROMPTLY`] (a child that does not is killed, and the test fails rather
/// than hangs). Returns its standard output and standard error.
pub fn interrupt_after(mut child: Child, after: Duration) -> (String, String) {
    // Read both pipes all along, so a child that prints a lot never blocks on a full pipe.
    let out = drain(child.stdout.take());
    let err = drain(child.stderr.take());
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if started.elapsed() > PROMPTLY {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running {PROMPTLY:?} after Ctrl+C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let (out, err) = (
        out.join().expect("reads stdout"),
        err.join().expect("reads stderr"),
    );
    assert_eq!(status.code(), Some(130), "{status:?}: {err}");
    (out, err)
}

/// Reads `pipe` to its end on a thread of its own.
fn drain(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut text);
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}
