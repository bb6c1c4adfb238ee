//! The compare bundle: one comparison request plus the viewer's lookups, mapped into a bundle
//! that scores like a PR whose checks and reviews are not known yet.

use serde_json::{json, Value};

use super::fake::*;
use crate::bundle::Bundle;
use crate::fetch::compare::{
    apply_page, fetch_compare_bundle, not_yet_note, CompareRef, COMPARE_PLACEHOLDER_NUMBER,
    NOT_YET_SECTIONS,
};
use crate::fetch::join::block_on;
use crate::fetch::{FetchOptions, MemoryStore};

fn comparison() -> Value {
    json!({
        "status": "ahead", "ahead_by": 2, "behind_by": 0, "total_commits": 2,
        "base_commit": {"sha": "base0"},
        "merge_base_commit": {"sha": "base0"},
        "commits": [
            {"sha": "c1", "author": {"login": "dana"}, "commit": {"message": "one", "author": {"name": "D"}}, "parents": [{}]},
            {"sha": "c2", "author": {"login": "dana"}, "commit": {"message": "two", "author": {"name": "D"}}, "parents": [{}]}
        ],
        "files": files(0..3),
    })
}

fn scripted(compare_path: &str) -> Fake {
    let fake = Fake::default();
    fake.on(&url(compare_path), vec![ok(comparison())])
        .on(
            &url("/users/dana"),
            vec![ok(
                json!({"login": "dana", "type": "User", "created_at": "2020-01-01T00:00:00Z"}),
            )],
        )
        .on(
            &url("/search/issues?q=repo:o/r+type:pr+author:dana&per_page=1"),
            vec![ok(
                json!({"total_count": 4, "incomplete_results": false, "items": []}),
            )],
        )
        .on(
            &url("/search/issues?q=repo:o/r+type:pr+author:dana+is:merged&per_page=1"),
            vec![ok(
                json!({"total_count": 3, "incomplete_results": false, "items": []}),
            )],
        );
    fake
}

fn fetch(fake: &Fake, compare: &CompareRef, page: Option<Value>) -> Value {
    let store = MemoryStore::default();
    let options = FetchOptions::new(NOW);
    let (bundle, _) = block_on(fetch_compare_bundle(compare, page, &options, fake, &store));
    bundle.unwrap()
}

#[test]
fn a_comparison_and_the_viewer_lookups_go_out_together_and_map_to_a_pr_shaped_bundle() {
    let fake = scripted("/repos/o/r/compare/main...feature/x");
    let compare = CompareRef::new("o", "r", Some("main"), "feature/x", Some("dana")).unwrap();
    let page = json!({"title": "Add parser", "body": "Fixes #12", "viewer": "dana"});
    let bundle = fetch(&fake, &compare, Some(page));
    assert_eq!(fake.sent_urls().len(), 4, "{:?}", fake.sent_urls());
    let pull = &bundle["pull"];
    assert_eq!(pull["number"], json!(COMPARE_PLACEHOLDER_NUMBER));
    assert_eq!(pull["user"]["login"], "dana");
    assert_eq!(pull["title"], "Add parser");
    assert_eq!(pull["body"], "Fixes #12");
    assert_eq!(pull["head"]["sha"], "c2");
    assert_eq!(pull["head"]["ref"], "feature/x");
    assert_eq!(pull["base"]["ref"], "main");
    assert_eq!(pull["base"]["sha"], "base0");
    assert_eq!(bundle["files"], comparison()["files"]);
    assert_eq!(bundle["commits"], comparison()["commits"]);
    assert_eq!(bundle["history"]["dana"], json!({"prs": 4, "merged": 3}));
    assert!(bundle.get("check_runs").is_none() && bundle.get("reviews").is_none());
    let notes: Vec<&str> = bundle["fetch_notes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for section in NOT_YET_SECTIONS {
        assert!(notes.contains(&not_yet_note(section).as_str()), "{notes:?}");
    }
    assert!(
        bundle["page"].get("body").is_none(),
        "the description lives in pull.body only"
    );
    let parsed = Bundle::from_value(&bundle).unwrap();
    assert_eq!(parsed.pull.author.as_deref(), Some("dana"));
}

