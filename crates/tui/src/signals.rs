//! Signals that end the terminal game from outside: SIGTERM (`kill`), SIGHUP (the SSH
//! connection dropped, the terminal closed) and SIGINT, SIGQUIT from another process (Ctrl+C
//! itself arrives as a key in raw mode); and SIGWINCH, the terminal's new size.
//!
//! Owns catching them: the handler only notes which signal came (all a handler may safely
//! do), and the event loop, which looks every [`super::POLL`], leaves as for `q`: the
//! terminal restored (raw mode off, the alternate screen left, the cursor shown) and the
//! games kept, then the process ends with the signal's conventional status (128 + its
//! number). Also the one fault a test may ask for: with [`TEST_PANIC`] set, `!` panics, so a
//! test can check that a panic too gives the terminal back and keeps the game.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The environment variable that makes `!` panic in the terminal game (for tests of the
/// panic path; nothing else reads it).
pub const TEST_PANIC: &str = "PEGSOL_TEST_PANIC";

/// The last stopping signal received, 0 for none.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Whether the terminal changed size (SIGWINCH) since [`take_resized`] last looked.
static RESIZED: AtomicBool = AtomicBool::new(false);

/// Catches SIGTERM, SIGHUP, SIGINT and SIGQUIT from now on (see the module docs), and
/// SIGWINCH, so a resize is redrawn at once. No handler restarts an interrupted call: the
/// key reader's wait ends when a signal comes, and the loop looks at it then.
pub fn catch() {
    #[cfg(unix)]
    {
        let stop = note_signal as extern "C" fn(libc::c_int) as usize;
        let resize = note_resize as extern "C" fn(libc::c_int) as usize;
        for (signal, handler) in [
            (libc::SIGTERM, stop),
            (libc::SIGHUP, stop),
            (libc::SIGINT, stop),
            (libc::SIGQUIT, stop),
            (libc::SIGWINCH, resize),
        ] {
            // SAFETY: each handler only stores to an atomic, which is async-signal-safe; the
            // sigaction struct is zeroed (an empty mask, no flags: no SA_RESTART) before the
            // handler is set.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
}

#[cfg(unix)]
extern "C" fn note_signal(signal: libc::c_int) {
    RECEIVED.store(signal, Ordering::Relaxed);
}

#[cfg(unix)]
extern "C" fn note_resize(_: libc::c_int) {
    RESIZED.store(true, Ordering::Relaxed);
}

/// Whether the terminal changed size since the last call.
pub fn take_resized() -> bool {
    RESIZED.swap(false, Ordering::Relaxed)
}

/// The stopping signal received since [`catch`], if any, as its number.
pub fn received() -> Option<u8> {
    match RECEIVED.load(Ordering::Relaxed) {
        0 => None,
        signal => u8::try_from(signal).ok(),
    }
}

/// Whether a test asked for `!` to panic ([`TEST_PANIC`]).
pub fn panic_wanted() -> bool {
    std::env::var_os(TEST_PANIC).is_some_and(|v| !v.is_empty())
}
