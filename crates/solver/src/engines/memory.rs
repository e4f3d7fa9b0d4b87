//! Memory for the level engines: how much they may hold ([`Room`]), taken from the process's
//! real limits, and buffers allocated fallibly, so that a request the system refuses is an
//! error the engine can answer (spill to disk, or refuse with the figure it needed) instead
//! of an abort in the allocator.
//!
//! - [`Zeroed`]: zero-filled arrays straight from the operating system (`mmap`): pages are
//!   handed out as they are first touched, so a bitset over a whole level costs only what its
//!   set bits touch, and a mapping the system refuses (`ulimit -v`, `prlimit --as`) is `Err`.
//! - [`try_vec`] and [`try_grow`]: `Vec`s reserved with `try_reserve`, for the buffers that
//!   grow as they fill.
//! - [`Room`]: the bytes an engine may hold at once: a share of what
//!   [`crate::system_memory::available_memory`] says is left (the free memory, the
//!   address-space and data limits, the cgroup's `memory.max`), less a reserve for the
//!   threads' stacks and the small allocations no engine counts, or a cap given by the caller
//!   (`--memory`), whichever is less.

use crate::system_memory::{address_room_by_limit, available_memory_but_address, size_text};
use std::marker::PhantomData;
use std::ptr::NonNull;

/// A request for memory the system refused, or that would pass the engine's room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("could not take {} of memory", size_text(*bytes))]
pub struct NoMemory {
    /// Bytes asked for.
    pub bytes: u64,
}

/// Bytes kept back from [`Room::of_process`] for what no engine counts: thread stacks, the
/// allocator's arenas, small tables, the output.
pub const RESERVE: u64 = 48 << 20;

/// The least room an engine is given, however little the process has: below it the level
/// engines cannot hold even their rank tables, and refuse.
pub const LEAST_ROOM: u64 = 4 << 20;

/// The memory a level engine may hold at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    bytes: u64,
}

impl Room {
    /// Three quarters of what the process may still take (see the module docs), less
    /// [`RESERVE`]; under an address-space limit at most what the limit alone leaves
    /// ([`address_room_by_limit`]) less [`RESERVE`]; with `cap`, at most that. Where the system says nothing, the cap, or
    /// 8 GiB.
    pub fn of_process(cap: Option<u64>) -> Room {
        // The address-space limit's part from the limit alone (see
        // `address_room_by_limit`): the same room whatever else is mapped at the moment.
        let others = available_memory_but_address().map(|a| (a / 4 * 3).saturating_sub(RESERVE));
        let address = address_room_by_limit().map(|a| a.saturating_sub(RESERVE));
        let left = match (others, address) {
            (Some(o), Some(a)) => Some(o.min(a)),
            (o, a) => o.or(a),
        };
        let bytes = match (left, cap) {
            (Some(l), Some(c)) => l.min(c),
            (Some(l), None) => l,
            (None, Some(c)) => c,
            (None, None) => 8 << 30,
        };
        Room {
            bytes: bytes.max(LEAST_ROOM),
        }
    }

    /// Exactly `bytes` (tests, and callers that share the machine out themselves).
    pub fn fixed(bytes: u64) -> Room {
        Room {
            bytes: bytes.max(LEAST_ROOM),
        }
    }

    /// The bytes.
    pub fn bytes(self) -> u64 {
        self.bytes
    }
}

/// Asks the C allocator for one arena when the process has an address-space limit:
/// each thread's own arena reserves 64 MiB of address space whether it uses it or not, and
/// under `ulimit -v` a few threads' arenas would take most of the limit; and for large
/// blocks mapped on their own (below). (Harmless elsewhere, and done only where a limit is
/// set.)
pub fn fit_arenas_to_address_limit() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let limited = std::fs::read_to_string("/proc/self/limits")
            .ok()
            .and_then(|l| {
                let line = l.lines().find(|l| l.starts_with("Max address space"))?;
                let soft = line["Max address space".len()..]
                    .split_whitespace()
                    .next()?;
                Some(soft != "unlimited")
            })
            .unwrap_or(false);
        if limited {
            // SAFETY: mallopt with a documented parameter; it only changes allocator tuning.
            unsafe {
                // One arena, as at start-up (`fit_allocator_to_limits`): a second one
                // reserves 64 MiB (128 MiB while it is being aligned) when threads happen
                // to contend, which made the room left depend on the load.
                libc::mallopt(libc::M_ARENA_MAX, 1);
                // A fixed threshold (the allocator's own grows up to 32 MiB): every block
                // of a MiB or more is its own mapping, given back whole when freed and
                // grown in place, not carved from an arena that several growing runs
                // leave full of holes.
                libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
            }
        }
    }
}

/// A vector with room for `len` items reserved fallibly (empty, `len` capacity).
pub fn try_vec<T>(len: usize) -> Result<Vec<T>, NoMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| NoMemory {
        bytes: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })?;
    Ok(v)
}

