//! What Pegsol's tests share, in one place: every crate's unit tests and integration tests
//! take it as a dev-dependency (it depends on no Pegsol crate, so no crate is built twice).
//!
//! - [`scratch`]: a fresh folder per test, removed when the test passes.
//! - [`tools`]: whether a system tool a test needs is installed (a test may not pass by
//!   skipping where CI promised the tool).
//! - [`interrupt`]: Ctrl+C sent to a child process, and what it printed.
//! - [`alone`]: a test that changes what the whole process shares, run in a process of its
//!   own.
//! - [`data`]: where the repository's shared test data and layouts are.

pub mod alone;
pub mod interrupt;
pub mod scratch;
pub mod tools;

/// Paths into the repository's top-level `tests/` and `layouts/` folders, which every crate's
/// tests read (a crate's own `CARGO_MANIFEST_DIR` is its folder under `crates/`).
pub mod data {
    use std::path::PathBuf;

    /// The repository's top folder.
    pub fn repository() -> PathBuf {
        // This crate is `<repository>/crates/testkit`.
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .canonicalize()
            .unwrap_or_else(|e| panic!("the repository folder: {e}"))
    }

    /// `<repository>/tests/<rest>`: the shared test data (boards, games, positions).
    pub fn tests(rest: &str) -> PathBuf {
        repository().join("tests").join(rest)
    }

    /// `<repository>/layouts/<rest>`: the catalogue's layout files.
    pub fn layouts(rest: &str) -> PathBuf {
        repository().join("layouts").join(rest)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn the_shared_data_and_the_layouts_are_found_from_any_crate() {
            assert!(super::tests("data/seed-layouts.txt").is_file());
            assert!(super::layouts("english.ron").is_file());
            assert!(super::repository().join("Cargo.toml").is_file());
        }
    }
}
