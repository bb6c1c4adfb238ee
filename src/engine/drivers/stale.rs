//! `stale`: an open PR nobody has touched for weeks.
//!
//! **What it detects.** An open PR whose last update (`updated_at`, else `created_at`) is at
//! least `thresholds.stale_days` before "now"; the weight ramps to full at
//! `thresholds.stale_high_days`. Closed and merged PRs never fire. A date after "now" is
//! unknown, not "just now": an `updated_at` in the future falls back to `created_at`, and the
//! detail says so (a clock or a forged date must not hide staleness).
//!
//! **Why it matters.** The base branch has moved on: the diff may no longer apply or mean the
//! same thing, the author's context has faded, and CI results are old.
//!
//! **Example.** "No activity for 45 days (stale after 30)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::ramp;
use crate::signal::Driver;
use crate::timestamp::days_between;

/// `stale` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "stale",
    label: "Stale",
    weight: 0.10,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): a merged PR is never stale in git history; default kept: actions/stale defaults (stale_days 30 … stale_high_days 60); ramps between them",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let pull = &context.bundle.pull;
    if pull.merged || !pull.state.eq_ignore_ascii_case("open") {
        return None;
    }
    let thresholds = &context.settings.thresholds;
    let known = |at: &i64| *at <= context.now;
    let future_update = pull.updated_at.filter(|at| !known(at));
    let last = pull
        .updated_at
        .filter(known)
        .or(pull.created_at.filter(known))?;
    let days = days_between(last, context.now);
    if days < thresholds.stale_days {
        return None;
    }
    let mut detail = format!(
        "No activity for {days} days (stale after {})",
        thresholds.stale_days
    );
    if let Some(future) = future_update.and_then(crate::timestamp::format) {
        detail = format!(
            "Opened {days} days ago; its last-update date {future} is after the reference time, so unknown (stale after {})",
            thresholds.stale_days
        );
    }
    let scale = ramp(days, thresholds.stale_days, thresholds.stale_high_days);
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(state: &str, updated: &str) -> Case {
        Case::new(
            json!({"fetched_at": "2026-03-01T00:00:00Z", "pull": {"number": 1, "state": state, "updated_at": updated}}),
        )
    }

    #[test]
    fn fires_from_the_threshold_and_ramps_to_full_weight() {
        let driver = case("open", "2026-01-30T00:00:00Z")
            .fired(evaluate)
            .unwrap();
        assert_eq!(driver.detail, "No activity for 30 days (stale after 30)");
        assert_eq!(driver.weight, 0.05);
        assert_eq!(
            case("open", "2025-12-01T00:00:00Z")
                .fired(evaluate)
                .unwrap()
                .weight,
            0.10
        );
    }

    #[test]
    fn recent_or_closed_prs_do_not_fire() {
        assert!(case("open", "2026-02-01T00:00:00Z")
            .fired(evaluate)
            .is_none());
        assert!(case("closed", "2025-01-01T00:00:00Z")
            .fired(evaluate)
            .is_none());
    }

    #[test]
    fn a_last_update_in_the_future_is_unknown_and_does_not_hide_staleness() {
        let case = Case::new(json!({"fetched_at": "2026-03-01T00:00:00Z", "pull": {"number": 1,
            "state": "open", "created_at": "2025-12-01T00:00:00Z", "updated_at": "2031-01-01T00:00:00Z"}}));
        let driver = case.fired(evaluate).unwrap();
        assert!(
            driver.detail.starts_with("Opened 90 days ago; its last-update date 2031-01-01T00:00:00Z is after the reference time"),
            "{}",
            driver.detail
        );
    }
}
