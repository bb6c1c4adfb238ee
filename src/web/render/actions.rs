//! The actions row: copy as Markdown (done here), download the signal, download the bundle
//! and refresh (performed by panel.js through `onAction`).
//!
//! Why: the reviewer's next move after reading the signal is usually to paste it into a
//! review, keep it as evidence, or re-run it after a push (issue 5, "Actions").

use super::clipboard::COPY_LABEL;
use super::dom::{set, Append, Dom, DomResult};
use super::options::PanelOptions;
use web_sys::Element;

pub fn render(dom: &Dom, options: &PanelOptions) -> DomResult<Element> {
    let row = dom.el("div", "prl-actions")?;
    set(&row, "role", "group")?;
    set(&row, "aria-label", "prlens actions")?;
    row.add(&dom.action_button("copy-markdown", COPY_LABEL, "prl-btn")?)?;
    row.add(&dom.action_button("download-signal", "Download signal", "prl-btn")?)?;
    let bundle = dom.action_button("download-bundle", "Download bundle", "prl-btn")?;
    if !options.has_bundle && options.on_action.is_none() {
        set(&bundle, "disabled", "")?;
    }
    row.add(&bundle)?;
    row.add(&dom.action_button("refresh", "Refresh", "prl-btn")?)?;
    Ok(row)
}
