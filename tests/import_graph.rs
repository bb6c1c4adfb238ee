//! No import circle among the source files of `src/`: reading the code top-down must never lead
//! back to where it started. Each file is a module (`src/engine/mod.rs` is `engine`,
//! `src/engine/drivers/large_diff.rs` is `engine::drivers::large_diff`); every path it names —
//! `crate::…`, `super::…`, `self::…` or a child module's name — is resolved to the deepest
//! module file it reaches, and the resulting file graph must have no cycle. A file's own
//! `#[cfg(test)] mod tests` block is left out (tests may reach anywhere). `mod x;` lines are
//! declarations, not imports.
//!
//! Floors: some layers may not reach others at all, directly or through other files
//! ([`FLOORS`]): the engine is pure (bundle in, signal out), so nothing it reaches may fetch,
//! render for the browser or write Markdown.
//!
//! Paths through a re-export (`crate::engine::Context` when `Context` lives in
//! `engine/context.rs`) count as an edge to the re-exporting file, so code names the file that
//! defines what it uses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `src/` with its module path (`["engine", "drivers"]`); binaries
/// (`src/bin/`) are crates of their own and are left out.
fn modules() -> BTreeMap<Vec<String>, PathBuf> {
    fn walk(dir: &Path, prefix: &[String], into: &mut BTreeMap<Vec<String>, PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if prefix.is_empty() && name == "bin" {
                    continue;
                }
                let mut child = prefix.to_vec();
                child.push(name);
                walk(&path, &child, into);
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let mut module = prefix.to_vec();
                if stem != "mod" && stem != "lib" {
                    module.push(stem.to_string());
                }
                into.insert(module, path);
            }
        }
    }
    let mut modules = BTreeMap::new();
    walk(&root().join("src"), &[], &mut modules);
    modules
}

/// The code of a file without comments, string contents and its inline test module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    let mut code = String::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.starts_with("//") || line.starts_with("mod ") || line.starts_with("pub mod ") {
            continue;
        }
        // Drop string literals so paths inside messages do not count.
        let mut in_string = false;
        let mut previous = ' ';
        for character in line.chars() {
            if character == '"' && previous != '\\' {
                in_string = !in_string;
            } else if !in_string {
                code.push(character);
            }
            previous = character;
        }
        code.push('\n');
    }
    code
}

/// Every path of at least two segments in `code`, with `a::{b, c::d}` groups expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut index = 0;
    while index < bytes.len() {
        let starts_word = bytes[index].is_alphabetic() || bytes[index] == '_';
        let after_word_boundary =
            index == 0 || !(bytes[index - 1].is_alphanumeric() || bytes[index - 1] == '_');
        if !(starts_word && after_word_boundary) {
            index += 1;
            continue;
        }
        let (path, end) = read_path(&bytes, index, Vec::new(), &mut found);
        if path.len() >= 2 {
            found.push(path);
        }
        index = end.max(index + 1);
    }
    found
}

/// Reads `a::b::c` (and a `{…}` group after `::`) from `at`; pushes group members to `found`.
fn read_path(
    chars: &[char],
    mut at: usize,
    mut prefix: Vec<String>,
    found: &mut Vec<Vec<String>>,
) -> (Vec<String>, usize) {
    loop {
        let start = at;
        while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '_') {
            at += 1;
        }
        if at == start {
            return (prefix, at);
        }
        prefix.push(chars[start..at].iter().collect());
        if chars.get(at) == Some(&':') && chars.get(at + 1) == Some(&':') {
            at += 2;
            if chars.get(at) == Some(&'{') {
                at += 1;
                loop {
                    while at < chars.len() && (chars[at].is_whitespace() || chars[at] == ',') {
                        at += 1;
                    }
                    if at >= chars.len() || chars[at] == '}' {
                        return (Vec::new(), at + 1);
                    }
                    let (member, end) = read_path(chars, at, prefix.clone(), found);
                    if member.len() > prefix.len() {
                        found.push(member);
                    }
                    at = end.max(at + 1);
                }
            }
        } else {
            return (prefix, at);
        }
    }
}

/// The module file a path from `module` reaches (its deepest module prefix), if any.
fn resolve(
    module: &[String],
    path: &[String],
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self") => module.to_vec(),
        Some("super") => module.to_vec(),
        _ => {
            let mut child = module.to_vec();
            child.push(path.first()?.clone());
            if !modules.contains_key(&child) {
                return None;
            }
            module.to_vec()
        }
    };
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") | Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    let mut reached = base.clone();
    for segment in rest {
        let mut deeper = reached.clone();
        deeper.push(segment.clone());
        if modules.contains_key(&deeper) {
            reached = deeper;
        } else {
            break;
        }
    }
    modules.contains_key(&reached).then_some(reached)
}

fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = modules();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let targets = edges.entry(module.clone()).or_default();
        for path in paths(&code_of(&text)) {
            if let Some(target) = resolve(module, &path, &modules) {
                if &target != module {
                    targets.insert(target);
                }
            }
        }
    }
    edges
}

