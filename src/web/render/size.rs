//! The size section: lines added and removed, files changed (a throw-away example section).

use super::dom::{Dom, DomResult};
use super::frame::{facts, section};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal`.
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let section = section(dom, Section::Size, "Size");
    let pr = &signal.pr;
    facts(
        dom,
        &section,
        &[
            ("Added", pr.additions.to_string()),
            ("Removed", pr.deletions.to_string()),
            ("Files", pr.changed_files.to_string()),
        ],
    );
    Ok(section)
}
