//! `risk`: the level, the score and the drivers behind them.
//!
//! **What it does.** Runs every driver of the catalogue ([`crate::engine::drivers`]) and
//! composes the fired ones with a noisy-OR: `score = 1 − Π(1 − wᵢ)`, clamped to [0, 1] and
//! rounded to two decimals. Drivers are sorted by weight (heaviest first), then by id, and the
//! `formula` string shows the whole composition with its numbers.
//!
//! **Why this composition.** Each driver is an independent reason for concern; the noisy-OR
//! reads as "the chance that at least one of them matters". It never exceeds 1, adding a driver
//! never lowers the score, one heavy driver is not drowned by several light ones, and the
//! arithmetic fits on one line of the panel (Ghost#26089: "estimates always seemed so random").
//!
//! **Levels** (`settings::weights::LEVEL_CUTOFFS`): low < 0.30 ≤ medium < 0.50 ≤ high < 0.75 ≤
//! critical.
//!
//! **Source.** docs/sources.md, "Risk aggregation" (publish the weights and show each
//! driver's contribution, as the reference product promises "every score has an
//! explanation"); calibration against the reference product in `tests/risk_calibration.rs`.

use std::cmp::Ordering;

use crate::engine::context::{Context, Sections};
use crate::engine::drivers::{self, round2};
use crate::settings::weights::{
    cutoff_of, level_for, DRIVER_LEVEL_FLOORS, FINDING_LEVEL_FLOORS, LEVEL_CUTOFFS,
};
use crate::signal::{Driver, Finding, Risk, RiskLevel};

pub fn assess(context: &Context, sections: &Sections) -> Risk {
    let mut fired = drivers::evaluate(context, sections);
    crate::order::sort_by(&mut fired, |a, b| {
        b.weight
            .partial_cmp(&a.weight)
            .unwrap_or(Ordering::Equal)
            .then_with(|| a.id.cmp(&b.id))
    });
    let risk = floor_by_drivers(compose(fired));
    floor_by_findings(risk, &sections.supply_chain.findings)
}

/// Raises the level to what the fired security-surface and guard drivers allow
/// ([`DRIVER_LEVEL_FLOORS`]), and the score to that level's cut-off; the formula says why.
/// Never lowers.
pub fn floor_by_drivers(risk: Risk) -> Risk {
    let floor = risk
        .drivers
        .iter()
        .filter_map(|driver| {
            DRIVER_LEVEL_FLOORS
                .iter()
                .find(|(id, _, least, _)| *id == driver.id && driver.weight >= *least)
                .map(|(id, level, _, why)| (*level, *id, *why))
        })
        .max_by_key(|(level, _, _)| *level);
    let Some((level, id, why)) = floor else {
        return risk;
    };
    let reason = format!("by {id} ({why})");
    raise(risk, level, &reason)
}

/// `risk` at `level` when that is higher (the score to at least its cut-off, so score and level
/// agree), the formula saying "raised to LEVEL REASON"; otherwise `risk` unchanged.
fn raise(mut risk: Risk, level: RiskLevel, reason: &str) -> Risk {
    if level <= risk.level {
        return risk;
    }
    risk.level = level;
    risk.score = risk.score.max(cutoff_of(level));
    risk.formula = format!("{}; raised to {} {reason}", risk.formula, level_name(level));
    risk
}

/// Raises the level to what the worst finding allows ([`FINDING_LEVEL_FLOORS`]), and the score
/// to that level's cut-off so score and level agree; the formula says why. Never lowers.
pub fn floor_by_findings(risk: Risk, findings: &[Finding]) -> Risk {
    let floor = findings
        .iter()
        .filter_map(|finding| {
            FINDING_LEVEL_FLOORS
                .iter()
                .find(|(severity, _)| *severity == finding.severity)
                .map(|(_, level)| (*level, finding))
        })
        .max_by_key(|(level, _)| *level);
    let Some((level, finding)) = floor else {
        return risk;
    };
    let reason = format!(
        "by the {} finding {} in {} (a {} finding is at least {})",
        finding.severity.key(),
        finding.id.key(),
        crate::text::clip(&finding.path, 120),
        finding.severity.key(),
        level_name(level)
    );
    raise(risk, level, &reason)
}

/// The noisy-OR of driver weights, with its level and formula.
pub fn compose(drivers: Vec<Driver>) -> Risk {
    let remaining: f64 = drivers
        .iter()
        .map(|driver| 1.0 - driver.weight.clamp(0.0, 1.0))
        .product();
    let score = round2((1.0 - remaining).clamp(0.0, 1.0));
    let level = level_for(score);
    let formula = formula(&drivers, score, level);
    Risk {
        level,
        score,
        drivers,
        formula,
    }
}

fn level_name(level: RiskLevel) -> &'static str {
    match level {
        RiskLevel::Low => "low",
        RiskLevel::Medium => "medium",
        RiskLevel::High => "high",
        RiskLevel::Critical => "critical",
    }
}

