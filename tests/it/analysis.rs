//! `count` and `analyze` against the published literature.

use pegsol_testkit::interrupt;

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{Cell, CellSet, Goal};
use pegsol_solver::engines::count::count;
use pegsol_solver::services::analyze::analyze;
use pegsol_solver::uncontrolled;

fn c(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

#[test]
fn english_counts_match_oeis_a112737_a112738_and_a014225() {
    let p = resolve_puzzle("english").unwrap();
    let centre = p.shape().center().unwrap();
    let levels = uncontrolled(|ctl| count(&p.start, Goal::At(centre), ctl)).unwrap();
    // A112737: positions after n jumps up to symmetry (n = 0..31).
    let a112737: [u64; 32] = [
        1, 1, 2, 8, 39, 171, 719, 2757, 9751, 31312, 89927, 229614, 517854, 1022224, 1753737,
        2598215, 3312423, 3626632, 3413313, 2765623, 1930324, 1160977, 600372, 265865, 100565,
        32250, 8688, 1917, 348, 50, 7, 2,
    ];
    let by: Vec<u64> = levels.iter().map(|l| l.up_to_symmetry).collect();
    assert_eq!(by, a112737);
    // A112738 (summing to 1,679,072): those that can still finish with one peg in the centre.
    let winnable: u64 = levels.iter().map(|l| l.winnable_up_to_symmetry).sum();
    assert_eq!(winnable, 1_679_072);
    assert_eq!(levels[15].winnable_up_to_symmetry, 230_230);
    // A014225 sums to 187,636,299 positions in all.
    assert_eq!(levels.iter().map(|l| l.positions).sum::<u64>(), 187_636_299);
}

#[test]
fn counts_on_a_small_board_agree_with_brute_force_enumeration() {
    let p = resolve_puzzle("triangle").unwrap();
    let levels = uncontrolled(|ctl| count(&p.start, Goal::Anywhere, ctl)).unwrap();
    // Enumerate raw positions by jumps without any symmetry.
    let mut frontier = vec![p.start.clone()];
    for level in &levels {
        let mut raw: Vec<CellSet> = frontier.iter().map(pegsol_rules::Position::pegs).collect();
        raw.sort();
        raw.dedup();
        assert_eq!(level.positions, raw.len() as u64, "jump {}", level.jumps);
        let mut forms: Vec<CellSet> = raw.iter().map(|&r| p.shape().canonical(r)).collect();
        forms.sort();
        forms.dedup();
        assert_eq!(level.up_to_symmetry, forms.len() as u64);
        let mut next: Vec<_> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for x in &frontier {
            for j in x.legal_jumps() {
                let y = x.try_play(j).unwrap();
                if seen.insert(y.pegs()) {
                    next.push(y);
                }
            }
        }
        frontier = next;
    }
    assert!(frontier.is_empty());
}

#[test]
fn triangle_analysis_matches_bells_catalogue() {
    // George Bell's Triangular15 catalogue, up to symmetry (vacate -> finish), with a1 the top
    // corner (0,0), b3 = (1,2), a4 = (0,3), d4 = (3,3), c5 = (2,4).
    let p = resolve_puzzle("triangle").unwrap();
    let reports = uncontrolled(|ctl| analyze(p.shape(), None, None, ctl)).unwrap();
    let finishes = |start: Cell| {
        reports
            .iter()
            .find(|r| r.start == start)
            .map(|r| r.finishes.clone())
            .unwrap()
    };
    let (a1, b3, a4, d4, c5) = (c(0, 0), c(1, 2), c(0, 3), c(3, 3), c(2, 4));
    let solvable = [
        (a1, a1),
        (a4, a1),
        (c5, a1),
        (c5, b3),
        (a1, c5),
        (b3, c5),
        (a4, c5),
        (c5, c5),
        (a1, a4),
        (a4, a4),
        (d4, a4),
        (c5, a4),
    ];
    let impossible = [(b3, a1), (a1, b3), (b3, b3), (a4, b3), (b3, a4)];
    for (start, finish) in solvable {
        assert!(finishes(start).contains(&finish), "{start} -> {finish}");
    }
    for (start, finish) in impossible {
        assert!(!finishes(start).contains(&finish), "{start} -> {finish}");
    }
    assert!(reports.iter().all(|r| r.unknown.is_empty()));
}

#[test]
fn every_english_single_vacancy_start_finishes_wherever_its_class_allows() {
    let p = resolve_puzzle("english").unwrap();
    let reports = uncontrolled(|ctl| analyze(p.shape(), None, None, ctl)).unwrap();
    assert_eq!(reports.len(), 33);
    for r in &reports {
        let start = p.shape().cells() - CellSet::single(r.start);
        let allowed: Vec<Cell> = p.shape().possible_finishes(start).iter().collect();
        let mut got = r.finishes.clone();
        got.sort_by_key(|c| c.index());
        assert_eq!(got, allowed, "start {}", r.start);
    }
}

/// The diamond's tip start (4,0) can finish on neither (4,2) nor (4,5): signed pagoda
/// functions prove both at once (the classical kind cannot), so a small budget leaves
/// nothing undecided for them, and the pairs that are winnable come with a line.
#[test]
fn diamond_tip_pairs_are_decided_by_the_prover_within_a_small_budget() {
    let p = resolve_puzzle("diamond").unwrap();
    let only = CellSet::single(c(4, 2)) | CellSet::single(c(4, 5));
    let reports = uncontrolled(|ctl| analyze(p.shape(), Some(only), Some(20_000), ctl)).unwrap();
    let tip = reports.iter().find(|r| r.start == c(4, 0)).unwrap();
    assert!(tip.finishes.is_empty(), "{tip:?}");
    assert!(tip.unknown.is_empty(), "{tip:?}");
    // Next to the centre: (4,3) cannot end on either cell.
    let near = reports.iter().find(|r| r.start == c(4, 3)).unwrap();
    assert!(
        near.finishes.is_empty() && near.unknown.is_empty(),
        "{near:?}"
    );
}

/// Meeting in the middle decides every start-finish pair as the searches do: every pair a
/// board's class allows is handed to it as undecided, and the finishes it finds are the
/// analysis's, start by start (the triangle, a 5x7 cross, and the English board's 125 pairs,
/// each of which the searches decide).
#[test]
fn meeting_in_the_middle_agrees_with_the_analysis_on_every_pair() {
    use pegsol_rules::Position;
    use pegsol_solver::engines::whole::Settings;
    use pegsol_solver::services::analyze::StartReport;
    use pegsol_solver::services::meet_pairs::settle;
    use std::sync::atomic::AtomicBool;
    // The triangle of 28 holes has a game of 26 jumps: both halves meet on one level.
    for name in ["triangle", "triangle-28", "cross-5x7", "english"] {
        let puzzle = resolve_puzzle(name).expect("a catalogue board");
        let shape = puzzle.shape().clone();
        let known = uncontrolled(|c| analyze(&shape, None, None, c)).expect("analysed");
        assert!(known.iter().all(|r| r.unknown.is_empty()), "{name}");
        let mut asked: Vec<StartReport> = known
            .iter()
            .map(|r| {
                let pegs = shape.cells() - CellSet::single(r.start);
                let start = Position::new(shape.clone(), pegs).expect("a start");
                StartReport {
                    start: r.start,
                    finishes: Vec::new(),
                    unknown: shape.possible_finishes(start.pegs()).iter().collect(),
                }
            })
            .collect();
        let pairs: usize = asked.iter().map(|r| r.unknown.len()).sum();
        let cancel = AtomicBool::new(false);
        let (settled, stopped) = settle(
            &shape,
            &mut asked,
            &Settings::default(),
            &cancel,
            &mut |_| {},
        );
        assert!(stopped.is_none(), "{name}: {stopped:?}");
        assert_eq!(settled as usize, pairs, "{name}");
        for (a, k) in asked.iter().zip(&known) {
            let mut want = k.finishes.clone();
            want.sort_by_key(|c| (c.y, c.x));
            assert_eq!(a.finishes, want, "{name}: start {:?}", a.start);
            assert!(a.unknown.is_empty());
        }
    }
}

/// `pegsol analyze`: the pairs its solves leave open (a budget of one expansion leaves most
/// of a 5x7 cross's open) are decided by meeting in the middle, to the same table as the
/// solves give with room; `--no-meet` leaves them undecided.
#[test]
fn analyze_meets_in_the_middle_what_its_solves_leave_open() {
    let run = |args: &[&str]| {
        let o = crate::support::command()
            .args(args)
            .output()
            .expect("pegsol runs");
        assert!(o.status.success(), "{args:?}: {o:?}");
        (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (full, _) = run(&["analyze", "cross-5x7", "--json"]);
    let (met, note) = run(&["analyze", "cross-5x7", "--budget", "1", "--json"]);
    let (open, _) = run(&[
        "analyze",
        "cross-5x7",
        "--budget",
        "1",
        "--no-meet",
        "--json",
    ]);
    assert_eq!(met, full);
    assert!(!full.contains("unknown"), "{full}");
    assert!(open.contains("unknown"), "{open}");
    assert!(note.contains("decided by meeting in the middle"), "{note}");
}

/// Ctrl+C while `analyze` meets in the middle keeps what is finished: the table is printed
/// with the pairs not yet decided as undecided, and the status is 130 (the diamond with a
/// budget of one expansion leaves nearly every pair to the meet, which takes minutes).
#[test]
fn analyze_interrupted_while_meeting_prints_what_it_has() {
    let child = crate::support::command()
        .args(["analyze", "diamond", "--budget", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("pegsol starts");
    let (out, err) = interrupt::interrupt_after(child, std::time::Duration::from_secs(3));
    assert!(out.contains("start 4,0"), "{out}");
    assert!(out.contains("undecided"), "{out}");
    assert!(err.contains("before the interrupt"), "{err}");
}
