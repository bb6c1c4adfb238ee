//! The HTTP cache (freshness window, ETag revalidation) and rate-limit exhaustion.

use serde_json::Value;

use super::fake::*;
use crate::bundle::Bundle;
use crate::fetch::{ErrorKind, MemoryStore, Response};

fn without_fetched_at(mut bundle: Value) -> Value {
    bundle.as_object_mut().unwrap().remove("fetched_at");
    bundle
}

/// URLs of the requests that carried `If-None-Match`.
fn conditional_requests(fake: &Fake) -> Vec<String> {
    fake.requests
        .borrow()
        .iter()
        .filter(|request| request.header("if-none-match").is_some())
        .map(|request| request.url.clone())
        .collect()
}

#[test]
fn revisit_within_the_freshness_window_sends_no_request() {
    let fake = small_pr();
    let store = MemoryStore::default();
    let first = run(&fake, &store, &options()).unwrap();
    assert!(!fake.requests.borrow().is_empty());
    fake.clear_log();

    let mut later = options();
    later.now += 60; // inside the default 120 s window
    let second = run(&fake, &store, &later).unwrap();
    assert!(fake.requests.borrow().is_empty(), "{:#?}", fake.sent_urls());
    assert_eq!(without_fetched_at(first), without_fetched_at(second));
}

#[test]
fn revisit_after_the_window_revalidates_with_etags_and_reuses_304_bodies() {
    let fake = small_pr();
    let store = MemoryStore::default();
    let first = run(&fake, &store, &options()).unwrap();
    let sent_first = fake.requests.borrow().len();
    fake.clear_log();

    // From now on GitHub says "not modified" to everything the client asks about.
    let not_modified = Ok(Response {
        status: 304,
        headers: vec![],
        body: String::new(),
    });
    let urls: Vec<String> = vec![
        url("/repos/o/r/pulls/7"),
        url("/repos/o/r/pulls/7/files?per_page=100"),
        url("/repos/o/r/pulls/7/commits?per_page=100"),
        url("/repos/o/r/pulls/7/reviews?per_page=100"),
        url(&format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100")),
        url(&format!("/repos/o/r/commits/{SHA}/status")),
        url("/repos/o/r/issues/7/timeline?per_page=100"),
    ];
    for url in &urls {
        fake.on(url, vec![not_modified.clone()]);
    }
    let mut later = options();
    later.now += 600; // past the 120 s window, within the day users and search are kept
    let second = run(&fake, &store, &later).unwrap();

    let conditional = conditional_requests(&fake);
    let mut sent = fake.sent_urls();
    crate::order::sort(&mut sent);
    let mut expected = urls.clone();
    crate::order::sort(&mut expected);
    assert_eq!(
        sent, expected,
        "only head-dependent data and the timeline are revalidated"
    );
    assert_eq!(
        conditional.len(),
        urls.len(),
        "every revalidation carries If-None-Match"
    );
    assert!(sent.len() < sent_first);
    assert_eq!(without_fetched_at(first), without_fetched_at(second));
}

#[test]
fn new_head_sha_makes_cached_files_stale_even_inside_the_window() {
    let fake = small_pr();
    let store = MemoryStore::default();
    run(&fake, &store, &options()).unwrap();
    fake.clear_log();
    // The pull's cached copy is still fresh, so nothing at all is asked in the window...
    let mut later = options();
    later.now += 30;
    run(&fake, &store, &later).unwrap();
    assert!(fake.requests.borrow().is_empty());
    // ...but a forced revalidation (freshness 0, the panel's refresh) sees a new push.
    let mut pushed = pull_body(2, 2);
    pushed["head"]["sha"] = "def456".into();
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pushed)]);
    let mut refresh = later.clone();
    refresh.freshness_seconds = 0;
    let bundle = run(&fake, &store, &refresh).unwrap();
    assert!(fake.count(&url("/repos/o/r/commits/def456/status")) == 1);
    assert_eq!(
        Bundle::from_value(&bundle)
            .unwrap()
            .pull
            .head_sha
            .as_deref(),
        Some("def456")
    );
}

