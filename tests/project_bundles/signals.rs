//! Issue #32's classes, each as an attack and its harmless twin (`tests/bundles/signals-*`,
//! built by `signals-bundles.mjs` from `approved-on-head-steady-author`: an established
//! contributor's approved fix plus the one file the case needs). For every class the attack
//! carries the finding that names it and never reads "approve"; the twin carries no finding of
//! that kind above low and reads "approve" (the env-file twin "review": `.env*` paths are
//! sensitive whatever they hold). Each pair failed on the engine before this work: the attack
//! was missed or the twin raised (see the commit that added them).

use super::*;
use prlens::signal::{FindingKind, Severity};

/// (class, finding kind, least severity of the attack's finding, text its detail holds).
const CLASSES: &[(&str, FindingKind, Severity, &str)] = &[
    (
        "pwn-git-fetch",
        FindingKind::WorkflowPrTargetCheckout,
        Severity::Critical,
        "git fetch origin pull/",
    ),
    (
        "issue-comment-checkout",
        FindingKind::WorkflowPrTargetCheckout,
        Severity::Critical,
        "issue_comment workflow",
    ),
    (
        "workflow-run-artifact",
        FindingKind::WorkflowPrTargetCheckout,
        Severity::Critical,
        "downloads an artifact",
    ),
    (
        "template-injection",
        FindingKind::WorkflowScriptInjection,
        Severity::High,
        "pull_request.title",
    ),
    (
        "permissions",
        FindingKind::WorkflowWritePermissions,
        Severity::High,
        "contents: write",
    ),
    (
        "cache-poisoning",
        FindingKind::WorkflowCachePoisoning,
        Severity::Medium,
        "actions/setup-node",
    ),
    (
        "artipacked",
        FindingKind::WorkflowArtipacked,
        Severity::High,
        "persist-credentials",
    ),
    (
        "unpinned-action",
        FindingKind::UnpinnedAction,
        Severity::Medium,
        "someone/setup-tool@main",
    ),
    (
        "trojan-source",
        FindingKind::HiddenUnicode,
        Severity::High,
        "Trojan Source — ⟪U+202E⟫ (override: reverses the displayed line)",
    ),
    (
        "env-file-secret",
        FindingKind::SecretInDiff,
        Severity::High,
        "DB_PASSWORD",
    ),
    (
        "generic-secret",
        FindingKind::SecretInDiff,
        Severity::Medium,
        "UPSTREAM_CLIENT_SECRET",
    ),
    (
        "inline-lifecycle",
        FindingKind::InstallScript,
        Severity::High,
        "postinstall",
    ),
    (
        "in-tree-backend",
        FindingKind::InstallScript,
        Severity::High,
        "backend-path",
    ),
    (
        "setup-py-exec",
        FindingKind::InstallScript,
        Severity::High,
        "hidden or dynamic code",
    ),
    (
        "makefile-download-run",
        FindingKind::RemoteScript,
        Severity::High,
        "downloads something and runs it",
    ),
    (
        "dist-without-source",
        FindingKind::CompiledBundleChange,
        Severity::High,
        "compiled bundle",
    ),
    (
        "minified-in-source",
        FindingKind::MinifiedSource,
        Severity::Medium,
        "minified",
    ),
    (
        "lockfile-integrity-swap",
        FindingKind::LockfileIntegritySwap,
        Severity::High,
        "left-pad",
    ),
    (
        "test-writes-home",
        FindingKind::WritesOutsideWorkTree,
        Severity::High,
        "authorized_keys",
    ),
    (
        "test-fixture-key",
        FindingKind::SecretInDiff,
        Severity::High,
        "private key",
    ),
    (
        "test-code-token",
        FindingKind::SecretInDiff,
        Severity::Medium,
        "credential to token",
    ),
    (
        "pr-object-injection",
        FindingKind::WorkflowScriptInjection,
        Severity::High,
        "github.event.pull_request",
    ),
    (
        "look-alike-test-string",
        FindingKind::MixedScriptIdentifier,
        Severity::Medium,
        "\u{0430}dmin",
    ),
];

/// Twins whose path is sensitive on its own (reviewed, never request changes).
const REVIEWED_TWINS: &[&str] = &["env-file-secret"];

fn findings_of(signal: &prlens::Signal, kind: FindingKind) -> Vec<&prlens::signal::Finding> {
    signal
        .supply_chain
        .findings
        .iter()
        .filter(|finding| finding.id == kind)
        .collect()
}

#[test]
fn every_attack_is_named_by_its_finding_and_never_approved() {
    for (class, kind, least, text) in CLASSES {
        let name = format!("signals-{class}-attack");
        let signal = project_signal(&name);
        let found = findings_of(&signal, *kind);
        assert!(
            found
                .iter()
                .any(|finding| finding.severity >= *least && finding.detail.contains(text)),
            "{name}: no {kind:?} ≥ {least:?} naming {text:?} in {:?}",
            signal.supply_chain.findings
        );
        assert!(
            signal.risk.level >= RiskLevel::Medium,
            "{name}: {:?}",
            signal.risk.level
        );
        assert_ne!(signal.review.action, ReviewAction::Approve, "{name}");
    }
}

#[test]
fn every_harmless_twin_carries_no_such_finding_and_is_approved() {
    for (class, kind, _, _) in CLASSES {
        let name = format!("signals-{class}-benign");
        let signal = project_signal(&name);
        let raised: Vec<_> = findings_of(&signal, *kind)
            .into_iter()
            .filter(|finding| finding.severity > Severity::Low)
            .collect();
        assert!(raised.is_empty(), "{name}: {raised:?}");
        let expected = if REVIEWED_TWINS.contains(class) {
            ReviewAction::Review
        } else {
            ReviewAction::Approve
        };
        assert_eq!(
            signal.review.action, expected,
            "{name}: {}",
            signal.risk.formula
        );
    }
}

#[test]
fn script_marks_of_a_translation_are_shown_as_code_points_and_weigh_nothing() {
    let signal = project_signal("signals-trojan-source-benign");
    let marks = findings_of(&signal, FindingKind::ScriptMarks);
    assert_eq!(marks.len(), 1, "{:?}", signal.supply_chain.findings);
    assert!(marks[0].detail.contains("⟪U+200F⟫"), "{}", marks[0].detail);
    // Size and spread weigh every code change (issue #37); nothing weighs the marks.
    let ids = driver_ids(&signal);
    assert!(!ids.contains(&"hidden_text"), "{ids:?}");
    assert_eq!(signal.risk.level, RiskLevel::Low, "{}", signal.risk.formula);
}

#[test]
fn a_test_fixture_key_is_named_but_weighs_nothing() {
    let signal = project_signal("signals-test-fixture-key-benign");
    let named = findings_of(&signal, FindingKind::TestFixtureSecret);
    assert_eq!(named.len(), 1, "{:?}", signal.supply_chain.findings);
    assert_eq!(named[0].severity, Severity::Low);
    assert!(
        named[0].detail.contains("throwaway test key"),
        "{}",
        named[0].detail
    );
    let ids = driver_ids(&signal);
    assert!(!ids.contains(&"secret_in_diff"), "{ids:?}");
}
