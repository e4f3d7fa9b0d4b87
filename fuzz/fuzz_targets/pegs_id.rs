//! Simon Tatham's Pegs game IDs, sizes included: a huge `WxH` must be refused before
//! anything is allocated.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_layout::import::parse_tatham;

fuzz_target!(|text: &str| {
    match parse_tatham(text, "fuzz") {
        Ok(layout) => {
            let _ = layout.validate();
        }
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e}"),
    }
});
