//! GuardDog's source-code samples (`tests/analyzer/sourcecode/`): the annotated ones say per
//! snippet what its rule must report (`ruleid: RULE`) or must not (`ok: RULE`), the way Semgrep
//! rule tests are written; the YARA-era ones are a malicious file `RULE.*` that must match and a
//! benign twin `benign/RULE.*` that must not. `guarddog.tsv` names the rules whose subject
//! prlens has (code that runs when a package is installed, dependencies fetched from a URL),
//! the file each sample becomes in the PR (`setup.py`, `package.json`) and how it is read.

use std::path::Path;

use super::{head_commit, mapping, Case, Corpus};

const SAMPLES: &str = "tests/analyzer/sourcecode";

/// Snippets of an annotated file: `(expected, first line number, text)` for each `ruleid:` or
/// `ok:` annotation of `rule`, up to the next annotation or top-level docstring.
fn snippets(text: &str, rule: &str) -> Vec<(bool, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let annotation = |line: &str| -> Option<bool> {
        let body = line.trim().trim_start_matches(['#', '/']).trim();
        if body == format!("ruleid: {rule}") {
            Some(true)
        } else if body == format!("ok: {rule}") {
            Some(false)
        } else {
            None
        }
    };
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let Some(expected) = annotation(line) else {
            continue;
        };
        let indent = line.len() - line.trim_start().len();
        let mut body = Vec::new();
        for next in lines.iter().skip(at + 1) {
            let trimmed = next.trim();
            let ends = trimmed.starts_with("# ruleid:")
                || trimmed.starts_with("# ok:")
                || trimmed.starts_with("// ruleid:")
                || trimmed.starts_with("// ok:")
                || (next.starts_with("\"\"\"") && !body.is_empty());
            if ends {
                break;
            }
            body.push(
                next.get(indent.min(next.len() - next.trim_start().len())..)
                    .unwrap_or(next),
            );
        }
        while body.last().is_some_and(|line| line.trim().is_empty()) {
            body.pop();
        }
        found.push((expected, at + 1, body.join("\n")));
    }
    found
}

/// A snippet of a `package.json` (`"postinstall": "…",`) as a whole manifest.
fn as_manifest(snippet: &str) -> String {
    if snippet.trim_start().starts_with('{') {
        return snippet.to_string();
    }
    let line = snippet
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .trim_end_matches(',');
    format!("{{\n  \"name\": \"sample\",\n  \"version\": \"1.0.0\",\n  \"scripts\": {{\n    {line}\n  }}\n}}")
}

pub fn load(checkout: &Path) -> Corpus {
    let mut cases = Vec::new();
    let mut skipped = 0;
    for row in mapping("guarddog.tsv") {
        let [file, rule, kind, wrap_as, mode, ..] = row.as_slice() else {
            panic!("guarddog.tsv: a row needs file, rule, kind, wrap-as, mode: {row:?}");
        };
        let Ok(text) = std::fs::read_to_string(checkout.join(SAMPLES).join(file)) else {
            skipped += 1;
            continue;
        };
        let shaped = |content: &str| {
            if wrap_as == "package.json" {
                as_manifest(content)
            } else {
                content.to_string()
            }
        };
        let mut push = |expected: bool, origin: String, content: String| {
            cases.push(Case {
                their_rule: rule.clone(),
                kind: kind.clone(),
                origin,
                path: wrap_as.clone(),
                content,
                expected,
                value_listed: false,
            });
        };
        match mode.as_str() {
            "annotated" => {
                for (expected, line, snippet) in snippets(&text, rule) {
                    push(expected, format!("{file}:{line}"), shaped(&snippet));
                }
            }
            // Only the `ruleid:` snippets: the file's `ok:` ones are `ok` for this rule's subject
            // alone, and another GuardDog rule flags the same code (see guarddog.tsv).
            "annotated-ruleid" => {
                for (expected, line, snippet) in snippets(&text, rule) {
                    if expected {
                        push(true, format!("{file}:{line}"), shaped(&snippet));
                    }
                }
            }
            "malicious" => push(true, file.clone(), shaped(&text)),
            "benign" => push(false, file.clone(), shaped(&text)),
            other => panic!("guarddog.tsv: unknown mode {other}"),
        }
    }
    Corpus {
        name: "GuardDog",
        repository: "DataDog/guarddog",
        commit: head_commit(checkout),
        cases,
        skipped,
    }
}
