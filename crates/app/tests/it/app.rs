//! UI tests of the play window, driven through egui_kittest the way a person would use it:
//! clicking holes by their accessible labels, dragging pegs, pressing keys. No display needed.

use crate::common;

use pegsol_testkit::scratch;

use common::{board, board_in, board_sized, click, harness, press, press_with, settle};
use eframe::egui;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use pegsol_app::editor::PaintCommand;
use pegsol_app::play::SolverCommand;
use pegsol_app::start::persist::PersistedState;
use pegsol_app::PegsolApp;
use pegsol_layout::Layout;
use pegsol_record::{Game, GameStore, Source};
use pegsol_rules::Cell;
use scratch::Scratch;

fn jumps(h: &Harness<'_, PegsolApp>) -> usize {
    h.state().play().game().record.index()
}

fn pegs(h: &Harness<'_, PegsolApp>) -> u32 {
    h.state().play().game().record.position().peg_count()
}

#[test]
fn click_a_peg_then_a_hole_jumps() {
    let mut h = board("english");
    click(&mut h, "peg at d2");
    assert_eq!(
        h.state().play().board().selected(),
        Some(Cell { x: 3, y: 1 })
    );
    click(&mut h, "empty hole at d4");
    assert_eq!(jumps(&h), 1);
    assert_eq!(pegs(&h), 31);
    // The labels follow the position.
    h.get_by_label("peg at d4");
    h.get_by_label("empty hole at d2");
    h.get_by_label("empty hole at d3");
    assert!(h.query_by_label_contains("Pegs left: 31").is_some());
}

#[test]
fn drag_a_peg_onto_a_hole_jumps() {
    let mut h = board("english");
    let from = h.get_by_label("peg at f4").rect().center();
    let to = h.get_by_label("empty hole at d4").rect().center();
    h.hover_at(from);
    h.drag_at(from);
    h.step();
    let mid = from + (to - from) * 0.5;
    h.hover_at(mid);
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    settle(&mut h);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at d4");
    h.get_by_label("empty hole at f4");
}

#[test]
fn an_illegal_attempt_says_why() {
    let mut h = board("english");
    click(&mut h, "empty hole at d4");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("d4 is an empty hole"), "{notice}");
    click(&mut h, "peg at a3");
    click(&mut h, "empty hole at d4");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.starts_with("a3 to d4"), "{notice}");
    assert_eq!(jumps(&h), 0);
    // A peg whose jump is blocked names the reason from the rules.
    click(&mut h, "peg at d1");
    click(&mut h, "peg at d1");
    assert_eq!(
        h.state().play().board().selected(),
        None,
        "a second click deselects"
    );
}

#[test]
fn arrows_and_enter_select_and_jump() {
    let mut h = board("english");
    // The cursor starts on the centre; walk it up to d2.
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::ArrowUp);
    assert_eq!(h.state().play().board().cursor(), Some(Cell { x: 3, y: 1 }));
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().play().board().selected(),
        Some(Cell { x: 3, y: 1 })
    );
    press(&mut h, Key::ArrowDown);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at d4");
    // An arrow into a blocked direction is refused with a reason.
    press(&mut h, Key::Space);
    press(&mut h, Key::ArrowUp);
    assert_eq!(jumps(&h), 1);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("cannot jump that way"), "{notice}");
}

#[test]
fn arrows_jump_on_the_triangular_grid() {
    let mut h = board("triangle");
    // c3 = (2,2): plain Up takes the up-left diagonal, over b2 into a1.
    click(&mut h, "peg at c3");
    press(&mut h, Key::ArrowUp);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at a1");
    h.get_by_label("empty hole at c3");
    // Undo, then from a3 = (0,2) only the up-right diagonal exists: Up takes it.
    press(&mut h, Key::U);
    click(&mut h, "peg at a3");
    press_with(&mut h, Modifiers::SHIFT, Key::ArrowUp);
    assert_eq!(jumps(&h), 1);
    h.get_by_label("peg at a1");
    h.get_by_label("empty hole at a3");
}

