//! Contributors, evidence and focus files as tables, for the details sheet, where there is
//! room for one row per person, check or file with its numbers in columns.
//!
//! Why: at 480–720 px a table lets the reviewer compare rows (who is new, which check
//! failed, which file is biggest) at a glance; the panel's stacked cards stay for the
//! narrow sidebar and the playground. Same data, same words, same safe building (`dom`).

use super::charts;
use super::contributors::{extra_badges, trust_chip};
use super::dom::{set, Append, Dom, DomResult};
use super::evidence::{completeness_meter, open_checks};
use super::focus::{open_section, path_link};
use super::format;
use super::frame::{chip, empty_note, section};
use super::links::profile_url;
use crate::signal::{Contributor, Evidence, FocusFile, PrInfo, Section};
use web_sys::Element;

/// A table with a caption and column headers; returns `(table, tbody)`.
fn new_table(dom: &Dom, caption: &str, columns: &[&str]) -> (Element, Element) {
    let table = dom.el("table", "prl-table");
    table.add(&dom.text("caption", "prl-sr-only", caption));
    let head = dom.el("thead", "");
    let row = dom.el("tr", "");
    for column in columns {
        let cell = dom.text("th", "", column);
        set(&cell, "scope", "col");
        row.add(&cell);
    }
    head.add(&row);
    table.add(&head);
    let body = dom.el("tbody", "");
    table.add(&body);
    (table, body)
}

/// A cell holding `child`.
fn cell_with(dom: &Dom, tag: &str, child: &Element) -> Element {
    let cell = dom.el(tag, "");
    cell.add(child);
    cell
}

/// Tables scroll sideways inside their card rather than widening the sheet.
fn scroller(dom: &Dom, table: &Element) -> Element {
    let wrap = dom.el("div", "prl-table-wrap");
    wrap.add(table);
    wrap
}

pub fn contributors(dom: &Dom, contributors: &[Contributor]) -> DomResult<Element> {
    let section = section(dom, Section::Contributors, "Contributors");
    if contributors.is_empty() {
        empty_note(dom, &section, "No contributor data was available.");
        return Ok(section);
    }
    let (table, body) = new_table(
        dom,
        "Contributors",
        &[
            "Person",
            "Trust",
            "Account",
            "PRs (merged)",
            "Commits",
            "Unfamiliar files",
        ],
    );
    for person in contributors {
        let row = dom.el("tr", "");
        let who = dom.el("th", "");
        set(&who, "scope", "row");
        who.add(&match profile_url(&person.login) {
            Some(url) => dom.github_link(&url, &person.login, "prl-login"),
            None => dom.text("span", "prl-login", &person.login),
        });
        let role = person.role.label();
        who.add(&dom.text("span", "prl-muted prl-block", role));
        for badge in extra_badges(person) {
            who.add(&chip(dom, badge, "outline"));
        }
        row.add(&who);
        row.add(&cell_with(dom, "td", &trust_chip(dom, person)?));
        row.add(&dom.text(
            "td",
            "prl-num",
            &person.account_age_days.map_or_else(
                || "unknown".to_string(),
                |days| format::plural(days, "day", "days"),
            ),
        ));
        row.add(&dom.text(
            "td",
            "prl-num",
            &format!(
                "{} ({})",
                format::optional_count(person.prior_prs),
                format::optional_count(person.merged_prs)
            ),
        ));
        row.add(&dom.text("td", "prl-num", &person.commits.to_string()));
        row.add(&dom.text(
            "td",
            "prl-num",
            &format::optional_count(person.unfamiliar_files),
        ));
        body.add(&row);
        // Why the trust level is what it is: a full-width line under the person's numbers.
        let why = dom.el("tr", "prl-why-row");
        let text = dom.text("td", "prl-why", &person.summary);
        if let Some(notes) = super::contributors::identity_notes(dom, person) {
            text.add(&notes);
        }
        set(&text, "colspan", "6");
        why.add(&text);
        body.add(&why);
    }
    section.add(&scroller(dom, &table));
    Ok(section)
}

