//! Recorded fixture cases: intent and conventions.

use super::*;

#[test]
fn task_lists_become_met_and_unmet_criteria() {
    let signal = signal("danger-danger-js-395-owner-large");
    let criteria = &signal.intent.criteria;
    assert_eq!(criteria.len(), 3);
    assert_eq!(criteria.iter().filter(|c| c.met == Some(true)).count(), 1);
    assert_eq!(criteria.iter().filter(|c| c.met == Some(false)).count(), 2);
    assert!(signal
        .intent
        .goal
        .starts_with("Moves the JavaScript runner"));
    assert!(signal
        .next_steps
        .questions
        .iter()
        .any(|q| q.contains("still planned")));
}

#[test]
fn testing_bullets_are_met_when_tests_changed() {
    let signal = signal("github3.py-286-files");
    let add_tests: Vec<_> = signal
        .intent
        .criteria
        .iter()
        .filter(|c| c.text == "Add tests")
        .collect();
    assert_eq!(add_tests.len(), 2);
    assert!(add_tests.iter().all(|c| c.met == Some(true)));
    // "See #284 for more context." points elsewhere; the title states the goal.
    assert_eq!(
        signal.intent.goal,
        "Add initial pass for creating review comments"
    );
    assert_eq!(signal.intent.source, "title");
}

#[test]
fn closing_keywords_and_issue_links_of_this_repository_are_linked() {
    let expectations: [(&str, &[u64]); 4] = [
        // "Fixes #384" in the title; an issues/209 URL in the body.
        ("danger-danger-518-owner", &[209, 384]),
        ("PyGithub-PyGithub-2078-collaborator", &[2019]),
        ("cloudbees-oss-zendesk-java-client-560-feature", &[559]),
        ("rails_admin-3207-commit-pulls-list-form", &[3204]),
    ];
    for (name, issues) in expectations {
        let signal = signal(name);
        assert_eq!(signal.intent.linked_issues, issues, "{name}");
        assert!(convention(&signal, "linked_issue"), "{name}");
    }
    // "PR for Issue #563" has no closing keyword.
    assert!(signal("cloudbees-oss-zendesk-java-client-564-docs-readme")
        .intent
        .linked_issues
        .is_empty());
}

#[test]
fn github_truncated_titles_are_rejoined_and_reference_lines_skipped() {
    let signal = signal("apache-brooklyn-server-465-unmerged");
    assert!(signal.intent.goal.starts_with("In some rare situations"));
    let danger = signal_goal("danger-danger-518-owner");
    assert!(
        danger.starts_with("This will have a long way to go"),
        "{danger}"
    );
}

fn signal_goal(name: &str) -> String {
    signal(name).intent.goal
}

#[test]
fn default_titles_and_missing_descriptions_fail_conventions() {
    let first_time = signal("hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor");
    assert!(
        !convention(&first_time, "title_style"),
        "\"Create README.md\""
    );
    let ghost = signal("hub4j-test-org-github-api-2-ghost-author");
    assert!(!convention(&ghost, "description"));
    assert!(ghost
        .next_steps
        .questions
        .iter()
        .any(|q| q.starts_with("What does this PR change and why?")));
    let good = signal("PyGithub-PyGithub-2078-collaborator");
    assert!(convention(&good, "description"));
    assert!(convention(&good, "title_style"));
}
