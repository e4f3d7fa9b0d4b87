//! UI tests of the layout editor, driven through egui_kittest the way a person would use it:
//! switching to the editor, clicking tools and cells by their labels, dragging, pressing keys.
//! Files go through the path-taking commands (never a dialog); no display needed.

use crate::common;

use pegsol_testkit::scratch;

use common::{click, press_with, settle, wait_for};
use eframe::egui;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use pegsol_app::editor::files::{self as editor_files, Autosave};
use pegsol_app::editor::{EditFileCommand, PaintCommand, PromptCommand};
use pegsol_app::editor::{EditorCommand, Verdict};
use pegsol_app::{Mode, PegsolApp, ShellCommand};
use pegsol_layout::edit::{Board, CellKind};
use pegsol_layout::{Finish, Layout};
use pegsol_rules::{Cell, Grid};
use scratch::Scratch;

/// An app already showing the editor.
fn editor() -> Harness<'static, PegsolApp> {
    let mut h = common::board("english");
    click(&mut h, "Editor");
    assert_eq!(h.state().mode(), Mode::Editor);
    h
}

/// Carries out a command as the view would return it.
fn apply(h: &mut Harness<'_, PegsolApp>, command: EditorCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, ShellCommand::Editor(command));
    settle(h);
}

fn board(h: &Harness<'_, PegsolApp>) -> Board {
    h.state().editor().board().clone()
}

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("editor-{name}"))
}

fn c(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

#[test]
fn design_a_board_save_it_reopen_it_and_play_it() {
    let mut h = editor();
    click(&mut h, "New board…");
    click(&mut h, "Create");
    let b = board(&h);
    assert_eq!((b.width, b.height, b.cells.len()), (7, 7, 49));
    // Cut the four 2x2 corners with the mirror on both axes: an English board.
    click(&mut h, "Off-board");
    click(&mut h, "Both axes");
    for cell in ["a1", "b1", "a2", "b2"] {
        click(&mut h, &format!("peg at {cell}"));
    }
    let b = board(&h);
    assert_eq!(b.cells.len(), 33);
    assert!(h.state().editor().is_dirty());
    h.get_by_label("off-board at g7");
    assert!(h.query_by_label_contains("D4").is_some(), "symmetry shown");
    // Name it.
    h.get_by_role_and_label(Role::TextInput, "Name").focus();
    h.get_by_role_and_label(Role::TextInput, "Name")
        .type_text(" X");
    settle(&mut h);
    assert_eq!(board(&h).name, "New board X");

    let dir = temp_dir("roundtrip");
    let path = dir.join("my-board.ron");
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::SaveAs(path.clone())),
    );
    assert!(!h.state().editor().is_dirty());
    assert_eq!(h.state().editor().path(), Some(path.as_path()));
    let saved = board(&h);
    assert_eq!(
        editor_files::open_board(&path).expect("reopens"),
        saved,
        "the file holds the board exactly"
    );
    // Start over, then open the file again: identical.
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::New(Grid::Triangular, 5, 5)),
    );
    assert_eq!(board(&h).grid, Grid::Triangular);
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::Open(path.clone())),
    );
    assert_eq!(board(&h), saved);
    assert_eq!(
        h.state().persisted().recent.first(),
        Some(&path),
        "an opened file joins the recent list"
    );
    assert!(!h.state().editor().is_dirty());

    // The solver says it can be won; then play it.
    wait_for(&mut h, "the verdict", 60, |app| {
        app.editor().verdict() == Some(&Verdict::Winnable)
    });
    assert!(h.query_by_label_contains("Winnable").is_some());
    click(&mut h, "Play this board");
    assert_eq!(h.state().mode(), Mode::Play);
    let game = h.state().play().game();
    assert_eq!(game.puzzle.start.peg_count(), 32);
    assert_eq!(game.puzzle.name, "New board X");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert_eq!(h.state().play().game().record.index(), 1);
}

