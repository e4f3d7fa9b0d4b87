//! How much memory this process may still take, as the system says (Linux): the machine's,
//! its address-space and data limits, and its cgroup's; and bytes in words.
//!
//! Owns the probe every engine sizes itself by ([`available_memory`]); reads `/proc` and
//! `/sys/fs/cgroup` only.

/// Bytes as GiB.
pub fn gib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 30) as f64
}

/// Bytes as people read them: `2.5 GiB` from one GiB up, `120 MiB` below.
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", gib(bytes))
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// Bytes this process may still allocate, where the system says (Linux): the least of the
/// machine's available memory (`MemAvailable`), what its address-space and data limits leave
/// (`ulimit -v`, `ulimit -d`, `prlimit --as`: the limit minus what the process already
/// maps, less a reserve, [`LIMIT_RESERVE`]), and what its cgroup leaves (`memory.max` minus `memory.current` for cgroup v2,
/// `memory.limit_in_bytes` minus `memory.usage_in_bytes` for v1, at its own level and every
/// level above). `None` where nothing is known.
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let status = read("/proc/self/status").unwrap_or_default();
    let limits = read("/proc/self/limits").unwrap_or_default();
    [
        read("/proc/meminfo").and_then(|info| kib_field(&info, "MemAvailable:")),
        rlimit_room(&limits, "Max address space", kib_field(&status, "VmSize:")),
        rlimit_room(&limits, "Max data size", kib_field(&status, "VmData:")),
        read("/proc/self/cgroup").and_then(|groups| cgroup_room(&groups)),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// The most memory this process has held resident so far (`VmHWM` in `/proc/self/status`,
/// Linux): what the figures a person sizes `--memory` by must report, measured, not what
/// the engines reserved (a reservation that is never written costs no memory). `None`
/// where the system does not say.
pub fn resident_peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    kib_field(&status, "VmHWM:")
}

/// Fits the allocator to an address-space limit, once, at start-up (before any thread
/// starts). glibc gives each thread that allocates an arena of its own, and each arena
/// reserves 64 MiB of address space: under `ulimit -v` or `prlimit --as` of a few hundred
/// MiB, three worker threads' arenas took most of the limit before the search asked for
/// anything, and a 144 KiB allocation then aborted the process (`pegsol solve wiegleb` under
/// 250 MB). With a limit set, every thread shares the main arena instead; without one
/// (the usual case) nothing changes. Elsewhere this does nothing.
pub fn fit_allocator_to_limits() {
    if let Some((_, mapped)) = address_limit() {
        MAPPED_AT_START.store(mapped, std::sync::atomic::Ordering::Relaxed);
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one `rlimit` through a valid pointer; mallopt takes two
        // integers and only changes the allocator's tuning (it returns 0 on failure, which
        // leaves the defaults).
        unsafe {
            if libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0
                && limit.rlim_cur != libc::RLIM_INFINITY
            {
                libc::mallopt(libc::M_ARENA_MAX, 1);
            }
        }
    }
}

/// The least address space a search needs beyond what the process maps when it starts one:
/// the search thread's stack (16 MiB), the exact solver's member threads' (2 MiB each), its
/// smallest failure tables and the allocator's working room. Under less, `pegsol analyze
/// triangle` once aborted in the allocator (`prlimit --as=50000000`); now the search is
/// refused at once with [`search_room_refusal`]'s message. 44 MiB, not 40: with the program
/// 1.4 MB larger (the many-machine count), `analyze english` under `ulimit -v 73242` left
/// 42 MiB, passed at 40, and a thread's signal stack was then refused (an abort).
pub const LEAST_SEARCH_ROOM: u64 = 44 << 20;

/// The address-space limit (`ulimit -v`, `prlimit --as`) in bytes and what the process maps
/// now; `None` without a limit (or off Linux).
pub fn address_limit() -> Option<(u64, u64)> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let name = "Max address space";
    let line = limits.lines().find(|l| l.starts_with(name))?;
    let limit: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    Some((limit, kib_field(&status, "VmSize:")?))
}

/// Why a search cannot start under the process's address-space limit, or `None` when the
/// limit leaves it [`LEAST_SEARCH_ROOM`] (or there is none): the message names the limit,
/// what is left and the least limit that would do.
pub fn search_room_refusal() -> Option<String> {
    let (limit, mapped) = address_limit()?;
    let left = limit.saturating_sub(mapped);
    (left < LEAST_SEARCH_ROOM).then(|| {
        format!(
            "the address-space limit of {} MB leaves {} beside the {} this program maps, and a \
             search needs at least {}: raise the limit (ulimit -v, prlimit --as) to at least \
             {} MB",
            limit / 1_000_000,
            size_text(left),
            size_text(mapped),
            size_text(LEAST_SEARCH_ROOM),
            (mapped + LEAST_SEARCH_ROOM).div_ceil(1_000_000),
        )
    })
}

