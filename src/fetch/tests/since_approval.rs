//! The comparison of the newest approval's commit with the head: sent in wave 2 only when they
//! differ, stored without patches, and skipped under a low anonymous budget.

use serde_json::{json, Value};

use super::fake::*;
use super::plan::rounds;
use crate::bundle::Bundle;
use crate::fetch::join::block_on;
use crate::fetch::{fetch_bundle, FetchIo, FetchOutcome, MemoryStore, PullRef};

const APPROVED: &str = "b3606bbc2e50df357684684fbf7ab0212fa35879";
const HEAD: &str = "d184faef6b743664a3ee70cb8932adc632774b20";

fn compare_url() -> String {
    url(&format!("/repos/o/r/compare/{APPROVED}...{HEAD}"))
}

/// GitHub's answer for `APPROVED...HEAD`: one commit, two files with their patches.
fn comparison() -> Value {
    json!({
        "status": "ahead", "ahead_by": 1, "behind_by": 0, "total_commits": 1,
        "base_commit": {"sha": APPROVED}, "merge_base_commit": {"sha": APPROVED},
        "permalink_url": format!("https://github.com/o/r/compare/o:{APPROVED}...o:{HEAD}"),
        "commits": [{"sha": HEAD, "commit": {"message": "Address review"}}],
        "files": [
            {"filename": "src/file0.rs", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@ -1 +1 @@\n-a\n+b"},
            {"filename": "tests/t.rs", "status": "added", "additions": 2, "deletions": 0, "patch": "@@ -0,0 +1,2 @@\n+x\n+y"}
        ]
    })
}

/// The small PR with a 40-hex head, approved on `approved_on`.
fn pr_approved_on(approved_on: &str, pull_headers: &[(&str, &str)]) -> Fake {
    let fake = small_pr();
    let mut pull = pull_body(2, 2);
    pull["head"]["sha"] = json!(HEAD);
    fake.on(
        &url("/repos/o/r/pulls/7"),
        vec![with_headers(ok(pull), pull_headers)],
    )
    .on(
        &url("/repos/o/r/pulls/7/reviews?per_page=100"),
        vec![ok(
            json!([{"user": {"login": "carol"}, "state": "APPROVED", "commit_id": approved_on}]),
        )],
    )
    .on(
        &url(&format!(
            "/repos/o/r/commits/{HEAD}/check-runs?per_page=100"
        )),
        vec![ok(json!({"total_count": 0, "check_runs": []}))],
    )
    .on(
        &url(&format!("/repos/o/r/commits/{HEAD}/status")),
        vec![ok(json!({"state": "success", "statuses": []}))],
    )
    .on(&compare_url(), vec![ok(comparison())]);
    fake
}

fn outcome(fake: &Fake) -> FetchOutcome {
    let store = MemoryStore::default();
    let options = options();
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
        &options,
        io,
    ))
}

#[test]
fn an_approval_on_an_older_commit_asks_for_its_comparison_with_the_head_in_wave_two() {
    let fake = pr_approved_on(APPROVED, &[]);
    let done = outcome(&fake);
    assert_eq!(done.round_trips, 2, "no extra round trip");
    let rounds = rounds(&fake);
    assert_eq!(rounds.len(), 2, "{rounds:#?}");
    assert!(rounds[1].contains(&compare_url()), "{rounds:#?}");
    assert_eq!(fake.count(&compare_url()), 1);

    let bundle = done.bundle.unwrap();
    let since = &bundle["since_approval"];
    assert_eq!(
        since["base_commit"]["sha"], APPROVED,
        "GitHub's answer, kept"
    );
    assert_eq!(since["files"][1]["filename"], "tests/t.rs");
    assert!(
        since["files"]
            .as_array()
            .unwrap()
            .iter()
            .all(|file| file.get("patch").is_none()),
        "patches are dropped"
    );
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert!(parsed.fetch_notes.is_empty(), "{:?}", parsed.fetch_notes);
    let signal = crate::engine::analyze(&parsed, &crate::Settings::default(), None);
    let diff = signal
        .review
        .changed_since_approval
        .and_then(|changed| changed.diff)
        .expect("the files changed since approval");
    assert_eq!(
        (diff.total_files, diff.additions, diff.deletions),
        (2, 3, 1)
    );
}

#[test]
fn an_approval_on_the_head_sends_no_comparison() {
    let fake = pr_approved_on(HEAD, &[]);
    let bundle = outcome(&fake).bundle.unwrap();
    assert!(fake
        .sent_urls()
        .iter()
        .all(|sent| !sent.contains("/compare/")));
    assert!(bundle.get("since_approval").is_none());
}

#[test]
fn below_thirty_requests_left_the_comparison_is_skipped_and_the_note_says_so() {
    let budget = [
        ("x-ratelimit-remaining", "25"),
        ("x-ratelimit-reset", "1800000600"),
    ];
    let fake = pr_approved_on(APPROVED, &budget);
    let done = outcome(&fake);
    assert_eq!(done.round_trips, 2);
    assert_eq!(fake.count(&compare_url()), 0);
    let bundle = done.bundle.unwrap();
    assert!(
        bundle.get("since_approval").is_none(),
        "not fetched: absent"
    );
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.contains(
            &"since_approval: skipped to save the hourly rate limit (fewer than 30 requests left)"
                .to_string()
        ),
        "{notes:?}"
    );
}

#[test]
fn a_failed_comparison_leaves_the_section_out_with_a_note() {
    let fake = pr_approved_on(APPROVED, &[]);
    fake.on(&compare_url(), vec![status(404, &[])]);
    let bundle = outcome(&fake).bundle.unwrap();
    assert!(bundle.get("since_approval").is_none());
    let notes = Bundle::from_value(&bundle).unwrap().fetch_notes;
    assert!(
        notes.iter().any(|note| note.starts_with("since_approval:")),
        "{notes:?}"
    );
}
