//! The viewer's requests (issue #38): CODEOWNERS in GitHub's three places, the viewer's teams
//! with a token, their share of the focus files' commits and the comparison since their review,
//! all in wave 2 (no extra round trip), within the anonymous budget rules, and none at all
//! without a viewer.

use serde_json::{json, Value};

use super::fake::*;
use super::plan::rounds;
use crate::bundle::Bundle;
use crate::fetch::join::block_on;
use crate::fetch::{fetch_bundle, FetchIo, FetchOptions, FetchOutcome, MemoryStore, PullRef};

const REVIEWED: &str = "b3606bbc2e50df357684684fbf7ab0212fa35879";
const HEAD: &str = "d184faef6b743664a3ee70cb8932adc632774b20";

fn contents(path: &str) -> String {
    url(&format!("/repos/o/r/contents/{path}?ref=main"))
}

fn compare_url() -> String {
    url(&format!("/repos/o/r/compare/{REVIEWED}...{HEAD}"))
}

/// `count` commits, one per page: GitHub's `Link` names the last page.
fn counted(count: u64, path: &str) -> Reply {
    with_headers(
        ok(json!([{"sha": "x"}])),
        &[(
            "link",
            &format!("<{}&page={count}>; rel=\"last\"", url(path)),
        )],
    )
}

/// The small PR with a 40-hex head, the base branch's `docs/CODEOWNERS` (the first two places
/// have none) and `mona`'s history with `src/file0.rs`.
fn pr_with_codeowners() -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["head"]["sha"] = json!(HEAD);
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull)])
        .on(&url(&format!("/repos/o/r/commits/{HEAD}/check-runs?per_page=100")), vec![ok(json!({"total_count": 0, "check_runs": []}))])
        .on(&url(&format!("/repos/o/r/commits/{HEAD}/status")), vec![ok(json!({"state": "success", "statuses": []}))])
        .on(&contents(".github/CODEOWNERS"), vec![status(404, &[])])
        .on(&contents("CODEOWNERS"), vec![status(404, &[])])
        .on(
            &contents("docs/CODEOWNERS"),
            vec![ok(json!({"path": "docs/CODEOWNERS", "encoding": "base64", "content": "c3JjLyBAbW9uYQo=\n", "size": 11, "sha": "f00"}))],
        )
        .on(&url("/repos/o/r/commits?path=src/file0.rs&author=mona&per_page=1"), vec![counted(4, "/repos/o/r/commits?path=src/file0.rs&author=mona&per_page=1")])
        .on(&url("/repos/o/r/commits?path=src/file0.rs&per_page=1"), vec![counted(10, "/repos/o/r/commits?path=src/file0.rs&per_page=1")]);
    fake
}

fn outcome(fake: &Fake, options: &FetchOptions) -> FetchOutcome {
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
        None,
        options,
        io,
    ))
}

fn as_viewer(login: &str, token: Option<&str>) -> FetchOptions {
    let mut options = options();
    options.viewer = Some(login.to_string());
    options.token = token.map(str::to_string);
    options
}

fn personal(sent: &[String]) -> Vec<&String> {
    sent.iter()
        .filter(|url| {
            url.contains("CODEOWNERS")
                || url.ends_with("/user")
                || url.contains("/user/teams")
                || url.contains("&author=mona")
                || url.ends_with("/commits?path=src/file0.rs&per_page=1")
        })
        .collect()
}

#[test]
fn without_a_viewer_nothing_personal_is_asked() {
    let fake = pr_with_codeowners();
    let bundle = outcome(&fake, &options()).bundle.unwrap();
    assert!(
        personal(&fake.sent_urls()).is_empty(),
        "{:#?}",
        fake.sent_urls()
    );
    for key in ["viewer", "codeowners", "since_review"] {
        assert!(bundle.get(key).is_none(), "{key}");
    }
}

