//! The streaming bundle reader keeps only the keys its `Shape`s list (`src/bundle/parse.rs`), so
//! a key the reading code asks for but no `Shape` lists would always read as null — silently. This
//! test reads the reading code and fails on any such key: every snake_case string literal after
//! the `Shape` tables is a `Shape` key, or one of the few words that are values, not keys.

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

#[test]
fn every_key_the_bundle_reader_reads_is_in_its_shape() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bundle/parse.rs");
    let text = std::fs::read_to_string(path).expect("src/bundle/parse.rs");
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let tables_end = code
        .rfind(": Shape = ")
        .and_then(|at| code[at..].find(";\n").map(|end| at + end))
        .expect("the Shape tables");
    let keys = shape_keys(&code[..tables_end]);
    assert!(
        keys.contains("number") && keys.contains("login"),
        "{keys:?}"
    );
    let unknown: BTreeSet<String> = snake_case_literals(&code[tables_end..])
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
