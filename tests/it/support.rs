//! Running the program as a person runs it, shared by this binary's modules: the built
//! `pegsol` (`CARGO_BIN_EXE_pegsol`, which only this package's tests have), its output, its
//! JSON. Modules with their own needs (a data folder, a time limit, a terminal) build on
//! [`command`].

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output};
use std::time::{Duration, Instant};

/// `pegsol` with nothing set: the caller adds arguments, a folder, the environment.
pub fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pegsol"))
}

/// Runs `pegsol ARGS` to the end and gives what it printed and its status.
pub fn pegsol(args: &[&str]) -> Output {
    command().args(args).output().expect("the binary runs")
}

/// Runs `pegsol ARGS` in the folder `dir` (relative paths in `args` are read from there).
pub fn pegsol_in(dir: &Path, args: &[&str]) -> Output {
    command()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// Runs `pegsol ARGS`, which must succeed and print one JSON object, and gives that object.
pub fn pegsol_json(args: &[&str]) -> serde_json::Value {
    let o = pegsol(args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

/// Waits for `child` at most `limit` (past it the child is killed and the test fails: a hang,
/// not a slow run), then reads what it printed, which must be text. `what` names the run in
/// the failure.
pub fn finish(mut child: Child, what: &str, limit: Duration) -> (ExitStatus, String, String) {
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} ran over {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let (mut out, mut err) = (String::new(), String::new());
    if let Some(mut s) = child.stdout.take() {
        s.read_to_string(&mut out).expect("stdout is text");
    }
    if let Some(mut s) = child.stderr.take() {
        s.read_to_string(&mut err).expect("stderr is text");
    }
    (status, out, err)
}
