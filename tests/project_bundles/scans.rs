//! What hides in a diff: workflow injection, secrets, hidden text, look-alike packages, registry
//! switches and configuration that runs by itself. Each `scan-*` bundle fires its driver with a
//! high or critical finding, so the PR can never read as low risk or "approve"; the benign
//! bundle holds the near-misses (a SHA pin, the safe `env:` pattern, the public registry, the
//! real package, a documented placeholder key, an emoji joiner) and fires none of them.

use super::*;
use prlens::signal::{FindingKind, Severity};

const SCAN_DRIVERS: &[&str] = &[
    "dangerous_workflow",
    "secret_in_diff",
    "hidden_text",
    "package_name_squat",
    "registry_switch",
    "autorun_config",
];

fn finding_kinds(signal: &prlens::Signal) -> Vec<(FindingKind, Severity)> {
    signal
        .supply_chain
        .findings
        .iter()
        .map(|finding| (finding.id, finding.severity))
        .collect()
}

fn assert_flagged(name: &str, driver: &str, kind: FindingKind, severity: Severity) {
    let signal = project_signal(name);
    assert!(
        driver_ids(&signal).contains(&driver),
        "{name}: {:?}",
        driver_ids(&signal)
    );
    assert!(
        finding_kinds(&signal).contains(&(kind, severity)),
        "{name}: {:?}",
        finding_kinds(&signal)
    );
    assert!(
        signal.risk.level >= RiskLevel::Medium,
        "{name}: {:?}",
        signal.risk.level
    );
    assert_ne!(signal.review.action, ReviewAction::Approve, "{name}");
}

#[test]
fn a_pull_request_target_checkout_of_the_head_in_a_flow_mapping_is_critical() {
    assert_flagged(
        "scan-pwn-request-workflow",
        "dangerous_workflow",
        FindingKind::WorkflowPrTargetCheckout,
        Severity::Critical,
    );
    let signal = project_signal("scan-pwn-request-workflow");
    assert_eq!(signal.risk.level, RiskLevel::Critical);
    assert!(
        finding_kinds(&signal).contains(&(FindingKind::WorkflowScriptInjection, Severity::High))
    );
}

#[test]
fn an_added_access_key_is_high_and_never_shown() {
    assert_flagged(
        "scan-secret-in-config",
        "secret_in_diff",
        FindingKind::SecretInDiff,
        Severity::High,
    );
    let signal = project_signal("scan-secret-in-config");
    let text = serde_json::to_string(&signal).expect("a signal serialises");
    assert!(
        !text.contains("Q3ZJ7WXK2M5NB4PT"),
        "the key's secret part is in the signal"
    );
    assert!(text.contains("AKIA…[redacted]"));
    let markdown = prlens::markdown::render(&signal);
    assert!(
        !markdown.contains("Q3ZJ7WXK2M5NB4PT"),
        "the key's secret part is in the Markdown"
    );
}

#[test]
fn a_trojan_source_line_tag_characters_and_agent_instructions_are_hidden_text() {
    assert_flagged(
        "scan-hidden-text",
        "hidden_text",
        FindingKind::HiddenUnicode,
        Severity::High,
    );
    let signal = project_signal("scan-hidden-text");
    let kinds = finding_kinds(&signal);
    assert!(
        kinds.contains(&(FindingKind::AgentInstructions, Severity::Medium)),
        "{kinds:?}"
    );
    let in_description = signal.supply_chain.findings.iter().any(|finding| {
        finding.path == "PR title and description" && finding.detail.contains("⟪U+E0049⟫")
    });
    assert!(in_description, "{:?}", signal.supply_chain.findings);
}

#[test]
fn a_typosquatted_dependency_a_registry_switch_and_a_swapped_tarball_are_found() {
    assert_flagged(
        "scan-squat-and-registry",
        "package_name_squat",
        FindingKind::PackageNameSquat,
        Severity::High,
    );
    assert_flagged(
        "scan-squat-and-registry",
        "registry_switch",
        FindingKind::RegistrySwitch,
        Severity::High,
    );
    assert_flagged(
        "scan-squat-and-registry",
        "registry_switch",
        FindingKind::LockfileForeignSource,
        Severity::High,
    );
}

#[test]
fn a_host_command_in_a_dev_container_and_an_active_conftest_run_by_themselves() {
    assert_flagged(
        "scan-autorun-config",
        "autorun_config",
        FindingKind::AutorunConfig,
        Severity::High,
    );
    assert_flagged(
        "scan-autorun-config",
        "autorun_config",
        FindingKind::CiTestConfig,
        Severity::High,
    );
}

#[test]
fn the_near_misses_fire_no_scan_driver() {
    let signal = project_signal("scan-benign-config");
    let fired: Vec<&str> = driver_ids(&signal)
        .into_iter()
        .filter(|id| SCAN_DRIVERS.contains(id))
        .collect();
    assert!(
        fired.is_empty(),
        "{fired:?}: {:?}",
        signal.supply_chain.findings
    );
}

#[test]
fn each_scan_driver_can_be_switched_off_in_the_settings() {
    for (name, driver) in [
        ("scan-secret-in-config", "secret_in_diff"),
        ("scan-hidden-text", "hidden_text"),
        ("scan-squat-and-registry", "package_name_squat"),
        ("scan-squat-and-registry", "registry_switch"),
        ("scan-autorun-config", "autorun_config"),
        ("scan-pwn-request-workflow", "dangerous_workflow"),
    ] {
        let settings = Settings::from_json_str(&json!({"weights": {driver: 0}}).to_string())
            .expect("settings");
        let signal = prlens::analyze(&project_bundle(name), &settings, None);
        assert!(
            !driver_ids(&signal).contains(&driver),
            "{name}: {driver} still fires"
        );
    }
}
