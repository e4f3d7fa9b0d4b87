//! Guards what the compiler cannot: the crates' manifests (each layer names only the crates
//! below it; only the window names the GUI toolkit, only the terminal game the terminal
//! toolkit), the size of every source file, and, inside each crate, that no files import each
//! other in a circle and that the window's views never import its shell.
//!
//! A wrong-way `use` is a compile error since the layers became crates: a crate cannot name a
//! crate its `Cargo.toml` does not list.

#[path = "architecture_imports.rs"]
mod imports;

use imports::Graph;
use std::path::{Path, PathBuf};

/// The layers, lowest first: each crate may depend only on crates before it. The cluster
/// (the level engine on many machines) sits beside the solver: it names the solver and what
/// is below it, and nothing but the program names it.
const LAYERS: &[&str] = &[
    "rules",
    "layout",
    "solver",
    "cluster",
    "record",
    "experiment",
    "tui",
    "app",
];

/// The repository's top folder (this package's).
fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source files of one crate's `src/`, as (path under `src/`, text).
fn crate_sources(src: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// Every crate's sources: the layers' (`crates/<layer>/src`) and the program's (`src`), keyed
/// by the crate's name (`"pegsol"` for the program).
fn sources_by_crate() -> Vec<(String, Vec<(String, String)>)> {
    let mut all: Vec<(String, Vec<(String, String)>)> = LAYERS
        .iter()
        .map(|layer| {
            let src = repository().join("crates").join(layer).join("src");
            (format!("pegsol-{layer}"), crate_sources(&src))
        })
        .collect();
    all.push((
        "pegsol".to_string(),
        crate_sources(&repository().join("src")),
    ));
    all
}

/// The dependency names of a manifest's `[dependencies]` table (not dev- or build-).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['.', '=', ' ']).next().unwrap_or("");
            names.push(name.to_string());
        }
    }
    names
}

/// What a layer's manifest may not name: the layers above it, and the toolkits of the front
/// ends it is not.
fn forbidden_for(layer: &str) -> Vec<String> {
    let at = LAYERS.iter().position(|l| *l == layer).expect("a layer");
    let mut forbidden: Vec<String> = LAYERS[at..].iter().map(|l| format!("pegsol-{l}")).collect();
    if layer != "app" {
        forbidden
            .extend(["eframe", "egui", "rfd", "egui_file", "egui_plot", "winit"].map(String::from));
    }
    if layer != "tui" {
        forbidden.extend(["ratatui", "crossterm"].map(String::from));
    }
    if layer != "cluster" {
        forbidden.push("timely".to_string());
        // Only the program runs the many-machine count.
        forbidden.push("pegsol-cluster".to_string());
    }
    // The window and the terminal game never name each other.
    if layer == "app" {
        forbidden.push("pegsol-tui".to_string());
    }
    forbidden
}

