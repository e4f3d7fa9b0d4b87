//! The built-in catalogue: every `layouts/*.ron` file, embedded in the binary at build time.
//!
//! Levels 0-8 are the assignment's table with its 9x9 coordinates; the rest are the classic
//! boards with their usual starts.

use super::format::from_ron;
use super::Layout;

/// One embedded board: its key (the file stem, e.g. `english`, `level-5`) and RON text.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The file stem, which is also what the command line accepts.
    pub key: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! catalogue {
    ($($key:literal),* $(,)?) => {
        /// Every embedded board, in display order.
        pub const ENTRIES: &[Entry] = &[
            $(Entry { key: $key, text: include_str!(concat!("../../../layouts/", $key, ".ron")) },)*
        ];
    };
}

catalogue!(
    "level-0",
    "level-1",
    "level-2",
    "level-3",
    "level-4",
    "level-5",
    "level-6",
    "level-7",
    "level-8",
    "english",
    "french",
    "wiegleb",
    "asymmetric",
    "diamond",
    "triangle",
    "triangle-21",
    "triangle-28",
    "hexagon",
    "square-6",
    "cross-5x7",
    "cross-5x9",
    "cross-7x9",
);

impl Entry {
    /// The parsed layout. The catalogue's tests parse every entry, so this only fails if a
    /// file was broken after the tests ran.
    pub fn layout(&self) -> Result<Layout, super::FileError> {
        from_ron(self.text, &format!("layouts/{}.ron", self.key))
    }
}

/// Finds a board by key (`english`), by level number (`5` for `level-5`) or by its name
/// (`Level 5`, `English`), ignoring case.
pub fn find(name: &str) -> Option<&'static Entry> {
    let wanted = name.trim().to_ascii_lowercase();
    let as_level = wanted.parse::<u32>().ok().map(|n| format!("level-{n}"));
    ENTRIES.iter().find(|e| {
        e.key == wanted
            || as_level.as_deref() == Some(e.key)
            || e.layout()
                .is_ok_and(|l| l.name.to_ascii_lowercase() == wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layouts_file_is_embedded() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../layouts");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                name.strip_suffix(".ron").map(str::to_string)
            })
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = ENTRIES.iter().map(|e| e.key.to_string()).collect();
        embedded.sort();
        assert_eq!(on_disk, embedded);
    }

    #[test]
    fn every_entry_parses_validates_and_round_trips() {
        for e in ENTRIES {
            let layout = e.layout().unwrap_or_else(|err| panic!("{err}"));
            assert!(
                !layout.description.is_empty(),
                "{} has no description",
                e.key
            );
            layout
                .validate()
                .unwrap_or_else(|p| panic!("{}: {p:?}", e.key));
            let again = from_ron(&super::super::format::to_ron(&layout).unwrap(), e.key).unwrap();
            assert_eq!(again, layout, "{} does not round-trip", e.key);
        }
    }

    #[test]
    fn find_takes_numbers_keys_and_names() {
        assert_eq!(find("5").map(|e| e.key), Some("level-5"));
        assert_eq!(find("English").map(|e| e.key), Some("english"));
        assert_eq!(find("level 8").map(|e| e.key), Some("level-8"));
        assert!(find("nonsense").is_none());
    }
}
