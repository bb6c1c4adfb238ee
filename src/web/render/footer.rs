//! The panel footer: which engine computed the signal and for what time, plus any fetcher
//! notes when the signal is complete (a partial signal shows them in its notice instead).
//!
//! Why: when two reviewers see different numbers, the engine version and reference time
//! explain it; fetch notes (e.g. "history: 2 of 3 pages") qualify the numbers.

use super::dom::{set, Append, Dom, DomResult};
use super::options::AnonymousBudget;
use crate::fetch::notes::is_session_note;
use crate::signal::Meta;
use web_sys::Element;

/// `budget`: the anonymous API budget after a no-token fetch ("12 of 60 anonymous requests left
/// this hour"), so the user sees how far the hour's 60 go before a token is needed.
pub fn render(
    dom: &Dom,
    meta: &Meta,
    partial: bool,
    budget: Option<AnonymousBudget>,
) -> DomResult<Element> {
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
    // A no-token view: the budget line, with what the view read from github.com and left out
    // folded under it (one line high, like a token view's footer with one note).
    let (session, others): (Vec<&String>, Vec<&String>) = match partial {
        true => (Vec::new(), Vec::new()),
        false => meta.notes.iter().partition(|note| is_session_note(note)),
    };
    if budget.is_some() || !session.is_empty() {
        let details = dom.el("details", "prl-footer-note");
        set(&details, "data-prlens-session", "");
        let summary = match budget {
            Some(budget) => {
                let summary = dom.text("summary", "", &budget_line(budget));
                set(
                    &summary,
                    "data-prlens-budget",
                    &format!("{}/{}", budget.remaining, budget.limit),
                );
                summary
            }
            None => dom.text("summary", "", "Read without a token"),
        };
        details.add(&summary);
        for note in session {
            details.add(&dom.text("p", "", note));
        }
        footer.add(&details);
    }
    for note in others {
        footer.add(&dom.text("span", "prl-footer-note", note));
    }
    Ok(footer)
}

/// "12 of 60 anonymous requests left this hour (refills at 14:05 UTC)".
fn budget_line(budget: AnonymousBudget) -> String {
    let refill = crate::timestamp::format(budget.reset)
        .and_then(|time| time.get(11..16).map(str::to_string))
        .map(|clock| format!(" (refills at {clock} UTC)"))
        .unwrap_or_default();
    format!(
        "{} of {} anonymous requests left this hour{refill}",
        budget.remaining, budget.limit
    )
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
