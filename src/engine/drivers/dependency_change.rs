//! `dependency_change`: the PR changes what the project depends on.
//!
//! **What it detects.** Dependency findings of the supply-chain section: packages added,
//! removed, re-versioned or downgraded, git/URL/local specs, package-index switches and Go
//! `replace`s — or a changed manifest whose patch GitHub did not send. The weight scales with
//! the worst finding: a version bump is low, a new package medium, a downgrade or a git/URL spec
//! high. A manifest change that touches no dependency (e.g. the package's own version) does not
//! fire; the `dependencies` flag still shows it.
//!
//! **Why it matters.** Every new or updated package is code nobody on the team reviewed;
//! compromised new versions of existing dependencies (event-stream) are the classic vector.
//!
//! **Example.** "Dependencies changed in pom.xml: 1 version change (changes
//! maven-surefire-plugin from 3.2.5 to 3.3.0)".

use super::{DriverSpec, finding_paths, findings_of, fire, worst_factor};
use crate::engine::sections::supply_chain::DEPENDENCY_FINDINGS;
use crate::engine::context::{Context, Sections};
use crate::settings::weights::severity_factor;
use crate::signal::{Driver, FindingKind, Severity};

/// Summary labels: `(finding id, singular, plural)`.
const LABELS: &[(FindingKind, &str, &str)] = &[
    (FindingKind::VersionDowngrade, "downgrade", "downgrades"),
    (FindingKind::GitDependency, "git dependency", "git dependencies"),
    (FindingKind::UrlDependency, "URL dependency", "URL dependencies"),
    (
        FindingKind::PackageIndex,
        "package-index change",
        "package-index changes",
    ),
    (FindingKind::GoReplace, "module replacement", "module replacements"),
    (
        FindingKind::LocalDependency,
        "local-path dependency",
        "local-path dependencies",
    ),
    (FindingKind::NewDependency, "new package", "new packages"),
    (
        FindingKind::LockfileNewPackages,
        "lockfile adding packages",
        "lockfiles adding packages",
    ),
    (FindingKind::RemovedDependency, "removed package", "removed packages"),
    (FindingKind::VersionChange, "version change", "version changes"),
];

/// `dependency_change` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "dependency_change",
    label: "Dependency change",
    weight: 0.25,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): ordinary dependency findings are hygiene and weigh 0 (HYGIENE_FINDINGS; the driver fired on 18.8 % of the corpus with lift 0.30); git/URL specs, downgrades and registry changes still weigh; default kept: Socket; Scorecard / GitHub dependency review; Danger lockfile rules; docs/sources.md, \"Supply chain\"; scaled by the worst dependency finding (version bump low … git/url spec or downgrade high)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let findings = findings_of(sections, DEPENDENCY_FINDINGS);
    let unread: Vec<String> = context
        .files
        .iter()
        .filter(|file| file.manifest && file.patch_withheld)
        .map(|file| file.path.clone())
        .collect();
    if findings.is_empty() && unread.is_empty() {
        return None;
    }
    let mut paths = finding_paths(&findings);
    let mut parts: Vec<String> = LABELS
        .iter()
        .filter_map(|(id, singular, plural)| {
            let count = findings.iter().filter(|finding| finding.id == *id).count();
            (count > 0).then(|| format!("{count} {}", if count == 1 { singular } else { plural }))
        })
        .collect();
    for path in &unread {
        if !paths.contains(path) {
            paths.push(path.clone());
        }
    }
    if !unread.is_empty() {
        parts.push(format!(
            "{} manifest(s) without a readable patch",
            unread.len()
        ));
    }
    let mut detail = format!(
        "Dependencies changed in {}: {}",
        super::name_list(&paths),
        parts.join(", ")
    );
    if let Some(first) = findings.first() {
        detail.push_str(&format!(" ({})", first.detail));
    }
    let scale = worst_factor(&findings).unwrap_or(severity_factor(Severity::Low));
    fire(context, &SPEC, scale, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(path: &str, patch: Option<&str>) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": path, "status": "modified", "additions": 1, "deletions": 1, "patch": patch}
        ]}))
    }

    #[test]
    fn a_maven_plugin_bump_is_hygiene_and_adds_nothing() {
        // A version change stays a finding; as hygiene it weighs 0 (HYGIENE_FINDINGS).
        assert!(case("pom.xml", Some("@@ -1,4 +1,4 @@\n <plugin>\n <artifactId>maven-surefire-plugin</artifactId>\n-<version>3.2.5</version>\n+<version>3.3.0</version>\n </plugin>"))
            .fired(evaluate)
            .is_none());
    }

    #[test]
    fn risky_specs_weigh_more_and_non_dependency_edits_do_not_fire() {
        let git = case("package.json", Some("@@ -1,2 +1,3 @@\n   \"dependencies\": {\n+    \"x\": \"git+https://github.com/a/x.git\"\n   }"))
            .fired(evaluate)
            .unwrap();
        assert_eq!(git.weight, 0.20);
        assert!(case(
            "package.json",
            Some("@@ -1,3 +1,3 @@\n {\n-  \"version\": \"1.0.0\",\n+  \"version\": \"1.0.1\",")
        )
        .fired(evaluate)
        .is_none());
        let unread = case("Cargo.toml", None).fired(evaluate).unwrap();
        assert!(unread.detail.contains("without a readable patch"));
    }
}