#[test]
fn undo_redo_and_restart_from_the_keyboard() {
    let mut h = board("english");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    click(&mut h, "peg at b3");
    click(&mut h, "empty hole at d3");
    assert_eq!(jumps(&h), 2);
    press(&mut h, Key::U);
    assert_eq!(jumps(&h), 1);
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(jumps(&h), 0);
    press_with(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(jumps(&h), 1);
    press_with(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(jumps(&h), 2);
    press(&mut h, Key::R);
    assert_eq!(jumps(&h), 0);
    assert_eq!(pegs(&h), 32);
    // Restart is undoable.
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(jumps(&h), 2);
    assert_eq!(pegs(&h), 30);
}

#[test]
fn level_0_can_be_won() {
    let mut h = board("0");
    click(&mut h, "peg at d4");
    click(&mut h, "empty hole at f4");
    click(&mut h, "peg at g4");
    click(&mut h, "empty hole at e4");
    let game = h.state().play().game();
    assert!(game.record.position().is_won(game.puzzle.goal));
    assert!(h.query_by_label("Solved!").is_some());
}

#[test]
fn a_stuck_game_is_shown_and_offers_undo() {
    let puzzle = Layout::from_rows("stuck", &["o o . . o"])
        .validate()
        .expect("valid");
    let mut h = harness(PegsolApp::new(Game::new(
        puzzle,
        Source::Other("test".into()),
    )));
    click(&mut h, "peg at a1");
    click(&mut h, "empty hole at c1");
    assert!(h.state().play().game().record.position().is_stuck());
    assert!(h.query_by_label_contains("Stuck with 2 pegs").is_some());
    click(&mut h, "Undo last jump");
    assert_eq!(jumps(&h), 0);
    assert!(h.query_by_label_contains("Stuck").is_none());
}

#[test]
fn the_state_survives_a_round_trip() {
    let dir = temp_dir("round-trip");
    let mut h = board_in("english", &dir);
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    click(&mut h, "View");
    click(&mut h, "Coordinates");
    h.state_mut().keep_games(0.0).expect("kept");
    let text = h.state().persisted().to_ron();
    let state = PersistedState::from_ron(&text).expect("reads back");
    assert!(state.settings.welcomed);
    let restored = PegsolApp::start_with(
        &pegsol_app::Options::default(),
        Some(state),
        GameStore::in_folder(&dir),
    )
    .expect("restores");
    let (a, b) = (h.state().play().game(), restored.play().game());
    assert_eq!(a.record.position(), b.record.position());
    assert_eq!(a.record.jumps(), b.record.jumps(), "the redo tail survives");
    assert_eq!(a.puzzle.name, b.puzzle.name);
    assert_eq!(a.source, b.source);
    assert_eq!(h.state().settings(), restored.settings());
    assert!(!restored.settings().coordinates);
    // A restored app opens in a harness and plays on.
    let mut h2 = harness(restored);
    press_with(&mut h2, Modifiers::COMMAND, Key::Y);
    assert_eq!(jumps(&h2), 1);
}

#[test]
fn corrupt_or_old_settings_are_refused_not_fatal() {
    assert!(PersistedState::from_ron("").is_err());
    let old = "PegsolState(version: 1, game: Some(3))";
    assert!(PersistedState::from_ron(old).is_err());
    let app = PegsolApp::new(Game::from_catalogue("english").expect("board"));
    let older = app.persisted().to_ron().replace("version: 2", "version: 0");
    let e = PersistedState::from_ron(&older).expect_err("another version");
    assert!(e.to_string().contains("an older version"), "{e}");
}

#[test]
fn saved_games_and_bad_files_open_from_a_path() {
    let dir = Scratch::new("app-test");
    let mut h = board("english");
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    let path = dir.join("game.ron");
    h.state().play().game().save_to(&path).expect("saves");
    let game = Game::from_file(&path).expect("opens");
    assert_eq!(game.record.index(), 1);
    let hostile = dir.join("hostile.ron");
    let text = std::fs::read_to_string(&path)
        .expect("read")
        .replace("3,1-3,3", "3,3-3,1");
    std::fs::write(&hostile, text).expect("write");
    let err = Game::from_file(&hostile).expect_err("refused");
    // The cause keeps its type: a saved game whose first jump does not replay.
    assert!(
        matches!(
            &err,
            pegsol_record::OpenError::Game {
                error: pegsol_record::RestoreError::IllegalJump { index: 1, .. },
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("jump 1"), "{err}");
    std::fs::write(dir.join("junk.ron"), [0xff, 0xfe, 0]).expect("write");
    assert!(Game::from_file(&dir.join("junk.ron")).is_err());
}

#[test]
fn the_menus_show_shortcuts_and_change_settings() {
    let mut h = board("english");
    click(&mut h, "Game");
    assert!(
        h.query_by_label_contains("Ctrl+Z").is_some(),
        "Undo shows its shortcut"
    );
    // The timeline has a Restart button too: look for the menu's among them.
    assert!(h.query_all_by_label_contains("Restart").count() >= 2);
    h.key_press(Key::Escape);
    settle(&mut h);
    click(&mut h, "View");
    click(&mut h, "Animate jumps");
    assert!(!h.state().settings().animate);
    h.check_accessibility();
}

#[test]
fn reduce_motion_stops_every_animation_and_is_remembered() {
    let dir = temp_dir("reduce-motion");
    let options = pegsol_app::Options {
        layout: Some("english".to_string()),
        ..Default::default()
    };
    let mut seen = PersistedState::default();
    seen.settings.welcomed = true;
    let app =
        PegsolApp::start_with(&options, Some(seen), GameStore::in_folder(&dir)).expect("starts");
    // Frames 1/60 s apart (the harness's usual quarter second outlasts a jump's slide).
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_step_dt(1.0 / 60.0)
        .build_eframe(move |_cc| app);
    h.run_steps(2);
    // With motion, a jump slides for a few frames.
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert!(h.state().play().board().animating(), "the jump slides");
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    click(&mut h, "View");
    click(&mut h, "Reduce motion");
    assert!(h.state().settings().reduce_motion);
    assert!(!h.state().settings().animates_jumps());
    assert!(
        h.state().settings().animate,
        "Animate jumps keeps its own choice"
    );
    assert_eq!(
        h.ctx.global_style().animation_time,
        0.0,
        "egui's fades are off"
    );
    h.key_press(Key::Escape);
    settle(&mut h);
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert!(
        !h.state().play().board().animating(),
        "a played jump does not slide"
    );
    // Remembered across runs.
    h.state_mut().keep_games(0.0).expect("kept");
    let text = h.state().persisted().to_ron();
    let state = PersistedState::from_ron(&text).expect("reads back");
    assert!(state.settings.reduce_motion);
    let restored = PegsolApp::start_with(
        &pegsol_app::Options::default(),
        Some(state),
        GameStore::in_folder(&dir),
    )
    .expect("restores");
    assert!(restored.settings().reduce_motion);
    let h2 = harness(restored);
    assert_eq!(h2.ctx.global_style().animation_time, 0.0);
    h.check_accessibility();
}

/// Applies `command` as the window would, then settles.
fn apply(h: &mut Harness<'_, PegsolApp>, command: pegsol_app::ShellCommand) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(&ctx, command);
    settle(h);
}

/// Plays the first legal jump `n` times.
fn play_first(h: &mut Harness<'_, PegsolApp>, n: usize) {
    use pegsol_app::play::PlayCommand;
    for _ in 0..n {
        let jump = h.state().play().game().record.position().legal_jumps()[0];
        apply(h, pegsol_app::ShellCommand::Play(PlayCommand::Play(jump)));
    }
}

/// Clicks a board in the boards panel, once the panel has finished scrolling to the board in
/// play (it scrolls smoothly over a few frames after a board is opened).
fn click_board(h: &mut Harness<'_, PegsolApp>, name: &str) {
    h.run_steps(60);
    h.get_by_label(name).scroll_to_me();
    h.run_steps(60);
    click(h, name);
}

/// A fresh folder for one test.
fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("app-{name}"))
}

#[test]
fn a_board_left_and_opened_again_keeps_its_game_across_a_restart() {
    let dir = temp_dir("shelf");
    let mut h = board_in("5", &dir);
    play_first(&mut h, 5);
    press(&mut h, Key::U);
    assert_eq!(jumps(&h), 4);
    // Level 5 -> Level 6 -> Level 5 by clicking the boards panel, as a person would.
    click_board(&mut h, "Level 6");
    assert_eq!(h.state().play().game().puzzle.name, "Level 6");
    assert_eq!(jumps(&h), 0);
    click_board(&mut h, "Level 5");
    assert_eq!(jumps(&h), 4);
    assert!(h.query_by_label_contains("Jump 4 of 5").is_some());
    press_with(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(jumps(&h), 5, "the redo tail came back too");
    // Leave it on level 6 and write the games, as the window does while they change.
    press(&mut h, Key::U);
    click_board(&mut h, "Level 6");
    h.state_mut().keep_games(0.0).expect("written");
    assert!(dir.join(pegsol_record::store::FILE_NAME).exists());
    // The next run: level 6 is the game played last, level 5's game is waiting for it.
    let app = PegsolApp::start_with(
        &pegsol_app::Options::default(),
        Some(h.state().persisted()),
        GameStore::in_folder(&dir),
    )
    .expect("restores");
    let mut h2 = harness(app);
    assert_eq!(h2.state().play().game().puzzle.name, "Level 6");
    assert!(h2
        .query_by_label_contains("Game in progress: jump 4 of 5")
        .is_some());
    click_board(&mut h2, "Level 5");
    assert_eq!(jumps(&h2), 4);
    assert_eq!(h2.state().play().game().record.jumps().len(), 5);
}

#[test]
fn saving_through_the_built_in_dialog_writes_the_file_and_says_where() {
    let dir = temp_dir("dialog");
    let mut h = board("english");
    h.state_mut()
        .dialogs_mut()
        .use_builtin(Some(dir.to_path_buf()));
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    press_with(&mut h, Modifiers::COMMAND, Key::S);
    assert!(
        h.query_by_label_contains("Save the game").is_some(),
        "the dialog is up"
    );
    // The dialog offers the board's name, English.pegsol, in the folder: its Save button
    // writes it.
    click_dialog_save(&mut h);
    let path = dir.join("English.pegsol");
    let game = Game::from_file(&path).expect("the saved game opens");
    assert_eq!(game.record.index(), 1);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains(&path.display().to_string()), "{notice}");
}

#[test]
fn a_long_message_or_the_timeline_ticks_leave_the_board_where_it_was() {
    let mut h = board_sized("english", egui::vec2(800.0, 600.0));
    let before = h.get_by_label("peg at a3").rect();
    let long = "a message much longer than the window is wide, ".repeat(12);
    apply(&mut h, pegsol_app::ShellCommand::Warn(long));
    assert_eq!(h.get_by_label("peg at a3").rect(), before);
    // The first jump makes the timeline's ticks appear: the board stays put.
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert_eq!(h.get_by_label("peg at a3").rect(), before);
    // The stuck banner's buttons and the solver's buttons stay inside the window.
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    for label in ["Solve from start", "Solve from here", "Autoplay"] {
        let rect = h.get_by_label(label).rect();
        assert!(window.contains_rect(rect), "{label} at {rect:?}");
    }
}

#[test]
fn a_bad_budget_does_not_move_the_solve_buttons() {
    use pegsol_app::play::PlayCommand;
    let mut h = board("english");
    apply(
        &mut h,
        pegsol_app::ShellCommand::Play(PlayCommand::Solver(SolverCommand::SetEngine(
            pegsol_solver::Engine::Classic,
        ))),
    );
    let before = h.get_by_label("Solve from start").rect();
    let bad = "no budget at all, but a long line of words that would wrap ".repeat(3);
    apply(
        &mut h,
        pegsol_app::ShellCommand::Play(PlayCommand::Solver(SolverCommand::SetBudgetText(bad))),
    );
    assert!(h
        .state()
        .play()
        .solver_panel()
        .request(pegsol_app::play::command::SolveFrom::Start)
        .is_err());
    assert_eq!(h.get_by_label("Solve from start").rect(), before);
}

#[test]
fn the_triangle_offers_no_centre_to_choose_and_the_english_board_does() {
    let h = board("triangle");
    // The choice keeps its place, greyed out: the Solve buttons below must not move.
    let centre = h.get_by_label("One peg in the centre");
    assert!(centre.accesskit_node().is_disabled());
    assert!(h.query_by_label_contains("One peg, anywhere").is_some());
    let h = board("english");
    assert!(h
        .query_by_label_contains("One peg in the centre (d4)")
        .is_some());
}

#[test]
fn the_editor_opens_on_the_board_in_play() {
    let mut h = board("english");
    click_board(&mut h, "Level 2");
    assert_eq!(h.state().play().game().puzzle.name, "Level 2");
    click(&mut h, "Editor");
    assert_eq!(h.state().mode(), pegsol_app::Mode::Editor);
    assert_eq!(h.state().editor().board().cells.len(), 8);
}

#[test]
fn a_save_that_fails_is_shown_and_a_quit_asks_first() {
    let dir = temp_dir("unsaveable");
    // A folder that cannot be made: its parent is a file.
    std::fs::write(dir.join("file"), "not a folder").expect("write");
    let mut h = board_in("english", &dir.join("file").join("pegsol"));
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    h.state_mut().keep_games(0.0).expect_err("cannot write");
    settle(&mut h);
    assert!(h.state().save_error().is_some());
    assert!(h
        .query_by_label_contains("Your games could not be saved")
        .is_some());
    // Quitting asks rather than losing the game.
    apply(&mut h, pegsol_app::ShellCommand::Quit);
    assert!(h.query_by_label("Quit anyway").is_some());
    assert!(h.query_by_label("Save elsewhere…").is_some());
    click(&mut h, "Cancel");
    assert!(h.query_by_label("Quit anyway").is_none());
    assert_eq!(jumps(&h), 1, "the game is still there");
}

#[test]
fn the_timeline_offers_only_steps_there_are_and_coordinates_name_the_cells() {
    let mut h = board("english");
    for label in ["|< Start", "< Back", "Autoplay", "Forward >", "End >|"] {
        assert!(
            h.get_by_label(label).accesskit_node().is_disabled(),
            "{label} at jump 0 of 0"
        );
    }
    click(&mut h, "peg at d2");
    click(&mut h, "empty hole at d4");
    assert!(!h.get_by_label("< Back").accesskit_node().is_disabled());
    assert!(h.get_by_label("Forward >").accesskit_node().is_disabled());
    assert!(h.state().settings().coordinates, "on by default");
    click(&mut h, "View");
    click(&mut h, "Coordinates");
    assert!(!h.state().settings().coordinates);
}

#[test]
fn a_board_opened_from_the_command_line_is_edited_and_saved_in_place() {
    use pegsol_app::editor::EditorCommand;
    let dir = temp_dir("in-place");
    let path = dir.join("mine.ron");
    let layout = pegsol_layout::catalogue::find("english")
        .expect("english")
        .layout()
        .expect("layout");
    pegsol_app::editor::files::save_layout(&path, &layout).expect("written");
    let options = pegsol_app::Options {
        file: Some(path.clone()),
        ..Default::default()
    };
    let mut h = harness(PegsolApp::start(&options, None).expect("starts"));
    click(&mut h, "Editor");
    assert_eq!(h.state().editor().path(), Some(path.as_path()));
    apply(
        &mut h,
        pegsol_app::ShellCommand::Editor(EditorCommand::Paint(PaintCommand::SetName(
            "Mine".into(),
        ))),
    );
    press_with(&mut h, Modifiers::COMMAND, Key::S);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("Mine"), "{text}");
    assert!(!h.state().editor().is_dirty());
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("mine.ron"), "{notice}");
}

