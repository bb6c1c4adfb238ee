//! Recorded fixture cases: docs-only and drafts.

use super::*;

#[test]
fn docs_only_prs_are_low_risk_and_quick() {
    for name in [
        "cloudbees-oss-zendesk-java-client-564-docs-readme",
        "SwiftWeekly-swiftweekly.github.io-89-content-only",
        "openmicroscopy-ome-documentation-204-docs-repo",
    ] {
        let signal = signal(name);
        assert_eq!(signal.risk.level, RiskLevel::Low, "{name}");
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
