//! Fuzzing every parser of boards and games as part of the tests: the layout RON reader, the
//! saved-game reader, the layouts table, the C header, plain-text boards, Pegs game IDs, the
//! format detector, raw bytes, the cell and jump text of the rules (`--finish` too), and
//! budgets and the sweep's lists (`--budget`, `--budgets`, `--algorithms`, `--layouts`).
//!
//! Each property mutates valid inputs (the catalogue in every format, saved games played on
//! it) or generates hostile ones, and asserts that nothing panics and that every refusal names
//! the input and where: `input:line:column` for text that is not a board, the row and its
//! place in the file for a board that cannot be played, the jump's number or the field for a
//! saved game that does not replay. About 16,000 cases in all; longer runs: `fuzz/README.md`.

use pegsol_layout::catalogue::ENTRIES;
use pegsol_layout::edit::Board;
use pegsol_layout::format::from_ron;
use pegsol_layout::import::{
    detect, parse_any, parse_c_header, parse_plain, parse_table, parse_tatham, Format,
};
use pegsol_layout::load::{decode, place_in_ron, place_in_rows};

use pegsol_layout::{FileError, Layout, LayoutProblem, PlacedProblem};
use pegsol_record::{Record, RestoreError, SavedGame};
use pegsol_rules::{Cell, Jump};
use proptest::prelude::*;

const INPUT: &str = "fuzz.txt";

/// Characters that matter to some parser, plus ones that must never reach a terminal raw.
const ALPHABET: &[char] = &[
    'o', '.', ' ', 'x', 'X', 'P', 'H', 'O', '|', '#', '"', '\\', '(', ')', '[', ']', '{', '}', ':',
    ',', '-', '/', '*', 'r', '0', '1', '9', '\n', '\r', '\t', '\0', '\u{1b}', '\u{7}', '\u{feff}',
    'é', '💥',
];

fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(ALPHABET),
        1 => any::<char>(),
    ]
}

fn hostile_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(any_char(), 0..max).prop_map(|v| v.into_iter().collect())
}

/// One edit of a text: at a position (taken modulo its length in characters), delete some
/// characters, insert a hostile snippet, replace one character, duplicate a slice, or cut
/// the text there.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
    Duplicate(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), hostile_text(12)).prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), any_char()).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<usize>(), 1..40usize).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let len = chars.len().max(1);
        match e {
            Edit::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(chars.len());
                if at < end {
                    chars.drain(at..end);
                }
            }
            Edit::Insert(at, s) => {
                let at = at % (chars.len() + 1);
                chars.splice(at..at, s.chars());
            }
            Edit::Replace(at, c) => {
                if !chars.is_empty() {
                    chars[at % len] = *c;
                }
            }
            Edit::Duplicate(at, n) => {
                let at = at % len;
                let end = (at + n).min(chars.len());
                let slice: Vec<char> = chars.get(at..end).unwrap_or(&[]).to_vec();
                chars.splice(at..at, slice);
            }
            Edit::Truncate(at) => chars.truncate(at % (chars.len() + 1)),
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec(edit(), 1..6)
}

fn layouts() -> Vec<Layout> {
    ENTRIES.iter().map(|e| e.layout().unwrap()).collect()
}

/// A layout as a plain-text board: one character per cell.
fn plain(layout: &Layout) -> String {
    let mut out = format!("# {}\n", layout.name);
    for row in &layout.rows {
        out.extend(row.chars().step_by(2));
        out.push('\n');
    }
    out
}

/// A layout as a Pegs game ID.
fn tatham(layout: &Layout) -> String {
    let (w, h) = layout.frame();
    let mut id = format!("{w}x{h}:");
    for y in 0..usize::from(h) {
        let row: Vec<char> = layout.rows[y].chars().collect();
        for x in 0..usize::from(w) {
            id.push(match row.get(2 * x) {
                Some('o') => 'P',
                Some('.') => 'H',
                _ => 'O',
            });
        }
    }
    id
}

fn table(layouts: &[Layout]) -> String {
    let mut out = String::from("# layouts\n");
    for (n, l) in layouts.iter().enumerate() {
        out.push_str(&format!("layout {n}\n"));
        for row in &l.rows {
            out.push_str(&format!("|{row}|\n"));
        }
    }
    out
}

fn c_header(layouts: &[Layout]) -> String {
    let mut out = String::from("/* layouts */\nchar configuration[9][9][18] = {\n");
    for l in layouts {
        let rows: Vec<String> = l.rows.iter().map(|r| format!("\"{r}\"")).collect();
        out.push_str(&format!("  {{ {} }}, // {}\n", rows.join(", "), l.name));
    }
    out.push_str("};\n");
    out
}

