//! The first renderable bundle: handed over right after wave 1 when the page named the head
//! and the author and nothing that can change the risk is left for wave 2 (which then only
//! adds familiarity, linked issues and the PR template); never otherwise.

use std::cell::RefCell;

use serde_json::{json, Value};

use super::fake::*;
use crate::bundle::Bundle;
use crate::fetch::join::block_on;
use crate::fetch::{fetch_bundle, FetchIo, FetchOutcome, MemoryStore, PullRef};

const HEAD: &str = "0123456789abcdef0123456789abcdef01234567";
const OLD_HEAD: &str = "fedcba9876543210fedcba9876543210fedcba98";
const TEMPLATE_URL: &str = "/repos/o/r/contents/.github/pull_request_template.md?ref=main";
const LATER: &str = "familiarity, linked issues and the PR template arrive after the first view";

/// A 2-file PR by alice alone, approved on its full-SHA head, saying it fixes #12; every
/// endpoint of both waves recorded.
fn solo_pr() -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["head"]["sha"] = json!(HEAD);
    pull["body"] = json!("Parses the header.\n\nFixes #12");
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)])
        .on(
            &url("/repos/o/r/pulls/7/commits?per_page=100"),
            vec![ok(json!([
                {"sha": "c1", "author": {"login": "alice"}, "commit": {"message": "one", "author": {"name": "A"}}, "parents": [{}]},
                {"sha": "c2", "author": {"login": "alice"}, "commit": {"message": "two", "author": {"name": "A"}}, "parents": [{}]}
            ]))],
        )
        .on(
            &url("/repos/o/r/pulls/7/reviews?per_page=100"),
            vec![ok(json!([{"user": {"login": "carol"}, "state": "APPROVED", "commit_id": HEAD}]))],
        )
        .on(&url("/repos/o/r/issues/12"), vec![ok(json!({"number": 12, "state": "open", "assignees": []}))])
        .on(&url("/repos/o/r/issues/12/timeline?per_page=100"), vec![ok(json!([]))])
        .on(
            &url(TEMPLATE_URL),
            vec![ok(json!({"type": "file", "encoding": "base64", "content": "IyMgU3VtbWFyeQo="}))],
        );
    for sha in [HEAD, OLD_HEAD] {
        fake.on(
            &url(&format!("/repos/o/r/commits/{sha}/check-runs?per_page=100")),
            vec![ok(json!({"total_count": 1, "check_runs": [{"name": "ci", "status": "completed", "conclusion": "failure"}]}))],
        )
        .on(
            &url(&format!("/repos/o/r/commits/{sha}/status")),
            vec![ok(json!({"state": "failure", "statuses": []}))],
        );
    }
    fake
}

fn page(head: &str, author: &str) -> Value {
    json!({"head_sha": head, "author": author, "viewed_files": [], "generated_files": []})
}

/// One fetch; the first renderable bundle (if any) with how many requests had been sent when
/// it came.
fn fetch(fake: &Fake, page: Option<Value>) -> (FetchOutcome, Option<(Value, usize)>) {
    let store = MemoryStore::default();
    let first: RefCell<Option<(Value, usize)>> = RefCell::new(None);
    let on_first = |bundle: &Value| {
        let sent = fake.requests.borrow().len();
        let previous = first.borrow_mut().replace((bundle.clone(), sent));
        assert!(previous.is_none(), "one first render at most");
    };
    let io = FetchIo {
        transport: fake,
        store: &store,
        on_progress: &|_| {},
        on_draft: None,
        on_first_render: Some(&on_first),
    };
    let done = block_on(fetch_bundle(
        PullRef::new("o", "r", 7).unwrap(),
        page,
        &options(),
        io,
    ));
    (done, first.into_inner())
}

fn risk(bundle: &Value) -> Value {
    let signal = crate::analyze_json(&bundle.to_string(), "{}", Some(NOW)).unwrap();
    serde_json::to_value(signal).unwrap()["risk"].clone()
}

#[test]
fn with_the_pages_facts_confirmed_and_page_one_complete_the_first_render_comes_after_wave_one() {
    let fake = solo_pr();
    let (done, first) = fetch(&fake, Some(page(HEAD, "alice")));
    assert_eq!(done.round_trips, 2, "wave 2 still goes out");
    assert_eq!(done.first_render_round_trips, 1);
    let (first, sent) = first.expect("a first render");
    assert_eq!(
        sent,
        fake.requests.borrow().len(),
        "wave 2 was all on its way when the first render came"
    );
    for section in [
        "check_runs",
        "status",
        "users",
        "history",
        "events",
        "timeline",
    ] {
        assert!(
            first.get(section).is_some(),
            "{section} in the first render"
        );
    }
    assert!(first["users"].get("alice").is_some());
    assert!(first["history"].get("alice").is_some());
    assert!(first["events"].get("alice").is_some());
    for later in ["familiarity", "linked_issues", "pr_template"] {
        assert!(first.get(later).is_none(), "{later} comes with wave 2");
    }
    let notes = Bundle::from_value(&first).unwrap().fetch_notes;
    assert!(notes.iter().any(|note| note == LATER), "{notes:?}");

    let last = done.bundle.unwrap();
    for section in ["familiarity", "linked_issues", "pr_template"] {
        assert!(last.get(section).is_some(), "{section} in the final bundle");
    }
    let notes = Bundle::from_value(&last).unwrap().fetch_notes;
    assert!(!notes.iter().any(|note| note == LATER), "{notes:?}");
    // What wave 2 adds feeds no risk driver with default settings.
    assert_eq!(risk(&first), risk(&last));
}

