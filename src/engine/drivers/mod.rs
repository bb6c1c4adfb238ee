//! The risk-driver catalogue: one file per driver, each opening with what it detects, why it
//! matters, an example and the source of its threshold (the Ruff rule-page shape).
//!
//! A driver reads the [`Context`] (bundle, classified files, settings, "now") and the
//! [`Sections`] computed before risk (contributors' trust levels, evidence signal states,
//! supply-chain findings, triage's counted lines) and either stays silent or fires one
//! [`Driver`] with a weight from [`crate::settings::weights`] (the user's override first),
//! possibly scaled by severity, and a detail with the concrete numbers and names.
//! `docs/scoring.md` lists the same catalogue with the weights table.

use super::context::{Context, Sections};
use crate::settings::weights;
use crate::signal::{Driver, Finding, FindingKind};

/// One driver: silent (`None`) or fired.
pub type DriverFn = fn(&Context, &Sections) -> Option<Driver>;

/// Everything the project says about one driver, declared once in the driver's own file as
/// `pub(crate) const SPEC` (the way Clippy's `declare_clippy_lint!` and Ruff's rule structs
/// keep a rule's metadata on the rule). The catalogue, the weights table of `docs/scoring.md`
/// and the default weights of the settings forms are all read from these.
#[derive(Debug, Clone, Copy)]
pub struct DriverSpec {
    /// Driver id (snake_case), as it appears in the signal and in `settings.weights`.
    pub id: &'static str,
    /// Short human label.
    pub label: &'static str,
    /// Default weight (full severity), in [0, 1]. 0 means off until the user weighs it:
    /// [`fire`] never fires a driver whose weight is 0, so an advisory driver (its evidence
    /// shown in its own section) adds nothing to the score by default.
    pub weight: f64,
    /// Where the weight and the driver's threshold come from.
    pub source: &'static str,
    /// Silent (`None`) or fired.
    pub evaluate: DriverFn,
}

/// Declares every driver module and the catalogue from one list: registering a driver is one
/// line here plus its file.
macro_rules! catalogue {
    ($($driver:ident,)+) => {
        $(mod $driver;)+

        /// Every driver, heaviest default weight first (the order of the weights table in
        /// `docs/scoring.md`; risk sorts fired drivers by weight, then id, so the order does
        /// not change a signal).
        pub const CATALOGUE: &[&DriverSpec] = &[$(&$driver::SPEC,)+];
    };
}

catalogue! {
    many_files,
    dangerous_workflow,
    secret_in_diff,
    hidden_text,
    install_script,
    unreviewable_content,
    package_name_squat,
    registry_switch,
    unpinned_action,
    failing_checks,
    force_push_after_approval,
    autorun_config,
    large_diff,
    build_script_change,
    pr_burst,
    binary_files,
    dependency_change,
    dormant_account,
    sensitive_paths,
    trust_boundary_change,
    lockfile_drift,
    unsigned_commit,
    commit_identity,
    merge_conflict,
    stale_approval,
    stale,
    new_contributor,
    young_account,
    empty_profile,
    draft,
    missing_tests,
    api_surface_change,
    ci_config_change,
    agent_authored,
    low_effort_checks,
}

/// The spec of a driver id.
pub fn spec(driver_id: &str) -> Option<&'static DriverSpec> {
    CATALOGUE.iter().copied().find(|spec| spec.id == driver_id)
}

/// Every driver id, the ids `settings.weights` may name (`Settings::validate`).
pub fn ids() -> Vec<&'static str> {
    CATALOGUE.iter().map(|spec| spec.id).collect()
}

/// `(driver id, default weight)` of every driver, the defaults settings forms show.
pub fn default_weights() -> impl Iterator<Item = (&'static str, f64)> {
    CATALOGUE.iter().map(|spec| (spec.id, spec.weight))
}

/// Runs every driver; returns those that fired (unsorted).
pub fn evaluate(context: &Context, sections: &Sections) -> Vec<Driver> {
    CATALOGUE
        .iter()
        .filter_map(|spec| (spec.evaluate)(context, sections))
        .collect()
}

/// Drivers that count listed files and lines which only the patches can weigh down
/// (whitespace-only, generated and minified lines; binaries GitHub sends without a patch). On a
/// bundle whose patches were not fetched (a list estimate) they count what is listed, and
/// [`fire`] says so in their detail: such an estimate may stand above the full signal, but only
/// by a fact it names (issue #35). Every other effect of patches that were not fetched is
/// decided in one place, [`crate::engine::files::FileFacts::patch_withheld`].
pub const COUNTED_BEFORE_PATCHES: &[&str] = &["large_diff", "many_files", "missing_tests"];

/// What [`fire`] appends to the detail of a [`COUNTED_BEFORE_PATCHES`] driver on a bundle
/// whose patches were not fetched.
pub const PATCHES_NOT_READ: &str =
    " (as listed: the patches were not read, so whitespace-only, generated and binary content is not told apart)";

