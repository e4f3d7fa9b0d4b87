//! The rules' cell and jump text (`x,y` and `x,y-x,y`, as in saved games and `--finish`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_rules::{Cell, Jump};

fuzz_target!(|text: &str| {
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
    }
    match text.parse::<Jump>() {
        Ok(jump) => assert_eq!(jump.to_string().parse::<Jump>(), Ok(jump)),
        Err(e) => assert!(text.trim().is_empty() || !e.to_string().starts_with("`` ")),
    }
});
