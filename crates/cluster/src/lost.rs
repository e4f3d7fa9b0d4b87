//! A lost process, and a worker that cannot go on: both end this process at once, with a
//! message saying what happened and what to do.
//!
//! When a process dies (killed, out of memory, its machine gone) its connections close, and
//! timely's network thread reading from it panics with a message starting "timely
//! communication error". Left alone, that panic would be followed by the workers' own
//! panics or by workers waiting for ever for the lost process's part of a round. A panic
//! hook catches it on the network thread itself, whose name (`timely:recv-K`,
//! `timely:send-K`) says which process was lost, and exits with [`LOST`].
//!
//! Ctrl+C ends the process the same way ([`interrupted`], status 130): a worker that merely
//! stopped would leave its peers waiting for its part of a round.
//!
//! A worker that fails (a scratch disk full, a level file that does not read back) exits
//! the same way ([`fatal`]): a worker that merely stopped would leave its peers to finish
//! rounds with its part missing, and the answer would be wrong. Its peers then see it lost.

use std::sync::Once;

/// The exit status of a process that lost another, or that could not go on.
pub const LOST: i32 = 1;

/// The exit status of a process stopped by Ctrl+C (the shell's 128 + SIGINT).
pub const INTERRUPTED: i32 = 130;

/// What a lost process's peers are told to do.
pub const RESUME: &str = "run the same command again with --resume on every machine: each \
                          restarts from the last level all of them finished";

/// Installs the hook that turns a lost connection into a message and an exit (once per
/// process; `addresses` are the processes' addresses by index, named in the message).
pub fn watch_peers(addresses: &[String]) {
    static ONCE: Once = Once::new();
    let addresses = addresses.to_vec();
    ONCE.call_once(move || {
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let text = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("");
            if text.starts_with("timely communication error") {
                let thread = std::thread::current();
                let peer = thread
                    .name()
                    .and_then(|n| n.rsplit('-').next())
                    .and_then(|k| k.parse::<usize>().ok());
                let who = match peer {
                    Some(k) => format!(
                        "process {k} ({})",
                        addresses.get(k).map_or("?", String::as_str)
                    ),
                    None => "another process".to_string(),
                };
                eprintln!(
                    "pegsol: lost {who}: {text}. The run cannot go on without it; once it is \
                     back, {RESUME}."
                );
                std::process::exit(LOST);
            }
            earlier(info);
        }));
    });
}

/// Ends this process after Ctrl+C: its peers will see it lost (its connections close), and
/// the run goes on later from the levels every worker finished.
pub fn interrupted() -> ! {
    eprintln!(
        "pegsol: interrupted (Ctrl+C): this process stops and the others will report it lost; \
         to go on later, {RESUME}"
    );
    std::process::exit(INTERRUPTED)
}

/// Ends this process with `message`: a worker that cannot go on (see the module docs).
pub fn fatal(message: &str) -> ! {
    eprintln!("pegsol: {message}");
    std::process::exit(LOST)
}
