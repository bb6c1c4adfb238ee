//! `low_effort_checks`: some low-effort checks gave advice (off unless weighted).
//!
//! **What it detects.** A failed check in the `checks` section: the bare PR template, a PR
//! from the fork's default branch, a description naming nothing the diff changes, a linked
//! issue closed or assigned to someone else, another open PR on the same issue, a claim of the
//! description the diff does not bear out.
//!
//! **Why it matters.** These are signs of a hurried contribution, not of risky code, so the
//! default weight is 0: the driver never fires and the Checks block shows the advice. A
//! weight in `settings.weights.low_effort_checks` makes failed checks count, scaled by the
//! share of enabled checks that failed.
//!
//! **Example.** "2 of 6 checks gave advice: Description names what changed; No other open
//! PR mentions the same issue".

use super::{fire, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{CheckOutcome, Driver};

/// `low_effort_checks` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "low_effort_checks",
    label: "Low-effort checks",
    weight: 0.0,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): weight 0 by design; default kept: anti-slop's advisory PR checks and maintainer requests (numpy/numpy#30972, tree-sitter/.github#6); advice, so weight 0 by design",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let failed: Vec<&str> = sections
        .checks
        .iter()
        .filter(|check| check.outcome == CheckOutcome::Fail)
        .map(|check| check.id.label())
        .collect();
    if failed.is_empty() {
        return None;
    }
    let total = sections.checks.len();
    let detail = format!(
        "{} of {total} checks gave advice: {}",
        failed.len(),
        failed.join("; ")
    );
    let scale = failed.len() as f64 / total.max(1) as f64;
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn empty_description() -> Case {
        Case::new(json!({"pull": {"number": 1, "body": ""}, "files": []}))
    }

    #[test]
    fn carries_no_weight_by_default() {
        assert!(empty_description().fired(evaluate).is_none());
    }

    #[test]
    fn fires_with_the_users_weight_scaled_by_the_failed_share() {
        let settings =
            crate::Settings::from_json_str(r#"{"weights":{"low_effort_checks":1}}"#).unwrap();
        let case = empty_description();
        let context = case.context_with(&settings);
        let fired = evaluate(&context, &Case::sections(&context)).unwrap();
        assert!(fired.detail.starts_with("1 of 6 checks"), "{}", fired.detail);
        assert_eq!(fired.weight, 0.17);
    }
}
