//! The streaming bundle reader keeps only the keys its `Shape`s list (`src/bundle/parse/`), so
//! a key the reading code asks for but no `Shape` lists would always read as null — silently. This
//! test reads the reading code and fails on any such key: every snake_case string literal outside
//! the `Shape` tables (in any file of the reader) is a `Shape` key, or one of the few words that are values, not keys.

use std::collections::BTreeSet;

/// Literals in the reading code that are values (defaults, URL parts), not keys.
const VALUES: &[&str] = &["open", "modified", "completed", "pulls"];

fn snake_case_literals(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        let literal = &after[..end];
        if !literal.is_empty()
            && literal
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            found.push(literal.to_string());
        }
        rest = &after[end + 1..];
    }
    found
}

/// `("key", &SHAPE)` entries of the `Shape` tables.
fn shape_keys(code: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    // One or several entries a line: `object(&[("a", &LEAF), ("b", &LEAF)])`.
    for part in code.split("(\"").skip(1) {
        if let Some((key, shape)) = part.split_once("\", ") {
            if shape.starts_with('&') && !key.contains(' ') {
                keys.insert(key.to_string());
            }
        }
    }
    keys
}

/// The reader's files (without tests and comments), each split into its `Shape` tables and the rest.
fn reader_code() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bundle/parse");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("src/bundle/parse")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .filter(|path| !path.ends_with("tests.rs"))
        .collect();
    prlens::order::sort(&mut paths);
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a reader file");
            let code: String = text
                .split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .map(|line| format!("{line}\n"))
                .collect();
            let tables_end = code
                .rfind(": Shape = ")
                .and_then(|at| code[at..].find(";\n").map(|end| at + end))
                .unwrap_or(0);
            (
                code[..tables_end].to_string(),
                code[tables_end..].to_string(),
            )
        })
        .collect()
}

#[test]
fn every_key_the_bundle_reader_reads_is_in_its_shape() {
    let files = reader_code();
    let keys: BTreeSet<String> = files
        .iter()
        .flat_map(|(tables, _)| shape_keys(tables))
        .collect();
    let reading: String = files.iter().map(|(_, code)| code.as_str()).collect();
    assert!(
        keys.contains("number") && keys.contains("login"),
        "{keys:?}"
    );
    let unknown: BTreeSet<String> = snake_case_literals(&reading)
        .into_iter()
        .filter(|literal| !keys.contains(literal) && !VALUES.contains(&literal.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "the reader reads keys no Shape lists (they would always be null): {unknown:?}"
    );
}

#[test]
fn the_scan_finds_a_mistyped_key() {
    let tables = "static PULL: Shape = object(&[(\"number\", &LEAF), (\"title\", &LEAF)]);";
    let keys = shape_keys(tables);
    assert_eq!(
        keys,
        BTreeSet::from(["number".to_string(), "title".to_string()])
    );
    let reading = "let t = string(value, \"titel\"); let n = unsigned(value, \"number\");";
    let literals = snake_case_literals(reading);
    assert!(literals.iter().any(|l| !keys.contains(l)), "{literals:?}");
}
