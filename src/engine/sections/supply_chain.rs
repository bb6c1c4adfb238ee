//! `supply_chain`: does this PR change what gets installed, built or run in CI?
//!
//! **What it does.** Sets the reference product's four flags — `dependencies` (a dependency
//! manifest changed), `lockfile`, `ci_config`, `build_scripts` — from the classified files, and
//! reads the patches for findings: new, removed, changed and downgraded packages; git, URL and
//! local dependency specs; package-index switches; Go `replace`s; new or changed install
//! scripts; remote scripts piped into a shell and unpinned Docker base images; lockfile drift
//! and untrusted lockfile sources; and workflow dangers (Scorecard's
//! Dangerous-Workflow, Pinned-Dependencies and Token-Permissions on the changed lines).
//!
//! **Why it matters.** Lockfiles and generated files are excluded from review size, but they
//! carry attacks ("an unexpected or typosquatted package is exactly what a second reviewer
//! should catch"); this section keeps them visible. Works on private repos without GitHub
//! Advanced Security, where the dependency-review API answers 403.
//!
//! **Ecosystems.** npm/yarn/pnpm, Composer, Deno, Cargo, pip/requirements, Poetry, uv, Pipenv,
//! Go, Maven, Gradle (scripts and version catalogs), Ruby, CocoaPods, NuGet, Swift, pub, mix.
//!
//! **Source.** docs/sources.md, "Supply chain" (Socket, OpenSSF Scorecard, GitHub dependency
//! review, Danger); each finder's module names its own.
//! Findings are ordered by severity (critical first), then path.

mod autorun;
mod build_scripts;
mod build_steps;
mod compiled_code;
mod dependencies;
mod ecosystems;
mod hidden_text;
mod install_scripts;
mod lockfile_names;
mod lockfile_sources;
mod lockfiles;
mod manifest_go;
mod manifest_json;
mod manifest_lines;
mod manifest_python;
mod manifest_toml;
mod manifest_xml;
mod model;
mod registries;
mod secret_keywords;
mod secret_placeholders;
mod secrets;
mod setup_py;
mod squats;
#[cfg(test)]
mod testing;
mod text_marks;
mod view;
mod workflow_checkout;
mod workflow_expressions;
mod workflow_hygiene;
mod workflow_injection;
mod workflow_model;
mod workflow_yaml;

/// The "path" of findings about the PR's title and description (no file): SARIF and
/// annotations name no file for them (`crate::sarif`).
pub use hidden_text::PR_TEXT;
mod workflows;

use std::collections::BTreeMap;

use crate::engine::context::Context;
use crate::engine::diff;
use crate::signal::{Finding, FindingKind, SupplyChain};
use view::FileView;

/// Finding kinds that describe dependency declarations (read by `dependency_change`).
pub(crate) const DEPENDENCY_FINDINGS: &[FindingKind] = &[
    FindingKind::NewDependency,
    FindingKind::RemovedDependency,
    FindingKind::VersionChange,
    FindingKind::VersionDowngrade,
    FindingKind::GitDependency,
    FindingKind::UrlDependency,
    FindingKind::LocalDependency,
    FindingKind::PackageIndex,
    FindingKind::GoReplace,
    FindingKind::LockfileNewPackages,
    FindingKind::MoreDependencyChanges,
];

/// Finding kinds of workflow dangers (read by `dangerous_workflow`).
pub(crate) const WORKFLOW_FINDINGS: &[FindingKind] = &[
    FindingKind::WorkflowPrTargetCheckout,
    FindingKind::WorkflowPrHeadCheckout,
    FindingKind::WorkflowScriptInjection,
    FindingKind::WorkflowWritePermissions,
    FindingKind::WorkflowSecretUse,
    FindingKind::WorkflowDangerousTrigger,
    FindingKind::WorkflowCachePoisoning,
    FindingKind::WorkflowArtipacked,
];

/// Finding kinds of actions not pinned to a commit (read by `unpinned_action`).
pub(crate) const PINNING_FINDINGS: &[FindingKind] = &[FindingKind::UnpinnedAction];

/// Finding kinds of credentials in added lines (read by `secret_in_diff`).
pub(crate) const SECRET_FINDINGS: &[FindingKind] = &[FindingKind::SecretInDiff];

/// Finding kinds of text that reads differently from what it does (read by `hidden_text`).
pub(crate) const HIDDEN_TEXT_FINDINGS: &[FindingKind] = &[
    FindingKind::HiddenUnicode,
    FindingKind::MixedScriptIdentifier,
    FindingKind::AgentInstructions,
];

