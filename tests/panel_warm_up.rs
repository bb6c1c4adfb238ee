//! The PR the panel analyses while a cold view's first requests are on the network
//! (`src/web/panel_warm_up.json`, `warmUpPanel` in src/web/app.rs). It only helps if it runs the
//! code a real PR runs, so it must stay a valid bundle that reaches the scans, the supply chain
//! and the people drivers.

use prlens::analyze_json;

const PANEL_WARM_UP_BUNDLE: &str = include_str!("../src/web/panel_warm_up.json");

#[test]
fn the_panel_warm_up_pr_reaches_the_scans_the_supply_chain_and_the_people_code() {
    let signal = analyze_json(PANEL_WARM_UP_BUNDLE, "{}", None).expect("the warm-up PR analyses");
    let fired: Vec<&str> = signal
        .risk
        .drivers
        .iter()
        .map(|driver| driver.id.as_str())
        .collect();
    for expected in [
        "dangerous_workflow",
        "package_name_squat",
        "registry_switch",
        "binary_files",
    ] {
        assert!(
            fired.contains(&expected),
            "{expected} should fire on the warm-up PR; fired: {fired:?}"
        );
    }
    // Lockfile drift is hygiene since the calibration (it adds nothing to the score,
    // docs/calibration.md), so its finding, not its driver, shows the lockfile code ran.
    let findings: Vec<&str> = signal
        .supply_chain
        .findings
        .iter()
        .map(|finding| finding.id.key())
        .collect();
    assert!(
        findings.iter().any(|id| matches!(
            *id,
            "manifest_without_lockfile" | "lockfile_without_manifest"
        )),
        "a lockfile-drift finding on the warm-up PR; found: {findings:?}"
    );
    assert!(
        !signal.contributors.is_empty(),
        "the warm-up PR has people to assess"
    );
    assert!(
        !signal.focus.is_empty(),
        "the warm-up PR ranks files to read first"
    );
}

#[test]
fn the_panel_warm_up_signal_reads_back_as_a_render_reads_it() {
    let signal = analyze_json(PANEL_WARM_UP_BUNDLE, "{}", None).expect("the warm-up PR analyses");
    let text = serde_json::to_string(&signal).expect("the signal serialises");
    prlens::signal::from_json(&text).expect("the signal reads back");
}
