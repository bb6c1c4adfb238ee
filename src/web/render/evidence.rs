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

/// Completeness from which the bar takes the "low" tone, and the "medium" one (below: "high").
/// Display cut-offs only: they colour the bar, whose percentage is written beside it, and are
/// no input to risk. The panel list and the sheet table share them (`completeness_meter`).
const LOW_TONE_FROM: f64 = 0.8;
const MEDIUM_TONE_FROM: f64 = 0.4;

/// "Completeness N%" with its bar, coloured by the cut-offs above (panel list and sheet table).
pub(super) fn completeness_meter(dom: &Dom, evidence: &Evidence) -> DomResult<Element> {
    let meter = dom.el("div", "prl-meter");
    let percent = format::percent(evidence.completeness);
    meter.add(&dom.text("span", "", &format!("Completeness {percent}")));
    let tone = if evidence.completeness >= LOW_TONE_FROM {
        "low"
    } else if evidence.completeness >= MEDIUM_TONE_FROM {
        "medium"
    } else {
        "high"
    };
    meter.add(&charts::bar(
        dom,
        evidence.completeness,
        tone,
        &format!("evidence completeness {percent}"),
    )?);
    Ok(meter)
}

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
    section.add(&completeness_meter(dom, evidence)?);

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
