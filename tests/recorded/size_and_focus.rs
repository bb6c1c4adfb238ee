//! Recorded fixture cases: size and focus.

use super::*;

#[test]
fn huge_squash_commit_with_missing_patches_is_sized_from_line_counts() {
    let bundle = bundle("PyGithub-PyGithub-691-huge-squash-commit");
    let files = bundle.files.as_ref().unwrap();
    assert_eq!(files.len(), 371);
    assert_eq!(files.iter().filter(|f| f.patch.is_none()).count(), 217);
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    let all_lines: u64 = files.iter().map(|f| f.additions + f.deletions).sum();
    assert_eq!(
        signal.triage.counted_lines + signal.triage.excluded_lines,
        all_lines
    );
    // Nearly all of it is recorded test data (`ReplayData`), which is read at a quarter of the
    // weight of code: minutes say "moderate" while the size drivers below still fire.
    assert_eq!(signal.triage.effort, Effort::Moderate);
    assert!(
        signal.triage.formula.contains("weigh 0.25 each"),
        "{}",
        signal.triage.formula
    );
    // The 50 highest-ranked files are kept; the other 321 are counted.
    assert_eq!(signal.focus.len(), 50);
    assert_eq!(signal.focus_more, 321);
    assert!(signal.focus.iter().any(|f| f
        .reasons
        .contains(&"GitHub sent no diff for this file".to_string())));
    assert!(!convention(&signal, "pr_size"));
    assert!(signal.next_steps.concerns[0].starts_with("Consider breaking into smaller PRs"));
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"large_diff"), "{drivers:?}");
    assert!(drivers.contains(&"many_files"), "{drivers:?}");
}

#[test]
fn large_pr_without_file_list_is_sized_from_pr_totals() {
    let signal = signal("danger-danger-js-395-owner-large");
    assert_eq!(signal.triage.counted_lines, 1517 + 566);
    assert_eq!(signal.triage.minutes, Some(250));
    assert!(signal.triage.formula.contains("PR totals"));
    assert_eq!(signal.triage.effort, Effort::Extensive);
    assert_eq!(
        signal.triage.advice,
        "Schedule dedicated review time; consider pair review"
    );
    assert!(driver_ids(&signal).contains(&"large_diff"));
}

#[test]
fn list_form_pull_without_counts_has_unknown_size() {
    for name in [
        "rails_admin-3207-commit-pulls-list-form",
        "hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor",
    ] {
        let signal = signal(name);
        assert!(signal.triage.formula.contains("size unknown"), "{name}");
        assert!(
            convention(&signal, "pr_size"),
            "{name}: unknown is not too big"
        );
    }
}

#[test]
fn focus_ranks_sensitive_source_first_with_github_anchors() {
    let signal = signal("PyGithub-PyGithub-31-large");
    assert_eq!(signal.focus.len(), 45);
    let top = &signal.focus[0];
    assert!(top.priority >= Priority::High);
    assert!(
        top.reasons.iter().any(|r| r.starts_with("Sensitive path:")),
        "{:?}",
        top.reasons
    );
    let authorization = signal
        .focus
        .iter()
        .find(|f| f.path == "src/github/Authorization.py")
        .unwrap();
    assert!(authorization
        .reasons
        .contains(&"Sensitive path: auth".to_string()));
    // GitHub's Files-tab anchor is diff-<sha256(path)>.
    assert_eq!(
        prlens::engine::sections::focus::anchor("README.md"),
        "diff-b335630551682c19a781afebcf4d07bf978fb1f8ac04c6bf87428ed5106870f5"
    );
    assert_eq!(
        authorization.anchor,
        prlens::engine::sections::focus::anchor("src/github/Authorization.py")
    );
    assert!(convention(&signal, "tests_with_source"));
}

#[test]
fn small_source_change_with_its_test_is_medium_then_low() {
    let signal = signal("github3.py-235-contributor");
    let paths: Vec<(&str, Priority)> = signal
        .focus
        .iter()
        .map(|f| (f.path.as_str(), f.priority))
        .collect();
    assert_eq!(
        paths,
        [
            ("github3/repos/release.py", Priority::Medium),
            ("tests/unit/test_repos_release.py", Priority::Low)
        ]
    );
    assert_eq!(signal.focus[0].reasons, ["Source code"]);
    assert_eq!(signal.triage.effort, Effort::Trivial);
    assert!(convention(&signal, "tests_with_source"));
    assert_eq!(signal.risk.level, RiskLevel::Low);
}

#[test]
fn source_without_tests_is_questioned() {
    let signal = signal("octokit.rb-67-2013");
    assert!(!convention(&signal, "tests_with_source"));
    assert_eq!(checklist_points(&signal, "tests_with_source"), 0);
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("How is this change verified?")));
    // Asked and shown (convention, checklist, question), not scored: on history, source without
    // tests predicted nothing size and spread did not (docs/calibration.md).
    assert!(!driver_ids(&signal).contains(&"missing_tests"));
}

#[test]
fn viewed_files_reduce_the_remaining_time() {
    let mut value = bundle_value("github3.py-286-files");
    value["page"] = json!({"viewed_files": ["github3/pulls.py"]});
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    let pulls = signal
        .focus
        .iter()
        .find(|f| f.path == "github3/pulls.py")
        .unwrap();
    assert!(pulls.viewed);
    assert!(signal.triage.remaining_minutes < signal.triage.minutes);
}
