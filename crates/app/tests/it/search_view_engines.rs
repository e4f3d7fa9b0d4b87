//! The Search view's engine choice, driven as a teacher drives it: choose the exact solver's
//! depth-first search or its beam, step, run, pause, jump to N, and see the counters and the
//! board move as they should. What the view shows is checked against the solver's own
//! steppers (`ExactTrace`, `BeamTrace`, themselves held to the engine by their unit tests)
//! and, at the end of a run, against the exact engine itself, so a view that drifts fails.

use crate::common;

use common::{board, click, press, settle};
use eframe::egui;
use egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::search::{Engine, SearchCommand, Shown};
use pegsol_app::{Mode, PegsolApp, ShellCommand};
use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::Goal;
use pegsol_solver::engines::exact;
use pegsol_solver::trace::{BeamCounters, BeamTrace, ExactCounters, ExactTrace};
use pegsol_solver::{uncontrolled, Stop};

fn apply(h: &mut Harness<'_, PegsolApp>, command: SearchCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, ShellCommand::Search(command));
    settle(h);
}

/// The English board in play, the Search view shown with `engine` chosen on its switch.
fn searching(engine: &str) -> Harness<'static, PegsolApp> {
    let mut h = board("english");
    click(&mut h, "Search");
    assert_eq!(h.state().mode(), Mode::Search);
    click(&mut h, engine);
    h
}

fn exact_shown(h: &Harness<'_, PegsolApp>) -> ExactCounters {
    match h.state().search().counters() {
        Shown::Exact(c) => c,
        other => panic!("not the exact search's counters: {other:?}"),
    }
}

fn beam_shown(h: &Harness<'_, PegsolApp>) -> BeamCounters {
    match h.state().search().counters() {
        Shown::Beam(c) => c,
        other => panic!("not the beam's counters: {other:?}"),
    }
}

/// The solver's exact stepper on the English board after `n` expansions.
fn exact_after(n: u64) -> ExactCounters {
    let p = resolve_puzzle("english").unwrap();
    let mut t = ExactTrace::new(&p.start, Goal::Anywhere, 1_000_000);
    for _ in 0..n {
        t.expand();
    }
    t.counters()
}

/// The solver's beam on the English board after `n` levels.
fn beam_after(n: u64) -> BeamCounters {
    let p = resolve_puzzle("english").unwrap();
    let mut t = BeamTrace::new(&p.start, Goal::Anywhere, 1_000_000);
    for _ in 0..n {
        t.step();
    }
    t.counters()
}

#[test]
fn choosing_exact_dfs_steps_the_exact_search_with_its_failure_table_counters() {
    let mut h = searching("Exact DFS");
    assert_eq!(h.state().search().engine(), Engine::Exact);
    assert!(h
        .query_by_label_contains("The exact solver's depth-first search on")
        .is_some());
    assert!(h.query_by_label("Failure-table hits").is_some());
    assert!(h.query_by_label("Failures stored").is_some());
    assert_eq!(h.state().search().expansion(), None);
    click(&mut h, "Step");
    click(&mut h, "Step");
    press(&mut h, Key::ArrowRight);
    let view = h.state().search();
    let e = view.expansion().expect("an expansion");
    assert_eq!((e.n, e.depth, e.pegs), (3, 2, 30));
    assert_eq!(exact_shown(&h), exact_after(3));
    assert_eq!(view.path().len(), 2);
    // The node's jumps to try are on the board and listed, each one legal there.
    assert!(!view.children().is_empty());
    for (jump, _) in view.children() {
        assert!(view.position().is_legal(*jump));
        let line = format!("{} ({jump}): to try", jump.in_words());
        assert!(h.query_by_label(&line).is_some(), "{line}");
    }
    assert!(h.query_by_label("Expansion 3: depth 2, 30 pegs").is_some());
}

#[test]
fn exact_dfs_runs_pauses_and_goes_to_expansion_n_with_table_hits_counted() {
    let mut h = searching("Exact DFS");
    apply(&mut h, SearchCommand::SetSpeed(300.0));
    click(&mut h, "Run");
    assert!(h.state().search().is_running());
    h.run_steps(20);
    click(&mut h, "Pause");
    assert!(!h.state().search().is_running());
    let paused = exact_shown(&h);
    assert!(paused.expanded > 20, "{} expansions", paused.expanded);
    h.run_steps(30);
    assert_eq!(exact_shown(&h), paused);
    assert_eq!(paused, exact_after(paused.expanded));
    // Go to expansion 1,000: the failure table has been hit by then, and the hits are the
    // stepper's.
    h.get_by_label("Go to expansion").click();
    settle(&mut h);
    h.get_by_label("Go to expansion").type_text("1000");
    settle(&mut h);
    click(&mut h, "Go");
    let at = exact_shown(&h);
    assert_eq!(h.state().search().expansion().map(|e| e.n), Some(1000));
    assert_eq!(at, exact_after(1000));
    assert!(at.table_hits > 0 && at.table_entries > 0, "{at:?}");
    // Back to an earlier expansion: searched again from the start.
    apply(&mut h, SearchCommand::GoTo(100));
    assert_eq!(exact_shown(&h), exact_after(100));
}

