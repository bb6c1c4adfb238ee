//! The partial-data notice: when the fetcher could not get some inputs (`meta.missing`),
//! the panel says which ones and why, plus the fetcher's notes.
//!
//! Why: a signal computed without checks or history is weaker; the reviewer must see what
//! it lacks rather than trust it blindly (issue 5, "partial (what is missing and why)").

use super::dom::Append;
use super::dom::{set, Dom, DomResult};
use crate::signal::Meta;
use web_sys::Element;

/// True when the signal was computed with fetch gaps.
pub fn is_partial(meta: &Meta) -> bool {
    !meta.missing.is_empty()
}

pub fn render(dom: &Dom, meta: &Meta) -> DomResult<Element> {
    let notice = dom.el("div", "prl-notice")?;
    set(&notice, "role", "status")?;
    set(&notice, "data-prlens-notice", "partial")?;
    notice.add(&dom.text(
        "strong",
        "",
        "Partial signal — some data could not be fetched:",
    )?)?;
    let list = dom.list("prl-missing", "Missing inputs")?;
    for missing in &meta.missing {
        dom.item(&list, "")?.set_text_content(Some(missing));
    }
    notice.add(&list)?;
    for note in &meta.notes {
        notice.add(&dom.text("p", "prl-muted", note)?)?;
    }
    Ok(notice)
}
