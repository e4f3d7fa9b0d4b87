//! Importers reproduce the catalogue: the whole layouts table, and the C array it came from.

use pegsol_layout::catalogue;
use pegsol_layout::import::{detect, parse_any, parse_c_header, parse_table, Format};

const TABLE: &str = include_str!("../../../../tests/data/seed-layouts.txt");

fn catalogue_level(n: usize) -> pegsol_layout::Layout {
    catalogue::find(&n.to_string()).unwrap().layout().unwrap()
}

#[test]
fn importing_the_layouts_table_reproduces_levels_0_to_8() {
    assert_eq!(detect(TABLE), Format::Table);
    let imported = parse_table(TABLE, "seed-layouts.txt").unwrap();
    assert_eq!(imported.len(), 9);
    for (n, layout) in imported.iter().enumerate() {
        let ours = catalogue_level(n);
        assert_eq!(layout.rows, ours.rows, "level {n} rows");
        assert_eq!(
            layout.validate().unwrap().start,
            ours.validate().unwrap().start,
            "level {n}"
        );
    }
}

#[test]
fn importing_the_c_array_reproduces_levels_0_to_8() {
    // Rebuild layouts.h the way the assignment's base code writes it.
    let tables = parse_table(TABLE, "seed").unwrap();
    let mut c = String::from("// layouts.h\nchar configuration[9][9][18] = {\n");
    for t in &tables {
        c.push_str("  {\n");
        for row in &t.rows {
            c.push_str(&format!("    \"{row}\",\n"));
        }
        c.push_str("  },\n");
    }
    c.push_str("};\n");
    assert_eq!(detect(&c), Format::CHeader);
    let imported = parse_c_header(&c, "layouts.h").unwrap();
    assert_eq!(imported.len(), 9);
    for (n, layout) in imported.iter().enumerate() {
        assert_eq!(layout.rows, catalogue_level(n).rows, "level {n}");
    }
}

#[test]
fn tatham_english_cross_matches_the_catalogue_board() {
    let id = "7x7cross:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO";
    let imported = parse_any(id, "pasted").unwrap().remove(0);
    let english = catalogue::find("english").unwrap().layout().unwrap();
    assert_eq!(
        imported.validate().unwrap().start.pegs(),
        english.validate().unwrap().start.pegs()
    );
}

#[test]
fn plain_text_english_board_matches_the_catalogue_board() {
    let text = "# English board\n  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  ooo\n";
    let imported = parse_any(text, "english.txt").unwrap().remove(0);
    assert_eq!(imported.name, "English board");
    let english = catalogue::find("english").unwrap().layout().unwrap();
    assert_eq!(
        imported.validate().unwrap().start.pegs(),
        english.validate().unwrap().start.pegs()
    );
}
