//! Signal integrity, what files are and what they can do: trust-boundary files, renames that
//! keep their sensitivity, web frameworks' security configuration (found too rarely before),
//! and identity, docs, test data and whitespace (weighed too heavily before). Each bundle is
//! one variant (`tests/project_bundles/integrity-bundles.mjs`).

use super::*;

#[test]
fn codeowners_registry_and_settings_files_are_trust_boundary_changes() {
    let signal = project_signal("trust-boundary-files");
    let driver = signal
        .risk
        .drivers
        .iter()
        .find(|driver| driver.id == "trust_boundary_change")
        .expect("fires");
    assert_eq!(
        driver.detail,
        "Trust-boundary files changed: code ownership (.github/CODEOWNERS), repository settings (.github/settings.yml), package registry settings (.npmrc, .cargo/config.toml)"
    );
    assert!(
        signal.risk.level >= RiskLevel::High,
        "{}",
        signal.risk.formula
    );
    for file in &signal.focus {
        assert!(
            file.priority >= Priority::High,
            "{}: {:?}",
            file.path,
            file.reasons
        );
    }
}

#[test]
fn an_auth_module_renamed_into_tests_stays_sensitive() {
    let signal = project_signal("auth-module-renamed-into-tests");
    assert!(driver_ids(&signal).contains(&"sensitive_paths"));
    assert_eq!(signal.focus[0].priority, Priority::High);
    assert_ne!(signal.review.action, ReviewAction::Approve);
}

#[test]
fn web_framework_security_configuration_is_sensitive_and_never_docs() {
    let signal = project_signal("framework-security-config");
    let driver = signal
        .risk
        .drivers
        .iter()
        .find(|driver| driver.id == "sensitive_paths")
        .expect("fires");
    assert_eq!(driver.paths.len(), 3, "{}", driver.detail);
    let symfony = signal
        .focus
        .iter()
        .find(|file| file.path == "config/packages/security.yaml")
        .expect("listed");
    assert!(
        !symfony.reasons.contains(&"Docs".to_string()),
        "{:?}",
        symfony.reasons
    );
}

#[test]
fn a_first_timers_readme_typo_is_not_high_risk() {
    let signal = project_signal("first-timer-readme-typo");
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"new_contributor") && drivers.contains(&"young_account"));
    assert_eq!(signal.risk.level, RiskLevel::Low, "{}", signal.risk.formula);
}

#[test]
fn forty_translated_docs_pages_are_neither_critical_nor_hours_of_review() {
    let signal = project_signal("translated-docs-40-pages");
    assert!(
        signal.risk.level < RiskLevel::Critical,
        "{}",
        signal.risk.formula
    );
    assert_ne!(signal.review.action, ReviewAction::RequestChanges);
    assert_eq!(signal.triage.counted_lines, 2800);
    assert_eq!(signal.triage.minutes, Some(84), "{}", signal.triage.formula);
    assert!(!driver_ids(&signal).contains(&"many_files"));
}

#[test]
fn recorded_test_data_weighs_less_than_code() {
    let signal = project_signal("test-fixture-json");
    let size = signal
        .risk
        .drivers
        .iter()
        .find(|driver| driver.id == "large_diff")
        .expect("size is weighed");
    assert!(
        size.detail.starts_with("Size: 375 lines to review"),
        "1,500 lines of test data weigh a quarter each: {}",
        size.detail
    );
    assert!(
        signal.risk.level <= RiskLevel::Medium,
        "{}",
        signal.risk.formula
    );
    assert_eq!(signal.triage.minutes, Some(45), "{}", signal.triage.formula);
}

#[test]
fn whitespace_only_changes_weigh_less_in_minutes() {
    let signal = project_signal("whitespace-only-reformat");
    assert_eq!(signal.triage.counted_lines, 600);
    assert!(
        signal.triage.minutes.is_some_and(|minutes| minutes < 10),
        "{}",
        signal.triage.formula
    );
    assert!(signal.triage.formula.contains("whitespace/re-wrap-only"));
}