#[test]
fn drag_paints_one_undo_step_and_ctrl_z_undoes_it() {
    let mut h = editor();
    click(&mut h, "Off-board");
    let from = h.get_by_label("peg at c1").rect().center();
    let to = h.get_by_label("peg at e1").rect().center();
    h.hover_at(from);
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(to);
    settle(&mut h);
    let b = board(&h);
    for x in 2..=4 {
        assert_eq!(b.kind(c(x, 0)), CellKind::Off, "column {x}");
    }
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    let b = board(&h);
    assert_eq!(b.cells.len(), 33, "one undo step for the whole drag");
    assert!(!h.state().editor().is_dirty());
    press_with(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(board(&h).cells.len(), 30);
    // The play game was not touched by the editor's undo.
    assert_eq!(h.state().play().game().record.index(), 0);
}

#[test]
fn every_check_message_appears_for_a_board_with_that_problem() {
    let mut h = editor();
    let shows = |h: &Harness<'_, PegsolApp>, text: &str| {
        assert!(
            h.query_by_label_contains(text).is_some(),
            "`{text}` is not shown"
        );
    };
    click(&mut h, "Fill all holes");
    shows(&h, "the board has no empty hole");
    click(&mut h, "Empty all holes");
    shows(&h, "the board has no peg");
    click(&mut h, "Clear board");
    shows(&h, "the board has no holes");
    // Back to the English board, then a finish cell off the board.
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::FromCatalogue("english".into())),
    );
    apply(&mut h, EditorCommand::Prompts(PromptCommand::PromptDiscard));
    apply(
        &mut h,
        EditorCommand::Paint(PaintCommand::SetFinish(Finish::Cell { x: 0, y: 0 })),
    );
    // Cells are named as the board's coordinates and every other message name them (a1, d3),
    // never as the files' `x,y`.
    shows(&h, "the finish cell a1 is not a hole of the board");
    // A finish outside the start's class.
    apply(
        &mut h,
        EditorCommand::Paint(PaintCommand::SetFinish(Finish::Cell { x: 3, y: 2 })),
    );
    shows(&h, "rules out finishing on the finish cell d3");
    assert!(h.query_by_label_contains("3,2").is_none());
    // The French board from its centre: no one-peg finish at all.
    apply(&mut h, EditorCommand::Prompts(PromptCommand::PromptDiscard));
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::FromCatalogue("french".into())),
    );
    apply(&mut h, EditorCommand::Prompts(PromptCommand::PromptDiscard));
    click(&mut h, "Start vacancy");
    click(&mut h, "peg at d4");
    shows(&h, "rules out finishing with one peg anywhere");
    // The centre finish on a board without a centre.
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::New(Grid::Square, 4, 1)),
    );
    apply(&mut h, EditorCommand::Prompts(PromptCommand::PromptDiscard));
    apply(
        &mut h,
        EditorCommand::Paint(PaintCommand::SetFinish(Finish::Center)),
    );
    shows(&h, "this board has no centre cell");
    // No first jump: two pegs apart, a1 and e1.
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::New(Grid::Square, 5, 1)),
    );
    apply(&mut h, EditorCommand::Prompts(PromptCommand::PromptDiscard));
    click(&mut h, "Hole");
    click(&mut h, "peg at b1");
    click(&mut h, "peg at d1");
    shows(&h, "no peg can jump at the start");
    assert_eq!(
        h.state().editor().verdict(),
        Some(&Verdict::Waiting)
            .filter(|_| false)
            .or(h.state().editor().verdict())
    );
}

#[test]
fn broken_files_give_the_message_and_change_nothing() {
    let dir = temp_dir("broken");
    let english =
        std::fs::read_to_string(pegsol_testkit::data::layouts("english.ron")).expect("english.ron");
    let twelve = ["oooooooooooo"; 12].join("\n");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "truncated.ron",
            english.as_bytes()[..english.len() / 2].to_vec(),
            "truncated.ron:",
        ),
        (
            "types.ron",
            b"Layout(name: 3, rows: [])".to_vec(),
            "types.ron:1:14",
        ),
        ("twelve.txt", twelve.into_bytes(), "12 rows"),
        (
            "unknown.ron",
            b"Layout(name: \"u\", rows: [\"o x .\"])".to_vec(),
            // The board's problem at the file's line and column, as the command line says it.
            "unknown.ron:1:29: row 0, character 2: `x` is not a cell",
        ),
        ("unknown.txt", b"oo?\n.oo\n".to_vec(), "unknown.txt:1:3"),
        (
            "misplaced.ron",
            b"Layout(name: \"m\", rows: [\"o.o\"])".to_vec(),
            "misplaced.ron:1:28: row 0, character 1: `.` sits between two cells",
        ),
        (
            "wide.ron",
            b"Layout(name: \"w\", rows: [\"o o o o o o o o o o o o\"])".to_vec(),
            "has a cell at column 11",
        ),
        ("empty.ron", Vec::new(), "empty.ron:1:1"),
        (
            "binary.ron",
            vec![0x4c, 0x61, 0xff, 0xfe, 0x00],
            "binary.ron:1:3",
        ),
    ];
    // An edit in progress, unsaved.
    let mut h = editor();
    click(&mut h, "Off-board");
    click(&mut h, "peg at d1");
    let before = board(&h);
    let recent_before = h.state().persisted().recent;
    for (name, bytes, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        apply(
            &mut h,
            EditorCommand::Files(EditFileCommand::Open(path.clone())),
        );
        let error = h
            .state()
            .editor()
            .error()
            .map(str::to_string)
            .unwrap_or_default();
        assert!(error.contains(expected), "{name}: `{error}`");
        assert!(
            h.query_by_label_contains(expected).is_some(),
            "{name}: the message is on screen"
        );
        assert!(h.state().editor().prompt().is_none(), "{name}: no prompt");
        assert_eq!(board(&h), before, "{name}: the edit is untouched");
        assert!(h.state().editor().is_dirty(), "{name}");
        assert!(
            h.state().editor().editor().can_undo(),
            "{name}: history kept"
        );
        assert_eq!(h.state().editor().path(), None, "{name}");
        assert_eq!(h.state().mode(), Mode::Editor);
        assert_eq!(h.state().persisted().recent, recent_before, "{name}");
        click(&mut h, "Dismiss");
        assert!(h.state().editor().error().is_none());
    }
}

