//! A repository's open pull requests in ONE GraphQL query, mapped to patch-less
//! `prlens.bundle.v1` bundles (for `prlens queue`, and for list badges on GitHub's pull list).
//!
//! Why: scoring a queue through REST costs a dozen requests per PR; one GraphQL query returns
//! every open PR's size, files (names and line counts, no patches), reviews, head checks and
//! the author's account age. What GraphQL does not give cheaply (patches, commits, prior-PR
//! history, familiarity) is left out of the bundle, so the signal lists it as missing and
//! `fetch_notes` says why; the engine never mistakes "not fetched" for "none".
//! Sources: docs.github.com GraphQL reference — `Repository.pullRequests`, `PullRequest`
//! (`files`, `reviews`, `commits.statusCheckRollup`, `labels`), `CheckRun`, `StatusContext`,
//! `PullRequestReviewState`, `PatchStatus`, and "Rate limits and node limits" (2026-12).

use serde_json::{json, Map, Value};

use crate::bundle::BUNDLE_FORMAT;

/// PRs read by the queue query (most recently updated first); also its GraphQL `first`.
pub const QUEUE_MAX_PULLS: u32 = 50;

/// The fields read of each `PullRequest` node, shared by [`QUEUE_QUERY`] and the reviewer's
/// queue (`super::graphql_mine`), so both map to bundles the same way.
macro_rules! prlens_queue_pull_fields {
    () => {
        "        number title body url isDraft state createdAt updatedAt
        additions deletions changedFiles authorAssociation
        baseRefName headRefName headRefOid
        author { __typename login ... on User { createdAt } }
        labels(first: 20) { nodes { name } }
        commits { totalCount }
        files(first: 100) { totalCount nodes { path additions deletions changeType } }
        reviews(first: 100) { nodes { state submittedAt author { __typename login } commit { oid } } }
        headCommit: commits(last: 1) { nodes { commit { oid statusCheckRollup { contexts(first: 100) { nodes {
          __typename
          ... on CheckRun { name status conclusion }
          ... on StatusContext { context state }
        } } } } } }
"
    };
}
pub(crate) use prlens_queue_pull_fields;

/// The queue query: per PR up to 100 files, reviews and check contexts and 20 labels (GitHub's
/// page maximum is 100). `$labels` narrows on GitHub's side (any of them); authors are filtered
/// by the caller, since `pullRequests` cannot.
pub const QUEUE_QUERY: &str = concat!(
    "query PrlensQueue($owner: String!, $name: String!, $first: Int!, $labels: [String!]) {
  rateLimit { cost remaining resetAt }
  repository(owner: $owner, name: $name) {
    nameWithOwner
    pullRequests(states: OPEN, first: $first, labels: $labels, orderBy: {field: UPDATED_AT, direction: DESC}) {
      totalCount
      nodes {
",
    prlens_queue_pull_fields!(),
    "      }
    }
  }
}"
);

/// The POST body of the queue query for `owner/repo`.
pub fn queue_request(owner: &str, repo: &str, labels: &[String]) -> Value {
    let labels = if labels.is_empty() {
        Value::Null
    } else {
        json!(labels)
    };
    json!({
        "query": QUEUE_QUERY,
        "variables": {"owner": owner, "name": repo, "first": QUEUE_MAX_PULLS, "labels": labels},
    })
}

/// The queue query's answer, as bundles.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueAnswer {
    pub bundles: Vec<Value>,
    /// Open PRs matching the labels, including those beyond [`QUEUE_MAX_PULLS`].
    pub total_open: u64,
}

/// Why the answer holds no queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueueError {
    /// GraphQL's `NOT_FOUND`: no such repository, or not visible with this token.
    NotFound(String),
    /// GraphQL's `RATE_LIMITED`.
    RateLimited(String),
    /// Any other GraphQL error, or an answer without the expected shape.
    Other(String),
}

/// The note every queue bundle carries: what the one query leaves out.
/// A one-PR answer of the queue query (source, sensitive, test, lockfile, workflow and docs
/// files; a review; checks) that the list frame scores once while its real query is on the
/// network, so the engine's first real call does not also pay V8's first compile of the code
/// it runs (docs/performance.md, "List badges").
pub const WARM_UP_ANSWER: &str = include_str!("queue_warm_up.json");

