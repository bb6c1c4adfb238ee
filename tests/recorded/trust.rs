//! Recorded fixture cases: trust.

use super::*;

#[test]
fn associations_map_to_trust_levels() {
    let expectations = [
        (
            "PyGithub-PyGithub-31-large",
            TrustLevel::Maintainer,
            "Member of the organization",
        ),
        (
            "danger-danger-js-395-owner-large",
            TrustLevel::Maintainer,
            "Owner of this repository",
        ),
        (
            "envoyproxy-envoy-wasm-267-member-deletions",
            TrustLevel::Maintainer,
            "Member",
        ),
        (
            "PyGithub-PyGithub-2078-collaborator",
            TrustLevel::Trusted,
            "Collaborator",
        ),
        (
            "github3.py-671-reviews",
            TrustLevel::Trusted,
            "Collaborator",
        ),
        (
            "github3.py-235-contributor",
            TrustLevel::Established,
            "committed to this repository before",
        ),
        (
            "coleslaw-org-coleslaw-173-contributor",
            TrustLevel::Established,
            "committed",
        ),
        // NONE without fetched history: an outsider, but not provably a first-timer.
        (
            "PyGithub-PyGithub-1171-assoc-none",
            TrustLevel::Low,
            "No association",
        ),
        (
            "hub4j-github-api-1624-opened-assoc-none",
            TrustLevel::Low,
            "No association",
        ),
        (
            "hub4j-test-org-GHWorkflowRunTest-8-first-time-contributor",
            TrustLevel::New,
            "First-time contributor",
        ),
        // 2016 recordings have no author_association: not trusted by default.
        (
            "artsy-emission-327-feature",
            TrustLevel::Low,
            "No association",
        ),
        (
            "apache-brooklyn-server-465-unmerged",
            TrustLevel::Low,
            "No association",
        ),
    ];
    for (name, level, summary) in expectations {
        let author = signal(name).contributors.remove(0);
        assert_eq!(author.trust_level, level, "{name}");
        assert!(
            author.summary.contains(summary),
            "{name}: {}",
            author.summary
        );
    }
}

#[test]
fn association_none_is_new_only_when_history_shows_no_merged_pr() {
    let mut value = bundle_value("PyGithub-PyGithub-1171-assoc-none");
    value["history"] = json!({"Ferada": {"prs": 1, "merged": 0}});
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::New);
    assert!(driver_ids(&signal).contains(&"new_contributor"));
}

#[test]
fn a_young_commit_author_without_history_is_new() {
    let mut value = bundle_value("github3.py-235-contributor");
    value["commits"][1]["author"]["login"] = json!("fresh-account");
    value["users"] = json!({"fresh-account": {"login": "fresh-account", "created_at": "2014-07-01T00:00:00Z"},
                            "old-account": {"login": "old-account", "created_at": "2010-01-01T00:00:00Z"}});
    value["commits"][0]["author"]["login"] = json!("old-account");
    let signal = prlens::analyze(
        &prlens::Bundle::from_value(&value).unwrap(),
        &Settings::default(),
        None,
    );
    let by_login = |login: &str| {
        signal
            .contributors
            .iter()
            .find(|person| person.login == login)
            .unwrap()
            .clone()
    };
    let fresh = by_login("fresh-account");
    assert_eq!(fresh.account_age_days, Some(25));
    assert_eq!(fresh.trust_level, TrustLevel::New);
    assert!(
        fresh.summary.starts_with("New account"),
        "{}",
        fresh.summary
    );
    assert_eq!(by_login("old-account").trust_level, TrustLevel::Low);
}

#[test]
fn account_age_comes_from_the_user_record_at_fetch_time() {
    let signal = signal("PyGithub-PyGithub-31-large");
    let author = &signal.contributors[0];
    // jacquev6 created 2010-07-09T06:10:06Z; fetched 2018-06-25T12:54:43Z.
    assert_eq!(author.account_age_days, Some(2908));
    assert!(!author.badges.contains(&"Fresh Account".to_string()));
    assert_eq!(author.commits, 3);
    assert_eq!(author.prior_prs, None, "history not fetched");
    assert_eq!(author.unfamiliar_files, None, "familiarity not fetched");
}

#[test]
fn deleted_author_is_ghost_with_low_trust() {
    let signal = signal("hub4j-test-org-github-api-2-ghost-author");
    assert_ghost_author_with_low_trust(&signal);
}

#[test]
fn a_second_commit_author_is_listed_and_judged_from_history() {
    // The recorded PR plus one extra commit by another account, with its history and age.
    let mut value = bundle_value("github3.py-235-contributor");
    let mut extra = value["commits"][0].clone();
    extra["sha"] = json!("0123456789abcdef0123456789abcdef01234567");
    extra["author"]["login"] = json!("newcomer");
    value["commits"].as_array_mut().unwrap().push(extra.clone());
    value["commits"].as_array_mut().unwrap().push(extra);
    value["users"] = json!({"newcomer": {"login": "newcomer", "type": "User", "created_at": "2014-07-15T00:00:00Z"}});
    value["history"] =
        json!({"newcomer": {"prs": 0, "merged": 0}, "bgilbert": {"prs": 3, "merged": 2}});
    value["familiarity"] = json!({"newcomer": {"github3/repos/release.py": 0}});
    let bundle = prlens::Bundle::from_value(&value).unwrap();
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    assert_eq!(signal.contributors.len(), 2);
    let newcomer = &signal.contributors[1];
    assert_eq!(newcomer.role, Role::Committer);
    assert_eq!(newcomer.commits, 2);
    assert_eq!(newcomer.trust_level, TrustLevel::New);
    assert_eq!(newcomer.account_age_days, Some(11));
    assert_eq!(newcomer.unfamiliar_files, Some(2));
    assert!(newcomer.badges.contains(&"Fresh Account".to_string()));
    assert!(newcomer
        .summary
        .starts_with("First-time contributor to this repository. Account created 11 days ago."));
    assert_eq!(signal.contributors[0].merged_prs, Some(2));
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"new_contributor"), "{drivers:?}");
    assert!(drivers.contains(&"young_account"), "{drivers:?}");
}
