//! "Changed since approval": what was pushed after the newest approval.
//!
//! **Why.** An approval vouches for the commit it was given on. Commits pushed after it were
//! never approved, yet GitHub keeps showing "Approved" unless the repository dismisses stale
//! approvals (GitHub docs, "Dismiss stale pull request approvals when new commits are pushed",
//! <https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches>,
//! read 2026-12-03). The Review section lists those commits, the files and lines they changed
//! (the bundle's `since_approval`: GitHub's comparison of the approved commit with the head),
//! which of them are focus files, and links GitHub's compare view of the same range.
//!
//! The comparison counts only when it is of exactly the approved commit and the head: a bundle
//! can hold one fetched before a later push or approval, and lines from another range would
//! misstate what was never approved (then it is ignored, with a note).

use crate::bundle::{Bundle, Review, SinceApproval};
use crate::engine::context::Context;
use crate::signal::{ApprovalDiff, ApprovalFile, ChangedSinceApproval, FocusFile};
use crate::text::is_commit_sha;

/// Files listed by name (focus files first); the totals count them all.
pub const MAX_LISTED_FILES: usize = 20;

/// The newest approval's commit, when it is not the head.
pub fn changed_since_approval(
    context: &Context,
    focus: &[FocusFile],
) -> Option<ChangedSinceApproval> {
    let bundle = context.bundle;
    let pull = &bundle.pull;
    let (newest, approved, head) = stale_approval(bundle)?;
    let (after, approved_commit_gone) = commits_after(bundle, approved);
    let (diff, diff_note) = match &bundle.since_approval {
        Some(since) => diff_since(since, approved, head, focus),
        None => (None, None),
    };
    Some(ChangedSinceApproval {
        approved_by: newest.user.clone().unwrap_or_else(|| "ghost".into()),
        approved_commit: approved.to_string(),
        head: head.to_string(),
        commits: after,
        approved_commit_gone,
        compare_url: compare_url(&pull.owner, &pull.repo, approved, head),
        diff,
        diff_note,
    })
}

/// The files and lines of the comparison when it is of `approved` and `head`; otherwise
/// nothing, and a note saying why it was ignored.
fn diff_since(
    since: &SinceApproval,
    approved: &str,
    head: &str,
    focus: &[FocusFile],
) -> (Option<ApprovalDiff>, Option<String>) {
    let same = |found: &Option<String>, wanted: &str| {
        found
            .as_deref()
            .is_some_and(|found| found.eq_ignore_ascii_case(wanted))
    };
    if !same(&since.base, approved) || !same(&since.head, head) {
        fn named(sha: &Option<String>) -> &str {
            sha.as_deref().map_or("an unknown commit", short)
        }
        let note = format!(
            "The fetched comparison runs from {} to {}, not from the approved commit {} to the head {}; its files were ignored.",
            named(&since.base),
            named(&since.head),
            short(approved),
            short(head)
        );
        return (None, Some(note));
    }
    let diff = listed_diff(since, focus);
    // `...` compares from the merge base: when the approved commit was rewritten away, that is
    // an older common ancestor, and the lines include some that were approved.
    let note = since
        .merge_base
        .as_deref()
        .filter(|base| !base.eq_ignore_ascii_case(approved))
        .map(|base| {
            format!(
                "The approved commit is not in the head's history (rewritten by a force-push): the files and lines count from their common ancestor {}.",
                short(base)
            )
        });
    (Some(diff), note)
}

/// A comparison's files and lines: totals over every file, up to [`MAX_LISTED_FILES`] listed
/// with the focus files first (each group in GitHub's order) and marked.
pub(crate) fn listed_diff(since: &SinceApproval, focus: &[FocusFile]) -> ApprovalDiff {
    let is_focus = |path: &str| focus.iter().any(|file| file.path == path);
    let mut files: Vec<ApprovalFile> = since
        .files
        .iter()
        .map(|file| ApprovalFile {
            path: file.filename.clone(),
            status: file.status.clone(),
            additions: file.additions,
            deletions: file.deletions,
            focus: is_focus(&file.filename),
        })
        .collect();
    let (additions, deletions) = files.iter().fold((0u64, 0u64), |(added, deleted), file| {
        (
            added.saturating_add(file.additions),
            deleted.saturating_add(file.deletions),
        )
    });
    let total_files = u64::try_from(files.len()).unwrap_or(u64::MAX);
    // Stable: focus files first, each group in GitHub's order.
    crate::order::sort_by_key(&mut files, |file| !file.focus);
    files.truncate(MAX_LISTED_FILES);
    ApprovalDiff {
        total_files,
        additions,
        deletions,
        files,
        truncated: since.files_truncated,
    }
}

