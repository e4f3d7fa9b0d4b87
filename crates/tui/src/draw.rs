//! Drawing the terminal game: the title line, the board, the status line, the message line
//! and the keys.
//!
//! Owns where each cell goes on the character grid (square boards one cell every 4 columns
//! and 2 rows, or 2 and 1 when the terminal is small; triangular boards with each row shifted
//! half a cell, so the triangle looks equilateral), the characters and colours of pegs,
//! holes and markers, and the "terminal too small" screen. Every marker differs in its
//! character as well as its colour, and the cursor is a pair of brackets, so the board reads
//! on a terminal without colour.

use super::game::{goal_text, TuiGame};
pub use super::look::{background_is_light, locale_is_utf8, wants_colour, Colours, Glyphs};
use super::wrap::{wrap, wrap_parts};
use pegsol_layout::text::{shown_message, shown_name};
use pegsol_rules::{Cell, CellNames, Grid, Shape};
use pegsol_solver::services::advice::Advice;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use ratatui::Frame;

/// Columns for the row numbers left of the board.
const LABEL_COLUMNS: i32 = 3;

/// The board laid out on the character grid.
struct BoardPlan {
    /// Each cell with the column and row of its character, relative to the plan's corner.
    cells: Vec<(Cell, i32, i32)>,
    /// Row numbers: (row on the plan, text).
    row_labels: Vec<(i32, String)>,
    /// Column letters: (column on the plan, text), on [`BoardPlan::label_row`].
    column_labels: Vec<(i32, String)>,
    /// The row of the column letters: above the board on the square grid; on the triangle,
    /// below it, where each column (running down and to the left) would go on.
    label_row: i32,
    width: i32,
    height: i32,
}

impl BoardPlan {
    /// Lays `shape` out with `(columns, rows)` between neighbouring cells, its rows and
    /// columns labelled as `names` names cells.
    fn new(shape: &Shape, (dx, dy): (i32, i32), names: CellNames) -> BoardPlan {
        let grid = shape.grid();
        let at = |x: i32, y: i32| match grid {
            Grid::Square => (x * dx, y * dy),
            // Row y shifted left by y/2 cells: the drawn lattice is equilateral.
            Grid::Triangular => (x * dx - y * dx / 2, y * dy),
        };
        let spots: Vec<(Cell, i32, i32)> = shape
            .cells()
            .iter()
            .map(|c| {
                let (col, row) = at(i32::from(c.x), i32::from(c.y));
                (c, col, row)
            })
            .collect();
        let square = grid == Grid::Square;
        let max_y = shape
            .cells()
            .iter()
            .map(|c| i32::from(c.y))
            .max()
            .unwrap_or(0);
        // The square grid's letters sit above their column; the triangle's where its column
        // would continue under the bottom row, which on a board wider at the top than at
        // the bottom (the hexagon) is left of every cell: the plan starts at the leftmost of
        // either, so no letter is cut off.
        let letter_at = |x: u8| {
            if square {
                at(i32::from(x), 0).0
            } else {
                at(i32::from(x), max_y + 1).0
            }
        };
        let min_col = spots
            .iter()
            .map(|s| s.1)
            .chain(shape.cells().iter().map(|c| letter_at(c.x)))
            .min()
            .unwrap_or(0);
        let max_col = spots.iter().map(|s| s.1).max().unwrap_or(0);
        let min_row = spots.iter().map(|s| s.2).min().unwrap_or(0);
        let max_row = spots.iter().map(|s| s.2).max().unwrap_or(0);
        let top = i32::from(square);
        // Row labels, then a bracket's column, then the cells.
        let left = LABEL_COLUMNS + 1;
        let cells: Vec<(Cell, i32, i32)> = spots
            .iter()
            .map(|&(c, col, row)| (c, col - min_col + left, row - min_row + top))
            .collect();
        let label = |n: u8| match names {
            CellNames::Board => None,
            CellNames::Xy => Some(n.to_string()),
        };
        let mut row_labels: Vec<(i32, String)> = cells
            .iter()
            .map(|&(c, _, row)| {
                let text = label(c.y).unwrap_or_else(|| (u32::from(c.y) + 1).to_string());
                (row, format!("{text:>2}"))
            })
            .collect();
        row_labels.dedup();
        let bottom = top + (max_row - min_row) + 1;
        let mut column_labels: Vec<(i32, String)> = shape
            .cells()
            .iter()
            .map(|c| {
                let text = label(c.x).unwrap_or_else(|| char::from(b'a' + c.x).to_string());
                (letter_at(c.x) - min_col + left, text)
            })
            .collect();
        column_labels.sort_unstable();
        column_labels.dedup();
        let label_cols = column_labels.iter().map(|(col, t)| col + t.len() as i32);
        let widest = label_cols
            .max()
            .unwrap_or(0)
            .max(left + (max_col - min_col) + 2);
        BoardPlan {
            cells,
            row_labels,
            column_labels,
            label_row: if square { 0 } else { bottom },
            width: widest,
            height: bottom + i32::from(!square),
        }
    }