/// A saved game on `layout` with up to `jumps` jumps played, the last `undone` taken back.
fn saved_game(layout: &Layout, jumps: usize, undone: usize) -> String {
    let puzzle = layout.validate().unwrap();
    let mut record = Record::new(puzzle.start.clone());
    for _ in 0..jumps {
        let Some(&jump) = record.position().legal_jumps().first() else {
            break;
        };
        record.play(jump).unwrap();
    }
    for _ in 0..undone {
        record.undo();
    }
    record.to_saved(&puzzle).to_ron().unwrap()
}

/// A refusal of text that is not a board names the input, a line and a column inside (or
/// just past) the text, and shows no raw control character.
fn check_file_error(e: &FileError, input: &str, text: &str) {
    assert_eq!(e.input, input);
    assert!(e.line >= 1 && e.column >= 1, "{e}");
    assert!(
        e.line <= text.split('\n').count() + 1,
        "line {} past the end of a {}-line text: {e}",
        e.line,
        text.lines().count()
    );
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("{input}:{}:{}: ", e.line, e.column)),
        "{shown}"
    );
    assert_no_raw_controls(&shown);
}

fn assert_no_raw_controls(shown: &str) {
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "raw control character in {shown:?}"
    );
}

type Placer = fn(&str, &str, Vec<LayoutProblem>) -> Vec<PlacedProblem>;

/// A board read from `text` that cannot be played: every problem about a row's character is
/// placed in the text (by `place`: RON, or a layouts table), on that very character (or the
/// backslash of its escape).
fn check_board_problems(layout: &Layout, text: &str, input: &str, place: Placer) {
    let Err(problems) = layout.validate() else {
        return;
    };
    // Bounded whatever the input: rows and characters past the 11x11 box are summed up.
    assert!(problems.len() <= 11 * 23 + 8, "{} problems", problems.len());
    let placed = place(input, text, problems);
    for p in &placed {
        let shown = p.to_string();
        assert_no_raw_controls(&shown);
        let (LayoutProblem::UnknownCharacter { ch, .. }
        | LayoutProblem::MisplacedCharacter { ch, .. }) = p.problem
        else {
            continue;
        };
        let (name, line, column) = p
            .place
            .clone()
            .unwrap_or_else(|| panic!("not placed: {shown}\n{text}"));
        assert_eq!(name, input);
        let at: String = text
            .split('\n')
            .nth(line - 1)
            .and_then(|l| l.chars().nth(column - 1))
            .into_iter()
            .collect();
        // A line feed inside a string literal is the end of its line.
        let expected = if ch == '\n' {
            String::new()
        } else {
            ch.to_string()
        };
        assert!(
            at == expected || at == "\\",
            "{shown}: the text has {at:?} there"
        );
    }
    let _ = Board::from_layout(layout);
}

fn check_any(text: &str) {
    match parse_any(text, INPUT) {
        Ok(layouts) => {
            for l in &layouts {
                let _ = l.validate();
                let _ = Board::from_layout(l);
            }
        }
        Err(e) => check_file_error(&e, INPUT, text.strip_prefix('\u{feff}').unwrap_or(text)),
    }
}

