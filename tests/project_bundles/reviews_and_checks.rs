//! What CI and reviewers said: held, failing and pending checks; approvals on older commits.

use super::*;

#[test]
fn workflows_held_for_a_first_time_contributor_are_pending_not_failing() {
    let signal = project_signal("first-time-contributor-held-ci");
    let evidence = &signal.evidence;
    assert!(
        evidence.note.contains("await maintainer approval"),
        "{}",
        evidence.note
    );
    assert!(evidence
        .checks
        .iter()
        .all(|check| check.conclusion == "action_required" && check.state == SignalState::Pending));
    assert_eq!(evidence.signals.ci_passing, SignalState::Pending);
    assert!(!driver_ids(&signal).contains(&"failing_checks"));
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.contains("waiting for approval")));
}

#[test]
fn a_failing_test_run_requests_changes_and_running_checks_stay_pending() {
    let signal = project_signal("contributor-failing-checks");
    let signals = &signal.evidence.signals;
    assert_eq!(signals.tests_passing, SignalState::Failing);
    assert_eq!(signals.lint_passing, SignalState::Passing);
    assert_eq!(
        signals.build_successful,
        SignalState::Pending,
        "build is in progress"
    );
    assert!(driver_ids(&signal).contains(&"failing_checks"));
    assert_eq!(signal.review.action, ReviewAction::RequestChanges);
    assert_eq!(checklist(&signal, "ci_green").0, 0);
    assert!(
        signal.evidence.note.contains("still running"),
        "{}",
        signal.evidence.note
    );
    // Token handling in auth and session code is a sensitive area, ranked first.
    assert!(signal.focus.iter().all(|file| file
        .reasons
        .iter()
        .any(|reason| reason.starts_with("Sensitive path"))));
}

#[test]
fn an_approval_given_on_an_older_commit_is_stale() {
    let signal = project_signal("reviews-on-older-commit");
    let (earned, label) = checklist(&signal, "approval");
    assert!(label.starts_with("Approval is stale"), "{label}");
    assert!(
        earned < 10,
        "a stale approval earns only part of the points"
    );
    assert!(driver_ids(&signal).contains(&"stale_approval"));
    // Re-approving the head commit makes it current.
    let mut value = project_bundle_value("reviews-on-older-commit");
    let head = value["pull"]["head"]["sha"].clone();
    value["reviews"][0]["commit_id"] = head;
    let fresh = analyze_value(&value);
    assert_eq!(checklist(&fresh, "approval").0, 10);
    assert!(!driver_ids(&fresh).contains(&"stale_approval"));
}

#[test]
fn a_request_for_changes_outweighs_an_older_approval() {
    let mut value = project_bundle_value("reviews-on-older-commit");
    let head = value["pull"]["head"]["sha"].clone();
    value["reviews"]
        .as_array_mut()
        .expect("reviews")
        .push(json!({"user": {"login": "mara-lindqvist"}, "state": "CHANGES_REQUESTED",
            "commit_id": head, "submitted_at": "2026-02-24T17:00:00Z", "author_association": "OWNER"}));
    let signal = analyze_value(&value);
    assert_eq!(checklist(&signal, "approval").0, 0);
    assert!(signal
        .next_steps
        .concerns
        .iter()
        .any(|concern| concern.starts_with("Changes requested")));
}

#[test]
fn a_docs_only_change_by_a_member_is_low_risk_and_quick() {
    let signal = project_signal("docs-only");
    assert_eq!(signal.risk.level, RiskLevel::Low);
    // Only its size, a few lines of prose (docs/calibration.md: every line counts).
    assert_eq!(driver_ids(&signal), ["large_diff"]);
    assert!(signal.risk.score < 0.1, "{}", signal.risk.formula);
    assert_eq!(signal.triage.effort, Effort::Trivial);
    assert_eq!(signal.review.action, ReviewAction::Approve);
}

#[test]
fn a_draft_is_not_ready_for_review() {
    let signal = project_signal("draft");
    assert!(driver_ids(&signal).contains(&"draft"));
    assert_ne!(signal.review.action, ReviewAction::Approve);
}
