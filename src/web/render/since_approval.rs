//! "Changed since approval" in the Next steps (review) section: who approved which commit, the
//! commits pushed after it, and a link to GitHub's compare view from that commit to the head.
//!
//! Why: an approval vouches for one commit; the reviewer needs to see, in one click, what was
//! never approved (engine: `sections::since_approval`). The link is rebuilt here from the PR's
//! validated owner/repo and hex commit ids, never taken from the signal as an `href`.

use super::dom::{Append, Dom};
use super::frame::subheading;
use super::links::compare_url;
use crate::signal::{ChangedSinceApproval, PrInfo};
use crate::text::show_invisibles;
use web_sys::Element;

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

pub fn render(dom: &Dom, parent: &Element, pr: &PrInfo, changed: &ChangedSinceApproval) {
    subheading(dom, parent, "Changed since approval");
    let block = dom.el("div", "prl-since-approval");
    let lead = if changed.approved_commit_gone {
        format!(
            "{} approved {}, which is no longer in the branch (rewritten by a force-push); the head is {}.",
            show_invisibles(&changed.approved_by),
            short(&changed.approved_commit),
            short(&changed.head)
        )
    } else {
        format!(
            "{} approved {}; {} commit{} pushed since.",
            show_invisibles(&changed.approved_by),
            short(&changed.approved_commit),
            changed.commits.len(),
            if changed.commits.len() == 1 {
                " was"
            } else {
                "s were"
            }
        )
    };
    block.add(&dom.text("p", "", &lead));
    if !changed.commits.is_empty() {
        let list = dom.list("prl-steps", "Commits since approval");
        for commit in &changed.commits {
            dom.item(&list, "")
                .set_text_content(Some(&show_invisibles(commit)));
        }
        block.add(&list);
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
