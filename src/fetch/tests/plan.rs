//! The request plan: waves, concurrency, pagination, caps, assembly and the token's reach.

use serde_json::json;

use super::fake::*;
use crate::bundle::Bundle;
use crate::fetch::MemoryStore;

fn wave_one() -> Vec<String> {
    vec![
        url("/repos/o/r/pulls/7"),
        url("/repos/o/r/pulls/7/files?per_page=100"),
        url("/repos/o/r/pulls/7/commits?per_page=100"),
        url("/repos/o/r/pulls/7/reviews?per_page=100"),
        url("/repos/o/r/issues/7/timeline?per_page=100"),
    ]
}

/// Groups the event log into rounds: requests sent together before any of them answered.
pub(super) fn rounds(fake: &Fake) -> Vec<Vec<String>> {
    let mut rounds: Vec<Vec<String>> = Vec::new();
    let mut open = false;
    for event in fake.events.borrow().iter() {
        match event {
            Event::Sent(url) => {
                if !open {
                    rounds.push(Vec::new());
                    open = true;
                }
                rounds.last_mut().unwrap().push(url.clone());
            }
            Event::Answered(_) => open = false,
        }
    }
    rounds
}

#[test]
fn cold_view_of_a_small_pr_takes_two_concurrent_waves() {
    let fake = small_pr();
    let store = MemoryStore::default();
    let bundle = run(&fake, &store, &options()).unwrap();

    let rounds = rounds(&fake);
    assert_eq!(rounds.len(), 2, "{rounds:#?}");
    assert_eq!(rounds[0], wave_one());
    let second = &rounds[1];
    for expected in [
        format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100"),
        format!("/repos/o/r/commits/{SHA}/status"),
        "/users/alice".to_string(),
        "/users/bob".to_string(),
        "/search/issues?q=repo:o/r+type:pr+author:alice&per_page=1".to_string(),
    ] {
        assert!(
            second.contains(&url(&expected)),
            "{expected} not in wave 2: {second:#?}"
        );
    }
    assert!(
        second.iter().any(|sent| sent.contains("/commits?path=")),
        "familiarity in wave 2"
    );

    let parsed = Bundle::from_value(&bundle).unwrap();
    assert_eq!(parsed.files.as_ref().unwrap().len(), 2);
    assert_eq!(parsed.commits.as_ref().unwrap().len(), 2);
    assert!(parsed.users.as_ref().unwrap().contains_key("bob"));
    assert_eq!(parsed.history.as_ref().unwrap()["alice"].prs, 4);
    assert_eq!(parsed.check_runs.as_ref().unwrap().len(), 1);
    assert_eq!(
        parsed.status.as_ref().unwrap().state.as_deref(),
        Some("success")
    );
    assert_eq!(parsed.reviews.as_ref().unwrap().len(), 1);
    assert!(parsed.familiarity.as_ref().unwrap()["alice"]
        .values()
        .all(|count| *count == 1));
    assert!(!parsed.files_truncated && !parsed.commits_truncated);
    assert!(parsed.fetch_notes.is_empty(), "{:?}", parsed.fetch_notes);
    assert_eq!(bundle["format"], "prlens.bundle.v1");
    assert_eq!(parsed.fetched_at, Some(NOW));
}

#[test]
fn page_facts_are_embedded_as_the_page_section() {
    let fake = small_pr();
    let store = MemoryStore::default();
    let page = json!({"title": "Add parser", "viewer": "dave", "viewed_files": ["src/file0.rs"], "generated_files": []});
    let bundle = run_with(&fake, &store, &options(), Some(page), &|_| {}).unwrap();
    let parsed = Bundle::from_value(&bundle).unwrap();
    let facts = parsed.page.unwrap();
    assert_eq!(facts.viewer.as_deref(), Some("dave"));
    assert_eq!(facts.viewed_files, vec!["src/file0.rs".to_string()]);
}

fn paged(body: serde_json::Value, last_page: u32) -> Reply {
    let link = format!(
        "<{API}/repositories/9/pulls/7/files?per_page=100&page=2>; rel=\"next\", <{API}/repositories/9/pulls/7/files?per_page=100&page={last_page}>; rel=\"last\""
    );
    with_headers(ok(body), &[("link", &link)])
}

