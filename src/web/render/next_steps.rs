//! The Next steps section: the recommendation with its rationale and readiness checklist,
//! then the concerns to raise and the questions to ask the author.
//!
//! Why: the panel should end in what to do — the reference product closes with
//! "Recommendation" and "Next Steps" (concerns and questions).

use super::dom::{set, Append, Dom, DomResult};
use super::frame::{empty_note, section, subheading};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let (steps, review, pr) = (&signal.next_steps, &signal.review, &signal.pr);
    let section = section(dom, Section::NextSteps, "Next steps");
    let recommendation = dom.el("p", "prl-lead");
    recommendation.add(&dom.text(
        "strong",
        &format!("prl-rec-word prl-rec-{}", review.action.key()),
        review.action.label(),
    ));
    recommendation.add(&dom.text(
        "span",
        "prl-muted",
        &format!(" · {}% readiness", review.readiness.min(100)),
    ));
    section.add(&recommendation);
    if !review.rationale.is_empty() {
        section.add(&dom.text("p", "", &review.rationale));
    }
    if !review.checklist.is_empty() {
        let list = dom.list("prl-checklist", "Readiness checklist");
        for entry in &review.checklist {
            let complete = entry.earned >= entry.points;
            let item = dom.item(&list, "prl-result");
            let mark = dom.text("span", "prl-mark", if complete { "✓" } else { "○" });
            set(&mark, "aria-hidden", "true");
            item.add(&mark);
            item.add(&dom.text("span", "", &entry.label));
            item.add(&dom.text(
                "span",
                "prl-muted",
                &format!("{}/{} pts", entry.earned, entry.points),
            ));
        }
        section.add(&list);
    }
    if let Some(changed) = &review.changed_since_approval {
        super::since_approval::render(dom, &section, pr, changed);
    }
    for (title, entries, kind, empty) in [
        ("Concerns", &steps.concerns, "concern", "No concerns."),
        (
            "Questions for the author",
            &steps.questions,
            "question",
            "No open questions.",
        ),
    ] {
        subheading(dom, &section, title);
        if entries.is_empty() {
            empty_note(dom, &section, empty);
            continue;
        }
        let list = dom.list(&format!("prl-steps prl-steps-{kind}"), title);
        for entry in entries {
            dom.item(&list, "")
                .set_text_content(Some(&crate::text::show_invisibles(entry)));
        }
        section.add(&list);
    }
    Ok(section)
}
