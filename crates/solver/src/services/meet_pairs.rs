//! The analysis's last stage: start-finish pairs the searches left undecided, decided by
//! meeting in the middle with the level engine ([`crate::engines::whole::meet`]).
//!
//! Pairs related by a symmetry of the board, or by playing the game backwards (a pair and
//! its mirror pair), have the same answer, so one pair of each such class is decided; and a
//! start's levels halfway serve every finish and every start of its symmetry class, so one
//! [`Half`] is made per class of cells met among the pairs (two on the 41-hole diamond: a
//! tip, and (3,1)).

use super::analyze::StartReport;
use crate::engines::whole::meet::{meets, Half};
use crate::engines::whole::{Settings, Status, WholeError};
use pegsol_rules::{Cell, Shape};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What [`settle`] is doing, for its progress line.
#[derive(Clone, Copy, Debug)]
pub enum Step<'s> {
    /// Making the levels to halfway of the start without `hole`.
    Levels {
        /// The start's empty hole.
        hole: Cell,
        /// The level engine's latest step.
        status: &'s Status,
    },
    /// Meeting the halves for one class of pairs (`pair` of `of`).
    Meeting {
        /// The pair's start hole.
        start: Cell,
        /// The pair's finish cell.
        finish: Cell,
        /// Which class of pairs, from 1.
        pair: usize,
        /// Classes of pairs in all.
        of: usize,
    },
}

impl Step<'_> {
    /// In words, for a progress line.
    pub fn line(&self) -> String {
        match self {
            Step::Levels { hole, status } => {
                format!("levels from the start without {hole}: {}", status.line())
            }
            Step::Meeting {
                start,
                finish,
                pair,
                of,
            } => format!("meeting in the middle: {start} to {finish}, pair {pair} of {of}"),
        }
    }
}

/// A pair's class, as its representative's two cells' [`key`]s.
type PairKey = ((u8, u8), (u8, u8));

/// A cell's order for choosing class representatives: row, then column.
fn key(c: Cell) -> (u8, u8) {
    (c.y, c.x)
}

/// The representative of `c`'s symmetry class: its least image.
fn cell_class(shape: &Shape, c: Cell) -> Cell {
    shape
        .symmetries()
        .iter()
        .map(|s| s.apply_cell(c))
        .min_by_key(|&c| key(c))
        .unwrap_or(c)
}

/// The representative of the pair's class: the least image of the pair or of its mirror.
fn pair_class(shape: &Shape, start: Cell, finish: Cell) -> (Cell, Cell) {
    shape
        .symmetries()
        .iter()
        .flat_map(|s| {
            let (a, b) = (s.apply_cell(start), s.apply_cell(finish));
            [(a, b), (b, a)]
        })
        .min_by_key(|&(a, b)| (key(a), key(b)))
        .unwrap_or((start, finish))
}

/// Decides every pair `reports` leave unknown (see the module docs), moving each to the
/// start's finishes when it wins; returns how many pairs it decided and, if it stopped early
/// (memory and scratch disk too small for a half, a cancel), why: the pairs not decided by
/// then stay unknown. `watch` hears each [`Step`].
pub fn settle(
    shape: &Arc<Shape>,
    reports: &mut [StartReport],
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(Step),
) -> (u32, Option<WholeError>) {
    let mut classes: BTreeMap<PairKey, (Cell, Cell)> = BTreeMap::new();
    for r in reports.iter() {
        for &f in &r.unknown {
            let (a, b) = pair_class(shape, r.start, f);
            classes.insert((key(a), key(b)), (a, b));
        }
    }
    let mut answers: BTreeMap<PairKey, bool> = BTreeMap::new();
    let stopped = decide(shape, &classes, settings, cancel, watch, &mut answers).err();
    let mut settled = 0;
    for r in reports.iter_mut() {
        let unknown = std::mem::take(&mut r.unknown);
        for f in unknown {
            let (a, b) = pair_class(shape, r.start, f);
            match answers.get(&(key(a), key(b))) {
                Some(&wins) => {
                    settled += 1;
                    if wins {
                        r.finishes.push(f);
                    }
                }
                None => r.unknown.push(f),
            }
        }
        r.finishes.sort_by_key(|&c| key(c));
    }
    (settled, stopped)
}

/// Decides each class of pairs into `answers`, making the halves as they are needed.
fn decide(
    shape: &Arc<Shape>,
    classes: &BTreeMap<PairKey, (Cell, Cell)>,
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(Step),
    answers: &mut BTreeMap<PairKey, bool>,
) -> Result<(), WholeError> {
    let mut halves: BTreeMap<(u8, u8), Half> = BTreeMap::new();
    for (n, (&class, &(start, finish))) in classes.iter().enumerate() {
        for hole in [cell_class(shape, start), cell_class(shape, finish)] {
            if halves.contains_key(&key(hole)) {
                continue;
            }
            // Each half's room is what the halves already made leave of the first's.
            let mut mine = settings.clone();
            if let Some(first) = halves.values().next() {
                let held: u64 = halves.values().map(|h| h.board.account.used()).sum();
                mine.memory = Some(first.board.account.room().saturating_sub(held));
            }
            let half = Half::new(shape, hole, &mine, cancel, &mut |status| {
                watch(Step::Levels { hole, status });
            })?;
            halves.insert(key(hole), half);
        }
        let from = &halves[&key(cell_class(shape, start))];
        let to = &halves[&key(cell_class(shape, finish))];
        // The pair's image whose start is `from`'s hole.
        let Some(map) = shape
            .symmetries()
            .iter()
            .find(|s| s.apply_cell(start) == from.hole)
        else {
            continue;
        };
        watch(Step::Meeting {
            start,
            finish,
            pair: n + 1,
            of: classes.len(),
        });
        answers.insert(class, meets(from, map.apply_cell(finish), to)?);
    }
    Ok(())
}
