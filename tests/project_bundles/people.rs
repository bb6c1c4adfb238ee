//! Who wrote the PR: owners, bots, deleted accounts and first-time contributors.

use super::*;

#[test]
fn the_repository_owner_is_a_maintainer_and_never_a_new_contributor() {
    let signal = project_signal("owner-45-files");
    let author = &signal.contributors[0];
    assert_eq!(author.login, "mara-lindqvist");
    assert_eq!(author.trust_level, TrustLevel::Maintainer);
    let drivers = driver_ids(&signal);
    assert!(!drivers.contains(&"new_contributor"), "{drivers:?}");
    assert!(!drivers.contains(&"young_account"), "{drivers:?}");
}

#[test]
fn a_dependabot_workflow_bump_gets_bot_trust_and_a_ci_config_finding() {
    let signal = project_signal("bot-dependabot-bump");
    let bot = &signal.contributors[0];
    assert_eq!(bot.login, "dependabot[bot]");
    assert_eq!(bot.trust_level, TrustLevel::Bot);
    assert!(bot.badges.contains(&"Bot".to_string()));
    assert!(!bot.badges.contains(&"New Contributor".to_string()));
    let drivers = driver_ids(&signal);
    assert!(!drivers.contains(&"new_contributor"), "{drivers:?}");
    // CI edits are hygiene since the calibration (docs/calibration.md): named in the supply
    // chain and the focus list, no weight in the score.
    assert!(!drivers.contains(&"ci_config_change"), "{drivers:?}");
    // Workflows run with the repository's secrets: every changed workflow is a focus file.
    assert!(signal.supply_chain.ci_config);
    assert_eq!(signal.focus.len(), 4);
    for file in &signal.focus {
        assert!(file.path.starts_with(".github/workflows/"), "{}", file.path);
        assert!(file.reasons.contains(&"CI configuration".to_string()));
        assert!(file.priority >= Priority::High, "{}", file.path);
    }
}

#[test]
fn a_deleted_author_is_the_ghost_placeholder_with_low_trust() {
    let signal = project_signal("ghost-author");
    assert_ghost_author_with_low_trust(&signal);
}

#[test]
fn a_null_pull_user_is_still_a_signal_with_an_author_entry() {
    let mut value = project_bundle_value("ghost-author");
    value["pull"]["user"] = Value::Null;
    let signal = analyze_value(&value);
    assert_eq!(signal.pr.number, 57);
    assert!(!signal.contributors.is_empty());
    assert!(!signal.contributors[0].summary.is_empty());
}

#[test]
fn a_first_time_contributor_with_a_days_old_account_is_new_and_young() {
    let signal = project_signal("first-time-contributor-held-ci");
    let author = &signal.contributors[0];
    assert_eq!(author.trust_level, TrustLevel::New);
    assert!(author.badges.contains(&"New Contributor".to_string()));
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"new_contributor"), "{drivers:?}");
    assert!(drivers.contains(&"young_account"), "{drivers:?}");
    assert_ne!(signal.review.action, ReviewAction::Approve);
}
