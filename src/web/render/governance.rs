//! The Governance section: each configured policy rule with its outcome (pass, warn,
//! fail, not applicable) and the reason.
//!
//! Why: teams encode review rules (e.g. "supply-chain changes need two approvals") as
//! policies in the settings; the panel shows which ones this PR trips.

use super::dom::{set, Append, Dom, DomResult};
use super::frame::{chip, empty_note, section};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let results = &signal.governance;
    let section = section(dom, Section::Governance, "Governance");
    if results.is_empty() {
        empty_note(
            dom,
            &section,
            "No governance policies are configured (add them in the prlens settings).",
        );
        return Ok(section);
    }
    let list = dom.list("prl-results", "Policy results");
    for result in results {
        let key = result.outcome.key();
        let item = dom.item(&list, &format!("prl-result prl-outcome-{key}"));
        set(&item, "data-prlens-outcome", key);
        item.add(&chip(
            dom,
            result.outcome.label(),
            &format!("outcome-{key}"),
        ));
        item.add(&dom.text("strong", "", &result.policy));
        item.add(&dom.text("code", "", &result.rule));
        item.add(&dom.text("span", "prl-result-detail", &result.detail));
    }
    section.add(&list);
    Ok(section)
}