/// The cycles of the graph, one per strongly connected component larger than one file.
fn cycles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    let nodes: Vec<&Vec<String>> = edges.keys().collect();
    let reach = |from: &Vec<String>| -> BTreeSet<Vec<String>> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> =
        nodes.iter().map(|node| (*node, reach(node))).collect();
    let mut components: BTreeSet<Vec<String>> = BTreeSet::new();
    for node in &nodes {
        let mut component: Vec<String> = nodes
            .iter()
            .filter(|other| {
                reachable[*node].contains(**other) && reachable[**other].contains(*node)
            })
            .map(|other| display(other))
            .collect();
        if component.len() > 1 {
            prlens::order::sort(&mut component);
            components.insert(component);
        }
    }
    components.into_iter().collect()
}

fn display(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// `(layer, layers it may not reach)`: a module under `layer` may not import, directly or
/// through other source files, a module under any of the others.
const FLOORS: &[(&str, &[&str])] = &[("engine", &["fetch", "web", "markdown"])];

/// Every `(from, forbidden module it reaches, the path there)` that breaks a floor.
fn floor_breaches(
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    floors: &[(&str, &[&str])],
) -> Vec<String> {
    let mut breaches = Vec::new();
    for (layer, forbidden) in floors {
        for from in edges
            .keys()
            .filter(|module| module.first().map(String::as_str) == Some(layer))
        {
            // Breadth-first, keeping the path, so a breach names the chain of files behind it.
            let mut seen = BTreeSet::from([from.clone()]);
            let mut queue = std::collections::VecDeque::from([vec![from.clone()]]);
            while let Some(path) = queue.pop_front() {
                let last = path.last().cloned().unwrap_or_default();
                for next in edges.get(&last).into_iter().flatten() {
                    if !seen.insert(next.clone()) {
                        continue;
                    }
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    if forbidden.contains(&next.first().map(String::as_str).unwrap_or_default()) {
                        let chain: Vec<String> = longer.iter().map(|m| display(m)).collect();
                        breaches.push(chain.join(" → "));
                    } else {
                        queue.push_back(longer);
                    }
                }
            }
        }
    }
    breaches
}

#[test]
fn the_engine_reaches_neither_fetch_nor_web_nor_markdown() {
    let breaches = floor_breaches(&graph(), FLOORS);
    assert!(
        breaches.is_empty(),
        "imports against a floor (tests/import_graph.rs FLOORS): {breaches:#?}"
    );
}

#[test]
fn the_floor_rule_sees_a_direct_and_an_indirect_breach() {
    let module = |path: &str| -> Vec<String> { path.split("::").map(str::to_string).collect() };
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    edges
        .entry(module("engine::a"))
        .or_default()
        .insert(module("fetch::urls"));
    edges
        .entry(module("engine::b"))
        .or_default()
        .insert(module("text"));
    edges
        .entry(module("text"))
        .or_default()
        .insert(module("web::render"));
    edges
        .entry(module("engine::c"))
        .or_default()
        .insert(module("signal"));
    edges
        .entry(module("web::render"))
        .or_default()
        .insert(module("engine::c"));
    let breaches = floor_breaches(&edges, FLOORS);
    assert_eq!(
        breaches,
        vec![
            "engine::a → fetch::urls".to_string(),
            "engine::b → text → web::render".to_string(),
        ]
    );
}

#[test]
fn no_import_circle_among_source_files() {
    let edges = graph();
    assert!(edges.len() > 50, "found only {} source files", edges.len());
    let cycles = cycles(&edges);
    assert!(
        cycles.is_empty(),
        "source files that import each other in a circle: {cycles:#?}"
    );
}

#[test]
fn the_checker_sees_a_circle_and_group_imports() {
    let module = |path: &str| -> Vec<String> { path.split("::").map(str::to_string).collect() };
    let mut modules = BTreeMap::new();
    for name in ["", "a", "a::b", "c"] {
        let key = if name.is_empty() {
            Vec::new()
        } else {
            module(name)
        };
        modules.insert(key, PathBuf::new());
    }
    let found = paths("use super::{b::Thing, other};\nlet x = crate::c::f();");
    assert!(found.contains(&module("super::b::Thing")), "{found:?}");
    assert!(found.contains(&module("crate::c::f")), "{found:?}");
    assert_eq!(
        resolve(&module("a::b"), &module("super::Thing"), &modules),
        Some(module("a"))
    );
    assert_eq!(
        resolve(&module("a"), &module("b::Thing"), &modules),
        Some(module("a::b"))
    );
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    edges.entry(module("a")).or_default().insert(module("a::b"));
    edges.entry(module("a::b")).or_default().insert(module("a"));
    edges.entry(module("c")).or_default().insert(module("a"));
    assert_eq!(
        cycles(&edges),
        vec![vec!["a".to_string(), "a::b".to_string()]]
    );
}
