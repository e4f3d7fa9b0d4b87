//! The children made by patterns and fixed-size images against the legal jumps.

use super::*;
use pegsol_layout::catalogue;
use pegsol_rules::Goal;

/// Walks a few jumps down from `board`, checking that the children (and parents) made
/// by patterns and fixed-size images are the legal jumps' canonical ones.
fn check<const N: usize>(compact: &Compact<u64>, sym: &Symmetries<u64>, mut board: u64) {
    let kids = Children::<N>::new(compact, sym).expect("fits");
    for step in 0..6 {
        for direction in [Direction::Forward, Direction::Backward] {
            let legal = match direction {
                Direction::Forward => compact.legal(board),
                Direction::Backward => compact.legal(kids.full ^ board),
            };
            let mut expect: Vec<u64> = legal
                .iter()
                .map(|j| sym.canon(board ^ compact.jumps[j].all))
                .collect();
            let mut got = Vec::new();
            kids.each(board, direction, |c| got.push(c));
            // And as the bitset steps run it: over integers, compiled for the processor.
            let mut fast = Vec::new();
            crate::cpu::fast(
                #[inline(always)]
                || kids.each_fast(board, direction, |c| fast.push(c)),
            );
            // And only the children of the jumps a test lets through, told the jump's
            // index: here the jumps of odd index.
            let mut expect_odd: Vec<u64> = legal
                .iter()
                .filter(|j| j % 2 == 1)
                .map(|j| sym.canon(board ^ compact.jumps[j].all))
                .collect();
            let mut odd = Vec::new();
            kids.each_passing(board, direction, |j| j % 2 == 1, |c| odd.push(c));
            expect.sort_unstable();
            got.sort_unstable();
            fast.sort_unstable();
            expect_odd.sort_unstable();
            odd.sort_unstable();
            assert_eq!(got, expect, "step {step}");
            assert_eq!(fast, expect, "step {step}, {:?}", crate::cpu::level());
            assert_eq!(odd, expect_odd, "step {step}");
        }
        check_tags(compact, sym, &kids, board);
        let Some(j) = compact.legal(board).iter().nth(step) else {
            break;
        };
        board ^= compact.jumps[j].all;
    }
}

/// The tagged children of `board`: untagged, every forward child, each tagged with a line
/// whose jump, undone, gives back an image of `board`; tagged with any line, the children
/// of the jumps that line does not skip.
fn check_tags<const N: usize>(
    compact: &Compact<u64>,
    sym: &Symmetries<u64>,
    kids: &Children<N>,
    board: u64,
) {
    let lines = kids.lines();
    let line_of = |j: usize| lines.of_cells(compact.jumps[j].all).expect("a jump's line");
    let children = |tag: Option<u16>| {
        let mut got = Vec::new();
        kids.each_tagged(board, tag, |_| true, |c, t| got.push((c, t)));
        got.sort_unstable();
        got
    };
    let all = children(None);
    let mut expect: Vec<u64> = compact
        .legal(board)
        .iter()
        .map(|j| sym.canon(board ^ compact.jumps[j].all))
        .collect();
    expect.sort_unstable();
    assert_eq!(all.iter().map(|&(c, _)| c).collect::<Vec<_>>(), expect);
    for &(c, t) in &all {
        assert_eq!(sym.canon(c ^ lines.cells(t)), sym.canon(board), "tag {t}");
    }
    for tag in 0..lines.len() as u16 {
        let mut expect: Vec<u64> = compact
            .legal(board)
            .iter()
            .filter(|&j| !lines.skips(tag, line_of(j)))
            .map(|j| sym.canon(board ^ compact.jumps[j].all))
            .collect();
        expect.sort_unstable();
        let got: Vec<u64> = children(Some(tag)).iter().map(|&(c, _)| c).collect();
        assert_eq!(got, expect, "tag {tag}");
    }
}

/// A line's orbit is its images' too, and of two lines that share no cell and lie in
/// different orbits exactly one skips the other: so one order of two commuting jumps is
/// always made, whichever image of the position holds them.
#[test]
fn lines_skip_one_order_of_two_commuting_jumps_in_every_image() {
    for e in catalogue::ENTRIES {
        let puzzle = e.layout().unwrap().validate().unwrap();
        let shape = puzzle.shape();
        if shape.cells().len() > MAX_CELLS {
            continue;
        }
        let compact = Compact::<u64>::new(shape);
        let sym = Symmetries::all(&compact, shape);
        let lines = Lines::new(&compact, &sym);
        for (j, jump) in compact.jumps.iter().enumerate() {
            let line = lines.of_cells(jump.all).expect("a jump's line");
            for &image in sym.jump_masks(j) {
                let turned = lines.of_cells(image).expect("an image of a line is a line");
                assert_eq!(lines.orbit(turned), lines.orbit(line), "{}", e.key);
            }
        }
        for a in 0..lines.len() as u16 {
            for b in 0..lines.len() as u16 {
                let apart = lines.cells(a) & lines.cells(b) == 0;
                let ordered = apart && lines.orbit(a) != lines.orbit(b);
                assert_eq!(
                    lines.skips(a, b) as u8 + lines.skips(b, a) as u8,
                    ordered as u8,
                    "{}: lines {a} and {b}",
                    e.key
                );
            }
        }
    }
}

/// On every catalogue board small enough, under all its symmetries and under the few
/// that keep one corner cell (padded with the identity).
#[test]
fn children_agree_with_the_legal_jumps() {
    let mut boards = 0;
    for e in catalogue::ENTRIES {
        let puzzle = e.layout().unwrap().validate().unwrap();
        let shape = puzzle.shape();
        if shape.cells().len() > MAX_CELLS {
            continue;
        }
        boards += 1;
        let compact = Compact::<u64>::new(shape);
        let board = compact.encode(puzzle.start.pegs());
        check::<12>(&compact, &Symmetries::all(&compact, shape), board);
        let corner = compact.cells[0];
        let few = Symmetries::keeping_goal(&compact, shape, Goal::At(corner));
        assert!(few.len() < 8, "{}", e.key);
        check::<8>(&compact, &few, board);
    }
    assert!(boards > 5, "{boards}");
}
