//! Lockfile entries that resolve to something other than what they are named: a tarball of
//! another package, or a git/ssh source instead of the registry.
//!
//! What it detects (on added lines):
//! - `package-lock.json`/`npm-shrinkwrap.json`: a `node_modules/NAME` entry whose `resolved`
//!   registry tarball is another package's; `yarn.lock`: an entry `NAME@…:` whose `resolved`
//!   tarball is another package's — high (lockfile injection: the manifest says one package, CI
//!   installs another);
//! - a `resolved`/`source` that is `git+ssh:`, `git+https:`, `git:`, `github:` or a `.git` URL
//!   in npm, yarn, pnpm, Cargo (`source = "git+…"`), Poetry and uv lockfiles — high: the code
//!   comes from a repository ref, not a published, immutable registry version.
//!
//! - an entry whose `integrity`, `checksum` or `resolved` changes while its version does not
//!   (`package-lock.json`, `yarn.lock`, `pnpm-lock.yaml`, `Cargo.lock`, `poetry.lock`,
//!   `uv.lock`; in `go.sum` the same module and version with another hash) — high: a registry
//!   never changes the bytes of a published version, so other bytes at the same version come
//!   from somewhere else.
//!
//! npm aliases (`"x": "npm:y@1"`) resolve to another name by design; the manifest line that
//! declares them is already a dependency finding, so this is still worth a look.
//!
//! Sources (read 2026-12-03): Liran Tal, "Why npm lockfiles can be a security blindspot for
//! injecting malicious modules" (snyk.io, 2019); npm Docs "package-lock.json" (`resolved`);
//! Cargo Book "Cargo.lock" / "Specifying dependencies from git repositories".

use crate::engine::diff::Patch;
use crate::engine::files::FileFacts;
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;

/// Source prefixes that are a repository, not a registry.
const GIT_SOURCES: &[&str] = &[
    "git+ssh:",
    "git+https:",
    "git+http:",
    "git:",
    "github:",
    "ssh://",
];

/// Findings kept per lockfile.
const MAX_FINDINGS: usize = 10;

/// Line prefixes (trimmed) of a version, and of what pins an entry's bytes.
const VERSION_LINES: &[&str] = &["\"version\":", "version \"", "version = \"", "version:"];
const PIN_LINES: &[&str] = &[
    "\"integrity\":",
    "integrity ",
    "checksum = \"",
    "\"resolved\":",
    "resolved ",
    "resolution:",
    "hash = \"",
    "hashes = [",
];

/// Entries of one hunk whose pinned bytes change while their version does not.
fn integrity_swaps(basename: &str, hunk: &crate::engine::diff::Hunk) -> Vec<String> {
    use crate::engine::diff::LineKind;
    let mut swapped = Vec::new();
    if basename == "go.sum" {
        let key = |line: &str| {
            let mut words = line.split_whitespace();
            Some((
                words.next()?.to_string(),
                words.next()?.to_string(),
                words.next()?.to_string(),
            ))
        };
        let removed: Vec<_> = hunk.removed().filter_map(key).collect();
        for (module, version, hash) in hunk.added().filter_map(key) {
            let swap = removed
                .iter()
                .any(|(m, v, h)| *m == module && *v == version && *h != hash);
            if swap && !swapped.contains(&module) {
                swapped.push(format!("{module} {version}"));
            }
        }
        return swapped;
    }
    let mut entry = String::new();
    let (mut version_changed, mut old_pins, mut new_pins) = (false, Vec::new(), Vec::new());
    let close = |entry: &str,
                 version_changed: bool,
                 old: &mut Vec<String>,
                 new: &mut Vec<String>,
                 swapped: &mut Vec<String>| {
        if !entry.is_empty() && !version_changed && !old.is_empty() && !new.is_empty() && old != new
        {
            swapped.push(entry.to_string());
        }
        old.clear();
        new.clear();
    };
    for line in &hunk.lines {
        if let Some(name) = super::lockfile_names::entry_name(basename, line.text) {
            close(
                &entry,
                version_changed,
                &mut old_pins,
                &mut new_pins,
                &mut swapped,
            );
            entry = name;
            version_changed = false;
            continue;
        }
        if line.kind == LineKind::Context {
            continue;
        }
        let trimmed = line.text.trim();
        if VERSION_LINES
            .iter()
            .any(|prefix| trimmed.starts_with(prefix))
        {
            version_changed = true;
        } else if PIN_LINES.iter().any(|prefix| trimmed.starts_with(prefix)) {
            let pins = if line.kind == LineKind::Removed {
                &mut old_pins
            } else {
                &mut new_pins
            };
            pins.push(trimmed.trim_end_matches(',').to_string());
        }
    }
    close(
        &entry,
        version_changed,
        &mut old_pins,
        &mut new_pins,
        &mut swapped,
    );
    swapped
}

