//! The assignment's layouts table (`layout N` lines and `|...|` rows).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_layout::import::parse_table;

fuzz_target!(|text: &str| {
    match parse_table(text, "fuzz") {
        Ok(layouts) => {
            for layout in &layouts {
                let _ = layout.validate();
            }
        }
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e}"),
    }
});