/// Finding kinds of package-source switches (read by `registry_switch`).
pub(crate) const REGISTRY_FINDINGS: &[FindingKind] = &[
    FindingKind::RegistrySwitch,
    FindingKind::LockfileForeignSource,
    FindingKind::LockfileIntegritySwap,
];

/// Finding kinds of package names that imitate popular ones (read by `package_name_squat`).
pub(crate) const SQUAT_FINDINGS: &[FindingKind] = &[FindingKind::PackageNameSquat];

/// Finding kinds of configuration that runs commands by itself (read by `autorun_config`).
pub(crate) const AUTORUN_FINDINGS: &[FindingKind] = &[
    FindingKind::AutorunConfig,
    FindingKind::CiTestConfig,
    FindingKind::WritesOutsideWorkTree,
];

/// Finding kinds of download-and-execute patterns in build scripts and CI (read by
/// `build_script_change`).
pub(crate) const BUILD_FINDINGS: &[FindingKind] =
    &[FindingKind::RemoteScript, FindingKind::UnpinnedImage];

/// Finding kinds of lockfile drift and lockfile sources (read by `lockfile_drift`).
pub(crate) const LOCKFILE_FINDINGS: &[FindingKind] = &[
    FindingKind::ManifestWithoutLockfile,
    FindingKind::LockfileWithoutManifest,
    FindingKind::LockfileUntrustedSource,
];

/// Finding kinds that declare a dependency change (a manifest counted by lockfile drift).
const DECLARING_FINDINGS: &[FindingKind] = &[
    FindingKind::NewDependency,
    FindingKind::RemovedDependency,
    FindingKind::VersionChange,
    FindingKind::VersionDowngrade,
];

/// Folds identical findings (same id, path and detail, e.g. one action bumped in four jobs of a
/// workflow) into one that says how many times it occurs.
fn merge_repeats(findings: Vec<Finding>) -> Vec<Finding> {
    let mut merged: Vec<(Finding, usize)> = Vec::new();
    let mut position: BTreeMap<(FindingKind, String, String), usize> = BTreeMap::new();
    for finding in findings {
        let key = (finding.id, finding.path.clone(), finding.detail.clone());
        match position.get(&key) {
            Some(&at) => merged[at].1 += 1,
            None => {
                position.insert(key, merged.len());
                merged.push((finding, 1));
            }
        }
    }
    merged
        .into_iter()
        .map(|(mut finding, count)| {
            if count > 1 {
                finding.detail.push_str(&format!(" ({count} times)"));
            }
            finding
        })
        .collect()
}

