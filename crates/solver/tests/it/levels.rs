//! The exact solver proves the optimum on every level of the assignment: one peg on levels
//! 0-7, two on level 8 (the diamond's centre start, where the position class rules out one).
//! Levels 6 and 8 take tens of seconds, so this is its own test binary with one test: the
//! solves run one after another with the whole machine.

use pegsol_layout::load::resolve_puzzle;
use pegsol_solver::engines::exact;
use pegsol_solver::uncontrolled;

#[test]
fn levels_0_to_8_are_solved_to_their_proven_optimum() {
    for (level, pegs) in [
        ("0", 1),
        ("1", 1),
        ("2", 1),
        ("3", 1),
        ("4", 1),
        ("5", 1),
        ("7", 1),
        ("6", 1),
        ("8", 2),
    ] {
        let p = resolve_puzzle(level).unwrap();
        let o = uncontrolled(|c| exact::solve(&p.start, p.goal, exact::Options::default(), c));
        assert!(o.proven_optimal, "level {level}");
        assert_eq!(o.pegs_left, pegs, "level {level}");
        let mut end = p.start.clone();
        for &j in &o.jumps {
            end = end.try_play(j).expect("legal");
        }
        assert_eq!(end.peg_count(), pegs, "level {level}");
    }
}
