//! The reviewer's queue (issue #38): the open PRs that ask for the viewer's review
//! (`review-requested:@me`, GitHub's "Review requests"), in ONE GraphQL query, mapped to the
//! same patch-less bundles as [`super::graphql`] plus who is asking (`viewer`) and the default
//! branch's CODEOWNERS, so review-first order can weigh ownership and "changed since your
//! review" (`crate::queue::QueueKey`).
//!
//! Why a search: `Repository.pullRequests` cannot filter by requested reviewer; GitHub's search
//! qualifier `review-requested:@me` is the list's own filter (it counts requests to the viewer's
//! teams too). CODEOWNERS is read from the default branch (`HEAD:` expressions in GitHub's three
//! places): a PR against another base gets none, with a note, rather than the wrong owners.
//! Sources: docs.github.com GraphQL reference `Query.search`, `Query.viewer`, `Repository.object`,
//! `Blob.text`, `Repository.defaultBranchRef`; "Searching issues and pull requests"
//! (`review-requested:`), read 2026-12-06.

use serde_json::{json, Value};

use super::graphql::{
    answer_error, bundle_of, name_with_owner, prlens_queue_pull_fields, QueueAnswer, QueueError,
    QUEUE_MAX_PULLS,
};
use crate::bundle::CODEOWNERS_LOCATIONS;