    /// The roomiest layout that fits in `width` x `height`, if any does.
    fn fitting(shape: &Shape, width: u16, height: u16, names: CellNames) -> Option<BoardPlan> {
        [(4, 2), (2, 1)]
            .into_iter()
            .map(|spacing| BoardPlan::new(shape, spacing, names))
            .find(|p| p.width <= i32::from(width) && p.height <= i32::from(height))
    }
}

impl TuiGame {
    /// Draws the whole screen into `frame`.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        self.draw_into(area, frame.buffer_mut());
    }

    fn draw_into(&self, area: Rect, buf: &mut Buffer) {
        let width = usize::from(area.width);
        // Every text is wrapped at word boundaries to the width, never cut: the board gets
        // the rows that are left (roomy, or compact when that is what fits).
        let title = wrap(
            &format!(
                "Pegsol: {} | {}",
                shown_name(&self.game().puzzle.name),
                self.title
            ),
            width,
        );
        let caption = wrap(&self.caption_text(), width);
        let status = wrap_parts(&self.status_parts(), " | ", width);
        let (message, message_style) = self.message_line();
        let message = wrap(&message, width);
        let keys = wrap_parts(&self.key_parts(), ", ", width);
        let text_lines =
            title.len() + 1 + caption.len() + status.len() + message.len() + keys.len();
        let board_lines = usize::from(area.height).saturating_sub(text_lines);
        let bold = self.style(Style::new().bold(), None);
        let mut y = 0;
        for line in &title {
            put(buf, area, 0, y, line, bold);
            y += 1;
        }
        let shape = self.game().puzzle.shape();
        let rows = u16::try_from(board_lines).unwrap_or(0);
        let fits = BoardPlan::fitting(shape, area.width, rows, self.names);
        let Some(plan) = fits else {
            self.board_shown.set(false);
            let need = BoardPlan::new(shape, (2, 1), self.names);
            // Narrower than this, the texts around the board take more rows than they save.
            let need_width = need.width.max(MIN_TEXT_WIDTH);
            let smallest_text = text_lines_at(self, need_width);
            let text = format!(
                "The terminal is too small for this board. It is {}x{}; {} needs at least \
                 {}x{}. Make the window larger, or press q to quit.",
                area.width,
                area.height,
                shown_name(&self.game().puzzle.name),
                need_width,
                need.height + smallest_text
            );
            let below_title = Rect {
                y: area.y + y,
                height: area.height.saturating_sub(y),
                ..area
            };
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .render(below_title, buf);
            return;
        };
        self.board_shown.set(true);
        let left = (i32::from(area.width) - plan.width).max(0) / 2;
        let top = i32::from(y) + 1;
        self.draw_board(buf, area, &plan, left, top);
        let dim = self.style(Style::new(), Some(self.colours.dim));
        let mut y = (top + plan.height) as u16;
        for line in &caption {
            put(buf, area, left as u16 + 1, y, line, dim);
            y += 1;
        }
        for line in &status {
            put(buf, area, 0, y, line, Style::new());
            y += 1;
        }
        for line in &message {
            put(buf, area, 0, y, line, message_style);
            y += 1;
        }
        for line in &keys {
            put(buf, area, 0, y, line, dim);
            y += 1;
        }
    }

    fn draw_board(&self, buf: &mut Buffer, area: Rect, plan: &BoardPlan, left: i32, top: i32) {
        let label = self.style(Style::new(), Some(self.colours.dim));
        for (row, text) in &plan.row_labels {
            put(buf, area, left as u16, (top + row) as u16, text, label);
        }
        for (col, text) in &plan.column_labels {
            let y = (top + plan.label_row) as u16;
            put(buf, area, (left + col) as u16, y, text, label);
        }
        let position = self.game().record.position();
        let g = self.glyphs;
        let targets: Vec<Cell> = self
            .selected
            .map(|from| {
                position
                    .legal_jumps_from(from)
                    .iter()
                    .map(|j| j.to)
                    .collect()
            })
            .unwrap_or_default();
        let hint = self.hint();
        let finish = match self.game().puzzle.goal {
            pegsol_rules::Goal::At(c) => Some(c),
            pegsol_rules::Goal::Anywhere => None,
        };
        let c = self.colours;
        for &(cell, col, row) in &plan.cells {
            let (x, y) = ((left + col) as u16, (top + row) as u16);
            let peg = position.pegs().contains(cell);
            let (glyph, colour) = if peg && self.selected == Some(cell) {
                (g.selected, c.selected)
            } else if peg && hint.is_some_and(|j| j.from == cell) {
                (g.hint_from, c.hint)
            } else if peg {
                (g.peg, c.peg)
            } else if targets.contains(&cell) || hint.is_some_and(|j| j.to == cell) {
                (g.target, c.target)
            } else if finish == Some(cell) {
                (g.finish, c.finish)
            } else {
                (g.hole, c.dim)
            };
            let bold = if peg || colour == c.target {
                Style::new().bold()
            } else {
                Style::new()
            };
            put(
                buf,
                area,
                x,
                y,
                &glyph.to_string(),
                self.style(bold, Some(colour)),
            );
            if cell == self.cursor {
                // The terminal's own text colour: it reads on any background.
                let bracket = self.style(Style::new().bold(), Some(Color::Reset));
                put(buf, area, x.saturating_sub(1), y, "[", bracket);
                put(buf, area, x + 1, y, "]", bracket);
            }
        }
    }

    /// The status line's parts, as the window's: pegs left, jumps, the state of play,
    /// winnable, the goal.
    fn status_parts(&self) -> Vec<String> {
        let position = self.game().record.position();
        let mut parts = vec![
            format!("Pegs left: {}", position.peg_count()),
            format!(
                "Jumps: {}, moves: {}",
                self.game().record.index(),
                self.game().record.moves()
            ),
            self.end_state_text(),
        ];
        if !position.is_won(self.game().puzzle.goal) {
            // The advisor's word, and while it thinks the positions examined so far (what
            // the window's status line says too).
            let ascii = self.glyphs == Glyphs::ASCII;
            let advice = self.advice().unwrap_or(Advice::Checking);
            parts.push(match advice.detail(ascii) {
                Some(detail) if matches!(advice, Advice::Thinking { .. }) => {
                    format!("{detail}, c stops")
                }
                _ => advice.word(ascii).to_string(),
            });
        }
        parts.push(goal_text(self.game().puzzle.goal, self.names));
        parts
    }

    /// The line under the board: the cursor's cell, and the timeline when there is something
    /// to replay.
    fn caption_text(&self) -> String {
        let mut text = format!("Cursor {}", self.names.cell(self.cursor));
        let total = self.game().record.jumps().len();
        if total > self.game().record.index() || self.is_playing() {
            text += &format!(
                "   Timeline {}/{}{}",
                self.game().record.index(),
                total,
                if self.is_playing() { " playing" } else { "" }
            );
        }
        text
    }

    /// The message line: the solve prompt, the search's progress, or the last message.
    fn message_line(&self) -> (String, Style) {
        let cells = self.game().puzzle.shape().cells().len();
        let strong = self.style(Style::new().bold(), Some(self.colours.strong));
        if let Some(line) = self.file_prompt_line() {
            return (line, strong);
        }
        if let Some(plan) = self.prompt {
            // No-break spaces hold each key to what it does when the line wraps.
            let text = format!(
                "Solve from here: {}. Tab:\u{a0}engine, Left/Right:\u{a0}budget, \
                 Enter:\u{a0}start, Esc:\u{a0}close",
                plan.describe(cells)
            );
            return (text, strong);
        }
        if let Some(solving) = &self.solving {
            let text = format!(
                "Solving ({}): {}. c cancels",
                solving.plan.describe(cells),
                solving.progress()
            );
            return (text, strong);
        }
        (
            shown_message(&self.message).into_owned(),
            Style::new().bold(),
        )
    }

    /// The keys, as parts a line may break between.
    fn key_parts(&self) -> Vec<String> {
        let triangular = self.game().puzzle.shape().grid() == Grid::Triangular;
        // Every key in a word or two (the help screen, `?`, says more).
        let mut parts: Vec<String> = [
            "Keys: arrows move/jump",
            "Enter pick up",
            "Esc put down",
            "u/y undo/redo",
            "r restart",
            "q quit",
            "h hint",
            "e effort",
            "c cancel",
            "s solve",
            "] [ Home End step",
            "p play",
            "w save",
            "o open",
            "g other game",
            "x x,y",
            "? help",
            "a ASCII",
        ]
        .map(String::from)
        .into();
        if triangular {
            parts.push("Shift+Up/Down: the other diagonal".into());
        }
        parts
    }

    /// `style` with `colour` as its foreground, when colours are on.
    fn style(&self, style: Style, colour: Option<Color>) -> Style {
        match colour {
            Some(c) if self.colour => style.fg(c),
            _ => style,
        }
    }
}

