//! The Search view, driven as a person drives it: switch to it, step, run and pause, jump to
//! an expansion, restart with another budget, and open a student's trace to compare. What it
//! shows is checked against the classic engine run on its own (`classic::solve` with the
//! budget the view has reached), so a view that drifts from the search fails.

use crate::common;

use pegsol_testkit::scratch;

use common::{board, click, press, settle, wait_for, SIZE};
use eframe::egui;
use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use pegsol_app::search::SearchCommand;
use pegsol_app::{Mode, PegsolApp, ShellCommand};
use pegsol_layout::load::resolve_puzzle;
use pegsol_solver::engines::classic;
use pegsol_solver::trace::{Variant, VariantSearch};
use pegsol_solver::{uncontrolled, Stop};
use scratch::Scratch;
use std::time::{Duration, Instant};

fn apply(h: &mut Harness<'_, PegsolApp>, command: ShellCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    settle(h);
}

/// Level 5 in play, with the Search view shown.
fn searching() -> Harness<'static, PegsolApp> {
    let mut h = board("5");
    click(&mut h, "Search");
    assert_eq!(h.state().mode(), Mode::Search);
    h
}

/// The classic engine's (expanded, generated) on level 5 with `budget`.
fn engine(budget: u64) -> (u64, u64) {
    let p = resolve_puzzle("5").unwrap();
    let o = uncontrolled(|c| classic::solve(&p.start, p.goal, budget, c));
    (o.expanded, o.generated)
}

fn shown(h: &Harness<'_, PegsolApp>) -> (u64, u64) {
    let c = h.state().search().counters();
    (c.expanded(), c.generated())
}

#[test]
fn the_search_view_shows_the_board_in_play_before_any_expansion() {
    let h = searching();
    let view = h.state().search();
    assert_eq!(view.name(), "Level 5");
    assert_eq!(view.expansion(), None);
    assert!(h.query_by_label("The start, 36 pegs").is_some());
    assert!(h.query_by_label_contains("Nothing expanded yet").is_some());
}

#[test]
fn step_expands_one_node_and_shows_its_children_and_path() {
    let mut h = searching();
    click(&mut h, "Step");
    click(&mut h, "Step");
    let view = h.state().search();
    let e = view.expansion().expect("an expansion");
    assert_eq!((e.n, e.depth, e.pegs), (2, 1, 35));
    assert_eq!(e.jump.map(|j| j.to_string()).as_deref(), Some("6,3-4,3"));
    assert_eq!(shown(&h), engine(2));
    assert_eq!(view.path().len(), 1);
    // Every child is listed with what became of it, and their count is the generated count
    // this expansion added (4 at the start).
    let kids = view.children().len() as u64;
    assert_eq!(kids, engine(2).1 - engine(1).1);
    for (jump, _) in view.children() {
        let line = format!("{} ({jump}): new: pushed", jump.in_words());
        assert!(h.query_by_label(&line).is_some(), "{line}");
    }
    assert!(h.query_by_label("Expansion 2: depth 1, 35 pegs").is_some());
    // The Right arrow steps too.
    press(&mut h, Key::ArrowRight);
    assert_eq!(shown(&h), engine(3));
}

#[test]
fn run_goes_on_by_itself_at_its_speed_and_pause_stops_it() {
    let mut h = searching();
    apply(&mut h, ShellCommand::Search(SearchCommand::SetSpeed(300.0)));
    click(&mut h, "Run");
    assert!(h.state().search().is_running());
    // The harness's frames are a fixed time apart, so each frame runs the same number of
    // expansions, and twice the speed runs twice as many.
    let at = |h: &Harness<'_, PegsolApp>| shown(h).0;
    let before = at(&h);
    h.run_steps(20);
    let slow = at(&h) - before;
    assert!(slow > 20, "{slow} expansions in 20 frames");
    apply(&mut h, ShellCommand::Search(SearchCommand::SetSpeed(600.0)));
    let before = at(&h);
    h.run_steps(20);
    let fast = at(&h) - before;
    assert_eq!(fast, 2 * slow);
    assert!(
        h.query_by_label("Run").is_none(),
        "the button says Pause while running"
    );
    click(&mut h, "Pause");
    assert!(!h.state().search().is_running());
    let paused = shown(&h);
    h.run_steps(30);
    assert_eq!(shown(&h), paused);
    // What it shows is the engine's at that many expansions, node for node.
    assert_eq!(paused, engine(paused.0));
    // Space runs and pauses as well.
    press(&mut h, Key::Space);
    assert!(h.state().search().is_running());
    press(&mut h, Key::Space);
    assert!(!h.state().search().is_running());
}