/// A vector with room for `len` items, fallibly, whose memory asks for huge pages (Linux
/// `MADV_HUGEPAGE`, a hint only): for the level engine's sort buffers, filled once a step
/// from fresh pages, where a fault for every 4 KiB page cost a quarter of a step's time.
pub fn try_vec_huge<T>(len: usize) -> Result<Vec<T>, NoMemory> {
    let v = try_vec(len)?;
    #[cfg(target_os = "linux")]
    {
        // The allocation's whole pages only: its first bytes share a page with the
        // allocator's header.
        const PAGE: usize = 4096;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let from = start.next_multiple_of(PAGE);
        let to = end / PAGE * PAGE;
        if to > from {
            // SAFETY: advice on whole pages inside an allocation we own; failure changes
            // nothing.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    Ok(v)
}

/// Makes room in `v` for `more` items beyond its length, fallibly (doubling, as `push`
/// would, but asking first).
pub fn try_grow<T>(v: &mut Vec<T>, more: usize) -> Result<(), NoMemory> {
    if v.capacity() - v.len() >= more {
        return Ok(());
    }
    let want = more.max(v.len());
    v.try_reserve(want).map_err(|_| NoMemory {
        bytes: ((v.len() + want) as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })
}

/// Zero-filled items from the operating system (see the module docs). `T` must be a type for
/// which all-zero bytes are a valid value (integers and their atomics).
pub struct Zeroed<T> {
    ptr: NonNull<T>,
    len: usize,
    _own: PhantomData<T>,
}

// SAFETY: the memory is owned by this value alone; sharing it is sharing `[T]`.
unsafe impl<T: Send> Send for Zeroed<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for Zeroed<T> {}

/// Types whose all-zero bytes are a value: what [`Zeroed`] may hold.
///
/// # Safety
/// Implement only for types where every bit of zero is a valid value.
pub unsafe trait Zeroable: Sized {}
// SAFETY: integers and their atomics are valid as all zeros.
unsafe impl Zeroable for u8 {}
// SAFETY: as above.
unsafe impl Zeroable for u32 {}
// SAFETY: as above.
unsafe impl Zeroable for u64 {}
// SAFETY: as above.
unsafe impl Zeroable for std::sync::atomic::AtomicU64 {}

impl<T: Zeroable> Zeroed<T> {
    /// `len` zeroed items, or [`NoMemory`] when the system refuses them.
    pub fn new(len: usize) -> Result<Zeroed<T>, NoMemory> {
        let size = std::mem::size_of::<T>();
        let refused = NoMemory {
            bytes: (len as u64).saturating_mul(size as u64),
        };
        let bytes = len.checked_mul(size).ok_or(refused)?.max(size).max(1);
        #[cfg(unix)]
        {
            // SAFETY: an anonymous private mapping with no address hint; checked below.
            let p = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if p == libc::MAP_FAILED {
                return Err(refused);
            }
            Ok(Zeroed {
                ptr: NonNull::new(p as *mut T).ok_or(refused)?,
                len,
                _own: PhantomData,
            })
        }
        #[cfg(not(unix))]
        {
            let layout =
                std::alloc::Layout::from_size_align(bytes, std::mem::align_of::<T>().max(8))
                    .map_err(|_| refused)?;
            // SAFETY: a non-zero-sized layout; a null result is checked.
            let p = unsafe { std::alloc::alloc_zeroed(layout) };
            Ok(Zeroed {
                ptr: NonNull::new(p as *mut T).ok_or(refused)?,
                len,
                _own: PhantomData,
            })
        }
    }
}

impl<T> Zeroed<T> {
    fn mapped_bytes(&self) -> usize {
        (self.len * std::mem::size_of::<T>())
            .max(std::mem::size_of::<T>())
            .max(1)
    }

    /// Bytes held (the mapping's size; pages never touched take no memory).
    pub fn bytes(&self) -> u64 {
        self.mapped_bytes() as u64
    }

    /// Asks for huge pages (fewer TLB misses on random access); a hint only.
    pub fn advise_huge(&self) {
        #[cfg(target_os = "linux")]
        // SAFETY: advice on a mapping we own; failure changes nothing.
        unsafe {
            libc::madvise(
                self.ptr.as_ptr() as *mut libc::c_void,
                self.mapped_bytes(),
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

impl<T> std::ops::Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` zero-initialised items owned by `self` (zero is a valid `T`).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> std::ops::DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as above, borrowed mutably through `self`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for Zeroed<T> {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: the mapping made in `new`, unmapped once.
        unsafe {
            libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.mapped_bytes());
        }
        #[cfg(not(unix))]
        if let Ok(layout) = std::alloc::Layout::from_size_align(
            self.mapped_bytes(),
            std::mem::align_of::<T>().max(8),
        ) {
            // SAFETY: allocated in `new` with this layout.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, layout) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_buffers_start_at_zero_and_refuse_what_cannot_be_mapped() {
        let mut z = Zeroed::<u64>::new(1 << 20).expect("8 MiB");
        assert!(z.iter().all(|&w| w == 0));
        z[12345] = 7;
        assert_eq!(z.iter().sum::<u64>(), 7);
        assert_eq!(z.bytes(), 8 << 20);
        // More than any address space: refused, not aborted.
        assert!(Zeroed::<u64>::new(usize::MAX / 4).is_err());
        assert!(try_vec::<u64>(usize::MAX / 16).is_err());
        let mut v: Vec<u64> = try_vec(4).expect("small");
        try_grow(&mut v, 100).expect("small");
        assert!(v.capacity() >= 100);
    }

    #[test]
    fn the_room_is_at_least_the_least_and_at_most_the_cap() {
        assert_eq!(Room::fixed(1).bytes(), LEAST_ROOM);
        assert!(Room::of_process(Some(64 << 20)).bytes() <= 64 << 20);
        assert!(Room::of_process(None).bytes() >= LEAST_ROOM);
    }
}
