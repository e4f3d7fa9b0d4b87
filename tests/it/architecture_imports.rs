//! The import graph of `src/`, file to file, read from the code's own paths: every `use`
//! (groups, `self`, renames) and every `crate::`/`super::`/`self::` path in code, resolved to
//! the file that defines the name. A name a `mod.rs` only hands on (`pub use child::Name`)
//! is followed to the child that defines it, so a re-export hides no tie.
//!
//! Declaring a module (`mod child;`) is not an import; a child naming its parent's items is.

use std::collections::{BTreeMap, BTreeSet};

/// A path as its segments (`pegsol_app::play::PlayView`).
type Path = Vec<String>;

/// Module path (`["app", "play", "board"]`) to file (`app/play/board.rs`); the crate root
/// is the empty path.
pub type Modules = BTreeMap<Vec<String>, String>;

/// The module path of a file under `src/` (`None` for `main.rs`, a crate of its own).
pub fn module_of(file: &str) -> Option<Vec<String>> {
    if file == "main.rs" {
        return None;
    }
    if file == "lib.rs" {
        return Some(Vec::new());
    }
    let stem = file.strip_suffix(".rs")?;
    let mut parts: Vec<String> = stem.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    Some(parts)
}

/// Code with comments, strings and test modules left out.
fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = String::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        // Text in quotes may name paths ("pegsol_app" in a message): drop it.
        let mut inside = false;
        for ch in line.chars() {
            if ch == '"' {
                inside = !inside;
            } else if !inside {
                out.push(ch);
            }
        }
        out.push('\n');
    }
    out
}

/// The paths a `use` tree names, each as its segments: `a::{b, c::{self, D as E}}` gives
/// `a::b`, `a::c` and `a::c::D`.
fn expand_use(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let mut base = prefix.to_vec();
        base.extend(head);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        for (i, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use(&inner[start..i], &base, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand_use(&inner[start..], &base, out);
        return;
    }
    let tree = tree.split(" as ").next().unwrap_or(tree).trim();
    let mut path = prefix.to_vec();
    for seg in tree.split("::").map(str::trim).filter(|s| !s.is_empty()) {
        if seg == "self" && !path.is_empty() {
            continue;
        }
        path.push(seg.to_string());
    }
    if path.last().is_some_and(|s| s == "*") {
        path.pop();
    }
    out.push(path);
}

/// Every path a file's code names: its `use` trees, and `crate::`, `super::` and `self::`
/// paths written in place.
fn paths_in(code: &str) -> (Vec<Path>, Vec<(bool, Path)>) {
    let mut uses = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        let public = rest[..at].trim_end().ends_with("pub") || rest[..at].trim_end().ends_with(')');
        let mut found = Vec::new();
        expand_use(&after[..end], &[], &mut found);
        uses.extend(found.into_iter().map(|p| (public, p)));
        rest = &after[end..];
    }
    // The paths written in place, with the `use` declarations taken out (their groups,
    // `pegsol_app::{…}`, are not paths of their own).
    let mut bare = String::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        bare.push_str(&rest[..at]);
        let after = &rest[at..];
        rest = &after[after.find(';').map_or(after.len(), |e| e + 1)..];
    }
    bare.push_str(rest);
    let code = bare.as_str();
    let mut inline = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let i = from + i;
            from = i + start.len();
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                continue;
            }
            let tail: String = code[i..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segs: Vec<String> = tail
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            inline.push(segs);
        }
    }
    (inline, uses)
}

/// Where `word` stands alone in `text` (not inside another name).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let i = from + i;
        let before = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let after = bytes
            .get(i + word.len())
            .is_some_and(u8::is_ascii_whitespace);
        if before && after {
            return Some(i);
        }
        from = i + word.len();
    }
    None
}

/// One file's `pub use` re-exports: the name handed on, and the path it comes from
/// (relative to the file's module).
fn reexports(code: &str) -> Vec<(String, Vec<String>)> {
    paths_in(code)
        .1
        .into_iter()
        .filter(|(public, _)| *public)
        .filter_map(|(_, p)| Some((p.last()?.clone(), p)))
        .collect()
}

/// Whether `target` is the parent module of a folder that holds `file`: its `mod.rs`, the
/// `X.rs` beside a folder `X/` (the newer form of the same), or the crate's `lib.rs`.
fn is_parent(target: &str, file: &str) -> bool {
    if target == "lib.rs" {
        return true;
    }
    let in_mod_rs = target
        .strip_suffix("mod.rs")
        .is_some_and(|folder| file.starts_with(folder));
    let beside = target
        .strip_suffix(".rs")
        .is_some_and(|stem| file.starts_with(&format!("{stem}/")));
    in_mod_rs || beside
}

