//! The no-token path's github.com sources: the PR's own diff instead of the API's files pages,
//! checked against the pull, and the fallback to the API when it is missing or changed.

use serde_json::{json, Value};

use super::fake::*;
use crate::fetch::{FetchOptions, MemoryStore};

const DIFF_URL: &str = "https://github.com/o/r/pull/7.diff";

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

/// The small PR, its pull agreeing with the diff (2 files, 6 additions, 2 deletions).
fn pr() -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["additions"] = json!(6);
    pull["deletions"] = json!(2);
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)]);
    fake
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
    fake.on(DIFF_URL, vec![text(&diff())]);
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
    fake.on(DIFF_URL, vec![text(&diff())]);
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
    fake.on(DIFF_URL, vec![text(&diff())]);
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
    fake.on(DIFF_URL, vec![text(&diff())]);
    let bundle = run(&fake, &MemoryStore::default(), &session_options()).unwrap();
    let mut api: Vec<String> = fake
        .sent_urls()
        .into_iter()
        .filter(|sent| sent.starts_with(API))
        .map(|sent| sent.trim_start_matches(API).to_string())
        .collect();
    crate::order::sort(&mut api);
    assert_eq!(
        api,
        [
            "/repos/o/r/commits/abc123/check-runs?per_page=100",
            "/repos/o/r/commits/abc123/status",
            "/repos/o/r/issues/7/timeline?per_page=100",
            "/repos/o/r/pulls/7",
            "/repos/o/r/pulls/7/commits?per_page=100",
            "/users/alice",
            "/users/bob",
        ]
    );
    // The reviews are the timeline's `reviewed` events, in the reviews API's shape.
    assert_eq!(
        bundle["reviews"],
        json!([{"user": {"login": "carol"}, "state": "APPROVED", "commit_id": SHA}])
    );
    assert!(notes(&bundle)
        .iter()
        .any(|note| note.starts_with("history, familiarity")));
}

#[test]
fn a_timeline_with_more_pages_means_the_reviews_are_asked_for() {
    let fake = pr();
    fake.on(DIFF_URL, vec![text(&diff())]);
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
