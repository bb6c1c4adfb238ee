//! The Triage section: minutes to review with the formula that produced them, the effort
//! level, staleness, lines counted and excluded, minutes left given the files already
//! marked Viewed, and advice.
//!
//! Why: a reviewer plans review time from this; showing the formula ("930 lines × 60 /
//! 500 LOC/h") lets them judge the estimate instead of trusting a bare number.

use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::{facts, section};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let triage = &signal.triage;
    let section = section(dom, Section::Triage, "Triage");
    let stats = dom.el("div", "prl-stats");
    for (value, label) in [
        (triage.minutes_text(), "minutes to review"),
        (triage.effort.label().to_string(), "effort level"),
        (triage.staleness.label().to_string(), "staleness risk"),
    ] {
        let stat = dom.el("div", "prl-stat");
        stat.add(&dom.text("strong", "prl-stat-value", &value));
        stat.add(&dom.text("span", "prl-muted", label));
        stats.add(&stat);
    }
    section.add(&stats);
    let formula = dom.text("code", "prl-formula", &triage.formula);
    set(&formula, "data-prlens-formula", "triage");
    section.add(&formula);
    let mut rows = vec![
        ("Lines counted", triage.counted_lines.to_string()),
        ("Lines excluded", triage.excluded_lines.to_string()),
        (
            "Left to review",
            format!(
                "{} min (files not yet Viewed)",
                crate::signal::minutes_text(triage.remaining_minutes)
            ),
        ),
    ];
    if let Some(age) = triage.age_days {
        rows.push(("Open for", format::plural(age, "day", "days")));
    }
    facts(dom, &section, &rows);
    if !triage.advice.is_empty() {
        section.add(&dom.text("p", "prl-advice", &triage.advice));
    }
    Ok(section)
}