fn page_url(page: u32) -> String {
    format!("{API}/repositories/9/pulls/7/files?per_page=100&page={page}")
}

#[test]
fn remaining_file_pages_named_by_link_last_are_fetched_together() {
    let fake = small_pr();
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull_body(250, 2))])
        .on(
            &url("/repos/o/r/pulls/7/files?per_page=100"),
            vec![paged(files(0..100), 3)],
        )
        .on(&page_url(2), vec![ok(files(100..200))])
        .on(&page_url(3), vec![ok(files(200..250))]);
    let store = MemoryStore::default();
    let bundle = run(&fake, &store, &options()).unwrap();

    let rounds = rounds(&fake);
    assert!(
        rounds[1].contains(&page_url(2)) && rounds[1].contains(&page_url(3)),
        "{rounds:#?}"
    );
    let parsed = Bundle::from_value(&bundle).unwrap();
    let names: Vec<String> = parsed
        .files
        .unwrap()
        .into_iter()
        .map(|f| f.filename)
        .collect();
    assert_eq!(names.len(), 250);
    assert_eq!(names[0], "src/file0.rs");
    assert_eq!(names[249], "src/file249.rs", "pages stay in order");
    assert!(!parsed.files_truncated);
    // Familiarity needs the whole list, so it waits for a third round on multi-page PRs.
    assert!(
        rounds[2].iter().all(|sent| sent.contains("/commits?path=")),
        "{rounds:#?}"
    );
}

#[test]
fn files_beyond_githubs_3000_cap_are_not_requested_and_marked_truncated() {
    let fake = small_pr();
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull_body(3500, 2))])
        .on(
            &url("/repos/o/r/pulls/7/files?per_page=100"),
            vec![paged(files(0..100), 35)],
        )
        .on_prefix(
            &format!("{API}/repositories/9/pulls/7/files"),
            ok(files(0..100)),
        );
    let store = MemoryStore::default();
    let bundle = run(&fake, &store, &options()).unwrap();

    assert_eq!(fake.count(&page_url(30)), 1);
    assert_eq!(fake.count(&page_url(31)), 0);
    let file_requests = fake
        .sent_urls()
        .iter()
        .filter(|sent| sent.contains("/files"))
        .count();
    assert_eq!(file_requests, 30);
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert_eq!(parsed.files.as_ref().unwrap().len(), 3000);
    assert!(parsed.files_truncated);
    assert!(
        parsed
            .fetch_notes
            .iter()
            .any(|note| note.contains("3000 of 3500") && note.contains("3,000")),
        "{:?}",
        parsed.fetch_notes
    );
}

#[test]
fn commits_beyond_the_250_cap_are_marked_truncated() {
    let fake = small_pr();
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull_body(2, 400))]);
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(parsed.commits_truncated);
    assert!(parsed
        .fetch_notes
        .iter()
        .any(|note| note.starts_with("commits: only 2 of 400")));
}

#[test]
fn link_to_another_host_is_not_followed() {
    let fake = small_pr();
    let link = "<https://evil.example/pulls/7/files?page=2>; rel=\"next\", <https://evil.example/pulls/7/files?page=3>; rel=\"last\"";
    fake.on(
        &url("/repos/o/r/pulls/7/files?per_page=100"),
        vec![with_headers(ok(files(0..2)), &[("link", link)])],
    );
    run(&fake, &MemoryStore::default(), &options()).unwrap();
    assert!(fake.sent_urls().iter().all(|sent| sent.starts_with(API)));
}

