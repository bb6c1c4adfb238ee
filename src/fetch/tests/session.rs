//! The no-token path's github.com sources: the PR's own diff instead of the API's files pages,
//! its commits route instead of the API's commits, its status checks instead of the API's check
//! runs and status; each checked, and the fallback to the API when one is missing or changed.

use serde_json::{json, Value};

use super::fake::*;
use crate::fetch::{FetchOptions, MemoryStore};

const DIFF_URL: &str = "https://github.com/o/r/pull/7.diff";
const COMMITS_URL: &str = "https://github.com/o/r/pull/7/commits";
const CHECKS_URL: &str = "https://github.com/o/r/pull/7/page_data/status_checks";
/// The session PR's head (the commits route is checked for it; 40 hex digits).
const HEAD: &str = "c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2";
const FIRST: &str = "c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1";

/// github.com's commits route for the PR: alice's commit, then bob's head.
fn commits_route() -> Value {
    let commit = |oid: &str, login: &str| {
        json!({"oid": oid, "shortMessage": format!("by {login}"), "authoredDate": "2026-12-01T00:00:00Z",
               "committedDate": "2026-12-01T00:00:00Z", "authors": [{"login": login, "displayName": login}],
               "committer": {"login": "web-flow", "displayName": "GitHub"}})
    };
    json!({"payload": {"pullRequestsCommitsRoute": {
        "commitGroups": [{"commits": [commit(FIRST, "alice"), commit(HEAD, "bob")]}],
        "truncated": false
    }}})
}

/// github.com's status checks for the PR: one finished check.
fn checks_route() -> Value {
    json!({"statusChecks": [{"displayName": "ci", "description": null, "state": "SUCCESS",
                             "isRequired": false, "targetUrl": null, "durationInSeconds": 3}]})
}

/// The diff of `files(0..2)`: two files, 3 additions and 1 deletion each.
fn diff() -> String {
    (0..2)
        .map(|index| {
            format!(
                "diff --git a/src/file{index}.rs b/src/file{index}.rs\nindex 1111111..2222222 100644\n--- a/src/file{index}.rs\n+++ b/src/file{index}.rs\n@@ -1,2 +1,4 @@\n-a\n+b\n+c\n+d\n x\n"
            )
        })
        .collect()
}

fn text(body: &str) -> Reply {
    Ok(crate::fetch::Response {
        status: 200,
        headers: vec![
            ("etag".into(), "\"diff-1\"".into()),
            ("content-type".into(), "text/plain; charset=utf-8".into()),
        ],
        body: body.to_string(),
    })
}

/// The small PR, its pull agreeing with the diff (2 files, 6 additions, 2 deletions) and the
/// commits route (2 commits, head `HEAD`), with all three github.com sources answering.
fn pr() -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["additions"] = json!(6);
    pull["deletions"] = json!(2);
    pull["head"]["sha"] = json!(HEAD);
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)])
        .on(DIFF_URL, vec![text(&diff())])
        .on(COMMITS_URL, vec![ok(commits_route())])
        .on(CHECKS_URL, vec![ok(checks_route())])
        .on_prefix(
            &url(&format!("/repos/o/r/commits/{HEAD}/check-runs")),
            ok(json!({"total_count": 1, "check_runs": [{"name": "api-ci", "status": "completed", "conclusion": "success"}]})),
        )
        .on_prefix(
            &url(&format!("/repos/o/r/commits/{HEAD}/status")),
            ok(json!({"state": "success", "statuses": []})),
        );
    fake
}

/// API paths a view asked for, sorted.
fn api_paths(fake: &Fake) -> Vec<String> {
    let mut api: Vec<String> = fake
        .sent_urls()
        .into_iter()
        .filter(|sent| sent.starts_with(API))
        .map(|sent| sent.trim_start_matches(API).to_string())
        .collect();
    crate::order::sort(&mut api);
    api
}

fn session_options() -> FetchOptions {
    FetchOptions {
        web_base: Some("https://github.com".into()),
        ..options()
    }
}

