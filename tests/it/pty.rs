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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A process running on a pseudo-terminal.
pub struct Pty {
    /// The terminal's master side (`None` once closed: the terminal hung up).
    master: Option<std::fs::File>,
    /// Tells the reading thread to let go of its copy of the master side.
    closing: Arc<AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
    /// The terminal's slave side, kept open to read its modes after the process ends.
    slave: OwnedFd,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    cols: u16,
    rows: u16,
}

impl Pty {
    /// Spawns `command` on a new pseudo-terminal of `cols` x `rows`, its controlling
    /// terminal.
    pub fn spawn(command: &mut Command, cols: u16, rows: u16) -> Pty {
        Pty::spawn_with(command, cols, rows, true)
    }

    /// Spawns `command` on a new pseudo-terminal of `cols` x `rows`; `controlling`: as its
    /// controlling terminal (a hang-up then sends it SIGHUP), else only as its standard
    /// input and output (a hang-up is seen only as the end of its input).
    pub fn spawn_with(command: &mut Command, cols: u16, rows: u16, controlling: bool) -> Pty {
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
        for fd in [master, slave] {
            // Neither side may leak into a process spawned later (this one gets copies as
            // its standard streams): a leaked master side would keep the terminal from
            // hanging up when the test closes its own.
            // SAFETY: fcntl on a descriptor openpty just returned.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
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
            command.pre_exec(move || {
                libc::setsid();
                if controlling {
                    libc::ioctl(0, libc::TIOCSCTTY, 0);
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("the process starts");
        let master = std::fs::File::from(master);
        let output = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().expect("dup");
        let sink = output.clone();
        let closing = Arc::new(AtomicBool::new(false));
        let stop = closing.clone();
        let reader = std::thread::spawn(move || {
            use std::os::fd::AsRawFd;
            let mut buf = [0u8; 4096];
            // Ends with EIO once the process and its terminal are gone, or when asked to.
            while !stop.load(Ordering::Relaxed) {
                let mut fds = libc::pollfd {
                    fd: reader.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                };
                // SAFETY: one valid pollfd and its count.
                if unsafe { libc::poll(&mut fds, 1, 50) } <= 0 {
                    continue;
                }
                match reader.read(&mut buf) {
                    Ok(n @ 1..) => sink.lock().expect("output").extend_from_slice(&buf[..n]),
                    _ => break,
                }
            }
        });
        Pty {
            master: Some(master),
            closing,
            reader: Some(reader),
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
            .as_ref()
            .expect("the terminal is open")
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

    /// Closes the terminal's master side, as a terminal emulator or sshd does when its
    /// window or connection goes: the terminal hangs up.
    pub fn close_master(&mut self) {
        self.closing.store(true, Ordering::Relaxed);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        self.master = None;
    }

    /// Sends `signal` to the process.
    pub fn signal(&self, signal: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill has no memory preconditions.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }

    /// Whether the terminal is back in its usual mode: lines edited by the terminal
    /// (canonical), typed keys echoed and Ctrl+C a signal, as raw mode has none of them.
    pub fn is_cooked(&self) -> bool {
        use std::os::fd::AsRawFd;
        // SAFETY: a zeroed termios is a valid out-parameter; the descriptor is open.
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: the slave descriptor is open for as long as `self` lives, and `modes` is a
        // valid, writable termios.
        let read = unsafe { libc::tcgetattr(self.slave.as_raw_fd(), &mut modes) };
        assert_eq!(read, 0);
        [libc::ICANON, libc::ECHO, libc::ISIG]
            .iter()
            .all(|&flag| modes.c_lflag & flag != 0)
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
    let mut command = crate::support::command();
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
