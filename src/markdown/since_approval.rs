//! "Changed since approval" under Next steps: who approved which commit, the commits pushed
//! after it, the files and lines they changed (focus files marked) and GitHub's compare view.
//! Paths, logins and commit subjects are hostile: escaped, paths in code spans; the link is
//! rebuilt from the validated owner/repo and hex commit ids, never taken from the signal.

use std::fmt::Write as _;

use super::escape::{canonical_url, escape, escape_code};
use crate::signal::{ApprovalDiff, ChangedSinceApproval, PrInfo};
use crate::text::is_commit_sha;

pub(super) fn write(out: &mut String, pr: &PrInfo, changed: &ChangedSinceApproval) {
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "**Changed since approval:** {}\n",
        escape(&changed.lead())
    );
    for commit in &changed.commits {
        let _ = writeln!(out, "- Commit: {}", escape(commit));
    }
    if let (Some(summary), Some(diff)) = (changed.diff_summary(), &changed.diff) {
        diff_list(out, &summary, diff);
    }
    if let Some(note) = &changed.diff_note {
        let _ = writeln!(out, "- {}", escape(note));
    }
    if let Some(url) = compare_url(pr, changed) {
        let _ = writeln!(out, "- [Compare the approved commit with the head]({url})");
    }
}

/// `https://github.com/{o}/{r}/compare/{approved}...{head}` from validated parts only.
fn compare_url(pr: &PrInfo, changed: &ChangedSinceApproval) -> Option<String> {
    let repo = canonical_url(&pr.owner, &pr.repo, 1);
    let repo = repo.strip_suffix("/pull/1")?;
    let (from, to) = (&changed.approved_commit, &changed.head);
    (is_commit_sha(from) && is_commit_sha(to))
        .then(|| format!("{repo}/compare/{from}...{to}"))
        .filter(|url| crate::links::is_safe_github_url(url))
}

/// A comparison's summary line and its files, each path in a code span with its counts, and
/// how many more it has than are listed (also "Since your review", `viewer.rs`).
pub(super) fn diff_list(out: &mut String, summary: &str, diff: &ApprovalDiff) {
    let _ = writeln!(out, "- {}:", escape(summary));
    for file in &diff.files {
        let _ = writeln!(
            out,
            "  - `{}` {}",
            escape_code(&file.path),
            escape(&file.counts())
        );
    }
    let unlisted = diff.total_files.saturating_sub(diff.files.len() as u64);
    if unlisted > 0 {
        let _ = writeln!(out, "  - and {unlisted} more");
    }
}
