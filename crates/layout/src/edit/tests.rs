//! The editor model's tests: boards, painting, mirrors, undo and the live checks.

use super::*;
use crate::{catalogue, Layout, LayoutProblem};
use pegsol_rules::{CellSet, Grid};

fn c(x: u8, y: u8) -> Cell {
    Cell { x, y }
}

fn english() -> Board {
    let layout = catalogue::find("english").unwrap().layout().unwrap();
    Board::from_layout(&layout).unwrap()
}

#[test]
fn a_new_square_board_is_full_but_its_centre() {
    let b = Board::new(Grid::Square, 5, 5);
    assert_eq!(b.cells.len(), 25);
    assert_eq!(b.pegs.len(), 24);
    assert_eq!(b.kind(c(2, 2)), CellKind::Hole);
    assert!(b.facts().puzzle.is_some());
}

#[test]
fn a_new_triangular_board_is_a_triangle() {
    let b = Board::new(Grid::Triangular, 5, 5);
    assert_eq!(b.cells.len(), 15);
    assert_eq!(b.kind(c(0, 0)), CellKind::Hole);
    assert_eq!(b.facts().symmetries.len(), 6);
}

#[test]
fn layouts_round_trip_through_the_board() {
    for e in catalogue::ENTRIES {
        let layout = e.layout().unwrap();
        let board = Board::from_layout(&layout).unwrap();
        let again = Board::from_layout(&board.to_layout()).unwrap();
        assert_eq!(again, board, "{}", e.key);
        assert_eq!(
            board.to_layout().validate().unwrap().start,
            layout.validate().unwrap().start
        );
    }
}

#[test]
fn rows_a_board_cannot_hold_are_refused() {
    let bad = Layout::from_rows("x", &["o x ."]);
    assert!(matches!(
        Board::from_layout(&bad).unwrap_err()[..],
        [LayoutProblem::UnknownCharacter { .. }]
    ));
    let wide = Layout::from_rows("x", &["o o o o o o o o o o o o"]);
    assert!(Board::from_layout(&wide).is_err());
}

#[test]
fn painting_and_undo_redo() {
    let mut e = Editor::new(english());
    assert!(!e.is_dirty());
    e.click(Tool::Off, c(3, 0), Mirror::Off);
    assert_eq!(e.board().kind(c(3, 0)), CellKind::Off);
    assert!(e.is_dirty());
    assert!(e.undo());
    assert_eq!(e.board().kind(c(3, 0)), CellKind::Peg);
    assert!(!e.is_dirty());
    assert!(e.redo());
    assert_eq!(e.board().kind(c(3, 0)), CellKind::Off);
    assert!(!e.redo());
    e.mark_saved();
    assert!(!e.is_dirty());
}

#[test]
fn a_drag_is_one_undo_step() {
    let mut e = Editor::new(Board::new(Grid::Square, 5, 5));
    e.begin_stroke(Tool::Off, c(0, 0), Mirror::Off);
    e.stroke_to(c(1, 0));
    e.stroke_to(c(2, 0));
    e.end_stroke();
    assert_eq!(e.board().cells.len(), 22);
    assert!(e.undo());
    assert_eq!(e.board().cells.len(), 25);
    assert!(!e.can_undo());
}

#[test]
fn a_drag_starting_on_an_unchanged_cell_is_still_one_step() {
    let mut e = Editor::new(Board::new(Grid::Square, 5, 5));
    e.begin_stroke(Tool::Peg, c(0, 0), Mirror::Off); // already a peg
    e.stroke_to(c(2, 2)); // the vacancy
    e.stroke_to(c(3, 3));
    e.end_stroke();
    assert_eq!(e.board().pegs.len(), 25);
    assert!(e.undo());
    assert_eq!(e.board().pegs.len(), 24);
    assert!(!e.can_undo());
}

#[test]
fn toggle_flips_by_the_first_cell() {
    let mut e = Editor::new(Board::new(Grid::Square, 5, 5));
    e.begin_stroke(Tool::Toggle, c(0, 0), Mirror::Off);
    e.stroke_to(c(2, 2)); // a hole: the stroke paints holes
    e.end_stroke();
    assert_eq!(e.board().kind(c(0, 0)), CellKind::Hole);
    assert_eq!(e.board().kind(c(2, 2)), CellKind::Hole);
    e.click(Tool::Toggle, c(2, 2), Mirror::Off);
    assert_eq!(e.board().kind(c(2, 2)), CellKind::Peg);
}

