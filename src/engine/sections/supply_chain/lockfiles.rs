//! Lockfile drift and lockfile sources.
//!
//! What it detects:
//! - a manifest whose dependencies changed while no lockfile of that ecosystem changed, in
//!   ecosystems that commit lockfiles (`LOCKFILE_EXPECTED`: npm, Ruby, Composer, Go, Pipenv);
//! - a lockfile that changed while no manifest of its ecosystem did (the resolved tree moved
//!   without a declared reason: `npm update`, a hand edit, or an injected package);
//! - npm/yarn/pnpm lockfile entries resolved from a host other than the public registries, or
//!   over plain `http://` (lockfile injection: Liran Tal, "Why npm lockfiles can be a security
//!   blindspot", 2019).
//!
//! Why it matters: CI installs what the lockfile says, not what the manifest says; a reviewer
//! who skips the (excluded-from-size) lockfile must still be told when it disagrees.
//!
//! Source: Danger's "package.json changed without the lockfile" rule (scoring-reference §3.2),
//! PostHog#85564.

use std::collections::BTreeSet;

use crate::bundle::ChangedFile;
use crate::engine::diff;
use crate::engine::FileFacts;
use crate::settings::paths::LOCKFILE_EXPECTED;
use crate::signal::Finding;

use super::dependencies::finding;

/// Registries an npm-family lockfile may resolve from without comment.
const TRUSTED_REGISTRIES: &[&str] = &[
    "https://registry.npmjs.org/",
    "https://registry.yarnpkg.com/",
    "https://npm.pkg.github.com/",
    "https://registry.npmmirror.com/",
];

/// Distinct untrusted hosts reported per lockfile.
const MAX_HOSTS: usize = 25;

/// Lockfile-level drift findings over the whole PR. `changed_dependencies` lists the manifests
/// whose dependency declarations changed.
pub fn drift(files: &[FileFacts], changed_dependencies: &[&FileFacts]) -> Vec<Finding> {
    let mut found = Vec::new();
    let lockfile_changed = |ecosystem: &str| {
        files
            .iter()
            .any(|file| file.lockfile && file.ecosystem == Some(ecosystem))
    };
    for manifest in changed_dependencies {
        let Some(ecosystem) = manifest.ecosystem else {
            continue;
        };
        if LOCKFILE_EXPECTED.contains(&ecosystem) && !lockfile_changed(ecosystem) {
            found.push(finding(
                "manifest_without_lockfile",
                &manifest.path,
                format!("{ecosystem} dependencies changed but no {ecosystem} lockfile changed"),
                "medium",
            ));
        }
    }
    for lockfile in files.iter().filter(|file| file.lockfile) {
        let Some(ecosystem) = lockfile.ecosystem else {
            continue;
        };
        let manifest_changed = files
            .iter()
            .any(|file| file.manifest && file.ecosystem == Some(ecosystem))
            || (ecosystem == "pip"
                && files
                    .iter()
                    .any(|file| file.path.to_lowercase().ends_with("pyproject.toml")));
        if !manifest_changed && lockfile.status != "removed" {
            found.push(finding(
                "lockfile_without_manifest",
                &lockfile.path,
                format!("lockfile changed without a change to its {ecosystem} manifest"),
                "low",
            ));
        }
    }
    found
}

/// Entries of an npm-family lockfile resolved from an untrusted or insecure source.
pub fn sources(file: &ChangedFile, facts: &FileFacts) -> Vec<Finding> {
    if !facts.lockfile || facts.ecosystem != Some("npm") {
        return Vec::new();
    }
    let Some(text) = file.patch.as_deref() else {
        return Vec::new();
    };
    let patch = diff::parse(text);
    let mut hosts: Vec<String> = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for line in patch.added() {
        let text = line.trim();
        let is_source = text.starts_with("\"resolved\"")
            || text.starts_with("resolved ")
            || text.contains("tarball:");
        if !is_source {
            continue;
        }
        let Some(start) = text.find("http") else {
            continue;
        };
        let url = text
            .get(start..)
            .unwrap_or("")
            .trim_end_matches([',', '"', '}', ' ']);
        if TRUSTED_REGISTRIES
            .iter()
            .any(|registry| url.starts_with(registry))
        {
            continue;
        }
        let host = url.split('/').take(3).collect::<Vec<_>>().join("/");
        if seen.len() >= MAX_HOSTS {
            break;
        }
        if seen.insert(host.clone()) {
            hosts.push(host);
        }
    }
    hosts
        .into_iter()
        .map(|host| {
            let detail = if host.starts_with("http://") {
                format!("lockfile resolves packages over plain HTTP from {host}")
            } else {
                format!("lockfile resolves packages from {host}, not a public registry")
            };
            finding("lockfile_untrusted_source", &facts.path, detail, "high")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::files::classify_file;

    fn facts(path: &str, patch: Option<&str>) -> (ChangedFile, FileFacts) {
        let file = ChangedFile {
            filename: path.into(),
            status: "modified".into(),
            additions: 1,
            deletions: 1,
            patch: patch.map(str::to_string),
            ..Default::default()
        };
        let facts = classify_file(&file);
        (file, facts)
    }

    #[test]
    fn manifest_without_lockfile_only_in_lockfile_ecosystems() {
        let (_, package) = facts("package.json", None);
        let (_, cargo) = facts("Cargo.toml", None);
        let found = drift(&[package.clone(), cargo.clone()], &[&package, &cargo]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].id, "manifest_without_lockfile");
        assert_eq!(found[0].path, "package.json");
        let (_, lock) = facts("package-lock.json", None);
        assert!(drift(&[package.clone(), lock], &[&package]).is_empty());
    }

    #[test]
    fn lockfile_without_manifest_is_reported() {
        let (_, lock) = facts("yarn.lock", None);
        let found = drift(std::slice::from_ref(&lock), &[]);
        assert_eq!(found[0].id, "lockfile_without_manifest");
        let (_, pyproject) = facts("pyproject.toml", None);
        let (_, uv) = facts("uv.lock", None);
        assert!(drift(&[pyproject, uv], &[]).is_empty());
    }

    #[test]
    fn lockfile_entries_from_unknown_hosts_are_flagged_once_per_host() {
        let (file, lock) = facts(
            "package-lock.json",
            Some("@@ -1,3 +1,4 @@\n+      \"resolved\": \"https://registry.npmjs.org/a/-/a-1.0.0.tgz\",\n+      \"resolved\": \"https://evil.example/b/-/b-1.0.0.tgz\",\n+      \"resolved\": \"https://evil.example/c/-/c-1.0.0.tgz\",\n+      \"resolved\": \"http://mirror.local/d.tgz\","),
        );
        let found = sources(&file, &lock);
        assert_eq!(found.len(), 2);
        assert!(found[0].detail.contains("https://evil.example"));
        assert!(found[1].detail.contains("plain HTTP"));
    }
}
