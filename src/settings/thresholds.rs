//! The thresholds table. Each field documents its default and where the number comes from
//! (docs/sources.md gives the public source of every number).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Thresholds {
    /// A change is large above this many counted lines: the PR-size convention check, the
    /// "consider splitting" next step and unreviewable bulk. 400: SmartBear/Cisco "not to
    /// exceed 400 LOC"; Velocinator "beyond ~400 lines, reviewer attention degrades". The
    /// `large_diff` driver weighs every line (docs/calibration.md, "The size measure").
    pub large_diff_lines: u64,
    /// `large_diff` reaches full weight at this many lines to review (its weight grows with the
    /// logarithm of the lines up to here). 1000: PR Size Guard / CodelyTV "L" boundary, and the
    /// best of 500, 1000 and 2000 in the calibration fit (docs/calibration.md, "The fit").
    pub large_diff_severe_lines: u64,
    /// A change touches many files above this many: the PR-size convention check and
    /// unreviewable bulk. 15: PR Size Guard "Medium" ≤ 15 files, PRisk warn 15. The
    /// `many_files` driver weighs every source file.
    pub many_files: u64,
    /// `many_files` reaches full weight at this many source files with code changes (its
    /// weight grows with the logarithm of the count up to here). See docs/calibration.md, "The
    /// fit", for the value and the candidates it was chosen from.
    pub many_files_severe: u64,
    /// `young_account` fires below this account age. 90 days: Good Egg #47 found 30 days too conservative
    /// and accounts < 1 year merge ~16pp less; 90 keeps the flag meaningful (the reference flagged 11 days).
    pub young_account_days: u64,
    /// Review rate for minutes-to-review. 500 LOC/h: SmartBear/Cisco "rates under 500 are still good";
    /// reproduces the reference product's 112 min for 930 lines.
    pub review_rate_loc_per_hour: u64,
    /// `stale` fires when the PR has not been updated for this many days. 30: actions/stale configs 30/60.
    pub stale_days: u64,
    /// Staleness "high" at this many days without update. 60: actions/stale default.
    pub stale_high_days: u64,
    /// Focus: a source file with at least this many changed lines is critical. 200: the reference product's
    /// 206-line test file was critical; SmartBear's 200-LOC sweet spot.
    pub critical_file_lines: u64,
    /// Readiness at or above this recommends APPROVE. 80: docs/sources.md, "Readiness and
    /// recommendation".
    pub approve_readiness: u8,
    /// Readiness below this recommends REQUEST CHANGES. 40: docs/sources.md, "Readiness and
    /// recommendation".
    pub request_changes_readiness: u8,
}

impl Default for Thresholds {
    fn default() -> Self {
        Self {
            large_diff_lines: 400,
            large_diff_severe_lines: 1000,
            many_files: 15,
            many_files_severe: 20,
            young_account_days: 90,
            review_rate_loc_per_hour: 500,
            stale_days: 30,
            stale_high_days: 60,
            critical_file_lines: 200,
            approve_readiness: 80,
            request_changes_readiness: 40,
        }
    }
}

impl Thresholds {
    /// Checks values a user could mistype into something meaningless.
    pub fn validate(&self) -> Result<(), String> {
        if self.review_rate_loc_per_hour == 0 {
            return Err("review_rate_loc_per_hour must be at least 1".into());
        }
        // The size drivers grow to full weight at their `_severe` value from the first line or
        // file (their ramp has no lower threshold), so only a positive value means something.
        if self.large_diff_severe_lines == 0 {
            return Err("large_diff_severe_lines must be at least 1".into());
        }
        if self.many_files_severe == 0 {
            return Err("many_files_severe must be at least 1".into());
        }
        if self.request_changes_readiness > self.approve_readiness || self.approve_readiness > 100 {
            return Err("readiness bands must satisfy request_changes_readiness <= approve_readiness <= 100".into());
        }
        Ok(())
    }
}
