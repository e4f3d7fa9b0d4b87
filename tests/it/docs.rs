//! The documentation holds to what it promises: every command the performance page quotes
//! can be run with the project's own tools or a public tool the page says how to install; the
//! manual page made from the clap definitions renders with `man -l`; the shell completions
//! name every subcommand; the README stays short and starts with the two commands; and every
//! chapter the guide's summary lists exists.

use pegsol_testkit::tools;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn pegsol(args: &[&str]) -> std::process::Output {
    crate::support::command()
        .args(args)
        .output()
        .expect("pegsol runs")
}

/// The lines of the fenced `sh` blocks of a Markdown text, a line continued by `\` joined to
/// the next, comments taken off.
fn shell_lines(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    let mut pending = String::new();
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            inside = !inside && trimmed.trim_start_matches('`').trim() == "sh";
            continue;
        }
        if !inside {
            continue;
        }
        let code = strip_comment(line);
        if let Some(head) = code.trim_end().strip_suffix('\\') {
            pending.push_str(head);
            pending.push(' ');
            continue;
        }
        pending.push_str(&code);
        if !pending.trim().is_empty() {
            lines.push(pending.trim().to_string());
        }
        pending.clear();
    }
    lines
}

/// `line` without a `#` comment (a `#` outside quotes that starts a word).
fn strip_comment(line: &str) -> String {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..i].to_string(),
            _ => {}
        }
        previous = c;
    }
    line.to_string()
}

/// The words of a shell command, quotes kept together and taken off.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut any = false;
    for c in command.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The simple commands of a line: split at `;`, `&&`, `||` and `|`, redirections dropped.
fn simple_commands(line: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for part in line
        .split(';')
        .flat_map(|p| p.split("&&"))
        .flat_map(|p| p.split('|'))
    {
        let mut ws = words(part);
        // Redirections: `> FILE`, `>FILE`, `2>&1`, `< FILE`.
        let mut kept = Vec::new();
        let mut skip_next = false;
        for w in ws.drain(..) {
            if skip_next {
                skip_next = false;
                continue;
            }
            if w == ">" || w == ">>" || w == "<" || w == "2>" {
                skip_next = true;
                continue;
            }
            if w.starts_with('>') || w.starts_with('<') || w.starts_with("2>") {
                continue;
            }
            kept.push(w);
        }
        // Environment settings before the program: `PEGSOL_PERF_ROUNDS=21 docs/perf/...`.
        while kept.first().is_some_and(|w| {
            w.split_once('=').is_some_and(|(k, _)| {
                !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            })
        }) {
            kept.remove(0);
        }
        if !kept.is_empty() {
            out.push(kept);
        }
    }
    out
}