#[test]
fn exhausted_rate_limit_stops_requests_until_reset_and_says_so() {
    let fake = small_pr();
    let exhausted = [
        ("x-ratelimit-remaining", "0"),
        ("x-ratelimit-reset", "1800000600"),
        ("x-ratelimit-resource", "core"),
    ];
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![with_headers(ok(pull_body(2, 2)), &exhausted)],
    );
    let store = MemoryStore::default();
    let bundle = run(&fake, &store, &options()).unwrap();
    // Wave 1 was already in flight; nothing of wave 2 that draws on core was sent.
    let core_after_wave_one: Vec<String> = fake
        .sent_urls()
        .into_iter()
        .filter(|sent| !sent.contains("/search/"))
        .skip(5)
        .collect();
    assert!(core_after_wave_one.is_empty(), "{core_after_wave_one:#?}");
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|n| n
            .starts_with("check_runs: skipped, GitHub's rate limit is used up until 08:10 UTC")),
        "{notes:?}"
    );

    // A later view before the reset sends no core request at all and shows the cached data.
    fake.clear_log();
    let mut later = options();
    later.now += 300;
    let again = run(&fake, &store, &later).unwrap();
    assert!(
        fake.sent_urls()
            .iter()
            .all(|sent| sent.contains("/search/")),
        "{:#?}",
        fake.sent_urls()
    );
    let notes = Bundle::from_value(&again).unwrap().fetch_notes;
    assert!(notes.iter().any(|n| n == "pull: cached copy shown; GitHub's rate limit is used up until 08:10 UTC"), "{notes:?}");

    // With nothing cached for another PR, the view fails with the reset time.
    let other = crate::fetch::PullRef::new("o", "r", 8).unwrap();
    let io = crate::fetch::FetchIo {
        transport: &fake,
        store: &store,
        on_progress: &|_| {},
        on_draft: None,
        on_first_render: None,
    };
    let error = crate::fetch::join::block_on(async {
        crate::fetch::fetch_bundle(other, None, &later, io)
            .await
            .settle(&store)
            .await
    })
    .unwrap_err();
    assert_eq!(error.kind, ErrorKind::RateLimited);
    assert!(error.message.contains("08:10 UTC"));

    // After the reset, requests flow again.
    fake.clear_log();
    let mut after = options();
    after.now = 1_800_000_700;
    run(&fake, &store, &after).unwrap();
    assert!(fake.count(&url("/repos/o/r/pulls/7")) == 1);
}

#[test]
fn a_404_is_remembered_like_a_body_except_for_the_pull() {
    let fake = small_pr();
    fake.on(&url("/users/bob"), vec![super::fake::status(404, &[])]);
    let store = MemoryStore::default();
    run(&fake, &store, &options()).unwrap();
    fake.clear_log();
    let mut later = options();
    later.now += 60;
    let bundle = run(&fake, &store, &later).unwrap();
    assert!(fake.requests.borrow().is_empty(), "{:#?}", fake.sent_urls());
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|n| n == "users.bob: not readable (404)"),
        "{notes:?}"
    );

    // Profiles are kept a day, and so is the news that one does not exist.
    later.now += 600;
    run(&fake, &store, &later).unwrap();
    assert_eq!(fake.count(&url("/users/bob")), 0);
    later.now += 86_400;
    run(&fake, &store, &later).unwrap();
    assert_eq!(fake.count(&url("/users/bob")), 1, "asked again after a day");
    assert_eq!(
        fake.count(&url("/users/bob")),
        1,
        "asked again after the window"
    );

    // A pull that was not found is asked again at once (a token may have been added).
    let private = small_pr();
    private.on(
        &url("/repos/o/r/pulls/7"),
        vec![super::fake::status(404, &[])],
    );
    let store = MemoryStore::default();
    assert!(run(&private, &store, &options()).is_err());
    assert!(run(&private, &store, &options()).is_err());
    assert_eq!(private.count(&url("/repos/o/r/pulls/7")), 2);
}

#[test]
fn offline_after_the_window_shows_the_cached_copy_with_a_note() {
    let fake = small_pr();
    let store = MemoryStore::default();
    run(&fake, &store, &options()).unwrap();
    for url in [
        url("/repos/o/r/pulls/7"),
        url("/repos/o/r/pulls/7/files?per_page=100"),
        url("/repos/o/r/pulls/7/commits?per_page=100"),
        url("/repos/o/r/pulls/7/reviews?per_page=100"),
        url(&format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100")),
        url(&format!("/repos/o/r/commits/{SHA}/status")),
    ] {
        fake.on(
            &url,
            vec![Err(crate::fetch::TransportError::Offline(
                "Failed to fetch".into(),
            ))],
        );
    }
    let mut later = options();
    later.now += 600;
    let bundle = run(&fake, &store, &later).unwrap();
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert_eq!(parsed.files.unwrap().len(), 2);
    assert!(parsed.status.is_some());
    for section in ["pull", "files", "status", "check_runs"] {
        let expected = format!("{section}: cached copy shown; GitHub could not be reached");
        assert!(
            parsed.fetch_notes.contains(&expected),
            "{expected}: {:?}",
            parsed.fetch_notes
        );
    }
}
