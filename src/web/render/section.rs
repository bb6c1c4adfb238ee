//! One full-view section by its key, shared by the panel's inline view and the details sheet
//! (a module of its own so the sheet does not import the render root that imports it).

use web_sys::Element;

use super::dom::{Dom, DomResult};
use super::{
    authorship, checks, contributors, conventions, evidence, focus, governance, intent, next_steps,
    risk, supply_chain, triage,
};
use crate::signal::Signal;

/// The section `key` of `signal` (an unknown key renders next steps, the last section).
pub(super) fn render(dom: &Dom, signal: &Signal, key: &str) -> DomResult<Element> {
    Ok(match key {
        "risk" => risk::render(dom, &signal.risk)?,
        "intent" => intent::render(dom, &signal.intent, &signal.pr)?,
        "contributors" => {
            let section = contributors::render(dom, &signal.contributors)?;
            authorship::append(dom, &section, &signal.authorship);
            section
        }
        "evidence" => evidence::render(dom, &signal.evidence)?,
        "supply_chain" => supply_chain::render(dom, &signal.supply_chain)?,
        "focus" => focus::render(dom, &signal.focus, signal.focus_more, &signal.pr)?,
        "triage" => triage::render(dom, &signal.triage)?,
        "conventions" => conventions::render(dom, &signal.conventions)?,
        "checks" => checks::render(dom, &signal.checks)?,
        "governance" => governance::render(dom, &signal.governance)?,
        _ => next_steps::render(dom, &signal.next_steps, &signal.review, &signal.pr)?,
    })
}

/// Said instead of the sections when the user hid all of them.
pub(super) fn all_hidden_note(dom: &Dom) -> Element {
    dom.text(
        "p",
        "prl-empty prl-all-hidden",
        "All sections are hidden in the prlens settings (toolbar button).",
    )
}