pub const QUEUE_NOTE: &str = "queue: one GraphQL query per repository; files are listed without patches and commits, PR history and familiarity were not fetched";

/// Maps the query's JSON answer to one bundle per PR, in GitHub's order.
pub fn queue_bundles(answer: &Value, fetched_at: Option<&str>) -> Result<QueueAnswer, QueueError> {
    answer_error(answer)?;
    let repository = answer
        .pointer("/data/repository")
        .filter(|value| value.is_object())
        .ok_or_else(|| QueueError::NotFound("no repository in the answer".to_string()))?;
    let (owner, repo) = name_with_owner(repository)?;
    let pulls = repository
        .get("pullRequests")
        .ok_or_else(|| QueueError::Other("the answer has no pullRequests".to_string()))?;
    let bundles = pulls
        .pointer("/nodes")
        .and_then(Value::as_array)
        .map(|nodes| {
            nodes
                .iter()
                .filter(|node| node.is_object())
                .map(|node| bundle_of(node, owner, repo, fetched_at))
                .collect()
        })
        .unwrap_or_default();
    Ok(QueueAnswer {
        bundles,
        total_open: pulls.get("totalCount").and_then(Value::as_u64).unwrap_or(0),
    })
}

/// `owner` and `repo` of a `Repository` node's `nameWithOwner`.
pub(crate) fn name_with_owner(repository: &Value) -> Result<(&str, &str), QueueError> {
    repository
        .get("nameWithOwner")
        .and_then(Value::as_str)
        .and_then(|name| name.split_once('/'))
        .ok_or_else(|| QueueError::Other("the answer names no repository".to_string()))
}

/// The answer's first GraphQL error, as a [`QueueError`].
pub(crate) fn answer_error(answer: &Value) -> Result<(), QueueError> {
    if let Some(error) = answer
        .get("errors")
        .and_then(Value::as_array)
        .and_then(|errors| errors.first())
    {
        let message = crate::text::clip(
            error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("GraphQL error"),
            200,
        );
        return Err(match error.get("type").and_then(Value::as_str) {
            Some("NOT_FOUND") => QueueError::NotFound(message),
            Some("RATE_LIMITED") => QueueError::RateLimited(message),
            _ => QueueError::Other(message),
        });
    }
    Ok(())
}

