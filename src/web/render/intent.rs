//! The Intent section: what the PR says it does (goal), "N of M claims confirmed by the diff",
//! each claim with its mark (✓ confirmed, ✗ not in the diff, ⚠ contradicted, ? cannot be
//! checked), where it was read and its evidence (file and line), the boxes left unticked, what
//! the engine did not read, and the linked issues.
//!
//! Why: a reviewer checks a change against what it claims; the evidence line lets them see the
//! claim hold (or not) without trusting a score, and the reading note says plainly what was not
//! checked. All of it is the PR's text, inserted only as text (`Dom::text`, which also shows
//! invisible and bidi characters as `⟪U+…⟫`).

use super::dom::{set, Append, Dom, DomResult};
use super::frame::{empty_note, section, subheading};
use super::links::issue_url;
use crate::signal::{Claim, Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let (intent, pr) = (&signal.intent, &signal.pr);
    let section = section(dom, Section::Intent, "Intent");
    section.add(&dom.text("p", "prl-lead", &intent.summary()));
    let goal = if intent.goal.is_empty() {
        "The description states no goal."
    } else {
        intent.goal.as_str()
    };
    section.add(&dom.text("p", "prl-goal", goal));

    subheading(dom, &section, "Claims");
    if intent.claims.is_empty() {
        empty_note(
            dom,
            &section,
            "The description makes no claim the diff can check; none is invented.",
        );
    } else {
        let list = dom.list("prl-claims", "Claims of the description");
        for claim in &intent.claims {
            claim_item(dom, &list, claim);
        }
        section.add(&list);
    }
    if !intent.unticked.is_empty() {
        let row = dom.el("p", "prl-unticked");
        row.add(&dom.text("span", "prl-muted", "Left unticked: "));
        row.add(&dom.text("span", "", &intent.unticked.join("; ")));
        section.add(&row);
    }
    section.add(&dom.text("p", "prl-muted prl-reading", &intent.reading_note()));

    if !intent.linked_issues.is_empty() {
        let row = dom.el("p", "prl-linked");
        row.add(&dom.text("span", "prl-muted", "Linked issues: "));
        for number in &intent.linked_issues {
            let label = format!("#{number}");
            let link = match issue_url(&pr.owner, &pr.repo, *number) {
                Some(url) => dom.github_link(&url, &label, "prl-issue"),
                None => dom.text("span", "prl-issue", &label),
            };
            row.add(&link);
        }
        section.add(&row);
    }
    section.add(&dom.text(
        "p",
        "prl-muted",
        &format!("Goal from the {}", intent.source),
    ));
    Ok(section)
}

fn claim_item(dom: &Dom, list: &Element, claim: &Claim) {
    let key = claim.status.key();
    let item = dom.item(list, &format!("prl-claim prl-claim-{key}"));
    set(&item, "data-prlens-claim", key);
    set(&item, "data-prlens-claim-kind", claim.kind.key());
    let mark = dom.text("span", "prl-mark", claim.status.mark());
    set(&mark, "aria-label", claim.status.label());
    set(&mark, "role", "img");
    item.add(&mark);
    let body = dom.el("div", "");
    body.add(&dom.text("span", "prl-claim-text", &claim.text));
    body.add(&dom.text(
        "span",
        "prl-claim-origin prl-muted",
        &format!(" — {}", claim.reading()),
    ));
    for line in claim.evidence_lines() {
        body.add(&dom.text("p", "prl-muted prl-claim-evidence", &line));
    }
    item.add(&body);
}
