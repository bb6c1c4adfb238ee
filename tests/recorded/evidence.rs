//! Recorded fixture cases: evidence.

use super::*;

#[test]
fn first_time_contributor_with_held_workflows_explains_missing_evidence() {
    let signal = signal("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::New);
    let evidence = &signal.evidence;
    assert!(
        evidence.note.contains("await maintainer approval"),
        "{}",
        evidence.note
    );
    assert_eq!(evidence.checks.len(), 4);
    assert!(evidence
        .checks
        .iter()
        .all(|check| check.conclusion == "action_required" && check.state == SignalState::Pending));
    assert_eq!(evidence.signals.ci_passing, SignalState::Pending);
    assert_eq!(evidence.signals.tests_passing, SignalState::Missing);
    assert!(evidence.completeness < 0.1);
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.contains("waiting for approval")));
    assert!(!signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("Why is ci_passing missing")));
    assert_ne!(signal.review.action, ReviewAction::Approve);
    assert!(driver_ids(&signal).contains(&"new_contributor"));
}

#[test]
fn first_time_contributor_without_any_runs_is_explained_too() {
    let mut value = bundle_value("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    value["check_runs"] = json!([]);
    value["status"] = json!({"state": "pending", "statuses": []});
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    assert!(
        signal
            .evidence
            .note
            .contains("workflows likely awaiting maintainer approval"),
        "{}",
        signal.evidence.note
    );
    assert_eq!(signal.evidence.completeness, 0.0);
}

#[test]
fn unfetched_checks_are_unknown_not_absent() {
    let signal = signal("PyGithub-PyGithub-31-large");
    assert!(signal.evidence.note.contains("not fetched"));
    assert!(!signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("Why is")));
}

#[test]
fn webhook_check_run_counts_as_lint_and_ci_evidence() {
    let signal = signal("Codertocat-Hello-World-2-webhooks");
    let signals = &signal.evidence.signals;
    assert_eq!(
        signals.lint_passing,
        SignalState::Passing,
        "Octocoders-linter"
    );
    assert_eq!(signals.ci_passing, SignalState::Passing);
    assert_eq!(signals.tests_passing, SignalState::Missing);
    assert!((signal.evidence.completeness - 2.0 / 6.0).abs() < 0.001);
    assert!(signal
        .next_steps
        .questions
        .contains(&"Why is tests_passing missing? Consider adding this check.".to_string()));
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::Maintainer);
}
