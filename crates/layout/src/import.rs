//! Importers for the board formats people already have: the assignment's layouts table (as in
//! `seed-layouts.txt`, and the C `layouts.h` array itself), plain-text boards with one character
//! per cell (the CS106B marble files), and Simon Tatham's Pegs game IDs.
//!
//! Every importer produces [`Layout`]s and never validates: validation is the layout's job, so
//! an imported board with problems can still be opened in the editor and fixed.

use super::format::{from_ron, FileError};
use super::text::{strip_bom, Shown, MAX_FILE_BYTES};
use super::Layout;
use pegsol_rules::{Grid, MAX_SIDE};

/// The formats [`parse_any`] recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Pegsol's RON layout.
    Ron,
    /// The layouts table: `layout N` lines, each followed by `|...|` rows.
    Table,
    /// The C `layouts.h` array of string literals.
    CHeader,
    /// A Tatham Pegs game ID such as `7x7:PPHH...`.
    Tatham,
    /// One character per cell.
    PlainText,
}

/// Guesses the format of `text`.
pub fn detect(text: &str) -> Format {
    let meaningful: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect();
    let first = meaningful.first().copied().unwrap_or("");
    if first.starts_with("Layout(") || first.starts_with('(') || first.starts_with("#![enable") {
        Format::Ron
    } else if meaningful.iter().any(|l| is_table_header(l).is_some()) {
        Format::Table
    } else if text.contains('{') && text.contains('"') {
        Format::CHeader
    } else if meaningful.len() == 1 && tatham_header(first).is_some() {
        Format::Tatham
    } else {
        Format::PlainText
    }
}

/// Parses any recognised format into its layouts. `source` names the text in errors and gives
/// a name to boards that carry none. A leading byte-order mark is skipped; a text longer than
/// a board file may be ([`MAX_FILE_BYTES`], as for pasted text) is refused unread.
pub fn parse_any(text: &str, source: &str) -> Result<Vec<Layout>, FileError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(error(
            source,
            1,
            1,
            format!(
                "the text is {} bytes; a board is at most {MAX_FILE_BYTES}",
                text.len()
            ),
        ));
    }
    let text = strip_bom(text);
    match detect(text) {
        Format::Ron => from_ron(text, source).map(|l| vec![l]),
        Format::Table => parse_table(text, source),
        Format::CHeader => parse_c_header(text, source),
        Format::Tatham => parse_tatham(text.trim(), source).map(|l| vec![l]),
        Format::PlainText => parse_plain(text, source).map(|l| vec![l]),
    }
}

fn error(source: &str, line: usize, column: usize, message: impl Into<String>) -> FileError {
    FileError::new(source, line, column, message)
}

fn is_table_header(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("layout")?;
    let n = rest.trim();
    (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit())).then_some(n)
}

/// Where each row of a board starts in the text it was read from: the 1-based line and the
/// column of the row's first character, or `None` when the row is not copied from the text
/// character for character (a C string with an escape in it).
pub type RowStarts = Vec<Option<(usize, usize)>>;

/// Parses the layouts table: `#` comment lines, then for each board a `layout N` line followed
/// by its rows between `|` bars (the bars keep trailing spaces). Boards are named "Level N".
pub fn parse_table(text: &str, source: &str) -> Result<Vec<Layout>, FileError> {
    Ok(table_boards(text, source)?
        .into_iter()
        .map(|(l, _)| l)
        .collect())
}

/// The boards of a layouts table, each with where its rows start.
fn table_boards(text: &str, source: &str) -> Result<Vec<(Layout, RowStarts)>, FileError> {
    let mut layouts: Vec<(Layout, RowStarts)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(n) = is_table_header(trimmed) {
            layouts.push((Layout::from_rows(&format!("Level {n}"), &[]), Vec::new()));
            continue;
        }
        let Some((current, starts)) = layouts.last_mut() else {
            return Err(error(
                source,
                line_no,
                1,
                "expected a `layout N` line before the first row",
            ));
        };
        let start = line.find('|').ok_or_else(|| {
            error(
                source,
                line_no,
                1,
                "expected a row between `|` bars, such as `|o o . |`",
            )
        })?;
        let inner = &line[start + 1..];
        let end = inner.rfind('|').ok_or_else(|| {
            error(
                source,
                line_no,
                line.chars().count() + 1,
                "expected a closing `|` at the end of the row",
            )
        })?;
        current.rows.push(inner[..end].to_string());
        starts.push(Some((line_no, line[..start].chars().count() + 2)));
    }
    if layouts.is_empty() {
        return Err(error(source, 1, 1, "expected at least one `layout N` line"));
    }
    Ok(layouts)
}

