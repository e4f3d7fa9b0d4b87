//! Deciding a start-finish pair by meeting in the middle: whether the board with one hole
//! `s` can be played down to one peg on `f`, from each end's levels halfway.
//!
//! A game from the board less `s` to a lone peg on `f` is T jumps long (the board's holes
//! less two). Played backwards, each jump undone is a jump on the complement, so its second
//! half, from a position P to the lone peg, is the game from the board less `f` to P's
//! complement. The pair wins exactly when some position P reachable from the `s` start in
//! ⌊T/2⌋ jumps has its complement reachable from the `f` start in ⌈T/2⌉ jumps.
//!
//! So each start needs only its levels to halfway ([`Half`]: the two middle levels, as the
//! level engine makes them), and a start's half serves every finish, and every start of its
//! symmetry class: the `f` start is an image of some half's start under a symmetry of the
//! board, and so are its levels. Halfway is where the levels are largest, but each side
//! makes only half the game's levels, and nothing needs to be kept below it.

use super::level::Level;
use super::{Board, Settings, Status, WholeError};
use crate::engines::levels::Direction;
use pegsol_rules::{Cell, CellSet, Goal, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// One start's levels halfway through its game.
pub struct Half<'a> {
    /// The engine's tables for the start (canonical forms under the symmetries that keep
    /// it).
    pub board: Board<'a>,
    /// The empty hole of the start.
    pub hole: Cell,
    /// The level ⌊T/2⌋ jumps in (the same as `far` when T is even).
    near: Option<Level>,
    /// The level ⌈T/2⌉ jumps in.
    far: Level,
}

impl<'a> Half<'a> {
    /// Makes the levels of the board less `hole` up to halfway; `watch` hears after every
    /// step. A level of no positions ends it early: nothing then reaches past it.
    pub fn new(
        shape: &std::sync::Arc<pegsol_rules::Shape>,
        hole: Cell,
        settings: &Settings,
        cancel: &'a AtomicBool,
        watch: &mut dyn FnMut(&Status),
    ) -> Result<Half<'a>, WholeError> {
        let cells = shape.cells();
        let start = Position::new(shape.clone(), cells - CellSet::single(hole))
            .ok_or_else(|| WholeError::Failed(format!("{hole:?} is not a hole of the board")))?;
        let board = Board::new(&start, Goal::Anywhere, settings, cancel)?;
        let jumps = cells.len().saturating_sub(2);
        let (near_at, far_at) = (jumps / 2, jumps.div_ceil(2));
        let mut levels = vec![board.start_level(&start)?];
        for n in 0..far_at {
            let last = levels.len() - 1;
            board.room_for_next(&mut levels, last)?;
            let next = board.step(&levels[last], Direction::Forward, None, &|_, _| {})?;
            watch(&board.status("halfway", n + 1, far_at, next.len));
            // Only the level below the next one is wanted from here on.
            if levels.len() == 2 {
                levels.remove(0);
            }
            levels.push(next);
        }
        let far = levels.pop().ok_or(WholeError::Failed("no levels".into()))?;
        let near = if near_at == far_at {
            None
        } else {
            levels.pop()
        };
        Ok(Half {
            board,
            hole,
            near,
            far,
        })
    }

    /// The level ⌊T/2⌋ jumps in.
    fn near(&self) -> &Level {
        self.near.as_ref().unwrap_or(&self.far)
    }
}

/// Whether the board less `from.hole` can be played down to one peg on `finish`, where the
/// board less `finish` is an image of the board less `to.hole` (see the module docs). The
/// two halves may be one. `to`'s far level must be a bitset in memory.
pub fn meets(from: &Half, finish: Cell, to: &Half) -> Result<bool, WholeError> {
    let (xb, yb) = (&from.board, &to.board);
    let far = &to.far;
    if from.near().len == 0 || far.len == 0 {
        return Ok(false);
    }
    // The far level as a bitset in memory where the engine made it so; otherwise (a small
    // level, or one on disk) its keys, sorted, to search.
    let ranks = yb.ranks_of(far)?.filter(|_| far.bits_in_memory().is_some());
    let mut keys = Vec::new();
    if ranks.is_none() {
        keys.try_reserve_exact(far.len as usize).map_err(|_| {
            WholeError::Memory(crate::engines::memory::NoMemory { bytes: far.len * 8 })
        })?;
        yb.read_keys(far, &mut keys)?;
    }
    let holds = |t: u64| match &ranks {
        Some((r, _)) => far.contains(r, t) == Some(true),
        None => keys.binary_search(&t).is_ok(),
    };
    // A symmetry taking the finish to `to`'s hole: the board less `finish` is its image
    // under the inverse, so P's complement is reachable from there when its image under
    // this one is reachable from `to`'s start.
    let cell_bit = |c: Cell| {
        yb.compact
            .index(c)
            .map(|i| 1u64 << i)
            .ok_or_else(|| WholeError::Failed(format!("{c:?} is not a hole of the board")))
    };
    let (f, y) = (cell_bit(finish)?, cell_bit(to.hole)?);
    let map = yb
        .group
        .images(f)
        .iter()
        .position(|&b| b == y)
        .ok_or_else(|| {
            WholeError::Failed("the finish is not an image of the far half's hole".into())
        })?;
    let full = yb.full();
    let found = AtomicBool::new(false);
    let near = from.near();
    let near_ranks = xb.ranks_of(near)?;
    xb.par_chunks(
        near,
        near_ranks.as_ref().map(|r| &r.0),
        || Ok(()),
        |_, keys, _| {
            if found.load(Ordering::Relaxed) {
                return Ok(());
            }
            for &key in keys {
                // Every position the canonical form stands for.
                for &p in xb.sub.images(key).iter() {
                    let image = yb.group.images(full ^ p)[map];
                    let t = yb.sub.canon(image);
                    if yb.class_of(t) == far.class && holds(t) {
                        found.store(true, Ordering::Relaxed);
                        return Ok(());
                    }
                }
            }
            Ok(())
        },
    )?;
    Ok(found.into_inner())
}
