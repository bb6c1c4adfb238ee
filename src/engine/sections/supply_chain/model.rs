//! The types and text helpers every supply-chain finder shares: a dependency declaration, what
//! a manifest scanner returns, the one constructor of a finding, and the line helpers the
//! manifest readers use. A leaf: it imports no other finder, so the finders, the manifest
//! readers and the dispatch in [`super::ecosystems`] all depend on it and not on each other.

use crate::engine::diff::Hunk;
use crate::signal::{Finding, FindingKind, Severity};

/// One dependency declaration: package name and its version spec as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Dependency {
    pub name: String,
    pub spec: String,
}

impl Dependency {
    pub fn new(name: impl Into<String>, spec: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            spec: spec.into(),
        }
    }
}

/// What a scanner found on one side of a hunk.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Scan {
    pub dependencies: Vec<Dependency>,
    /// Other findings on changed lines (e.g. a new package index).
    pub other: Vec<(FindingKind, Severity, String)>,
}

/// Reads one side (view) of a hunk.
pub(crate) type Scanner = fn(&Hunk, &[(&str, bool)]) -> Scan;

/// A finding of `kind` in `path`.
pub(crate) fn finding(
    kind: FindingKind,
    path: &str,
    detail: String,
    severity: Severity,
) -> Finding {
    Finding {
        id: kind,
        path: path.to_string(),
        detail,
        severity,
        line: None,
    }
}

/// Points the finding just pushed onto `found` at `line` of its file (SARIF regions and GitHub
/// annotations use it; `Finding::line`).
pub(crate) fn on_line(found: &mut [Finding], line: u64) {
    if let Some(last) = found.last_mut() {
        last.line = (line > 0).then_some(line);
    }
}

/// The contents of every single- or double-quoted string on a line.
pub(crate) fn quoted_strings(line: &str) -> Vec<&str> {
    let mut strings = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find(['"', '\'']) {
        let quote = rest.as_bytes().get(open).copied().unwrap_or(b'"') as char;
        let after = rest.get(open + 1..).unwrap_or("");
        let Some(close) = after.find(quote) else {
            break;
        };
        strings.push(after.get(..close).unwrap_or(""));
        rest = after.get(close + 1..).unwrap_or("");
    }
    strings
}

/// True when a value reads like a version requirement or a package source rather than
/// free text (`^1.2`, `~> 3`, `>=2`, `*`, `latest`, `git+…`, `workspace:*`).
pub(crate) fn looks_like_spec(value: &str) -> bool {
    let value = value.trim();
    let first = value.chars().next();
    first.is_some_and(|character| character.is_ascii_digit() || "^~<>=*!vx".contains(character))
        || [
            "latest",
            "next",
            "workspace:",
            "npm:",
            "file:",
            "link:",
            "git",
            "github:",
            "http",
            "{",
        ]
        .iter()
        .any(|prefix| value.starts_with(prefix))
}

/// Leading indentation in columns (tabs count as 4).
pub(crate) fn indentation(line: &str) -> usize {
    line.chars()
        .take_while(|character| character.is_whitespace())
        .map(|character| if character == '\t' { 4 } else { 1 })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_strings_handle_both_quotes_and_unterminated_text() {
        assert_eq!(
            quoted_strings(r#"gem 'rails', "~> 7.0""#),
            ["rails", "~> 7.0"]
        );
        assert_eq!(quoted_strings("no quotes"), Vec::<&str>::new());
        assert_eq!(quoted_strings("'open"), Vec::<&str>::new());
    }

    #[test]
    fn specs_are_told_apart_from_prose() {
        for spec in [
            "^1.2.3",
            "~> 6",
            ">=2",
            "*",
            "latest",
            "git+https://x",
            "workspace:*",
            "1.0",
        ] {
            assert!(looks_like_spec(spec), "{spec}");
        }
        for text in ["A library", "MIT", "index.js", ""] {
            assert!(!looks_like_spec(text), "{text}");
        }
    }
}
