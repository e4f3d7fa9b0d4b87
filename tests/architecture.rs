//! Guards the architecture: only the app may touch the GUI toolkit, only the terminal game the
//! terminal toolkit, and dependencies point one way (rules <- layout, solver, record <-
//! experiment <- cli, app, tui), with the front ends never naming each other (the command line
//! may start the terminal game; neither the window nor the terminal game names the command
//! line).

#[path = "architecture/imports.rs"]
mod imports;

use imports::Graph;
use std::path::{Path, PathBuf};

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

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// Code lines, with `//` comments removed, so a doc comment may name egui.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .filter(|l| !l.trim().is_empty())
}

#[test]
fn only_the_app_and_main_use_egui_or_eframe() {
    let mut offenders = Vec::new();
    for (file, text) in sources() {
        if file.starts_with("app/") || file == "main.rs" {
            continue;
        }
        for line in code_lines(&text) {
            if ["egui", "eframe", "rfd::"].iter().any(|w| line.contains(w)) {
                offenders.push(format!("{file}: {}", line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "GUI code outside src/app:\n{}",
        offenders.join("\n")
    );
}

/// What each layer may not name, by the folder its files sit in (the rest, `lib.rs` and
/// `main.rs`, may name anything).
fn forbidden_for(file: &str) -> &'static [&'static str] {
    const RULES: &[&str] = &[
        "crate::layout",
        "crate::solver",
        "crate::record",
        "crate::experiment",
        "crate::cli",
        "crate::app",
        "crate::tui",
    ];
    const MIDDLE: &[&str] = &[
        "crate::experiment",
        "crate::cli",
        "crate::app",
        "crate::tui",
    ];
    const EXPERIMENT: &[&str] = &["crate::cli", "crate::app", "crate::tui"];
    const CLI: &[&str] = &["crate::app"];
    const APP: &[&str] = &["crate::cli", "crate::tui"];
    const TUI: &[&str] = &["crate::app", "crate::cli"];
    let layer = file.split('/').next().unwrap_or("");
    match layer {
        "rules" => RULES,
        "layout" | "solver" | "record" => MIDDLE,
        "experiment" => EXPERIMENT,
        "cli" => CLI,
        "app" => APP,
        "tui" => TUI,
        _ => &[],
    }
}

#[test]
fn dependencies_point_one_way() {
    let mut offenders = Vec::new();
    for (file, text) in sources() {
        let forbidden = forbidden_for(&file);
        // Test modules may use anything: they sit at the end of a file, after `#[cfg(test)]`.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for line in code_lines(code) {
            if let Some(f) = forbidden.iter().find(|f| line.contains(*f)) {
                offenders.push(format!("{file} names {f}: {}", line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn the_guard_knows_every_layer() {
    // A guard that forbids nothing passes everything: each layer has its rule, and the
    // front ends are kept apart.
    assert!(forbidden_for("rules/mod.rs").contains(&"crate::experiment"));
    assert!(forbidden_for("solver/engines/exact/mod.rs").contains(&"crate::experiment"));
    assert!(forbidden_for("experiment/sweep.rs").contains(&"crate::cli"));
    assert!(forbidden_for("experiment/sweep.rs").contains(&"crate::app"));
    assert!(forbidden_for("app/solve.rs").contains(&"crate::cli"));
    assert!(forbidden_for("app/solve.rs").contains(&"crate::tui"));
    assert!(forbidden_for("cli/mod.rs").contains(&"crate::app"));
    assert!(forbidden_for("tui/mod.rs").contains(&"crate::cli"));
    assert!(forbidden_for("main.rs").is_empty());
}

#[test]
fn only_the_terminal_game_uses_ratatui_or_crossterm() {
    let mut offenders = Vec::new();
    for (file, text) in sources() {
        if file.starts_with("tui/") {
            continue;
        }
        for line in code_lines(&text) {
            if ["ratatui", "crossterm"].iter().any(|w| line.contains(w)) {
                offenders.push(format!("{file}: {}", line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "terminal UI code outside src/tui:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_guard_sees_the_source_tree() {
    // A guard that reads nothing passes everything: make sure it reads the real modules.
    let files: Vec<String> = sources().into_iter().map(|(f, _)| f).collect();
    for expected in [
        "rules/mod.rs",
        "layout/mod.rs",
        "solver/mod.rs",
        "experiment/mod.rs",
        "cli/mod.rs",
        "app/mod.rs",
        "tui/mod.rs",
        "main.rs",
    ] {
        assert!(files.iter().any(|f| f == expected), "{expected} not found");
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    // A file past this has more than one idea in it: split it at the seam.
    const MOST: usize = 600;
    let long: Vec<String> = sources()
        .into_iter()
        .filter_map(|(file, text)| {
            let n = text.lines().count();
            (n > MOST).then(|| format!("{file}: {n} lines"))
        })
        .collect();
    assert!(long.is_empty(), "over {MOST} lines:\n{}", long.join("\n"));
}

/// The folder a file sits in (`app/play` for `app/play/board.rs` and `app/play/mod.rs`).
fn folder_of(file: &str) -> &str {
    file.rsplit_once('/').map_or("", |(folder, _)| folder)
}

#[test]
fn no_import_circle_between_files() {
    // Files that import each other in a loop cannot be understood, tested or moved one at a
    // time; a circle means a type lives on the wrong side of a seam.
    let graph = Graph::read(&sources());
    let circles = graph.circles();
    let shown: Vec<String> = circles.iter().map(|c| graph.describe(c)).collect();
    assert!(circles.is_empty(), "import circles:\n{}", shown.join("\n"));
}

#[test]
fn no_view_imports_the_shell() {
    // Views return shell commands (app/command.rs); the shell applies them. A view that
    // imports the shell ties the two into one.
    const VIEWS: &[&str] = &[
        "app/play/",
        "app/editor/",
        "app/search/",
        "app/boards/",
        "app/experiments/",
        "app/random/",
    ];
    const SHELL: &[&str] = &["app/shell/", "app/start/", "app/mod.rs"];
    let graph = Graph::read(&sources());
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
    assert_eq!(folder_of("app/play/board.rs"), "app/play");
}
