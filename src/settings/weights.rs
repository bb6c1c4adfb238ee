//! The risk table: the level cut-offs and the scaling rules drivers apply to their weight.
//! Each driver's default weight and source sit on the driver itself
//! (`engine::drivers::DriverSpec`).
//!
//! How a score is composed (see `engine::sections::risk`): each fired driver contributes a
//! weight `w ∈ [0, 1]` (its default below or the user's override, possibly scaled by severity);
//! the score is the noisy-OR `1 − Π(1 − wᵢ)`: independent reasons for concern, each of which
//! alone would justify that much attention. One driver at 0.4 gives 0.40; two give 0.64; the
//! score never exceeds 1 and adding a driver never lowers it.
//!
//! Calibration targets (tests/risk_calibration.rs): the reference product's transformers#43774
//! (930 lines, an 11-day-old first-time committer, API change in 2 files, failing tests) scores
//! critical ≈ 0.90; a small docs PR by a member scores low; a Dependabot bump of an Action or a
//! Maven plugin is low/medium on supply-chain drivers alone.

use crate::signal::{Finding, FindingKind, RiskLevel, Severity};

/// Risk level cut-offs on the score, highest first: `score ≥ cut-off` gives that level, else
/// low. High and critical are the upper quartiles of [0, 1] (reference product: 4 drivers →
/// critical 0.90); the fit's scale puts about 5 % of PRs there. Medium starts at 0.30, not at
/// the quartile 0.25: with size and spread scored on every code PR a 7-line edit of two files
/// scored 0.25 and could not be approved. The data do not fix this cut-off — the bad rate rises
/// steadily with the score; PRs at 0.25–0.30 went wrong 16 % of the time on the calibration
/// corpus (base rate 12 %) and 33 % on the held-out repositories (base rate 16 %) — so it is a
/// choice of how much review "low" may skip (docs/calibration.md, "Levels"). Guards keep the
/// old cut-off ([`DRIVER_LEVEL_FLOORS`]).
pub const LEVEL_CUTOFFS: &[(RiskLevel, f64)] = &[
    (RiskLevel::Critical, 0.75),
    (RiskLevel::High, 0.50),
    (RiskLevel::Medium, 0.30),
];

/// Size-like drivers start at this fraction of their weight at the threshold and reach full
/// weight at the severe threshold (so 401 lines is not judged like 5,000).
pub const RAMP_FLOOR: f64 = 0.5;

/// Weight factor of a supply-chain finding severity (critical, high, medium, low).
pub const SEVERITY_FACTORS: &[(Severity, f64)] = &[
    (Severity::Critical, 1.0),
    (Severity::High, 0.8),
    (Severity::Medium, 0.6),
    (Severity::Low, 0.4),
];

/// `api_surface_change` weight factor when public definitions were only added (nothing removed
/// or re-signed): new API is a commitment, not a break.
pub const API_ADDITIONS_ONLY_FACTOR: f64 = 0.6;

/// `binary_files` weight factor when no changed binary is executable (images, fonts, media,
/// documents): unreviewable, but not code.
pub const NON_EXECUTABLE_BINARY_FACTOR: f64 = 0.4;

/// `build_script_change` weight factor for a build change with no download-and-execute
/// finding (the worst finding's factor applies when higher). 0: a plain build-file edit is
/// hygiene, not defect risk — on the calibration corpus `build_script_change` fired on 4.3 % of
/// PRs with a lift of 0.71 (docs/calibration.md); its findings keep their own floors.
pub const PLAIN_BUILD_CHANGE_FACTOR: f64 = 0.0;

/// Supply-chain findings that are hygiene, not risk of merging, read by a driver that also reads
/// real dangers: unpinned images, ordinary dependency and lockfile bookkeeping, test
/// configuration (unpinned actions have a driver of their own, `unpinned_action`). They stay findings, with their severity and its
/// level floor ([`FINDING_LEVEL_FLOORS`]), but add nothing to a driver's weight
/// ([`finding_factor`]). Why: on the calibration corpus the drivers they made fire fired mostly
/// on PRs that went fine — `dependency_change` lift 0.30, `lockfile_drift` 0.49, the pinning
/// findings behind 148 `dangerous_workflow` firings 0.16 (docs/calibration.md, "The engine
/// before calibration").
pub const HYGIENE_FINDINGS: &[FindingKind] = &[
    FindingKind::UnpinnedImage,
    FindingKind::NewDependency,
    FindingKind::RemovedDependency,
    FindingKind::VersionChange,
    FindingKind::LockfileNewPackages,
    FindingKind::MoreDependencyChanges,
    FindingKind::ManifestWithoutLockfile,
    FindingKind::LockfileWithoutManifest,
    FindingKind::CiTestConfig,
];

/// What a finding adds to the weight of the driver that reads it: its severity factor, or 0
/// for a [`HYGIENE_FINDINGS`] kind.
pub fn finding_factor(finding: &Finding) -> f64 {
    if HYGIENE_FINDINGS.contains(&finding.id) {
        0.0
    } else {
        severity_factor(finding.severity)
    }
}

