//! The PR's commits from github.com's commits route (`/{o}/{r}/pull/{n}/commits` asked for JSON),
//! shaped like `GET /repos/{o}/{r}/pulls/{n}/commits`: sha, the author's and committer's logins,
//! names, dates and the message's first line.
//!
//! Why: it is what GitHub's own Commits tab reads, served to the signed-in browser without
//! touching the API quota, and it names each commit's GitHub account, which the `.patch` does
//! not (docs/sources.md "Session sources"). Its shape, as public readers of the route decode it
//! (2024–2026, seen via code search 2026-12-10): `payload.pullRequestsCommitsRoute.commitGroups[]
//! .commits[]` with `oid`, `shortMessage` (null on some web merges), `authoredDate`,
//! `committedDate`, `authors[]` (`login`, null when the e-mail is linked to no account;
//! `displayName`) and `committer`, and a `truncated` flag.
//!
//! What it does not carry, and the API does: e-mails, signature verification, parents and the
//! message body (only as rendered HTML, never read). Measured on the project bundles: leaving
//! those out changes the level or the action of none but `ghost-author`, whose commit author is
//! an e-mail linked to no account; so a commit without a linked author makes the plan ask the
//! API instead ([`RouteError::UnlinkedAuthor`]).

use serde_json::{json, Value};

use super::route::{array, is_sha, nullable, parse, string, RouteError};

/// The commits of the route's answer `text`, oldest first as the route lists them.
pub fn commits_from_route(text: &str) -> Result<Vec<Value>, RouteError> {
    let root = parse(text)?;
    let route = super::route::at(&root, &["payload", "pullRequestsCommitsRoute"])?;
    if route.get("truncated").and_then(Value::as_bool) == Some(true) {
        return Err(RouteError::Truncated);
    }
    let mut commits = Vec::new();
    for group in array(route, &["commitGroups"])? {
        for commit in array(group, &["commits"])? {
            commits.push(api_commit(commit)?);
        }
    }
    Ok(commits)
}

/// One route commit in the API's shape.
fn api_commit(commit: &Value) -> Result<Value, RouteError> {
    const WHAT: &str = "commitGroups.commits";
    let sha = string(commit, "oid", WHAT)?;
    if !is_sha(sha) {
        return Err(RouteError::Shape(format!("{WHAT}.oid")));
    }
    let authored = string(commit, "authoredDate", WHAT)?;
    let committed = nullable(commit, "committedDate", WHAT, true)?.unwrap_or(authored);
    let message = match nullable(commit, "shortMessage", WHAT, true)? {
        Some(message) => message,
        None => nullable(commit, "shortMessageMarkdown", WHAT, true)?.unwrap_or_default(),
    };
    let authors = commit
        .get("authors")
        .and_then(Value::as_array)
        .ok_or_else(|| RouteError::Shape(format!("{WHAT}.authors")))?;
    let author = authors
        .first()
        .ok_or_else(|| RouteError::Shape(format!("{WHAT}.authors")))?;
    let (author_login, author_name) = actor(author, "authors")?;
    let Some(author_login) = author_login else {
        return Err(RouteError::UnlinkedAuthor);
    };
    let (committer_login, committer_name) = match commit.get("committer") {
        None | Some(Value::Null) => (None, None),
        Some(committer) => actor(committer, "committer")?,
    };
    Ok(json!({
        "sha": sha,
        "author": {"login": author_login},
        "committer": committer_login.map(|login| json!({"login": login})),
        "commit": {
            "message": message,
            "author": {"name": author_name, "date": authored},
            "committer": {"name": committer_name, "date": committed},
        },
    }))
}

/// An actor's login (null when linked to no account) and display name.
fn actor<'a>(
    value: &'a Value,
    what: &str,
) -> Result<(Option<&'a str>, Option<&'a str>), RouteError> {
    if !value.is_object() {
        return Err(RouteError::Shape(format!("commitGroups.commits.{what}")));
    }
    let login = nullable(value, "login", what, true)?.filter(|login| !login.is_empty());
    let name = nullable(value, "displayName", what, true)?;
    Ok((login, name))
}

