//! Plain-text boards, one character per cell.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_layout::import::parse_plain;

fuzz_target!(|text: &str| {
    match parse_plain(text, "fuzz") {
        Ok(layout) => {
            let _ = layout.validate();
        }
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e}"),
    }
});
