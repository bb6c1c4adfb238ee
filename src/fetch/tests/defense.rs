//! The maintainer-defense requests (timeline, public events, linked issues, PR template): in
//! which wave they go, what the bundle keeps of them, and when the budget skips them.

use serde_json::{json, Value};

use super::fake::*;
use super::plan::rounds;
use crate::bundle::Bundle;
use crate::fetch::join::block_on;
use crate::fetch::{fetch_bundle, FetchIo, FetchOutcome, MemoryStore, PullRef};

const TEMPLATE_URL: &str = "/repos/o/r/contents/.github/pull_request_template.md?ref=main";

fn outcome(fake: &Fake, store: &MemoryStore, options: &crate::fetch::FetchOptions) -> FetchOutcome {
    let io = FetchIo {
        transport: fake,
        store,
        on_progress: &|_| {},
        on_draft: None,
        on_first_render: None,
    };
    let pull = PullRef::new("o", "r", 7).unwrap();
    block_on(fetch_bundle(pull, None, options, io))
}

/// The small PR, saying it fixes #12, with the issue, its timeline and a template recorded.
fn pr_linking_an_issue() -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["body"] = json!("Parses the header.\n\nFixes #12");
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)])
        .on(
            &url("/repos/o/r/issues/12"),
            vec![ok(
                json!({"number": 12, "state": "open", "assignees": [{"login": "alice"}]}),
            )],
        )
        .on(
            &url("/repos/o/r/issues/12/timeline?per_page=100"),
            vec![ok(
                json!([{"event": "assigned", "assignee": {"login": "alice"}}]),
            )],
        )
        .on(
            &url(TEMPLATE_URL),
            vec![ok(
                json!({"type": "file", "encoding": "base64", "content": "IyMgU3VtbWFyeQo="}),
            )],
        );
    fake
}

#[test]
fn the_defense_requests_ride_in_the_two_waves_a_cold_view_already_waits_for() {
    let fake = pr_linking_an_issue();
    let store = MemoryStore::default();
    let done = outcome(&fake, &store, &options());
    assert_eq!(done.round_trips, 2);
    let bundle = done.bundle.unwrap();

    let rounds = rounds(&fake);
    assert_eq!(rounds.len(), 2, "{rounds:#?}");
    assert!(rounds[0].contains(&url("/repos/o/r/issues/7/timeline?per_page=100")));
    for expected in [
        "/users/alice/events/public?per_page=100",
        "/users/bob/events/public?per_page=100",
        "/repos/o/r/issues/12",
        "/repos/o/r/issues/12/timeline?per_page=100",
        TEMPLATE_URL,
    ] {
        assert!(
            rounds[1].contains(&url(expected)),
            "{expected} not in wave 2"
        );
    }
    // GitHub's raw answers, unchanged.
    assert_eq!(bundle["timeline"][1]["event"], "reviewed");
    assert_eq!(bundle["events"]["alice"][0]["type"], "PushEvent");
    assert_eq!(bundle["events"]["bob"], json!([]));
    assert_eq!(bundle["linked_issues"]["12"]["issue"]["number"], 12);
    assert_eq!(
        bundle["linked_issues"]["12"]["timeline"][0]["event"],
        "assigned"
    );
    assert_eq!(bundle["pr_template"]["encoding"], "base64");
    assert!(Bundle::from_value(&bundle).unwrap().fetch_notes.is_empty());
}

#[test]
fn a_repository_without_a_pr_template_gets_no_section_and_no_note() {
    let fake = small_pr();
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    assert_eq!(fake.count(&url(TEMPLATE_URL)), 1, "asked once");
    assert!(bundle.get("pr_template").is_none());
    assert_eq!(
        bundle["linked_issues"],
        json!({}),
        "nothing linked: empty, not missing"
    );
    assert!(Bundle::from_value(&bundle).unwrap().fetch_notes.is_empty());
}

