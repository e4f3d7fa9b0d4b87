//! Merging many sorted runs in rounds, so that a step's last merge holds few cursors.
//!
//! A cursor holds one block of its run while it merges (its keys, counts and coded bytes:
//! up to [`CURSOR_BYTES`]), and a merging thread opens one per run. Those blocks were not
//! counted against the account: `pegsol count french` under `prlimit --as=400000000`, whose
//! account held some 120 MiB, stopped at jump 16 when the system refused 1 MiB (with
//! `--memory 230M` and no limit the process reached 397 MiB resident). Now a step with more
//! runs than half the free memory can hold the cursors of merges them in groups first, and
//! the last merge's cursors are held against the account.

use super::merge;
use super::runs::{Run, RunWriter, BLOCK};
use super::{Board, WholeError};

/// Bytes one cursor may hold while it merges: a block's keys (8 bytes each), counts (16)
/// and coded bytes (at most 8).
pub const CURSOR_BYTES: u64 = BLOCK as u64 * 32;

/// Adds two counts; `None` when the sum does not fit.
type Add<'a> = &'a (dyn Fn(u128, u128) -> Option<u128> + Sync);

impl Board<'_> {
    /// `runs`, merged in rounds of as many as half the memory free holds the cursors of (at
    /// least two, on one thread), until a merge of them all on `threads` threads fits there.
    pub(super) fn fan_in(
        &self,
        mut runs: Vec<Run>,
        threads: usize,
        values: bool,
        add: Add,
    ) -> Result<Vec<Run>, WholeError> {
        loop {
            let room = self.account.free() / 2;
            let need = (runs.len() as u64)
                .saturating_mul(threads as u64)
                .saturating_mul(CURSOR_BYTES);
            if runs.len() <= 2 || need <= room {
                return Ok(runs);
            }
            let group = ((room / CURSOR_BYTES) as usize).max(2);
            let mut merged = Vec::with_capacity(runs.len().div_ceil(group));
            let mut rest = runs.into_iter();
            loop {
                let batch: Vec<Run> = rest.by_ref().take(group).collect();
                if batch.len() < 2 {
                    merged.extend(batch);
                    break;
                }
                let refs: Vec<&Run> = batch.iter().collect();
                let mut out = RunWriter::new(values, &self.account, &self.scratch);
                if !merge::merge(&refs, &mut out, add, self.cancel_flag())? {
                    return Err(WholeError::Overflow);
                }
                if self.cancelled() {
                    return Err(WholeError::Cancelled);
                }
                drop(refs);
                // The group's runs go back before the merged one is finished.
                drop(batch);
                merged.push(out.finish()?);
            }
            runs = merged;
        }
    }
}