/// Where the rows of the first board of `text` start (see [`RowStarts`]), for the formats
/// whose rows are the file's characters as written: the layouts table and the C header.
/// Empty for other formats, and for text that does not parse.
pub fn first_board_row_starts(text: &str) -> RowStarts {
    let boards = match detect(text) {
        Format::Table => table_boards(text, ""),
        Format::CHeader => c_header_boards(text, ""),
        _ => return Vec::new(),
    };
    boards
        .ok()
        .and_then(|b| b.into_iter().next())
        .map(|(_, starts)| starts)
        .unwrap_or_default()
}

/// Parses the C `layouts.h` array: every innermost `{ ... }` group of string literals is one
/// board, in order, named "Level 0", "Level 1", ...
pub fn parse_c_header(text: &str, source: &str) -> Result<Vec<Layout>, FileError> {
    Ok(c_header_boards(text, source)?
        .into_iter()
        .map(|(l, _)| l)
        .collect())
}

/// The boards of a C header, each with where its rows start.
fn c_header_boards(text: &str, source: &str) -> Result<Vec<(Layout, RowStarts)>, FileError> {
    let mut layouts = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut starts: RowStarts = Vec::new();
    let mut chars = text.chars().peekable();
    let (mut line, mut column) = (1usize, 0usize);
    let mut depth = 0usize;
    while let Some(c) = chars.next() {
        column += 1;
        match c {
            '\n' => {
                line += 1;
                column = 0;
            }
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        column = 0;
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                column += 1;
                let mut prev = ' ';
                for c in chars.by_ref() {
                    // Columns count inside the comment too, so what follows it on the same
                    // line is placed right.
                    column += 1;
                    if c == '\n' {
                        line += 1;
                        column = 0;
                    }
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
            }
            '{' => depth += 1,
            '}' => {
                if depth == 0 {
                    return Err(error(source, line, column, "unmatched `}`"));
                }
                depth -= 1;
                if !current.is_empty() {
                    let name = format!("Level {}", layouts.len());
                    let rows: Vec<&str> = current.iter().map(String::as_str).collect();
                    layouts.push((Layout::from_rows(&name, &rows), std::mem::take(&mut starts)));
                    current.clear();
                }
            }
            '"' => {
                let (start_line, start_col) = (line, column);
                let mut s = String::new();
                let mut escaped = false;
                loop {
                    match chars.next() {
                        None | Some('\n') => {
                            return Err(error(
                                source,
                                start_line,
                                start_col,
                                "string literal is not closed",
                            ))
                        }
                        Some('"') => break,
                        Some('\\') => {
                            escaped = true;
                            if let Some(e) = chars.next() {
                                s.push(e);
                            }
                        }
                        Some(c) => s.push(c),
                    }
                }
                column += s.chars().count() + 1;
                current.push(s);
                starts.push((!escaped).then_some((start_line, start_col + 1)));
            }
            _ => {}
        }
    }
    if layouts.is_empty() {
        return Err(error(
            source,
            1,
            1,
            "expected a C array of boards: `{ { \"row\", \"row\", ... }, ... }`",
        ));
    }
    Ok(layouts)
}

/// Characters of a plain-text board: pegs, holes, off-board.
fn plain_cell(c: char) -> Option<char> {
    match c {
        'o' | 'O' => Some('o'),
        '.' | '-' | '_' => Some('.'),
        ' ' | 'X' | 'x' | '#' => Some(' '),
        _ => None,
    }
}

