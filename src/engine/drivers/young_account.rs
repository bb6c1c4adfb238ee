//! `young_account`: a GitHub account created only recently.
//!
//! **What it detects.** A non-bot contributor (author or commit author) whose account is younger
//! than `thresholds.young_account_days`. Full weight up to a third of the threshold (30 days by
//! default), easing to half weight at the threshold.
//!
//! When no changed file can run anything (docs, translations, test data, images, or only
//! comments) the weight is `LOW_REACH_IDENTITY_FACTOR` of it; when the youngest account has
//! committed to the changed files before, `FAMILIAR_IDENTITY_FACTOR` of it (familiarity with the
//! files before account-level newness, issue #37). The detail says why.
//!
//! **Why it matters.** Throwaway and freshly created accounts are how spam, AI-slop and
//! supply-chain takeovers arrive; accounts under a year old merge ~16 percentage points less
//! often (Good Egg #47). Age alone predicts little, so it is one driver among several.
//!
//! **Example.** "Account mbtariq82-code is 11 days old (threshold 90)".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::ramp;
use crate::signal::{Driver, TrustLevel};

/// `young_account` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "young_account",
    label: "Young account",
    weight: 0.10,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): accounts are not in git; capped at new_contributor's fitted 0.10 — familiarity and newness in this repository come before the account's age (issue #37). Was 0.30: reference product (11 days flagged); Good Egg #47; threshold young_account_days (90)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let threshold = context.settings.thresholds.young_account_days;
    let mut young: Vec<(&str, u64)> = sections
        .contributors
        .iter()
        .filter(|person| person.trust_level != TrustLevel::Bot)
        .filter_map(|person| Some((person.login.as_str(), person.account_age_days?)))
        .filter(|(_, days)| *days < threshold)
        .collect();
    crate::order::sort_by_key(&mut young, |(_, days)| *days);
    let (youngest, days) = *young.first()?;
    let detail = if young.len() == 1 {
        format!("Account {youngest} is {days} days old (threshold {threshold})")
    } else {
        let logins: Vec<&str> = young.iter().map(|(login, _)| *login).collect();
        format!(
            "Accounts {} are younger than {threshold} days (youngest: {youngest}, {days} days)",
            name_list(&logins)
        )
    };
    let youth = threshold.saturating_sub(days);
    let (reach, reach_why) = super::new_contributor::reach_scale(context);
    let (familiar, familiar_why) = super::new_contributor::familiarity_scale(context, youngest);
    let scale = ramp(youth, 0, threshold.saturating_mul(2) / 3) * reach * familiar;
    let detail = super::new_contributor::with_reason(detail, reach_why.or(familiar_why));
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(login: &str, kind: &str, created: &str) -> Case {
        Case::new(json!({
            "fetched_at": "2026-02-06T19:26:00Z",
            "pull": {"number": 1, "user": {"login": login, "type": kind}, "author_association": "NONE"},
            "users": {login: {"login": login, "type": kind, "created_at": created}}
        }))
    }

    #[test]
    fn fires_with_the_age_and_full_weight_for_very_young_accounts() {
        let driver = case("mbtariq82-code", "User", "2026-01-26T10:00:00Z")
            .fired(evaluate)
            .unwrap();
        assert_eq!(
            driver.detail,
            "Account mbtariq82-code is 11 days old (threshold 90)"
        );
        assert_eq!(driver.weight, SPEC.weight);
    }

    #[test]
    fn eases_toward_the_threshold_and_stops_at_it() {
        let older = case("x", "User", "2025-11-10T19:26:00Z")
            .fired(evaluate)
            .unwrap();
        assert!(
            older.weight < SPEC.weight && older.weight >= SPEC.weight / 2.0 - 0.01,
            "{}",
            older.weight
        );
        assert!(
            case("x", "User", "2025-11-08T19:26:00Z")
                .fired(evaluate)
                .is_none(),
            "90 days is not young"
        );
    }

    #[test]
    fn bots_never_fire() {
        assert!(case("renovate[bot]", "Bot", "2026-02-01T00:00:00Z")
            .fired(evaluate)
            .is_none());
    }
}
