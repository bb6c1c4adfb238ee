//! Recorded fixture cases: bots.

use super::*;

#[test]
fn dependabot_and_pull_bot_get_bot_trust_never_new_contributor() {
    for name in [
        "cloudbees-oss-zendesk-java-client-572-dependabot-actions",
        "cloudbees-oss-zendesk-java-client-580-dependabot-maven",
        "liuzhuzhu-lzz-gulimall-1-dependabot-security",
        "PyGithub-PyGithub-3370-dependabot-ci",
    ] {
        let signal = signal(name);
        let bot = &signal.contributors[0];
        assert_eq!(bot.trust_level, TrustLevel::Bot, "{name}");
        assert!(bot.badges.contains(&"Bot".to_string()), "{name}");
        assert!(
            !bot.badges.contains(&"New Contributor".to_string()),
            "{name}"
        );
        let drivers = driver_ids(&signal);
        assert!(!drivers.contains(&"new_contributor"), "{name}: {drivers:?}");
        assert!(!drivers.contains(&"young_account"), "{name}: {drivers:?}");
    }
}

#[test]
fn dependabot_workflow_bump_is_a_supply_chain_change_of_ci_config() {
    let signal = signal("PyGithub-PyGithub-3370-dependabot-ci");
    assert!(signal.supply_chain.ci_config);
    assert_eq!(signal.focus.len(), 4);
    for file in &signal.focus {
        assert!(file.path.starts_with(".github/workflows/"), "{}", file.path);
        assert!(file.reasons.contains(&"CI configuration".to_string()));
        assert!(file.priority >= Priority::High);
    }
    assert!(
        driver_ids(&signal).contains(&"ci_config_change"),
        "{:?}",
        driver_ids(&signal)
    );
    // The bump moves tags (`@v5` → `@v6`), which are not SHA pins.
    assert!(
        signal
            .supply_chain
            .findings
            .iter()
            .any(|finding| finding.id.key().contains("unpinned")),
        "{:?}",
        signal.supply_chain.findings
    );
}

#[test]
fn trusted_bots_from_settings_are_bots_too() {
    let settings =
        Settings::from_json_str(r#"{"trusted_bots": ["bgilbert"]}"#).expect("valid settings");
    let signal = support::signal_with("github3.py-235-contributor", &settings);
    assert_eq!(signal.contributors[0].trust_level, TrustLevel::Bot);
}

#[test]
fn an_app_that_is_neither_known_nor_trusted_is_judged_like_a_person_until_the_user_trusts_it() {
    let name = "daddyfatstacksBIG-lerna-20-pull-bot-sync";
    let signal = signal(name);
    let app = &signal.contributors[0];
    assert_eq!(app.login, "pull[bot]");
    assert_ne!(app.trust_level, TrustLevel::Bot, "{name}");
    assert!(app.badges.contains(&"Unknown App".to_string()), "{name}");

    let bundle = bundle(name);
    let settings = Settings {
        trusted_bots: vec!["pull[bot]".into()],
        ..Settings::default()
    };
    let trusted = prlens::analyze(&bundle, &settings, None);
    let app = &trusted.contributors[0];
    assert_eq!(app.trust_level, TrustLevel::Bot, "{name}");
    assert!(app.badges.contains(&"Bot".to_string()), "{name}");
    let drivers = driver_ids(&trusted);
    assert!(!drivers.contains(&"new_contributor"), "{name}: {drivers:?}");
    assert!(!drivers.contains(&"young_account"), "{name}: {drivers:?}");
}