/// Parses a plain-text board: one character per cell (`o`/`O` peg; `.`, `-`, `_` hole; space,
/// `X`, `#` off-board). A line starting with `#` that holds anything but board characters is a
/// comment (the first one names the board); blank lines around the board are dropped.
pub fn parse_plain(text: &str, source: &str) -> Result<Layout, FileError> {
    let mut name = None;
    let mut rows: Vec<(usize, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.starts_with('#') && line.chars().any(|c| plain_cell(c).is_none()) {
            if name.is_none() {
                let title = line.trim_start_matches('#').trim();
                if !title.is_empty() {
                    name = Some(title.to_string());
                }
            }
            continue;
        }
        rows.push((i + 1, line));
    }
    while rows.last().is_some_and(|(_, r)| r.trim().is_empty()) {
        rows.pop();
    }
    let first = rows.iter().position(|(_, r)| !r.trim().is_empty());
    let rows = &rows[first.unwrap_or(rows.len())..];
    if rows.is_empty() {
        return Err(error(source, 1, 1, "expected board rows, found none"));
    }
    let mut out = Vec::with_capacity(rows.len());
    for (line_no, row) in rows {
        let mut s = String::with_capacity(2 * row.len());
        for (col, c) in row.chars().enumerate() {
            let cell = plain_cell(c).ok_or_else(|| {
                error(
                    source,
                    *line_no,
                    col + 1,
                    format!(
                        "`{}` is not a board character (o peg, . hole, space or X off-board)",
                        Shown(c)
                    ),
                )
            })?;
            s.push(cell);
            s.push(' ');
        }
        out.push(s.trim_end().to_string());
    }
    let rows: Vec<&str> = out.iter().map(String::as_str).collect();
    Ok(Layout::from_rows(
        name.as_deref().unwrap_or_else(|| file_stem(source)),
        &rows,
    ))
}

fn file_stem(source: &str) -> &str {
    std::path::Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or(source)
}

/// The parts of a `WxH[type]:desc` game ID: the width and height as written (digits only,
/// not yet read as numbers, so no size is trusted before it is checked) and the description.
fn tatham_header(id: &str) -> Option<(&str, &str, &str)> {
    let (params, desc) = id.split_once(':')?;
    let (w, rest) = params.split_once('x')?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (h, kind) = rest.split_at(digits);
    if w.is_empty() || h.is_empty() || !w.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if !kind.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    Some((w, h, desc))
}

/// A Pegs width or height, checked against the board's limit before anything is allocated:
/// 1 to [`MAX_SIDE`].
fn tatham_side(digits: &str, what: &str, source: &str, column: usize) -> Result<usize, FileError> {
    let side = usize::from(MAX_SIDE);
    match digits.parse::<usize>() {
        Ok(n) if (1..=side).contains(&n) => Ok(n),
        _ => Err(error(
            source,
            1,
            column,
            format!(
                "a Pegs board's {what} is `{}`; it must be 1 to {side}",
                if digits.len() > 20 {
                    format!("{}...", &digits[..20])
                } else {
                    digits.to_string()
                }
            ),
        )),
    }
}

