//! "Changed since approval": what was pushed after the newest approval.
//!
//! **Why.** An approval vouches for the commit it was given on. Commits pushed after it were
//! never approved, yet GitHub keeps showing "Approved" unless the repository dismisses stale
//! approvals (GitHub docs, "Dismiss stale pull request approvals when new commits are pushed",
//! <https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches>,
//! read 2026-12-03). The Review section lists those commits and links GitHub's compare view
//! from the approved commit to the head, which shows exactly the files and lines that changed.

use crate::engine::context::Context;
use crate::signal::ChangedSinceApproval;

/// The newest approval's commit, when it is not the head.
pub fn changed_since_approval(context: &Context) -> Option<ChangedSinceApproval> {
    let bundle = context.bundle;
    let pull = &bundle.pull;
    let head = pull.head_sha.as_deref()?;
    // Reviews come in submission order; the newest approval is the last one.
    let newest = bundle.reviews.as_deref()?.iter().rfind(|review| {
        review.state.eq_ignore_ascii_case("APPROVED") && review.commit_id.is_some()
    })?;
    let approved = newest.commit_id.as_deref()?;
    if approved.eq_ignore_ascii_case(head) {
        return None;
    }
    let commits = bundle.commits.as_deref();
    let position = commits.and_then(|commits| {
        commits
            .iter()
            .position(|commit| commit.sha.eq_ignore_ascii_case(approved))
    });
    let after: Vec<String> = match (commits, position) {
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
    let approved_commit_gone = commits.is_some() && position.is_none() && !bundle.commits_truncated;
    Some(ChangedSinceApproval {
        approved_by: newest.user.clone().unwrap_or_else(|| "ghost".into()),
        approved_commit: approved.to_string(),
        head: head.to_string(),
        commits: after,
        approved_commit_gone,
        compare_url: compare_url(&pull.owner, &pull.repo, approved, head),
    })
}

/// `https://github.com/{o}/{r}/compare/{approved}...{head}` when both are hex commit ids.
fn compare_url(owner: &str, repo: &str, approved: &str, head: &str) -> Option<String> {
    let hex =
        |sha: &str| (7..=64).contains(&sha.len()) && sha.chars().all(|c| c.is_ascii_hexdigit());
    (hex(approved) && hex(head) && !owner.is_empty() && !repo.is_empty())
        .then(|| format!("https://github.com/{owner}/{repo}/compare/{approved}...{head}"))
}

fn short(sha: &str) -> &str {
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
        let changed = super::changed_since_approval(&case.context()).unwrap();
        assert_eq!(changed.commits, ["bbbbbbb second", "ccccccc third"]);
        assert_eq!(
            changed.compare_url.as_deref(),
            Some("https://github.com/o/r/compare/aaaaaaa111...ccccccc333")
        );
        assert!(!changed.approved_commit_gone);
    }

    #[test]
    fn an_approval_on_the_head_or_no_approval_reports_nothing() {
        let on_head = case(
            json!([{"user": {"login": "rui"}, "state": "APPROVED", "commit_id": C}]),
            commits(),
        );
        assert!(super::changed_since_approval(&on_head.context()).is_none());
        let comment = case(
            json!([{"user": {"login": "rui"}, "state": "COMMENTED", "commit_id": A}]),
            commits(),
        );
        assert!(super::changed_since_approval(&comment.context()).is_none());
    }

    #[test]
    fn an_approved_commit_rewritten_away_is_said_to_be_gone() {
        let case = case(
            json!([{"user": {"login": "rui"}, "state": "APPROVED", "commit_id": "ddddddd444"}]),
            commits(),
        );
        let changed = super::changed_since_approval(&case.context()).unwrap();
        assert!(changed.approved_commit_gone && changed.commits.is_empty());
    }
}