#[test]
fn an_anonymous_viewer_gets_codeowners_in_wave_two_and_notes_about_teams_and_history() {
    let fake = pr_with_codeowners();
    let done = outcome(&fake, &as_viewer("mona", None));
    assert_eq!(done.round_trips, 2, "no extra round trip");
    let rounds = rounds(&fake);
    for place in [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"] {
        assert!(rounds[1].contains(&contents(place)), "{place}: {rounds:#?}");
    }
    assert!(
        !fake
            .sent_urls()
            .iter()
            .any(|sent| sent.ends_with("/user") || sent.contains("/user/teams")),
        "no token, no /user"
    );
    let bundle = done.bundle.unwrap();
    assert_eq!(
        bundle["codeowners"]["path"], "docs/CODEOWNERS",
        "the first place that has one"
    );
    assert!(
        bundle["codeowners"].get("sha").is_none(),
        "only what is read is kept"
    );
    assert!(
        bundle["viewer"].get("history").is_none(),
        "no history without a token: not fetched, not empty"
    );
    assert!(
        !fake
            .sent_urls()
            .iter()
            .any(|sent| sent.contains("&author=mona")),
        "the anonymous hour is kept for the panel"
    );
    let parsed = Bundle::from_value(&bundle).unwrap();
    for note in [
        "viewer.teams: not fetched without a token",
        "viewer.history: not fetched without a token",
    ] {
        assert!(
            parsed
                .fetch_notes
                .iter()
                .any(|known| known.starts_with(note)),
            "{note}: {:?}",
            parsed.fetch_notes
        );
    }
    let signal = crate::engine::analyze(&parsed, &crate::Settings::default(), None);
    let view = signal.viewer.expect("a viewer");
    let file0 = view
        .for_you
        .iter()
        .find(|file| file.path == "src/file0.rs")
        .expect("`src/ @mona` owns it");
    assert!(
        file0
            .why()
            .starts_with("You own it (CODEOWNERS line 1: src/)"),
        "{}",
        file0.why()
    );
    assert_eq!(view.for_you.len(), 2);
}

#[test]
fn with_a_token_the_viewers_teams_are_read_or_the_note_names_read_org() {
    let fake = pr_with_codeowners();
    fake.on(&url("/user"), vec![ok(json!({"login": "mona"}))])
        .on(
            &url("/user/teams?per_page=100"),
            vec![ok(
                json!([{"slug": "core", "name": "Core", "organization": {"login": "o", "id": 1}}]),
            )],
        );
    let bundle = outcome(&fake, &as_viewer("mona", Some("ghp_test")))
        .bundle
        .unwrap();
    assert_eq!(
        bundle["viewer"]["history"]["src/file0.rs"],
        json!({"mine": 4, "all": 10}),
        "with a token: the viewer's share of the file's commits"
    );
    assert_eq!(
        bundle["viewer"]["teams"],
        json!([{"slug": "core", "organization": {"login": "o"}}])
    );

    let fake = pr_with_codeowners();
    fake.on(&url("/user"), vec![ok(json!({"login": "mona"}))])
        .on(&url("/user/teams?per_page=100"), vec![status(403, &[])]);
    let bundle = outcome(&fake, &as_viewer("mona", Some("ghp_test")))
        .bundle
        .unwrap();
    assert!(
        bundle["viewer"].get("teams").is_none(),
        "not known, not empty"
    );
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.contains(
            &"viewer.teams: the token cannot list your teams (it needs read:org)".to_string()
        ),
        "{notes:?}"
    );

    let fake = pr_with_codeowners();
    fake.on(&url("/user"), vec![ok(json!({"login": "someone-else"}))])
        .on(&url("/user/teams?per_page=100"), vec![ok(json!([]))]);
    let bundle = outcome(&fake, &as_viewer("mona", Some("ghp_test")))
        .bundle
        .unwrap();
    assert!(
        bundle["viewer"].get("teams").is_none(),
        "another account's teams are not mona's"
    );
}

