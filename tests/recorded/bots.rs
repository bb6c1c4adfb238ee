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
    // CI configuration is named (supply chain, focus reasons) but adds nothing to the score:
    // on history it fired mostly on PRs that went fine (docs/calibration.md, lift 0.41).
    assert!(
        !driver_ids(&signal).contains(&"ci_config_change"),
        "{:?}",
        driver_ids(&signal)
    );
    assert_eq!(signal.risk.level, RiskLevel::Low, "{}", signal.risk.formula);
    // The bump moves tags (`@v5` → `@v6`) of an action the workflows already used unpinned:
    // the base branch's hygiene, not something this PR introduces.
    assert!(
        !signal
            .supply_chain
            .findings
            .iter()
            .any(|finding| finding.id.key().contains("unpinned")),
        "{:?}",
        signal.supply_chain.findings
    );
}

/// The recorded Dependabot cases (Renovate has none in the recorded layer).
const BOT_BUMPS: &[&str] = &[
    "cloudbees-oss-zendesk-java-client-572-dependabot-actions",
    "cloudbees-oss-zendesk-java-client-580-dependabot-maven",
    "liuzhuzhu-lzz-gulimall-1-dependabot-security",
    "PyGithub-PyGithub-3370-dependabot-ci",
];

#[test]
fn bot_bumps_are_not_raised_by_hidden_text_or_by_hygiene_the_base_branch_had() {
    for name in BOT_BUMPS {
        let signal = signal(name);
        let drivers = driver_ids(&signal);
        // Dependabot writes `@\u{200B}name` in its descriptions so as not to notify people.
        assert!(!drivers.contains(&"hidden_text"), "{name}: {drivers:?}");
        assert!(!drivers.contains(&"unpinned_action"), "{name}: {drivers:?}");
        assert!(
            !drivers.contains(&"dangerous_workflow"),
            "{name}: {drivers:?}"
        );
        assert!(
            signal.risk.level < RiskLevel::High,
            "{name}: {}",
            signal.risk.formula
        );
    }
}

#[test]
fn an_unpinned_action_a_bump_introduces_is_still_named() {
    let mut value = support::bundle_value("PyGithub-PyGithub-3370-dependabot-ci");
    let files = value["files"].as_array_mut().expect("files");
    let file = files
        .iter_mut()
        .find(|file| {
            file["filename"]
                .as_str()
                .is_some_and(|name| name.starts_with(".github/workflows/"))
        })
        .expect("a workflow file");
    let patch = file["patch"].as_str().unwrap_or("").to_string();
    file["patch"] = serde_json::Value::String(format!(
        "{patch}\n@@ -90,2 +90,3 @@\n     steps:\n+      - uses: someone/publish-action@main\n       - run: make"
    ));
    let bundle = prlens::Bundle::from_value(&value).expect("a valid bundle");
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    let named: Vec<&str> = signal
        .supply_chain
        .findings
        .iter()
        .filter(|finding| finding.id.key() == "unpinned_action")
        .map(|finding| finding.detail.as_str())
        .collect();
    assert_eq!(
        named,
        ["uses someone/publish-action@main, not pinned to a commit SHA"],
        "{:?}",
        signal.supply_chain.findings
    );
    assert!(driver_ids(&signal).contains(&"unpinned_action"));
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