/// Parses a Simon Tatham Pegs game ID: `WxH:` (optionally `WxHtype:`, e.g. `7x7cross:`) then
/// `W*H` characters row by row, `P` peg, `H` hole, `O` obstacle (off-board). Width and height
/// are checked (1 to [`MAX_SIDE`]) before anything is allocated.
pub fn parse_tatham(id: &str, source: &str) -> Result<Layout, FileError> {
    let (w, h, desc) = tatham_header(id).ok_or_else(|| {
        error(
            source,
            1,
            1,
            "expected a Pegs game ID such as `7x7:PPHH...` or `7x7cross:...`",
        )
    })?;
    let w = tatham_side(w, "width", source, 1)?;
    let h = tatham_side(h, "height", source, id.find('x').map_or(1, |p| p + 2))?;
    let desc_col = id[..id.len() - desc.len()].chars().count() + 1;
    let letters = desc.chars().count();
    if letters != w * h {
        return Err(error(
            source,
            1,
            desc_col,
            format!(
                "a {w}x{h} game ID needs {} cell letters, found {letters}",
                w * h
            ),
        ));
    }
    let mut rows = vec![String::new(); h];
    for (i, c) in desc.chars().enumerate() {
        let cell = match c {
            'P' => 'o',
            'H' => '.',
            'O' => ' ',
            _ => {
                return Err(error(
                    source,
                    1,
                    desc_col + i,
                    format!(
                        "`{}` is not a Pegs cell letter (P peg, H hole, O obstacle)",
                        Shown(c)
                    ),
                ))
            }
        };
        let row = &mut rows[i / w];
        row.push(cell);
        row.push(' ');
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.trim_end().to_string()).collect();
    Ok(Layout {
        name: format!("Pegs {w}x{h}"),
        description: format!("Imported from the Pegs game ID {id}"),
        grid: Grid::Square,
        rows,
        finish: super::Finish::Anywhere,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_keeps_trailing_spaces_and_names_levels() {
        let text = "# comment\nlayout 0\n|o o . |\n|      |\nlayout 1\n|. o o|\n";
        let ls = parse_table(text, "t").unwrap();
        assert_eq!(ls.len(), 2);
        assert_eq!(ls[0].name, "Level 0");
        assert_eq!(ls[0].rows, vec!["o o . ", "      "]);
        assert_eq!(detect(text), Format::Table);
    }

    #[test]
    fn table_row_without_bars_reports_its_line() {
        let e = parse_table("layout 0\no o .\n", "t.txt").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn c_header_groups_strings_by_brace() {
        let text = r#"
            // The layouts
            char configuration[2][2][4] = {
              { "o . ", /* x */ "o o " },
              { ". o ", "    " },
            };"#;
        let ls = parse_c_header(text, "layouts.h").unwrap();
        assert_eq!(ls.len(), 2);
        assert_eq!(ls[1].rows, vec![". o ", "    "]);
        assert_eq!(detect(text), Format::CHeader);
    }

    #[test]
    fn plain_board_accepts_all_cell_spellings() {
        let text = "# Half done\n# by a teacher\nXXoOoXX\n__-.o  \n";
        let l = parse_plain(text, "half.txt").unwrap();
        assert_eq!(l.name, "Half done");
        assert_eq!(l.rows, vec!["    o o o", ". . . . o"]);
        assert_eq!(detect(text), Format::PlainText);
    }

    #[test]
    fn plain_board_hash_rows_are_board_not_comments() {
        let l = parse_plain("##o##\no.ooo\n", "b.txt").unwrap();
        assert_eq!(l.rows.len(), 2);
        assert_eq!(l.name, "b");
    }

    #[test]
    fn plain_board_rejects_unknown_character_with_position() {
        let e = parse_plain("ooo\no?o\n", "b.txt").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
    }

    #[test]
    fn tatham_id_with_type_parses() {
        let l = parse_tatham("3x2cross:OPHPPP", "id").unwrap();
        assert_eq!(l.rows, vec!["  o .", "o o o"]);
        assert_eq!(detect("3x2cross:OPHPPP"), Format::Tatham);
    }

    #[test]
    fn tatham_id_of_wrong_length_says_how_many_letters() {
        let e = parse_tatham("3x3:PPH", "id").unwrap_err();
        assert!(e.message.contains("needs 9"), "{e}");
        let e = parse_tatham("2x1:PZ", "id").unwrap_err();
        assert_eq!(e.column, 6);
    }

    #[test]
    fn huge_pegs_sizes_are_refused_before_anything_is_allocated() {
        // Each of these aborted or took gigabytes before the sizes were checked first.
        for id in [
            "0x99999999999999999:",
            "4294967296x4294967296:",
            "0x1000000000:",
            "0x100000000:",
            "12x1:PPPPPPPPPPPH",
            "99999999999999999999999x1:P",
        ] {
            assert_eq!(detect(id), Format::Tatham, "{id}");
            let e = parse_any(id, "id.txt").unwrap_err();
            assert!(e.message.contains("must be 1 to 11"), "{id}: {e}");
            assert!(e.to_string().starts_with("id.txt:1:"), "{e}");
        }
        let e = parse_tatham("3x0:", "id").unwrap_err();
        assert_eq!((e.column, e.message.contains("height")), (3, true), "{e}");
    }

    #[test]
    fn pasted_text_longer_than_a_board_file_is_refused_unread() {
        let text = "o".repeat(MAX_FILE_BYTES as usize + 1);
        let e = parse_any(&text, "<pasted>").unwrap_err();
        assert!(e.message.contains("at most"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_before_any_format_is_skipped() {
        let ls = parse_any("\u{feff}layout 0\r\n|o o . |\r\n", "t.txt").unwrap();
        assert_eq!(ls[0].rows, vec!["o o . "]);
        let l = parse_any("\u{feff}3x1:PPH", "id").unwrap().remove(0);
        assert_eq!(l.rows, vec!["o o ."]);
    }

    #[test]
    fn control_characters_from_a_file_are_escaped_in_messages() {
        let e = parse_plain("oo\u{1b}[2J\n", "b.txt")
            .unwrap_err()
            .to_string();
        assert!(!e.contains('\u{1b}'), "{e:?}");
        assert!(e.contains("\\u{1b}"), "{e}");
    }

    #[test]
    fn c_header_columns_count_block_comments() {
        let e = parse_c_header("{ /* ab */ \"o\n", "h").unwrap_err();
        assert_eq!((e.line, e.column), (1, 12), "{e}");
        let text = "{ { /* x */ \"o . \", \"o\\ o\" } }";
        let starts = first_board_row_starts(text);
        assert_eq!(starts, vec![Some((1, 14)), None]);
    }
}