#[test]
fn exact_dfs_run_to_the_end_equals_the_exact_engine() {
    let mut h = searching("Exact DFS");
    apply(&mut h, SearchCommand::SetSpeed(100_000.0));
    press(&mut h, Key::Space);
    for _ in 0..200 {
        if h.state().search().stopped().is_some() {
            break;
        }
        h.run_steps(5);
    }
    assert_eq!(h.state().search().stopped(), Some(Stop::Solved));
    assert!(!h.state().search().is_running());
    let p = resolve_puzzle("english").unwrap();
    let options = exact::Options {
        budget: Some(1_000_000),
        ..exact::Options::default()
    };
    let o = uncontrolled(|c| exact::solve(&p.start, Goal::Anywhere, options, c));
    let c = exact_shown(&h);
    assert_eq!((c.expanded, c.generated), (o.expanded, o.generated));
    assert_eq!(c.best_pegs, o.pegs_left);
    assert!(h
        .query_by_label_contains("Found 1 peg and proven")
        .is_some());
}

#[test]
fn choosing_beam_steps_level_by_level_with_its_level_and_width() {
    let mut h = searching("Beam");
    assert_eq!(h.state().search().engine(), Engine::Beam);
    assert!(h.query_by_label("Width").is_some());
    assert!(h.query_by_label("Go to level").is_some());
    click(&mut h, "Step");
    let one = beam_shown(&h);
    assert_eq!(one, beam_after(1));
    assert_eq!((one.levels, one.pegs), (1, 31));
    click(&mut h, "Step");
    let two = beam_shown(&h);
    assert_eq!(two, beam_after(2));
    assert_eq!(two.pegs, 30);
    assert!(two.kept <= two.width && two.kept > one.kept);
    // The board shows the level's most compact position, 2 jumps from the start.
    let view = h.state().search();
    assert_eq!(view.position().peg_count(), 30);
    assert_eq!(view.path().len(), 2);
    assert!(h.query_by_label("Level 2: depth 2, 30 pegs").is_some());
    assert!(view
        .notes()
        .iter()
        .any(|n| n.starts_with("Level 2 (round 0)")));
}

#[test]
fn the_beam_runs_pauses_goes_to_level_n_and_finds_one_peg() {
    let mut h = searching("Beam");
    apply(&mut h, SearchCommand::SetSpeed(5.0));
    click(&mut h, "Run");
    h.run_steps(40);
    click(&mut h, "Pause");
    let paused = beam_shown(&h);
    assert!(paused.levels >= 1, "{paused:?}");
    h.run_steps(20);
    assert_eq!(beam_shown(&h), paused);
    assert_eq!(paused, beam_after(paused.levels));
    h.get_by_label("Go to level").click();
    settle(&mut h);
    h.get_by_label("Go to level").type_text("20");
    settle(&mut h);
    click(&mut h, "Go");
    assert_eq!(beam_shown(&h), beam_after(20));
    assert_eq!(beam_shown(&h).pegs, 12);
    // On to the end: the beam reaches one peg on the English board in its first round.
    apply(&mut h, SearchCommand::GoTo(1_000));
    assert_eq!(h.state().search().stopped(), Some(Stop::Solved));
    let end = beam_shown(&h);
    assert_eq!((end.best_pegs, end.round), (1, 0));
    assert_eq!(h.state().search().position().peg_count(), 1);
    assert!(h
        .query_by_label_contains("a line, but the beam proves nothing")
        .is_some());
}

#[test]
fn switching_engines_starts_again_and_classic_is_still_the_assignments() {
    let mut h = searching("Exact DFS");
    apply(&mut h, SearchCommand::GoTo(50));
    assert_eq!(exact_shown(&h).expanded, 50);
    click(&mut h, "Classic");
    let view = h.state().search();
    assert_eq!(view.engine(), Engine::Classic);
    assert_eq!(view.expansion(), None);
    assert!(h
        .query_by_label_contains("The assignment's search on")
        .is_some());
    click(&mut h, "Step");
    match h.state().search().counters() {
        Shown::Classic(c) => assert_eq!(c.expanded, 1),
        other => panic!("{other:?}"),
    }
    // Another board keeps the engine chosen.
    click(&mut h, "Beam");
    let p = resolve_puzzle("5").unwrap();
    apply(
        &mut h,
        SearchCommand::Load(Box::new(p.start.clone()), p.name.clone()),
    );
    assert_eq!(h.state().search().engine(), Engine::Beam);
    assert_eq!(beam_shown(&h).pegs, p.start.peg_count());
}
