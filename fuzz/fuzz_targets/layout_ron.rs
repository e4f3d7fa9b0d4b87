//! The RON layout reader, and placing a read board's problems back in the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_layout::format::from_ron;
use pegsol_layout::load::place_in_ron;

fuzz_target!(|text: &str| {
    match from_ron(text, "fuzz.ron") {
        Ok(layout) => {
            if let Err(problems) = layout.validate() {
                for placed in place_in_ron("fuzz.ron", text, problems) {
                    let _ = placed.to_string();
                }
            }
        }
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "{e}"),
    }
});
