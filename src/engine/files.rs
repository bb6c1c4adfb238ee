//! File classification: what each changed file is, decided once from its path (and patch).
//!
//! OWNER: engine-risk helper. Every section reads these facts instead of matching paths itself,
//! so a path rule lives in exactly one place (the lists in `crate::settings::paths`).

use crate::bundle::Bundle;
use crate::settings::Settings;

/// The primary nature of a file, for focus reasons and size weighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileClass {
    Source,
    Test,
    Docs,
    Config,
    Asset,
    Other,
}

/// Facts about one changed file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileFacts {
    /// Index into `bundle.files`.
    pub index: usize,
    pub path: String,
    pub class: FileClass,
    pub lockfile: bool,
    pub generated: bool,
    pub vendored: bool,
    /// A dependency manifest (package.json, Cargo.toml, …).
    pub manifest: bool,
    pub ci_config: bool,
    pub build_script: bool,
    /// Binary content: no patch and a binary extension, or GitHub sent no patch for a 0/0 change.
    pub binary: bool,
    /// Sensitive area, if any: auth, crypto, secrets, migrations, infra, permissions.
    pub sensitive: Option<&'static str>,
    /// Programming language inferred from the extension (e.g. "rust", "python").
    pub language: Option<&'static str>,
    /// Lockfiles, generated, vendored and binary files do not count toward review size.
    pub excluded_from_size: bool,
}

/// Classifies every file of the bundle, in bundle order.
pub fn classify_all(bundle: &Bundle, settings: &Settings) -> Vec<FileFacts> {
    let _ = settings;
    bundle
        .files
        .iter()
        .flatten()
        .enumerate()
        .map(|(index, file)| FileFacts {
            index,
            path: file.filename.clone(),
            class: FileClass::Other,
            lockfile: false,
            generated: false,
            vendored: false,
            manifest: false,
            ci_config: false,
            build_script: false,
            binary: false,
            sensitive: None,
            language: None,
            excluded_from_size: false,
        })
        .collect()
}