/// The system's allocator, noting each request it refuses, so that the abort which follows
/// a refused request nothing could answer (a `Vec` growing, deep in a library) can be turned
/// into a message and status 1 by [`report_aborts_after_refusals`]. Requests the engines
/// make fallibly (`try_reserve`, `mmap`) are noted too but never abort: they are answered.
/// The binary installs it as its `#[global_allocator]`.
pub struct NotingAllocator;

/// The size of the last request the allocator refused (0: none yet).
static REFUSED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Notes a refused request of `size` bytes when `block` is null; gives `block` back.
fn note_refusal(block: *mut u8, size: usize) -> *mut u8 {
    if block.is_null() {
        REFUSED.store(size.max(1), std::sync::atomic::Ordering::Relaxed);
    }
    block
}

// SAFETY: every call goes to `System` with the caller's own arguments; only a null result
// is looked at.
unsafe impl std::alloc::GlobalAlloc for NotingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires it.
        let block = unsafe { std::alloc::System.alloc(layout) };
        note_refusal(block, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc_zeroed` requires it.
        let block = unsafe { std::alloc::System.alloc_zeroed(layout) };
        note_refusal(block, layout.size())
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: `block` was given by this allocator (so by `System`) with `layout`.
        unsafe { std::alloc::System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        // SAFETY: `block` was given by this allocator (so by `System`) with `layout`, and
        // `size` is the caller's, as `GlobalAlloc::realloc` requires them.
        let moved = unsafe { std::alloc::System.realloc(block, layout, size) };
        note_refusal(moved, size)
    }
}

/// The last resort under a memory limit: an abort (`SIGABRT`) that follows a request the
/// allocator refused ([`NotingAllocator`]) ends the process with status 1 and the message
/// "pegsol: out of memory under the address-space limit of N MB ..." instead of the signal;
/// any other abort stays an abort. The engines' large tables are taken fallibly and a search
/// with too little room is refused before it starts ([`search_room_refusal`]); this catches
/// the small allocations no engine can answer. Unix only; elsewhere it does nothing.
pub fn report_aborts_after_refusals() {
    #[cfg(unix)]
    {
        if let Some((limit, _)) = address_limit() {
            LIMIT_MB.store(
                (limit / 1_000_000) as usize,
                std::sync::atomic::Ordering::Relaxed,
            );
        }
        // SAFETY: installs a handler for SIGABRT with an empty mask; the handler only reads
        // atomics, writes to standard error and calls `_exit`, all async-signal-safe.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_abort as *const () as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGABRT, &action, std::ptr::null_mut());
        }
    }
}

/// The address-space limit in MB, read at start-up for [`on_abort`] (0: none).
#[cfg(unix)]
static LIMIT_MB: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The `SIGABRT` handler of [`report_aborts_after_refusals`]: after a refusal, the message
/// and `_exit(1)`; otherwise it returns and the abort goes on (glibc's `abort` then restores
/// the default action and raises the signal again).
#[cfg(unix)]
extern "C" fn on_abort(_signal: libc::c_int) {
    use std::sync::atomic::Ordering::Relaxed;
    let refused = REFUSED.load(Relaxed);
    if refused == 0 {
        return;
    }
    let mut text = [0u8; 320];
    let mut len = 0;
    let mut put = |bytes: &[u8]| {
        let n = bytes.len().min(text.len() - len);
        text[len..len + n].copy_from_slice(&bytes[..n]);
        len += n;
    };
    let number = |mut n: usize, digits: &mut [u8; 20]| -> usize {
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                return at;
            }
        }
    };
    let mut digits = [0u8; 20];
    put(b"pegsol: out of memory");
    let limit = LIMIT_MB.load(Relaxed);
    if limit > 0 {
        put(b" under the address-space limit of ");
        let at = number(limit, &mut digits);
        put(&digits[at..]);
        put(b" MB");
    }
    put(b": the system refused ");
    let at = number(refused, &mut digits);
    put(&digits[at..]);
    put(b" bytes (raise the limit: ulimit -v, prlimit --as; or give a smaller --memory)\n");
    // SAFETY: write and _exit are async-signal-safe; `text` is a live buffer of `len` bytes.
    unsafe {
        libc::write(2, text.as_ptr().cast(), len);
        libc::_exit(1);
    }
}

/// What the process mapped when it started, measured by [`fit_allocator_to_limits`] under an
/// address-space limit (0: not measured).
static MAPPED_AT_START: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Address space kept for the threads a search runs beside an engine: the search thread's
/// stack (16 MiB) and the signal thread's, with the guard pages.
const SEARCH_STACKS: u64 = 20 << 20;

/// What an address-space limit leaves an engine, from the limit alone: the limit less what
/// the process mapped when it started (measured once, before any thread), [`LIMIT_RESERVE`]
/// and [`SEARCH_STACKS`]. Unlike [`available_memory`], it does not depend on what is mapped
/// at the moment it is asked (a finished search's thread still winding down, the
/// allocator's state), so the same command under the same limit gets the same room on a
/// quiet machine and a busy one. `None` without a limit; the mapping now where the start was
/// not measured (tests).
pub fn address_room_by_limit() -> Option<u64> {
    let (limit, now) = address_limit()?;
    let start = match MAPPED_AT_START.load(std::sync::atomic::Ordering::Relaxed) {
        0 => now,
        start => start,
    };
    Some(
        limit
            .saturating_sub(start)
            .saturating_sub(LIMIT_RESERVE + SEARCH_STACKS),
    )
}

/// [`available_memory`] without the address-space limit: the machine's, the data limit's
/// and the cgroup's rooms.
pub fn available_memory_but_address() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let status = read("/proc/self/status").unwrap_or_default();
    let limits = read("/proc/self/limits").unwrap_or_default();
    [
        read("/proc/meminfo").and_then(|info| kib_field(&info, "MemAvailable:")),
        rlimit_room(&limits, "Max data size", kib_field(&status, "VmData:")),
        read("/proc/self/cgroup").and_then(|groups| cgroup_room(&groups)),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// A `Name:   1234 kB` field of `/proc/meminfo` or `/proc/self/status`, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// Address space an engine leaves under a limit for everything it does not size itself:
/// threads' stacks (2 MiB each for the exact solver's members, 16 MiB for a job), the
/// allocator's arenas, small vectors. An address-space limit is hit by the first allocation
/// past it, whatever its size, and most allocations abort when refused: with the tables
/// sized to the whole room, `pegsol analyze english` under `ulimit -v 80000` aborted on an
/// allocation of 8 KiB.
pub const LIMIT_RESERVE: u64 = 32 << 20;

/// What the soft limit `name` in `/proc/self/limits` leaves when `used` bytes are taken,
/// less [`LIMIT_RESERVE`].
fn rlimit_room(limits: &str, name: &str, used: Option<u64>) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with(name))?;
    let soft = line[name.len()..].split_whitespace().next()?;
    let limit: u64 = soft.parse().ok()?; // "unlimited" is no limit
    Some(
        limit
            .saturating_sub(used.unwrap_or(0))
            .saturating_sub(LIMIT_RESERVE),
    )
}

/// What the process's cgroups leave, from `/proc/self/cgroup`'s text: the least over its
/// memory cgroup (v1 and v2) and the ones above it. In a container the listed path may not
/// exist under `/sys/fs/cgroup` (the container's own cgroup is mounted as the root): its
/// nearest existing ancestor is read then.
fn cgroup_room(groups: &str) -> Option<u64> {
    let mut rooms = Vec::new();
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next()?, parts.next()?);
        let (root, limit, usage) = if controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        } else {
            continue;
        };
        let mut dir = std::path::PathBuf::from(root);
        dir.push(path.trim_start_matches('/'));
        loop {
            let number = |file: &str| -> Option<u64> {
                std::fs::read_to_string(dir.join(file))
                    .ok()?
                    .trim()
                    .parse()
                    .ok()
            };
            // "max" (v2) does not parse: no limit at this level.
            if let (Some(max), Some(current)) = (number(limit), number(usage)) {
                rooms.push(max.saturating_sub(current));
            }
            if dir.as_os_str().len() <= root.len() || !dir.pop() {
                break;
            }
        }
    }
    rooms.into_iter().min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_limits_are_read_from_proc() {
        let status = "Name:\tpegsol\nVmSize:\t  100000 kB\nVmData:\t 5000 kB\n";
        assert_eq!(kib_field(status, "VmSize:"), Some(102_400_000));
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max data size             unlimited            unlimited            bytes\n\
                      Max address space         600000000            unlimited            bytes\n";
        assert_eq!(
            rlimit_room(limits, "Max address space", Some(102_400_000)),
            Some(497_600_000 - LIMIT_RESERVE)
        );
        assert_eq!(rlimit_room(limits, "Max data size", Some(1)), None);
        // More used than the limit: nothing left, not a wrap-around.
        assert_eq!(
            rlimit_room(limits, "Max address space", Some(u64::MAX)),
            Some(0)
        );
        // A cgroup line for a controller other than memory is not read.
        assert_eq!(cgroup_room("3:cpuset:/\n"), None);
    }

    #[test]
    fn available_memory_is_no_more_than_the_machine_has() {
        let machine = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|info| kib_field(&info, "MemAvailable:"));
        if let (Some(machine), Some(available)) = (machine, available_memory()) {
            // Allow for the memory the machine freed between the two reads.
            assert!(
                available <= machine + (256 << 20),
                "{available} > {machine}"
            );
        }
    }
}
