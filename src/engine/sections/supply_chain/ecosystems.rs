//! Which manifest scanner reads which file: dispatch only (the shared types and helpers are in
//! [`super::model`]).
//!
//! A scanner walks one side of a hunk (the old view: context + removed lines, or the new view:
//! context + added lines), keeps whatever nesting the format needs (JSON objects, TOML tables,
//! XML elements, YAML keys) from the context lines, and returns the dependency declarations
//! found on *changed* lines only. Pairing old and new declarations happens in
//! [`super::dependencies`].

use super::model::Scanner;
use super::{
    manifest_go, manifest_json, manifest_lines, manifest_python, manifest_toml, manifest_xml,
};
use crate::engine::files::FileFacts;

/// The scanner for a manifest, by ecosystem and file name.
pub(crate) fn scanner_for(facts: &FileFacts) -> Option<Scanner> {
    if !facts.manifest {
        return None;
    }
    let basename = facts.lowercase_basename();
    let scanner: Scanner = match (facts.ecosystem?, basename.as_ref()) {
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
