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
use crate::rules::cell_name;
use crate::rules::{Cell, Grid, Shape};
use crate::solver::services::advice::Advice;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use ratatui::Frame;

/// The characters the board is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// A peg.
    pub peg: char,
    /// An empty hole.
    pub hole: char,
    /// The peg picked up.
    pub selected: char,
    /// A hole the picked-up peg can jump into, or the hint's landing hole.
    pub target: char,
    /// The peg the hint jumps with.
    pub hint_from: char,
    /// The empty finish cell, when the goal names one.
    pub finish: char,
}

impl Glyphs {
    /// Unicode discs and dots.
    pub const UNICODE: Glyphs = Glyphs {
        peg: '●',
        hole: '·',
        selected: '◉',
        target: '○',
        hint_from: '◆',
        finish: '⊙',
    };
    /// Plain ASCII, for terminals without Unicode.
    pub const ASCII: Glyphs = Glyphs {
        peg: 'o',
        hole: '.',
        selected: '@',
        target: '*',
        hint_from: '#',
        finish: 'x',
    };
}

/// Lines around the board: title, blank, the caption under the board, status, message, two
/// lines of keys.
const FIXED_LINES: u16 = 7;
/// Columns for the row numbers left of the board.
const LABEL_COLUMNS: i32 = 3;

/// The board laid out on the character grid.
struct BoardPlan {
    /// Each cell with the column and row of its character, relative to the plan's corner.
    cells: Vec<(Cell, i32, i32)>,
    /// Row numbers: (row on the plan, text).
    row_labels: Vec<(i32, String)>,
    /// Column letters (square grids only): (column on the plan, letter).
    column_labels: Vec<(i32, char)>,
    width: i32,
    height: i32,
}

impl BoardPlan {
    /// Lays `shape` out with `(columns, rows)` between neighbouring cells.
    fn new(shape: &Shape, (dx, dy): (i32, i32)) -> BoardPlan {
        let grid = shape.grid();
        let at = |c: Cell| {
            let (x, y) = (i32::from(c.x), i32::from(c.y));
            match grid {
                Grid::Square => (x * dx, y * dy),
                // Row y shifted left by y/2 cells: the drawn lattice is equilateral.
                Grid::Triangular => (x * dx - y * dx / 2, y * dy),
            }
        };
        let spots: Vec<(Cell, i32, i32)> = shape
            .cells()
            .iter()
            .map(|c| {
                let (col, row) = at(c);
                (c, col, row)
            })
            .collect();
        let min_col = spots.iter().map(|s| s.1).min().unwrap_or(0);
        let max_col = spots.iter().map(|s| s.1).max().unwrap_or(0);
        let min_row = spots.iter().map(|s| s.2).min().unwrap_or(0);
        let max_row = spots.iter().map(|s| s.2).max().unwrap_or(0);
        let top = i32::from(grid == Grid::Square);
        // Row labels, then a bracket's column, then the cells.
        let left = LABEL_COLUMNS + 1;
        let cells: Vec<(Cell, i32, i32)> = spots
            .iter()
            .map(|&(c, col, row)| (c, col - min_col + left, row - min_row + top))
            .collect();
        let mut row_labels: Vec<(i32, String)> = cells
            .iter()
            .map(|&(c, _, row)| (row, format!("{:>2}", u32::from(c.y) + 1)))
            .collect();
        row_labels.dedup();
        let mut column_labels: Vec<(i32, char)> = if grid == Grid::Square {
            cells
                .iter()
                .map(|&(c, col, _)| (col, char::from(b'a' + c.x)))
                .collect()
        } else {
            Vec::new()
        };
        column_labels.sort_unstable();
        column_labels.dedup();
        BoardPlan {
            cells,
            row_labels,
            column_labels,
            width: left + (max_col - min_col) + 2,
            height: top + (max_row - min_row) + 1,
        }
    }