#[test]
fn below_thirty_requests_left_the_defense_requests_are_skipped_and_the_notes_say_so() {
    let fake = pr_linking_an_issue();
    let budget = [
        ("x-ratelimit-remaining", "25"),
        ("x-ratelimit-reset", "1800000600"),
    ];
    let mut pull = pull_body(2, 2);
    pull["body"] = json!("Fixes #12");
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![with_headers(ok(pull), &budget)],
    );
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    let sent = fake.sent_urls();
    for skipped in ["/events/public", "/issues/12", "/contents/"] {
        assert!(
            sent.iter().all(|url| !url.contains(skipped)),
            "{skipped} sent: {sent:#?}"
        );
    }
    let parsed = Bundle::from_value(&bundle).unwrap();
    for section in ["events", "linked_issues", "pr_template"] {
        let note = format!(
            "{section}: skipped to save the hourly rate limit (fewer than 30 requests left)"
        );
        assert!(
            parsed.fetch_notes.contains(&note),
            "{:?}",
            parsed.fetch_notes
        );
    }
    for section in ["events", "linked_issues", "pr_template"] {
        assert!(
            bundle.get(section).is_none(),
            "{section}: not fetched, so absent"
        );
    }
    // The core panel is still complete.
    assert!(parsed.users.is_some() && parsed.check_runs.is_some());
}

#[test]
fn the_budget_known_from_a_previous_view_skips_the_timeline_in_wave_one_too() {
    let fake = small_pr();
    let store = MemoryStore::default();
    let low = [
        ("x-ratelimit-remaining", "25"),
        ("x-ratelimit-reset", "1800000600"),
    ];
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![with_headers(ok(pull_body(2, 2)), &low)],
    );
    run(&fake, &store, &options()).unwrap();
    fake.clear_log();
    let mut refresh = options();
    refresh.freshness_seconds = 0;
    refresh.now += 5;
    let bundle = run(&fake, &store, &refresh).unwrap();
    assert_eq!(
        fake.count(&url("/repos/o/r/issues/7/timeline?per_page=100")),
        0
    );
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.contains(
            &"timeline: skipped to save the hourly rate limit (fewer than 30 requests left)"
                .to_string()
        ),
        "{notes:?}"
    );
}

fn timeline_page(page: u32) -> String {
    format!("{API}/repositories/9/issues/7/timeline?per_page=100&page={page}")
}

#[test]
fn timeline_pages_beyond_the_third_are_not_read_and_the_note_says_how_many_there_were() {
    let fake = small_pr();
    let link = format!(
        "<{}>; rel=\"next\", <{}>; rel=\"last\"",
        timeline_page(2),
        timeline_page(5)
    );
    let events = |page: u32| -> Value {
        Value::Array(
            (0..100)
                .map(|index| json!({"event": "commented", "id": page * 1000 + index}))
                .collect(),
        )
    };
    fake.on(
        &url("/repos/o/r/issues/7/timeline?per_page=100"),
        vec![with_headers(ok(events(1)), &[("link", &link)])],
    )
    .on(&timeline_page(2), vec![ok(events(2))])
    .on(&timeline_page(3), vec![ok(events(3))]);
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    assert_eq!(fake.count(&timeline_page(3)), 1);
    assert_eq!(fake.count(&timeline_page(4)), 0);
    let items = bundle["timeline"].as_array().unwrap();
    assert_eq!(items.len(), 300);
    assert_eq!(items[299]["id"], 3099, "pages stay in order");
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.contains(&"timeline: the first 3 of 5 pages were read".to_string()),
        "{notes:?}"
    );
}

#[test]
fn a_linked_issue_whose_timeline_fails_keeps_the_issue_and_says_what_is_missing() {
    let fake = pr_linking_an_issue();
    fake.on(
        &url("/repos/o/r/issues/12/timeline?per_page=100"),
        vec![status(502, &[])],
    );
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    assert_eq!(bundle["linked_issues"]["12"]["issue"]["number"], 12);
    assert!(bundle["linked_issues"]["12"].get("timeline").is_none());
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.contains(
            &"linked_issues.12 timeline: GitHub server error (502), also on retry".to_string()
        ),
        "{notes:?}"
    );
}

#[test]
fn apps_have_no_public_events_to_read() {
    let fake = small_pr();
    fake.on(
        &url("/repos/o/r/pulls/7/commits?per_page=100"),
        vec![ok(json!([{"sha": "c1", "author": {"login": "dependabot[bot]"}, "commit": {"message": "bump"}}]))],
    );
    run(&fake, &MemoryStore::default(), &options()).unwrap();
    assert!(fake
        .sent_urls()
        .iter()
        .all(|sent| !sent.contains("dependabot[bot]/events")));
}

#[test]
fn a_revisit_inside_the_freshness_window_waits_for_no_round_trip() {
    let fake = small_pr();
    let store = MemoryStore::default();
    let cold = outcome(&fake, &store, &options());
    assert_eq!(cold.round_trips, 2);
    block_on(cold.writes.apply(&store));
    let mut later = options();
    later.now += 30;
    assert_eq!(outcome(&fake, &store, &later).round_trips, 0);
}