fn notes(bundle: &Value) -> Vec<String> {
    bundle["fetch_notes"]
        .as_array()
        .map(|notes| {
            notes
                .iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn without_a_token_the_files_come_from_the_prs_own_diff_and_no_files_page_is_asked() {
    let fake = pr();
    let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
    assert_eq!(fake.count(DIFF_URL), 1);
    assert_eq!(fake.count(&url("/repos/o/r/pulls/7/files?per_page=100")), 0);
    let files = bundle["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["filename"], "src/file0.rs");
    assert_eq!(files[0]["additions"], 3);
    assert_eq!(files[0]["patch"], "@@ -1,2 +1,4 @@\n-a\n+b\n+c\n+d\n x");
    assert!(
        notes(&bundle)
            .iter()
            .all(|note| !note.starts_with("files:")),
        "{:?}",
        notes(&bundle)
    );
    // The diff request carries no token and asks for text; it went to github.com only.
    let request = fake
        .requests
        .borrow()
        .iter()
        .find(|r| r.url == DIFF_URL)
        .cloned()
        .unwrap();
    assert_eq!(request.header("authorization"), None);
    assert_eq!(request.header("accept"), Some("text/plain"));
}

#[test]
fn with_a_token_the_session_is_never_used() {
    let fake = pr();
    let options = FetchOptions {
        token: Some("ghp_x".into()),
        ..session_options()
    };
    run(&fake, &MemoryStore::default(), &options).unwrap();
    assert_eq!(fake.count(DIFF_URL), 0);
    assert!(
        fake.sent_urls().iter().all(|sent| sent.starts_with(API)),
        "{:?}",
        fake.sent_urls()
    );
}

#[test]
fn a_missing_or_changed_diff_falls_back_to_the_api_with_a_note() {
    for (reply, why) in [
        (status(404, &[]), "not found"),
        (text("Sorry, this diff is unavailable.\n"), "not a git diff"),
        (
            text("<!DOCTYPE html><title>Sign in to GitHub</title>"),
            "not a git diff",
        ),
        (
            text(&diff()[..diff().len() / 2]),
            "it has 1 changed files where the pull request says 2",
        ),
    ] {
        let fake = pr();
        fake.on(DIFF_URL, vec![reply]);
        let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
        assert_eq!(
            fake.count(&url("/repos/o/r/pulls/7/files?per_page=100")),
            1,
            "{why}"
        );
        assert_eq!(bundle["files"].as_array().unwrap().len(), 2, "{why}");
        let note = notes(&bundle)
            .into_iter()
            .find(|note| note.starts_with("files: github.com's diff"))
            .unwrap_or_else(|| panic!("no fallback note for {why}"));
        assert!(note.contains(why) || why == "not found", "{note}");
        assert!(note.ends_with("read from the API instead"), "{note}");
    }
}

#[test]
fn a_revisit_revalidates_the_diff_from_the_cache() {
    let fake = pr();
    let store = MemoryStore::default();
    run(&fake, &store, &session_options()).unwrap();
    fake.clear_log();
    let later = FetchOptions {
        now: NOW + 3600,
        ..session_options()
    };
    fake.on(DIFF_URL, vec![status(304, &[])]);
    let bundle = run(&fake, &store, &later).unwrap();
    let request = fake
        .requests
        .borrow()
        .iter()
        .find(|r| r.url == DIFF_URL)
        .cloned()
        .unwrap();
    assert_eq!(request.header("if-none-match"), Some("\"diff-1\""));
    assert_eq!(bundle["files"].as_array().unwrap().len(), 2);
}

#[test]
fn a_cold_no_token_view_asks_the_api_only_for_what_only_the_api_has() {
    let fake = pr();
    let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
    // The pull, the timeline (the reviews' source), the two authors' profiles and the
    // author's public events.
    assert_eq!(
        api_paths(&fake),
        [
            "/repos/o/r/issues/7/timeline?per_page=100",
            "/repos/o/r/pulls/7",
            "/users/alice",
            "/users/alice/events/public?per_page=100",
            "/users/bob",
        ]
    );
    let mut web: Vec<String> = fake
        .sent_urls()
        .into_iter()
        .filter(|sent| !sent.starts_with(API))
        .collect();
    crate::order::sort(&mut web);
    assert_eq!(web, [DIFF_URL, COMMITS_URL, CHECKS_URL]);
    // The reviews are the timeline's `reviewed` events, in the reviews API's shape.
    assert_eq!(
        bundle["reviews"],
        json!([{"user": {"login": "carol"}, "state": "APPROVED", "commit_id": SHA}])
    );
    assert_eq!(bundle["commits"][1]["sha"], HEAD);
    assert_eq!(bundle["commits"][1]["author"]["login"], "bob");
    assert_eq!(bundle["check_runs"]["check_runs"][0]["name"], "ci");
    assert_eq!(
        bundle["check_runs"]["check_runs"][0]["conclusion"],
        "success"
    );
    let notes = notes(&bundle);
    assert!(notes
        .iter()
        .any(|note| note.starts_with("history, familiarity")));
    assert!(
        notes.iter().any(|note| note.starts_with(
            "files, commits and checks: read from the pull request's own pages on github.com"
        )),
        "{notes:?}"
    );
}

#[test]
fn github_com_routes_are_asked_as_githubs_page_asks_them_and_never_with_a_token_header() {
    let fake = pr();
    run(&fake, &MemoryStore::default(), &session_options()).unwrap();
    for route in [COMMITS_URL, CHECKS_URL] {
        let request = fake
            .requests
            .borrow()
            .iter()
            .find(|r| r.url == route)
            .cloned()
            .unwrap();
        assert_eq!(request.header("accept"), Some("application/json"));
        assert_eq!(request.header("x-requested-with"), Some("XMLHttpRequest"));
        assert_eq!(request.header("authorization"), None);
    }
}

#[test]
fn a_missing_changed_or_disagreeing_commits_route_falls_back_to_the_api_with_a_note() {
    let unlinked = {
        let mut route = commits_route();
        route["payload"]["pullRequestsCommitsRoute"]["commitGroups"][0]["commits"][0]["authors"]
            [0]["login"] = Value::Null;
        route
    };
    let one = {
        let mut route = commits_route();
        route["payload"]["pullRequestsCommitsRoute"]["commitGroups"][0]["commits"] =
            json!([route["payload"]["pullRequestsCommitsRoute"]["commitGroups"][0]["commits"][1]]);
        route
    };
    for (reply, why) in [
        (status(404, &[]), "not found"),
        (text("<!DOCTYPE html><title>Sign in</title>"), "not JSON"),
        (
            ok(json!({"payload": {}})),
            "payload.pullRequestsCommitsRoute",
        ),
        (ok(unlinked), "linked to no GitHub account"),
        (ok(one), "it lists 1 commits where the pull request says 2"),
    ] {
        let fake = pr();
        fake.on(COMMITS_URL, vec![reply]);
        let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
        assert_eq!(
            fake.count(&url("/repos/o/r/pulls/7/commits?per_page=100")),
            1,
            "{why}"
        );
        assert_eq!(
            bundle["commits"][0]["sha"], "c1",
            "{why}: the API's commits"
        );
        let note = notes(&bundle)
            .into_iter()
            .find(|note| note.starts_with("commits: github.com's commit list"))
            .unwrap_or_else(|| panic!("no fallback note for {why}"));
        assert!(note.contains(why) || why == "not found", "{note}");
    }
}

#[test]
fn a_changed_status_checks_route_means_the_api_checks_are_asked_with_a_note() {
    for (reply, why) in [
        (status(404, &[]), "not found"),
        (
            ok(
                json!({"statusChecks": [{"displayName": "ci", "description": null, "state": "GREEN", "targetUrl": null}]}),
            ),
            "unknown state \"GREEN\"",
        ),
        (ok(json!({"checks": []})), "statusChecks"),
    ] {
        let fake = pr();
        fake.on(CHECKS_URL, vec![reply]);
        let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
        assert!(
            api_paths(&fake)
                .iter()
                .any(|path| path.contains("/check-runs")),
            "{why}: {:?}",
            api_paths(&fake)
        );
        assert_eq!(
            bundle["check_runs"]["check_runs"][0]["name"], "api-ci",
            "{why}"
        );
        let note = notes(&bundle)
            .into_iter()
            .find(|note| note.starts_with("checks: github.com's status checks"))
            .unwrap_or_else(|| panic!("no fallback note for {why}"));
        assert!(note.contains(why) || why == "not found", "{note}");
    }
}

#[test]
fn a_one_author_cold_view_with_the_pages_head_and_author_takes_one_round_trip_and_four_api_requests(
) {
    let fake = pr();
    let mut route = commits_route();
    route["payload"]["pullRequestsCommitsRoute"]["commitGroups"][0]["commits"][1]["authors"][0]
        ["login"] = json!("alice");
    fake.on(COMMITS_URL, vec![ok(route)]);
    let page =
        json!({"head_sha": HEAD, "author": "alice", "viewed_files": [], "generated_files": []});
    let store = MemoryStore::default();
    run_with(&fake, &store, &session_options(), Some(page), &|_| {}).unwrap();
    assert_eq!(
        api_paths(&fake),
        [
            "/repos/o/r/issues/7/timeline?per_page=100",
            "/repos/o/r/pulls/7",
            "/users/alice",
            "/users/alice/events/public?per_page=100",
        ]
    );
    assert_eq!(
        super::plan::rounds(&fake).len(),
        1,
        "{:?}",
        super::plan::rounds(&fake)
    );
}

#[test]
fn a_timeline_with_more_pages_means_the_reviews_are_asked_for() {
    let fake = pr();
    let timeline = url("/repos/o/r/issues/7/timeline?per_page=100");
    let next = format!("<{timeline}&page=2>; rel=\"next\", <{timeline}&page=2>; rel=\"last\"");
    fake.on(
        &timeline,
        vec![with_headers(
            ok(json!([{"event": "committed", "sha": "c1"}])),
            &[("link", &next)],
        )],
    );
    let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
    assert_eq!(
        fake.count(&url("/repos/o/r/pulls/7/reviews?per_page=100")),
        1
    );
    assert_eq!(bundle["reviews"][0]["state"], "APPROVED");
}
