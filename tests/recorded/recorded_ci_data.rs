//! Recorded fixture cases: evidence from real CI data.

use super::*;

/// A recorded PR with the recorded check runs / statuses of some other commit attached: the
/// classification and the states are what is under test, on names real CI systems use.
fn with_ci(
    check_runs: Option<serde_json::Value>,
    status: Option<serde_json::Value>,
) -> prlens::Signal {
    let mut value = bundle_value("PyGithub-PyGithub-1171-assoc-none");
    if let Some(runs) = check_runs {
        value["check_runs"] = runs;
    }
    if let Some(status) = status {
        value["status"] = status;
    }
    prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    )
}

#[test]
fn evidence_classifies_recorded_github_actions_runs() {
    use support::fixture_body;
    // PyGithub: four `test (Python 3.x)` runs, 3.6 failed.
    let signal = with_ci(
        Some(fixture_body(
            "pygithub/check-runs-PyGithub-10a7135a/check_runs.json",
        )),
        None,
    );
    let signals = &signal.evidence.signals;
    assert_eq!(signals.tests_passing, SignalState::Failing);
    assert_eq!(signals.ci_passing, SignalState::Failing);
    assert_eq!(signals.build_successful, SignalState::Missing);
    assert!(signal
        .evidence
        .note
        .contains("1 check(s) failing: test (Python 3.6)"));
    assert!(driver_ids(&signal).contains(&"failing_checks"));
    assert_eq!(signal.review.action, ReviewAction::RequestChanges);

    // hub4j: eight runs over four pages, `test (…)`, `site (Java 11)`, `build-only (Java 11)`.
    let mut runs = Vec::new();
    for page in ["page1", "page2", "page3", "page4_last"] {
        let body = fixture_body(&format!(
            "hub4j/check-runs-hub4j-github-api-78b9ff49/check_runs_{page}.json"
        ));
        runs.extend(body["check_runs"].as_array().unwrap().iter().cloned());
    }
    let signal = with_ci(
        Some(serde_json::Value::Array(runs)),
        Some(json!({"state": "pending", "statuses": []})),
    );
    let signals = &signal.evidence.signals;
    assert_eq!(signals.tests_passing, SignalState::Passing);
    assert_eq!(signals.build_successful, SignalState::Passing);
    assert_eq!(signals.ci_passing, SignalState::Passing);
    assert_eq!(signals.lint_passing, SignalState::Missing);
    assert_eq!(signal.evidence.completeness, 0.5);
    assert_eq!(signal.evidence.checks.len(), 8);
    assert!(signal
        .evidence
        .note
        .contains("All 8 counted check(s) passed"));

    // A queued run is pending: still running, not failing.
    let signal = with_ci(
        Some(fixture_body(
            "github3py/check-runs-queued-westphahl/check_runs.json",
        )),
        None,
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Pending);
    assert!(
        signal.evidence.note.contains("still running"),
        "{}",
        signal.evidence.note
    );
}

#[test]
fn evidence_reads_recorded_commit_statuses() {
    use support::fixture_body;
    // edX: six Jenkins contexts, all green; `jenkins/quality` is their lint job.
    let signal = with_ci(
        None,
        Some(fixture_body(
            "pygithub/combined-status-edx-edx-platform/combined_status.json",
        )),
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Passing);
    assert_eq!(signal.evidence.signals.lint_passing, SignalState::Passing);
    assert!(signal.evidence.note.contains("Check runs were not fetched"));

    // Travis and AppVeyor contexts are generic CI, not integration tests.
    let signal = with_ci(
        None,
        Some(fixture_body(
            "github3py/combined-status-9aa43ea4/combined_status.json",
        )),
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Passing);
    assert_eq!(signal.evidence.signals.tests_passing, SignalState::Missing);

    // One failing and one passing context: CI fails.
    let signal = with_ci(
        None,
        Some(fixture_body(
            "octokit/create-status/commit_status_combined.json",
        )),
    );
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Failing);

    // A combined status with no contexts at all: nothing configured.
    let signal = with_ci(
        Some(json!([])),
        Some(fixture_body(
            "octokit-rb/combined-status-octokit.rb-fd1a4e2c/combined_status.json",
        )),
    );
    assert!(
        signal.evidence.note.contains("CI may not be configured"),
        "{}",
        signal.evidence.note
    );
    assert_eq!(signal.evidence.completeness, 0.0);
    assert!(signal
        .next_steps
        .questions
        .contains(&"Why is ci_passing missing? Consider adding this check.".to_string()));
}

#[test]
fn approving_the_first_timers_workflow_turns_waiting_into_evidence() {
    // The recorded run of "Fast workflow" after a maintainer approved it replaces its
    // action_required run; the other three still wait.
    let mut value = bundle_value("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    let approved = support::fixture_body(
        "hub4j/hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor/actions_run_after_approval.json",
    );
    let runs = value["check_runs"].as_array_mut().unwrap();
    let index = runs
        .iter()
        .position(|run| run["id"] == approved["id"])
        .unwrap();
    runs[index] = approved;
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    let fast = signal
        .evidence
        .checks
        .iter()
        .find(|check| check.name == "Fast workflow")
        .unwrap();
    assert_eq!(fast.state, SignalState::Passing);
    assert!(signal
        .evidence
        .note
        .starts_with("3 workflow run(s) await maintainer approval"));
    assert_eq!(signal.evidence.signals.ci_passing, SignalState::Pending);
}
