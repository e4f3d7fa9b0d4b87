//! The saved-game reader: RON, then the board checked and every jump replayed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegsol_record::SavedGame;

fuzz_target!(|text: &str| {
    if let Ok((_, record)) = SavedGame::read(text, "fuzz.ron") {
        assert!(record.index() <= record.jumps().len());
    }
});
