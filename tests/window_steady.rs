//! UI tests of the window's third pass (issue 56), driven through egui_kittest: no clickable
//! control moves when a mode, a result or a message changes (each test records a control's
//! rect, changes the mode, and checks a click at the old place still hits it); the status
//! line's texts never overlap at 800x600; keys pressed a few milliseconds apart, in one frame,
//! each act once and in their order.

mod common;

use common::{board_sized, click, settle};
use eframe::egui;
use egui::{Event, Key, Modifiers, Rect};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use pegsol::app::editor::{EditorCommand, PaintCommand};
use pegsol::app::search::{Engine, SearchCommand};
use pegsol::app::{Mode, PegsolApp, ShellCommand};
use pegsol::layout::Finish;

/// The catalogue board `key`, in a window of 1280 by 800.
fn board(key: &str) -> Harness<'static, PegsolApp> {
    board_sized(key, egui::vec2(1280.0, 800.0))
}

fn apply(h: &mut Harness<'_, PegsolApp>, command: ShellCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    settle(h);
}

/// The rect of the widget labelled `label` (the first, if several).
fn rect(h: &Harness<'_, PegsolApp>, label: &str) -> Rect {
    h.get_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label:?}"))
        .rect()
}

/// The rects of `labels`, in order.
fn rects(h: &Harness<'_, PegsolApp>, labels: &[&str]) -> Vec<Rect> {
    labels.iter().map(|l| rect(h, l)).collect()
}

/// Asserts each of `labels` is where it was (`before`): a click at its old centre still
/// lands on it.
fn still_there(h: &Harness<'_, PegsolApp>, labels: &[&str], before: &[Rect], after_what: &str) {
    for (label, old) in labels.iter().zip(before) {
        let now = rect(h, label);
        assert!(
            now.contains(old.center()) && (now.center() - old.center()).length() < 0.5,
            "{label:?} moved after {after_what}: {old:?} -> {now:?}"
        );
    }
}

#[test]
fn a_click_at_autoplays_old_place_still_hits_it_and_its_neighbours() {
    let mut h = board("english");
    for cell in [
        "peg at d2",
        "empty hole at d4",
        "peg at b3",
        "empty hole at d3",
    ] {
        click(&mut h, cell);
    }
    click(&mut h, "|< Start");
    let labels = [
        "Autoplay",
        "Forward >",
        "Move >>",
        "End >|",
        "Undo",
        "Restart",
    ];
    let before = rects(&h, &labels);
    click(&mut h, "Autoplay");
    assert!(h.state().play().playback().playing);
    // The button says Pause now, in Autoplay's place.
    let mut now = vec!["Pause"];
    now.extend(&labels[1..]);
    still_there(&h, &now, &before, "Autoplay");
}

/// Level 5 in the Search view, in a window of `size`.
fn searching(size: egui::Vec2) -> Harness<'static, PegsolApp> {
    let mut h = board_sized("5", size);
    click(&mut h, "Search");
    assert_eq!(h.state().mode(), Mode::Search);
    h
}

#[test]
fn a_click_at_the_search_views_controls_still_hits_them_after_run_an_engine_switch_and_a_notice() {
    for size in [egui::vec2(1280.0, 800.0), egui::vec2(800.0, 600.0)] {
        let mut h = searching(size);
        let labels = [
            "Exact DFS",
            "Beam",
            "Budget",
            "Restart",
            "Step",
            "Run",
            "Go",
            "Compare a trace file…",
        ];
        let before = rects(&h, &labels);
        let board = rect(&h, "The start, 36 pegs");
        click(&mut h, "Run");
        assert!(h.state().search().is_running());
        let mut running = labels.to_vec();
        running[5] = "Pause";
        still_there(&h, &running, &before, "Run");
        click(&mut h, "Pause");
        for engine in [Engine::Exact, Engine::Beam, Engine::Classic] {
            apply(
                &mut h,
                ShellCommand::Search(SearchCommand::SetEngine(engine)),
            );
            still_there(&h, &labels, &before, engine.name());
        }
        apply(
            &mut h,
            ShellCommand::Warn("Budget: a notice long enough to take a whole line".into()),
        );
        assert!(h.state().notice().is_some());
        still_there(&h, &labels, &before, "a notice");
        let moved = rect(&h, "The start, 36 pegs");
        assert_eq!(moved.min, board.min, "the board moved after a notice");
    }
}

