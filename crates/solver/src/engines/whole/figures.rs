//! A level's figures as the engine reads it: its positions (each canonical form stands for
//! its orbit under the symmetries kept) and its positions up to every symmetry of the board
//! (the literature's count).
//!
//! Up to symmetry: a canonical form p counts unless another canonical form of its orbit
//! under the whole group, less than p, is in the level too. With the level a bitset in
//! memory that is a few lookups a position, taken as the level is read anyway; otherwise the
//! whole group's canonical forms are sorted and counted (a pass of their own).

use super::level::Level;
use super::scratch::Lease;
use super::{Board, WholeError};
use crate::engines::levels::ranked::{self, Ranks};
use std::sync::atomic::{AtomicU64, Ordering};

/// How many lookups ahead a bitset word is fetched (see [`Figures::repeated`]).
const AHEAD: usize = 16;

/// A form of another class: it has no rank in the level.
const NO_RANK: u64 = u64::MAX;

/// The figures of one level, gathered chunk by chunk (see the module docs).
pub struct Figures<'b, 'a> {
    board: &'b Board<'a>,
    level: &'b Level,
    ranks: Option<(Ranks, Lease)>,
    /// Whether the up-to-symmetry count is taken chunk by chunk.
    by_lookup: bool,
    /// Whether a canonical form counts as its orbit ([`Figures::new`]) or as one
    /// ([`Figures::kept_only`]).
    orbits: bool,
    positions: AtomicU64,
    distinct: AtomicU64,
}

impl<'b, 'a> Figures<'b, 'a> {
    /// Figures of `level`, read by the next step.
    pub fn new(board: &'b Board<'a>, level: &'b Level) -> Result<Figures<'b, 'a>, WholeError> {
        let same = board.group.len() == board.sub.len();
        let ranks = if !same && level.bits_in_memory().is_some() {
            board.ranks_of(level)?
        } else {
            None
        };
        Ok(Figures {
            board,
            level,
            by_lookup: same || ranks.is_some(),
            orbits: true,
            ranks,
            positions: AtomicU64::new(0),
            distinct: AtomicU64::new(0),
        })
    }

    /// Figures of `level` up to the symmetries the levels keep only: both counts are its
    /// canonical forms, counted as they are read. For the deep proofs, whose canonical forms
    /// stand for positions not all reached ([`super::Kept::ClassAndGoal`]): what they
    /// examined is the canonical forms.
    pub fn kept_only(board: &'b Board<'a>, level: &'b Level) -> Figures<'b, 'a> {
        Figures {
            board,
            level,
            ranks: None,
            by_lookup: true,
            orbits: false,
            positions: AtomicU64::new(0),
            distinct: AtomicU64::new(0),
        }
    }

    /// Takes the figures of one chunk of the level.
    pub fn visit(&self, keys: &[u64]) {
        let b = self.board;
        let positions: u64 = if self.orbits {
            keys.iter().map(|&p| b.sub.orbit_size(p)).sum()
        } else {
            keys.len() as u64
        };
        self.positions.fetch_add(positions, Ordering::Relaxed);
        if !self.by_lookup {
            return;
        }
        let distinct = match (&self.ranks, self.level.bits_in_memory()) {
            (Some((ranks, _)), Some(bits)) => keys.len() as u64 - self.repeated(keys, ranks, bits),
            _ => keys.len() as u64,
        };
        self.distinct.fetch_add(distinct, Ordering::Relaxed);
    }

    /// How many of `keys` have a lesser canonical form of their orbit under the whole group
    /// in the level (a bitset over `ranks`): those are counted with it. Both the rank tables
    /// and the bitset are far larger than the caches, so the forms are taken first, then
    /// ranked, then looked up, each table entry fetched [`AHEAD`] lookups early.
    fn repeated(&self, keys: &[u64], ranks: &Ranks, bits: &[AtomicU64]) -> u64 {
        let b = self.board;
        // (index of the key, a lesser form of its orbit), then (index, that form's rank).
        let mut lookups: Vec<(u32, u64)> = Vec::with_capacity(keys.len() * 2);
        for (i, &p) in keys.iter().enumerate() {
            for &g in &b.cosets {
                let r = b.sub.canon(b.group.apply(g, p));
                if r < p {
                    lookups.push((i as u32, r));
                }
            }
        }
        for j in 0..lookups.len() {
            if let Some(&(_, ahead)) = lookups.get(j + AHEAD) {
                ranks.prefetch(ahead);
            }
            let form = lookups[j].1;
            lookups[j].1 = ranks.rank(form).unwrap_or(NO_RANK);
        }
        let mut seen = vec![false; keys.len()];
        for (j, &(i, rank)) in lookups.iter().enumerate() {
            if let Some(&(_, ahead)) = lookups.get(j + AHEAD) {
                ranked::prefetch(bits, ahead);
            }
            if rank != NO_RANK && ranked::test_bit(bits, rank) {
                seen[i as usize] = true;
            }
        }
        seen.iter().filter(|&&s| s).count() as u64
    }

    /// The level's positions and its positions up to symmetry (sorting the group's canonical
    /// forms when they were not counted on the way).
    pub fn finish(self) -> Result<(u64, u64), WholeError> {
        let positions = self.positions.into_inner();
        if self.by_lookup {
            return Ok((positions, self.distinct.into_inner()));
        }
        let group = &self.board.group;
        let distinct = self.board.count_mapped(self.level, &|p| group.canon(p))?;
        Ok((positions, distinct))
    }
}