/// The newest approval with its commit and the head, when that commit is not the head. The
/// fetcher asks GitHub to compare exactly these two (`fetch::plan::defense`).
pub fn stale_approval(bundle: &Bundle) -> Option<(&Review, &str, &str)> {
    let head = bundle.pull.head_sha.as_deref()?;
    // Reviews come in submission order; the newest approval is the last one.
    let newest = bundle.reviews.as_deref()?.iter().rfind(|review| {
        review.state.eq_ignore_ascii_case("APPROVED") && review.commit_id.is_some()
    })?;
    let approved = newest.commit_id.as_deref()?;
    (!approved.eq_ignore_ascii_case(head)).then_some((newest, approved, head))
}

/// `https://github.com/{o}/{r}/compare/{approved}...{head}` when both are hex commit ids.
pub(crate) fn compare_url(owner: &str, repo: &str, approved: &str, head: &str) -> Option<String> {
    (is_commit_sha(approved) && is_commit_sha(head) && !owner.is_empty() && !repo.is_empty())
        .then(|| format!("https://github.com/{owner}/{repo}/compare/{approved}...{head}"))
}

/// The PR's commits after `sha`, each as "short-sha subject", and whether `sha` is gone from a
/// complete commit list (the branch was rewritten). Nothing after it when the list was not
/// fetched or does not hold it.
pub(crate) fn commits_after(bundle: &Bundle, sha: &str) -> (Vec<String>, bool) {
    let commits = bundle.commits.as_deref();
    let position = commits.and_then(|commits| {
        commits
            .iter()
            .position(|commit| commit.sha.eq_ignore_ascii_case(sha))
    });
    let after = match (commits, position) {
        (Some(commits), Some(position)) => commits[position + 1..]
            .iter()
            .map(|commit| {
                let subject = commit.message.lines().next().unwrap_or_default();
                format!("{} {subject}", short(&commit.sha))
                    .trim_end()
                    .to_string()
            })
            .collect(),
        _ => Vec::new(),
    };
    let gone = commits.is_some() && position.is_none() && !bundle.commits_truncated;
    (after, gone)
}

pub(crate) fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

#[cfg(test)]
mod tests {
    use crate::engine::drivers::testing::Case;
    use serde_json::{json, Value};

    const A: &str = "aaaaaaa111";
    const B: &str = "bbbbbbb222";
    const C: &str = "ccccccc333";

    fn case(reviews: Value, commits: Value) -> Case {
        Case::new(json!({"pull": {"number": 4, "head": {"sha": C},
            "base": {"repo": {"name": "r", "owner": {"login": "o"}}}},
            "reviews": reviews, "commits": commits}))
    }

    fn commits() -> Value {
        json!([{"sha": A, "commit": {"message": "first"}}, {"sha": B, "commit": {"message": "second\n\nbody"}},
               {"sha": C, "commit": {"message": "third"}}])
    }

    #[test]
    fn lists_the_commits_after_the_newest_approval_with_a_compare_link() {
        let case = case(
            json!([{"user": {"login": "rui"}, "state": "APPROVED", "commit_id": A}]),
            commits(),
        );
        let changed = super::changed_since_approval(&case.context(), &[]).unwrap();
        assert_eq!(changed.commits, ["bbbbbbb second", "ccccccc third"]);
        assert_eq!(
            changed.compare_url.as_deref(),
            Some("https://github.com/o/r/compare/aaaaaaa111...ccccccc333")
        );
        assert!(!changed.approved_commit_gone);
        assert!(
            changed.diff.is_none() && changed.diff_note.is_none(),
            "a bundle without `since_approval` (older bundles) says nothing about files"
        );
    }

    #[test]
    fn an_approval_on_the_head_or_no_approval_reports_nothing() {
        let on_head = case(
            json!([{"user": {"login": "rui"}, "state": "APPROVED", "commit_id": C}]),
            commits(),
        );
        assert!(super::changed_since_approval(&on_head.context(), &[]).is_none());
        let comment = case(
            json!([{"user": {"login": "rui"}, "state": "COMMENTED", "commit_id": A}]),
            commits(),
        );
        assert!(super::changed_since_approval(&comment.context(), &[]).is_none());
    }

    #[test]
    fn an_approved_commit_rewritten_away_is_said_to_be_gone() {
        let case = case(
            json!([{"user": {"login": "rui"}, "state": "APPROVED", "commit_id": "ddddddd444"}]),
            commits(),
        );
        let changed = super::changed_since_approval(&case.context(), &[]).unwrap();
        assert!(changed.approved_commit_gone && changed.commits.is_empty());
    }

