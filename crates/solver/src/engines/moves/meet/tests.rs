//! The meeting's tests: undone moves lead back, the English central game meets at its
//! known 18 moves, and a look-through taken up from a stopped grow finds what a whole one does.

use super::*;
use crate::engines::moves::tests::start_of;
use crate::uncontrolled;
use rustc_hash::FxHashSet;

fn meet(start: &Position, goal: Goal) -> MovesOutcome {
    uncontrolled(|c| run(start, goal, Options::default(), c))
}

#[test]
fn undone_moves_are_the_moves_that_lead_back() {
    // Every move from a position, undone, gives the position back: on the triangle's
    // every position a few moves in.
    let start = start_of("triangle");
    let board = Board::<u64>::new(&start, Goal::Anywhere);
    let unmoves = Unmoves::new(&board.compact);
    let mut seen = FxHashSet::default();
    let p = board.compact.encode(start.pegs());
    let mut children = Vec::new();
    let _ = board.moves_from(p, &mut |b, _, _| -> Result<bool, ()> {
        children.push(b);
        Ok(true)
    });
    assert!(!children.is_empty());
    for c in children {
        let mut back = Vec::new();
        unmoves.unmoves_from(&board.compact, c, &mut seen, &mut |b| {
            back.push(b);
            true
        });
        assert!(back.contains(&p), "a move undone leads back");
    }
}

#[test]
fn the_english_central_game_meets_at_its_known_eighteen_moves() {
    let start = start_of("english");
    let centre = pegsol_rules::Cell { x: 3, y: 3 };
    let out = meet(&start, Goal::At(centre));
    assert!(out.won && out.proven_optimal, "{out:?}");
    assert_eq!(out.moves(), Some(18));
    let mut p = start.clone();
    for &j in &out.jumps() {
        p = p.try_play(j).expect("every jump is legal");
    }
    assert!(p.is_won(Goal::At(centre)));
    assert_eq!(pegsol_rules::move_count(&out.jumps()), 18);
}

#[test]
fn a_look_through_going_on_from_a_grow_stopped_part_way_finds_what_a_whole_one_does() {
    // The English central game takes 18 moves. Once the levels held prove 17, and again
    // once they prove 18, each side's next level is looked through whole, and going on
    // from a grow of it that stopped part-way for want of room: the same answer (clear
    // at 17; the same least meeting at 18), the part the grow made not expanded again.
    let start = start_of("english");
    let goal = Goal::At(pegsol_rules::Cell { x: 3, y: 3 });
    let board = Board::<u64>::new(&start, goal);
    let options = Options {
        memory: Some(1 << 30),
        ..Options::default()
    };
    let search = Search::new(&board, &start, goal, options);
    let mut held = search.first_levels(&start, goal).expect("memory");
    let room = |bytes| Room {
        positions: u64::MAX,
        bytes,
        capped: false,
    };
    let mut met = 0;
    uncontrolled(|control| loop {
        let (f, b) = (held.forward.len() - 1, held.backward.len() - 1);
        if f + b >= 16 {
            for side in [Side::Forward, Side::Backward] {
                let whole = search.look_through(side, &held, (0, 0), None, u64::MAX, control);
                let Grown::Level(next, _) =
                    search.grow(side, &held, (0, 0), room(u64::MAX), control)
                else {
                    panic!("the level fits in a gigabyte");
                };
                // Room for about half the next level's runs.
                let tight = room(next.bytes() + (1 << 20));
                let Grown::Full { partial, .. } = search.grow(side, &held, (0, 0), tight, control)
                else {
                    panic!(
                        "{} positions fit in {} bytes",
                        next.len(),
                        next.bytes() + (1 << 20)
                    );
                };
                let (done, of) = partial.progress();
                assert!(done > 0 && done < of, "stopped part-way: {done} of {of}");
                let resumed =
                    search.look_through(side, &held, (0, 0), Some(partial), u64::MAX, control);
                assert_eq!(resumed, whole, "f {f}, b {b}");
                if f + b == 17 {
                    assert!(matches!(whole, Through::Met(_)), "{whole:?}");
                    met += 1;
                } else {
                    assert_eq!(whole, Through::Clear);
                }
            }
            if f + b == 17 {
                break;
            }
        }
        let side = if held.forward[f].len() <= held.backward[b].len() {
            Side::Forward
        } else {
            Side::Backward
        };
        let Grown::Level(next, _) = search.grow(side, &held, (0, 0), room(u64::MAX), control)
        else {
            panic!("the level fits in a gigabyte");
        };
        match side {
            Side::Forward => held.forward.push(next),
            Side::Backward => held.backward.push(next),
        }
    });
    assert_eq!(
        met, 2,
        "both sides' next levels meet the other's last at 18 moves"
    );
}

#[test]
fn a_full_level_is_put_down_to_the_tighter_limit_not_to_the_thread_that_stopped_first() {
    let level = Packed::from_sorted(&(0..1_000u64).map(|i| i * 977).collect::<Vec<_>>())
        .expect("a small level");
    let per_position = level.bytes() * 2 / level.len();
    // Room for 100 positions and for ten times as many bytes as they take: the cap binds.
    let capped = Room {
        positions: 100,
        bytes: 1_000 * per_position,
        capped: true,
    };
    assert!(capped.positions_bind(&level));
    // Room for a million positions and the bytes of a hundred: memory binds.
    let tight = Room {
        positions: 1_000_000,
        bytes: 100 * per_position,
        capped: true,
    };
    assert!(!tight.positions_bind(&level));
    // Without a count of bytes only positions can run out.
    let uncounted = Room {
        positions: u64::MAX / 4,
        bytes: u64::MAX,
        capped: false,
    };
    assert!(uncounted.positions_bind(&level));

    // And the search says so: a cap far below what its memory holds
    // stops it for its budget; memory far below the cap, for memory.
    let start = start_of("english");
    let with = |max_held: u64, memory: u64| {
        let options = Options {
            max_held: Some(max_held),
            memory: Some(memory),
            ..Options::default()
        };
        uncontrolled(|c| run(&start, Goal::Anywhere, options, c))
    };
    let out = with(20_000, 256 << 20);
    assert_eq!(out.stop, Stop::Budget, "{out:?}");
    let out = with(1 << 40, 3 << 20);
    assert_eq!(out.stop, Stop::OutOfMemory, "{out:?}");
}
