//! The invariants every signal must satisfy and the one-line rule for errors.

use std::sync::Mutex;

use serde_json::Value;

use prlens::signal::{ReviewAction, RiskLevel, Severity, Signal};

use crate::runner::LONG_ERROR;

/// Every (score, level) pair seen so far: the level must be a monotonic function of the score.
pub(crate) static LEVELS_SEEN: Mutex<Vec<(f64, RiskLevel)>> = Mutex::new(Vec::new());

pub(crate) fn check_level_monotonic(score: f64, level: RiskLevel) -> Result<(), String> {
    let mut seen = LEVELS_SEEN
        .lock()
        .unwrap_or_else(|poison| poison.into_inner());
    for (other_score, other_level) in seen.iter() {
        let inconsistent = (*other_score == score && *other_level != level)
            || (*other_score < score && *other_level > level)
            || (*other_score > score && *other_level < level);
        if inconsistent {
            return Err(format!(
                "risk level is not a function of score: {other_score} → {other_level:?} but {score} → {level:?}"
            ));
        }
    }
    if seen.len() < 10_000 {
        seen.push((score, level));
    }
    Ok(())
}

pub(crate) fn unit_interval(name: &str, value: f64) -> Result<(), String> {
    if value.is_finite() && (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(format!("{name} = {value} is outside [0, 1]"))
    }
}

pub(crate) fn is_anchor(anchor: &str) -> bool {
    anchor.strip_prefix("diff-").is_some_and(|hex| {
        hex.len() == 64
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// Every numeric field of the serialized signal is a finite number (serde writes NaN as null,
/// so also look for nulls where the schema has a number).
pub(crate) fn no_nan(value: &Value, path: &str) -> Result<(), String> {
    match value {
        Value::Number(number) if number.as_f64().is_some_and(|f| !f.is_finite()) => {
            Err(format!("{path} is not finite"))
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(index, item)| no_nan(item, &format!("{path}[{index}]"))),
        Value::Object(map) => map
            .iter()
            .try_for_each(|(key, item)| no_nan(item, &format!("{path}.{key}"))),
        _ => Ok(()),
    }
}

/// The invariants every signal must satisfy, whatever the input.
pub(crate) fn check_signal(signal: &Signal) -> Result<(), String> {
    let risk = &signal.risk;
    unit_interval("risk.score", risk.score)?;
    if ((risk.score * 100.0).round() - risk.score * 100.0).abs() > 1e-6 {
        return Err(format!(
            "risk.score {} is not rounded to two decimals",
            risk.score
        ));
    }
    check_level_monotonic(risk.score, risk.level)?;
    for driver in &risk.drivers {
        unit_interval(&format!("driver {} weight", driver.id), driver.weight)?;
    }
    if risk
        .drivers
        .windows(2)
        .any(|pair| pair[0].weight < pair[1].weight)
    {
        let weights: Vec<f64> = risk.drivers.iter().map(|d| d.weight).collect();
        return Err(format!("drivers not sorted by weight: {weights:?}"));
    }
    if signal.review.readiness > 100 {
        return Err(format!("readiness {} > 100", signal.review.readiness));
    }
    for item in &signal.review.checklist {
        if item.earned > item.points {
            return Err(format!(
                "checklist {} earned {} of {} points",
                item.id, item.earned, item.points
            ));
        }
    }
    unit_interval("evidence.completeness", signal.evidence.completeness)?;
    crate::descriptions::check_claims(signal)?;
    for file in &signal.focus {
        if !is_anchor(&file.anchor) {
            return Err(format!(
                "focus anchor {:?} does not match ^diff-[0-9a-f]{{64}}$",
                file.anchor
            ));
        }
    }
    if !signal.pr.url.starts_with("https://github.com/") {
        return Err(format!(
            "pr.url {:?} is not on https://github.com/",
            signal.pr.url
        ));
    }
    if signal.triage.remaining_minutes > signal.triage.minutes {
        return Err(format!(
            "triage.remaining_minutes {:?} > minutes {:?}",
            signal.triage.remaining_minutes, signal.triage.minutes
        ));
    }
    check_finding_floors(signal)?;
    let serialized = serde_json::to_value(signal).map_err(|e| format!("serialize: {e}"))?;
    no_nan(&serialized, "signal")?;
    let round_trip: Signal =
        serde_json::from_value(serialized).map_err(|e| format!("signal JSON round trip: {e}"))?;
    if round_trip.risk.drivers.len() != signal.risk.drivers.len() {
        return Err("signal JSON round trip lost drivers".into());
    }
    Ok(())
}

/// Runs the engine on one input: an error must be one clear line; a signal must satisfy the
/// invariants and be the same when computed twice. `Ok(true)` when a signal was computed.
pub(crate) fn check_input(
    bundle_json: &str,
    settings_json: &str,
    now: Option<i64>,
) -> Result<bool, String> {
    let first = std::panic::catch_unwind(|| prlens::analyze_json(bundle_json, settings_json, now))
        .map_err(|panic| format!("analyze_json panicked: {}", panic_text(&panic)))?;
    match first {
        Err(error) => {
            let message = error.to_string();
            // The message is shown to the user as is: one line, short, never a dump of the input.
            if message.trim().is_empty()
                || message.contains('\n')
                || message.chars().count() > 1_000
            {
                let preview: String = message.chars().take(300).collect();
                return Err(format!(
                    "{LONG_ERROR}({} chars): {preview:?}",
                    message.chars().count()
                ));
            }
            Ok(false)
        }
        Ok(signal) => {
            check_signal(&signal)?;
            let again = prlens::analyze_json(bundle_json, settings_json, now)
                .map_err(|e| format!("second run failed: {e}"))?;
            if again != signal {
                return Err("the same input gave two different signals".into());
            }
            Ok(true)
        }
    }
}

pub(crate) fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "<non-string panic>".into())
}

/// A high finding never ends in approve and is at least medium risk; a critical finding is
/// critical (`settings::weights::FINDING_LEVEL_FLOORS`).
pub(crate) fn check_finding_floors(signal: &Signal) -> Result<(), String> {
    let worst = signal
        .supply_chain
        .findings
        .iter()
        .map(|finding| finding.severity)
        .max();
    let level = signal.risk.level;
    match worst {
        Some(Severity::Critical) if level != RiskLevel::Critical => Err(format!(
            "a critical finding ended at {level:?}: {}",
            signal.risk.formula
        )),
        Some(Severity::High | Severity::Critical)
            if level < RiskLevel::Medium || signal.review.action == ReviewAction::Approve =>
        {
            Err(format!(
                "a high finding ended at {level:?} / {:?}: {}",
                signal.review.action, signal.risk.formula
            ))
        }
        _ => Ok(()),
    }
}