#[test]
fn a_head_alone_compares_against_the_default_branch() {
    let fake = scripted("/repos/o/r/compare/trunk...dana%3Afix");
    fake.on(
        &url("/repos/o/r"),
        vec![ok(json!({"default_branch": "trunk"}))],
    );
    let compare = CompareRef::new("o", "r", None, "dana:fix", Some("dana")).unwrap();
    let bundle = fetch(&fake, &compare, None);
    assert_eq!(bundle["pull"]["base"]["ref"], "trunk");
    assert_eq!(bundle["pull"]["head"]["ref"], "fix");
    assert_eq!(bundle["pull"]["head"]["label"], "dana:fix");
    assert_eq!(
        bundle["compare"]["html_url"],
        "https://github.com/o/r/compare/trunk...dana%3Afix"
    );
}

#[test]
fn refs_that_git_forbids_are_rejected_before_any_request() {
    for (base, head) in [
        (Some("main"), "a..b"),
        (Some("ma in"), "x"),
        (Some("main"), "../../users"),
        (Some("main"), "-x"),
        (Some("bad owner:b"), "x"),
        (Some("main"), "x?y=1"),
    ] {
        assert!(
            CompareRef::new("o", "r", base, head, None).is_err(),
            "{base:?} {head}"
        );
    }
    assert!(CompareRef::new(
        "o",
        "r",
        Some("release/1.2"),
        "fork-owner:feature/a_b",
        Some("v")
    )
    .is_ok());
}

#[test]
fn an_unreadable_comparison_is_an_error_and_a_failed_viewer_lookup_only_a_note() {
    let fake = Fake::default();
    let compare = CompareRef::new("o", "r", Some("main"), "x", Some("dana")).unwrap();
    let store = MemoryStore::default();
    let (result, _) = block_on(fetch_compare_bundle(
        &compare,
        None,
        &FetchOptions::new(NOW),
        &fake,
        &store,
    ));
    let error = result.unwrap_err();
    assert!(
        error.message.contains("this comparison"),
        "{}",
        error.message
    );
    let fake = scripted("/repos/o/r/compare/main...x");
    fake.on(&url("/users/dana"), vec![status(500, &[])]);
    let bundle = fetch(&fake, &compare, None);
    assert!(bundle.get("users").is_none());
    assert!(bundle["fetch_notes"].to_string().contains("users.dana"));
}

#[test]
fn editing_the_form_changes_only_the_title_body_and_page() {
    let fake = scripted("/repos/o/r/compare/main...x");
    let compare = CompareRef::new("o", "r", Some("main"), "x", Some("dana")).unwrap();
    let mut bundle = fetch(&fake, &compare, Some(json!({"title": "a"})));
    let before = bundle.clone();
    apply_page(
        &mut bundle,
        Some(&json!({"title": "b", "body": "Fixes #3"})),
    );
    assert_eq!(bundle["pull"]["title"], "b");
    assert_eq!(bundle["pull"]["body"], "Fixes #3");
    for key in ["files", "commits", "users", "history", "fetch_notes"] {
        assert_eq!(bundle[key], before[key], "{key}");
    }
}

#[test]
fn the_signal_of_a_compare_bundle_names_no_pr_that_does_not_exist() {
    let fake = scripted("/repos/o/r/compare/main...feature/x");
    let compare = CompareRef::new("o", "r", Some("main"), "feature/x", Some("dana")).unwrap();
    let bundle = fetch(
        &fake,
        &compare,
        Some(json!({"title": "Add parser", "body": "Fixes #12"})),
    );
    let signal = crate::analyze_json(&bundle.to_string(), "{}", None).unwrap();
    assert_eq!(
        signal.pr.url,
        "https://github.com/o/r/compare/main...feature/x"
    );
    assert_eq!(signal.intent.linked_issues, vec![12]);
    let markdown = crate::markdown::render(&signal);
    let placeholder = COMPARE_PLACEHOLDER_NUMBER.to_string();
    assert!(!markdown.contains(&placeholder), "{markdown}");
    assert!(markdown.contains("o/r (not opened yet)"), "{markdown}");
}
