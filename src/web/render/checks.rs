//! The Checks section: the low-effort checks, each passed ✓, advice ✗ or not checked –, with
//! why. Advice, not risk: the heading says so.

use super::dom::{set, Append, Dom, DomResult};
use super::frame::{empty_note, section};
use crate::signal::{CheckOutcome, Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let checks = &signal.checks;
    let section = section(dom, Section::Checks, "Checks (advice, no weight)");
    if checks.is_empty() {
        empty_note(
            dom,
            &section,
            "All low-effort checks are switched off in the prlens settings.",
        );
        return Ok(section);
    }
    let list = dom.list("prl-results", "Low-effort checks");
    for check in checks {
        let key = check.outcome.key();
        let item = dom.item(&list, &format!("prl-result prl-outcome-{key}"));
        set(&item, "data-prlens-check", check.id.key());
        set(&item, "data-prlens-outcome", key);
        let symbol = match check.outcome {
            CheckOutcome::Pass => "✓",
            CheckOutcome::Fail => "✗",
            CheckOutcome::NotChecked => "–",
        };
        let mark = dom.text("span", "prl-mark", symbol);
        set(&mark, "role", "img");
        set(&mark, "aria-label", check.outcome.label());
        item.add(&mark);
        item.add(&dom.text("span", "prl-result-label", check.id.label()));
        item.add(&dom.text("span", "prl-result-detail", &check.detail));
    }
    section.add(&list);
    Ok(section)
}
