//! The reader's policy on hostile and odd input, one behaviour a test.

use super::*;
use crate::bundle::{PublicEventKind, TimelineKind};
use serde_json::json;

#[test]
fn page_head_sha_is_kept_only_when_it_is_a_full_commit_id() {
    let sha = "0123456789abcdef0123456789abcdef01234567";
    let read = |value: &str| {
        let bundle =
            Bundle::from_value(&json!({"pull": {"number": 1}, "page": {"head_sha": value}}))
                .unwrap();
        bundle.page.and_then(|page| page.head_sha)
    };
    assert_eq!(read(sha).as_deref(), Some(sha));
    assert_eq!(
        read("0123456"),
        None,
        "short ids are display text, not a head"
    );
    assert_eq!(read(&sha.to_uppercase()), None);
    assert_eq!(read("<img src=x>0123456789abcdef0123456789abcdef0"), None);
}

#[test]
fn only_pull_is_required() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 3}})).unwrap();
    assert_eq!(bundle.pull.number, 3);
    assert!(bundle.files.is_none() && bundle.commits.is_none() && bundle.users.is_none());
}

#[test]
fn missing_pull_and_non_objects_are_clear_errors() {
    assert_eq!(
        Bundle::from_value(&json!({})),
        Err(BundleError::MissingPull)
    );
    assert_eq!(
        Bundle::from_value(&json!([1])),
        Err(BundleError::NotObject("an array"))
    );
    let error = Bundle::from_value(&json!({"pull": {"number": 1}, "files": "nope"})).unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"files\" must be an array, found a string"
    );
}

#[test]
fn absurd_numbers_are_rejected() {
    assert!(matches!(
        Bundle::from_value(&json!({"pull": {"number": 0}})),
        Err(BundleError::Absurd { .. })
    ));
    assert!(matches!(
        Bundle::from_value(&json!({"pull": {"number": 1, "additions": 1e12}})),
        Err(BundleError::Absurd { .. })
    ));
}

#[test]
fn owner_and_repo_fall_back_to_the_url() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 9,
            "url": "https://api.github.com/repos/octo/cat/pulls/9"}}))
    .unwrap();
    assert_eq!(
        (bundle.pull.owner.as_str(), bundle.pull.repo.as_str()),
        ("octo", "cat")
    );
}

#[test]
fn check_runs_accept_the_whole_response_object() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 1},
            "check_runs": {"total_count": 1, "check_runs": [{"name": "test", "conclusion": "failure"}]}}))
        .unwrap();
    assert_eq!(
        bundle.check_runs.unwrap()[0].conclusion.as_deref(),
        Some("failure")
    );
}

#[test]
fn unread_fields_are_only_syntax_checked() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let text =
        format!(r#"{{"pull": {{"number": 2, "junk": {deep}, "huge": 1e400}}, "extra": {deep}}}"#);
    assert_eq!(Bundle::from_json_str(&text).unwrap().pull.number, 2);
    for read in [r#"{"pull": {"number": 1e400}}"#, r#"{"pull": {"number": 1"#] {
        assert!(matches!(
            Bundle::from_json_str(read),
            Err(BundleError::NotJson(_))
        ));
    }
}

#[test]
fn repeated_keys_keep_the_last_value_like_a_value_tree() {
    let bundle = Bundle::from_json_str(
        r#"{"files": "x", "pull": {"number": 4, "number": 5}, "files": [{"filename": "a"}]}"#,
    )
    .unwrap();
    assert_eq!(bundle.pull.number, 5);
    assert_eq!(bundle.files.unwrap().len(), 1);
    assert_eq!(
        Bundle::from_json_str(r#"{"pull": {"number": 1}, "pull": null}"#),
        Err(BundleError::MissingPull)
    );
}

#[test]
fn repeated_logins_keep_the_last_entry_even_when_it_is_unusable() {
    let bundle = Bundle::from_json_str(
        r#"{"pull": {"number": 1},
                "users": {"b": {"login": "b"}, "a": {"login": "a1"}, "b": 7, "a": {"login": "a2"}},
                "history": {"x": {"prs": 3}, "x": {"prs": "?"}, "y": {"prs": 1}, "y": {"prs": 2}},
                "familiarity": {"u": {"p": 1, "p": "x", "q": 2}, "v": {"p": 1}, "v": []}}"#,
    )
    .unwrap();
    let users = bundle.users.unwrap();
    assert_eq!(users.keys().collect::<Vec<_>>(), ["a"]);
    assert_eq!(users["a"].login, "a2");
    let history = bundle.history.unwrap();
    assert_eq!(history.keys().collect::<Vec<_>>(), ["y"]);
    assert_eq!(history["y"].prs, 2);
    let familiarity = bundle.familiarity.unwrap();
    assert_eq!(familiarity.keys().collect::<Vec<_>>(), ["u"]);
    assert_eq!(
        familiarity["u"].iter().collect::<Vec<_>>(),
        [(&"q".to_string(), &2)]
    );
}