pub fn findings(facts: &FileFacts, patch: &Patch) -> Vec<Finding> {
    if !facts.lockfile {
        return Vec::new();
    }
    let basename = facts.lowercase_basename();
    let mut found = Vec::new();
    for hunk in &patch.hunks {
        let mut entry = String::new();
        for (line, added) in hunk.new_view() {
            let trimmed = line.trim();
            if let Some(name) = super::lockfile_names::entry_name(&basename, line) {
                entry = name;
            }
            if !added || found.len() >= MAX_FINDINGS {
                continue;
            }
            let Some(source) = source_of(trimmed) else {
                continue;
            };
            let lower = source.to_ascii_lowercase();
            let shown = crate::text::clip(&crate::redact::redact_tokens(&source), 80);
            if GIT_SOURCES.iter().any(|prefix| lower.starts_with(prefix)) || lower.contains(".git#")
            {
                found.push(finding(
                    FindingKind::LockfileForeignSource,
                    &facts.path,
                    format!(
                        "{} resolves from a git source ({shown}), not a registry version",
                        display(&entry)
                    ),
                    Severity::High,
                ));
            } else if let Some(tarball) = tarball_package(&lower) {
                if !entry.is_empty() && tarball != entry.to_ascii_lowercase() {
                    found.push(finding(
                        FindingKind::LockfileForeignSource,
                        &facts.path,
                        format!("{entry} resolves to another package's tarball ({tarball})"),
                        Severity::High,
                    ));
                }
            }
        }
    }
    // Entries a source finding already names are not repeated as a swap.
    for hunk in &patch.hunks {
        for entry in integrity_swaps(&basename, hunk) {
            let named = found
                .iter()
                .any(|finding| finding.detail.starts_with(&format!("{entry} ")));
            if !named && found.len() < MAX_FINDINGS {
                found.push(finding(
                    FindingKind::LockfileIntegritySwap,
                    &facts.path,
                    format!("{entry}: its integrity hash or source changes while its version does not (a registry never changes a published version's bytes)"),
                    Severity::High,
                ));
            }
        }
    }
    found
}

fn display(entry: &str) -> &str {
    if entry.is_empty() {
        "an entry"
    } else {
        entry
    }
}

/// The source URL or spec a lockfile line records, if it is a source line.
fn source_of(line: &str) -> Option<String> {
    let value = if let Some(rest) = line.strip_prefix("\"resolved\":") {
        rest
    } else if let Some(rest) = line.strip_prefix("resolved ") {
        rest
    } else if let Some(rest) = line.strip_prefix("source = ") {
        rest
    } else if let Some(rest) = line.strip_prefix("url = ") {
        rest
    } else if let Some((_, rest)) = line.split_once("tarball:") {
        rest
    } else if let Some((_, rest)) = line.split_once("repo:") {
        rest
    } else {
        return None;
    };
    let value = value
        .trim()
        .trim_end_matches([',', '}'])
        .trim()
        .trim_matches(['"', '\'']);
    (!value.is_empty()).then(|| value.to_string())
}

