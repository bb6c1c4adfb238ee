//! Recorded fixture cases: intent and conventions.

use super::*;

#[test]
fn ticked_boxes_become_claims_and_unticked_ones_questions() {
    let signal = signal("danger-danger-js-395-owner-large");
    let intent = &signal.intent;
    assert_eq!(intent.unticked.len(), 2, "{:?}", intent.unticked);
    let ticked: Vec<_> = intent
        .claims
        .iter()
        .filter(|claim| claim.origin == prlens::signal::ClaimOrigin::TickedBox)
        .collect();
    assert_eq!(ticked.len(), 1);
    // The recording has no file list: nothing is judged against a diff it does not have.
    assert!(intent
        .claims
        .iter()
        .all(|claim| claim.status == prlens::signal::ClaimStatus::NotCheckable));
    assert_eq!(intent.summary(), "No claim the diff can check");
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
fn a_tests_claim_is_confirmed_by_a_test_file_naming_a_changed_symbol() {
    let signal = signal("github3.py-286-files");
    let add_tests: Vec<_> = signal
        .intent
        .claims
        .iter()
        .filter(|c| c.text == "Add tests")
        .collect();
    // Said twice in the same list: one claim.
    assert_eq!(add_tests.len(), 1);
    let claim = add_tests[0];
    assert_eq!(claim.kind, prlens::signal::ClaimKind::TestsAdded);
    assert_eq!(claim.status, prlens::signal::ClaimStatus::Confirmed);
    assert_eq!(
        claim.evidence_lines()[1],
        "`create_review_comment` added in tests/cassettes/PullRequest_create_review_comment.json:+1"
    );
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

/// Measured on every recorded real PR (36 cases, 6 with their file lists): the claims the diff
/// can check are confirmed or, for a name mentioned as context (`Release.iter_assets()` "left in
/// place"), shown as not in the diff without being raised; no truthful description gets a
/// concern, and every piece of evidence names a file the PR changed.
#[test]
fn recorded_descriptions_raise_no_claim_and_evidence_names_changed_files() {
    let mut confirmed = 0;
    for name in cases().names() {
        let signal = signal(&name);
        let value = bundle_value(&name);
        let paths: Vec<&str> = value["files"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|file| file["filename"].as_str())
            .collect();
        for claim in &signal.intent.claims {
            assert!(!claim.raised(), "{name}: {:?}", claim.text);
            for evidence in &claim.evidence {
                assert!(
                    paths.contains(&evidence.path.as_str()),
                    "{name}: {evidence:?}"
                );
            }
        }
        confirmed += signal.intent.confirmed();
    }
    assert_eq!(confirmed, 5, "the recorded PRs' confirmed claims");
    let release = signal("github3.py-235-contributor");
    assert_eq!(
        release.intent.claims[0].evidence_lines()[0],
        "`assets` added in github3/repos/release.py:+26"
    );
}
