//! The first wave from page facts: checks and the author's data go out with the pull when the
//! page shows the head and the author; what the pull does not confirm is asked again.

use serde_json::{json, Value};

use super::fake::*;
use super::plan::rounds;
use crate::bundle::Bundle;
use crate::fetch::join::block_on;
use crate::fetch::{fetch_bundle, FetchIo, FetchOutcome, FirstWave, MemoryStore, PullRef};

const HEAD: &str = "0123456789abcdef0123456789abcdef01234567";
const OLD_HEAD: &str = "fedcba9876543210fedcba9876543210fedcba98";

/// The small PR with a full 40-digit head SHA, its checks named after the head they ran on.
fn pr_with_full_sha() -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["head"]["sha"] = json!(HEAD);
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)]);
    for sha in [HEAD, OLD_HEAD] {
        fake.on(
            &url(&format!("/repos/o/r/commits/{sha}/check-runs?per_page=100")),
            vec![ok(json!({"total_count": 1, "check_runs": [{"name": format!("ci on {sha}"), "status": "completed", "conclusion": "success"}]}))],
        )
        .on(
            &url(&format!("/repos/o/r/commits/{sha}/status")),
            vec![ok(json!({"state": "success", "statuses": []}))],
        );
    }
    fake
}

fn fetch(fake: &Fake, page: Option<Value>) -> FetchOutcome {
    let store = MemoryStore::default();
    let io = FetchIo {
        transport: fake,
        store: &store,
        on_progress: &|_| {},
        on_draft: None,
        on_first_render: None,
    };
    block_on(fetch_bundle(
        PullRef::new("o", "r", 7).unwrap(),
        page,
        &options(),
        io,
    ))
}

fn page(head: &str, author: &str) -> Value {
    json!({"head_sha": head, "author": author, "viewed_files": [], "generated_files": []})
}

fn without_page(mut bundle: Value) -> Value {
    if let Some(object) = bundle.as_object_mut() {
        object.remove("page");
    }
    bundle
}

#[test]
fn with_the_head_and_author_on_the_page_checks_and_the_authors_data_go_out_with_the_pull() {
    let fake = pr_with_full_sha();
    let done = fetch(&fake, Some(page(HEAD, "alice")));
    assert_eq!(done.first_wave, FirstWave::WithPageFacts);
    let rounds = rounds(&fake);
    for early in [
        format!("/repos/o/r/commits/{HEAD}/check-runs?per_page=100"),
        format!("/repos/o/r/commits/{HEAD}/status"),
        "/users/alice".to_string(),
        "/search/issues?q=repo:o/r+type:pr+author:alice&per_page=1".to_string(),
        "/users/alice/events/public?per_page=100".to_string(),
    ] {
        assert!(
            rounds[0].contains(&url(&early)),
            "{early} in wave 1: {rounds:#?}"
        );
        assert_eq!(fake.count(&url(&early)), 1, "{early} asked once");
    }
    assert!(
        rounds[1].contains(&url("/users/bob")),
        "commit authors still wait for the commits"
    );

    // Page facts only reorder the requests: the bundle is the one the pull-only plan builds.
    let pull_only = pr_with_full_sha();
    let reference = fetch(&pull_only, None);
    assert_eq!(reference.first_wave, FirstWave::PullOnly);
    assert_eq!(
        without_page(done.bundle.unwrap()),
        without_page(reference.bundle.unwrap())
    );
}

#[test]
fn when_the_head_moved_after_the_page_was_read_the_checks_of_the_new_head_are_asked_and_noted() {
    let fake = pr_with_full_sha();
    let done = fetch(&fake, Some(page(OLD_HEAD, "alice")));
    assert_eq!(done.first_wave, FirstWave::PageFactsCorrected);
    let rounds = rounds(&fake);
    let new_checks = url(&format!(
        "/repos/o/r/commits/{HEAD}/check-runs?per_page=100"
    ));
    assert!(rounds[0].contains(&url(&format!(
        "/repos/o/r/commits/{OLD_HEAD}/check-runs?per_page=100"
    ))));
    assert!(rounds[1].contains(&new_checks), "{rounds:#?}");
    let bundle = done.bundle.unwrap();
    assert_eq!(
        bundle["check_runs"]["check_runs"][0]["name"],
        format!("ci on {HEAD}"),
        "the old head's checks are dropped"
    );
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|note| note
            == "page: the head moved since the page was read (the page showed fedcba9, GitHub says 0123456); checks were asked again"),
        "{notes:?}"
    );
    // The author was confirmed: not asked twice.
    assert_eq!(fake.count(&url("/users/alice")), 1);
}

#[test]
fn an_author_the_pull_does_not_confirm_is_dropped_and_the_real_author_looked_up() {
    let fake = pr_with_full_sha();
    fake.on(
        &url("/users/mallory"),
        vec![ok(json!({"login": "mallory", "type": "User"}))],
    );
    let done = fetch(&fake, Some(page(HEAD, "mallory")));
    assert_eq!(done.first_wave, FirstWave::PageFactsCorrected);
    let rounds = rounds(&fake);
    assert!(rounds[0].contains(&url("/users/mallory")));
    assert!(rounds[1].contains(&url("/users/alice")), "{rounds:#?}");
    let bundle = done.bundle.unwrap();
    assert!(
        bundle["users"].get("mallory").is_none(),
        "the page is never evidence"
    );
    assert!(bundle["history"].get("mallory").is_none());
    assert!(bundle["events"].get("mallory").is_none());
    assert!(bundle["users"].get("alice").is_some());
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|note| note.starts_with(
            "page: the page's author (mallory) is not the pull request's author (alice)"
        )),
        "{notes:?}"
    );
}

#[test]
fn page_facts_without_a_full_head_sha_leave_the_plan_as_it_was() {
    let fake = pr_with_full_sha();
    let done = fetch(&fake, Some(page("0123456", "alice")));
    assert_eq!(done.first_wave, FirstWave::PullOnly);
    let rounds = rounds(&fake);
    assert_eq!(
        rounds[0].len(),
        5,
        "only wave 1's own requests: {rounds:#?}"
    );
}