/// The reviewer's queue query (`$search` from [`queue_mine_request`]).
pub const QUEUE_MINE_QUERY: &str = concat!(
    "query PrlensQueueMine($owner: String!, $name: String!, $search: String!, $first: Int!) {
  rateLimit { cost remaining resetAt }
  viewer { login }
  repository(owner: $owner, name: $name) {
    nameWithOwner
    defaultBranchRef { name }
    codeownersGithub: object(expression: \"HEAD:.github/CODEOWNERS\") { ... on Blob { text } }
    codeownersRoot: object(expression: \"HEAD:CODEOWNERS\") { ... on Blob { text } }
    codeownersDocs: object(expression: \"HEAD:docs/CODEOWNERS\") { ... on Blob { text } }
  }
  search(query: $search, type: ISSUE, first: $first) {
    issueCount
    nodes {
      ... on PullRequest {
",
    prlens_queue_pull_fields!(),
    "      }
    }
  }
}"
);

/// The aliases of the three places, in GitHub's order (`CODEOWNERS_LOCATIONS`).
const CODEOWNERS_ALIASES: [&str; 3] = ["codeownersGithub", "codeownersRoot", "codeownersDocs"];

/// The POST body for `owner/repo`'s open PRs that request the viewer's review.
pub fn queue_mine_request(owner: &str, repo: &str) -> Value {
    json!({
        "query": QUEUE_MINE_QUERY,
        "variables": {
            "owner": owner, "name": repo, "first": QUEUE_MAX_PULLS,
            "search": format!("repo:{owner}/{repo} is:pr is:open review-requested:@me"),
        },
    })
}

/// Maps the answer to one bundle per PR (GitHub's search order), each naming the viewer and,
/// for PRs against the default branch, its CODEOWNERS.
pub fn queue_mine_bundles(
    answer: &Value,
    fetched_at: Option<&str>,
) -> Result<QueueAnswer, QueueError> {
    answer_error(answer)?;
    let repository = answer
        .pointer("/data/repository")
        .filter(|value| value.is_object())
        .ok_or_else(|| QueueError::NotFound("no repository in the answer".to_string()))?;
    let (owner, repo) = name_with_owner(repository)?;
    let viewer = answer
        .pointer("/data/viewer/login")
        .and_then(Value::as_str)
        .filter(|login| crate::text::is_github_login(login));
    let default_branch = repository
        .pointer("/defaultBranchRef/name")
        .and_then(Value::as_str);
    let codeowners = CODEOWNERS_ALIASES
        .iter()
        .zip(CODEOWNERS_LOCATIONS)
        .find_map(|(alias, path)| {
            let text = repository.get(*alias)?.get("text")?.as_str()?;
            Some(json!({"path": path, "text": text}))
        })
        .unwrap_or_else(|| json!({}));
    let search = answer
        .pointer("/data/search")
        .ok_or_else(|| QueueError::Other("the answer has no search".to_string()))?;
    let bundles = search
        .get("nodes")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter(|node| node.get("number").is_some())
        .map(|node| {
            let mut bundle = bundle_of(node, owner, repo, fetched_at);
            if let Some(login) = viewer {
                bundle["viewer"] = json!({ "login": login });
            }
            let base = node.get("baseRefName").and_then(Value::as_str);
            if base.is_some() && base == default_branch {
                bundle["codeowners"] = codeowners.clone();
            } else if let Some(notes) = bundle["fetch_notes"].as_array_mut() {
                notes.push(json!("codeowners: the list reads the default branch's; this PR's base is another branch"));
            }
            bundle
        })
        .collect();
    Ok(QueueAnswer {
        bundles,
        total_open: search
            .get("issueCount")
            .and_then(Value::as_u64)
            .unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(number: u64, base: &str, head: &str, reviewed: &str) -> Value {
        json!({"number": number, "title": "t", "state": "OPEN", "isDraft": false, "baseRefName": base,
               "headRefOid": head, "author": {"__typename": "User", "login": "ines"},
               "files": {"totalCount": 1, "nodes": [{"path": "src/auth/a.rs", "additions": 3, "deletions": 1, "changeType": "MODIFIED"}]},
               "reviews": {"nodes": [{"state": "COMMENTED", "author": {"__typename": "User", "login": "mona"}, "commit": {"oid": reviewed}}]}})
    }

    #[test]
    fn the_reviewers_queue_names_the_viewer_and_the_default_branchs_codeowners() {
        let answer = json!({"data": {"viewer": {"login": "mona"}, "repository": {
            "nameWithOwner": "o/r", "defaultBranchRef": {"name": "main"},
            "codeownersGithub": null, "codeownersRoot": {"text": "/src/auth/ @mona\n"}, "codeownersDocs": {"text": "* @x"}},
            "search": {"issueCount": 2, "nodes": [
                node(3, "main", "bbbbbbb", "aaaaaaa"), node(4, "release", "ccccccc", "ccccccc"), {}]}}});
        let queue = queue_mine_bundles(&answer, None).unwrap();
        assert_eq!((queue.bundles.len(), queue.total_open), (2, 2));
        assert_eq!(queue.bundles[0]["viewer"]["login"], "mona");
        assert_eq!(
            queue.bundles[0]["codeowners"]["path"], "CODEOWNERS",
            "the first place that has one"
        );
        assert!(
            queue.bundles[1].get("codeowners").is_none(),
            "another base: not the default branch's owners"
        );
        let signal = crate::analyze_json(&queue.bundles[0].to_string(), "", Some(0)).unwrap();
        let view = signal.viewer.expect("a viewer");
        assert_eq!(view.ownership_rank(), 2);
        assert!(
            view.since_review.is_some(),
            "reviewed aaaaaaa, head bbbbbbb"
        );
        let key = crate::queue::QueueKey::of(
            &crate::analyze_json(&queue.bundles[1].to_string(), "", Some(0)).unwrap(),
        );
        assert!(key.reviewed_on_head && !key.changed_since_review);
    }

    #[test]
    fn the_query_asks_githubs_review_requested_filter_for_the_repository() {
        let request = queue_mine_request("o", "r");
        assert_eq!(
            request["variables"]["search"],
            "repo:o/r is:pr is:open review-requested:@me"
        );
        assert!(QUEUE_MINE_QUERY.contains("viewer { login }"));
        assert!(QUEUE_MINE_QUERY.contains(prlens_queue_pull_fields!()));
    }
}