#[test]
fn go_to_expansion_n_runs_there_and_back() {
    let mut h = searching();
    let field = h.get_by_label("Go to expansion");
    field.click();
    settle(&mut h);
    h.get_by_label("Go to expansion").type_text("5000");
    settle(&mut h);
    click(&mut h, "Go");
    assert_eq!(h.state().search().expansion().map(|e| e.n), Some(5000));
    assert_eq!(shown(&h), engine(5000));
    // Back to an earlier expansion: the search runs again from the start.
    apply(&mut h, ShellCommand::Search(SearchCommand::GoTo(100)));
    assert_eq!(h.state().search().expansion().map(|e| e.n), Some(100));
    assert_eq!(shown(&h), engine(100));
    let line = h
        .query_all_by_label_contains("Expansion 100: depth")
        .count();
    assert_eq!(line, 2, "the board's description and the node's line");
}

#[test]
fn restart_takes_the_budget_and_the_search_stops_there() {
    let mut h = searching();
    let text = ShellCommand::Search(SearchCommand::SetBudgetText("50".into()));
    apply(&mut h, text);
    click(&mut h, "Restart");
    apply(&mut h, ShellCommand::Search(SearchCommand::GoTo(1000)));
    assert_eq!(h.state().search().stopped(), Some(Stop::Budget));
    assert_eq!(shown(&h), engine(50));
    assert!(h.query_by_label_contains("Stopped at the budget").is_some());
    // A budget that is not one is refused with the reason.
    apply(
        &mut h,
        ShellCommand::Search(SearchCommand::SetBudgetText("lots".into())),
    );
    click(&mut h, "Restart");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.starts_with("Budget: "), "{notice}");
}

#[test]
fn a_students_trace_opens_in_the_view_and_shows_where_it_differs() {
    // A trace whose search scans rows outer, written as a student's program prints it.
    let p = resolve_puzzle("5").unwrap();
    let mut rows = VariantSearch::new(
        &p.start,
        300,
        Variant {
            scan: pegsol_solver::trace::variants::Scan::Rows,
            ..Variant::assignment(4)
        },
    );
    let mut text = String::new();
    while let Some(e) = rows.expand() {
        let jump = e.jump.map_or("-".to_string(), |j| j.to_string());
        text.push_str(&format!("{} {} {jump}\n", e.depth, e.pegs));
    }
    let dir = Scratch::new("search-view");
    std::fs::write(dir.join("rows.txt"), text).unwrap();

    let mut h = searching();
    let budget = ShellCommand::Search(SearchCommand::SetBudgetText("300".into()));
    apply(&mut h, budget);
    click(&mut h, "Restart");
    h.state_mut()
        .dialogs_mut()
        .use_builtin(Some(dir.to_path_buf()));
    click(&mut h, "Compare a trace file…");
    assert!(
        h.state_mut().dialogs_mut().is_open(),
        "the file dialog is up"
    );
    // The built-in dialog lists the folder: pick the file, then Open.
    h.get_by_label_contains("rows.txt").click();
    settle(&mut h);
    let open = h
        .get_all_by_role_and_label(egui::accesskit::Role::Button, "Open")
        .last()
        .expect("the dialog's Open button");
    open.click();
    settle(&mut h);
    assert!(
        !h.state_mut().dialogs_mut().is_open(),
        "the dialog is closed"
    );
    // It is worked out on its own thread.
    wait_for(&mut h, "the comparison", 30, |app| {
        app.search().comparison().is_some()
    });
    let c = h.state().search().comparison().expect("a comparison");
    assert_eq!(c.difference.as_ref().map(|d| d.n), Some(2));
    assert!(h
        .query_by_label_contains("Likely cause: a different scan order")
        .is_some());
    assert!(h.query_by_label_contains("differ at expansion 2").is_some());
    // The search is shown where the traces part, and both nodes are drawn.
    assert_eq!(h.state().search().expansion().map(|e| e.n), Some(2));
    assert!(h
        .query_by_label("The assignment's search: expansion 2, 35 pegs")
        .is_some());
    assert!(h
        .query_by_label("Your trace: expansion 2, 35 pegs")
        .is_some());
    click(&mut h, "Close comparison");
    assert!(h.state().search().comparison().is_none());

    // A file that is not a trace is refused, naming the line.
    std::fs::write(dir.join("bad.txt"), "0 36 -\nnonsense\n").unwrap();
    apply(
        &mut h,
        ShellCommand::Search(SearchCommand::CompareFile(dir.join("bad.txt"))),
    );
    wait_for(&mut h, "the refusal", 30, |app| app.notice().is_some());
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(
        notice.starts_with("bad.txt: line 2: `nonsense` has 1 field"),
        "{notice}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_play_views_keys_leave_the_hidden_game_alone() {
    let mut h = board("5");
    click(&mut h, "peg at g4");
    click(&mut h, "empty hole at e4");
    assert_eq!(h.state().play().game().record.jumps().len(), 1);
    click(&mut h, "Search");
    press(&mut h, Key::U);
    press(&mut h, Key::R);
    assert_eq!(h.state().play().game().record.jumps().len(), 1);
    // The Search view searches the board's start, not the position in play.
    assert_eq!(h.state().search().start().peg_count(), 36);
    // Back in play, the game is as it was, and a board picked while searching is searched.
    click(&mut h, "Play");
    assert_eq!(h.state().play().game().record.jumps().len(), 1);
    click(&mut h, "Search");
    apply(&mut h, ShellCommand::OpenCatalogue("english".into()));
    assert_eq!(h.state().mode(), Mode::Search);
    assert_eq!(h.state().search().start().peg_count(), 32);
    let _ = SIZE;
}

/// Level 6 in the Search view, Exact DFS with a budget of 10,000,000, "3000000" typed in
/// the Go to field: as the person set it up.
fn level_6_exact_going_to_three_million() -> Harness<'static, PegsolApp> {
    let mut h = board("6");
    click(&mut h, "Search");
    click(&mut h, "Exact DFS");
    let budget = ShellCommand::Search(SearchCommand::SetBudgetText("10000000".into()));
    apply(&mut h, budget);
    click(&mut h, "Restart");
    h.get_by_label("Go to expansion").click();
    settle(&mut h);
    h.get_by_label("Go to expansion").type_text("3000000");
    settle(&mut h);
    h
}