fn check_saved_game(text: &str) {
    match SavedGame::read(text, "game.ron") {
        Ok((_, record)) => assert!(record.index() <= record.jumps().len()),
        Err(RestoreError::Syntax(e)) => check_file_error(
            &e,
            "game.ron",
            text.strip_prefix('\u{feff}').unwrap_or(text),
        ),
        Err(e @ RestoreError::Layout(_)) => {
            let saved = SavedGame::from_ron(text, "game.ron").unwrap();
            check_board_problems(
                &saved.layout,
                text.strip_prefix('\u{feff}').unwrap_or(text),
                "game.ron",
                place_in_ron,
            );
            assert_no_raw_controls(&e.to_string());
        }
        Err(e) => {
            let shown = e.to_string();
            assert_no_raw_controls(&shown);
            // The field at fault: a numbered jump, or `current`.
            assert!(
                shown.starts_with("jump ") || shown.starts_with("`current: "),
                "{shown}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_layout_ron_never_panics_and_refusals_say_where(
        entry in 0..ENTRIES.len(), edits in edits()
    ) {
        let text = mutate(ENTRIES[entry].text, &edits);
        match from_ron(&text, INPUT) {
            Ok(layout) => check_board_problems(&layout, &text, INPUT, place_in_ron),
            Err(e) => check_file_error(&e, INPUT, &text),
        }
        check_any(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_saved_games_never_panic_and_refusals_say_where(
        entry in 0..ENTRIES.len(), jumps in 0..6usize, undone in 0..3usize, edits in edits()
    ) {
        let layout = ENTRIES[entry].layout().unwrap();
        let text = mutate(&saved_game(&layout, jumps, undone), &edits);
        check_saved_game(&text);
    }

    #[test]
    fn hostile_text_in_any_format_never_panics(text in hostile_text(200)) {
        check_any(&text);
        check_saved_game(&text);
        check_any(&format!("Layout(name: \"h\", rows: [\"{text}\"])"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_layouts_tables_never_panic(edits in edits()) {
        let text = mutate(&table(&layouts()[..9]), &edits);
        match parse_table(&text, INPUT) {
            Ok(boards) if !boards.is_empty() && detect(&text) == Format::Table => {
                check_board_problems(&boards[0], &text, INPUT, place_in_rows);
            }
            Ok(_) => {}
            Err(e) => check_file_error(&e, INPUT, &text),
        }
        check_any(&text);
    }

    #[test]
    fn mutated_c_headers_never_panic(edits in edits()) {
        let text = mutate(&c_header(&layouts()[..9]), &edits);
        if let Err(e) = parse_c_header(&text, INPUT) {
            check_file_error(&e, INPUT, &text);
        }
        check_any(&text);
    }

    #[test]
    fn mutated_plain_text_boards_never_panic(entry in 0..ENTRIES.len(), edits in edits()) {
        let text = mutate(&plain(&ENTRIES[entry].layout().unwrap()), &edits);
        if let Err(e) = parse_plain(&text, INPUT) {
            check_file_error(&e, INPUT, &text);
        }
        check_any(&text);
    }

    #[test]
    fn mutated_and_huge_pegs_game_ids_never_panic_or_allocate(
        entry in 0..ENTRIES.len(),
        edits in edits(),
        w in "[0-9]{1,25}",
        h in "[0-9]{1,25}",
        kind in "[a-z]{0,6}",
        letters in "[PHOx]{0,130}",
    ) {
        let text = mutate(&tatham(&ENTRIES[entry].layout().unwrap()), &edits);
        for id in [text, format!("{w}x{h}{kind}:{letters}")] {
            match parse_tatham(&id, INPUT) {
                Ok(layout) => {
                    let (fw, fh) = layout.frame();
                    prop_assert!(fw <= 11 && fh <= 11);
                }
                Err(e) => check_file_error(&e, INPUT, &id),
            }
            check_any(&id);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_are_refused_at_their_first_bad_byte(
        entry in 0..ENTRIES.len(),
        bytes in proptest::collection::vec(any::<u8>(), 0..64),
        at in any::<usize>(),
    ) {
        let mut file = ENTRIES[entry].text.as_bytes().to_vec();
        let at = at % (file.len() + 1);
        file.splice(at..at, bytes);
        match decode(&file, INPUT) {
            Ok(text) => check_any(&text),
            Err(e) => {
                prop_assert!(e.line >= 1 && e.column >= 1);
                prop_assert!(e.to_string().starts_with("fuzz.txt:"));
            }
        }
    }

    #[test]
    fn cell_and_jump_text_is_refused_naming_the_text(
        text in prop_oneof![hostile_text(16), "-?[0-9]{1,3},-?[0-9]{1,3}-{1,2}-?[0-9]{1,3},-?[0-9]{1,3}"]
    ) {
        if let Err(e) = text.parse::<Cell>() {
            prop_assert!(e.to_string().starts_with('`'));
        }
        if let Err(e) = text.parse::<Jump>() {
            let shown = e.to_string();
            // The bad part is quoted, and never as an empty text.
            prop_assert!(shown.starts_with('`'), "{}", shown);
            // (A text that itself starts with a backquote shows as "`` ..." and is not empty.)
            let quoted_backquote = text.trim_start().starts_with('`');
            prop_assert!(
                text.trim().is_empty() || quoted_backquote || !shown.starts_with("`` "),
                "{}",
                shown
            );
        }
    }
}

/// A number written with commas between every three digits, as people write it.
fn with_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    /// Budgets (`--budget`, `N AI BUDGET`, the sweep's `--budgets`): any text is read or
    /// refused naming itself; commas are read only between thousands.
    #[test]
    fn budget_text_is_read_or_refused_naming_the_text(
        text in prop_oneof![
            hostile_text(24),
            "-?[0-9,._]{0,14}[kKmMgGbB]?",
        ],
        n in any::<u64>(),
        cut in 1usize..4,
    ) {
        use pegsol_solver::Budget;
        if let Err(e) = text.parse::<Budget>() {
            let shown = e.to_string();
            prop_assert!(shown.starts_with(&format!("`{text}`")), "{}", shown);
        }
        // Grouped by thousands: read back exactly.
        prop_assert_eq!(with_thousands(n).parse::<Budget>(), Ok(Budget(n)));
        // A comma moved off a thousands boundary: refused, not read as another number.
        let digits = n.to_string();
        if digits.len() > cut && (digits.len() - cut) % 3 != 0 {
            let misplaced = format!("{},{}", &digits[..digits.len() - cut], &digits[digits.len() - cut..]);
            prop_assert!(misplaced.parse::<Budget>().is_err(), "{}", misplaced);
        }
        // The sweep's lists never panic either.
        let _ = pegsol_experiment::parse_budgets(&text);
        let _ = pegsol_experiment::parse_algorithms(&text);
        let _ = pegsol_experiment::parse_layouts(&text);
    }
}
