//! The Focus files section: the files to review first, ranked, each with a priority chip,
//! +/− counts and a size bar, why it ranks there, whether it is already Viewed, and a link
//! to its diff on the Files tab (GitHub's own `diff-<sha256(path)>` anchor). Clicking a
//! link asks panel.js (`onAction("focus-file", {anchor})`) to scroll the page there.
//!
//! Why: on a large PR, knowing where to start is most of the triage (reference product
//! "Focus Files": "Focus on 2 critical file(s)").

use super::charts;
use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::{chip, empty_note, section};
use super::links::{file_diff_url, is_valid_anchor};
use crate::engine::sections::pr::NOT_OPENED_NUMBER;
use crate::signal::{FocusFile, PrInfo, Priority, Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]); ranked files the signal did not keep (`focus_more`) are announced after
/// the list.
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let (focus, more, pr) = (&signal.focus, signal.focus_more, &signal.pr);
    let (section, max_lines) = open_section(dom, focus);
    let Some(max_lines) = max_lines else {
        return Ok(section);
    };
    let list = dom.list("prl-focus", "Files ranked by review priority");
    for file in focus {
        let priority = file.priority.key();
        let item = dom.item(&list, "prl-focus-file");
        set(&item, "data-prlens-priority", priority);
        item.add(&path_link(dom, file, pr));
        let meta = dom.el("div", "prl-focus-meta");
        meta.add(&chip(dom, priority, priority));
        if file.viewed {
            meta.add(&chip(dom, "Viewed", "outline"));
        }
        let counts = dom.el("span", "prl-counts");
        counts.add(&dom.text("span", "prl-add", &format!("+{}", file.additions)));
        counts.add(&dom.text("span", "prl-del", &format!("−{}", file.deletions)));
        meta.add(&counts);
        meta.add(&charts::size_bar(
            dom,
            file.additions,
            file.deletions,
            max_lines,
        )?);
        item.add(&meta);
        if !file.reasons.is_empty() {
            item.add(&dom.text("p", "prl-muted", &file.reasons.join("; ")));
        }
    }
    section.add(&list);
    if more > 0 {
        let note = format!(
            "… and {} ranked lower (see the Files tab)",
            format::plural(more, "more file", "more files")
        );
        section.add(&dom.text("p", "prl-muted", &note));
    }
    Ok(section)
}

/// The file path as a link to its diff; plain text when the anchor or PR parts fail
/// validation.
pub fn path_link(dom: &Dom, file: &FocusFile, pr: &PrInfo) -> Element {
    // A PR not opened yet has no Files tab: its diffs are on the compare page (pr.url).
    let url = if pr.number == NOT_OPENED_NUMBER {
        is_valid_anchor(&file.anchor).then(|| format!("{}#{}", pr.url, file.anchor))
    } else {
        file_diff_url(&pr.owner, &pr.repo, pr.number, &file.anchor)
    };
    let Some(url) = url else {
        return dom.path("code", "prl-path", &file.path);
    };
    let link = dom.path("a", "prl-path", &file.path);
    set(&link, "href", &url);
    // The diff belongs to the PR page the panel sits in, so navigate that page, not a new tab.
    set(&link, "target", "_top");
    set(&link, "data-prlens-anchor", &file.anchor);
    set(
        &link,
        "title",
        &format!("Show {} in Files changed", file.path),
    );
    link
}

/// The focus section's opening, shared by the panel and the details sheet: the empty note, or
/// the "Focus on N critical files" lead and the largest file's changed lines (the bars' scale).
pub(super) fn open_section(dom: &Dom, focus: &[FocusFile]) -> (Element, Option<u64>) {
    let section = section(dom, Section::Focus, "Focus files");
    if focus.is_empty() {
        empty_note(dom, &section, "No files to focus on.");
        return (section, None);
    }
    let critical = focus
        .iter()
        .filter(|file| file.priority == Priority::Critical)
        .count();
    if critical > 0 {
        section.add(&dom.text(
            "p",
            "prl-lead",
            &format!(
                "Focus on {}",
                format::plural(critical as u64, "critical file", "critical files")
            ),
        ));
    }
    let max_lines = focus
        .iter()
        .map(|file| file.additions + file.deletions)
        .max()
        .unwrap_or(0);
    (section, Some(max_lines))
}