/// Steps one frame and says how long it took.
fn timed_step(h: &mut Harness<'_, PegsolApp>) -> Duration {
    let began = Instant::now();
    h.step();
    began.elapsed()
}

#[test]
fn go_to_three_million_never_freezes_the_search_view() {
    let mut h = level_6_exact_going_to_three_million();
    h.get_by_label("Go").click();
    let mut longest = timed_step(&mut h);
    assert_eq!(h.state().search().going_to(), Some(3_000_000));
    let until = Instant::now() + Duration::from_secs(240);
    let mut frames = 0;
    let mut saw_progress = false;
    while h.state().search().going_to().is_some() {
        assert!(Instant::now() < until, "Go to 3,000,000 never came back");
        longest = longest.max(timed_step(&mut h));
        frames += 1;
        saw_progress |= h
            .query_by_label_contains("Going to expansion 3,000,000")
            .is_some();
        std::thread::sleep(Duration::from_millis(10));
    }
    settle(&mut h);
    assert!(frames > 20, "the window drew {frames} frames while it went");
    assert!(saw_progress, "a progress line was shown");
    // The freeze this guards against held one frame for 10 s (the search ran on the UI
    // thread). A frame here takes a few milliseconds; the bound leaves room for a test machine
    // under load (96 ms seen with the load average at 17), so it fails on a freeze, not on
    // a busy machine.
    assert!(
        longest < Duration::from_millis(400),
        "the longest frame took {longest:?}"
    );
    let view = h.state().search();
    assert_eq!(view.expansion().map(|e| e.n), Some(3_000_000));
    assert_eq!(view.counters().expanded(), 3_000_000);
    assert!(h
        .query_by_label_contains("Expansion 3,000,000: depth")
        .is_some());
}

#[test]
fn stop_ends_a_long_go_to_where_it_got_and_the_view_steps_on_from_there() {
    let mut h = level_6_exact_going_to_three_million();
    click(&mut h, "Go");
    assert!(h.state().search().going_to().is_some());
    // The other controls wait for the walk.
    assert!(h.get_by_label("Step").accesskit_node().is_disabled());
    std::thread::sleep(Duration::from_millis(300));
    click(&mut h, "Stop");
    wait_for(&mut h, "the walk to stop", 30, |app| {
        app.search().going_to().is_none()
    });
    let reached = h.state().search().expansion().map_or(0, |e| e.n);
    assert!(
        reached > 0 && reached < 3_000_000,
        "stopped at expansion {reached}"
    );
    assert_eq!(h.state().search().counters().expanded(), reached);
    click(&mut h, "Step");
    assert_eq!(
        h.state().search().expansion().map(|e| e.n),
        Some(reached + 1)
    );
}
