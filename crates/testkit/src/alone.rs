//! A test that changes something the whole process shares (a resource limit, a signal's
//! disposition) runs in a process of its own: the test binary runs itself again with only that
//! test, so the other tests of the binary, on other threads, never see the change.

use std::process::Command;

/// The variable that tells the test binary's second run it is the child.
const CHILD: &str = "PEGSOL_TEST_ALONE";

/// Whether the caller should run its body now: `true` in the child process; in the test
/// runner's own process, runs the test `path` (its full name, `full_disk::a_test`) in a child
/// and fails the calling test when the child fails, then returns `false`.
pub fn in_own_process(path: &str) -> bool {
    if std::env::var_os(CHILD).is_some_and(|v| v == path) {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let output = Command::new(exe)
        .args([path, "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD, path)
        .output()
        .expect("the test binary runs again");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{path} failed in its own process ({}):\n{out}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    // A filter that matched nothing would pass without running the body.
    assert!(out.contains("1 passed"), "{path} did not run:\n{out}");
    false
}
