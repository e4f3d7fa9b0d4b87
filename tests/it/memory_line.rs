//! The level engine's memory line against the process's resident peak measured from
//! outside.
//!
//! In a process of its own ([`pegsol_testkit::alone`]): a child's peak resident size as the kernel reports it (`wait4`'s
//! `ru_maxrss`) starts from the high-water mark of the process that spawned it (Linux keeps
//! the old address space's mark across `exec`, and `Command` spawns with `vfork`), so the
//! measure is only the child's own under a small parent; beside the level engine's in-process
//! tests (hundreds of MiB) it read theirs.

/// Runs `pegsol ARGS` to its end: its standard error and its peak resident size in bytes, as
/// the kernel accounted the finished child (what `/usr/bin/time -v` reports).
#[cfg(target_os = "linux")]
// Reaped by `wait4` below, which gives the child's own resource usage (`Child::wait` does
// not, and `getrusage` of all children mixes in those of the tests running beside it).
#[allow(clippy::zombie_processes)]
fn run_measured(args: &[&str]) -> (String, u64) {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = crate::support::command()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut err = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        pipe.read_to_string(&mut err)
            .expect("its standard error reads");
    }
    let mut status = 0;
    // SAFETY: `rusage` is plain integers, for which all zeros is a value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: the pid is our own child, not yet reaped; both pointers are to live locals.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "the child is reaped");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{err}"
    );
    (err, usage.ru_maxrss as u64 * 1024)
}

/// The level engine's memory line says what the process held, within 1.5 times the peak
/// resident size measured from outside (it once said 2.1 GiB for 10 MiB resident).
#[cfg(target_os = "linux")]
#[test]
fn the_memory_line_reports_the_measured_resident_peak() {
    if !pegsol_testkit::alone::in_own_process(
        "memory_line::the_memory_line_reports_the_measured_resident_peak",
    ) {
        return;
    }
    for args in [&["solutions", "0"][..], &["solutions", "level-3"][..]] {
        let (err, peak) = run_measured(args);
        let line = err
            .lines()
            .find(|l| l.starts_with("level engine: peak "))
            .unwrap_or_else(|| panic!("{args:?}: no memory line in {err}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let number: f64 = words[3].parse().expect("a figure");
        let said = match words[4] {
            "GiB" => number * f64::from(1u32 << 30),
            "MiB" => number * f64::from(1u32 << 20),
            other => panic!("unit {other} in {line}"),
        };
        let ratio = said / peak as f64;
        assert!(
            (1.0 / 1.5..=1.5).contains(&ratio),
            "{args:?}: {line} against {peak} bytes resident"
        );
    }
}
