//! The risk table: every driver's default weight with its source, the level cut-offs, and the
//! scaling rules drivers apply to their weight.
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

use crate::signal::RiskLevel;

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WeightRow {
    /// Driver id (snake_case), as it appears in the signal.
    pub id: &'static str,
    /// Short human label.
    pub label: &'static str,
    /// Default weight (full severity).
    pub weight: f64,
    /// Where the weight and the driver's threshold come from.
    pub source: &'static str,
}

/// Declares the table once and derives both views from it, so they cannot drift.
macro_rules! weight_table {
    ($($id:literal, $label:literal, $weight:literal, $source:literal;)*) => {
        /// Every driver with its label, default weight and source, heaviest first.
        pub const WEIGHT_TABLE: &[WeightRow] = &[
            $(WeightRow { id: $id, label: $label, weight: $weight, source: $source }),*
        ];
        /// `(driver id, default weight)`, the view settings forms read.
        pub const DEFAULT_WEIGHTS: &[(&str, f64)] = &[$(($id, $weight)),*];
    };
}

weight_table! {
    "dangerous_workflow", "Dangerous workflow", 0.60,
        "OpenSSF Scorecard Dangerous-Workflow (risk: Critical), Token-Permissions (High), Pinned-Dependencies (Medium); scaled by finding severity";
    "large_diff", "Large change", 0.50,
        "SmartBear/Cisco: review ≤ 400 LOC; ramps from half weight at large_diff_lines (400) to full at large_diff_severe_lines (1000, CodelyTV/PR Size Guard L)";
    "install_script", "Install script", 0.45,
        "Socket / Zahan et al. 2022: 93.9% of malicious packages have at least one install script";
    "failing_checks", "Failing checks", 0.40,
        "PR Focus: \"deterministic signals (CI status + PR age) form the floor\", \"failing CI always floats to the top\"";
    "new_contributor", "New contributor", 0.35,
        "Reference product driver (transformers#43774); koalr: first-time files 2.1× incident rate; GitHub's FIRST_TIME_CONTRIBUTOR";
    "sensitive_paths", "Sensitive paths", 0.35,
        "vercel-labs/open-agents#833 rubric and Momental Heimdall: auth, permissions, secrets, migrations, infra rate High";
    "api_surface_change", "API surface change", 0.30,
        "Reference product driver; Heimdall HIGH on breaking API changes. Additions only: 0.6× (API_ADDITIONS_ONLY_FACTOR)";
    "young_account", "Young account", 0.30,
        "Reference product driver (11 days); Good Egg #47: accounts < 1 year merge ~16pp less; threshold young_account_days (90)";
    "build_script_change", "Build script change", 0.30,
        "pr-signal category dependency/CI/Dockerfile; build scripts run with CI credentials (GitHub's \"Security hardening for GitHub Actions\"); PLAIN_BUILD_CHANGE_FACTOR for a plain change, else the worst finding (curl|sh high, Scorecard Pinned-Dependencies)";
    "binary_files", "Binary files", 0.25,
        "OpenSSF Scorecard Binary-Artifacts (risk: High): binaries cannot be reviewed";
    "dependency_change", "Dependency change", 0.25,
        "Scorecard/dependency-review; Danger lockfile rules; scaled by the worst dependency finding (version bump low … git/url spec or downgrade high)";
    "many_files", "Many files", 0.25,
        "PR Size Guard (Medium ≤ 15 files, Large ≤ 30) and PRisk (warn 15); ramps from many_files to many_files_severe";
    "lockfile_drift", "Lockfile drift", 0.20,
        "Danger: package.json changed without the lockfile (or the reverse); PostHog#85564 lockfile changes drop approvals";
    "missing_tests", "Missing tests", 0.20,
        "Microsoft PR-Metrics test-factor 1.0 (test lines per product line); fires from MISSING_TESTS_MIN_LINES source lines";
    "ci_config_change", "CI config change", 0.15,
        "Reference product supply-chain flag; Scorecard Dangerous-Workflow scope (workflows run with repository secrets)";
    "merge_conflict", "Merge conflict", 0.15,
        "GitHub mergeable_state \"dirty\": the merged result is not what was reviewed";
    "stale_approval", "Stale approval", 0.15,
        "PostHog#85564 / GitHub \"dismiss stale approvals\": an approval on an older commit did not see the head";
    "stale", "Stale", 0.10,
        "actions/stale defaults (stale_days 30 … stale_high_days 60); ramps between them";
    "draft", "Draft", 0.05,
        "GitHub draft state: the author says it is not ready for review";
}

