//! The hot loops compiled for the processor they run on: the binary is built for any x86-64
//! (it must run on every machine), and [`fast`] runs a loop a second time compiled for
//! x86-64-v3 (AVX2, BMI1, BMI2, LZCNT, POPCNT, FMA) where the processor has it, chosen at run
//! time. The classic search counts the pegs of every board it expands and walks the legal
//! jumps bit by bit: v3 does each in one instruction (`popcnt`, `tzcnt`), where the baseline
//! counts bits in software. (`PEGSOL_CPU=baseline` runs the baseline code on any machine,
//! to measure one against the other: docs/performance.md's history has the ratio. The
//! level engine's steps were measured the same way and gained nothing: they wait on memory.)
//!
//! A loop gets the second compilation only where it is inlined into [`fast`]'s caller: pass
//! an `#[inline(always)]` closure, and keep what it calls `#[inline(always)]` (the children,
//! the ranks, the bitset helpers are).

use std::sync::atomic::{AtomicU8, Ordering};

/// Not checked yet, no, yes.
static V3: AtomicU8 = AtomicU8::new(0);

/// Whether this processor has x86-64-v3 (checked once) and `PEGSOL_CPU` does not say
/// `baseline` (for measuring one against the other).
pub fn has_v3() -> bool {
    match V3.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let has = detect();
            V3.store(if has { 2 } else { 1 }, Ordering::Relaxed);
            has
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn detect() -> bool {
    let baseline = std::env::var_os("PEGSOL_CPU").is_some_and(|v| v == "baseline");
    !baseline
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("fma")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> bool {
    false
}

/// Runs `f`, compiled for x86-64-v3 when the processor has it (see the module docs): the
/// same answer either way, sooner with v3.
#[inline(always)]
pub fn fast<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if has_v3() {
        // SAFETY: `v3` is compiled for features `has_v3` found on this processor.
        return unsafe { v3(f) };
    }
    f()
}

/// `f()` compiled with the x86-64-v3 features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn v3<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same bit counts and minimums either way (on a machine without v3 both are the
    /// baseline's).
    #[test]
    fn fast_gives_the_answer_of_the_plain_loop() {
        let words: Vec<u64> = (0..1000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let plain: (u32, u64) = (
            words.iter().map(|w| w.count_ones()).sum(),
            words.iter().map(|w| w.trailing_zeros() as u64).sum(),
        );
        let got = fast(
            #[inline(always)]
            || {
                (
                    words.iter().map(|w| w.count_ones()).sum(),
                    words.iter().map(|w| w.trailing_zeros() as u64).sum(),
                )
            },
        );
        assert_eq!(got, plain);
    }
}