pub fn assess(context: &Context) -> SupplyChain {
    let files = &context.files;
    let changed = context.bundle.files.as_deref().unwrap_or(&[]);
    let mut findings: Vec<Finding> = Vec::new();
    let mut changed_dependencies = Vec::new();
    for facts in files {
        let Some(file) = changed.get(facts.index) else {
            continue;
        };
        let view = FileView::new(file, facts);
        if facts.manifest {
            let found = dependencies::findings(&view);
            let declares = found
                .iter()
                .any(|finding| DECLARING_FINDINGS.contains(&finding.id));
            if declares {
                changed_dependencies.push(facts);
            }
            findings.extend(found);
        }
        findings.extend(install_scripts::findings(&view));
        findings.extend(compiled_code::minified(file, facts));
        // Only test files whose patch names a home or system path are parsed for the check.
        let outside = build_steps::test_code(facts)
            && file.patch.as_deref().is_some_and(|text| {
                crate::text::contains_any_ignore_case(
                    text,
                    &[
                        ".ssh/",
                        "authorized_keys",
                        "rc\"",
                        "rc'",
                        ".profile",
                        "crontab",
                        "/etc/",
                        ".npmrc",
                        ".gitconfig",
                        ".pypirc",
                    ],
                )
            });
        if outside {
            findings.extend(build_steps::writes_outside(facts, view.patch()));
        }
        findings.extend(build_scripts::findings(&view));
        findings.extend(workflows::findings(&view));
        // The scans that read every file's added lines get the parsed patch only when one of
        // them can find something there (most files of a large PR are plain ASCII code); when
        // none can, they would find nothing in it either.
        let text = file.patch.as_deref().unwrap_or("");
        let registry_settings = registries::settings_of(&view);
        let autorun_kind = autorun::kind_of(&view);
        let needs_lines = facts.lockfile
            || registry_settings.is_some()
            || autorun_kind.is_some()
            || diff::lines(text).any(|line| {
                line.starts_with('+')
                    && (!line.is_ascii()
                        || secrets::may_hold(line)
                        || registries::may_hold_line(line)
                        || autorun::may_hold_line(line))
            });
        let unread = diff::Patch::default();
        let patch = if needs_lines { view.patch() } else { &unread };
        findings.extend(secrets::findings(facts, patch));
        findings.extend(registries::findings(facts, registry_settings, patch));
        findings.extend(autorun::findings(file, facts, autorun_kind, patch));
        findings.extend(hidden_text::findings(&view, patch));
        findings.extend(lockfiles::sources(&view));
        findings.extend(lockfile_sources::findings(facts, patch));
        findings.extend(lockfiles::new_packages(&view, files));
    }
    findings.extend(lockfiles::drift(files, &changed_dependencies));
    findings.extend(compiled_code::bundles(files));
    findings.extend(super::integrity::findings(context));
    findings.extend(hidden_text::pr_text_findings(context.bundle));
    let mut findings = merge_repeats(findings);
    crate::order::sort_by(&mut findings, |a, b| {
        b.severity
            .cmp(&a.severity)
            .then_with(|| a.path.cmp(&b.path))
    });
    SupplyChain {
        dependencies: files.iter().any(|file| file.manifest),
        lockfile: files.iter().any(|file| file.lockfile),
        ci_config: files.iter().any(|file| file.ci_config),
        build_scripts: files.iter().any(|file| file.build_script),
        findings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::Bundle;
    use crate::engine::files::classify_all;
    use crate::settings::Settings;
    use crate::signal::Severity;
    use serde_json::json;

    fn supply_chain(files: serde_json::Value) -> SupplyChain {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 1}, "files": files})).unwrap();
        let settings = Settings::default();
        let context = Context {
            bundle: &bundle,
            settings: &settings,
            now: 0,
            files: classify_all(&bundle, &settings),
        };
        assess(&context)
    }

    fn ids(chain: &SupplyChain) -> Vec<FindingKind> {
        chain.findings.iter().map(|finding| finding.id).collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn arbitrary_manifest_and_workflow_patches_never_panic(text in "(@@ -1 \\+1 @@[ \\[\\]a-z\"{:]{0,10}\n)?([-+ ]?[ -~é]{0,50}\n){0,25}") {
            let paths = [
                "package.json", "Cargo.toml", "requirements.txt", "pyproject.toml", "setup.py", "go.mod", "pom.xml",
                "build.gradle", "gradle/libs.versions.toml", "Gemfile", "x.gemspec", "composer.json", "App.csproj",
                "Package.swift", "pubspec.yaml", "mix.exs", "Pipfile", "package-lock.json", ".github/workflows/ci.yml",
                "build.rs",
            ];
            let files: Vec<serde_json::Value> = paths
                .iter()
                .map(|path| json!({"filename": path, "status": "modified", "additions": 1, "deletions": 1, "patch": text}))
                .collect();
            let chain = supply_chain(serde_json::Value::Array(files));
            proptest::prop_assert!(chain.dependencies && chain.lockfile && chain.ci_config && chain.build_scripts);
            for finding in &chain.findings {
                proptest::prop_assert!(!finding.path.is_empty());
            }
        }
    }

    #[test]
    fn docs_only_change_sets_no_flags_and_no_findings() {
        let chain = supply_chain(
            json!([{"filename": "README.md", "status": "modified", "additions": 2, "deletions": 1, "patch": "@@ -1 +1,2 @@\n-a\n+b\n+c"}]),
        );
        assert!(!chain.dependencies && !chain.lockfile && !chain.ci_config && !chain.build_scripts);
        assert!(chain.findings.is_empty());
    }

    #[test]
    fn dependabot_npm_bump_is_a_low_version_change_without_drift() {
        let chain = supply_chain(json!([
            {"filename": "package.json", "status": "modified", "additions": 1, "deletions": 1,
             "patch": "@@ -10,3 +10,3 @@\n   \"dependencies\": {\n-    \"axios\": \"^1.6.0\"\n+    \"axios\": \"^1.7.4\"\n   }"},
            {"filename": "package-lock.json", "status": "modified", "additions": 5, "deletions": 5,
             "patch": "@@ -1 +1 @@\n-      \"resolved\": \"https://registry.npmjs.org/axios/-/axios-1.6.0.tgz\",\n+      \"resolved\": \"https://registry.npmjs.org/axios/-/axios-1.7.4.tgz\","}
        ]));
        assert!(chain.dependencies && chain.lockfile);
        assert_eq!(ids(&chain), [FindingKind::VersionChange]);
        assert_eq!(chain.findings[0].severity, Severity::Low);
        assert_eq!(
            chain.findings[0].detail,
            "changes axios from ^1.6.0 to ^1.7.4"
        );
    }

    #[test]
    fn risky_specs_downgrades_and_drift_are_found_and_ordered_by_severity() {
        let chain = supply_chain(json!([
            {"filename": "package.json", "status": "modified", "additions": 2, "deletions": 1,
             "patch": "@@ -10,3 +10,4 @@\n   \"dependencies\": {\n-    \"lodash\": \"^4.17.21\"\n+    \"lodash\": \"^4.17.15\",\n+    \"helper\": \"github:someone/helper\"\n   }"}
        ]));
        assert_eq!(
            ids(&chain),
            [
                FindingKind::GitDependency,
                FindingKind::VersionDowngrade,
                FindingKind::NewDependency,
                FindingKind::ManifestWithoutLockfile
            ]
        );
    }

    #[test]
    fn every_listed_ecosystem_reports_a_new_package() {
        for (path, patch) in [
            ("Cargo.toml", "@@ -1,2 +1,3 @@\n [dependencies]\n+rand = \"0.8\""),
            ("requirements.txt", "@@ -1 +1,2 @@\n flask==3.0\n+requests==2.32.0"),
            ("pyproject.toml", "@@ -1,3 +1,4 @@\n dependencies = [\n+  \"httpx>=0.27\",\n ]"),
            ("go.mod", "@@ -1,2 +1,3 @@\n require (\n+\tgithub.com/google/uuid v1.6.0\n )"),
            ("pom.xml", "@@ -1,2 +1,6 @@\n <dependencies>\n+<dependency>\n+<artifactId>guava</artifactId>\n+<version>33.0</version>\n+</dependency>"),
            ("build.gradle", "@@ -1,2 +1,3 @@\n dependencies {\n+  implementation 'com.google.guava:guava:33.0.0-jre'"),
            ("Gemfile", "@@ -1 +1,2 @@\n source 'https://rubygems.org'\n+gem 'nokogiri', '~> 1.16'"),
            ("composer.json", "@@ -1,2 +1,3 @@\n   \"require\": {\n+    \"monolog/monolog\": \"^3.0\"\n   }"),
            ("App.csproj", "@@ -1 +1,2 @@\n <ItemGroup>\n+  <PackageReference Include=\"Dapper\" Version=\"2.1.35\" />"),
            ("Package.swift", "@@ -1 +1,2 @@\n dependencies: [\n+  .package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\"),"),
            ("pubspec.yaml", "@@ -1 +1,2 @@\n dependencies:\n+  dio: ^5.4.0"),
            ("mix.exs", "@@ -1 +1,2 @@\n defp deps do\n+  [{:jason, \"~> 1.4\"}]"),
        ] {
            let chain = supply_chain(json!([{"filename": path, "status": "modified", "additions": 1, "deletions": 0, "patch": patch}]));
            assert!(chain.dependencies, "{path}");
            assert!(ids(&chain).contains(&FindingKind::NewDependency), "{path}: {:?}", chain.findings);
        }
    }

    #[test]
    fn workflow_and_build_flags_come_with_workflow_findings() {
        let chain = supply_chain(json!([
            {"filename": ".github/workflows/ci.yml", "status": "modified", "additions": 1, "deletions": 1,
             "patch": "@@ -1,2 +1,2 @@\n     steps:\n-      - uses: actions/checkout@v4\n+      - uses: actions/cache@v4"},
            {"filename": "Dockerfile", "status": "modified", "additions": 1, "deletions": 0, "patch": "@@ -1 +1,2 @@\n FROM alpine\n+RUN apk add curl"}
        ]));
        assert!(chain.ci_config && chain.build_scripts && !chain.dependencies);
        assert_eq!(ids(&chain), [FindingKind::UnpinnedAction]);
    }

    #[test]
    fn repeated_findings_in_one_file_are_folded_with_a_count() {
        let chain = supply_chain(json!([
            {"filename": ".github/workflows/ci.yml", "status": "modified", "additions": 2, "deletions": 2,
             "patch": "@@ -1,2 +1,2 @@\n-      - uses: actions/setup-node@v5\n+      - uses: actions/setup-python@v6\n@@ -9,2 +9,2 @@\n-      - uses: actions/setup-node@v5\n+      - uses: actions/setup-python@v6"}
        ]));
        assert_eq!(ids(&chain), [FindingKind::UnpinnedAction]);
        assert!(chain.findings[0]
            .detail
            .ends_with("not pinned to a commit SHA (2 times)"));
    }
}
