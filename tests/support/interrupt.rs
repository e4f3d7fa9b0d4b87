//! Ctrl+C for a real process: SIGINT after a while, then its output, checked to end with
//! status 130 promptly (the command line's promise for every long run).

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Sends SIGINT to `child` once it has run for `after`, waits for it, and checks it exits with
/// status 130 within ten seconds. Returns its standard output and standard error.
pub fn interrupt_after(child: Child, after: Duration) -> (String, String) {
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let started = Instant::now();
    let o = child.wait_with_output().expect("waits");
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    );
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "stopped promptly"
    );
    (out, err)
}