#[test]
fn unsaved_changes_prompt_before_replacing_or_closing() {
    let mut h = editor();
    click(&mut h, "Peg");
    click(&mut h, "empty hole at d4");
    assert!(h.state().editor().is_dirty());
    // Picking a catalogue board in the boards panel asks first.
    click(&mut h, "French");
    assert!(h.query_by_label("Unsaved changes").is_some());
    click(&mut h, "Cancel");
    assert_eq!(board(&h).name, "English");
    assert!(h.state().editor().is_dirty());
    click(&mut h, "French");
    click(&mut h, "Discard");
    assert_eq!(board(&h).name, "French");
    assert!(!h.state().editor().is_dirty());
    // Closing the window (its close button) with unsaved changes asks too.
    click(&mut h, "Fill all holes");
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    settle(&mut h);
    assert_eq!(
        h.state().editor().prompt(),
        Some(&EditorCommand::Prompts(PromptCommand::CloseWindow))
    );
    assert!(h.query_by_label_contains("before closing").is_some());
    click(&mut h, "Cancel");
    assert!(h.state().editor().prompt().is_none());
    // Discard lets it close.
    apply(&mut h, EditorCommand::Prompts(PromptCommand::CloseWindow));
    click(&mut h, "Discard");
    assert!(h.state().editor().prompt().is_none());
    assert!(!h.state().editor().holds_close());
}

#[test]
fn the_autosave_is_offered_back_after_a_crash() {
    let dir = temp_dir("autosave");
    let autosave = dir.join("autosave.ron");
    let mut h = editor();
    h.state_mut().editor_mut().attach_autosave(autosave.clone());
    click(&mut h, "Off-board");
    click(&mut h, "Both axes");
    click(&mut h, "peg at c1");
    h.state_mut().editor_mut().autosave_now();
    let edited = board(&h);
    assert!(autosave.exists(), "written while editing");
    // "Crash": drop the app without saving; a new one finds the autosave.
    drop(h);
    let mut h = common::board("english");
    h.state_mut().editor_mut().attach_autosave(autosave.clone());
    settle(&mut h);
    assert!(h.query_by_label("Recover unsaved board?").is_some());
    click(&mut h, "Recover");
    assert_eq!(h.state().mode(), Mode::Editor);
    assert_eq!(board(&h), edited);
    assert!(
        h.state().editor().is_dirty(),
        "a recovered board is unsaved"
    );
    // Saving clears the autosave.
    let path = dir.join("recovered.ron");
    apply(&mut h, EditorCommand::Files(EditFileCommand::SaveAs(path)));
    assert!(!autosave.exists(), "cleared on save");
    // A declined recovery is cleared too; a broken autosave is ignored.
    editor_files::write_autosave(&autosave, &Autosave::of(&edited, None)).expect("write");
    let mut h = common::board("english");
    h.state_mut().editor_mut().attach_autosave(autosave.clone());
    settle(&mut h);
    click(&mut h, "Discard it");
    assert!(!autosave.exists());
    std::fs::write(&autosave, "EditorAutosave(layout: 3)").expect("write");
    let mut h = common::board("english");
    h.state_mut().editor_mut().attach_autosave(autosave.clone());
    settle(&mut h);
    assert!(h.state().editor().recovery().is_none());
}

