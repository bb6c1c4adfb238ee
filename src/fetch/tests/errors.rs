//! Error kinds for the pull, notes for every other section, and the bounded retries.

use serde_json::json;

use super::fake::*;
use crate::bundle::Bundle;
use crate::fetch::notes::CHECKS_FALLBACK_NOTE;
use crate::fetch::{ErrorKind, MemoryStore, TransportError};

fn pull_fails_with(reply: Reply, token: bool) -> ErrorKind {
    let fake = small_pr();
    fake.on(&url("/repos/o/r/pulls/7"), vec![reply]);
    let mut options = options();
    if token {
        options.token = Some("t0ken".into());
    }
    run(&fake, &MemoryStore::default(), &options)
        .unwrap_err()
        .kind
}

#[test]
fn pull_failures_become_the_contract_error_kinds() {
    assert_eq!(pull_fails_with(status(401, &[]), true), ErrorKind::BadToken);
    assert_eq!(
        pull_fails_with(status(404, &[]), false),
        ErrorKind::NoAccess
    );
    assert_eq!(pull_fails_with(status(403, &[]), true), ErrorKind::NoAccess);
    assert_eq!(pull_fails_with(status(404, &[]), true), ErrorKind::NotFound);
    let limited = [
        ("x-ratelimit-remaining", "0"),
        ("x-ratelimit-reset", "1800000600"),
    ];
    assert_eq!(
        pull_fails_with(status(403, &limited), false),
        ErrorKind::RateLimited
    );
    assert_eq!(
        pull_fails_with(status(429, &limited), false),
        ErrorKind::RateLimited
    );
    assert_eq!(
        pull_fails_with(status(502, &[]), false),
        ErrorKind::ServerError
    );
    assert_eq!(
        pull_fails_with(Err(TransportError::Timeout), false),
        ErrorKind::Timeout
    );
    assert_eq!(
        pull_fails_with(
            Err(TransportError::Offline("Failed to fetch".into())),
            false
        ),
        ErrorKind::Offline
    );
    let garbage = Ok(crate::fetch::Response {
        status: 200,
        headers: vec![],
        body: "<html>".into(),
    });
    assert_eq!(pull_fails_with(garbage, false), ErrorKind::Malformed);
}

#[test]
fn rate_limit_error_names_the_reset_time() {
    let fake = small_pr();
    // 1_800_000_600 = 2027-01-15T08:10:00Z.
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![status(
            403,
            &[
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset", "1800000600"),
            ],
        )],
    );
    let error = run(&fake, &MemoryStore::default(), &options()).unwrap_err();
    assert!(
        error.message.contains("until 08:10 UTC"),
        "{}",
        error.message
    );
}

#[test]
fn server_error_is_retried_once_then_reported() {
    let fake = small_pr();
    fake.on(&url("/repos/o/r/pulls/7"), vec![status(502, &[])]);
    let error = run(&fake, &MemoryStore::default(), &options()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::ServerError);
    assert_eq!(fake.count(&url("/repos/o/r/pulls/7")), 2);

    let flaky = small_pr();
    flaky.on(
        &url("/repos/o/r/pulls/7"),
        vec![status(503, &[]), ok(pull_body(2, 2))],
    );
    assert!(run(&flaky, &MemoryStore::default(), &options()).is_ok());
    assert_eq!(flaky.count(&url("/repos/o/r/pulls/7")), 2);
    assert_eq!(*flaky.sleeps.borrow(), vec![1000]);
}