/// The narrowest terminal the "too small" message asks for: the texts round the board wrap
/// to a sensible number of lines there.
const MIN_TEXT_WIDTH: i32 = 40;

/// How many lines of text the screen needs around a board `width` columns wide (the title,
/// the blank line, the caption, the status, the message and the keys, each wrapped).
fn text_lines_at(game: &TuiGame, width: i32) -> i32 {
    let width = usize::try_from(width).unwrap_or(usize::MAX);
    let title = wrap(
        &format!(
            "Pegsol: {} | {}",
            shown_name(&game.game().puzzle.name),
            game.title
        ),
        width,
    );
    let lines = title.len()
        + 1
        + wrap(&game.caption_text(), width).len()
        + wrap_parts(&game.status_parts(), " | ", width).len()
        + wrap(&game.message_line().0, width).len()
        + wrap_parts(&game.key_parts(), ", ", width).len();
    i32::try_from(lines).unwrap_or(i32::MAX)
}

/// Writes `text` at (`x`, `y`) inside `area`, cut at its right edge; nothing outside it.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    if x >= area.width || y >= area.height {
        return;
    }
    let width = usize::from(area.width - x);
    buf.set_stringn(area.x + x, area.y + y, text, width, style);
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_layout::catalogue;

    fn shape(key: &str) -> std::sync::Arc<Shape> {
        let puzzle = catalogue::find(key)
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .expect("catalogue board");
        puzzle.shape().clone()
    }

    #[test]
    fn the_triangle_is_laid_out_with_rows_shifted_half_a_cell() {
        let plan = BoardPlan::new(&shape("triangle"), (4, 2), CellNames::Board);
        let at = |x, y| {
            plan.cells
                .iter()
                .find(|c| c.0 == Cell { x, y })
                .map(|c| (c.1, c.2))
                .expect("cell")
        };
        // The apex sits midway above the two cells of the second row.
        let (apex, (l, _), (r, _)) = (at(0, 0), at(0, 1), at(1, 1));
        assert_eq!(apex.0 * 2, l + r);
        assert_eq!(at(0, 1).1 - apex.1, 2);
        // Its column letters sit under the bottom row, where each column (drawn running down
        // and to the left) would go on: half a cell left of the bottom row's cell of it.
        assert_eq!(plan.label_row, plan.height - 1);
        let (bottom_a, _) = at(0, 4);
        assert_eq!(plan.column_labels[0], (bottom_a - 2, "a".to_string()));
        assert_eq!(plan.column_labels.len(), 5);
    }

    #[test]
    fn every_column_letter_is_inside_the_plan_on_every_catalogue_board() {
        for entry in catalogue::ENTRIES {
            let Some(puzzle) = entry.layout().ok().and_then(|l| l.validate().ok()) else {
                continue;
            };
            for spacing in [(4, 2), (2, 1)] {
                let plan = BoardPlan::new(puzzle.shape(), spacing, CellNames::Board);
                let columns: std::collections::BTreeSet<u8> =
                    puzzle.shape().cells().iter().map(|c| c.x).collect();
                assert_eq!(plan.column_labels.len(), columns.len(), "{}", entry.key);
                for (col, text) in &plan.column_labels {
                    assert!(
                        *col >= 0 && col + text.len() as i32 <= plan.width,
                        "{} {spacing:?}: {text} at {col} of {}",
                        entry.key,
                        plan.width
                    );
                }
            }
        }
    }

    #[test]
    fn a_smaller_layout_is_chosen_before_giving_up() {
        let english = shape("english");
        let roomy = BoardPlan::fitting(&english, 80, 40, CellNames::Board).expect("fits");
        assert_eq!((roomy.width, roomy.height), (4 + 24 + 2, 1 + 12 + 1));
        let xy = BoardPlan::fitting(&english, 80, 40, CellNames::Xy).expect("fits");
        assert_eq!(xy.column_labels[0].1, "0");
        assert_eq!(xy.row_labels[0].1, " 0");
        let compact = BoardPlan::fitting(&english, 80, 10, CellNames::Board).expect("fits compact");
        assert_eq!(compact.height, 1 + 6 + 1);
        assert!(BoardPlan::fitting(&english, 10, 10, CellNames::Board).is_none());
    }
}
