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
//! Source: Danger's "package.json changed without the lockfile" rule (danger.systems
//! reference rules), PostHog#85564.

use std::collections::BTreeSet;

use crate::engine::files::FileFacts;
use crate::settings::paths::LOCKFILE_EXPECTED;
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::view::FileView;

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
                FindingKind::ManifestWithoutLockfile,
                &manifest.path,
                format!("{ecosystem} dependencies changed but no {ecosystem} lockfile changed"),
                Severity::Medium,
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
                    .any(|file| file.path.to_ascii_lowercase().ends_with("pyproject.toml")));
        if !manifest_changed && lockfile.status != "removed" {
            found.push(finding(
                FindingKind::LockfileWithoutManifest,
                &lockfile.path,
                format!("lockfile changed without a change to its {ecosystem} manifest"),
                Severity::Low,
            ));
        }
    }
    found
}

/// Package names listed on some lines of a lockfile (the one entry parser,
/// [`super::lockfile_names::entry_name`]).
fn package_names<'a>(basename: &str, lines: impl Iterator<Item = &'a str>) -> BTreeSet<String> {
    lines
        .filter_map(|line| super::lockfile_names::entry_name(basename, line))
        .collect()
}

/// Packages a lockfile adds (names on added lines that no removed line had): the transitive
/// arrivals a reviewer never sees in the manifest. Medium when no manifest of the ecosystem
/// changed (nothing declared them), low otherwise.
pub fn new_packages(view: &FileView, files: &[FileFacts]) -> Vec<Finding> {
    let facts = view.facts;
    if !facts.lockfile || view.file.patch.is_none() {
        return Vec::new();
    }
    let basename = view.lower_name();
    let patch = view.patch();
    let removed = package_names(basename, patch.removed());
    let added: Vec<String> = package_names(basename, patch.added())
        .into_iter()
        .filter(|name| !removed.contains(name))
        .collect();
    if added.is_empty() {
        return Vec::new();
    }
    let declared = files
        .iter()
        .any(|other| other.manifest && other.ecosystem == facts.ecosystem);
    let shown: Vec<&str> = added.iter().take(MAX_NAMES).map(String::as_str).collect();
    let more = added.len().saturating_sub(MAX_NAMES);
    let mut detail = format!(
        "lockfile adds {} package(s): {}",
        added.len(),
        shown.join(", ")
    );
    if more > 0 {
        detail.push_str(&format!(" and {more} more"));
    }
    if !declared {
        detail.push_str(" (no manifest change declares them)");
    }
    vec![finding(
        FindingKind::LockfileNewPackages,
        &facts.path,
        detail,
        if declared {
            Severity::Low
        } else {
            Severity::Medium
        },
    )]
}

/// Names listed in a `lockfile_new_packages` detail.
const MAX_NAMES: usize = 8;