#[test]
fn retry_after_is_honoured_once_and_never_loops() {
    let checks = url(&format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100"));
    let secondary = status(
        403,
        &[("retry-after", "3"), ("x-ratelimit-remaining", "40")],
    );

    let recovers = small_pr();
    recovers.on(
        &checks,
        vec![
            secondary.clone(),
            ok(json!({"total_count": 0, "check_runs": []})),
        ],
    );
    let bundle = run(&recovers, &MemoryStore::default(), &options()).unwrap();
    assert_eq!(recovers.count(&checks), 2);
    assert_eq!(*recovers.sleeps.borrow(), vec![3000]);
    assert!(Bundle::from_value(&bundle).unwrap().check_runs.is_some());

    let stuck = small_pr();
    stuck.on(&checks, vec![secondary]);
    let bundle = run(&stuck, &MemoryStore::default(), &options()).unwrap();
    assert_eq!(stuck.count(&checks), 2, "one retry, then give up");
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|note| note.starts_with("check_runs:")),
        "{notes:?}"
    );

    let too_long = small_pr();
    too_long.on(&checks, vec![status(403, &[("retry-after", "600")])]);
    run(&too_long, &MemoryStore::default(), &options()).unwrap();
    assert_eq!(
        too_long.count(&checks),
        1,
        "a wait beyond the bound is not waited out"
    );
    assert!(too_long.sleeps.borrow().is_empty());
}

#[test]
fn an_enormous_retry_after_saturates_instead_of_overflowing() {
    let checks = url(&format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100"));
    for huge in ["9223372036854775807", "18446744073709551615"] {
        let fake = small_pr();
        fake.on(&checks, vec![status(403, &[("retry-after", huge)])]);
        let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
        assert_eq!(fake.count(&checks), 1, "not waited out ({huge})");
        assert!(fake.sleeps.borrow().is_empty());
        let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
        assert!(
            notes.iter().any(|note| note.starts_with("check_runs:")),
            "{notes:?}"
        );
    }
}

#[test]
fn unreadable_checks_with_a_token_fall_back_to_commit_statuses() {
    let fake = small_pr();
    fake.on(
        &url(&format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100")),
        vec![status(403, &[("x-ratelimit-remaining", "4000")])],
    );
    let mut with_token = options();
    with_token.token = Some("t0ken".into());
    let bundle = run(&fake, &MemoryStore::default(), &with_token).unwrap();
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(parsed.check_runs.is_none());
    assert!(parsed.status.is_some());
    assert!(
        parsed
            .fetch_notes
            .contains(&CHECKS_FALLBACK_NOTE.to_string()),
        "{:?}",
        parsed.fetch_notes
    );
}

#[test]
fn failed_optional_sections_become_notes_not_errors() {
    let fake = small_pr();
    fake.on(
        &url("/repos/o/r/pulls/7/reviews?per_page=100"),
        vec![status(500, &[])],
    )
    .on(&url("/users/bob"), vec![Err(TransportError::Timeout)])
    .on(
        &url("/repos/o/r/pulls/7/files?per_page=100"),
        vec![ok(json!({"not": "a list"}))],
    );
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(parsed.reviews.is_none());
    assert!(parsed.files.is_none());
    let notes = parsed.fetch_notes.join("\n");
    assert!(
        notes.contains("reviews: GitHub server error (500), also on retry"),
        "{notes}"
    );
    assert!(
        notes.contains("users.bob: no answer within 15 s"),
        "{notes}"
    );
    assert!(
        notes.contains("files: the answer was not the JSON expected"),
        "{notes}"
    );
}

#[test]
fn search_rate_limit_skips_history_gracefully() {
    let fake = small_pr();
    fake.on_prefix(
        &url("/search/issues?q=repo:o/r+type:pr+author:alice"),
        status(
            403,
            &[
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset", "1800000600"),
                ("x-ratelimit-resource", "search"),
            ],
        ),
    );
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(!parsed.history.unwrap_or_default().contains_key("alice"));
    assert!(
        parsed.fetch_notes.iter().any(|n| n.starts_with(
            "history.alice (search): skipped, GitHub's rate limit is used up until 08:10 UTC"
        )),
        "{:?}",
        parsed.fetch_notes
    );
}

#[test]
fn sections_whose_every_lookup_failed_are_absent_not_empty() {
    let fake = small_pr();
    fake.on(&url("/users/alice"), vec![status(404, &[])])
        .on(&url("/users/bob"), vec![status(404, &[])])
        .on_prefix(&url("/search/issues?"), status(422, &[]));
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    assert!(bundle.get("users").is_none());
    assert!(bundle.get("history").is_none());
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(
        parsed
            .fetch_notes
            .iter()
            .any(|n| n == "users.alice: not readable (404)"),
        "{:?}",
        parsed.fetch_notes
    );
}
