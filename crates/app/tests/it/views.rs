//! Each view of the window on its own, without the shell: commands go in through the view's
//! `apply`, and what comes back is what the view asks the shell to do. No harness, no frame:
//! a bare `egui::Context` stands in for the window.

use eframe::egui;
use pegsol_app::editor::{EditFileCommand, PaintCommand, PromptCommand};
use pegsol_app::editor::{EditorCommand, EditorView};
use pegsol_app::experiments::{ExperimentsCommand, ExperimentsView};
use pegsol_app::play::command::SolveFrom;
use pegsol_app::play::{FileCommand, SolverCommand, TimelineCommand};
use pegsol_app::play::{PlayCommand, PlayView};
use pegsol_app::{Mode, ShellCommand};
use pegsol_layout::edit::{Board, Tool};
use pegsol_record::Game;
use pegsol_rules::{Cell, Grid, Jump};
use pegsol_solver::Engine;

fn c(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

/// The notices among what a view handed back.
fn told(out: &[ShellCommand]) -> Vec<&str> {
    out.iter()
        .filter_map(|c| match c {
            ShellCommand::Warn(text) => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_play_view_plays_refuses_and_undoes_on_its_own() {
    let ctx = egui::Context::default();
    let mut play = PlayView::new(Game::from_catalogue("english").expect("board"));
    let d2_d4 = Jump::between(c(3, 1), c(3, 3)).expect("a jump's shape");
    let out = play.apply(&ctx, PlayCommand::Play(d2_d4));
    assert_eq!(play.game().record.index(), 1);
    // The notice is cleared, and the shell told that the player jumped (for the statistics).
    assert!(matches!(
        out.as_slice(),
        [ShellCommand::ClearNotice, ShellCommand::PlayerJumped(_)]
    ));
    // The same jump again: d3 is empty now, and the view says so rather than playing.
    let out = play.apply(&ctx, PlayCommand::Play(d2_d4));
    assert_eq!(play.game().record.index(), 1);
    assert_eq!(told(&out).len(), 1, "{out:?}");
    play.apply(&ctx, PlayCommand::Undo);
    assert_eq!(play.game().record.index(), 0);
    let out = play.apply(&ctx, PlayCommand::Undo);
    assert_eq!(told(&out), ["Nothing to undo"]);
}

#[test]
fn the_play_view_owns_its_solver_form_and_refuses_a_bad_budget() {
    let ctx = egui::Context::default();
    let mut play = PlayView::new(Game::from_catalogue("5").expect("board"));
    play.apply(
        &ctx,
        PlayCommand::Solver(SolverCommand::SetEngine(Engine::Classic)),
    );
    play.apply(
        &ctx,
        PlayCommand::Solver(SolverCommand::SetBudgetText("lots".into())),
    );
    let out = play.apply(
        &ctx,
        PlayCommand::Solver(SolverCommand::SolveFrom(SolveFrom::Start)),
    );
    assert!(!play.solve_session().is_running());
    assert!(
        told(&out).iter().any(|t| t.starts_with("Budget:")),
        "{out:?}"
    );
    play.apply(
        &ctx,
        PlayCommand::Solver(SolverCommand::SetBudgetText("10k".into())),
    );
    let request = play
        .solver_panel()
        .request(SolveFrom::Start)
        .expect("valid");
    assert_eq!(
        (request.engine, request.budget),
        (Engine::Classic, Some(10_000))
    );
}

#[test]
fn the_editor_asks_before_replacing_unsaved_changes_and_hands_boards_to_the_shell() {
    let ctx = egui::Context::default();
    let mut editor = EditorView::new(Board::new(Grid::Square, 3, 1));
    editor.apply(
        &ctx,
        EditorCommand::Paint(PaintCommand::SetTool(Tool::Hole)),
    );
    editor.apply(&ctx, EditorCommand::Paint(PaintCommand::Begin(c(0, 0))));
    editor.apply(&ctx, EditorCommand::Paint(PaintCommand::End));
    assert!(editor.is_dirty());
    // Replacing the board waits on the prompt, and asks the shell to show the editor.
    let out = editor.apply(
        &ctx,
        EditorCommand::Files(EditFileCommand::FromCatalogue("english".into())),
    );
    assert!(matches!(
        out.as_slice(),
        [ShellCommand::SetMode(Mode::Editor)]
    ));
    assert!(matches!(
        editor.prompt(),
        Some(EditorCommand::Files(EditFileCommand::Load(..)))
    ));
    editor.apply(&ctx, EditorCommand::Prompts(PromptCommand::PromptDiscard));
    assert_eq!(editor.board().cells.len(), 33);
    assert!(!editor.is_dirty());
    // Playing it is the shell's business: the editor hands the game over.
    let out = editor.apply(&ctx, EditorCommand::Play);
    match out.as_slice() {
        [ShellCommand::PlayGame {
            game,
            solve: false,
            fresh: false,
        }] => {
            assert_eq!(game.puzzle.start.peg_count(), 32);
        }
        other => panic!("expected the game handed over, got {other:?}"),
    }
    // Closing is the shell's too, once nothing is unsaved.
    let out = editor.apply(&ctx, EditorCommand::Prompts(PromptCommand::CloseWindow));
    assert!(matches!(out.as_slice(), [ShellCommand::Quit]));
}

#[test]
fn the_experiments_window_checks_its_choices_before_running() {
    let ctx = egui::Context::default();
    let mut experiments = ExperimentsView::new();
    experiments.apply(&ctx, ExperimentsCommand::ChooseLevels(false));
    experiments.apply(&ctx, ExperimentsCommand::Run);
    assert!(!experiments.is_running());
    assert_eq!(experiments.status(), Some("Choose at least one board"));
    experiments.apply(&ctx, ExperimentsCommand::ChooseLevels(true));
    experiments.apply(&ctx, ExperimentsCommand::SetBudgets("10k, lots".into()));
    experiments.apply(&ctx, ExperimentsCommand::Run);
    assert!(!experiments.is_running());
    // The budget parser's own message, naming the text it could not read.
    let status = experiments.status().expect("a reason").to_string();
    assert!(status.contains("lots"), "{status}");
}

#[test]
fn a_failed_save_says_so_and_keeps_the_unsaved_mark() {
    let ctx = egui::Context::default();
    let mut editor = EditorView::new(Board::new(Grid::Square, 3, 1));
    editor.apply(
        &ctx,
        EditorCommand::Paint(PaintCommand::SetName("Unsaved".into())),
    );
    assert!(editor.is_dirty());
    let nowhere = std::env::temp_dir()
        .join(format!("pegsol-no-such-dir-{}", std::process::id()))
        .join("board.ron");
    let out = editor.apply(
        &ctx,
        EditorCommand::Files(EditFileCommand::SaveAs(nowhere.clone())),
    );
    assert!(
        told(&out).iter().any(|t| t.starts_with("Not saved")),
        "{out:?}"
    );
    assert!(editor.is_dirty(), "still marked unsaved");
    assert!(editor.error().is_some());
    assert_eq!(editor.path(), None);
    assert!(!nowhere.exists());
}

/// Plays the first legal jump `n` times.
fn play_first_jumps(play: &mut PlayView, ctx: &egui::Context, n: usize) {
    for _ in 0..n {
        let jump = play.game().record.position().legal_jumps()[0];
        play.apply(ctx, PlayCommand::Play(jump));
    }
}

#[test]
fn switching_boards_and_back_keeps_the_jumps_and_the_redo_tail() {
    let ctx = egui::Context::default();
    let mut play = PlayView::new(Game::from_catalogue("5").expect("board"));
    play_first_jumps(&mut play, &ctx, 5);
    play.apply(&ctx, PlayCommand::Undo);
    let before = play.game().record.jumps().to_vec();
    assert_eq!((play.game().record.index(), before.len()), (4, 5));
    play.apply(
        &ctx,
        PlayCommand::Files(FileCommand::OpenCatalogue("6".into())),
    );
    assert_eq!(play.game().puzzle.name, "Level 6");
    assert_eq!(play.game().record.index(), 0);
    play_first_jumps(&mut play, &ctx, 1);
    // Back to level 5 by any of its names: the game as it was left, redo tail and all.
    play.apply(
        &ctx,
        PlayCommand::Files(FileCommand::OpenCatalogue("level-5".into())),
    );
    assert_eq!(play.game().puzzle.name, "Level 5");
    assert_eq!(play.game().record.index(), 4);
    assert_eq!(play.game().record.jumps(), before);
    play.apply(&ctx, PlayCommand::Redo);
    assert_eq!(play.game().record.index(), 5);
    // Level 6 kept its jump too; opening the board in play again throws nothing away.
    play.apply(
        &ctx,
        PlayCommand::Files(FileCommand::OpenCatalogue("6".into())),
    );
    assert_eq!(play.game().record.index(), 1);
    play.apply(
        &ctx,
        PlayCommand::Files(FileCommand::OpenCatalogue("6".into())),
    );
    assert_eq!(play.game().record.index(), 1);
    // A new game is undoable, like a restart.
    play.apply(&ctx, PlayCommand::NewGame);
    assert_eq!(play.game().record.index(), 0);
    play.apply(&ctx, PlayCommand::Undo);
    assert_eq!(play.game().record.index(), 1);
}

#[test]
fn the_finish_centre_is_offered_only_where_the_board_has_one() {
    use pegsol_app::paint::geometry::centre_cell;
    let shape = |key: &str| {
        Game::from_catalogue(key)
            .expect("board")
            .puzzle
            .start
            .shape()
            .clone()
    };
    assert_eq!(centre_cell(&shape("english")), Some(c(3, 3)));
    assert_eq!(centre_cell(&shape("french")), Some(c(3, 3)));
    // The 15-hole triangle's middle lies between holes: no centre (not c3, a row's end).
    assert_eq!(centre_cell(&shape("triangle")), None);
}

#[test]
fn only_the_players_own_win_is_praised() {
    use pegsol_app::play::command::SolveRequest;
    let ctx = egui::Context::default();
    let mut play = PlayView::new(Game::from_catalogue("0").expect("board"));
    play.solve_blocking(SolveRequest {
        engine: Engine::Exact,
        budget: None,
        from: SolveFrom::Start,
    });
    play.apply(&ctx, PlayCommand::Solver(SolverCommand::LoadSolution));
    let total = play.game().record.jumps().len();
    play.apply(&ctx, PlayCommand::Timeline(TimelineCommand::Goto(total)));
    let game = play.game();
    assert!(game.record.position().is_won(game.puzzle.goal));
    assert!(!play.won_by_player(), "the solver's line replayed");
    // The same board won by hand is praised.
    let mut mine = PlayView::new(Game::from_catalogue("0").expect("board"));
    play_first_jumps(&mut mine, &ctx, 2);
    assert!(mine.won_by_player());
}

#[test]
fn file_choices_go_to_the_shell_as_requests() {
    let ctx = egui::Context::default();
    let mut play = PlayView::new(Game::from_catalogue("english").expect("board"));
    for command in [
        PlayCommand::Files(FileCommand::ChooseFileToSave),
        PlayCommand::Files(FileCommand::ChooseFileToOpen),
        PlayCommand::Solver(SolverCommand::ChooseStatsFile),
    ] {
        let out = play.apply(&ctx, command);
        assert!(
            matches!(out.as_slice(), [ShellCommand::ChooseFile(_)]),
            "{out:?}"
        );
    }
    // The request carries the command that uses the path.
    let out = play.apply(&ctx, PlayCommand::Files(FileCommand::ChooseFileToSave));
    let [ShellCommand::ChooseFile(request)] = out.as_slice() else {
        panic!("{out:?}")
    };
    let then = (request.then)(std::path::PathBuf::from("/x/game.pegsol"));
    assert!(matches!(
        then,
        ShellCommand::Play(PlayCommand::Files(FileCommand::SaveGame(_)))
    ));
}
