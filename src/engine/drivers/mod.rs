//! The risk-driver catalogue: one file per driver, each opening with what it detects, why it
//! matters, an example and the source of its threshold (the Ruff rule-page shape).
//!
//! A driver reads the [`Context`] (bundle, classified files, settings, "now") and the
//! [`Sections`] computed before risk (contributors' trust levels, evidence signal states,
//! supply-chain findings, triage's counted lines) and either stays silent or fires one
//! [`Driver`] with a weight from [`crate::settings::weights`] (the user's override first),
//! possibly scaled by severity, and a detail with the concrete numbers and names.
//! `docs/scoring.md` lists the same catalogue with the weights table.

mod api_surface_change;
mod binary_files;
mod build_script_change;
mod ci_config_change;
mod dangerous_workflow;
mod dependency_change;
mod draft;
mod failing_checks;
mod install_script;
mod large_diff;
mod lockfile_drift;
mod many_files;
mod merge_conflict;
mod missing_tests;
mod new_contributor;
mod sensitive_paths;
mod stale;
mod stale_approval;
mod young_account;

use super::{Context, Sections};
use crate::settings::weights;
use crate::signal::{Driver, Finding};

/// One driver: silent (`None`) or fired.
pub type DriverFn = fn(&Context, &Sections) -> Option<Driver>;

/// Every driver, by id. The order here does not matter: risk sorts by weight.
pub const CATALOGUE: &[(&str, DriverFn)] = &[
    ("large_diff", large_diff::evaluate),
    ("many_files", many_files::evaluate),
    ("new_contributor", new_contributor::evaluate),
    ("young_account", young_account::evaluate),
    ("api_surface_change", api_surface_change::evaluate),
    ("sensitive_paths", sensitive_paths::evaluate),
    ("missing_tests", missing_tests::evaluate),
    ("failing_checks", failing_checks::evaluate),
    ("dependency_change", dependency_change::evaluate),
    ("lockfile_drift", lockfile_drift::evaluate),
    ("install_script", install_script::evaluate),
    ("ci_config_change", ci_config_change::evaluate),
    ("dangerous_workflow", dangerous_workflow::evaluate),
    ("build_script_change", build_script_change::evaluate),
    ("binary_files", binary_files::evaluate),
    ("stale", stale::evaluate),
    ("draft", draft::evaluate),
    ("merge_conflict", merge_conflict::evaluate),
    ("stale_approval", stale_approval::evaluate),
];

/// Paths listed in a driver's detail before "and N more".
const NAMED_IN_DETAIL: usize = 3;

/// Runs every driver; returns those that fired (unsorted).
pub fn evaluate(context: &Context, sections: &Sections) -> Vec<Driver> {
    CATALOGUE
        .iter()
        .filter_map(|(_, driver)| driver(context, sections))
        .collect()
}

/// Builds a fired driver: weight = setting (or default) × `scale`, rounded to 2 decimals. A
/// driver whose weight is 0 (the user switched it off) does not fire.
pub(crate) fn fire(
    context: &Context,
    id: &str,
    scale: f64,
    detail: String,
    paths: Vec<String>,
) -> Option<Driver> {
    let weight = round2(context.settings.weight(id) * scale.clamp(0.0, 1.0));
    if weight <= 0.0 {
        return None;
    }
    let label = weights::row(id).map_or(id, |row| row.label);
    Some(Driver {
        id: id.to_string(),
        label: label.to_string(),
        weight,
        detail,
        paths,
    })
}

pub(crate) fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// "a, b, c and 2 more" (the first [`NAMED_IN_DETAIL`] items).
pub(crate) fn name_list<S: AsRef<str>>(items: &[S]) -> String {
    let named: Vec<&str> = items
        .iter()
        .take(NAMED_IN_DETAIL)
        .map(AsRef::as_ref)
        .collect();
    let mut text = named.join(", ");
    if items.len() > NAMED_IN_DETAIL {
        text.push_str(&format!(" and {} more", items.len() - NAMED_IN_DETAIL));
    }
    text
}

/// The supply-chain findings whose id is in `ids`.
pub(crate) fn findings_of<'a>(sections: &'a Sections, ids: &[&str]) -> Vec<&'a Finding> {
    sections
        .supply_chain
        .findings
        .iter()
        .filter(|finding| ids.contains(&finding.id.as_str()))
        .collect()
}

/// The largest severity factor among findings (`None` when there are none).
pub(crate) fn worst_factor(findings: &[&Finding]) -> Option<f64> {
    findings
        .iter()
        .map(|finding| weights::severity_factor(&finding.severity))
        .reduce(f64::max)
}

/// "path: detail" of the first finding, with " (+N more)" when there are others.
pub(crate) fn first_finding_summary(findings: &[&Finding]) -> Option<String> {
    let first = findings.first()?;
    let mut summary = format!("{}: {}", first.path, first.detail);
    if findings.len() > 1 {
        summary.push_str(&format!(" (+{} more)", findings.len() - 1));
    }
    Some(summary)
}

/// Fires `driver_id` for supply-chain findings with these ids: the detail names the first
/// finding (after `prefix`), the weight scales with the worst finding's severity.
pub(crate) fn fire_for_findings(
    context: &Context,
    sections: &Sections,
    driver_id: &str,
    finding_ids: &[&str],
    prefix: &str,
) -> Option<Driver> {
    let findings = findings_of(sections, finding_ids);
    let detail = format!("{prefix}{}", first_finding_summary(&findings)?);
    let scale = worst_factor(&findings).unwrap_or(1.0);
    fire(context, driver_id, scale, detail, finding_paths(&findings))
}

/// Distinct paths of findings, in order.
pub(crate) fn finding_paths(findings: &[&Finding]) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for finding in findings {
        if !paths.contains(&finding.path) {
            paths.push(finding.path.clone());
        }
    }
    paths
}

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogued_driver_has_a_weight_row_and_vice_versa() {
        for (id, _) in CATALOGUE {
            assert!(weights::row(id).is_some(), "{id} has no weight row");
        }
        for row in weights::WEIGHT_TABLE {
            assert!(
                CATALOGUE.iter().any(|(id, _)| *id == row.id),
                "{} has no driver",
                row.id
            );
        }
    }

    #[test]
    fn name_lists_say_how_many_more() {
        assert_eq!(name_list(&["a", "b"]), "a, b");
        assert_eq!(name_list(&["a", "b", "c", "d", "e"]), "a, b, c and 2 more");
    }

    #[test]
    fn a_driver_switched_off_by_the_user_does_not_fire() {
        let settings = crate::Settings::from_json_str(r#"{"weights":{"draft":0}}"#).unwrap();
        let case = testing::Case::new(serde_json::json!({"pull": {"number": 1, "draft": true}}));
        let context = case.context_with(&settings);
        assert!(fire(&context, "draft", 1.0, String::new(), vec![]).is_none());
    }
}
