//! Recorded fixture cases: mergeability and reviews.

use super::*;

#[test]
fn mergeable_state_counts_toward_readiness() {
    // dirty (open): merge conflicts earn nothing and become a concern.
    let dirty = signal("danger-danger-js-395-owner-large");
    assert_eq!(checklist_points(&dirty, "mergeable"), 0);
    assert!(dirty
        .next_steps
        .concerns
        .contains(&"Merge conflicts with the base branch".to_string()));
    // blocked by branch protection, unstable (non-required checks fail), clean.
    assert_eq!(
        checklist_points(&signal("seate-for-test-9-owner-19-files"), "mergeable"),
        6
    );
    // apache#465 is closed: its "unstable" no longer matters…
    let closed = signal("apache-brooklyn-server-465-unmerged");
    assert_eq!(checklist_points(&closed, "mergeable"), 8);
    // …but the same PR while open is mergeable with failing non-required checks.
    let mut value = bundle_value("apache-brooklyn-server-465-unmerged");
    value["pull"]["state"] = json!("open");
    let open = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    assert_eq!(checklist_points(&open, "mergeable"), 9);
    // Closed unmerged with "dirty": not a conflict worth raising.
    let closed_dirty = signal("github3.py-301-tiny");
    assert_eq!(checklist_points(&closed_dirty, "mergeable"), 8);
    assert!(closed_dirty.next_steps.concerns.is_empty());
    assert_eq!(
        checklist_points(&signal("PyGithub-PyGithub-1171-assoc-none"), "mergeable"),
        15
    );
    // Merged PRs report "dirty" afterwards; that is not a conflict.
    let merged = signal("PyGithub-PyGithub-31-large");
    assert_eq!(checklist_points(&merged, "mergeable"), 15);
    assert!(!merged
        .next_steps
        .concerns
        .iter()
        .any(|c| c.contains("Merge conflicts")));
}

#[test]
fn approval_on_an_older_commit_is_stale() {
    let signal = signal("PyGithub-PyGithub-538-reviews");
    let approval = signal
        .review
        .checklist
        .iter()
        .find(|item| item.id == "approval")
        .unwrap();
    assert!(approval.label.starts_with("Approval is stale"));
    assert_eq!(approval.earned, 4);
    assert!(signal
        .next_steps
        .concerns
        .iter()
        .any(|c| c.starts_with("Approval is stale")));
}

#[test]
fn comment_only_reviews_are_not_approvals() {
    for name in ["github3.py-671-reviews", "artsy-emission-327-feature"] {
        let signal = signal(name);
        assert_eq!(checklist_points(&signal, "approval"), 0, "{name}");
    }
}