#[test]
fn a_review_on_an_older_commit_brings_its_comparison_with_patches() {
    let fake = pr_with_codeowners();
    fake.on(
        &url("/repos/o/r/pulls/7/commits?per_page=100"),
        vec![ok(json!([
            {"sha": REVIEWED, "author": {"login": "alice"}, "commit": {"message": "one"}, "parents": [{}]},
            {"sha": HEAD, "author": {"login": "alice"}, "commit": {"message": "two"}, "parents": [{}]}
        ]))],
    )
    .on(
        &url("/repos/o/r/pulls/7/reviews?per_page=100"),
        vec![ok(json!([{"user": {"login": "mona"}, "state": "COMMENTED", "commit_id": REVIEWED}]))],
    )
    .on(
        &compare_url(),
        vec![ok(json!({
            "base_commit": {"sha": REVIEWED}, "merge_base_commit": {"sha": REVIEWED},
            "permalink_url": format!("https://github.com/o/r/compare/o:{REVIEWED}...o:{HEAD}"),
            "commits": [{"sha": HEAD}],
            "files": [{"filename": "src/file0.rs", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@ -1 +1 @@\n-a\n+b"}]
        }))],
    );
    let done = outcome(&fake, &as_viewer("mona", None));
    assert_eq!(done.round_trips, 2);
    assert_eq!(fake.count(&compare_url()), 1);
    let bundle = done.bundle.unwrap();
    assert_eq!(
        bundle["since_review"]["files"][0]["patch"], "@@ -1 +1 @@\n-a\n+b",
        "patches kept"
    );
    let signal = crate::engine::analyze(
        &Bundle::from_value(&bundle).unwrap(),
        &crate::Settings::default(),
        None,
    );
    let since = signal
        .viewer
        .and_then(|view| view.since_review)
        .expect("since your review");
    assert_eq!(since.full_read, Some(false), "{}", since.answer);
}

#[test]
fn the_viewers_approval_shares_one_comparison_with_changed_since_approval() {
    let fake = pr_with_codeowners();
    fake.on(
        &url("/repos/o/r/pulls/7/reviews?per_page=100"),
        vec![ok(json!([{"user": {"login": "mona"}, "state": "APPROVED", "commit_id": REVIEWED}]))],
    )
    .on(
        &compare_url(),
        vec![ok(json!({"base_commit": {"sha": REVIEWED}, "merge_base_commit": {"sha": REVIEWED},
            "commits": [{"sha": HEAD}],
            "files": [{"filename": "src/file0.rs", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@"}]}))],
    );
    let bundle = outcome(&fake, &as_viewer("mona", None)).bundle.unwrap();
    assert_eq!(fake.count(&compare_url()), 1, "one request for both");
    assert!(bundle["since_approval"]["files"][0].get("patch").is_none());
    assert_eq!(bundle["since_review"]["files"][0]["patch"], "@@");
}

#[test]
fn the_authors_own_view_asks_only_for_codeowners() {
    let fake = pr_with_codeowners();
    let bundle = outcome(&fake, &as_viewer("alice", None)).bundle.unwrap();
    let sent = fake.sent_urls();
    assert!(
        !sent
            .iter()
            .any(|sent| sent.ends_with("/commits?path=src/file0.rs&per_page=1")),
        "{sent:#?}"
    );
    assert_eq!(bundle["codeowners"]["path"], "docs/CODEOWNERS");
}

#[test]
fn below_thirty_requests_left_the_personal_requests_are_skipped_with_notes() {
    let fake = pr_with_codeowners();
    let mut pull = pull_body(2, 2);
    pull["head"]["sha"] = json!(HEAD);
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![with_headers(
            ok(pull),
            &[
                ("x-ratelimit-remaining", "25"),
                ("x-ratelimit-reset", "1800000600"),
            ],
        )],
    );
    let bundle = outcome(&fake, &as_viewer("mona", None)).bundle.unwrap();
    assert!(
        personal(&fake.sent_urls()).is_empty(),
        "{:#?}",
        fake.sent_urls()
    );
    assert!(bundle.get("codeowners").is_none(), "not fetched: absent");
    let notes: Vec<String> = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|note| note
            .starts_with("codeowners (.github/CODEOWNERS): skipped to save the hourly rate limit")),
        "{notes:?}"
    );
    let _: Option<&Value> = bundle.get("viewer");
}