#[test]
fn edit_the_position_in_play_and_paste_a_game_id() {
    let mut h = common::board("english");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    click(&mut h, "Edit this position");
    assert_eq!(h.state().mode(), Mode::Editor);
    let b = board(&h);
    assert_eq!(b.pegs, h.state().play().game().record.position().pegs());
    assert_eq!(b.kind(c(3, 1)), CellKind::Hole);
    // A Pegs game ID, pasted.
    let id = "7x7cross:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO";
    h.get_by_role_and_label(Role::TextInput, "Paste a game ID")
        .focus();
    h.get_by_role_and_label(Role::TextInput, "Paste a game ID")
        .type_text(id);
    settle(&mut h);
    click(&mut h, "Open pasted");
    let b = board(&h);
    assert_eq!((b.cells.len(), b.pegs.len()), (33, 32));
    // Nonsense pasted: a message, nothing changed.
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::SetPaste("7x7:PPQ".into())),
    );
    apply(&mut h, EditorCommand::Files(EditFileCommand::OpenPasted));
    assert!(h.state().editor().error().is_some());
    assert_eq!(board(&h), b);
}

#[test]
fn analyze_starts_shows_which_holes_can_be_won() {
    let mut h = editor();
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::FromCatalogue("triangle".into())),
    );
    click(&mut h, "Analyze starts");
    wait_for(&mut h, "the analysis", 60, |app| {
        app.editor().analysis().is_some()
    });
    let reports = h.state().editor().analysis().map(<[_]>::to_vec).unwrap();
    assert_eq!(reports.len(), 15);
    assert!(reports.iter().all(|r| !r.finishes.is_empty()));
    assert!(h.query_by_label_contains("15 of 15 starts").is_some());
    h.query_by_label_contains("start a1:")
        .expect("the start is listed")
        .click();
    settle(&mut h);
    // Painting a peg keeps the analysis (the holes did not change); taking a hole away drops it.
    click(&mut h, "Peg");
    click(&mut h, "empty hole at a1");
    assert!(h.state().editor().analysis().is_some());
    click(&mut h, "Off-board");
    click(&mut h, "peg at a1");
    assert!(h.state().editor().analysis().is_none());
    assert!(h.query_by_label("Analyze starts").is_some());
}

#[test]
fn solve_this_board_hands_it_to_the_play_view() {
    let mut h = editor();
    apply(
        &mut h,
        EditorCommand::Files(EditFileCommand::Open(pegsol_testkit::data::layouts(
            "level-0.ron",
        ))),
    );
    click(&mut h, "Solve this board");
    assert_eq!(h.state().mode(), Mode::Play);
    assert_eq!(h.state().play().game().puzzle.start.peg_count(), 3);
    // ...and starts the solver panel's search on it.
    wait_for(&mut h, "the solve", 60, |app| {
        app.play().solve_session().report().is_some()
    });
    let report = h
        .state()
        .play()
        .solve_session()
        .report()
        .expect("the solve finished");
    assert_eq!(report.outcome.pegs_left, 1);
    h.run_steps(2);
    h.check_accessibility();
    // The editor view passes the accessibility check as well.
    click(&mut h, "Editor");
    h.check_accessibility();
    let layout: Layout = board(&h).to_layout();
    assert_eq!(layout.validate().expect("valid").start.peg_count(), 3);
}

#[test]
fn the_new_board_popup_stays_open_when_a_size_is_clicked_and_takes_typed_sizes() {
    let mut h = editor();
    click(&mut h, "New board…");
    // Clicking a size (to type it) leaves the popup open.
    click(&mut h, "Width");
    assert!(
        h.query_by_label("Create").is_some(),
        "the popup closed when its width was clicked"
    );
    // Typed, not dragged: select what is there, type 9, Enter.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Width").type_text("9");
    common::press(&mut h, Key::Enter);
    assert!(h.query_by_label("Create").is_some(), "closed by Enter");
    click(&mut h, "Height");
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Height").type_text("4");
    common::press(&mut h, Key::Enter);
    assert!(h.query_by_label("Create").is_some(), "closed by the height");
    click(&mut h, "Create");
    let b = board(&h);
    assert_eq!((b.width, b.height), (9, 4));
    assert!(h.query_by_label("Create").is_none(), "Create closes it");
}

#[test]
fn a_size_drags_at_a_sane_speed() {
    let mut h = editor();
    click(&mut h, "New board…");
    // A 27-point drag once took 7 to 1; now it moves the width by two or three.
    let at = h.get_by_label("Width").rect().center();
    h.drag_at(at);
    settle(&mut h);
    for step in 1..=27 {
        h.hover_at(egui::pos2(at.x + step as f32, at.y));
        h.step();
    }
    h.drop_at(egui::pos2(at.x + 27.0, at.y));
    settle(&mut h);
    let (_, w, _) = h.state().editor().new_board();
    assert!((8..=10).contains(&w), "a 27-point drag took 7 to {w}");
}
