//! Shared section chrome: every full-view section is a labelled `region` with a heading
//! and a `data-prlens-section` hook, and empty data gets an explicit sentence.
//!
//! Why: uniform landmarks let keyboard and screen-reader users jump between sections, and
//! the stable hooks are what the end-to-end tests and the "hide section" setting target
//! (docs/CONTRACTS.md, DOM hooks). An empty list says so, so no box is ever blank.

use std::sync::atomic::{AtomicU32, Ordering};

use super::dom::{set, Append, Dom};
use crate::signal::Section;
use web_sys::Element;

static HEADING_COUNTER: AtomicU32 = AtomicU32::new(0);

/// A `<section data-prlens-section=key role=region>` with a heading (`h3` in the panel,
/// `h2` in the sheet); returns the section.
pub fn section(dom: &Dom, which: Section, title: &str) -> Element {
    let key = which.key();
    let section = dom.el("section", "prl-section");
    set(&section, "data-prlens-section", key);
    set(&section, "role", "region");
    // Unique per render, so several panels in one document (the playground) keep valid ARIA.
    let heading_id = format!(
        "prlens-h-{key}-{}",
        HEADING_COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let heading = dom.text(dom.section_heading(), "prl-section-title", title);
    set(&heading, "id", &heading_id);
    set(&section, "aria-labelledby", &heading_id);
    section.add(&heading);
    section
}

/// A muted sentence for "nothing here" (e.g. no findings).
pub fn empty_note(dom: &Dom, parent: &Element, text: &str) {
    parent.add(&dom.text("p", "prl-empty", text));
}

/// A definition list of label → value facts.
pub fn facts(dom: &Dom, parent: &Element, rows: &[(&str, String)]) {
    let list = dom.el("dl", "prl-facts");
    for (label, value) in rows {
        let row = dom.el("div", "prl-fact");
        row.add(&dom.text("dt", "", label));
        row.add(&dom.text("dd", "", value));
        list.add(&row);
    }
    parent.add(&list);
}

/// A small rounded label (`prl-chip prl-tone-{tone}`).
pub fn chip(dom: &Dom, text: &str, tone: &str) -> Element {
    dom.text("span", &format!("prl-chip prl-tone-{tone}"), text)
}

/// A sub-heading inside a section.
pub fn subheading(dom: &Dom, parent: &Element, text: &str) {
    parent.add(&dom.text(dom.sub_heading(), "prl-subtitle", text));
}