#[test]
fn a_click_at_the_editors_play_and_analyze_buttons_still_hits_them_after_a_check_wraps() {
    let mut h = board("english");
    click(&mut h, "Editor");
    assert_eq!(h.state().mode(), Mode::Editor);
    let labels = ["Play this board", "Solve this board", "Analyze starts"];
    let before = rects(&h, &labels);
    // A finish outside the start's class: a check of two lines in the panel.
    let finish = Finish::Cell { x: 3, y: 2 };
    apply(
        &mut h,
        ShellCommand::Editor(EditorCommand::Paint(PaintCommand::SetFinish(finish))),
    );
    let check = "Cannot win: the start's position class rules out finishing on the finish cell d3";
    assert!(h.query_by_label(check).is_some());
    still_there(&h, &labels, &before, "a check appeared");
    // Every hole filled as well: more checks, still nothing moves.
    click(&mut h, "Fill all holes");
    assert!(h
        .query_by_label_contains("the board has no empty hole")
        .is_some());
    still_there(&h, &labels, &before, "more checks appeared");
}

#[test]
fn a_click_at_solve_from_start_still_hits_it_after_a_switch_to_a_board_with_no_centre() {
    let mut h = board("english");
    let labels = ["Solve from start", "Solve from here", "Cancel solve"];
    let before = rects(&h, &labels);
    for key in ["triangle", "0"] {
        apply(&mut h, ShellCommand::OpenCatalogue(key.into()));
        still_there(&h, &labels, &before, key);
    }
}

#[test]
fn the_status_lines_texts_do_not_overlap_at_800x600() {
    for width in [800.0, 640.0] {
        let mut h = board_sized("english", egui::vec2(width, 600.0));
        settle(&mut h);
        let texts: Vec<(String, Rect)> = ["Pegs left: ", "Jumps: ", "Goal: ", "Time "]
            .iter()
            .map(|prefix| {
                // A label's text is its AccessKit value.
                let text = |n: &egui_kittest::Node<'_>| n.accesskit_node().value();
                let node = h
                    .query_all_by_label_contains(prefix)
                    .find(|n| text(n).is_some_and(|l| l.starts_with(prefix)))
                    .unwrap_or_else(|| panic!("no status text {prefix:?}"));
                (text(&node).unwrap_or_default(), node.rect())
            })
            .collect();
        for (i, (a, ra)) in texts.iter().enumerate() {
            for (b, rb) in &texts[i + 1..] {
                assert!(
                    !ra.intersects(*rb),
                    "at {width} wide {a:?} {ra:?} overlaps {b:?} {rb:?}"
                );
            }
            assert!(
                ra.right() <= width + 0.5,
                "at {width} wide {a:?} runs off the window: {ra:?}"
            );
        }
    }
}

/// Presses `keys` in one frame, as keys a few milliseconds apart reach a busy window.
fn press_in_one_frame(h: &mut Harness<'_, PegsolApp>, keys: &[Key]) {
    for &key in keys {
        for pressed in [true, false] {
            h.input_mut().events.push(Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: Modifiers::NONE,
            });
        }
    }
    settle(h);
}

#[test]
fn keys_pressed_in_one_frame_each_act_once_and_in_their_order() {
    let mut h = board("english");
    click(&mut h, "peg at d2");
    // (Rows count from the top.) d2 jumps down to d4; the cursor, left on d4, goes up to
    // d3 and left to b3; Enter picks up b3's peg and Right jumps it to d3: two jumps, all in
    // one frame.
    let keys = [
        Key::ArrowDown,
        Key::ArrowUp,
        Key::ArrowLeft,
        Key::ArrowLeft,
        Key::Enter,
        Key::ArrowRight,
    ];
    press_in_one_frame(&mut h, &keys);
    let jumps: Vec<String> = h
        .state()
        .play()
        .game()
        .record
        .jumps()
        .iter()
        .map(|j| j.in_words())
        .collect();
    assert_eq!(jumps.len(), 2, "{jumps:?}");
    assert!(h.query_by_label("empty hole at b3").is_some());
    // Two undos in one frame undo twice; two ]s redo twice.
    press_in_one_frame(&mut h, &[Key::U, Key::U]);
    assert_eq!(h.state().play().game().record.index(), 0);
    press_in_one_frame(&mut h, &[Key::CloseBracket, Key::CloseBracket]);
    assert_eq!(h.state().play().game().record.index(), 2);
}
