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
    /// A weight or check id that names nothing (a typo is otherwise silently ignored).
    #[error("settings name an unknown {kind} `{id}`: did you mean `{nearest}`?")]
    UnknownId {
        kind: IdKind,
        id: String,
        nearest: &'static str,
    },
}

/// What an unknown settings id was meant to name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    /// A key of `weights`: a driver id.
    Driver,
    /// A key of `checks`: a low-effort check id.
    Check,
}

impl std::fmt::Display for IdKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IdKind::Driver => "driver weight",
            IdKind::Check => "check",
        })
    }
}

/// The id of `known` closest to `id` (fewest edits, optimal string alignment; the first of
/// equals), for the "did you mean" of [`SettingsError::UnknownId`].
fn nearest<'a>(id: &str, known: impl IntoIterator<Item = &'a str>) -> &'a str {
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in known {
        let edits = strsim::osa_distance(id, candidate);
        if best.is_none_or(|(fewest, _)| edits < fewest) {
            best = Some((edits, candidate));
        }
    }
    best.map_or("", |(_, candidate)| candidate)
}

/// The first key of `ids` that is not in `known`, as an error naming the nearest known one.
fn unknown_id<V>(
    kind: IdKind,
    ids: &BTreeMap<String, V>,
    known: &[&'static str],
) -> Result<(), SettingsError> {
    match ids.keys().find(|id| !known.contains(&id.as_str())) {
        Some(id) => Err(SettingsError::UnknownId {
            kind,
            id: clip(id, 80),
            nearest: nearest(id, known.iter().copied()),
        }),
        None => Ok(()),
    }
}

impl Settings {
    /// Parses settings JSON (any subset of fields) and validates its values
    /// ([`Settings::validate_values`]); [`Settings::validate`] also checks the driver ids.
    pub fn from_json_str(text: &str) -> Result<Self, SettingsError> {
        if text.trim().is_empty() {
            return Ok(Self::default());
        }
        let settings: Settings = serde_json::from_str(text)
            .map_err(|error| SettingsError::Invalid(clip(&error.to_string(), 200)))?;
        settings.validate_values()?;
        Ok(settings)
    }

    /// Whether the user left this low-effort check on.
    pub fn check_enabled(&self, check: crate::signal::CheckId) -> bool {
        self.checks.get(check.key()).copied().unwrap_or(true)
    }

    /// Everything [`Settings::validate_values`] rejects, and a weight for a driver that does not
    /// exist (`larg_diff`: "did you mean `large_diff`?"), which would otherwise be silently
    /// ignored. `driver_ids` is the engine's catalogue (`crate::engine::drivers::ids`), passed
    /// in because the engine reads settings and so cannot be read from here;
    /// `crate::analyze_json`, the call every edge makes, passes it.
    pub fn validate(&self, driver_ids: &[&'static str]) -> Result<(), SettingsError> {
        self.validate_values()?;
        unknown_id(IdKind::Driver, &self.weights, driver_ids)
    }

    /// Rejects values no sensible user means (negative weights, a zero review rate) and check
    /// ids that name no low-effort check.
    pub fn validate_values(&self) -> Result<(), SettingsError> {
        let checks: Vec<&'static str> = crate::signal::CheckId::ALL
            .iter()
            .map(|check| check.key())
            .collect();
        unknown_id(IdKind::Check, &self.checks, &checks)?;
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

    #[test]
    fn an_unknown_weight_id_is_an_error_naming_the_nearest_driver() {
        let drivers = ["large_diff", "many_files", "stale"];
        let settings = Settings::from_json_str(r#"{"weights": {"larg_diff": 0.5}}"#)
            .expect("its values are in range");
        let error = settings.validate(&drivers).unwrap_err();
        assert_eq!(
            error.to_string(),
            "settings name an unknown driver weight `larg_diff`: did you mean `large_diff`?"
        );
        let known = Settings::from_json_str(r#"{"weights": {"stale": 0}}"#).expect("valid");
        assert_eq!(known.validate(&drivers), Ok(()));
    }

    #[test]
    fn an_unknown_check_id_is_an_error_naming_the_nearest_check() {
        let error = Settings::from_json_str(r#"{"checks": {"topic_brnch": false}}"#).unwrap_err();
        assert_eq!(
            error.to_string(),
            "settings name an unknown check `topic_brnch`: did you mean `topic_branch`?"
        );
    }
}