    /// GitHub's comparison of `base...head` (the fetcher's `since_approval`).
    fn comparison(base: &str, head: &str, files: Value) -> Value {
        json!({"base_commit": {"sha": base}, "merge_base_commit": {"sha": base},
               "permalink_url": format!("https://github.com/o/r/compare/o:{base}...o:{head}"),
               "commits": [], "files": files})
    }

    fn with_comparison(reviews: Value, since: Value) -> Case {
        Case::new(json!({"pull": {"number": 4, "head": {"sha": C},
            "base": {"repo": {"name": "r", "owner": {"login": "o"}}}},
            "files": [{"filename": "src/auth/session.rs", "status": "modified", "additions": 40, "deletions": 2},
                      {"filename": "README.md", "status": "modified", "additions": 1, "deletions": 0}],
            "reviews": reviews, "commits": commits(), "since_approval": since}))
    }

    fn approved_on(sha: &str) -> Value {
        json!([{"user": {"login": "rui"}, "state": "APPROVED", "commit_id": sha}])
    }

    fn pushed_files() -> Value {
        json!([{"filename": "README.md", "status": "modified", "additions": 1, "deletions": 0, "patch": "@@"},
               {"filename": "src/auth/session.rs", "status": "modified", "additions": 7, "deletions": 3}])
    }

    fn assess(case: &Case) -> super::ChangedSinceApproval {
        let context = case.context();
        let focus = crate::engine::sections::focus::assess(&context);
        super::changed_since_approval(&context, &focus).expect("changed since approval")
    }

    #[test]
    fn the_files_and_lines_pushed_after_the_approval_are_counted_with_the_focus_files_first() {
        let case = with_comparison(approved_on(A), comparison(A, C, pushed_files()));
        let context = case.context();
        let mut focus = crate::engine::sections::focus::assess(&context);
        // The engine's focus of a two-file PR holds both; keep the source file only.
        focus.retain(|file| file.path == "src/auth/session.rs");
        assert_eq!(focus.len(), 1);
        let changed = super::changed_since_approval(&context, &focus).unwrap();
        let diff = changed
            .diff
            .expect("the comparison is of the approved commit and the head");
        assert_eq!(
            (diff.total_files, diff.additions, diff.deletions),
            (2, 8, 3)
        );
        let listed: Vec<(&str, bool)> = diff
            .files
            .iter()
            .map(|file| (file.path.as_str(), file.focus))
            .collect();
        assert_eq!(
            listed,
            [("src/auth/session.rs", true), ("README.md", false)],
            "the focus file comes first and is marked"
        );
        assert!(changed.diff_note.is_none());
    }

    #[test]
    fn an_approval_on_the_head_reports_nothing_even_with_a_comparison() {
        let case = with_comparison(approved_on(C), comparison(A, C, pushed_files()));
        let context = case.context();
        assert!(super::changed_since_approval(&context, &[]).is_none());
    }

    #[test]
    fn a_comparison_of_other_commits_is_ignored_with_a_note() {
        for since in [
            comparison(B, C, pushed_files()),
            comparison(A, B, pushed_files()),
        ] {
            let changed = assess(&with_comparison(approved_on(A), since));
            assert!(
                changed.diff.is_none(),
                "lines of another range are not shown"
            );
            let note = changed.diff_note.expect("a note says why");
            assert!(note.contains("ignored"), "{note}");
            assert_eq!(changed.commits.len(), 2, "the commit list still stands");
        }
    }

    #[test]
    fn a_comparison_from_a_rewritten_approval_counts_from_the_common_ancestor_and_says_so() {
        let mut since = comparison(A, C, pushed_files());
        since["merge_base_commit"]["sha"] = json!("0123456789");
        let changed = assess(&with_comparison(approved_on(A), since));
        assert!(changed.diff.is_some());
        let note = changed
            .diff_note
            .expect("the note names the common ancestor");
        assert!(note.contains("0123456"), "{note}");
    }

    #[test]
    fn the_listed_files_are_capped_while_the_totals_count_every_file() {
        let files: Vec<Value> = (0..30)
            .map(|index| json!({"filename": format!("docs/page{index}.md"), "status": "added", "additions": 2, "deletions": 1}))
            .collect();
        let changed = assess(&with_comparison(
            approved_on(A),
            comparison(A, C, Value::Array(files)),
        ));
        let diff = changed.diff.unwrap();
        assert_eq!(diff.files.len(), super::MAX_LISTED_FILES);
        assert_eq!(
            (diff.total_files, diff.additions, diff.deletions),
            (30, 60, 30)
        );
        assert!(!diff.truncated);
    }
}
