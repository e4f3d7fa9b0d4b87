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
use crate::solver::engines::levels::ranked::Ranks;
use std::sync::atomic::{AtomicU64, Ordering};

/// The figures of one level, gathered chunk by chunk (see the module docs).
pub struct Figures<'b, 'a> {
    board: &'b Board<'a>,
    level: &'b Level,
    ranks: Option<(Ranks, Lease)>,
    /// Whether the up-to-symmetry count is taken chunk by chunk.
    by_lookup: bool,
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
            ranks,
            positions: AtomicU64::new(0),
            distinct: AtomicU64::new(0),
        })
    }

    /// Takes the figures of one chunk of the level.
    pub fn visit(&self, keys: &[u64]) {
        let b = self.board;
        let orbits: u64 = keys.iter().map(|&p| b.sub.orbit_size(p)).sum();
        self.positions.fetch_add(orbits, Ordering::Relaxed);
        if !self.by_lookup {
            return;
        }
        let distinct = match &self.ranks {
            None => keys.len() as u64,
            Some((ranks, _)) => keys
                .iter()
                .filter(|&&p| {
                    let images = b.group.images(p);
                    !images.iter().any(|&x| {
                        let r = b.sub.canon(x);
                        r < p && self.level.contains(ranks, r) == Some(true)
                    })
                })
                .count() as u64,
        };
        self.distinct.fetch_add(distinct, Ordering::Relaxed);
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
