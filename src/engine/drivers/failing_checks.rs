//! `failing_checks`: CI says something is broken.
//!
//! **What it detects.** Any evidence signal in the `failing` state (tests, CI, lint, security
//! scan, coverage, build — from check runs and commit statuses), naming the failing checks.
//!
//! **Why it matters.** Deterministic failures are the strongest evidence there is; reviewing
//! code that does not pass its own checks wastes the reviewer's time. Failing CI always floats
//! to the top (PR Focus).
//!
//! **Example.** "Failing: tests_passing (tests / pytest (3.12))".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, SignalState};

/// `failing_checks` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "failing_checks",
    label: "Failing checks",
    weight: 0.40,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): checks are not in git; default kept: PR Focus: \"deterministic signals (CI status + PR age) form the floor\", \"failing CI always floats to the top\"; GitHub check-run conclusions; docs/sources.md, \"Evidence\" and \"Risk aggregation\"",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let signals = &sections.evidence.signals;
    let failing_signals: Vec<&str> = signals
        .entries()
        .filter(|(_, state)| *state == SignalState::Failing)
        .map(|(signal, _)| signal.key())
        .collect();
    let failing_checks: Vec<&str> = sections
        .evidence
        .checks
        .iter()
        .filter(|check| check.state == SignalState::Failing)
        .map(|check| check.name.as_str())
        .collect();
    if failing_signals.is_empty() && failing_checks.is_empty() {
        return None;
    }
    let mut detail = if failing_signals.is_empty() {
        "Failing checks".to_string()
    } else {
        format!("Failing: {}", failing_signals.join(", "))
    };
    if !failing_checks.is_empty() {
        detail.push_str(&format!(" ({})", name_list(&failing_checks)));
    }
    fire(context, &SPEC, 1.0, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(conclusion: &str) -> Case {
        Case::new(json!({
            "pull": {"number": 1},
            "check_runs": [{"name": "tests / pytest (3.12)", "status": "completed", "conclusion": conclusion}]
        }))
    }

    #[test]
    fn fires_naming_the_signal_and_the_check() {
        let driver = case("failure").fired(evaluate).unwrap();
        assert!(driver.detail.starts_with("Failing: "), "{}", driver.detail);
        assert!(driver.detail.contains("tests_passing"), "{}", driver.detail);
        assert!(
            driver.detail.contains("tests / pytest (3.12)"),
            "{}",
            driver.detail
        );
        assert_eq!(driver.weight, 0.40);
    }

    #[test]
    fn passing_pending_or_missing_checks_do_not_fire() {
        assert!(case("success").fired(evaluate).is_none());
        assert!(case("action_required").fired(evaluate).is_none());
        assert!(Case::new(json!({"pull": {"number": 1}}))
            .fired(evaluate)
            .is_none());
    }
}