/// The import graph: for each file, the files it takes names from.
pub struct Graph {
    /// File to the files it imports.
    pub edges: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    /// Reads the graph from `(file, text)` pairs of `src/`.
    pub fn read(sources: &[(String, String)]) -> Graph {
        let mut modules = Modules::new();
        let mut codes = BTreeMap::new();
        for (file, text) in sources {
            if let Some(module) = module_of(file) {
                modules.insert(module.clone(), file.clone());
                codes.insert(module, code_of(text));
            }
        }
        let exports: BTreeMap<Vec<String>, Vec<(String, Vec<String>)>> = codes
            .iter()
            .map(|(m, code)| (m.clone(), reexports(code)))
            .collect();
        let resolver = Resolver {
            modules: &modules,
            exports: &exports,
        };
        let mut edges = BTreeMap::new();
        for (module, code) in &codes {
            let file = &modules[module];
            let (inline, uses) = paths_in(code);
            let mut targets = BTreeSet::new();
            let all = uses.into_iter().map(|(_, p)| p).chain(inline);
            for path in all {
                if let Some(target) = resolver.file_of(module, &path, 0) {
                    if &target != file && !is_parent(&target, file) {
                        targets.insert(target);
                    }
                }
            }
            edges.insert(file.clone(), targets);
        }
        Graph { edges }
    }

    /// A circle in words: its files, then each tie inside it (`a.rs -> b.rs`).
    pub fn describe(&self, circle: &[String]) -> String {
        let mut out = circle.join(" <-> ");
        for from in circle {
            for to in &self.edges[from] {
                if circle.contains(to) {
                    out.push_str(&format!("\n    {from} -> {to}"));
                }
            }
        }
        out
    }

    /// The circles: groups of two or more files that import each other in a loop
    /// (Tarjan's strongly connected components).
    pub fn circles(&self) -> Vec<Vec<String>> {
        let files: Vec<&String> = self.edges.keys().collect();
        let index_of: BTreeMap<&String, usize> =
            files.iter().enumerate().map(|(i, f)| (*f, i)).collect();
        let n = files.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next = 0;
        let mut out = Vec::new();
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            // Iterative depth-first search: (node, next neighbour to look at).
            let mut work = vec![(root, 0usize)];
            while let Some(&mut (v, ref mut k)) = work.last_mut() {
                if *k == 0 && index[v] == usize::MAX {
                    index[v] = next;
                    low[v] = next;
                    next += 1;
                    stack.push(v);
                    on_stack[v] = true;
                }
                let neighbours: Vec<usize> = self.edges[files[v]]
                    .iter()
                    .filter_map(|t| index_of.get(t).copied())
                    .collect();
                if *k < neighbours.len() {
                    let w = neighbours[*k];
                    *k += 1;
                    if index[w] == usize::MAX {
                        work.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut group = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        group.push(files[w].clone());
                        if w == v {
                            break;
                        }
                    }
                    if group.len() > 1 {
                        group.sort();
                        out.push(group);
                    }
                }
            }
        }
        out
    }
}

/// Resolves a path named in a module to the file that defines it.
struct Resolver<'a> {
    modules: &'a Modules,
    exports: &'a BTreeMap<Vec<String>, Vec<(String, Vec<String>)>>,
}

impl Resolver<'_> {
    /// The file defining `path` as written in `module` (`None`: outside the crate).
    fn file_of(&self, module: &[String], path: &[String], depth: usize) -> Option<String> {
        if depth > 8 {
            return None;
        }
        let absolute = self.absolute(module, path)?;
        // The longest prefix that is a module; the next segment is an item of it.
        let mut cut = absolute.len();
        while cut > 0 && !self.modules.contains_key(&absolute[..cut]) {
            cut -= 1;
        }
        let owner = &absolute[..cut];
        if let Some(item) = absolute.get(cut) {
            let handed_on = self
                .exports
                .get(owner)
                .and_then(|list| list.iter().find(|(name, _)| name == item));
            if let Some((_, from)) = handed_on {
                let mut from = from.clone();
                from.extend(absolute[cut + 1..].iter().cloned());
                return self.file_of(owner, &from, depth + 1);
            }
        }
        self.modules.get(owner).cloned()
    }

    /// `path` as written in `module`, from the crate root (`None`: another crate).
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let first = path.first()?;
        let mut out: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut m = module.to_vec();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    m.pop();
                    rest = &rest[1..];
                }
                m.extend(rest.iter().cloned());
                return Some(m);
            }
            _ => {
                // A child module named without `self::` (`use board::BoardView;`).
                let mut child = module.to_vec();
                child.push(first.clone());
                if !self.modules.contains_key(&child) {
                    return None;
                }
                module.to_vec()
            }
        };
        let skip = usize::from(matches!(first.as_str(), "crate" | "self"));
        out.extend(path[skip..].iter().cloned());
        Some(out)
    }
}
