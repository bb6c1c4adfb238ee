//! The Contributors section: for the author and each committer, the trust badge, account
//! age, prior and merged PRs, commits, role, badges, unfamiliar files and the one-line
//! summary of why the trust level is what it is.
//!
//! Why: who wrote a change is one of the strongest risk signals (new accounts, first
//! contributions, unfamiliar code); the reference product shows the same card per person.

use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::{chip, empty_note, facts, section};
use super::links::profile_url;
use crate::signal::{Contributor, Section, Signal};
use crate::text::show_invisibles;
use web_sys::Element;

/// The person's trust level as a chip (`data-prlens-trust`), in the panel and the sheet.
pub(super) fn trust_chip(dom: &Dom, person: &Contributor) -> DomResult<Element> {
    let trust_key = person.trust_level.key();
    let trust = chip(
        dom,
        person.trust_level.label(),
        &format!("trust-{trust_key}"),
    );
    set(&trust, "data-prlens-trust", trust_key);
    Ok(trust)
}

/// The engine's badges that do not repeat the trust or role label ("PR Author", "New
/// Contributor"): each word is shown once.
pub(super) fn extra_badges(person: &Contributor) -> impl Iterator<Item = &String> {
    let shown = [person.trust_level.label(), person.role.label()];
    person
        .badges
        .iter()
        .filter(move |badge| !shown.iter().any(|label| label.eq_ignore_ascii_case(badge)))
}

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let section = people(dom, &signal.contributors)?;
    super::authorship::append(dom, &section, &signal.authorship);
    Ok(section)
}

/// The contributors themselves, one card each.
fn people(dom: &Dom, contributors: &[Contributor]) -> DomResult<Element> {
    let section = section(dom, Section::Contributors, "Contributors");
    if contributors.is_empty() {
        empty_note(dom, &section, "No contributor data was available.");
        return Ok(section);
    }
    let list = dom.list("prl-people", "Contributors");
    for person in contributors {
        let item = dom.item(&list, "prl-person");
        let head = dom.el("div", "prl-person-head");
        let login = match profile_url(&person.login) {
            Some(url) => dom.github_link(&url, &person.login, "prl-login"),
            None => dom.text("span", "prl-login", &person.login),
        };
        head.add(&login);
        head.add(&trust_chip(dom, person)?);
        let role = person.role.label();
        head.add(&chip(dom, role, "neutral"));
        for badge in extra_badges(person) {
            head.add(&chip(dom, badge, "outline"));
        }
        item.add(&head);
        let mut rows = vec![
            (
                "Account age",
                person.account_age_days.map_or_else(
                    || "unknown".to_string(),
                    |days| format::plural(days, "day", "days"),
                ),
            ),
            ("Prior PRs", format::optional_count(person.prior_prs)),
            ("Merged PRs", format::optional_count(person.merged_prs)),
            ("Commits", person.commits.to_string()),
            (
                "Unfamiliar files",
                format::optional_count(person.unfamiliar_files),
            ),
        ];
        if let Some(association) = &person.association {
            // GitHub's association values are ASCII words (FIRST_TIME_CONTRIBUTOR); ASCII
            // lowering keeps core's Unicode case tables out of the wasm.
            rows.push((
                "Association",
                association.to_ascii_lowercase().replace('_', " "),
            ));
        }
        facts(dom, &item, &rows);
        item.add(&dom.text("p", "prl-summary-text", &person.summary));
        if let Some(notes) = identity_notes(dom, person) {
            item.add(&notes);
        }
    }
    section.add(&list);
    Ok(section)
}

/// The person's identity and behaviour notes, each a chip with its evidence (`None`: no notes).
/// Shared by the panel's cards and the details sheet's table.
pub fn identity_notes(dom: &Dom, person: &Contributor) -> Option<Element> {
    if person.identity.is_empty() {
        return None;
    }
    let notes = dom.list("prl-identity", "Identity and behaviour");
    for note in &person.identity {
        let entry = dom.item(&notes, "prl-identity-note");
        set(&entry, "data-prlens-identity", note.kind.key());
        entry.add(&chip(dom, note.kind.label(), "outline"));
        entry.add(&dom.text("span", "", &show_invisibles(&note.detail)));
    }
    Some(notes)
}