    /// The roomiest layout that fits in `width` x `height`, if any does.
    fn fitting(shape: &Shape, width: u16, height: u16) -> Option<BoardPlan> {
        [(4, 2), (2, 1)]
            .into_iter()
            .map(|spacing| BoardPlan::new(shape, spacing))
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
        let title = format!("Pegsol: {} | {}", self.puzzle.name, self.title);
        put(
            buf,
            area,
            0,
            0,
            &title,
            self.style(Style::new().bold(), None),
        );
        let board_lines = area.height.saturating_sub(FIXED_LINES);
        let Some(plan) = BoardPlan::fitting(self.puzzle.shape(), area.width, board_lines) else {
            let need = BoardPlan::new(self.puzzle.shape(), (2, 1));
            let text = format!(
                "The terminal is too small for this board. It is {}x{}; {} needs at least \
                 {}x{}. Make the window larger, or press q to quit.",
                area.width,
                area.height,
                self.puzzle.name,
                need.width,
                need.height + i32::from(FIXED_LINES)
            );
            let below_title = Rect {
                y: area.y + 1,
                height: area.height.saturating_sub(1),
                ..area
            };
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .render(below_title, buf);
            return;
        };
        let left = (i32::from(area.width) - plan.width).max(0) / 2;
        let top = 2;
        self.draw_board(buf, area, &plan, left, top);
        let caption = self.style(Style::new(), Some(Color::DarkGray));
        let under = (top + plan.height) as u16;
        put(
            buf,
            area,
            left as u16 + 1,
            under,
            &self.caption_text(),
            caption,
        );
        let below = under + 1;
        put(buf, area, 0, below, &self.status_text(), Style::new());
        let (message, style) = self.message_line();
        put(buf, area, 0, below + 1, &message, style);
        let keys = self.key_lines();
        for (i, line) in keys.iter().enumerate() {
            let dim = self.style(Style::new(), Some(Color::DarkGray));
            put(buf, area, 0, below + 2 + i as u16, line, dim);
        }
    }

    fn draw_board(&self, buf: &mut Buffer, area: Rect, plan: &BoardPlan, left: i32, top: i32) {
        let label = self.style(Style::new(), Some(Color::DarkGray));
        for (row, text) in &plan.row_labels {
            put(buf, area, left as u16, (top + row) as u16, text, label);
        }
        for &(col, letter) in &plan.column_labels {
            put(
                buf,
                area,
                (left + col) as u16,
                top as u16,
                &letter.to_string(),
                label,
            );
        }
        let position = self.record.position();
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
        let finish = match self.puzzle.goal {
            crate::rules::Goal::At(c) => Some(c),
            crate::rules::Goal::Anywhere => None,
        };
        for &(cell, col, row) in &plan.cells {
            let (x, y) = ((left + col) as u16, (top + row) as u16);
            let peg = position.pegs().contains(cell);
            let (glyph, colour) = if peg && self.selected == Some(cell) {
                (g.selected, Color::Magenta)
            } else if peg && hint.is_some_and(|j| j.from == cell) {
                (g.hint_from, Color::Cyan)
            } else if peg {
                (g.peg, Color::Yellow)
            } else if targets.contains(&cell) || hint.is_some_and(|j| j.to == cell) {
                (g.target, Color::Green)
            } else if finish == Some(cell) {
                (g.finish, Color::Blue)
            } else {
                (g.hole, Color::DarkGray)
            };
            let bold = if peg || colour == Color::Green {
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
                let bracket = self.style(Style::new().bold(), Some(Color::White));
                put(buf, area, x.saturating_sub(1), y, "[", bracket);
                put(buf, area, x + 1, y, "]", bracket);
            }
        }
    }

    /// The status line, as the window's: pegs left, jumps, the state of play, winnable, the
    /// goal.
    fn status_text(&self) -> String {
        let position = self.record.position();
        let mut parts = vec![
            format!("Pegs left: {}", position.peg_count()),
            format!(
                "Jumps: {}, moves: {}",
                self.record.index(),
                self.record.moves()
            ),
            self.end_state_text(),
        ];
        if !position.is_won(self.puzzle.goal) {
            // The advisor's word, and while it thinks the positions examined so far (what
            // the window's status line says too).
            let ascii = self.glyphs == Glyphs::ASCII;
            let advice = self.advice().unwrap_or(Advice::Checking);
            parts.push(match advice.detail(ascii) {
                Some(detail) if matches!(advice, Advice::Thinking { .. }) => {
                    format!("{detail}, x stops")
                }
                _ => advice.word(ascii).to_string(),
            });
        }
        parts.push(goal_text(self.puzzle.goal));
        parts.join(" | ")
    }

