//! The C `layouts.h` array of string literals.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_layout::import::parse_c_header;

fuzz_target!(|text: &str| {
    match parse_c_header(text, "fuzz") {
        Ok(layouts) => {
            for layout in &layouts {
                let _ = layout.validate();
            }
        }
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e}"),
    }
});