#[test]
fn files_without_names_are_skipped_not_fatal() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 1},
            "files": [{"filename": "a.rs", "additions": "3"}, {"additions": 1}, 7]}))
    .unwrap();
    let files = bundle.files.unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].additions, 3);
}

#[test]
fn timeline_items_keep_kind_actor_time_and_commit() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 1}, "timeline": [
        {"event": "reviewed", "user": {"login": "alice"}, "state": "APPROVED",
         "submitted_at": "2026-02-01T10:00:00Z", "commit_id": "aaa"},
        {"event": "head_ref_force_pushed", "actor": {"login": "mallory"},
         "created_at": "2026-02-02T10:00:00Z", "commit_id": null},
        {"event": "committed", "sha": "bbb", "committer": {"date": "2026-02-03T10:00:00Z"}},
        {"event": "labeled", "created_at": "2026-02-04T10:00:00Z"},
        {"no_event": true}, 7
    ]}))
    .unwrap();
    let timeline = bundle.timeline.unwrap();
    let kinds: Vec<TimelineKind> = timeline.iter().map(|event| event.kind).collect();
    assert_eq!(
        kinds,
        [
            TimelineKind::Reviewed,
            TimelineKind::HeadRefForcePushed,
            TimelineKind::Committed,
            TimelineKind::Other
        ]
    );
    assert_eq!(timeline[0].actor.as_deref(), Some("alice"));
    assert_eq!(timeline[0].state.as_deref(), Some("approved"));
    assert_eq!(timeline[1].actor.as_deref(), Some("mallory"));
    assert_eq!(timeline[1].commit_id, None);
    assert_eq!(timeline[2].commit_id.as_deref(), Some("bbb"));
    assert_eq!(
        timeline[2].at,
        crate::timestamp::parse("2026-02-03T10:00:00Z")
    );
}

#[test]
fn public_events_are_read_per_login_and_a_non_array_entry_is_no_entry() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 1}, "events": {
        "alice": [{"type": "PullRequestEvent", "repo": {"name": "o/r"},
                   "created_at": "2026-02-01T10:00:00Z", "payload": {"action": "opened"}},
                  {"type": "WatchEvent", "created_at": "2026-02-01T11:00:00Z"}],
        "bob": {"message": "Not Found"}
    }}))
    .unwrap();
    let events = bundle.events.unwrap();
    assert_eq!(events.keys().collect::<Vec<_>>(), ["alice"]);
    assert!(events["alice"][0].opened_a_pull_request());
    assert_eq!(events["alice"][0].repo.as_deref(), Some("o/r"));
    assert_eq!(events["alice"][1].kind, PublicEventKind::Other);
    assert!(Bundle::from_value(&json!({"pull": {"number": 1}, "timeline": {}})).is_err());
}

#[test]
fn old_bundles_without_activity_sections_read_them_as_not_fetched() {
    let bundle = Bundle::from_value(&json!({"pull": {"number": 1}})).unwrap();
    assert!(bundle.timeline.is_none() && bundle.events.is_none());
}

#[test]
fn page_facts_read_on_their_own_as_inside_a_bundle() {
    let page = json!({"head_sha": "a".repeat(40), "viewed_files": ["src/a.rs"], "title": "T"});
    let whole = Bundle::from_value(&json!({"pull": {"number": 1}, "page": page})).unwrap();
    assert_eq!(Bundle::page_from_value(&page).unwrap(), whole.page);
    assert_eq!(Bundle::page_from_value(&json!(null)).unwrap(), None);
    assert!(Bundle::page_from_value(&json!([1])).is_err());
}