/// Pegsol's subcommands, as `pegsol --help` lists them.
fn subcommands() -> Vec<String> {
    let help = String::from_utf8(pegsol(&["--help"]).stdout).expect("UTF-8 help");
    help.split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("--help lists the commands")
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// Why `command` cannot be run as the page says, if it cannot.
fn problem(command: &[String], page: &str, subcommands: &[String]) -> Option<String> {
    let program = command[0].as_str();
    let arg = |i: usize| command.get(i).map_or("", String::as_str);
    let named = |tool: &str, install: &str| {
        (!page.contains(install))
            .then(|| format!("{tool} is quoted but the page does not say `{install}`"))
    };
    if program == "pegsol" || program.ends_with("/pegsol") {
        let first = arg(1);
        let is_level = first.parse::<u8>().is_ok_and(|n| n <= 8) && arg(2) == "AI";
        if is_level || subcommands.iter().any(|s| s == first) || first.starts_with("--") {
            return None;
        }
        return Some(format!("`pegsol {first}` is not a pegsol subcommand"));
    }
    match program {
        "cargo" => match arg(1) {
            "build" | "test" | "run" => None,
            "bench" => {
                let bench = command
                    .iter()
                    .position(|w| w == "--bench")
                    .map(|i| arg(i + 1));
                match bench {
                    Some(name) if root().join(format!("benches/{name}.rs")).is_file() => None,
                    Some(name) => Some(format!("no bench named {name} (benches/{name}.rs)")),
                    None => None,
                }
            }
            "install" => named(arg(2), &format!("cargo install {}", arg(2))).or_else(|| {
                (!matches!(arg(2), "hyperfine" | "mdbook"))
                    .then(|| format!("`cargo install {}` is not a tool the page names", arg(2)))
            }),
            other => Some(format!(
                "`cargo {other}` is not a cargo command the project uses"
            )),
        },
        "/usr/bin/time" => {
            // Its options, then the command it times.
            let mut i = 1;
            while let Some(w) = command.get(i) {
                match w.as_str() {
                    "-f" | "-o" | "--format" | "--output" => i += 2,
                    w if w.starts_with('-') => i += 1,
                    _ => break,
                }
            }
            (i < command.len())
                .then(|| problem(&command[i..], page, subcommands))
                .flatten()
        }
        "hyperfine" => named("hyperfine", "cargo install hyperfine").or_else(|| {
            command[1..]
                .iter()
                .filter(|w| w.contains(' '))
                .find_map(|quoted| {
                    simple_commands(quoted)
                        .into_iter()
                        .find_map(|c| problem(&c, page, subcommands))
                })
        }),
        "gcc" => named("gcc", "apt-get install gcc"),
        // Installing a public tool the page names, with the system's package manager.
        "sudo" if command.len() > 1 => problem(&command[1..], page, subcommands),
        "apt-get" | "apt" => {
            (arg(1) != "install").then(|| format!("`{program} {}` is not an install", arg(1)))
        }
        "./assignment" => (!page.contains("-o assignment"))
            .then(|| "./assignment is run but the page does not build it".to_string()),
        path if path.contains('/') && root().join(path).is_file() => None,
        other => Some(format!(
            "`{other}` is neither the project's nor a tool the page installs"
        )),
    }
}

#[test]
fn every_command_the_performance_page_quotes_can_be_run() {
    let page = read("docs/performance.md");
    let subcommands = subcommands();
    assert!(subcommands.iter().any(|s| s == "solve"), "{subcommands:?}");
    let lines = shell_lines(&page);
    assert!(lines.len() >= 5, "the page quotes its commands: {lines:?}");
    let mut problems = Vec::new();
    for line in &lines {
        for command in simple_commands(line) {
            if let Some(p) = problem(&command, &page, &subcommands) {
                problems.push(format!("{line}\n    {p}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The tools it names exist here (CI installs them: time, gcc).
    for tool in ["/usr/bin/time", "gcc", "cargo"] {
        tools::have(tool, "the performance page's commands");
    }
}

#[test]
fn the_command_checker_refuses_what_a_reader_cannot_run() {
    let page = "```sh\nfarm-bench -n 3 -- pegsol 5 AI 1000\n```\n";
    let subcommands = vec!["solve".to_string()];
    let refused = |line: &str| {
        simple_commands(line)
            .iter()
            .any(|c| problem(c, page, &subcommands).is_some())
    };
    assert!(refused("farm-bench -n 3 -- pegsol 5 AI 1000"));
    assert!(refused("pegsol frobnicate english"));
    assert!(
        refused("hyperfine 'pegsol 5 AI 10'"),
        "hyperfine without its install line"
    );
    assert!(refused("cargo bench --bench nonesuch"));
    assert!(refused("/usr/bin/time -v nonesuch-tool"));
    assert!(!refused(
        "/usr/bin/time -f '%e %M' pegsol 5 AI 1200000 > /dev/null"
    ));
    assert!(!refused("cargo bench --bench solvers exact"));
    assert!(!refused("PEGSOL_PERF_ROUNDS=3 docs/perf/make-page.sh"));
    assert!(!refused("sudo apt-get install gcc time"));
    assert!(refused("sudo farm-bench"));
    assert_eq!(
        shell_lines("```sh\na \\\n  b # c\n```\n```text\nnot me\n```\n"),
        vec!["a    b".to_string()]
    );
}

#[test]
fn the_manual_page_renders() {
    let out = pegsol(&["generate", "man"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let roff = String::from_utf8(out.stdout).expect("UTF-8 roff");
    assert!(
        roff.starts_with(".ie") || roff.contains(".TH pegsol 1"),
        "{roff}"
    );
    for sub in subcommands() {
        if sub != "help" {
            assert!(roff.contains(&sub), "the manual page names {sub}");
        }
    }
    if !tools::have("man", "rendering the manual page with man -l") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("pegsol-man-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let page = dir.join("pegsol.1");
    std::fs::write(&page, &roff).expect("the page is written");
    let rendered = Command::new("man")
        .arg("-l")
        .arg(&page)
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "80")
        .env("LANG", "C.UTF-8")
        .output()
        .expect("man runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&rendered.stdout);
    assert!(
        rendered.status.success(),
        "man -l: {}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    assert!(text.contains("NAME") && text.contains("SYNOPSIS"), "{text}");
    assert!(text.contains("peg solitaire studio"), "{text}");
    assert!(text.contains("--screenshot"), "{text}");
    // One page for every subcommand, as ripgrep's: their options are on it, and it points to
    // no page per subcommand (none is installed).
    assert!(
        text.contains("pegsol solve") && text.contains("--fewest-moves"),
        "{text}"
    );
    assert!(!text.contains("pegsol-solve(1)"), "{text}");
    assert!(
        !text.contains("pegsol generate"),
        "the hidden subcommand stays hidden: {text}"
    );
    let warnings = String::from_utf8_lossy(&rendered.stderr);
    assert!(warnings.trim().is_empty(), "man -l warned: {warnings}");
}

#[test]
fn the_completions_name_every_subcommand() {
    let subcommands = subcommands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = pegsol(&["generate", shell]);
        assert!(
            out.status.success(),
            "{shell}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        for sub in &subcommands {
            assert!(text.contains(sub.as_str()), "{shell} completes {sub}");
        }
    }
    assert!(!pegsol(&["generate", "tcsh"]).status.success());
}

#[test]
fn the_readme_is_short_and_starts_with_the_two_commands() {
    let readme = read("README.md");
    let lines: Vec<&str> = readme.lines().collect();
    assert!(lines.len() <= 150, "README.md has {} lines", lines.len());
    let head = lines[..30.min(lines.len())].join("\n");
    assert!(head.contains("cargo run --release"), "{head}");
    assert!(head.contains("cargo test --release"), "{head}");
    for link in ["docs/guide/", "ARCHITECTURE.md", "docs/performance.md"] {
        assert!(readme.contains(link), "the README links {link}");
    }
    for (target, _) in markdown_links(&readme) {
        if !target.contains("://") && !target.starts_with('#') {
            assert!(
                root().join(&target).exists(),
                "README.md links {target}, which is missing"
            );
        }
    }
}

/// The `[text](target)` links of a Markdown text, as `(target, text)`.
fn markdown_links(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("](") {
        let Some(start) = text[..i].rfind('[') else {
            continue;
        };
        let Some(end) = text[i + 2..].find(')') else {
            continue;
        };
        let target = text[i + 2..i + 2 + end].split('#').next().unwrap_or("");
        out.push((target.to_string(), text[start + 1..i].to_string()));
    }
    out
}

#[test]
fn every_chapter_and_picture_the_guide_names_exists() {
    let src = root().join("docs/guide/src");
    let summary = read("docs/guide/src/SUMMARY.md");
    let chapters: Vec<String> = markdown_links(&summary)
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    assert!(chapters.len() >= 12, "{chapters:?}");
    for chapter in &chapters {
        let text = std::fs::read_to_string(src.join(chapter))
            .unwrap_or_else(|e| panic!("SUMMARY.md lists {chapter}: {e}"));
        for (target, _) in markdown_links(&text) {
            if target.is_empty() || target.contains("://") {
                continue;
            }
            assert!(
                Path::new(&src).join(&target).exists(),
                "{chapter} links {target}, which is missing"
            );
        }
        // mdbook test compiles untagged and `rust` blocks: the guide has none.
        let fences = text.lines().filter(|l| l.trim_start().starts_with("```"));
        for opening in fences.step_by(2) {
            let tag = opening.trim_start().trim_start_matches('`').trim();
            assert!(
                ["sh", "text", "ron", "c", "json"].contains(&tag),
                "{chapter}: a block tagged `{tag}` (mdbook test would compile it as Rust)"
            );
        }
    }
    // Every picture the chapters show is made by shots.sh (or copied by it).
    let shots = read("docs/guide/shots.sh");
    for entry in std::fs::read_dir(src.join("images"))
        .expect("docs/guide/src/images")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().to_string();
        let stem = name.trim_end_matches(".png").trim_end_matches(".txt");
        assert!(shots.contains(stem), "shots.sh does not make {name}");
    }
}
