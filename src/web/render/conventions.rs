//! The Conventions section: the repository's conventions (title format, description,
//! linked issue, tests alongside code…) each marked followed ✓ or not ✗ with why.
//!
//! Why: convention misses are cheap to fix and easy to forget; listing them lets the
//! reviewer ask for them in one comment.

use super::dom::{set, Append, Dom, DomResult};
use super::frame::{empty_note, section};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let checks = &signal.conventions;
    let section = section(dom, Section::Conventions, "Conventions");
    if checks.is_empty() {
        empty_note(dom, &section, "No convention checks apply.");
        return Ok(section);
    }
    let list = dom.list("prl-results", "Convention checks");
    for check in checks {
        let key = if check.ok { "pass" } else { "fail" };
        let item = dom.item(&list, &format!("prl-result prl-outcome-{key}"));
        set(&item, "data-prlens-outcome", key);
        let mark = dom.text("span", "prl-mark", if check.ok { "✓" } else { "✗" });
        set(&mark, "role", "img");
        set(
            &mark,
            "aria-label",
            if check.ok { "followed" } else { "not followed" },
        );
        item.add(&mark);
        item.add(&dom.text("code", "", &check.id));
        item.add(&dom.text("span", "prl-result-detail", &check.detail));
    }
    section.add(&list);
    Ok(section)
}