/// Entries of an npm-family lockfile resolved from an untrusted or insecure source.
pub fn sources(view: &FileView) -> Vec<Finding> {
    let facts = view.facts;
    if !facts.lockfile || facts.ecosystem != Some("npm") || view.file.patch.is_none() {
        return Vec::new();
    }
    let patch = view.patch();
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
            finding(
                FindingKind::LockfileUntrustedSource,
                &facts.path,
                detail,
                Severity::High,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::ChangedFile;
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
        assert_eq!(found[0].id, FindingKind::ManifestWithoutLockfile);
        assert_eq!(found[0].path, "package.json");
        let (_, lock) = facts("package-lock.json", None);
        assert!(drift(&[package.clone(), lock], &[&package]).is_empty());
    }

    #[test]
    fn lockfile_without_manifest_is_reported() {
        let (_, lock) = facts("yarn.lock", None);
        let found = drift(std::slice::from_ref(&lock), &[]);
        assert_eq!(found[0].id, FindingKind::LockfileWithoutManifest);
        let (_, pyproject) = facts("pyproject.toml", None);
        let (_, uv) = facts("uv.lock", None);
        assert!(drift(&[pyproject, uv], &[]).is_empty());
    }

    #[test]
    fn new_packages_are_read_from_every_lockfile_format() {
        for (path, patch, expected) in [
            ("package-lock.json", "@@ -1,2 +1,5 @@\n+    \"node_modules/left-pad\": {\n+      \"version\": \"1.3.0\",\n+    \"node_modules/@scope/pkg\": {\n-      \"version\": \"1.0.0\"", "left-pad"),
            ("yarn.lock", "@@ -1 +1,3 @@\n+\"@babel/core@^7.0.0\", \"@babel/core@^7.1.0\":\n+  version \"7.1.0\"\n+lodahs@^4.0.0:", "@babel/core"),
            ("pnpm-lock.yaml", "@@ -1 +1,2 @@\n packages:\n+  /evil-pkg@1.0.0:\n+    resolution: {integrity: sha512-x}", "evil-pkg"),
            ("Cargo.lock", "@@ -1 +1,3 @@\n+[[package]]\n+name = \"rand\"\n+version = \"0.8.5\"", "rand"),
            ("poetry.lock", "@@ -1 +1,2 @@\n+[[package]]\n+name = \"httpx\"", "httpx"),
            ("Gemfile.lock", "@@ -1 +1,2 @@\n   specs:\n+    nokogiri (1.16.0)\n+      racc (~> 1.4)", "nokogiri"),
            ("go.sum", "@@ -1 +1,2 @@\n+github.com/google/uuid v1.6.0 h1:abc=\n+github.com/google/uuid v1.6.0/go.mod h1:def=", "github.com/google/uuid"),
            ("composer.lock", "@@ -1 +1,2 @@\n+            \"name\": \"monolog/monolog\",", "monolog/monolog"),
        ] {
            let (file, lock) = facts(path, Some(patch));
            let found = new_packages(&FileView::new(&file, &lock), std::slice::from_ref(&lock));
            assert_eq!(found.len(), 1, "{path}");
            assert!(found[0].detail.contains(expected), "{path}: {}", found[0].detail);
            assert_eq!(found[0].severity, Severity::Medium, "{path}");
        }
    }

    #[test]
    fn version_bumps_in_a_lockfile_add_no_packages_and_declared_ones_are_low() {
        let (file, lock) = facts("Cargo.lock", Some("@@ -1,3 +1,3 @@\n [[package]]\n name = \"serde\"\n-version = \"1.0.1\"\n+version = \"1.0.2\""));
        assert!(new_packages(&FileView::new(&file, &lock), std::slice::from_ref(&lock)).is_empty());
        let (file, lock) = facts(
            "Cargo.lock",
            Some("@@ -1 +1,2 @@\n+[[package]]\n+name = \"rand\""),
        );
        let (_, manifest) = facts("Cargo.toml", None);
        let found = new_packages(&FileView::new(&file, &lock), &[lock.clone(), manifest]);
        assert_eq!(found[0].severity, Severity::Low);
        assert_eq!(found[0].detail, "lockfile adds 1 package(s): rand");
    }

    #[test]
    fn lockfile_entries_from_unknown_hosts_are_flagged_once_per_host() {
        let (file, lock) = facts(
            "package-lock.json",
            Some("@@ -1,3 +1,4 @@\n+      \"resolved\": \"https://registry.npmjs.org/a/-/a-1.0.0.tgz\",\n+      \"resolved\": \"https://evil.example/b/-/b-1.0.0.tgz\",\n+      \"resolved\": \"https://evil.example/c/-/c-1.0.0.tgz\",\n+      \"resolved\": \"http://mirror.local/d.tgz\","),
        );
        let found = sources(&FileView::new(&file, &lock));
        assert_eq!(found.len(), 2);
        assert!(found[0].detail.contains("https://evil.example"));
        assert!(found[1].detail.contains("plain HTTP"));
    }
}
