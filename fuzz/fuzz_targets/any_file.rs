//! Any file a person could open: raw bytes through the text check, format detection and every
//! importer, then validation and the editor's board. Must never panic; every refusal must
//! name the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_layout::edit::Board;
use pegsol_layout::import::parse_any;
use pegsol_layout::load::decode;

fuzz_target!(|bytes: &[u8]| {
    let text = match decode(bytes, "fuzz") {
        Ok(text) => text,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            return;
        }
    };
    match parse_any(&text, "fuzz") {
        Ok(layouts) => {
            for layout in &layouts {
                let _ = layout.validate();
                let _ = Board::from_layout(layout);
            }
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz:"), "{e}"),
    }
});