/// The package of a registry tarball URL: `…/NAME/-/FILE.tgz` (a scope keeps its `@scope/`).
fn tarball_package(url: &str) -> Option<String> {
    let path = url.split_once("://")?.1.split_once('/')?.1;
    let (package, _) = path.split_once("/-/")?;
    Some(package.replace("%2f", "/"))
}

#[cfg(test)]
mod tests {
    use super::super::testing::changed;
    use super::*;
    use crate::engine::files::classify_file;

    fn scan(path: &str, patch: &str) -> Vec<String> {
        let file = changed(path, "modified", patch);
        findings(
            &classify_file(&file),
            &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
        )
        .into_iter()
        .map(|finding| finding.detail)
        .collect()
    }

    #[test]
    fn an_npm_entry_resolving_to_another_package_is_found() {
        assert_eq!(
            scan("package-lock.json", "@@ -10,4 +10,4 @@\n     \"node_modules/lodash\": {\n       \"version\": \"4.17.21\",\n-      \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz\",\n+      \"resolved\": \"https://registry.npmjs.org/lodahs/-/lodahs-4.17.21.tgz\","),
            ["lodash resolves to another package's tarball (lodahs)"]
        );
    }

    #[test]
    fn yarn_entries_are_paired_with_their_tarball_and_scopes_match() {
        assert!(scan("yarn.lock", "@@ -1,3 +1,3 @@\n \"@babel/core@^7.0.0\":\n   version \"7.24.0\"\n+  resolved \"https://registry.yarnpkg.com/@babel/core/-/core-7.24.0.tgz#abc\"").is_empty());
        assert_eq!(
            scan("yarn.lock", "@@ -1,3 +1,3 @@\n left-pad@^1.3.0:\n   version \"1.3.0\"\n+  resolved \"https://registry.yarnpkg.com/left-pads/-/left-pads-1.3.0.tgz#abc\"").len(),
            1
        );
    }

    #[test]
    fn an_integrity_swap_at_an_unchanged_version_is_found_and_a_version_bump_is_not() {
        assert_eq!(
            scan("package-lock.json", "@@ -10,5 +10,5 @@\n     \"node_modules/lodash\": {\n       \"version\": \"4.17.21\",\n       \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz\",\n-      \"integrity\": \"sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==\",\n+      \"integrity\": \"sha512-Zq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSdZq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSdZq8Xk2LmN4pR7==\","),
            ["lodash: its integrity hash or source changes while its version does not (a registry never changes a published version's bytes)"]
        );
        assert!(scan("package-lock.json", "@@ -10,5 +10,5 @@\n     \"node_modules/lodash\": {\n-      \"version\": \"4.17.20\",\n+      \"version\": \"4.17.21\",\n-      \"integrity\": \"sha512-old==\",\n+      \"integrity\": \"sha512-new==\",").is_empty());
        assert_eq!(scan("go.sum", "@@ -1,2 +1,2 @@\n-github.com/google/uuid v1.6.0 h1:abc=\n+github.com/google/uuid v1.6.0 h1:def=").len(), 1);
    }

    #[test]
    fn git_and_ssh_sources_are_found_in_every_lockfile_format() {
        for (path, patch) in [
            ("package-lock.json", "@@ -1,2 +1,3 @@\n     \"node_modules/util\": {\n+      \"resolved\": \"git+ssh://git@github.com/someone/util.git#0123abc\","),
            ("Cargo.lock", "@@ -1,3 +1,3 @@\n name = \"serde\"\n version = \"1.0.0\"\n+source = \"git+https://github.com/someone/serde?rev=0123#0123\""),
            ("pnpm-lock.yaml", "@@ -1,2 +1,3 @@\n   /util@1.0.0:\n+    resolution: {tarball: git+ssh://git@github.com/x/util.git}"),
        ] {
            assert_eq!(scan(path, patch).len(), 1, "{path}");
        }
        assert!(scan("Cargo.lock", "@@ -1,2 +1,3 @@\n name = \"serde\"\n+source = \"registry+https://github.com/rust-lang/crates.io-index\"").is_empty());
    }
}
