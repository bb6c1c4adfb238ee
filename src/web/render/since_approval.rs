//! "Changed since approval" in the Next steps (review) section: who approved which commit, the
//! commits pushed after it, the files and lines they changed (focus files marked), and a link
//! to GitHub's compare view from that commit to the head.
//!
//! Why: an approval vouches for one commit; the reviewer needs to see, in one click, what was
//! never approved (engine: `sections::since_approval`). The link is rebuilt here from the PR's
//! validated owner/repo and hex commit ids, never taken from the signal as an `href`.

use super::dom::{set, Append, Dom};
use super::frame::subheading;
use super::links::compare_url;
use crate::signal::{ChangedSinceApproval, PrInfo};
use crate::text::show_invisibles;
use web_sys::Element;

pub fn render(dom: &Dom, parent: &Element, pr: &PrInfo, changed: &ChangedSinceApproval) {
    subheading(dom, parent, "Changed since approval");
    let block = dom.el("div", "prl-since-approval");
    block.add(&dom.text("p", "", &changed.lead()));
    if !changed.commits.is_empty() {
        let list = dom.list("prl-steps", "Commits since approval");
        for commit in &changed.commits {
            dom.item(&list, "")
                .set_text_content(Some(&show_invisibles(commit)));
        }
        block.add(&list);
    }
    if let Some(summary) = changed.diff_summary() {
        let lead = dom.text("p", "prl-since-approval-summary", &summary);
        set(&lead, "data-prlens-since-approval", "summary");
        block.add(&lead);
    }
    if let Some(diff) = &changed.diff {
        let list = dom.list("prl-steps", "Files changed since approval");
        set(&list, "data-prlens-since-approval", "files");
        for file in &diff.files {
            let item = dom.item(&list, if file.focus { "prl-focus-changed" } else { "" });
            item.add(&dom.path("code", "prl-path", &file.path));
            item.add(&dom.text("span", "prl-muted", &format!(" {}", file.counts())));
        }
        let unlisted = diff.total_files.saturating_sub(diff.files.len() as u64);
        if unlisted > 0 {
            dom.item(&list, "prl-muted")
                .set_text_content(Some(&format!("and {unlisted} more")));
        }
        block.add(&list);
    }
    if let Some(note) = &changed.diff_note {
        block.add(&dom.text("p", "prl-muted", note));
    }
    if let Some(url) = compare_url(&pr.owner, &pr.repo, &changed.approved_commit, &changed.head) {
        block.add(&dom.github_link(
            &url,
            "Compare the approved commit with the head",
            "prl-compare",
        ));
    }
    parent.add(&block);
}
