//! The Intent section: what the PR says it does (goal), its acceptance criteria with
//! met ✓ / unmet ✗ / unknown ? marks and the evidence for each, linked issues, and how
//! confident the extraction is.
//!
//! Why: reviewing against stated intent catches both missing work and scope creep; the
//! reference product opens its report with "4/4 criteria met".

use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::{empty_note, section, subheading};
use super::links::issue_url;
use crate::signal::{Criterion, Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let (intent, pr) = (&signal.intent, &signal.pr);
    let section = section(dom, Section::Intent, "Intent");
    let met = intent
        .criteria
        .iter()
        .filter(|c| c.met == Some(true))
        .count();
    if !intent.criteria.is_empty() {
        section.add(&dom.text(
            "p",
            "prl-lead",
            &format!("{met}/{} criteria met", intent.criteria.len()),
        ));
    }
    let goal = if intent.goal.is_empty() {
        "The description states no goal."
    } else {
        intent.goal.as_str()
    };
    section.add(&dom.text("p", "prl-goal", goal));

    subheading(dom, &section, "Acceptance criteria");
    if intent.criteria.is_empty() {
        empty_note(
            dom,
            &section,
            "No acceptance criteria could be read from the description.",
        );
    } else {
        let list = dom.list("prl-criteria", "Acceptance criteria");
        for criterion in &intent.criteria {
            criterion_item(dom, &list, criterion)?;
        }
        section.add(&list);
    }

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
        &format!(
            "Confidence {} · source: {}",
            format::percent(intent.confidence),
            intent.source
        ),
    ));
    Ok(section)
}

fn criterion_item(dom: &Dom, list: &Element, criterion: &Criterion) -> DomResult<()> {
    let (mark, key, word) = match criterion.met {
        Some(true) => ("✓", "met", "met"),
        Some(false) => ("✗", "unmet", "not met"),
        None => ("?", "unknown", "unknown"),
    };
    let item = dom.item(list, &format!("prl-criterion prl-criterion-{key}"));
    set(&item, "data-prlens-criterion", key);
    let mark_el = dom.text("span", "prl-mark", mark);
    set(&mark_el, "aria-label", word);
    set(&mark_el, "role", "img");
    item.add(&mark_el);
    let body = dom.el("div", "");
    body.add(&dom.text("span", "prl-criterion-text", &criterion.text));
    if !criterion.evidence.is_empty() {
        body.add(&dom.text("p", "prl-muted", &criterion.evidence));
    }
    item.add(&body);
    Ok(())
}
