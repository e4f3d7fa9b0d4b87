//! UI tests of the Experiments window through egui_kittest: open it from the menu, choose a
//! small sweep, run it, watch the table fill, sort it, export it to a path. The sweep runs on
//! its worker thread, so these poll with `step()` and a timeout (never `run()`, which would
//! wait for a repainting window to go idle).

use crate::common;

use pegsol_testkit::scratch;

use common::{board_sized, click, settle, wait_for};
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::experiments::{export, ExportKind};
use pegsol_app::PegsolApp;
use pegsol_experiment as experiment;
use pegsol_solver::Engine;
use scratch::Scratch;

/// The app on the English board, in a window tall enough for the sweep table.
fn harness() -> Harness<'static, PegsolApp> {
    board_sized("english", egui::vec2(1280.0, 900.0))
}

/// Opens the window from the menu and leaves levels 0-2 at 10k, classic, chosen.
fn open_small_sweep(h: &mut Harness<'_, PegsolApp>) {
    click(h, "Tools");
    click(h, "Experiments…");
    assert!(h.state().experiments().is_open());
    for key in [
        "level-3", "level-4", "level-5", "level-6", "level-7", "level-8",
    ] {
        click(h, key);
    }
    set_budgets(h, "10k");
}

/// Replaces the budgets text as a person would: focus, select all, type.
fn set_budgets(h: &mut Harness<'_, PegsolApp>, text: &str) {
    h.get_by_role_and_label(Role::TextInput, "Budgets").focus();
    settle(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_role_and_label(Role::TextInput, "Budgets")
        .type_text(text);
    settle(h);
}

#[test]
fn a_small_sweep_fills_the_table_row_by_row() {
    let mut h = harness();
    open_small_sweep(&mut h);
    click(&mut h, "Run");
    assert!(h.state().experiments().is_running() || !h.state().experiments().rows().is_empty());
    wait_for(&mut h, "the sweep", 20, |app| {
        !app.experiments().is_running()
    });
    let rows = h.state().experiments().rows();
    assert_eq!(rows.len(), 3, "{rows:?}");
    let names: Vec<&str> = rows.iter().map(|r| r.layout.as_str()).collect();
    assert_eq!(names, ["level-0", "level-1", "level-2"]);
    assert!(rows.iter().all(|r| r.budget == 10_000 && r.pegs_left == 1));
    // The table shows them, and the status says how it went.
    // (The checkbox, the table cell and more.)
    assert!(h.query_all_by_label("level-2").count() >= 2);
    assert!(h.query_by_label_contains("3 runs in").is_some());
    h.check_accessibility();
}

#[test]
fn moves_is_chosen_as_an_algorithm_and_its_columns_show_its_figures() {
    let mut h = harness();
    open_small_sweep(&mut h);
    // Classic off, moves on: the levels' fewest moves at 10k.
    click(&mut h, "classic");
    click(&mut h, "moves");
    let plan = h.state().experiments().plan().unwrap();
    assert_eq!(plan.algorithms, [Engine::FewestMoves]);
    // No moves run yet: no moves columns.
    assert!(h.query_by_label("moves lower bound").is_none());
    click(&mut h, "Run");
    wait_for(&mut h, "the sweep", 20, |app| {
        !app.experiments().is_running()
    });
    let rows = h.state().experiments().rows().to_vec();
    assert_eq!(rows.len(), 3, "{rows:?}");
    for (row, layout) in rows.iter().zip(&plan.layouts) {
        assert_eq!(row.algorithm, Engine::FewestMoves);
        // The figures are the engine's own, run directly.
        let direct = pegsol_solver::uncontrolled(|c| {
            let options = pegsol_solver::engines::moves::Options {
                budget: Some(10_000),
                ..Default::default()
            };
            pegsol_solver::engines::moves::fewest_moves(&layout.start, layout.goal, options, c)
        });
        assert_eq!(row.moves, direct.moves(), "{}", row.layout);
        assert!(row.proven_optimal && row.moves.is_some(), "{row:?}");
        assert_eq!(row.moves_lower_bound, row.moves);
    }
    // The table gains the two columns, inside the window, and shows the counts.
    settle(&mut h);
    let bound = h.get_by_label("moves lower bound").rect();
    assert!(
        bound.right() <= 1280.0,
        "the last column ends at {}",
        bound.right()
    );
    // "moves": the checkbox, the column's header and each row's algorithm.
    assert_eq!(h.query_all_by_label("moves").count(), 2 + 3);
    // Level 2 takes 6 moves: the moves cell and the lower bound cell (and the solution's
    // length, 6 jumps).
    assert!(h.query_all_by_label("6").count() >= 3);
    // The moves chart is drawn beside the speed chart; no pegs charts for moves only.
    assert!(h
        .query_by_label_contains("Fewest moves against the budget")
        .is_some());
    assert!(h.query_by_label_contains("Pegs left against").is_none());
    h.check_accessibility();
}

#[test]
fn sorting_copying_and_exporting_work_on_the_rows() {
    let mut h = harness();
    open_small_sweep(&mut h);
    click(&mut h, "Run");
    wait_for(&mut h, "the sweep", 20, |app| {
        !app.experiments().is_running()
    });
    // Sort by pegs at start, twice: the arrow shows the direction.
    click(&mut h, "pegs at start");
    assert!(h.query_by_label("pegs at start ^").is_some());
    click(&mut h, "pegs at start ^");
    assert!(h.query_by_label("pegs at start v").is_some());
    click(&mut h, "Copy as Markdown");
    assert!(h.query_by_label_contains("Copied 3 rows").is_some());
    // Exports go through a function that takes a path (no dialog in a test).
    let dir = Scratch::new("exp-app");
    let rows = h.state().experiments().rows().to_vec();
    let csv = dir.join("rows.csv");
    export(&rows, ExportKind::Csv, &csv).unwrap();
    assert_eq!(
        experiment::parse_csv(&std::fs::read_to_string(&csv).unwrap()).unwrap(),
        rows
    );
    export(&rows, ExportKind::Png, &dir.join("charts")).unwrap();
    assert!(dir.join("charts/speed.png").is_file());
}

#[test]
fn cancel_stops_a_long_sweep_and_keeps_the_finished_rows() {
    let mut h = harness();
    click(&mut h, "Tools");
    click(&mut h, "Experiments…");
    // Level 0 finishes at once; level 6 at 20M takes seconds runs until cancelled.
    for key in [
        "level-1", "level-2", "level-3", "level-4", "level-5", "level-7", "level-8",
    ] {
        click(&mut h, key);
    }
    set_budgets(&mut h, "20M");
    click(&mut h, "Run");
    wait_for(&mut h, "the first row", 20, |app| {
        app.experiments().rows().len() == 1
    });
    assert!(h.state().experiments().is_running());
    assert!(h.query_by_label_contains("run 2 of 2").is_some());
    click(&mut h, "Cancel");
    wait_for(&mut h, "the cancel", 20, |app| {
        !app.experiments().is_running()
    });
    assert_eq!(h.state().experiments().rows().len(), 1);
    assert!(h
        .query_by_label_contains("Cancelled after 1 of 2 runs")
        .is_some());
}

#[test]
fn a_bad_budget_is_refused_with_a_reason() {
    let mut h = harness();
    click(&mut h, "Tools");
    click(&mut h, "Experiments…");
    set_budgets(&mut h, "lots");
    click(&mut h, "Run");
    assert!(!h.state().experiments().is_running());
    assert!(h.query_by_label_contains("is not a budget").is_some());
}

#[test]
fn at_800x600_the_header_stays_put_every_column_fits_and_counts_have_separators() {
    let size = egui::vec2(800.0, 600.0);
    let mut h = board_sized("english", size);
    click(&mut h, "Tools");
    click(&mut h, "Experiments…");
    // Levels 0-8 (the default) at two budgets: 18 rows, more than the table shows at once.
    set_budgets(&mut h, "10k, 100k");
    click(&mut h, "Run");
    wait_for(&mut h, "the sweep", 30, |app| {
        !app.experiments().is_running()
    });
    assert_eq!(h.state().experiments().rows().len(), 18);
    settle(&mut h);
    // Every column's header is inside the window, the last one included.
    let last = h.get_by_label("storage MiB").rect();
    assert!(
        last.right() <= size.x,
        "the last column ends at {}",
        last.right()
    );
    // Counts are shown with thousands separators (level 3 generates 10,282 nodes).
    assert!(h.query_all_by_label("10,282").count() >= 1);
    // The table shows more than a handful of rows, and scrolling them leaves the header where
    // it was.
    let header = h.get_by_label("layout").rect();
    let first = h
        .get_all_by_label("level-0")
        .map(|n| n.rect())
        .collect::<Vec<_>>();
    let first_row = first
        .iter()
        .find(|r| r.top() > header.bottom())
        .copied()
        .expect("a level-0 row under the header");
    h.hover_at(first_row.center());
    for _ in 0..10 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -60.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    settle(&mut h);
    assert_eq!(h.get_by_label("layout").rect(), header, "the header moved");
    let visible_rows = |label: &str| {
        h.query_all_by_label(label)
            .filter(|n| n.rect().top() > header.bottom())
            .count()
    };
    assert!(
        visible_rows("level-8") > 0 && visible_rows("level-0") == 0,
        "the last rows were scrolled into view under the header, the first out of it"
    );
    h.check_accessibility();
}

/// Runs `budgets` on every catalogue board (`all`) or on levels 0-8, classic, and waits.
fn run_sweep(h: &mut Harness<'_, PegsolApp>, all: bool, budgets: &str) {
    click(h, "Tools");
    click(h, "Experiments…");
    if all {
        for entry in pegsol_layout::catalogue::ENTRIES {
            if !entry.key.starts_with("level-") {
                click(h, entry.key);
            }
        }
    }
    set_budgets(h, budgets);
    click(h, "Run");
    wait_for(h, "the sweep", 60, |app| !app.experiments().is_running());
    settle(h);
}

#[test]
fn the_speed_chart_names_every_board_on_its_x_axis() {
    for size in [egui::vec2(1280.0, 900.0), egui::vec2(800.0, 600.0)] {
        let mut h = board_sized("english", size);
        run_sweep(&mut h, true, "10k");
        let boards = experiment::layouts_in_order(h.state().experiments().rows());
        assert_eq!(boards.len(), pegsol_layout::catalogue::ENTRIES.len());
        if h.query_by_label("Expansions per second").is_some() {
            // One chart at a time here (the speed chart needs the width): show it.
            click(&mut h, "Expansions per second");
        }
        // Every board's name is drawn under the chart, left to right in the sweep's order,
        // each inside the window.
        let mut last = f32::NEG_INFINITY;
        for board in &boards {
            let name = format!("layout: {board}");
            let rect = h.get_by_label(&name).rect();
            assert!(
                rect.left() >= 0.0 && rect.right() <= size.x && rect.bottom() <= size.y,
                "{board} at {rect:?} in {size:?}"
            );
            let centre = (rect.left() + rect.right()) / 2.0;
            assert!(centre > last, "{board} is not right of the board before it");
            last = centre;
        }
    }
}

#[test]
fn every_pegs_left_tick_is_labelled_in_a_colour_that_reads_on_both_themes() {
    use pegsol_app::paint::palette::ThemeChoice;
    use pegsol_app::ShellCommand;
    for theme in [ThemeChoice::Light, ThemeChoice::Dark] {
        let mut h = board_sized("english", egui::vec2(1100.0, 760.0));
        let ctx = h.ctx.clone();
        h.state_mut().apply(&ctx, ShellCommand::SetTheme(theme));
        settle(&mut h);
        run_sweep(&mut h, false, "10k, 100k");
        // Both pegs charts (pegs left up to 6 here) label 0, 1, ..., 6.
        for pegs in 0..=6 {
            let label = format!("pegs left: {pegs}");
            assert!(
                h.query_all_by_label(&label).count() >= 2,
                "{theme:?}: `{label}` is missing"
            );
        }
        // The labels are drawn in the theme's text colour on the plot's background.
        let visuals = h.ctx.global_style().visuals.clone();
        let colour = pegsol_app::experiments::charts::tick_label_colour(&visuals);
        let rgb = |c: egui::Color32| (c.r(), c.g(), c.b());
        let ratio = experiment::contrast(rgb(colour), rgb(visuals.extreme_bg_color));
        assert!(ratio >= 4.5, "{theme:?}: contrast {ratio:.1}");
        h.check_accessibility();
    }
}

#[test]
fn the_experiments_window_opens_fitted_to_the_screen_not_at_a_size_remembered_elsewhere() {
    // The window's rect, from its resize corners (the only window open).
    let window = |h: &Harness<'_, PegsolApp>| {
        egui::Rect::from_min_max(
            h.get_by_label("Resize window top-left corner").rect().min,
            h.get_by_label("Resize window bottom-right corner")
                .rect()
                .max,
        )
    };
    // A run on a small screen, the window opened there.
    let mut small = board_sized("english", egui::vec2(800.0, 600.0));
    click(&mut small, "Tools");
    click(&mut small, "Experiments…");
    settle(&mut small);
    assert!(window(&small).width() <= 800.0);
    let remembered = small.ctx.memory(|m| m.clone());
    drop(small);
    // The next run on a large screen, with egui's memory of the last (as eframe restores
    // it): the window takes the large screen, not the 800x600 it had.
    let screen = egui::vec2(1920.0, 1080.0);
    let mut large = board_sized("english", screen);
    large.ctx.memory_mut(|m| *m = remembered);
    click(&mut large, "Tools");
    click(&mut large, "Experiments…");
    settle(&mut large);
    let rect = window(&large);
    assert!(
        rect.width() >= 0.75 * screen.x && rect.height() >= 0.75 * screen.y,
        "{rect:?} on {screen:?}"
    );
    assert!(
        rect.right() <= screen.x && rect.bottom() <= screen.y,
        "{rect:?}"
    );
    // It shows many rows of a sweep's table, not six.
    run_sweep_in_open_window(&mut large);
    let rows = large.query_all_by_label("classic").count();
    assert!(rows >= 14, "{rows} rows shown");
}

