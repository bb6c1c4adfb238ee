//! The Evidence section: the six verification signals (tests, CI, lint, security scan,
//! coverage, build) with their states, the completeness bar, why signals are missing, and
//! the checks behind them.
//!
//! Why: a risky change with green, complete evidence is far safer than one with nothing
//! run; "missing" is shown as missing, never as passing (reference product "Evidence").

use super::charts;
use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::{chip, empty_note, section, subheading};
use crate::signal::{Evidence, Section, Signal, SignalState};
use web_sys::Element;

/// After the evidence signals (panel list or sheet table): the engine's note, the "Checks"
/// heading and, when there are none, the empty note. True when there are checks to list.
pub(super) fn open_checks(dom: &Dom, section: &Element, evidence: &Evidence) -> bool {
    if !evidence.note.is_empty() {
        section.add(&dom.text("p", "prl-muted", &evidence.note));
    }
    subheading(dom, section, "Checks");
    if evidence.checks.is_empty() {
        empty_note(
            dom,
            section,
            "No checks or statuses reported for the head commit.",
        );
        return false;
    }
    true
}

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let evidence = &signal.evidence;
    let section = section(dom, Section::Evidence, "Evidence");
    let completeness = dom.el("div", "prl-meter");
    completeness.add(&dom.text(
        "span",
        "",
        &format!("Completeness {}", format::percent(evidence.completeness)),
    ));
    let tone = if evidence.completeness >= 0.8 {
        "low"
    } else if evidence.completeness >= 0.4 {
        "medium"
    } else {
        "high"
    };
    completeness.add(&charts::bar(
        dom,
        evidence.completeness,
        tone,
        &format!(
            "evidence completeness {}",
            format::percent(evidence.completeness)
        ),
    )?);
    section.add(&completeness);

    let signals = &evidence.signals;
    let list = dom.list("prl-signals", "Evidence signals");
    for (signal, state) in signals.entries() {
        signal_item(dom, &list, signal.label(), state)?;
    }
    section.add(&list);
    if !open_checks(dom, &section, evidence) {
        return Ok(section);
    }
    let checks = dom.list("prl-checks", "Checks");
    for check in &evidence.checks {
        let item = dom.item(&checks, "prl-check");
        let key = check.state.key();
        item.add(&dom.text(
            "span",
            &format!("prl-mark prl-state-{key}"),
            format::state_mark(check.state),
        ));
        item.add(&dom.text("span", "prl-check-name", &check.name));
        item.add(&dom.text("span", "prl-muted", &check.conclusion));
        for feed in &check.feeds {
            item.add(&chip(dom, feed, "outline"));
        }
    }
    section.add(&checks);
    Ok(section)
}

fn signal_item(dom: &Dom, list: &Element, name: &str, state: SignalState) -> DomResult<()> {
    let key = state.key();
    let item = dom.item(list, &format!("prl-signal prl-state-{key}"));
    set(&item, "data-prlens-signal-state", key);
    item.add(&dom.text("span", "prl-mark", format::state_mark(state)));
    item.add(&dom.text("span", "prl-signal-name", name));
    item.add(&dom.text("span", "prl-signal-state", state.label()));
    Ok(())
}