/// `missing_tests` fires only when at least this many reviewable source lines changed without
/// any test file: one-line fixes are not held to it. [inferred; PR-Metrics has no floor]
pub const MISSING_TESTS_MIN_LINES: u64 = 20;

/// Size and minutes weight of a line of prose, translation or test data (not code), and size
/// weight of comments, moved code, mechanical sweeps and configuration lines
/// (`engine::files::size`): a reviewer reads docs several times faster than code
/// (SmartBear/Cisco's 500 LOC/h is for code; Wikipedia's reading-rate studies give ~200–250
/// words/min for prose, i.e. thousands of lines an hour). 0.25: four such lines take as long as
/// one of code; on the calibration corpus 0.25 ranked better than 0 or 0.1 (docs/calibration.md,
/// "The size measure").
pub const LIGHT_READING_FACTOR: f64 = 0.25;

/// Spread (`many_files`) counts a source file with fewer than this many lines of code to
/// review as that fraction of a file: a one-line edit in each of twenty files is not the
/// spread of twenty rewritten files. 5: among 1 (count every file), 3, 5, 10 and 20 tried on
/// the calibration corpus, 5 cost 0.003 of pooled AUC against counting every file (10 cost
/// 0.009) and kept many-file one-line sweeps out of the highest-scored PRs
/// (docs/calibration.md, "The size measure").
pub const SPREAD_FILE_LINES: u64 = 5;

/// Size weight of a line of test code: tests are code, but a wrong test fails loudly. 0.5 (and
/// 0.25) ranked best among 0, 0.25 and 0.5 on the calibration corpus (docs/calibration.md, "The
/// size measure").
pub const TEST_LINES_FACTOR: f64 = 0.5;

/// Minutes weight of a whitespace/re-wrap-only line where whitespace is not semantic (the
/// file's `FormattingFacts::lines`): it is skimmed, not read. [inferred]
pub const FORMATTING_MINUTES_FACTOR: f64 = 0.1;

/// Weight factor of the identity drivers (`new_contributor`, `young_account`) when the change
/// cannot run anything: only docs, translations, test data or images, or only comments in code
/// and configuration (`engine::files::reach`). A first-time author's README or comment typo is
/// a newcomer's typo, not a risky change (issue #32, item 6). [inferred]
pub const LOW_REACH_IDENTITY_FACTOR: f64 = 0.35;

/// Weight factor of the account-level identity drivers (`young_account`) when the person has
/// committed before to a file the PR changes: familiarity with the files comes before the age
/// of the account (issue #37). [inferred] 0.5; accounts are not in git, so the calibration
/// corpus cannot fit it (docs/calibration.md, "What the fit cannot see").
pub const FAMILIAR_IDENTITY_FACTOR: f64 = 0.5;

/// The weight the security-surface drivers (`sensitive_paths`, `trust_boundary_change`) keep
/// although the calibration fit gives them none (they guard against attacks, which history
/// cannot show; docs/calibration.md, "What the fit cannot see"): the smallest weight with
/// which one changed line of code in such a file is medium, with the fitted size and spread
/// weights, and a clean refactor that brushes an auth file is not critical for it; the level
/// never drops below medium for it ([`DRIVER_LEVEL_FLOORS`]). A test
/// (`tests/risk_calibration.rs`) pins that one such line is medium.
pub const SECURITY_SURFACE_FLOOR: f64 = 0.20;

