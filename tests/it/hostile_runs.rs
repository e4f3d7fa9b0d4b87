//! Runs of the command line that used to panic, abort or lose their result (issue 17), through
//! the real binary: a file name that is not UTF-8, a closed or full standard output or error,
//! a memory limit, Ctrl+C, and messages that misled. Each ends with status 0, 2 (or 130 for
//! Ctrl+C) and a message, never 101 or a signal.

#[cfg(unix)]
use pegsol_testkit::interrupt;
use pegsol_testkit::scratch;

use scratch::Scratch;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Far more than any of these needs; a run that takes longer is a hang, killed and failed.
const LIMIT: Duration = Duration::from_secs(60);

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("runs-{name}"))
}

use crate::support::command as bin;

/// Waits for `child` at most [`LIMIT`] (killing it past that), then reads what it printed.
fn finish(child: Child, what: &str) -> (ExitStatus, String, String) {
    crate::support::finish(child, what, LIMIT)
}

/// Runs `pegsol args...` in `dir` with both outputs captured.
fn pegsol(dir: &Path, args: &[&str]) -> (ExitStatus, String, String) {
    let child = bin()
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    finish(child, &format!("pegsol {args:?}"))
}

/// No panic message, and an exit status rather than a signal.
fn no_crash(status: ExitStatus, err: &str, what: &str) {
    assert!(
        status.code().is_some(),
        "{what}: ended by a signal: {status:?}"
    );
    assert_ne!(status.code(), Some(101), "{what}: panicked: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_a_file_name() {
    use std::os::unix::ffi::OsStrExt;
    let dir = temp_dir("utf8");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.txt");
    // Missing: refused, named lossily.
    let child = bin()
        .arg("show")
        .arg(name)
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let (status, _, err) = finish(child, "show caf\\xe9.txt");
    no_crash(status, &err, "missing");
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("caf\u{FFFD}.txt"), "{err}");
    // Present (on file systems that take such a name): read and shown.
    if std::fs::write(dir.join(name), "o o . o\n").is_ok() {
        let child = bin()
            .arg("show")
            .arg(name)
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let (status, out, err) = finish(child, "show caf\\xe9.txt");
        assert_eq!(status.code(), Some(0), "{err}");
        assert!(out.contains('o'), "{out}");
    }
}