    /// The line under the board: the cursor's cell, and the timeline when there is something
    /// to replay.
    fn caption_text(&self) -> String {
        let mut text = format!("Cursor {}", cell_name(self.cursor));
        let total = self.record.jumps().len();
        if total > self.record.index() || self.is_playing() {
            text += &format!(
                "   Timeline {}/{}{}",
                self.record.index(),
                total,
                if self.is_playing() { " playing" } else { "" }
            );
        }
        text
    }

    /// The message line: the solve prompt, the search's progress, or the last message.
    fn message_line(&self) -> (String, Style) {
        let cells = self.puzzle.shape().cells().len();
        let strong = self.style(Style::new().bold(), Some(Color::Cyan));
        if let Some(plan) = self.prompt {
            let text = format!(
                "Solve from here: {}. Tab: engine, Left/Right: budget, Enter: start, Esc: close",
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
        (self.message.clone(), Style::new().bold())
    }

    /// The keys, in two lines that fit 80 columns.
    fn key_lines(&self) -> [String; 2] {
        let triangular = self.puzzle.shape().grid() == Grid::Triangular;
        [
            "Keys: arrows move/jump, Enter pick up, u undo, y redo, r restart, q quit".to_string(),
            format!(
                "h hint, s solve, ] [ step, p play, a ASCII{}",
                if triangular {
                    ", Shift+Up/Down: right diagonal"
                } else {
                    ""
                }
            ),
        ]
    }

    /// `style` with `colour` as its foreground, when colours are on.
    fn style(&self, style: Style, colour: Option<Color>) -> Style {
        match colour {
            Some(c) if self.colour => style.fg(c),
            _ => style,
        }
    }
}

/// Writes `text` at (`x`, `y`) inside `area`, cut at its right edge; nothing outside it.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    if x >= area.width || y >= area.height {
        return;
    }
    let width = usize::from(area.width - x);
    buf.set_stringn(area.x + x, area.y + y, text, width, style);
}

/// Whether the terminal's locale says it takes UTF-8 (the first of `LC_ALL`, `LC_CTYPE`,
/// `LANG` that is set decides, as in C programs); `env` looks a variable up.
pub fn locale_is_utf8(env: impl Fn(&str) -> Option<String>) -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|v| env(v).filter(|s| !s.is_empty()))
        .is_some_and(|s| {
            let s = s.to_ascii_lowercase();
            s.contains("utf-8") || s.contains("utf8")
        })
}

/// Whether to draw in colour: not when `NO_COLOR` is set (<https://no-color.org>) or the
/// terminal is `dumb`.
pub fn wants_colour(env: impl Fn(&str) -> Option<String>) -> bool {
    env("NO_COLOR").is_none_or(|v| v.is_empty()) && env("TERM").is_none_or(|t| t != "dumb")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;

    fn shape(key: &str) -> std::sync::Arc<Shape> {
        let puzzle = catalogue::find(key)
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .expect("catalogue board");
        puzzle.shape().clone()
    }

    #[test]
    fn the_triangle_is_laid_out_with_rows_shifted_half_a_cell() {
        let plan = BoardPlan::new(&shape("triangle"), (4, 2));
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
        assert!(plan.column_labels.is_empty());
    }

    #[test]
    fn a_smaller_layout_is_chosen_before_giving_up() {
        let english = shape("english");
        let roomy = BoardPlan::fitting(&english, 80, 40).expect("fits");
        assert_eq!((roomy.width, roomy.height), (4 + 24 + 2, 1 + 12 + 1));
        let compact = BoardPlan::fitting(&english, 80, 10).expect("fits compact");
        assert_eq!(compact.height, 1 + 6 + 1);
        assert!(BoardPlan::fitting(&english, 10, 10).is_none());
    }

    #[test]
    fn locale_and_colour_follow_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert!(locale_is_utf8(env(&[("LANG", "en_GB.UTF-8")])));
        assert!(!locale_is_utf8(env(&[
            ("LC_ALL", "C"),
            ("LANG", "en_GB.UTF-8")
        ])));
        assert!(!locale_is_utf8(env(&[])));
        assert!(wants_colour(env(&[("TERM", "xterm-256color")])));
        assert!(!wants_colour(env(&[("NO_COLOR", "1")])));
        assert!(!wants_colour(env(&[("TERM", "dumb")])));
    }
}
