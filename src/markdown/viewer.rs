//! The viewer's own view at the top of Focus files: "For you" (or, for the author, what
//! reviewers will see) and "Since your review". Paths, logins and details are hostile:
//! escaped (handles cannot mention), paths in code spans; the compare link is rebuilt from the
//! validated owner/repo and hex commit ids.

use std::fmt::Write as _;

use super::escape::{canonical_url, escape, escape_code};
use crate::signal::{Signal, SinceReview, ViewerView};
use crate::text::is_commit_sha;

pub(super) fn write(out: &mut String, signal: &Signal, viewer: &ViewerView) {
    let _ = writeln!(
        out,
        "**{} (@{}):**\n",
        viewer.heading(),
        escape(&viewer.login)
    );
    if let Some(line) = viewer.empty_line() {
        let _ = writeln!(out, "- {line}");
    }
    for file in &viewer.for_you {
        let _ = writeln!(
            out,
            "- **{}** `{}`: {}",
            signal
                .focus_priority(&file.path)
                .map_or("focus", |priority| priority.key()),
            escape_code(&file.path),
            escape(&file.why())
        );
    }
    for note in &viewer.notes {
        let _ = writeln!(out, "- {}", escape(note));
    }
    if viewer.reviewed_on_head {
        let _ = writeln!(
            out,
            "- Your last review is on the head commit: nothing new since."
        );
    }
    if let Some(since) = &viewer.since_review {
        write_since(out, signal, since);
    }
    out.push('\n');
}

fn write_since(out: &mut String, signal: &Signal, since: &SinceReview) {
    let pr = &signal.pr;
    let _ = writeln!(out, "\n**Since your review:** {}\n", escape(&since.lead()));
    let _ = writeln!(out, "- **{}**", escape(&since.answer));
    if let (Some(summary), Some(diff)) = (since.diff_summary(), &since.diff) {
        super::since_approval::diff_list(out, &summary, diff);
    }
    for driver in &since.drivers {
        let _ = writeln!(
            out,
            "- New since your review: {} ({})",
            escape(&driver.label),
            escape(&driver.detail)
        );
    }
    for finding in signal.since_review_findings(since) {
        let _ = writeln!(
            out,
            "- New finding: {} `{}` {}",
            finding.severity.label(),
            escape_code(&finding.path),
            escape(&finding.detail)
        );
    }
    for commit in &since.commits {
        let _ = writeln!(out, "- Commit: {}", escape(commit));
    }
    if let Some(note) = &since.diff_note {
        let _ = writeln!(out, "- {}", escape(note));
    }
    let repo = canonical_url(&pr.owner, &pr.repo, 1);
    if let Some(repo) = repo.strip_suffix("/pull/1") {
        let (from, to) = (&since.reviewed_commit, &since.head);
        if is_commit_sha(from) && is_commit_sha(to) {
            let _ = writeln!(
                out,
                "- [Compare your reviewed commit with the head]({repo}/compare/{from}...{to})"
            );
        }
    }
}