/// One `PullRequest` node as a bundle: the pull in REST's shape, files without patches,
/// reviews, the head commit's check runs and statuses, and the author's account.
pub fn bundle_of(node: &Value, owner: &str, repo: &str, fetched_at: Option<&str>) -> Value {
    let text = |key: &str| node.get(key).cloned().unwrap_or(Value::Null);
    let author = node.get("author").filter(|author| author.is_object());
    let author_login = author.map(rest_login);
    let mut notes = vec![Value::from(QUEUE_NOTE)];
    let mut bundle = Map::new();
    bundle.insert("format".into(), json!(BUNDLE_FORMAT));
    if let Some(at) = fetched_at {
        bundle.insert("fetched_at".into(), json!(at));
    }
    let labels: Vec<Value> = nodes(node, "/labels/nodes")
        .iter()
        .filter_map(|label| label.get("name").cloned())
        .map(|name| json!({"name": name}))
        .collect();
    bundle.insert(
        "pull".into(),
        json!({
            "number": text("number"),
            "title": text("title"),
            "body": text("body"),
            "html_url": text("url"),
            "state": node.get("state").and_then(Value::as_str).unwrap_or("OPEN").to_ascii_lowercase(),
            "draft": node.get("isDraft").and_then(Value::as_bool).unwrap_or(false),
            "created_at": text("createdAt"),
            "updated_at": text("updatedAt"),
            "additions": text("additions"),
            "deletions": text("deletions"),
            "changed_files": text("changedFiles"),
            "commits": node.pointer("/commits/totalCount").cloned().unwrap_or(Value::Null),
            "author_association": text("authorAssociation"),
            "user": author.map(|author| json!({"login": rest_login(author), "type": typename(author)})),
            "labels": labels,
            "head": {"ref": text("headRefName"), "sha": text("headRefOid")},
            "base": {"ref": text("baseRefName"), "repo": {"name": repo, "full_name": format!("{owner}/{repo}"), "owner": {"login": owner}}},
        }),
    );
    let files: Vec<Value> = nodes(node, "/files/nodes")
        .iter()
        .map(|file| {
            json!({
                "filename": file.get("path").cloned().unwrap_or(Value::Null),
                "status": rest_file_status(file.get("changeType").and_then(Value::as_str).unwrap_or("")),
                "additions": file.get("additions").cloned().unwrap_or(json!(0)),
                "deletions": file.get("deletions").cloned().unwrap_or(json!(0)),
            })
        })
        .collect();
    let files_total = node.pointer("/files/totalCount").and_then(Value::as_u64);
    let truncated = files_total.is_some_and(|total| total > files.len() as u64);
    if truncated {
        notes.push(json!(format!(
            "files: only {} of {} changed files were listed (queue view)",
            files.len(),
            files_total.unwrap_or(0)
        )));
    }
    bundle.insert("files".into(), Value::Array(files));
    bundle.insert("files_truncated".into(), json!(truncated));
    bundle.insert("patches_fetched".into(), json!(false));
    let reviews: Vec<Value> = nodes(node, "/reviews/nodes")
        .iter()
        .map(|review| {
            json!({
                "state": review.get("state").cloned().unwrap_or(Value::Null),
                "submitted_at": review.get("submittedAt").cloned().unwrap_or(Value::Null),
                "user": review.get("author").filter(|a| a.is_object()).map(|a| json!({"login": rest_login(a), "type": typename(a)})),
                "commit_id": review.pointer("/commit/oid").cloned().unwrap_or(Value::Null),
            })
        })
        .collect();
    bundle.insert("reviews".into(), Value::Array(reviews));
    if let Some(contexts) = node
        .pointer("/headCommit/nodes/0/commit/statusCheckRollup/contexts/nodes")
        .and_then(Value::as_array)
    {
        let (runs, statuses) = checks_of(contexts);
        bundle.insert(
            "check_runs".into(),
            json!({"total_count": runs.len(), "check_runs": runs}),
        );
        bundle.insert(
            "status".into(),
            json!({"total_count": statuses.len(), "statuses": statuses}),
        );
    } else if node.pointer("/headCommit/nodes/0/commit").is_some() {
        // No rollup: GitHub has no checks or statuses for the head commit.
        bundle.insert(
            "check_runs".into(),
            json!({"total_count": 0, "check_runs": []}),
        );
        bundle.insert("status".into(), json!({"total_count": 0, "statuses": []}));
    }
    if let (Some(author), Some(login)) = (author, author_login) {
        if let Some(created) = author.get("createdAt").and_then(Value::as_str) {
            let user = json!({"login": login, "type": typename(author), "created_at": created});
            bundle.insert("users".into(), json!({ login.clone(): user }));
        }
    }
    bundle.insert("fetch_notes".into(), Value::Array(notes));
    Value::Object(bundle)
}

fn nodes<'a>(node: &'a Value, pointer: &str) -> &'a [Value] {
    node.pointer(pointer)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// GraphQL calls an app `Bot` with login `name`; REST says `name[bot]`.
fn rest_login(actor: &Value) -> String {
    let login = actor
        .get("login")
        .and_then(Value::as_str)
        .unwrap_or("ghost");
    if typename(actor) == "Bot" && !login.ends_with("[bot]") {
        format!("{login}[bot]")
    } else {
        login.to_string()
    }
}

fn typename(actor: &Value) -> &str {
    actor
        .get("__typename")
        .and_then(Value::as_str)
        .unwrap_or("User")
}

/// `PatchStatus` → the REST file `status`.
fn rest_file_status(change_type: &str) -> &'static str {
    match change_type {
        "ADDED" => "added",
        "DELETED" => "removed",
        "RENAMED" => "renamed",
        "COPIED" => "copied",
        "CHANGED" => "changed",
        _ => "modified",
    }
}

