//! The hot loops compiled for the processor they run on: the binary is built for any x86-64
//! (it must run on every machine), and [`fast`] runs a loop compiled again for the best
//! level the processor has, chosen at run time: x86-64-v4 (v3 and AVX-512 F, BW, CD, DQ,
//! VL) or x86-64-v3 (AVX2, BMI1, BMI2, LZCNT, POPCNT, FMA). The classic search counts the
//! pegs of every board it expands and walks the legal jumps bit by bit: v3 does each in one
//! instruction (`popcnt`, `tzcnt`), where the baseline counts bits in software. The bitset
//! steps of the winnable set and the counts take the least of eight 64-bit images of each
//! child: v4 has a packed minimum of 64-bit integers, where v3 compares and blends. (The
//! level engine's whole-board steps run the baseline code: compiled for v3 they were
//! slower, as they wait on memory. `PEGSOL_CPU=baseline` or `PEGSOL_CPU=v3` runs that
//! level's code on any machine, to measure one against the other: docs/performance.md's
//! history has the ratios.)
//!
//! A loop gets the other compilations only where it is inlined into [`fast`]'s caller: pass
//! an `#[inline(always)]` closure, and keep what it calls `#[inline(always)]` (the children,
//! the ranks, the bitset helpers are).

use std::sync::atomic::{AtomicU8, Ordering};

/// The level the processor runs at: not checked yet (0), baseline (1), v3 (2) or v4 (3).
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// A level of x86-64 instructions the hot loops are compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Any x86-64 (or another architecture).
    Baseline,
    /// x86-64-v3: AVX2, BMI1, BMI2, LZCNT, POPCNT, FMA.
    V3,
    /// x86-64-v4: v3 and AVX-512 F, BW, CD, DQ, VL.
    V4,
}

/// The best level this processor has (checked once), capped by `PEGSOL_CPU` (`baseline` or
/// `v3`, for measuring one against the other).
pub fn level() -> Level {
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::Baseline,
        2 => Level::V3,
        3 => Level::V4,
        _ => {
            let cap = match std::env::var_os("PEGSOL_CPU") {
                Some(v) if v == "baseline" => Level::Baseline,
                Some(v) if v == "v3" => Level::V3,
                _ => Level::V4,
            };
            let level = detect().min(cap);
            let code = match level {
                Level::Baseline => 1,
                Level::V3 => 2,
                Level::V4 => 3,
            };
            LEVEL.store(code, Ordering::Relaxed);
            level
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Level {
    let v3 = is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("fma");
    let v4 = v3
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512cd")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512vl");
    match (v3, v4) {
        (_, true) => Level::V4,
        (true, false) => Level::V3,
        _ => Level::Baseline,
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Level {
    Level::Baseline
}

/// Runs `f`, compiled for the best level the processor has (see the module docs): the same
/// answer at every level, sooner at a higher one.
#[inline(always)]
pub fn fast<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    match level() {
        // SAFETY: `v4` is compiled for features `level` found on this processor.
        Level::V4 => return unsafe { v4(f) },
        // SAFETY: the same for `v3`.
        Level::V3 => return unsafe { v3(f) },
        Level::Baseline => {}
    }
    f()
}

/// `f()` compiled with the x86-64-v3 features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
unsafe fn v3<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// `f()` compiled with the x86-64-v4 features.
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx,avx2,bmi1,bmi2,lzcnt,popcnt,fma,avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
)]
unsafe fn v4<R>(f: impl FnOnce() -> R) -> R {
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
