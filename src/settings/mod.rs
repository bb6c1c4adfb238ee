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
    /// Settings for one repository (`owner/name`, any case), laid over the rest for its pull
    /// requests only: what `prlens calibrate --fit` writes (docs/calibration.md).
    pub repositories: BTreeMap<String, RepositorySettings>,
}

/// Weights and thresholds for one repository, with where they come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct RepositorySettings {
    /// Driver weights by id, over the general ones.
    pub weights: BTreeMap<String, f64>,
    /// Thresholds by field name (`large_diff_lines`…), over the general ones.
    pub thresholds: BTreeMap<String, u64>,
    /// How these settings were fitted; the panel's "calibrated for this repository" badge
    /// shows it.
    pub calibration: Option<Calibration>,
}

/// Where a repository's settings come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Calibration {
    /// The commit whose history was read.
    pub commit: String,
    /// Merged pull requests studied.
    pub prs: u64,
    /// Cross-validated pooled AUC of the fit, and of the settings it replaces.
    pub auc: f64,
    pub auc_before: f64,
    /// The engine version that fitted them.
    pub engine: String,
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
    /// exist (`larg_diff`: "did you mean `large_diff`?"), here or in a repository's entry, which
    /// would otherwise be silently ignored. `driver_ids` is the engine's catalogue
    /// (`crate::engine::drivers::ids`), passed in because the engine reads settings and so
    /// cannot be read from here; `crate::analyze_json`, the call every edge makes, passes it.
    pub fn validate(&self, driver_ids: &[&'static str]) -> Result<(), SettingsError> {
        self.validate_values()?;
        unknown_id(IdKind::Driver, &self.weights, driver_ids)?;
        for entry in self.repositories.values() {
            unknown_id(IdKind::Driver, &entry.weights, driver_ids)?;
        }
        Ok(())
    }

    /// Rejects values no sensible user means (negative weights, a zero review rate), here and
    /// in every repository's entry, and check ids that name no low-effort check.
    pub fn validate_values(&self) -> Result<(), SettingsError> {
        let checks: Vec<&'static str> = crate::signal::CheckId::ALL
            .iter()
            .map(|check| check.key())
            .collect();
        unknown_id(IdKind::Check, &self.checks, &checks)?;
        validate_weights(&self.weights)?;
        self.thresholds
            .validate()
            .map_err(SettingsError::OutOfRange)?;
        for name in self.repositories.keys() {
            let settings = self.overlaid(name).map_err(|error| match error {
                SettingsError::OutOfRange(message) => {
                    SettingsError::OutOfRange(format!("repositories.{}: {message}", clip(name, 80)))
                }
                other => other,
            })?;
            validate_weights(&settings.weights)?;
            settings
                .thresholds
                .validate()
                .map_err(SettingsError::OutOfRange)?;
        }
        Ok(())
    }

    /// The settings for a pull request of `owner/repo`: its entry of `repositories` laid
    /// over the rest, or these settings unchanged. Names match in any case (GitHub's do).
    pub fn for_repository(&self, owner: &str, repo: &str) -> std::borrow::Cow<'_, Settings> {
        let full = format!("{owner}/{repo}");
        match self
            .repositories
            .keys()
            .find(|name| name.eq_ignore_ascii_case(&full))
            .and_then(|name| self.overlaid(name).ok())
        {
            Some(settings) => std::borrow::Cow::Owned(settings),
            None => std::borrow::Cow::Borrowed(self),
        }
    }

    /// The calibration of the `repositories` entry that applies to `owner/repo`, if any.
    pub fn calibration_for(&self, owner: &str, repo: &str) -> Option<(&str, &Calibration)> {
        let full = format!("{owner}/{repo}");
        self.repositories.iter().find_map(|(name, entry)| {
            if name.eq_ignore_ascii_case(&full) {
                entry
                    .calibration
                    .as_ref()
                    .map(|calibration| (name.as_str(), calibration))
            } else {
                None
            }
        })
    }

    /// These settings with `repositories[name]` laid over them.
    fn overlaid(&self, name: &str) -> Result<Settings, SettingsError> {
        let Some(entry) = self.repositories.get(name) else {
            return Ok(self.clone());
        };
        let mut settings = self.clone();
        settings.repositories = BTreeMap::new();
        settings.weights.extend(
            entry
                .weights
                .iter()
                .map(|(id, weight)| (id.clone(), *weight)),
        );
        if !entry.thresholds.is_empty() {
            let mut table = serde_json::to_value(&settings.thresholds)
                .map_err(|error| SettingsError::Invalid(error.to_string()))?;
            for (field, value) in &entry.thresholds {
                match table.get_mut(field) {
                    Some(slot) => *slot = serde_json::json!(value),
                    None => {
                        return Err(SettingsError::OutOfRange(format!(
                            "unknown threshold {}",
                            clip(field, 80)
                        )))
                    }
                }
            }
            settings.thresholds = serde_json::from_value(table)
                .map_err(|error| SettingsError::Invalid(clip(&error.to_string(), 200)))?;
        }
        Ok(settings)
    }
}

/// Every weight is a number from 0 to 1.
fn validate_weights(weights: &BTreeMap<String, f64>) -> Result<(), SettingsError> {
    for (id, weight) in weights {
        if !(0.0..=1.0).contains(weight) || weight.is_nan() {
            return Err(SettingsError::OutOfRange(format!(
                "weight of {} must be between 0 and 1, got {weight}",
                clip(id, 80)
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repositorys_settings_apply_to_its_pull_requests_only() {
        let settings = Settings::from_json_str(
            r#"{"weights": {"draft": 0.2}, "thresholds": {"stale_days": 10},
                "repositories": {"Pallets/Flask": {"weights": {"large_diff": 0.3},
                  "thresholds": {"many_files_severe": 12},
                  "calibration": {"commit": "2ac8988", "prs": 697, "auc": 0.8, "auc_before": 0.6}}}}"#,
        )
        .unwrap();
        let flask = settings.for_repository("pallets", "flask");
        assert_eq!(flask.weights.get("large_diff"), Some(&0.3));
        assert_eq!(flask.weights.get("draft"), Some(&0.2));
        assert_eq!(flask.thresholds.many_files_severe, 12);
        assert_eq!(flask.thresholds.stale_days, 10);
        assert!(flask.repositories.is_empty());
        let other = settings.for_repository("encode", "httpx");
        assert_eq!(other.weights.get("large_diff"), None);
        assert_eq!(
            other.thresholds.many_files_severe,
            Thresholds::default().many_files_severe
        );
        assert_eq!(
            settings
                .calibration_for("PALLETS", "flask")
                .map(|(_, c)| c.prs),
            Some(697)
        );
        assert!(settings.calibration_for("encode", "httpx").is_none());
    }

    #[test]
    fn a_repositorys_bad_values_are_rejected_with_its_name() {
        let error = Settings::from_json_str(
            r#"{"repositories": {"o/r": {"thresholds": {"large_diff_severe_lines": 0}}}}"#,
        )
        .unwrap_err();
        assert!(
            error.to_string().contains("large_diff_severe_lines"),
            "{error}"
        );
        let error =
            Settings::from_json_str(r#"{"repositories": {"o/r": {"thresholds": {"no_such": 1}}}}"#)
                .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("repositories.o/r: unknown threshold no_such"),
            "{error}"
        );
        let error = Settings::from_json_str(r#"{"repositories": {"o/r": {"weights": {"x": 2}}}}"#)
            .unwrap_err();
        assert!(error.to_string().contains("weight of x"), "{error}");
    }

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