/// The rollup's contexts as REST check runs and commit statuses (lower-case states).
fn checks_of(contexts: &[Value]) -> (Vec<Value>, Vec<Value>) {
    let lower = |context: &Value, key: &str| {
        context
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_ascii_lowercase)
    };
    let mut runs = Vec::new();
    let mut statuses = Vec::new();
    for context in contexts {
        match context.get("__typename").and_then(Value::as_str) {
            Some("CheckRun") => runs.push(json!({
                "name": context.get("name").cloned().unwrap_or(Value::Null),
                "status": lower(context, "status"),
                "conclusion": lower(context, "conclusion"),
            })),
            Some("StatusContext") => statuses.push(json!({
                "context": context.get("context").cloned().unwrap_or(Value::Null),
                // EXPECTED: a required status nobody has reported yet.
                "state": lower(context, "state").map(|state| if state == "expected" { "pending".to_string() } else { state }),
            })),
            _ => {}
        }
    }
    (runs, statuses)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer() -> Value {
        let node = json!({
            "number": 5, "title": "t", "body": "b", "url": "https://github.com/o/r/pull/5", "isDraft": true,
            "state": "OPEN", "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-02T00:00:00Z",
            "additions": 3, "deletions": 1, "changedFiles": 2, "authorAssociation": "NONE",
            "baseRefName": "main", "headRefName": "x", "headRefOid": "abc",
            "author": {"__typename": "Bot", "login": "dependabot"},
            "labels": {"nodes": [{"name": "deps"}]}, "commits": {"totalCount": 1},
        });
        let mut node = node;
        node["files"] = json!({"totalCount": 3, "nodes": [
            {"path": "a.rs", "additions": 3, "deletions": 0, "changeType": "ADDED"},
            {"path": "b.rs", "additions": 0, "deletions": 1, "changeType": "DELETED"}]});
        node["reviews"] = json!({"nodes": [{"state": "APPROVED", "submittedAt": "2026-01-02T00:00:00Z",
            "author": {"__typename": "User", "login": "m"}, "commit": {"oid": "abc"}}]});
        let contexts = json!([
            {"__typename": "CheckRun", "name": "test", "status": "COMPLETED", "conclusion": "FAILURE"},
            {"__typename": "StatusContext", "context": "ci/x", "state": "EXPECTED"}]);
        node["headCommit"] = json!({"nodes": [{"commit": {"oid": "abc",
            "statusCheckRollup": {"contexts": {"nodes": contexts}}}}]});
        json!({"data": {"repository": {"nameWithOwner": "o/r",
            "pullRequests": {"totalCount": 1, "nodes": [node]}}}})
    }

    #[test]
    fn the_warm_up_answer_is_one_pull_request_the_engine_scores() {
        let answer: Value =
            serde_json::from_str(WARM_UP_ANSWER).expect("the warm-up answer is JSON");
        let queue = queue_bundles(&answer, Some("2026-01-03T00:00:00Z")).expect("a queue");
        assert_eq!(queue.bundles.len(), 1);
        let bundle = crate::Bundle::from_value(&queue.bundles[0]).expect("a bundle");
        let signal = crate::analyze(&bundle, &crate::Settings::default(), Some(0));
        assert!(
            !signal.risk.drivers.is_empty(),
            "the warm-up reaches the drivers"
        );
    }

    #[test]
    fn a_pull_request_node_becomes_a_patchless_bundle_in_rest_shape() {
        let answer = queue_bundles(&answer(), Some("2026-01-03T00:00:00Z")).expect("answer");
        assert_eq!(answer.total_open, 1);
        let bundle = &answer.bundles[0];
        assert_eq!(bundle["pull"]["user"]["login"], "dependabot[bot]");
        assert_eq!(bundle["pull"]["draft"], true);
        assert_eq!(bundle["pull"]["state"], "open");
        assert_eq!(bundle["files"][1]["status"], "removed");
        assert!(bundle["files"][0].get("patch").is_none());
        assert_eq!(bundle["files_truncated"], true);
        assert_eq!(
            bundle["check_runs"]["check_runs"][0]["conclusion"],
            "failure"
        );
        assert_eq!(bundle["status"]["statuses"][0]["state"], "pending");
        assert_eq!(bundle["reviews"][0]["user"]["login"], "m");
        assert!(bundle.get("commits").is_none() && bundle.get("history").is_none());
        let parsed = crate::Bundle::from_value(bundle).expect("a valid bundle");
        assert_eq!(parsed.pull.number, 5);
    }

    #[test]
    fn graphql_errors_are_told_apart() {
        let missing = json!({"data": {"repository": null}, "errors": [{"type": "NOT_FOUND", "message": "Could not resolve"}]});
        assert!(matches!(
            queue_bundles(&missing, None),
            Err(QueueError::NotFound(_))
        ));
        let limited =
            json!({"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded"}]});
        assert!(matches!(
            queue_bundles(&limited, None),
            Err(QueueError::RateLimited(_))
        ));
    }
}