/// Whether the commits agree with the API's pull: as many as it counts (up to GitHub's 250, the
/// API's cap), and its head among them. `Err` says what differs, for the note.
pub fn check_commits_against_pull(commits: &[Value], pull: &Value) -> Result<(), String> {
    let expected = pull
        .get("commits")
        .and_then(Value::as_u64)
        .ok_or("the pull request does not give its commit count")?;
    let found = commits.len() as u64;
    if found != expected {
        return Err(format!(
            "it lists {found} commits where the pull request says {expected}"
        ));
    }
    let head = pull
        .get("head")
        .and_then(|head| head.get("sha"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let listed = commits.iter().any(|commit| {
        commit["sha"]
            .as_str()
            .is_some_and(|sha| sha.eq_ignore_ascii_case(head))
    });
    match listed {
        true => Ok(()),
        false => Err("the pull request's head commit is not among them".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

    fn route(commits: Value) -> String {
        json!({"payload": {"pullRequestsCommitsRoute": {"commitGroups": [{"commits": commits}], "truncated": false}}}).to_string()
    }

    fn commit(oid: &str, login: Value) -> Value {
        json!({"oid": oid, "shortMessage": "Add parser", "authoredDate": "2026-01-02T03:04:05Z",
               "committedDate": "2026-01-02T03:05:00Z", "bodyMessageHtml": "<p>ignored</p>",
               "authors": [{"login": login, "displayName": "Alice"}],
               "committer": {"login": "web-flow", "displayName": "GitHub"}})
    }

    #[test]
    fn route_commits_read_as_the_apis_with_logins_names_dates_and_the_first_line() {
        let commits = commits_from_route(&route(json!([commit(A, json!("alice"))]))).unwrap();
        assert_eq!(
            commits,
            vec![json!({
                "sha": A, "author": {"login": "alice"}, "committer": {"login": "web-flow"},
                "commit": {"message": "Add parser",
                           "author": {"name": "Alice", "date": "2026-01-02T03:04:05Z"},
                           "committer": {"name": "GitHub", "date": "2026-01-02T03:05:00Z"}}
            })]
        );
    }

    #[test]
    fn a_changed_shape_a_short_sha_a_cut_list_or_an_unlinked_author_is_refused() {
        assert_eq!(commits_from_route("<html>"), Err(RouteError::NotJson));
        assert_eq!(
            commits_from_route(&json!({"payload": {}}).to_string()),
            Err(RouteError::Shape("payload.pullRequestsCommitsRoute".into()))
        );
        assert!(matches!(
            commits_from_route(&route(json!([commit("abc123", json!("alice"))]))),
            Err(RouteError::Shape(_))
        ));
        let cut = json!({"payload": {"pullRequestsCommitsRoute": {"commitGroups": [], "truncated": true}}});
        assert_eq!(
            commits_from_route(&cut.to_string()),
            Err(RouteError::Truncated)
        );
        assert_eq!(
            commits_from_route(&route(json!([commit(A, Value::Null)]))),
            Err(RouteError::UnlinkedAuthor)
        );
        let mut no_date = commit(A, json!("alice"));
        no_date["authoredDate"] = json!(7);
        assert!(commits_from_route(&route(json!([no_date]))).is_err());
    }

    #[test]
    fn the_commits_must_match_the_pulls_count_and_hold_its_head() {
        let commits = commits_from_route(&route(json!([
            commit(A, json!("alice")),
            commit(B, json!("bob"))
        ])))
        .unwrap();
        let pull = json!({"commits": 2, "head": {"sha": B}});
        assert_eq!(check_commits_against_pull(&commits, &pull), Ok(()));
        let more = json!({"commits": 3, "head": {"sha": B}});
        assert_eq!(
            check_commits_against_pull(&commits, &more),
            Err("it lists 2 commits where the pull request says 3".into())
        );
        let moved = json!({"commits": 2, "head": {"sha": "c".repeat(40)}});
        assert!(check_commits_against_pull(&commits, &moved).is_err());
    }
}
