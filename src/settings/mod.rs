//! Settings: every threshold, weight and path rule the engine uses, with defaults and sources.
//!
//! The defaults are the one documented table of the project ([`Thresholds`], [`weights`], and
//! each driver's own default weight);
//! users override any subset from the popup or the playground (partial JSON is fine: missing
//! fields keep their defaults). `docs/scoring.md` is generated from the same table.

pub mod paths;
pub mod policy;
pub mod section_tables;
mod thresholds;
pub mod weights;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::text::clip;

pub use policy::{Condition, Policy, Rule};
pub use thresholds::Thresholds;

/// All tunables. Unknown fields are ignored so older extensions read newer settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Settings {
    pub thresholds: Thresholds,
    /// Driver weight overrides by driver id; a missing id keeps the driver's default weight.
    pub weights: BTreeMap<String, f64>,
    /// Extra path globs, added to the built-in lists.
    pub paths: PathRules,
    /// Bot logins treated as trusted automation (e.g. "renovate[bot]").
    pub trusted_bots: Vec<String>,
    /// Governance policies evaluated against every signal.
    pub policies: Vec<Policy>,
    /// Low-effort checks switched off by id (`{"topic_branch": false}`); a missing id is on.
    pub checks: BTreeMap<String, bool>,
}

/// User-supplied globs (gitignore-like `**` syntax), added to the built-in lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct PathRules {
    pub generated: Vec<String>,
    pub vendored: Vec<String>,
    pub sensitive: Vec<String>,
    pub tests: Vec<String>,
}

/// Why settings JSON was rejected.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum SettingsError {
    #[error("settings are not valid JSON: {0}")]
    Invalid(String),
    #[error("settings value out of range: {0}")]
    OutOfRange(String),
}

impl Settings {
    /// Parses settings JSON (any subset of fields) and validates ranges.
    pub fn from_json_str(text: &str) -> Result<Self, SettingsError> {
        if text.trim().is_empty() {
            return Ok(Self::default());
        }
        let settings: Settings = serde_json::from_str(text)
            .map_err(|error| SettingsError::Invalid(clip(&error.to_string(), 200)))?;
        settings.validate()?;
        Ok(settings)
    }

    /// Whether the user left this low-effort check on.
    pub fn check_enabled(&self, check: crate::signal::CheckId) -> bool {
        self.checks.get(check.key()).copied().unwrap_or(true)
    }

    /// Rejects values no sensible user means (negative weights, a zero review rate).
    pub fn validate(&self) -> Result<(), SettingsError> {
        for (id, weight) in &self.weights {
            if !(0.0..=1.0).contains(weight) || weight.is_nan() {
                return Err(SettingsError::OutOfRange(format!(
                    "weight of {} must be between 0 and 1, got {weight}",
                    clip(id, 80)
                )));
            }
        }
        self.thresholds
            .validate()
            .map_err(SettingsError::OutOfRange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_settings_keep_defaults() {
        let settings =
            Settings::from_json_str(r#"{"thresholds": {"large_diff_lines": 250}}"#).unwrap();
        assert_eq!(settings.thresholds.large_diff_lines, 250);
        assert_eq!(
            settings.thresholds.review_rate_loc_per_hour,
            Thresholds::default().review_rate_loc_per_hour
        );
    }

    #[test]
    fn out_of_range_values_are_rejected_with_the_field_name() {
        let error = Settings::from_json_str(r#"{"weights": {"large_diff": 3}}"#).unwrap_err();
        assert!(error.to_string().contains("large_diff"));
        let error = Settings::from_json_str(r#"{"thresholds": {"review_rate_loc_per_hour": 0}}"#)
            .unwrap_err();
        assert!(error.to_string().contains("review_rate_loc_per_hour"));
    }
}
