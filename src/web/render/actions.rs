//! The actions row: copy as Markdown (done here), download the signal, download the bundle
//! and refresh (performed by panel.js through `onAction`).
//!
//! Why: the reviewer's next move after reading the signal is usually to paste it into a
//! review, keep it as evidence, or re-run it after a push.

use super::clipboard::COPY_LABEL;
use super::dom::{set, Append, Dom, DomResult};
use super::options::PanelOptions;
use web_sys::Element;

pub fn render(dom: &Dom, options: &PanelOptions) -> DomResult<Element> {
    let row = dom.el("div", "prl-actions");
    set(&row, "role", "group");
    set(&row, "aria-label", "prlens actions");
    row.add(&dom.action_button("copy-markdown", COPY_LABEL, "prl-btn"));
    let signal = dom.action_button("download-signal", "↓ Signal", "prl-btn");
    set(&signal, "title", "Download the signal as JSON");
    set(&signal, "aria-label", "Download the signal as JSON");
    row.add(&signal);
    let bundle = dom.action_button("download-bundle", "↓ Bundle", "prl-btn");
    set(
        &bundle,
        "title",
        "Download the bundle (the GitHub data the signal was computed from)",
    );
    set(&bundle, "aria-label", "Download the bundle JSON");
    if !options.has_bundle && options.on_action.is_none() {
        set(&bundle, "disabled", "");
    }
    row.add(&bundle);
    // Icon-only so the row fits GitHub's 296px sidebar; the name is in aria-label and title.
    let refresh = dom.action_button("refresh", "↻", "prl-btn prl-btn-icon");
    set(&refresh, "title", "Refresh: fetch the pull request again");
    set(&refresh, "aria-label", "Refresh");
    row.add(&refresh);
    Ok(row)
}
