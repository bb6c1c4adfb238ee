//! Dependency changes read from manifest patches: new packages, removed packages, version
//! changes and downgrades, and dependency specs that bypass the registry (git, URL, local path).
//!
//! What it detects: for each changed manifest, the dependency declarations on removed lines
//! (old side) and added lines (new side), paired by package name.
//!
//! Why it matters: a new package is new code nobody on the team reviewed; a downgrade can
//! re-introduce a fixed vulnerability; a git/URL spec is mutable and skips the registry's
//! integrity checks (Socket: "mutable git/http deps"). A Dependabot bump is a version change,
//! low severity on its own.
//!
//! Source: Socket's checks for new dependencies and GitHub's dependency-review-action
//! (docs/sources.md, "Supply chain").

use std::collections::BTreeMap;

use super::ecosystems;
use super::model::{finding, Scanner};
use super::view::FileView;
use crate::engine::diff::Hunk;
use crate::signal::{Finding, FindingKind, Severity};

/// Findings kept per manifest; beyond it one summary finding says how many more there were.
const MAX_FINDINGS_PER_FILE: usize = 25;

/// How a version spec obtains the package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Registry,
    Git,
    Url,
    Local,
}

/// Classifies a spec: git (`git+`, `github:`, `.git`, `git =`, `branch:`), URL (`http(s)://`,
/// PEP 508 `@ https://`), local (`file:`, `link:`, `path`), otherwise a registry version.
pub fn source_of(spec: &str) -> Source {
    let lower = spec.trim().to_ascii_lowercase();
    let git_markers = [
        "git+",
        "git://",
        "git@",
        "github:",
        "gitlab:",
        "bitbucket:",
        "git=",
        "git:",
        "github=",
        "branch:",
        "branch=",
    ];
    let squeezed: String = lower
        .chars()
        .filter(|character| !character.is_whitespace())
        .collect();
    if git_markers.iter().any(|marker| squeezed.contains(marker))
        || lower.contains(".git") && lower.contains("://")
    {
        return Source::Git;
    }
    if lower.contains("http://") || lower.contains("https://") {
        return Source::Url;
    }
    if ["file:", "link:", "path=", "path:", "portal:"]
        .iter()
        .any(|marker| squeezed.contains(marker))
        || lower.starts_with("../")
        || lower.starts_with("./")
    {
        return Source::Local;
    }
    Source::Registry
}

/// The first dotted version number in a spec (`^1.2.3` → [1, 2, 3], `~> 6.0` → [6, 0]).
pub fn version_numbers(spec: &str) -> Option<Vec<u64>> {
    let start = spec.find(|character: char| character.is_ascii_digit())?;
    let version: String = spec
        .get(start..)?
        .chars()
        .take_while(|character| character.is_ascii_digit() || *character == '.')
        .collect();
    let numbers: Vec<u64> = version
        .split('.')
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<u64>().unwrap_or(u64::MAX))
        .collect();
    (!numbers.is_empty()).then_some(numbers)
}

/// True when `new` names a lower version than `old` (missing components count as 0).
pub fn is_downgrade(old: &str, new: &str) -> bool {
    let (Some(old), Some(new)) = (version_numbers(old), version_numbers(new)) else {
        return false;
    };
    let length = old.len().max(new.len());
    let pad = |mut numbers: Vec<u64>| {
        numbers.resize(length, 0);
        numbers
    };
    pad(new) < pad(old)
}

