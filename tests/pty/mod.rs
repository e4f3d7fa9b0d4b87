//! A real process on a pseudo-terminal, for the terminal game's process tests: spawned with
//! the terminal's slave side as its standard input, output and error (and as its controlling
//! terminal), keys written to the master side, and everything it writes collected, both as
//! bytes and as the screen a terminal shows for them (the `vt100` crate's emulator).

// Each test binary uses only some of these.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A process running on a pseudo-terminal.
pub struct Pty {
    master: std::fs::File,
    /// The terminal's slave side, kept open to read its modes after the process ends.
    slave: OwnedFd,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    cols: u16,
    rows: u16,
}

impl Pty {
    /// Spawns `command` on a new pseudo-terminal of `cols` x `rows`.
    pub fn spawn(command: &mut Command, cols: u16, rows: u16) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: rows,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: both out-pointers are valid; a null name and termios are allowed.
        let opened = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: openpty returned two fresh descriptors that nothing else owns.
        let (master, slave) =
            unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let stdio = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup"));
        command
            .stdin(stdio(&slave))
            .stdout(stdio(&slave))
            .stderr(stdio(&slave));
        // SAFETY: setsid and ioctl are async-signal-safe; the child makes the terminal (its
        // standard input) its controlling terminal, as a login shell's would be.
        unsafe {
            command.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = command.spawn().expect("the process starts");
        let master = std::fs::File::from(master);
        let output = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().expect("dup");
        let sink = output.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends with EIO once the process and its terminal are gone.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                sink.lock().expect("output").extend_from_slice(&buf[..n]);
            }
        });
        Pty {
            master,
            slave,
            child,
            output,
            cols,
            rows,
        }
    }

    /// Types `bytes` (keys as a terminal sends them).
    pub fn send(&mut self, bytes: &[u8]) {
        self.master
            .write_all(bytes)
            .expect("the terminal takes keys");
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Everything the process wrote so far, escape sequences and all, as text.
    pub fn output(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().expect("output")).into_owned()
    }

    /// The screen a terminal shows now, row by row.
    pub fn screen(&self) -> String {
        let mut terminal = vt100::Parser::new(self.rows, self.cols, 0);
        terminal.process(&self.output.lock().expect("output"));
        terminal.screen().contents()
    }

    /// Waits up to `seconds` for `text` on the screen; the screen either way.
    pub fn wait_for(&self, text: &str, seconds: u64) -> Result<String, String> {
        self.wait(seconds, || self.screen(), text)
    }

    /// Waits up to `seconds` for `text` anywhere in the output (what scrolled away or was
    /// written before the alternate screen too); the output either way.
    pub fn wait_for_output(&self, text: &str, seconds: u64) -> Result<String, String> {
        self.wait(seconds, || self.output(), text)
    }

    fn wait(&self, seconds: u64, read: impl Fn() -> String, text: &str) -> Result<String, String> {
        let until = Instant::now() + Duration::from_secs(seconds);
        loop {
            let seen = read();
            if seen.contains(text) {
                return Ok(seen);
            }
            if Instant::now() > until {
                return Err(seen);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends `signal` to the process.
    pub fn signal(&self, signal: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill has no memory preconditions.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    /// Whether the terminal is back in its usual mode: lines edited by the terminal
    /// (canonical) and typed keys echoed, as raw mode is not.
    pub fn is_cooked(&self) -> bool {
        use std::os::fd::AsRawFd;
        // SAFETY: a zeroed termios is a valid out-parameter; the descriptor is open.
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: the slave descriptor is open for as long as `self` lives, and `modes` is a
        // valid, writable termios.
        let read = unsafe { libc::tcgetattr(self.slave.as_raw_fd(), &mut modes) };
        assert_eq!(read, 0);
        modes.c_lflag & libc::ICANON != 0 && modes.c_lflag & libc::ECHO != 0
    }

    /// Waits up to `seconds` for the process to end (killing it after that).
    pub fn wait_exit(&mut self, seconds: u64) -> Option<ExitStatus> {
        let until = Instant::now() + Duration::from_secs(seconds);
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                // What it wrote last may still be on its way through the terminal: wait
                // until the output is quiet.
                let quiet_by = Instant::now() + Duration::from_secs(2);
                let mut seen = self.output.lock().expect("output").len();
                while Instant::now() < quiet_by {
                    std::thread::sleep(Duration::from_millis(100));
                    let now = self.output.lock().expect("output").len();
                    if now == seen {
                        break;
                    }
                    seen = now;
                }
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        None
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `pegsol ARGS` with its data folder under `home`, no display and a UTF-8 locale.
pub fn pegsol(home: &std::path::Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pegsol"));
    command
        .args(args)
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .env("LANG", "C.UTF-8")
        .env("TERM", "xterm-256color")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env_remove("NO_COLOR");
    command
}