/// Runs levels 0-8 at 10k and 100k in the open Experiments window.
fn run_sweep_in_open_window(h: &mut Harness<'_, PegsolApp>) {
    set_budgets(h, "10k, 100k");
    click(h, "Run");
    wait_for(h, "the sweep", 30, |app| !app.experiments().is_running());
    settle(h);
}

#[test]
fn a_run_moves_neither_run_nor_the_chart_tabs_nor_the_window() {
    for size in [egui::vec2(800.0, 600.0), egui::vec2(1280.0, 800.0)] {
        let mut h = board_sized("english", size);
        open_small_sweep(&mut h);
        settle(&mut h);
        // Every control a person may reach for next (the tabs where the charts are shown one
        // at a time), and the window's corner, where they are before the run.
        let controls: Vec<&str> = [
            "Run",
            "Copy as CSV",
            "Pegs left by budget",
            "Expansions per second",
            "Resize window top-left corner",
        ]
        .into_iter()
        .filter(|c| h.query_by_label(c).is_some())
        .collect();
        assert!(controls.len() >= 3, "{size:?}: {controls:?}");
        let before: Vec<egui::Rect> = controls.iter().map(|c| h.get_by_label(c).rect()).collect();
        click(&mut h, "Run");
        wait_for(&mut h, "the sweep", 20, |app| {
            !app.experiments().is_running()
        });
        settle(&mut h);
        assert_eq!(h.state().experiments().rows().len(), 3);
        for (control, was) in controls.iter().zip(before) {
            let now = h.get_by_label(control).rect();
            assert!(
                (now.min - was.min).length() < 0.5,
                "{size:?}: {control} moved from {was:?} to {now:?}"
            );
        }
    }
}