#[test]
fn the_first_render_changes_nothing_in_the_final_bundle_or_the_requests() {
    let fake = solo_pr();
    let (done, _) = fetch(&fake, Some(page(HEAD, "alice")));
    let reference = solo_pr();
    let store = MemoryStore::default();
    let without = run_with(
        &reference,
        &store,
        &options(),
        Some(page(HEAD, "alice")),
        &|_| {},
    );
    assert_eq!(done.bundle.unwrap(), without.unwrap());
    let urls = |fake: &Fake| -> Vec<String> {
        let mut urls: Vec<String> = fake
            .requests
            .borrow()
            .iter()
            .map(|request| request.url.clone())
            .collect();
        crate::order::sort_by(&mut urls, Ord::cmp);
        urls
    };
    assert_eq!(urls(&fake), urls(&reference));
}

#[test]
fn without_page_facts_there_is_no_early_render() {
    let fake = solo_pr();
    let (done, first) = fetch(&fake, None);
    assert!(first.is_none());
    assert_eq!(done.first_render_round_trips, done.round_trips);
}

#[test]
fn a_second_files_page_holds_the_first_render_back() {
    let fake = solo_pr();
    let mut pull = pull_body(150, 2);
    pull["head"]["sha"] = json!(HEAD);
    let link = format!(
        "<{API}/repositories/9/pulls/7/files?per_page=100&page=2>; rel=\"next\", <{API}/repositories/9/pulls/7/files?per_page=100&page=2>; rel=\"last\""
    );
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)])
        .on(
            &url("/repos/o/r/pulls/7/files?per_page=100"),
            vec![with_headers(ok(files(0..100)), &[("link", &link)])],
        )
        .on(
            &format!("{API}/repositories/9/pulls/7/files?per_page=100&page=2"),
            vec![ok(files(100..150))],
        );
    let (done, first) = fetch(&fake, Some(page(HEAD, "alice")));
    assert!(first.is_none());
    assert_eq!(done.first_render_round_trips, done.round_trips);
    assert_eq!(
        done.round_trips, 3,
        "familiarity waits for the whole file list"
    );
}

#[test]
fn page_facts_the_pull_corrects_hold_the_first_render_back() {
    let fake = solo_pr();
    let (done, first) = fetch(&fake, Some(page(OLD_HEAD, "alice")));
    assert!(first.is_none());
    assert_eq!(done.first_render_round_trips, 2);
}

#[test]
fn another_commit_author_to_look_up_holds_the_first_render_back() {
    let fake = solo_pr();
    fake.on(
        &url("/repos/o/r/pulls/7/commits?per_page=100"),
        vec![ok(json!([
            {"sha": "c1", "author": {"login": "alice"}, "commit": {"message": "one", "author": {"name": "A"}}, "parents": [{}]},
            {"sha": "c2", "author": {"login": "bob"}, "commit": {"message": "two", "author": {"name": "B"}}, "parents": [{}]}
        ]))],
    );
    let (done, first) = fetch(&fake, Some(page(HEAD, "alice")));
    assert!(first.is_none());
    assert_eq!(done.first_render_round_trips, 2);
}

#[test]
fn an_approval_on_an_older_commit_holds_the_first_render_back() {
    let fake = solo_pr();
    fake.on(
        &url("/repos/o/r/pulls/7/reviews?per_page=100"),
        vec![ok(
            json!([{"user": {"login": "carol"}, "state": "APPROVED", "commit_id": OLD_HEAD}]),
        )],
    )
    .on_prefix(
        &url("/repos/o/r/compare/"),
        ok(json!({"status": "ahead", "commits": [], "files": []})),
    );
    let (done, first) = fetch(&fake, Some(page(HEAD, "alice")));
    assert!(first.is_none());
    assert_eq!(done.first_render_round_trips, 2);
}

#[test]
fn with_everything_cached_there_is_no_early_render() {
    let fake = solo_pr();
    let store = MemoryStore::default();
    run_with(
        &fake,
        &store,
        &options(),
        Some(page(HEAD, "alice")),
        &|_| {},
    )
    .unwrap();
    let first: RefCell<Option<Value>> = RefCell::new(None);
    let on_first = |bundle: &Value| *first.borrow_mut() = Some(bundle.clone());
    let io = FetchIo {
        transport: &fake,
        store: &store,
        on_progress: &|_| {},
        on_draft: None,
        on_first_render: Some(&on_first),
    };
    let done = block_on(fetch_bundle(
        PullRef::new("o", "r", 7).unwrap(),
        Some(page(HEAD, "alice")),
        &options(),
        io,
    ));
    assert_eq!(done.round_trips, 0);
    assert_eq!(done.first_render_round_trips, 0);
    assert!(first.into_inner().is_none());
}
