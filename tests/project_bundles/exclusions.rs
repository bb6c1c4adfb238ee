//! Signal integrity, what the author controls (classes 1 and 2 of the red-team pass): a
//! generated header, a minified shape, a vendored path, the PR's own `.gitattributes` and the
//! page's collapsed files may shorten the minutes, never the risk; content the diff view cannot
//! show (no patch, hidden diff, text-named binaries) is a finding, and opaque files with a
//! build-script change are the xz pattern. Each bundle is one variant
//! (`tests/project_bundles/integrity-bundles.mjs`); each test failed on the engine before.

use super::*;
use prlens::signal::{FindingKind, Severity};

fn finding_kinds(signal: &prlens::Signal) -> Vec<(FindingKind, Severity)> {
    signal
        .supply_chain
        .findings
        .iter()
        .map(|finding| (finding.id, finding.severity))
        .collect()
}

/// Risk at least medium, so the panel never says "approve" for it.
fn assert_not_waved_through(name: &str, signal: &prlens::Signal) {
    assert!(
        signal.risk.level >= RiskLevel::Medium,
        "{name}: {}",
        signal.risk.formula
    );
    assert_ne!(signal.review.action, ReviewAction::Approve, "{name}");
}

#[test]
fn a_new_source_file_headed_generated_keeps_its_size_risk_and_focus() {
    let signal = project_signal("generated-header-new-source");
    assert_not_waved_through("generated-header-new-source", &signal);
    let drivers = driver_ids(&signal);
    assert!(drivers.contains(&"large_diff"), "{drivers:?}");
    assert!(finding_kinds(&signal).contains(&(FindingKind::UnreviewableBulk, Severity::Medium)));
    let file = &signal.focus[0];
    assert_eq!(file.path, "src/harbor/sync_client.ts");
    assert_eq!(file.priority, Priority::Critical, "{:?}", file.reasons);
    assert!(file.reasons.contains(&"Generated".to_string()));
    // The minutes may leave it out: that is all the header buys.
    assert_eq!(signal.triage.minutes, Some(0));
}

#[test]
fn a_generated_marker_on_a_removed_line_does_not_exclude_the_file() {
    let signal = project_signal("generated-marker-on-removed-line");
    assert_eq!(signal.triage.counted_lines, 301);
    assert_eq!(signal.triage.excluded_lines, 0);
    assert_eq!(signal.triage.minutes, Some(36));
    let file = &signal.focus[0];
    assert!(
        !file.reasons.contains(&"Generated".to_string()),
        "{:?}",
        file.reasons
    );
}

#[test]
fn bulk_vendored_files_count_for_risk_and_are_a_finding() {
    let signal = project_signal("vendored-bulk");
    assert_not_waved_through("vendored-bulk", &signal);
    let drivers = driver_ids(&signal);
    for driver in ["large_diff", "many_files", "unreviewable_content"] {
        assert!(drivers.contains(&driver), "{driver}: {drivers:?}");
    }
    let bulk = &signal.supply_chain.findings[0];
    assert_eq!(bulk.id, FindingKind::UnreviewableBulk);
    assert!(
        bulk.detail.starts_with("3000 lines in 60 file(s)"),
        "{}",
        bulk.detail
    );
}

#[test]
fn minified_source_counts_for_risk_and_is_a_finding() {
    let signal = project_signal("minified-source");
    assert_not_waved_through("minified-source", &signal);
    assert!(driver_ids(&signal).contains(&"large_diff"));
    assert!(finding_kinds(&signal).contains(&(FindingKind::UnreviewableBulk, Severity::Medium)));
}

#[test]
fn the_prs_own_gitattributes_shortens_minutes_only_and_its_hidden_diff_is_a_finding() {
    let signal = project_signal("own-gitattributes-claims");
    assert_not_waved_through("own-gitattributes-claims", &signal);
    let drivers = driver_ids(&signal);
    assert!(
        drivers.contains(&"large_diff"),
        "the claimed-generated client still counts"
    );
    assert!(drivers.contains(&"trust_boundary_change"), "{drivers:?}");
    let kinds = finding_kinds(&signal);
    assert!(
        kinds.contains(&(FindingKind::DiffHidden, Severity::Medium)),
        "{kinds:?}"
    );
    assert!(
        signal.triage.excluded_lines >= 800,
        "{}",
        signal.triage.formula
    );
    let data = signal
        .focus
        .iter()
        .find(|file| file.path == "tests/data/sample.dat")
        .expect("listed");
    assert_eq!(data.priority, Priority::High, "{:?}", data.reasons);
}

#[test]
fn files_the_page_collapses_as_generated_still_count_for_risk() {
    let signal = project_signal("page-collapsed-generated");
    assert!(driver_ids(&signal).contains(&"large_diff"));
    assert!(finding_kinds(&signal).contains(&(FindingKind::UnreviewableBulk, Severity::Medium)));
}

#[test]
fn a_truncated_file_list_counts_the_prs_own_totals() {
    let signal = project_signal("truncated-file-list");
    assert_eq!(signal.triage.counted_lines, 80_000);
    assert!(signal
        .triage
        .formula
        .contains("counted from the PR's totals"));
    let drivers = driver_ids(&signal);
    assert!(
        drivers.contains(&"large_diff") && drivers.contains(&"many_files"),
        "{drivers:?}"
    );
    assert!(
        signal.risk.level >= RiskLevel::High,
        "{}",
        signal.risk.formula
    );
}

#[test]
fn a_source_file_with_additions_but_no_patch_is_a_finding() {
    let signal = project_signal("patchless-source");
    assert_not_waved_through("patchless-source", &signal);
    assert_eq!(
        finding_kinds(&signal),
        [(FindingKind::PatchlessSource, Severity::Medium)]
    );
}

#[test]
fn a_text_named_file_github_shows_as_binary_is_a_finding() {
    let signal = project_signal("text-named-binary");
    assert_not_waved_through("text-named-binary", &signal);
    assert_eq!(
        finding_kinds(&signal),
        [(FindingKind::DisguisedBinary, Severity::Medium)]
    );
}

#[test]
fn binary_test_files_with_an_autotools_macro_change_are_the_xz_pattern() {
    let signal = project_signal("xz-pattern");
    let opaque = signal
        .supply_chain
        .findings
        .iter()
        .find(|finding| finding.id == FindingKind::OpaqueBuildChange)
        .expect("the xz pattern is found");
    assert_eq!(opaque.severity, Severity::High);
    assert_eq!(opaque.path, "m4/build-to-host.m4");
    assert!(
        opaque.detail.contains("tests/files/bad-3-corrupt_lzma2.xz"),
        "{}",
        opaque.detail
    );
    assert!(signal.risk.level >= RiskLevel::Medium);
    assert_eq!(signal.review.action, ReviewAction::RequestChanges);
    // A plain build-file edit is hygiene since the calibration (PLAIN_BUILD_CHANGE_FACTOR 0,
    // docs/calibration.md): the m4 macro is still a build script, and its finding holds the level.
    assert!(
        signal.supply_chain.build_scripts,
        "m4 macros are build scripts"
    );
}