pub fn evidence(dom: &Dom, evidence: &Evidence) -> DomResult<Element> {
    let section = section(dom, Section::Evidence, "Evidence");
    section.add(&completeness_meter(dom, evidence)?);

    let signals = &evidence.signals;
    let (table, body) = new_table(dom, "Evidence signals", &["Signal", "State"]);
    for (name, state) in [
        ("Tests", signals.tests_passing),
        ("CI", signals.ci_passing),
        ("Lint", signals.lint_passing),
        ("Security scan", signals.security_scan_clean),
        ("Coverage", signals.coverage_maintained),
        ("Build", signals.build_successful),
    ] {
        let key = state.key();
        let row = dom.el("tr", &format!("prl-state-{key}"));
        set(&row, "data-prlens-signal-state", key);
        let label = dom.text("th", "", name);
        set(&label, "scope", "row");
        row.add(&label);
        let value = dom.el("td", "");
        value.add(&dom.text("span", "prl-mark", format::state_mark(state)));
        value.add(&dom.text("span", "prl-signal-state", state.label()));
        row.add(&value);
        body.add(&row);
    }
    section.add(&scroller(dom, &table));
    if !open_checks(dom, &section, evidence) {
        return Ok(section);
    }
    let (table, body) = new_table(dom, "Checks", &["Check", "State", "Conclusion", "Feeds"]);
    for check in &evidence.checks {
        let key = check.state.key();
        let row = dom.el("tr", &format!("prl-state-{key}"));
        let name = dom.text("th", "prl-check-name", &check.name);
        set(&name, "scope", "row");
        row.add(&name);
        let state = dom.el("td", "");
        state.add(&dom.text("span", "prl-mark", format::state_mark(check.state)));
        state.add(&dom.text("span", "prl-signal-state", check.state.label()));
        row.add(&state);
        row.add(&dom.text("td", "", &check.conclusion));
        let feeds = dom.el("td", "");
        for feed in &check.feeds {
            feeds.add(&chip(dom, feed, "outline"));
        }
        row.add(&feeds);
        body.add(&row);
    }
    section.add(&scroller(dom, &table));
    Ok(section)
}

pub fn focus(dom: &Dom, focus: &[FocusFile], more: u64, pr: &PrInfo) -> DomResult<Element> {
    let (section, max_lines) = open_section(dom, focus);
    let Some(max_lines) = max_lines else {
        return Ok(section);
    };
    let (table, body) = new_table(
        dom,
        "Files ranked by review priority",
        &["File", "Changes", "Why"],
    );
    for file in focus {
        let priority = file.priority.key();
        let row = dom.el("tr", "prl-focus-file");
        set(&row, "data-prlens-priority", priority);
        // The priority leads the file cell (in words, not only colour): one column fewer, so
        // the table fits the 480 px sheet.
        let name = dom.el("th", "prl-file-cell");
        set(&name, "scope", "row");
        name.add(&chip(dom, priority, priority));
        name.add(&path_link(dom, file, pr));
        if file.viewed {
            name.add(&chip(dom, "Viewed", "outline"));
        }
        row.add(&name);
        let changes = dom.el("td", "prl-num");
        let counts = dom.el("span", "prl-counts");
        counts.add(&dom.text("span", "prl-add", &format!("+{}", file.additions)));
        counts.add(&dom.text("span", "prl-del", &format!("−{}", file.deletions)));
        changes.add(&counts);
        changes.add(&charts::size_bar(
            dom,
            file.additions,
            file.deletions,
            max_lines,
        )?);
        row.add(&changes);
        row.add(&dom.text("td", "prl-why", &file.reasons.join("; ")));
        body.add(&row);
    }
    section.add(&scroller(dom, &table));
    if more > 0 {
        section.add(&dom.text(
            "p",
            "prl-muted",
            &format!(
                "… and {} ranked lower (see the Files tab)",
                format::plural(more, "file", "files")
            ),
        ));
    }
    Ok(section)
}
