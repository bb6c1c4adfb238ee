//! "For you" (issue #38): the focus files that are the viewer's to review and what changed
//! since their last review — first in the compact panel and at the top of the details sheet's
//! Focus files. For the PR's author it is "What reviewers will see". Shown only in extension
//! frames: the viewer's identity and ownership never reach the page.
//!
//! Everything is text (`textContent`); file links are the focus files' validated diff anchors
//! and the compare link is rebuilt from the PR's validated owner/repo and hex commit ids.

use super::dom::{set, Append, Dom};
use super::focus::path_link;
use super::frame::subheading;
use super::links::compare_url;
use crate::signal::{Signal, SinceReview, ViewerView};
use web_sys::Element;

/// Files listed in the compact panel; the sheet lists every one.
const COMPACT_FILES: usize = 5;

/// The group, when the signal has a viewer; `compact` caps the lists for the sidebar.
pub fn group(dom: &Dom, signal: &Signal, compact: bool) -> Option<Element> {
    let viewer = signal.viewer.as_ref().filter(|viewer| viewer.is_shown())?;
    let block = dom.el("div", "prl-for-you");
    set(&block, "data-prlens-for-you", viewer.role.key());
    subheading(
        dom,
        &block,
        &format!("{} (@{})", viewer.heading(), viewer.login),
    );
    files(dom, &block, signal, viewer, compact);
    if let Some(since) = &viewer.since_review {
        since_review(dom, &block, signal, since, compact);
    } else if viewer.reviewed_on_head {
        block.add(&dom.text(
            "p",
            "prl-muted",
            "Your last review is on the head commit: nothing new since.",
        ));
    }
    Some(block)
}

fn files(dom: &Dom, block: &Element, signal: &Signal, viewer: &ViewerView, compact: bool) {
    if let Some(line) = viewer.empty_line() {
        block.add(&dom.text("p", "prl-muted", line));
    }
    if !viewer.for_you.is_empty() {
        let list = dom.list("prl-steps", viewer.heading());
        let shown = if compact { COMPACT_FILES } else { usize::MAX };
        for file in viewer.for_you.iter().take(shown) {
            let item = dom.item(&list, "prl-for-you-file");
            for reason in &file.reasons {
                set(&item, "data-prlens-reason", reason.kind.key());
            }
            match signal.focus.iter().find(|focus| focus.path == file.path) {
                Some(focus) => item.add(&path_link(dom, focus, &signal.pr)),
                None => item.add(&dom.path("code", "prl-path", &file.path)),
            }
            item.add(&dom.text("p", "prl-muted", &file.why()));
        }
        let unlisted = viewer.for_you.len().saturating_sub(shown);
        if unlisted > 0 {
            dom.item(&list, "prl-muted")
                .set_text_content(Some(&format!("and {unlisted} more (Show details)")));
        }
        block.add(&list);
    }
    for note in &viewer.notes {
        let note_el = dom.text("p", "prl-muted prl-for-you-note", note);
        block.add(&note_el);
    }
}

fn since_review(dom: &Dom, block: &Element, signal: &Signal, since: &SinceReview, compact: bool) {
    let part = dom.el("div", "prl-since-review");
    set(
        &part,
        "data-prlens-since-review",
        if since.rewritten {
            "rewritten"
        } else {
            "changed"
        },
    );
    subheading(dom, &part, "Since your review");
    part.add(&dom.text("p", "", &since.lead()));
    let answer = dom.text("p", "prl-since-review-answer", &since.answer);
    set(
        &answer,
        "data-prlens-full-read",
        match since.full_read {
            Some(true) => "yes",
            Some(false) => "no",
            None => "unknown",
        },
    );
    part.add(&answer);
    if let Some(summary) = since.diff_summary() {
        part.add(&dom.text("p", "prl-muted", &summary));
    }
    if let Some(diff) = &since.diff {
        let list = dom.list("prl-steps", "Files changed since your review");
        let shown = if compact { COMPACT_FILES } else { usize::MAX };
        for file in diff.files.iter().take(shown) {
            let item = dom.item(&list, if file.focus { "prl-focus-changed" } else { "" });
            item.add(&dom.path("code", "prl-path", &file.path));
            item.add(&dom.text("span", "prl-muted", &format!(" {}", file.counts())));
        }
        part.add(&list);
    }
    for driver in &since.drivers {
        part.add(&dom.text(
            "p",
            "prl-since-review-new",
            &format!(
                "New since your review: {} ({})",
                driver.label, driver.detail
            ),
        ));
    }
    for finding in signal.since_review_findings(since) {
        part.add(&dom.text(
            "p",
            "prl-since-review-new",
            &format!(
                "New finding: {} {} {}",
                finding.severity.label(),
                finding.path,
                finding.detail
            ),
        ));
    }
    if let Some(note) = &since.diff_note {
        part.add(&dom.text("p", "prl-muted", note));
    }
    let pr = &signal.pr;
    if let Some(url) = compare_url(&pr.owner, &pr.repo, &since.reviewed_commit, &since.head) {
        part.add(&dom.github_link(
            &url,
            "Compare your reviewed commit with the head",
            "prl-compare",
        ));
    }
    block.add(&part);
}