/// Risk level cut-offs on the score, highest first: `score ≥ cut-off` gives that level, else
/// low. Quartiles of [0, 1]; with the weights above one heavy driver alone is medium, two are
/// high, four are critical (reference product: 4 drivers → critical 0.90).
pub const LEVEL_CUTOFFS: &[(RiskLevel, f64)] = &[
    (RiskLevel::Critical, 0.75),
    (RiskLevel::High, 0.50),
    (RiskLevel::Medium, 0.25),
];

/// Size-like drivers start at this fraction of their weight at the threshold and reach full
/// weight at the severe threshold (so 401 lines is not judged like 5,000).
pub const RAMP_FLOOR: f64 = 0.5;

/// Weight factor of a supply-chain finding severity (critical, high, medium, low).
pub const SEVERITY_FACTORS: &[(&str, f64)] = &[
    ("critical", 1.0),
    ("high", 0.8),
    ("medium", 0.6),
    ("low", 0.4),
];

/// `api_surface_change` weight factor when public definitions were only added (nothing removed
/// or re-signed): new API is a commitment, not a break.
pub const API_ADDITIONS_ONLY_FACTOR: f64 = 0.6;

/// `binary_files` weight factor when no changed binary is executable (images, fonts, media,
/// documents): unreviewable, but not code.
pub const NON_EXECUTABLE_BINARY_FACTOR: f64 = 0.4;

/// `build_script_change` weight factor for a build change with no download-and-execute or
/// unpinned-image finding (the worst finding's severity factor applies when higher).
pub const PLAIN_BUILD_CHANGE_FACTOR: f64 = 0.6;

/// `missing_tests` fires only when at least this many reviewable source lines changed without
/// any test file: one-line fixes are not held to it. [inferred; PR-Metrics has no floor]
pub const MISSING_TESTS_MIN_LINES: u64 = 20;

/// The default weight of a driver id (0 for unknown ids).
pub fn default_weight(driver_id: &str) -> f64 {
    row(driver_id).map_or(0.0, |row| row.weight)
}

/// The table row of a driver id.
pub fn row(driver_id: &str) -> Option<&'static WeightRow> {
    WEIGHT_TABLE.iter().find(|row| row.id == driver_id)
}

/// The weight factor of a finding severity; unknown severities count as low.
pub fn severity_factor(severity: &str) -> f64 {
    SEVERITY_FACTORS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(severity))
        .map_or(0.4, |(_, factor)| *factor)
}

/// Linear ramp from [`RAMP_FLOOR`] at `threshold` to 1.0 at `severe` (1.0 when they are equal).
pub fn ramp(value: u64, threshold: u64, severe: u64) -> f64 {
    if severe <= threshold || value >= severe {
        return 1.0;
    }
    let progress = value.saturating_sub(threshold) as f64 / (severe - threshold) as f64;
    RAMP_FLOOR + (1.0 - RAMP_FLOOR) * progress.clamp(0.0, 1.0)
}

/// The lowest level a finding of each severity allows (issue 17, class 4): a high finding can
/// never read as low risk (so never "approve"), a critical one is critical whatever the drivers
/// say. Findings are what the engine *detected*; the noisy-OR must not drown them.
pub const FINDING_LEVEL_FLOORS: &[(&str, RiskLevel)] = &[
    ("critical", RiskLevel::Critical),
    ("high", RiskLevel::Medium),
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
    fn every_row_has_a_source_a_label_and_a_weight_in_range() {
        for row in WEIGHT_TABLE {
            assert!(
                !row.source.is_empty() && !row.label.is_empty(),
                "{}",
                row.id
            );
            assert!(row.weight > 0.0 && row.weight <= 1.0, "{}", row.id);
        }
        let mut ids: Vec<_> = DEFAULT_WEIGHTS.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), WEIGHT_TABLE.len(), "ids are unique");
    }

    #[test]
    fn levels_follow_the_cutoffs_at_their_boundaries() {
        assert_eq!(level_for(0.0), RiskLevel::Low);
        assert_eq!(level_for(0.249), RiskLevel::Low);
        assert_eq!(level_for(0.25), RiskLevel::Medium);
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
    fn unknown_ids_and_severities_have_safe_defaults() {
        assert_eq!(default_weight("no_such_driver"), 0.0);
        assert_eq!(severity_factor("CRITICAL"), 1.0);
        assert_eq!(severity_factor("weird"), 0.4);
    }
}
