//! The partial-data notice: when the fetcher could not get some inputs (`meta.missing`),
//! the panel says which ones and why, plus the fetcher's notes.
//!
//! Why: a signal computed without checks or history is weaker; the reviewer must see what
//! it lacks rather than trust it blindly.

use super::dom::{set, Append, Dom, DomResult};
use crate::fetch::compare::not_yet_note;
use crate::fetch::notes::{later_sections, skipped_by_choice};
use crate::signal::Meta;
use web_sys::Element;

/// True when the signal was computed with fetch gaps.
pub fn is_partial(meta: &Meta) -> bool {
    fetch_gaps(meta).next().is_some()
}

/// True for a first view whose notes name sections still on the network (they are not gaps:
/// the panel re-renders when they arrive).
pub fn is_refining(meta: &Meta) -> bool {
    meta.notes
        .iter()
        .any(|note| !later_sections(note).is_empty())
}

/// A section a first view's note says is still coming.
fn coming(meta: &Meta, entry: &str) -> bool {
    let section = section_of(entry);
    meta.notes
        .iter()
        .any(|note| later_sections(note).contains(&section))
}

/// Sections whose absence is not a fetch gap: `page` (facts read from the PR page: Viewed
/// ticks, collapsed generated files) is absent by design outside the extension (CLI,
/// playground); `timeline` and `events` are fetched after the first render or skipped when
/// the rate budget is low (their absence stays listed in the signal's `meta.missing`).
const NOT_GAPS: &[&str] = &["page", "timeline", "events"];

fn section_of(entry: &str) -> &str {
    entry
        .split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or_default()
}

/// A section a compare bundle cannot have yet (its checks and reviews), as its note says.
fn not_yet(meta: &Meta, entry: &str) -> bool {
    let note = not_yet_note(section_of(entry));
    meta.notes.contains(&note)
}

/// Missing inputs that the fetcher should have got (all but [`NOT_GAPS`], those a first view's
/// note says are still coming, and those a no-token view leaves out by choice and says so).
fn fetch_gaps(meta: &Meta) -> impl Iterator<Item = &String> {
    meta.missing.iter().filter(|entry| {
        let section = section_of(entry);
        !NOT_GAPS.contains(&section)
            && !coming(meta, entry)
            && !skipped_by_choice(&meta.notes, section)
    })
}

pub fn render(dom: &Dom, meta: &Meta) -> DomResult<Element> {
    let notice = dom.el("div", "prl-notice");
    set(&notice, "role", "status");
    let kind = if is_partial(meta) {
        "partial"
    } else {
        "refining"
    };
    set(&notice, "data-prlens-notice", kind);
    // A compare page's self-check: sections a PR only has once opened are not "missing".
    let (later, gaps): (Vec<&String>, Vec<&String>) =
        fetch_gaps(meta).partition(|entry| not_yet(meta, entry));
    for (entries, heading, label, hook) in [
        (
            &gaps,
            "Partial signal — some data could not be fetched:",
            "Missing inputs",
            "missing",
        ),
        (
            &later,
            "Not known until the pull request exists:",
            "Inputs not known yet",
            "not-yet",
        ),
    ] {
        if entries.is_empty() {
            continue;
        }
        notice.add(&dom.text("strong", "", heading));
        let list = dom.list("prl-missing", label);
        set(&list, "data-prlens-missing", hook);
        for missing in entries {
            dom.item(&list, "")
                .set_text_content(Some(&crate::text::show_invisibles(missing)));
        }
        notice.add(&list);
    }
    for note in &meta.notes {
        if !later
            .iter()
            .any(|entry| not_yet_note(section_of(entry)) == *note)
        {
            notice.add(&dom.text("p", "prl-muted", note));
        }
    }
    Ok(notice)
}