#[test]
fn an_editor_autosave_that_fails_is_shown() {
    use pegsol_app::editor::EditorCommand;
    let dir = temp_dir("autosave-fails");
    std::fs::write(dir.join("file"), "not a folder").expect("write");
    let mut h = board("english");
    h.state_mut()
        .editor_mut()
        .attach_autosave(dir.join("file").join("autosave.ron"));
    apply(
        &mut h,
        pegsol_app::ShellCommand::Editor(EditorCommand::Paint(PaintCommand::SetName(
            "Changed".into(),
        ))),
    );
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("could not be autosaved"), "{notice}");
    assert!(h.state().editor().is_dirty());
}

#[test]
fn the_built_in_dialogs_new_folder_asks_for_a_name_and_save_stays_save() {
    let dir = temp_dir("new-folder");
    let mut h = board("english");
    h.state_mut()
        .dialogs_mut()
        .use_builtin(Some(dir.to_path_buf()));
    press_with(&mut h, Modifiers::COMMAND, Key::S);
    click(&mut h, "New folder…");
    assert!(
        std::fs::read_dir(&dir)
            .expect("the folder")
            .next()
            .is_none(),
        "nothing is made before a name is given"
    );
    // The name field has the keyboard as soon as the prompt opens.
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Folder name:")
        .type_text("games");
    settle(&mut h);
    click(&mut h, "Create");
    assert!(dir.join("games").is_dir(), "the folder named");
    assert!(
        !dir.join("English.pegsol").exists(),
        "not the File field's name"
    );
    // Inside the new folder, Save still saves, with the file name as it was.
    click_dialog_save(&mut h);
    assert!(dir.join("games").join("English.pegsol").is_file());
}

/// Clicks the built-in file dialog's Save button (the last button of that name), then
/// settles.
fn click_dialog_save(h: &mut Harness<'_, PegsolApp>) {
    h.get_all_by_role_and_label(egui::accesskit::Role::Button, "Save")
        .last()
        .expect("the dialog's Save button")
        .click();
    settle(h);
}
