//! Which manifest scanner reads which file, and the small text helpers they share.
//!
//! A scanner walks one side of a hunk (the old view: context + removed lines, or the new view:
//! context + added lines), keeps whatever nesting the format needs (JSON objects, TOML tables,
//! XML elements, YAML keys) from the context lines, and returns the dependency declarations
//! found on *changed* lines only. Pairing old and new declarations happens in
//! [`super::dependencies`].

use super::dependencies::Dependency;
use super::{
    manifest_go, manifest_json, manifest_lines, manifest_python, manifest_toml, manifest_xml,
};
use crate::engine::diff::Hunk;
use crate::engine::FileFacts;

/// What a scanner found on one side of a hunk.
#[derive(Debug, Default, PartialEq)]
pub struct Scan {
    pub dependencies: Vec<Dependency>,
    /// Other findings on changed lines: `(id, severity, detail)` (e.g. a new package index).
    pub other: Vec<(&'static str, &'static str, String)>,
}

/// Reads one side (view) of a hunk.
pub type Scanner = fn(&Hunk, &[(&str, bool)]) -> Scan;

/// The scanner for a manifest, by ecosystem and file name.
pub fn scanner_for(facts: &FileFacts) -> Option<Scanner> {
    if !facts.manifest {
        return None;
    }
    let basename = facts.lowercase_basename();
    let scanner: Scanner = match (facts.ecosystem?, basename.as_str()) {
        ("npm" | "composer" | "deno", _) => manifest_json::scan,
        ("cargo", _) | ("pipenv", _) => manifest_toml::scan,
        ("gradle", name) if name.ends_with(".toml") => manifest_toml::scan,
        ("gradle", _) => manifest_lines::gradle,
        ("pip", "pyproject.toml") => manifest_python::pyproject,
        ("pip", "setup.py" | "setup.cfg") => manifest_python::setup,
        ("pip", _) => manifest_python::requirements,
        ("go", _) => manifest_go::scan,
        ("maven", _) => manifest_xml::pom,
        ("nuget", _) => manifest_xml::nuget,
        ("ruby" | "cocoapods", _) => manifest_lines::ruby,
        ("swift", _) => manifest_lines::swift,
        ("pub", _) => manifest_lines::pubspec,
        ("mix", _) => manifest_lines::mix,
        _ => return None,
    };
    Some(scanner)
}

/// The contents of every single- or double-quoted string on a line.
pub fn quoted_strings(line: &str) -> Vec<&str> {
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
pub fn looks_like_spec(value: &str) -> bool {
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
pub fn indentation(line: &str) -> usize {
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
