//! Recorded fixture cases: docs-only and drafts.

use super::*;

#[test]
fn docs_only_prs_are_low_risk_and_quick() {
    for name in [
        "SwiftWeekly-swiftweekly.github.io-89-content-only",
        "openmicroscopy-ome-documentation-204-docs-repo",
    ] {
        let signal = signal(name);
        assert_eq!(
            signal.risk.level,
            RiskLevel::Low,
            "{name}: {}",
            signal.risk.formula
        );
        assert!(
            matches!(signal.triage.effort, Effort::Trivial | Effort::Light),
            "{name}"
        );
        assert_ne!(signal.review.action, ReviewAction::RequestChanges, "{name}");
    }
}

#[test]
fn drafts_are_not_ready_for_review() {
    for name in [
        "didot-PyGithub-2-draft",
        "hub4j-github-api-1624-opened-assoc-none",
    ] {
        let signal = signal(name);
        assert!(signal.pr.draft, "{name}");
        assert!(!convention(&signal, "ready_for_review"), "{name}");
        assert_ne!(signal.review.action, ReviewAction::Approve, "{name}");
    }
}

/// A README PR recorded without its file list: nothing says its lines are docs, so they count
/// as code (a missing list never lowers risk), and the size driver says the files were not listed.
#[test]
fn a_docs_pr_without_its_file_list_is_scored_as_code_and_says_so() {
    let signal = signal("cloudbees-oss-zendesk-java-client-564-docs-readme");
    assert!(
        signal.risk.level <= RiskLevel::Medium,
        "{}",
        signal.risk.formula
    );
    assert!(
        signal
            .risk
            .drivers
            .iter()
            .any(|driver| driver.detail.contains("GitHub did not list")),
        "{:?}",
        driver_ids(&signal)
    );
    assert_ne!(signal.review.action, ReviewAction::RequestChanges);
}
