//! Identity, account behaviour and changed-after-approval on the project bundles
//! `force-pushed-after-approval` (fires; its `since_approval` is GitHub's comparison of the
//! approved commit with the head) and `approved-on-head-steady-author` (the same PR approved on
//! its head, signed, by an author with steady activity: stays silent).

use super::*;

fn identity_kinds(signal: &prlens::Signal) -> Vec<&'static str> {
    signal
        .contributors
        .iter()
        .flat_map(|person| person.identity.iter().map(|note| note.kind.key()))
        .collect()
}

#[test]
fn a_force_push_after_approval_an_unsigned_commit_and_a_pr_burst_fire_with_their_evidence() {
    let signal = project_signal("force-pushed-after-approval");
    let ids = driver_ids(&signal);
    for id in ["force_push_after_approval", "pr_burst", "unsigned_commit"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    assert_eq!(identity_kinds(&signal), ["pr_burst", "unsigned_commit"]);
    let changed = signal
        .review
        .changed_since_approval
        .as_ref()
        .expect("changed since approval");
    assert_eq!(changed.approved_by, "jonas-okafor");
    assert_eq!(changed.commits, ["d184fae Address review: test the upload"]);
    assert!(changed.compare_url.as_deref().is_some_and(
        |url| url.starts_with("https://github.com/tidewater/harbor-client/compare/b3606bb")
    ));
}

#[test]
fn the_files_and_lines_pushed_after_the_approval_are_listed_with_the_focus_files_marked() {
    let signal = project_signal("force-pushed-after-approval");
    let changed = signal
        .review
        .changed_since_approval
        .as_ref()
        .expect("changed since approval");
    let diff = changed.diff.as_ref().expect("the comparison was fetched");
    assert_eq!(
        (diff.total_files, diff.additions, diff.deletions),
        (2, 3, 1)
    );
    assert_eq!(
        changed.diff_summary().as_deref(),
        Some("2 files, +3 \u{2212}1 changed since jonas-okafor's approval")
    );
    let releases = diff
        .files
        .iter()
        .find(|file| file.path == "harbor/releases.py")
        .expect("the source file changed after the approval");
    assert!(releases.focus, "a focus file is marked");
    assert!(changed.diff_note.is_none());
}

#[test]
fn the_same_bundle_without_since_approval_keeps_every_other_fact_of_its_signal() {
    let mut value = project_bundle_value("force-pushed-after-approval");
    if let Some(sections) = value.as_object_mut() {
        sections.remove("since_approval");
    }
    let old = analyze_value(&value);
    let new = project_signal("force-pushed-after-approval");
    let changed = old
        .review
        .changed_since_approval
        .clone()
        .expect("commits and the compare link still shown");
    assert!(changed.diff.is_none() && changed.diff_note.is_none());
    let mut without_diff = new.clone();
    if let Some(changed) = without_diff.review.changed_since_approval.as_mut() {
        changed.diff = None;
    }
    assert_eq!(old, without_diff, "only the files and lines are new");
}

#[test]
fn a_comparison_fetched_for_an_older_head_is_ignored_with_a_note() {
    let mut value = project_bundle_value("force-pushed-after-approval");
    value["pull"]["head"]["sha"] = json!("eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee");
    let signal = analyze_value(&value);
    let changed = signal
        .review
        .changed_since_approval
        .expect("the approval is still not on the head");
    assert!(changed.diff.is_none());
    assert!(changed
        .diff_note
        .is_some_and(|note| note.contains("d184fae") && note.contains("ignored")));
}

#[test]
fn the_same_pr_approved_on_its_head_by_steady_people_fires_none_of_them() {
    let signal = project_signal("approved-on-head-steady-author");
    let ids = driver_ids(&signal);
    for id in [
        "force_push_after_approval",
        "pr_burst",
        "dormant_account",
        "unsigned_commit",
        "commit_identity",
        "stale_approval",
    ] {
        assert!(!ids.contains(&id), "{id} in {ids:?}");
    }
    assert!(identity_kinds(&signal).is_empty());
    assert!(signal.review.changed_since_approval.is_none());
}

#[test]
fn old_bundles_without_timeline_or_events_analyse_and_say_so() {
    let mut value = project_bundle_value("reviews-on-older-commit");
    if let Some(sections) = value.as_object_mut() {
        sections.remove("timeline");
        sections.remove("events");
    }
    let signal = analyze_value(&value);
    for section in ["timeline", "events"] {
        assert!(
            signal.meta.missing.iter().any(|missing| missing == section),
            "{section} in {:?}",
            signal.meta.missing
        );
    }
}

#[test]
fn a_commit_author_e_mail_linked_to_no_account_stays_in_contributors() {
    let mut value = project_bundle_value("reviews-on-older-commit");
    value["commits"][1]["author"] = Value::Null;
    value["commits"][1]["commit"]["author"]["email"] = json!("build@ci.example.net");
    let signal = analyze_value(&value);
    let unlinked = signal
        .contributors
        .iter()
        .find(|person| person.login == "build@ci.example.net")
        .expect("the unlinked e-mail is listed");
    assert_eq!(unlinked.trust_level, TrustLevel::Low);
    assert_eq!(unlinked.commits, 1);
}

#[test]
fn an_account_date_in_the_future_is_unknown_and_noted_not_a_young_account() {
    let mut value = project_bundle_value("reviews-on-older-commit");
    value["users"]["ines-marchetti"]["created_at"] = json!("2031-01-01T00:00:00Z");
    let signal = analyze_value(&value);
    let author = &signal.contributors[0];
    assert_eq!(author.account_age_days, None);
    assert_eq!(identity_kinds(&signal), ["future_timestamp"]);
    assert!(!driver_ids(&signal).contains(&"young_account"));
}

#[test]
fn an_app_created_days_ago_is_not_exempt_like_dependabot() {
    let mut value = project_bundle_value("reviews-on-older-commit");
    value["pull"]["user"] = json!({"login": "helpful-fixer[bot]", "type": "Bot"});
    value["pull"]["author_association"] = json!("NONE");
    value["users"] = json!({"helpful-fixer[bot]": {"login": "helpful-fixer[bot]", "type": "Bot",
        "created_at": "2026-02-20T00:00:00Z"}});
    let signal = analyze_value(&value);
    assert_ne!(signal.contributors[0].trust_level, TrustLevel::Bot);
    assert!(identity_kinds(&signal).contains(&"unknown_app"));
    assert!(driver_ids(&signal).contains(&"young_account"));
    let trusted = Settings::from_json_str(r#"{"trusted_bots": ["helpful-fixer[bot]"]}"#).unwrap();
    let bundle = prlens::Bundle::from_value(&value).unwrap();
    let exempt = prlens::analyze(&bundle, &trusted, None);
    assert_eq!(exempt.contributors[0].trust_level, TrustLevel::Bot);
}