#[test]
fn token_goes_only_to_api_github_com_and_never_into_cache_or_bundle() {
    let token = "github_pat_SECRET123";
    let fake = small_pr();
    let store = MemoryStore::default();
    let mut with_token = options();
    with_token.token = Some(token.to_string());
    let bundle = run(&fake, &store, &with_token).unwrap();
    for request in fake.requests.borrow().iter() {
        assert_eq!(
            request.header("authorization"),
            Some("Bearer github_pat_SECRET123")
        );
    }
    assert!(!bundle.to_string().contains("SECRET123"));
    for (key, value) in store.items.borrow().iter() {
        assert!(!key.contains("SECRET123") && !value.contains("SECRET123"));
    }

    // Another API base (a test server, GHE): the token is not attached at all.
    let local = Fake::default();
    let mut elsewhere = with_token.clone();
    elsewhere.api_base = "http://127.0.0.1:9999".into();
    let _ = run(&local, &MemoryStore::default(), &elsewhere);
    assert!(!local.requests.borrow().is_empty());
    for request in local.requests.borrow().iter() {
        assert_eq!(request.header("authorization"), None, "{}", request.url);
    }
}

#[test]
fn an_enterprise_hosts_token_goes_to_its_own_api_base_and_nowhere_else() {
    let token = "ghp_ENTERPRISE";
    let fake = Fake::default();
    let mut options = options();
    options.token = Some(token.to_string());
    options.api_base = "https://ghe.example.com/api/v3".into();
    let _ = run(&fake, &MemoryStore::default(), &options);
    let requests = fake.requests.borrow();
    assert!(!requests.is_empty());
    for request in requests.iter() {
        assert!(
            request.url.starts_with("https://ghe.example.com/api/v3/"),
            "{}",
            request.url
        );
        assert_eq!(
            request.header("authorization"),
            Some("Bearer ghp_ENTERPRISE"),
            "{}",
            request.url
        );
    }
}

#[test]
fn progress_reports_count_up_to_the_planned_total() {
    let fake = small_pr();
    let seen = std::cell::RefCell::new(Vec::new());
    run_with(
        &fake,
        &MemoryStore::default(),
        &options(),
        None,
        &|progress| seen.borrow_mut().push(progress.clone()),
    )
    .unwrap();
    let seen = seen.into_inner();
    let last = seen.last().unwrap();
    assert_eq!(last.done, last.total);
    assert!(
        seen.iter().any(|p| p.message == "Fetching files 1/1"),
        "{seen:#?}"
    );
}

#[test]
fn people_beyond_the_lookup_budget_are_named_in_notes() {
    let fake = small_pr();
    let commits: Vec<serde_json::Value> = (0..9)
        .map(|index| json!({"sha": format!("c{index}"), "author": {"login": format!("dev{index}")}, "commit": {"message": "m"}}))
        .collect();
    fake.on(
        &url("/repos/o/r/pulls/7/commits?per_page=100"),
        vec![ok(serde_json::Value::Array(commits))],
    )
    .on_prefix(
        &url("/users/"),
        ok(json!({"login": "someone", "type": "User"})),
    );
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    let users = fake
        .sent_urls()
        .iter()
        .filter(|sent| sent.contains("/users/") && !sent.contains("/events/"))
        .count();
    assert_eq!(users, 6, "the author and 5 commit authors");
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("users: 6 of 10 people looked up")),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("history: PR history searched for the first 3 of 10 people")),
        "{notes:?}"
    );
}

#[test]
fn file_pages_beyond_the_remaining_budget_are_skipped_with_a_note() {
    let fake = small_pr();
    let budget = [
        ("x-ratelimit-remaining", "13"),
        ("x-ratelimit-reset", "1800000600"),
    ];
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![with_headers(ok(pull_body(900, 2)), &budget)],
    )
    .on(
        &url("/repos/o/r/pulls/7/files?per_page=100"),
        vec![with_headers(paged(files(0..100), 9), &budget)],
    )
    .on_prefix(
        &format!("{API}/repositories/9/pulls/7/files"),
        ok(files(0..100)),
    );
    let bundle = run(&fake, &MemoryStore::default(), &options()).unwrap();
    let pages = fake
        .sent_urls()
        .iter()
        .filter(|sent| sent.contains("/repositories/9/"))
        .count();
    assert_eq!(pages, 3, "13 left, 10 kept back");
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(parsed.files_truncated);
    assert!(
        parsed
            .fetch_notes
            .iter()
            .any(|n| n.starts_with("files: 4 of 9 pages read; only 13 GitHub requests are left")),
        "{:?}",
        parsed.fetch_notes
    );
}
