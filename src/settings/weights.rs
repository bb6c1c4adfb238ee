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

use crate::signal::{RiskLevel, Severity};

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

/// `build_script_change` weight factor for a build change with no download-and-execute or
/// unpinned-image finding (the worst finding's severity factor applies when higher).
pub const PLAIN_BUILD_CHANGE_FACTOR: f64 = 0.6;

/// `missing_tests` fires only when at least this many reviewable source lines changed without
/// any test file: one-line fixes are not held to it. [inferred; PR-Metrics has no floor]
pub const MISSING_TESTS_MIN_LINES: u64 = 20;

/// Size and minutes weight of a line of prose, translation or test data (not code): a
/// reviewer reads docs several times faster than code (SmartBear/Cisco's 500 LOC/h is for
/// code; Wikipedia's reading-rate studies give ~200–250 words/min for prose, i.e. thousands of
/// lines an hour). [inferred] 0.25: four lines of docs take as long as one of code.
pub const LIGHT_READING_FACTOR: f64 = 0.25;

/// Minutes weight of a whitespace/re-wrap-only line where whitespace is not semantic (the
/// file's `FormattingFacts::lines`): it is skimmed, not read. [inferred]
pub const FORMATTING_MINUTES_FACTOR: f64 = 0.1;

/// Weight factor of the identity drivers (`new_contributor`, `young_account`) when the change
/// cannot run anything: only docs, translations, test data or images. A first-time author's
/// README typo is a newcomer's typo, not a risky change. [inferred]
pub const LOW_REACH_IDENTITY_FACTOR: f64 = 0.35;

/// The weight factor of a finding severity.
pub fn severity_factor(severity: Severity) -> f64 {
    SEVERITY_FACTORS
        .iter()
        .find(|(name, _)| *name == severity)
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
    fn every_severity_has_a_factor_and_worse_weighs_more() {
        let factors: Vec<f64> = Severity::ALL.iter().map(|s| severity_factor(*s)).collect();
        assert!(
            factors.windows(2).all(|pair| pair[0] < pair[1]),
            "{factors:?}"
        );
    }
}