/// "1 − (1 − 0.47)(1 − 0.40) = 0.68 → high (0.50 ≤ score < 0.75)".
fn formula(drivers: &[Driver], score: f64, level: RiskLevel) -> String {
    let band = band(level);
    if drivers.is_empty() {
        return format!(
            "no driver fired: score 0.00 → {} ({band})",
            level_name(level)
        );
    }
    let factors: String = drivers
        .iter()
        .map(|driver| format!("(1 − {:.2} {})", driver.weight, driver.id))
        .collect();
    format!(
        "1 − Π(1 − w) over {} driver(s) = 1 − {factors} = {score:.2} → {} ({band})",
        drivers.len(),
        level_name(level)
    )
}

/// The score band of a level, from the cut-off table: "0.50 ≤ score < 0.75".
fn band(level: RiskLevel) -> String {
    let lower = LEVEL_CUTOFFS
        .iter()
        .find(|(cut_level, _)| *cut_level == level)
        .map(|(_, cutoff)| *cutoff);
    let upper = LEVEL_CUTOFFS
        .iter()
        .filter(|(_, cutoff)| lower.is_none_or(|lower| *cutoff > lower))
        .map(|(_, cutoff)| *cutoff)
        .reduce(f64::min);
    match (lower, upper) {
        (Some(lower), Some(upper)) => format!("{lower:.2} ≤ score < {upper:.2}"),
        (Some(lower), None) => format!("score ≥ {lower:.2}"),
        (None, Some(upper)) => format!("score < {upper:.2}"),
        (None, None) => "any score".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn driver(id: &str, weight: f64) -> Driver {
        Driver {
            id: id.into(),
            label: id.into(),
            weight,
            detail: String::new(),
            paths: vec![],
        }
    }

    #[test]
    fn no_driver_is_low_zero_with_an_explanation() {
        let risk = compose(vec![]);
        assert_eq!((risk.level, risk.score), (RiskLevel::Low, 0.0));
        assert_eq!(
            risk.formula,
            "no driver fired: score 0.00 → low (score < 0.30)"
        );
    }

    #[test]
    fn weights_compose_as_noisy_or_and_the_formula_shows_them() {
        let risk = compose(vec![
            driver("large_diff", 0.47),
            driver("failing_checks", 0.40),
        ]);
        assert_eq!(risk.score, 0.68);
        assert_eq!(risk.level, RiskLevel::High);
        assert_eq!(
            risk.formula,
            "1 − Π(1 − w) over 2 driver(s) = 1 − (1 − 0.47 large_diff)(1 − 0.40 failing_checks) = 0.68 → high (0.50 ≤ score < 0.75)"
        );
    }

    #[test]
    fn the_score_is_capped_and_never_drops_when_a_driver_is_added() {
        let one = compose(vec![driver("a", 0.3)]).score;
        let two = compose(vec![driver("a", 0.3), driver("b", 0.05)]).score;
        assert!(two >= one);
        let full = compose(vec![driver("a", 1.0), driver("b", 1.0), driver("c", 2.0)]);
        assert_eq!(full.score, 1.0);
        assert_eq!(full.level, RiskLevel::Critical);
        assert!(full.formula.ends_with("→ critical (score ≥ 0.75)"));
    }

    #[test]
    fn a_security_surface_driver_keeps_the_level_at_least_medium() {
        let risk = floor_by_drivers(compose(vec![driver("sensitive_paths", 0.20)]));
        assert_eq!((risk.level, risk.score), (RiskLevel::Medium, 0.30));
        assert!(risk.formula.ends_with(
            "raised to medium by sensitive_paths (a change on the security surface is at least medium)"
        ));
        let high = floor_by_drivers(compose(vec![
            driver("sensitive_paths", 0.2),
            driver("a", 0.6),
        ]));
        assert_eq!(high.level, RiskLevel::High);
        assert!(!high.formula.contains("raised"));
    }

    #[test]
    fn a_guard_driver_alone_at_a_quarter_weight_stays_medium_below_the_medium_cutoff() {
        let risk = floor_by_drivers(compose(vec![driver("unreviewable_content", 0.27)]));
        assert_eq!((risk.level, risk.score), (RiskLevel::Medium, 0.30));
        assert!(risk
            .formula
            .ends_with("at weight 0.25 or more is at least medium)"));
        let light = floor_by_drivers(compose(vec![driver("unreviewable_content", 0.18)]));
        assert_eq!(light.level, RiskLevel::Low);
    }

    #[test]
    fn levels_change_at_the_documented_cutoffs() {
        assert_eq!(compose(vec![driver("a", 0.29)]).level, RiskLevel::Low);
        assert_eq!(compose(vec![driver("a", 0.30)]).level, RiskLevel::Medium);
        assert_eq!(compose(vec![driver("a", 0.50)]).level, RiskLevel::High);
        assert_eq!(compose(vec![driver("a", 0.75)]).level, RiskLevel::Critical);
    }
}