/// Dependency findings for one manifest.
pub fn findings(view: &FileView) -> Vec<Finding> {
    let facts = view.facts;
    if view.file.patch.is_none() {
        return Vec::new();
    }
    let Some(scanner) = ecosystems::scanner_for(facts) else {
        return Vec::new();
    };
    let patch = view.patch();
    let mut old: BTreeMap<String, String> = BTreeMap::new();
    let mut new: BTreeMap<String, String> = BTreeMap::new();
    let mut extra = Vec::new();
    for hunk in &patch.hunks {
        collect(scanner, hunk, &hunk.old_view(), &mut old, &mut Vec::new());
        collect(scanner, hunk, &hunk.new_view(), &mut new, &mut extra);
    }
    let path = facts.path.as_str();
    let mut found: Vec<Finding> = extra
        .into_iter()
        .map(|(id, severity, detail)| finding(id, path, detail, severity))
        .collect();
    for (name, spec) in &new {
        match old.get(name) {
            None => {
                found.push(finding(
                    FindingKind::NewDependency,
                    path,
                    format!("adds {name} {spec}").trim_end().to_string(),
                    Severity::Medium,
                ));
                let ecosystem = facts.ecosystem.unwrap_or("");
                if let Some(popular) = super::squats::look_alike(ecosystem, name) {
                    found.push(finding(
                        FindingKind::PackageNameSquat,
                        path,
                        format!("adds {name}, which looks like {popular}; check it is the package you mean"),
                        Severity::High,
                    ));
                }
            }
            Some(previous) if previous != spec && is_downgrade(previous, spec) => {
                found.push(finding(
                    FindingKind::VersionDowngrade,
                    path,
                    format!("downgrades {name} from {previous} to {spec}"),
                    Severity::High,
                ))
            }
            Some(previous) if previous != spec => found.push(finding(
                FindingKind::VersionChange,
                path,
                format!("changes {name} from {previous} to {spec}"),
                Severity::Low,
            )),
            Some(_) => {}
        }
        let source = source_of(spec);
        let changed_source = old
            .get(name)
            .is_none_or(|previous| source_of(previous) != source);
        if changed_source {
            match source {
                Source::Git => found.push(finding(
                    FindingKind::GitDependency,
                    path,
                    format!("{name} comes from git ({spec}): mutable, bypasses the registry"),
                    Severity::High,
                )),
                Source::Url => found.push(finding(
                    FindingKind::UrlDependency,
                    path,
                    format!("{name} is downloaded from a URL ({spec}), outside the registry"),
                    Severity::High,
                )),
                Source::Local => found.push(finding(
                    FindingKind::LocalDependency,
                    path,
                    format!("{name} points at a local path ({spec})"),
                    Severity::Medium,
                )),
                Source::Registry => {}
            }
        }
    }
    for (name, spec) in &old {
        if !new.contains_key(name) {
            found.push(finding(
                FindingKind::RemovedDependency,
                path,
                format!("removes {name} {spec}").trim_end().to_string(),
                Severity::Low,
            ));
        }
    }
    if found.len() > MAX_FINDINGS_PER_FILE {
        let more = found.len() - MAX_FINDINGS_PER_FILE;
        found.truncate(MAX_FINDINGS_PER_FILE);
        found.push(finding(
            FindingKind::MoreDependencyChanges,
            path,
            format!("{more} more dependency change(s) in this file"),
            Severity::Low,
        ));
    }
    found
}

fn collect(
    scanner: Scanner,
    hunk: &Hunk,
    view: &[(&str, bool)],
    into: &mut BTreeMap<String, String>,
    extra: &mut Vec<(FindingKind, Severity, String)>,
) {
    let scan = scanner(hunk, view);
    for dependency in scan.dependencies {
        into.entry(dependency.name).or_insert(dependency.spec);
    }
    extra.extend(scan.other);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_classified_by_source() {
        assert_eq!(source_of("^1.2.3"), Source::Registry);
        assert_eq!(
            source_of("git+https://github.com/a/b.git#main"),
            Source::Git
        );
        assert_eq!(source_of("github:user/repo"), Source::Git);
        assert_eq!(
            source_of("{ git = \"https://github.com/a/b\" }"),
            Source::Git
        );
        assert_eq!(source_of("https://example.com/pkg.tgz"), Source::Url);
        assert_eq!(source_of("file:../local"), Source::Local);
        assert_eq!(source_of("{ path = \"../core\" }"), Source::Local);
    }

    #[test]
    fn downgrades_compare_numerically() {
        assert!(is_downgrade("^1.10.0", "^1.9.0"));
        assert!(is_downgrade("2.0", "1.9.9"));
        assert!(!is_downgrade("1.9", "1.10"));
        assert!(!is_downgrade("1.0", "1.0.0"));
        assert!(!is_downgrade("latest", "1.0"));
        assert_eq!(version_numbers("~> 6.0"), Some(vec![6, 0]));
    }
}
