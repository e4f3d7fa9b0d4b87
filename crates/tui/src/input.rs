//! The one key reader: bytes read straight from standard input (the terminal, in raw mode)
//! and decoded by [`super::keys`], so a sequence is read the way the terminal sent it.
//!
//! Owns waiting for input and telling a hang-up apart from quiet. A read of nothing (end of
//! input) or one that fails (the terminal is gone: `EIO` after the SSH connection dropped)
//! is a hang-up, reported once as [`Read::HangUp`] rather than read again and again; a signal
//! ends the wait at once ([`Read::Nothing`]), so the loop that reads keys looks at it without
//! waiting out its timeout. crossterm's own event reader is not used: it splits
//! `ESC ESC [ D` into Esc, `[`, `D` and, once input has ended, reads nothing forever.

use super::keys::{Input, KeyDecoder, ESC_PAUSE};
use std::collections::VecDeque;
use std::time::Duration;

/// What waiting for input gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// A key, or the terminal's answer to a query.
    Input(Input),
    /// Nothing within the time (or a signal came): look at the clock and the signals.
    Nothing,
    /// Input has ended or the terminal is gone: the person cannot type any more.
    HangUp,
}

/// Reads and decodes standard input.
#[derive(Debug, Default)]
pub struct KeyReader {
    decoder: KeyDecoder,
    ready: VecDeque<Input>,
}

impl KeyReader {
    /// The next input, waiting at most `timeout` for one.
    pub fn next(&mut self, timeout: Duration) -> Read {
        if let Some(input) = self.ready.pop_front() {
            return Read::Input(input);
        }
        // An unfinished sequence waits a short pause for its rest, then is what it is.
        let waiting = self.decoder.is_waiting();
        let wait = if waiting {
            timeout.min(ESC_PAUSE)
        } else {
            timeout
        };
        match wait_readable(wait) {
            Ready::Readable => {}
            Ready::Quiet => {
                if waiting {
                    self.ready.extend(self.decoder.pause());
                }
                return self.pop();
            }
            Ready::Interrupted => return Read::Nothing,
            Ready::Gone => return Read::HangUp,
        }
        let mut buf = [0u8; 1024];
        match read_stdin(&mut buf) {
            Ok(0) => Read::HangUp,
            Ok(n) => {
                self.ready.extend(self.decoder.feed(&buf[..n]));
                self.pop()
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => Read::Nothing,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => Read::Nothing,
            Err(_) => Read::HangUp,
        }
    }

    /// Waits up to `timeout` for the terminal's answer to the background colour query,
    /// keeping every key that comes first for [`KeyReader::next`], in order. `None` when no
    /// answer came (many terminals give none) or input ended.
    pub fn wait_for_background(&mut self, timeout: Duration) -> Option<[u8; 3]> {
        let until = std::time::Instant::now() + timeout;
        let mut kept = Vec::new();
        let mut found = None;
        while found.is_none() {
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                break;
            }
            match self.next(left) {
                Read::Input(Input::Background(rgb)) => found = Some(rgb),
                Read::Input(other) => kept.push(other),
                Read::Nothing => {}
                // The loop finds the end again when it reads.
                Read::HangUp => break,
            }
        }
        for input in kept.into_iter().rev() {
            self.ready.push_front(input);
        }
        found
    }

    fn pop(&mut self) -> Read {
        self.ready.pop_front().map_or(Read::Nothing, Read::Input)
    }
}

enum Ready {
    Readable,
    Quiet,
    Interrupted,
    Gone,
}

#[cfg(unix)]
fn wait_readable(timeout: Duration) -> Ready {
    let mut fds = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = libc::c_int::try_from(timeout.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd, and its count; poll writes only its `revents`.
    let n = unsafe { libc::poll(&mut fds, 1, ms) };
    if n < 0 {
        return match std::io::Error::last_os_error().kind() {
            std::io::ErrorKind::Interrupted => Ready::Interrupted,
            _ => Ready::Gone,
        };
    }
    if n == 0 {
        return Ready::Quiet;
    }
    if fds.revents & libc::POLLIN != 0 {
        // A hang-up with bytes still to read: read them; the read after them says the end.
        Ready::Readable
    } else if fds.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        Ready::Gone
    } else {
        Ready::Quiet
    }
}

#[cfg(unix)]
fn read_stdin(buf: &mut [u8]) -> std::io::Result<usize> {
    // SAFETY: `buf` is valid for writes of its length; read writes at most that many bytes.
    let n = unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
    usize::try_from(n).map_err(|_| std::io::Error::last_os_error())
}

/// Elsewhere (Windows' console has no byte stream to read): crossterm's reader, its keys
/// passed on as they are.
#[cfg(not(unix))]
fn wait_readable(timeout: Duration) -> Ready {
    match ratatui::crossterm::event::poll(timeout) {
        Ok(true) => Ready::Readable,
        Ok(false) => Ready::Quiet,
        Err(_) => Ready::Gone,
    }
}

#[cfg(not(unix))]
fn read_stdin(buf: &mut [u8]) -> std::io::Result<usize> {
    use ratatui::crossterm::event::{Event, KeyCode};
    // Only characters go through the byte decoder here; other keys are spelt as xterm
    // spells them, so the decoder reads them back.
    let text = match ratatui::crossterm::event::read()? {
        Event::Key(key) => match key.code {
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "\r".into(),
            KeyCode::Esc => "\x1b".into(),
            KeyCode::Backspace => "\x7f".into(),
            KeyCode::Tab => "\t".into(),
            KeyCode::Up => "\x1b[A".into(),
            KeyCode::Down => "\x1b[B".into(),
            KeyCode::Right => "\x1b[C".into(),
            KeyCode::Left => "\x1b[D".into(),
            KeyCode::Home => "\x1b[H".into(),
            KeyCode::End => "\x1b[F".into(),
            _ => String::new(),
        },
        _ => String::new(),
    };
    if text.is_empty() {
        // A resize or a release: nothing typed.
        return Err(std::io::ErrorKind::WouldBlock.into());
    }
    let n = text.len().min(buf.len());
    buf[..n].copy_from_slice(&text.as_bytes()[..n]);
    Ok(n)
}
