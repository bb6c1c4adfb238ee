//! The panel footer: which engine computed the signal and for what time, plus any fetcher
//! notes when the signal is complete (a partial signal shows them in its notice instead).
//!
//! Why: when two reviewers see different numbers, the engine version and reference time
//! explain it; fetch notes (e.g. "history: 2 of 3 pages") qualify the numbers.

use super::dom::{set, Append, Dom, DomResult};
use crate::signal::Meta;
use web_sys::Element;

pub fn render(dom: &Dom, meta: &Meta, partial: bool) -> DomResult<Element> {
    let footer = dom.el("footer", "prl-footer");
    let stamp = dom.text(
        "span",
        "",
        &format!(
            "engine {} · as of {}",
            meta.engine_version,
            minutes_utc(&meta.generated_at)
        ),
    );
    set(&stamp, "data-prlens-engine", &meta.engine_version);
    footer.add(&stamp);
    if !partial {
        for note in &meta.notes {
            footer.add(&dom.text("span", "prl-footer-note", note));
        }
    }
    Ok(footer)
}

/// `2026-02-06T19:40:00Z` → `2026-02-06 19:40 UTC`; other text is shown as it is.
fn minutes_utc(rfc3339: &str) -> String {
    match rfc3339.get(..16) {
        Some(prefix) if rfc3339.ends_with('Z') && rfc3339.as_bytes().get(10) == Some(&b'T') => {
            format!("{} UTC", prefix.replace('T', " "))
        }
        _ => rfc3339.to_string(),
    }
}