#[test]
fn each_crate_names_only_the_crates_below_it() {
    let mut offenders = Vec::new();
    for layer in LAYERS {
        let manifest = repository().join("crates").join(layer).join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        let forbidden = forbidden_for(layer);
        for name in dependencies(&text) {
            if forbidden.contains(&name) {
                offenders.push(format!("{}: {name}", manifest.display()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "wrong-way dependencies:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_guard_reads_the_manifests_and_forbids_something() {
    // A guard that reads nothing or forbids nothing passes everything.
    let solver = std::fs::read_to_string(repository().join("crates/solver/Cargo.toml")).unwrap();
    let names = dependencies(&solver);
    assert!(names.contains(&"pegsol-rules".to_string()), "{names:?}");
    assert!(
        !names.iter().any(|n| n == "proptest"),
        "dev-dependencies are not read"
    );
    assert!(forbidden_for("rules").contains(&"pegsol-layout".to_string()));
    assert!(forbidden_for("solver").contains(&"pegsol-record".to_string()));
    assert!(forbidden_for("solver").contains(&"egui".to_string()));
    assert!(forbidden_for("record").contains(&"ratatui".to_string()));
    assert!(forbidden_for("app").contains(&"pegsol-tui".to_string()));
    assert!(!forbidden_for("app").contains(&"egui".to_string()));
    assert!(!forbidden_for("tui").contains(&"ratatui".to_string()));
    let planted = "[dependencies]\npegsol-rules.workspace = true\neframe = \"1\"\n[dev-dependencies]\nx = 1\n";
    assert_eq!(dependencies(planted), ["pegsol-rules", "eframe"]);
}

#[test]
fn every_crate_is_a_layer_the_guard_knows_and_the_test_kit_ships_in_none() {
    // A crate added beside the layers would escape the manifest check; the tests' own kit
    // must never become a dependency of what ships.
    let mut folders: Vec<String> = std::fs::read_dir(repository().join("crates"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut known: Vec<String> = LAYERS.iter().map(|l| l.to_string()).collect();
    known.push("testkit".to_string());
    known.sort();
    assert_eq!(folders, known);
    let mut manifests: Vec<PathBuf> = LAYERS
        .iter()
        .map(|l| repository().join("crates").join(l).join("Cargo.toml"))
        .collect();
    manifests.push(repository().join("Cargo.toml"));
    for manifest in manifests {
        let text = std::fs::read_to_string(&manifest).unwrap();
        assert!(
            !dependencies(&text).iter().any(|d| d == "pegsol-testkit"),
            "{} ships the test kit",
            manifest.display()
        );
    }
}

#[test]
fn the_guard_sees_the_source_tree() {
    // A guard that reads nothing passes everything: make sure it reads the real crates.
    let all = sources_by_crate();
    for (name, files) in &all {
        assert!(
            files.iter().any(|(f, _)| f == "lib.rs"),
            "{name}: no lib.rs among {} files",
            files.len()
        );
    }
    assert_eq!(all.len(), LAYERS.len() + 1);
}

#[test]
fn no_source_file_is_over_600_lines() {
    // A file past this has more than one idea in it: split it at the seam.
    const MOST: usize = 600;
    let mut long = Vec::new();
    for (name, files) in sources_by_crate() {
        for (file, text) in files {
            let n = text.lines().count();
            if n > MOST {
                long.push(format!("{name}: {file}: {n} lines"));
            }
        }
    }
    assert!(long.is_empty(), "over {MOST} lines:\n{}", long.join("\n"));
}

/// The folder a file sits in (`play` for `play/board.rs` and `play/mod.rs`).
fn folder_of(file: &str) -> &str {
    file.rsplit_once('/').map_or("", |(folder, _)| folder)
}

/// The sources of one crate by its name.
fn sources_of(name: &str) -> Vec<(String, String)> {
    sources_by_crate()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, files)| files)
        .unwrap_or_default()
}

#[test]
fn no_import_circle_between_files() {
    // Files that import each other in a loop cannot be understood, tested or moved one at a
    // time; a circle means a type lives on the wrong side of a seam.
    let mut shown = Vec::new();
    for (name, files) in sources_by_crate() {
        let graph = Graph::read(&files);
        for circle in graph.circles() {
            shown.push(format!("{name}: {}", graph.describe(&circle)));
        }
    }
    assert!(shown.is_empty(), "import circles:\n{}", shown.join("\n"));
}

#[test]
fn no_view_imports_the_shell() {
    // Views return shell commands (command.rs); the shell applies them. A view that
    // imports the shell ties the two into one.
    const VIEWS: &[&str] = &[
        "play/",
        "editor/",
        "search/",
        "boards/",
        "experiments/",
        "random/",
    ];
    const SHELL: &[&str] = &["shell/", "start/", "lib.rs"];
    let graph = Graph::read(&sources_of("pegsol-app"));
    assert!(graph.edges.len() > 50, "the window's files are read");
    let mut offenders = Vec::new();
    for (file, targets) in &graph.edges {
        if !VIEWS.iter().any(|v| file.starts_with(v)) {
            continue;
        }
        for target in targets {
            if SHELL.iter().any(|s| target.starts_with(s)) {
                offenders.push(format!("{file} imports {target}"));
            }
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn the_import_reader_follows_uses_reexports_and_finds_a_planted_circle() {
    // A reader that misses imports passes everything: check it on a small crate of its own.
    let crate_files = |extra: &str| {
        vec![
            ("lib.rs".to_string(), "pub mod a;\npub mod b;\n".to_string()),
            (
                "a/mod.rs".to_string(),
                "mod leaf;\npub use leaf::Thing;\nuse crate::b::{self, Other as O};\n".to_string(),
            ),
            (
                "a/leaf.rs".to_string(),
                format!("pub struct Thing;\n{extra}"),
            ),
            (
                "b.rs".to_string(),
                "use crate::a::Thing;\npub struct Other;\n".to_string(),
            ),
        ]
    };
    let graph = Graph::read(&crate_files(""));
    // `crate::a::Thing` is handed on by a/mod.rs: the tie is to the file that defines it.
    assert!(
        graph.edges["b.rs"].contains("a/leaf.rs"),
        "{:?}",
        graph.edges
    );
    assert!(!graph.edges["b.rs"].contains("a/mod.rs"));
    assert!(graph.edges["a/mod.rs"].contains("b.rs"));
    // A child naming its parent's items is inside it, not tied to it.
    let child = Graph::read(&crate_files("fn f() -> super::Thing { todo!() }\n"));
    assert!(!child.edges["a/leaf.rs"].contains("a/mod.rs"));
    assert!(graph.circles().is_empty());
    let planted = Graph::read(&crate_files(
        "fn f() -> crate::b::Other { crate::b::Other }\n",
    ));
    assert_eq!(
        planted.circles(),
        vec![vec!["a/leaf.rs".to_string(), "b.rs".to_string()]]
    );
    assert_eq!(folder_of("play/board.rs"), "play");
    // The same for a parent written as `a.rs` beside its folder `a/`.
    let beside = Graph::read(&[
        ("lib.rs".to_string(), "pub mod a;\n".to_string()),
        (
            "a.rs".to_string(),
            "mod leaf;\nuse leaf::Thing;\npub struct Other;\n".to_string(),
        ),
        (
            "a/leaf.rs".to_string(),
            "pub struct Thing;\nfn f() -> super::Other { super::Other }\n".to_string(),
        ),
    ]);
    assert!(beside.edges["a.rs"].contains("a/leaf.rs"));
    assert!(beside.circles().is_empty());
}
