//! The level engine for whole boards (`engines::whole`) against the in-memory engines: the
//! same counts, level by level, and the same solution counts, on English and on small boards,
//! also when forced to spill every level to disk by a tiny memory room.

use pegsol::layout::load::resolve_puzzle;
use pegsol::rules::Goal;
use pegsol::solver::engines::count::count;
use pegsol::solver::engines::solutions::count_solutions;
use pegsol::solver::engines::whole::{self, Settings};
use pegsol::solver::uncontrolled;
use std::sync::atomic::AtomicBool;

fn goal_of(name: &str, centre: bool) -> (pegsol::rules::Position, Goal) {
    let p = resolve_puzzle(name).unwrap();
    let goal = if centre {
        Goal::At(p.shape().center().unwrap())
    } else {
        Goal::Anywhere
    };
    (p.start.clone(), goal)
}

fn same_counts(name: &str, centre: bool, settings: &Settings) -> whole::Usage {
    let (start, goal) = goal_of(name, centre);
    let expect = uncontrolled(|c| count(&start, goal, c)).unwrap();
    let cancel = AtomicBool::new(false);
    let got = whole::count::count(&start, goal, settings, &cancel, &mut |_| {}).unwrap();
    assert!(got.stopped.is_none(), "{name}: {:?}", got.stopped);
    assert_eq!(got.levels, expect, "{name}");
    got.usage
}

fn same_solutions(name: &str, centre: bool, settings: &Settings) -> whole::Usage {
    let (start, goal) = goal_of(name, centre);
    let expect = uncontrolled(|c| count_solutions(&start, goal, c)).unwrap();
    let cancel = AtomicBool::new(false);
    let got =
        whole::solutions::count_solutions(&start, goal, settings, &cancel, &mut |_| {}).unwrap();
    let c = &got.count;
    assert_eq!(c.solutions, expect.solutions, "{name}");
    assert_eq!(c.positions, expect.positions, "{name}");
    assert_eq!(c.up_to_symmetry, expect.up_to_symmetry, "{name}");
    got.usage
}

#[test]
fn whole_board_counts_equal_the_in_memory_counts_on_small_boards() {
    for (name, centre) in [
        ("triangle", false),
        ("triangle-21", false),
        ("cross-5x7", false),
        ("level-3", false),
    ] {
        eprintln!("{name}");
        same_counts(name, centre, &Settings::default());
    }
}

#[test]
fn whole_board_counts_are_unchanged_when_every_level_spills_to_disk() {
    let dir = std::env::temp_dir().join(format!("pegsol-whole-test-{}", std::process::id()));
    let tiny = Settings {
        memory: Some(1),
        scratch: Some(dir.clone()),
    };
    for (name, centre) in [("triangle-21", false), ("cross-5x7", false)] {
        eprintln!("{name}");
        let usage = same_counts(name, centre, &tiny);
        assert!(usage.disk_peak > 0, "{name}: nothing went to disk");
        let usage = same_solutions(name, centre, &tiny);
        assert!(usage.disk_peak > 0, "{name}: nothing went to disk");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn whole_board_solution_counts_equal_the_in_memory_counts_on_small_boards() {
    for (name, centre) in [
        ("triangle", false),
        ("triangle-21", false),
        ("cross-5x7", false),
        ("level-3", false),
    ] {
        eprintln!("{name}");
        same_solutions(name, centre, &Settings::default());
    }
}