/// The lowest level a fired driver allows, as [`FINDING_LEVEL_FLOORS`] does for findings:
/// `(driver id, level, the driver's least weight for it, why)`.
///
/// - A change that touches auth, secrets, migrations, infrastructure or a trust boundary is at
///   least medium — never an unread approve — whatever else the score says, since its weight
///   ([`SECURITY_SURFACE_FLOOR`]) is kept small so that it does not make ordinary refactors
///   critical.
/// - The drivers that guard against attacks (supply-chain findings, content a reviewer cannot
///   read) keep the medium they had before calibration: alone at a weight of 0.25 or more they
///   were medium under the quartile cut-off, and the move of medium to 0.30
///   ([`LEVEL_CUTOFFS`], fitted on defect history, which holds no attacks) must not lower them.
pub const DRIVER_LEVEL_FLOORS: &[(&str, RiskLevel, f64, &str)] = &[
    ("sensitive_paths", RiskLevel::Medium, 0.0, SECURITY_SURFACE),
    (
        "trust_boundary_change",
        RiskLevel::Medium,
        0.0,
        SECURITY_SURFACE,
    ),
    ("dangerous_workflow", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("secret_in_diff", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("hidden_text", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("install_script", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    (
        "unreviewable_content",
        RiskLevel::Medium,
        GUARD_WEIGHT,
        GUARD,
    ),
    ("package_name_squat", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("registry_switch", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("unpinned_action", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("autorun_config", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    (
        "build_script_change",
        RiskLevel::Medium,
        GUARD_WEIGHT,
        GUARD,
    ),
    ("binary_files", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("lockfile_drift", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
    ("dependency_change", RiskLevel::Medium, GUARD_WEIGHT, GUARD),
];

/// The weight from which a guard driver alone is medium ([`DRIVER_LEVEL_FLOORS`]): the
/// quartile cut-off medium had before calibration.
pub const GUARD_WEIGHT: f64 = 0.25;

const SECURITY_SURFACE: &str = "a change on the security surface is at least medium";
const GUARD: &str =
    "a supply-chain or unreadable-content driver at weight 0.25 or more is at least medium";

/// The weight factor of a finding severity.
pub fn severity_factor(severity: Severity) -> f64 {
    SEVERITY_FACTORS
        .iter()
        .find(|(name, _)| *name == severity)
        .map_or(0.4, |(_, factor)| *factor)
}

/// Logarithmic ramp for size-like measures: `ln(1 + value) / ln(1 + severe)`, capped at 1
/// (full weight at `severe`), 0 for nothing. Why a logarithm: each doubling of a change adds
/// about as much risk as the last — among the shapes tried on the calibration corpus, the log
/// of lines and files ranked the PRs that went wrong best, and any threshold below which
/// nothing counts only lost ranking (docs/calibration.md, "The size measure").
pub fn log_ramp(value: f64, severe: u64) -> f64 {
    if value <= 0.0 {
        return 0.0;
    }
    let full = (severe.max(1) as f64).ln_1p();
    (value.ln_1p() / full).clamp(0.0, 1.0)
}

/// Linear ramp from [`RAMP_FLOOR`] at `threshold` to 1.0 at `severe` (1.0 when they are equal).
pub fn ramp(value: u64, threshold: u64, severe: u64) -> f64 {
    if severe <= threshold || value >= severe {
        return 1.0;
    }
    let progress = value.saturating_sub(threshold) as f64 / (severe - threshold) as f64;
    RAMP_FLOOR + (1.0 - RAMP_FLOOR) * progress.clamp(0.0, 1.0)
}

/// The lowest level a finding of each severity allows: a high finding can
/// never read as low risk (so never "approve"), a critical one is critical whatever the drivers
/// say. Findings are what the engine *detected*; the noisy-OR must not drown them.
pub const FINDING_LEVEL_FLOORS: &[(Severity, RiskLevel)] = &[
    (Severity::Critical, RiskLevel::Critical),
    (Severity::High, RiskLevel::Medium),
];

/// The lower score cut-off of `level` (0.0 for low).
pub fn cutoff_of(level: RiskLevel) -> f64 {
    LEVEL_CUTOFFS
        .iter()
        .find(|(cut_level, _)| *cut_level == level)
        .map_or(0.0, |(_, cutoff)| *cutoff)
}

/// The level of a score according to [`LEVEL_CUTOFFS`].
pub fn level_for(score: f64) -> RiskLevel {
    LEVEL_CUTOFFS
        .iter()
        .find(|(_, cutoff)| score >= *cutoff)
        .map_or(RiskLevel::Low, |(level, _)| *level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_cutoffs_at_their_boundaries() {
        assert_eq!(level_for(0.0), RiskLevel::Low);
        assert_eq!(level_for(0.299), RiskLevel::Low);
        assert_eq!(level_for(0.30), RiskLevel::Medium);
        assert_eq!(level_for(0.5), RiskLevel::High);
        assert_eq!(level_for(0.75), RiskLevel::Critical);
        assert_eq!(level_for(1.0), RiskLevel::Critical);
    }

    #[test]
    fn ramp_goes_from_floor_to_full_weight() {
        assert_eq!(ramp(400, 400, 1000), RAMP_FLOOR);
        assert_eq!(ramp(1000, 400, 1000), 1.0);
        assert_eq!(ramp(5000, 400, 1000), 1.0);
        assert!((ramp(700, 400, 1000) - 0.75).abs() < 1e-9);
        assert_eq!(ramp(10, 20, 20), 1.0);
    }

    #[test]
    fn the_log_ramp_is_silent_for_nothing_and_full_at_the_severe_value() {
        assert_eq!(log_ramp(0.0, 1000), 0.0);
        assert!((log_ramp(1000.0, 1000) - 1.0).abs() < 1e-12);
        assert_eq!(log_ramp(5000.0, 1000), 1.0);
        assert!((log_ramp(31.0, 1000) - (32f64.ln() / 1001f64.ln())).abs() < 1e-12);
        assert!(log_ramp(100.0, 1000) > log_ramp(10.0, 1000));
    }

    #[test]
    fn hygiene_findings_add_nothing_to_a_drivers_weight() {
        let finding = |id, severity| Finding {
            id,
            path: "x".into(),
            detail: String::new(),
            severity,
            line: None,
        };
        assert_eq!(
            finding_factor(&finding(FindingKind::VersionChange, Severity::Medium)),
            0.0
        );
        assert_eq!(
            finding_factor(&finding(FindingKind::RemoteScript, Severity::High)),
            0.8
        );
    }

    #[test]
    fn every_severity_has_a_factor_and_worse_weighs_more() {
        let factors: Vec<f64> = Severity::ALL.iter().map(|s| severity_factor(*s)).collect();
        assert!(
            factors.windows(2).all(|pair| pair[0] < pair[1]),
            "{factors:?}"
        );
    }
}