#[test]
fn a_closed_standard_output_ends_the_program_quietly() {
    let dir = temp_dir("pipe");
    for args in [
        &["show", "english"][..],
        &["layouts"],
        &["solve", "english", "--json"],
        &["5", "AI", "1200000"],
    ] {
        let mut child = bin()
            .args(args)
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        // The reader goes away before the program writes (as `| head -0` or `| true` does).
        drop(child.stdout.take());
        let (status, _, err) = finish(child, &format!("{args:?}"));
        no_crash(status, &err, &format!("{args:?}"));
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert!(
            err.is_empty(),
            "{args:?}: a closed pipe is not reported: {err}"
        );
    }
    // The assignment's form wrote its result before printing anything.
    let written = std::fs::read_to_string(dir.join("output.txt")).expect("output.txt");
    assert!(written.contains("Expanded nodes: 1090275"), "{written}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_or_error_is_reported_not_a_panic() {
    let dir = temp_dir("full");
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    // Every Linux system has /dev/full: a test that passed without it would check nothing.
    let device = full().expect("/dev/full opens for writing");
    let child = bin()
        .args(["solve", "english", "--json"])
        .current_dir(&dir)
        .stdout(device)
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let (status, _, err) = finish(child, "solve > /dev/full");
    no_crash(status, &err, "> /dev/full");
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write to standard output"), "{err}");

    let child = bin()
        .args(["solve", "nosuch"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(full().expect("/dev/full"))
        .spawn()
        .expect("runs");
    let (status, _, err) = finish(child, "solve nosuch 2> /dev/full");
    no_crash(status, &err, "2> /dev/full");
    assert_eq!(status.code(), Some(2));
}

#[cfg(target_os = "linux")]
#[test]
fn a_memory_limit_is_seen_before_the_search_starts() {
    let dir = temp_dir("limit");
    let exe = env!("CARGO_BIN_EXE_pegsol");
    // `ulimit -v` is in KiB: about 600 MB of address space, as `prlimit --as=600000000`.
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v 585937 && exec '{exe}' 6 AI 100000000"))
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let started = Instant::now();
    let (status, _, err) = finish(child, "6 AI 100000000 under ulimit -v");
    no_crash(status, &err, "ulimit -v");
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("the process may take only"), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "refused at once"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn tables_that_outgrow_a_memory_limit_stop_the_search_with_its_best() {
    let dir = temp_dir("outgrow");
    let exe = env!("CARGO_BIN_EXE_pegsol");
    // Limits near what a 3M-node search takes: refused up front (2), finished (0), or
    // stopped when its set could not double (1, with the best found and a message); never
    // the allocator's abort.
    let mut stopped = 0;
    for kib in [170_000, 195_000, 225_000] {
        let child = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {kib} && exec '{exe}' 6 AI 3000000"))
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sh runs");
        let (status, out, err) = finish(child, "6 AI 3000000 under ulimit -v");
        no_crash(status, &err, &format!("ulimit -v {kib}"));
        match status.code() {
            Some(0) => assert!(out.contains("STATS:"), "{out}"),
            Some(2) => assert!(err.contains("may take only"), "{err}"),
            Some(1) => {
                stopped += 1;
                assert!(out.contains("STATS:"), "{kib}: {out}");
                assert!(err.contains("ran out of memory"), "{kib}: {err}");
            }
            other => panic!("ulimit -v {kib}: status {other:?}: {err}"),
        }
    }
    eprintln!("{stopped} of 3 limits stopped the search mid-way");
}

/// Sends SIGINT to `child` once it has run for a second, and checks it stops with 130 and
/// says it was interrupted.
#[cfg(unix)]
fn interrupt(child: Child, what: &str) -> (String, String) {
    let (out, err) = interrupt::interrupt_after(child, Duration::from_secs(1));
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert!(err.contains("interrupted"), "{what}: {err}");
    (out, err)
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_search_and_keeps_the_best_found() {
    let dir = temp_dir("sigint");
    // Budgets that run for many seconds yet fit in a small machine's memory (1 GB at most).
    let spawn = |args: &[&str]| {
        bin()
            .args(args)
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs")
    };
    let (out, _) = interrupt(spawn(&["6", "AI", "20000000"]), "6 AI 20000000");
    assert!(out.starts_with("STATS:\nExpanded nodes: "), "{out}");
    let written = std::fs::read_to_string(dir.join("output.txt")).expect("output.txt");
    assert_eq!(written, out, "output.txt holds the same block");

    let args = ["solve", "6", "--algorithm", "classic", "--budget", "20M"];
    let (out, _) = interrupt(spawn(&args), "solve 6 classic 20M");
    assert!(out.contains("stopped: the best found so far"), "{out}");
    assert!(out.contains("Jumps: "), "{out}");

    // Level 6, game 7 of the hint bench: no effort tried so far decides it. Stopped, the
    // hint still says what the rounds it finished found, and that it was stopped.
    std::fs::write(
        dir.join("g7.ron"),
        "Layout(name: \"Game 7\", rows: [\"      o o o      \", \"      o o o      \", \
         \"      . o o      \", \"o o o o . . o o o\", \". . o o . o o o o\", \
         \"o o o o o . . o o\", \"      o . o      \", \"      o o o      \", \
         \"      o o o      \"])\n",
    )
    .expect("write g7.ron");
    let (out, _) = interrupt(spawn(&["hint", "g7.ron", "--budget", "1G"]), "hint g7 1G");
    assert!(out.contains("Unknown: stopped (Ctrl+C)"), "{out}");
    assert!(out.contains("Stopped after "), "{out}");
}

#[test]
fn an_unreachable_finish_is_called_unreachable() {
    let dir = temp_dir("finish");
    let (status, out, err) = pegsol(&dir, &["solve", "english", "--finish", "2,2"]);
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(
        out.contains("the finish 2,2 cannot be reached from this start"),
        "{out}"
    );
    assert!(!out.contains("proven optimal"), "{out}");
    let (_, json, _) = pegsol(&dir, &["solve", "english", "--finish", "2,2", "--json"]);
    assert!(json.contains("\"finish_reachable\":false"), "{json}");
}

#[test]
fn commas_in_a_budget_must_group_thousands() {
    let dir = temp_dir("commas");
    let (status, _, err) = pegsol(&dir, &["solve", "english", "--budget", "1,2,3"]);
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("groups of three"), "{err}");
    let (status, _, err) = pegsol(&dir, &["1", "AI", "1,2,3"]);
    assert_eq!(status.code(), Some(2), "{err}");
    let (status, out, err) = pegsol(
        &dir,
        &["solve", "1", "--algorithm", "classic", "--budget", "1,200"],
    );
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(out.contains("budget 1200"), "{out}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_long_run_shows_progress_on_a_terminal_and_only_there() {
    let dir = temp_dir("progress");
    let has_script = Command::new("sh")
        .args(["-c", "command -v script"])
        .output()
        .is_ok_and(|o| o.status.success());
    // Long enough to pass the one second of quiet on any machine: 4M expansions took 0.88 s
    // on an idle one, and then no progress is drawn at all.
    let args = "solve 6 --algorithm classic --budget 12M";
    if has_script {
        // `script` gives the program a terminal; what it wrote there comes back on stdout.
        let exe = env!("CARGO_BIN_EXE_pegsol");
        let child = Command::new("script")
            .args(["-qec", &format!("'{exe}' {args} > /dev/null"), "/dev/null"])
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("script runs");
        let (status, terminal, err) = finish(child, "progress on a terminal");
        assert_eq!(status.code(), Some(0), "{err}");
        assert!(
            terminal.contains("solving level-6: ") && terminal.contains(" expanded, best "),
            "{terminal}"
        );
    } else {
        eprintln!("no `script` here: progress on a terminal is not checked");
    }
    let args: Vec<&str> = args.split(' ').collect();
    let (status, _, err) = pegsol(&dir, &args);
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(
        err.is_empty(),
        "no progress when standard error is not a terminal: {err}"
    );
}