#[test]
fn mirrors_on_the_square_grid() {
    let mut e = Editor::new(Board::new(Grid::Square, 7, 5));
    e.click(Tool::Off, c(0, 0), Mirror::Both);
    for cell in [c(0, 0), c(6, 0), c(0, 4), c(6, 4)] {
        assert_eq!(e.board().kind(cell), CellKind::Off, "{cell}");
    }
    e.click(Tool::Off, c(1, 1), Mirror::LeftRight);
    assert_eq!(e.board().kind(c(5, 1)), CellKind::Off);
    assert_eq!(e.board().kind(c(1, 3)), CellKind::Peg);
    e.click(Tool::Off, c(2, 0), Mirror::TopBottom);
    assert_eq!(e.board().kind(c(2, 4)), CellKind::Off);
}

#[test]
fn the_triangular_mirror_keeps_the_triangle() {
    let mut e = Editor::new(Board::new(Grid::Triangular, 5, 5));
    e.click(Tool::Off, c(0, 4), Mirror::LeftRight);
    assert_eq!(e.board().kind(c(4, 4)), CellKind::Off);
    assert_eq!(
        e.board().facts().symmetries.len(),
        2,
        "still mirror-symmetric"
    );
    // Top-bottom is not offered there, and falls back to left-right.
    assert_eq!(Mirror::available(Grid::Triangular).len(), 2);
}

#[test]
fn fill_clear_vacancy_and_finish() {
    let mut e = Editor::new(english());
    e.fill();
    assert_eq!(e.board().pegs.len(), 33);
    assert!(e
        .board()
        .facts()
        .checks
        .contains(&Check::Layout(LayoutProblem::NoEmptyHole)));
    e.set_vacancy(c(3, 3));
    assert_eq!(e.board().pegs.len(), 32);
    e.click(Tool::Finish, c(3, 3), Mirror::Off);
    assert_eq!(e.board().finish, Finish::Cell { x: 3, y: 3 });
    e.empty_holes();
    assert!(e
        .board()
        .facts()
        .checks
        .contains(&Check::Layout(LayoutProblem::NoPeg)));
    e.clear();
    assert!(e
        .board()
        .facts()
        .checks
        .contains(&Check::Layout(LayoutProblem::NoCells)));
    assert_eq!(e.board().cells.len(), 0);
    // Each was one step: undo all the way back.
    for _ in 0..5 {
        assert!(e.undo());
    }
    assert_eq!(e.board(), &english());
}

#[test]
fn the_class_checks_and_first_jump() {
    // The French board from its centre: no one-peg finish anywhere.
    let french = catalogue::find("french").unwrap().layout().unwrap();
    let mut b = Board::from_layout(&french).unwrap();
    b.pegs = b.cells - CellSet::single(c(3, 3));
    assert!(b.facts().checks.contains(&Check::NoOnePegFinish));
    // The English board from the centre, finishing off the classic cells.
    let mut b = english();
    b.finish = Finish::Cell { x: 3, y: 2 };
    assert!(b
        .facts()
        .checks
        .contains(&Check::FinishRuledOut { x: 3, y: 2 }));
    // Two pegs apart with holes round them: no first jump.
    let l = Layout::from_rows("x", &["o . o . ."]);
    let b = Board::from_layout(&l).unwrap();
    assert!(b.facts().checks.contains(&Check::NoFirstJump));
}

#[test]
fn typing_is_one_undo_step_and_resize_drops_cells() {
    let mut e = Editor::new(english());
    e.set_name("E");
    e.set_name("En");
    e.set_name("Eng");
    assert_eq!(e.board().name, "Eng");
    e.undo();
    assert_eq!(e.board().name, "English");
    e.resize(6, 6);
    e.resize(5, 5);
    assert_eq!((e.board().width, e.board().height), (5, 5));
    assert!(e.board().cells.iter().all(|c| c.x < 5 && c.y < 5));
    assert_eq!(e.board().facts().symmetry_group, "D1: one mirror");
    e.undo();
    assert_eq!(e.board(), &english(), "dragging the size is one step");
}

#[test]
fn group_names() {
    assert!(english().facts().symmetry_group.starts_with("D4"));
}