/// Builds a fired driver: weight = setting (or default) × `scale`, rounded to 2 decimals. A
/// driver whose weight is 0 (the user switched it off) does not fire.
pub(crate) fn fire(
    context: &Context,
    spec: &DriverSpec,
    scale: f64,
    mut detail: String,
    paths: Vec<String>,
) -> Option<Driver> {
    let setting = context.settings.weights.get(spec.id).copied();
    let weight = round2(setting.unwrap_or(spec.weight) * scale.clamp(0.0, 1.0));
    if weight <= 0.0 {
        return None;
    }
    if context.bundle.files.is_some()
        && !context.bundle.patches_fetched
        && COUNTED_BEFORE_PATCHES.contains(&spec.id)
    {
        detail.push_str(PATCHES_NOT_READ);
    }
    Some(Driver {
        id: spec.id.to_string(),
        label: spec.label.to_string(),
        weight,
        detail,
        paths,
    })
}

pub(crate) fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

pub(crate) use crate::text::name_list;

/// The supply-chain findings of these kinds.
pub(crate) fn findings_of<'a>(sections: &'a Sections, kinds: &[FindingKind]) -> Vec<&'a Finding> {
    sections
        .supply_chain
        .findings
        .iter()
        .filter(|finding| kinds.contains(&finding.id))
        .collect()
}

/// The largest weight factor among findings (`None` when there are none): the severity
/// factor, 0 for hygiene findings ([`weights::finding_factor`]).
pub(crate) fn worst_factor(findings: &[&Finding]) -> Option<f64> {
    findings
        .iter()
        .map(|finding| weights::finding_factor(finding))
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

/// Fires `spec` for supply-chain findings of these kinds: the detail names the first finding
/// (after `prefix`), the weight scales with the worst finding's severity.
pub(crate) fn fire_for_findings(
    context: &Context,
    sections: &Sections,
    spec: &DriverSpec,
    kinds: &[FindingKind],
    prefix: &str,
) -> Option<Driver> {
    let findings = findings_of(sections, kinds);
    let detail = format!("{prefix}{}", first_finding_summary(&findings)?);
    let scale = worst_factor(&findings).unwrap_or(1.0);
    fire(context, spec, scale, detail, finding_paths(&findings))
}

/// Every identity note of this kind, with the login (or e-mail) of the contributor it is about.
pub(crate) fn identity_notes(
    sections: &Sections,
    kind: crate::signal::IdentityKind,
) -> Vec<(&str, &crate::signal::IdentityNote)> {
    sections
        .contributors
        .iter()
        .flat_map(|person| {
            person
                .identity
                .iter()
                .filter(move |note| note.kind == kind)
                .map(move |note| (person.login.as_str(), note))
        })
        .collect()
}

/// Fires `spec` for the identity notes of `kind`: "login: detail" of the first, "(+N more)".
pub(crate) fn fire_for_identity(
    context: &Context,
    sections: &Sections,
    spec: &DriverSpec,
    kinds: &[crate::signal::IdentityKind],
) -> Option<Driver> {
    let notes: Vec<(&str, &crate::signal::IdentityNote)> = kinds
        .iter()
        .flat_map(|kind| identity_notes(sections, *kind))
        .collect();
    let (login, first) = notes.first()?;
    let mut detail = format!("{login}: {}", first.detail);
    if notes.len() > 1 {
        detail.push_str(&format!(" (+{} more)", notes.len() - 1));
    }
    fire(context, spec, 1.0, detail, Vec::new())
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
    fn every_spec_has_a_unique_id_a_label_a_source_and_a_weight_in_range() {
        let mut ids: Vec<&str> = CATALOGUE.iter().map(|spec| spec.id).collect();
        crate::order::sort(&mut ids);
        ids.dedup();
        assert_eq!(ids.len(), CATALOGUE.len(), "driver ids are unique");
        for spec in CATALOGUE {
            assert!(
                !spec.label.is_empty() && !spec.source.is_empty(),
                "{}",
                spec.id
            );
            assert!((0.0..=1.0).contains(&spec.weight), "{}", spec.id);
        }
    }

    #[test]
    fn the_catalogue_is_heaviest_first_and_the_defaults_derive_from_it() {
        assert!(CATALOGUE
            .windows(2)
            .all(|pair| pair[0].weight >= pair[1].weight));
        let defaults: Vec<(&str, f64)> = default_weights().collect();
        assert_eq!(defaults.len(), CATALOGUE.len());
        assert_eq!(spec("large_diff").map(|spec| spec.weight), Some(0.35));
        assert!(spec("no_such_driver").is_none());
    }

    #[test]
    fn a_fired_driver_carries_its_specs_id_and_label_and_the_users_weight() {
        let settings = crate::Settings::from_json_str(r#"{"weights":{"draft":0.5}}"#).unwrap();
        let case = testing::Case::new(serde_json::json!({"pull": {"number": 1, "draft": true}}));
        let context = case.context_with(&settings);
        let fired = fire(&context, &draft::SPEC, 0.5, String::new(), vec![]).unwrap();
        assert_eq!(
            (fired.id.as_str(), fired.label.as_str()),
            ("draft", "Draft")
        );
        assert_eq!(fired.weight, 0.25);
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
        assert!(fire(&context, &draft::SPEC, 1.0, String::new(), vec![]).is_none());
    }
}
