//! The viewer's own view (issue #38): `signal.viewer`, present only when the bundle names who
//! is looking. Personal, never risk: nothing here feeds a driver, the level or the advice.

#[cfg(not(target_arch = "wasm32"))]
use serde::Deserialize;
use serde::Serialize;

use super::identity::ApprovalDiff;
use super::level::RiskLevel;

/// Whose view it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum ViewerRole {
    /// Anyone but the PR's author: "For you" lists the focus files that are theirs.
    Reviewer,
    /// The PR's author: "For you" shows what a reviewer will see (the owners of each file).
    Author,
}

/// Why a focus file is the viewer's (or, for the author, who owns it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum ForYouKind {
    /// CODEOWNERS names the viewer.
    YouOwn,
    /// CODEOWNERS names a team the viewer is in.
    YourTeamOwns,
    /// The viewer made some of the file's commits.
    YouWrote,
    /// The author's view: the owners a reviewer will see requested.
    OwnedBy,
    /// The author's view: no CODEOWNERS rule owns the file.
    NoOwner,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ViewerView {
    pub login: String,
    pub role: ViewerRole,
    /// Reviewer: the focus files that are the viewer's, strongest reason first. Author: every
    /// focus file with its owners.
    pub for_you: Vec<ForYouFile>,
    /// Where the base branch's CODEOWNERS was read from (`None`: not fetched, or none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codeowners: Option<String>,
    /// What is not known and why ("team membership needs a token with read:org", …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The viewer's newest review is on the head commit (nothing new since).
    #[serde(default)]
    pub reviewed_on_head: bool,
    /// What changed since the viewer's newest review, when it is not on the head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since_review: Option<SinceReview>,
}

impl ViewerView {
    /// 2: the viewer owns a focus file, 1: a team of theirs does, 0: neither (the queue's weight).
    pub fn ownership_rank(&self) -> u8 {
        let owns = |kind: ForYouKind| {
            self.for_you
                .iter()
                .any(|file| file.reasons.iter().any(|reason| reason.kind == kind))
        };
        if self.role == ViewerRole::Author {
            0
        } else if owns(ForYouKind::YouOwn) {
            2
        } else if owns(ForYouKind::YourTeamOwns) {
            1
        } else {
            0
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ForYouFile {
    pub path: String,
    /// GitHub's Files-tab anchor, as in `focus` (whose entry for the path has its priority).
    pub anchor: String,
    pub reasons: Vec<ForYouReason>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ForYouReason {
    pub kind: ForYouKind,
    /// "You own it (CODEOWNERS line 4: `src/auth/`)", "You made 4 of its 10 commits (40 %)".
    pub detail: String,
}

/// What changed since the viewer's newest review (GitHub's comparison of that review's commit
/// with the head), scored on its own.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct SinceReview {
    /// The review's state as a word: "approved", "requested changes", "commented", "dismissed".
    pub state: String,
    pub reviewed_commit: String,
    pub head: String,
    /// The commits after the reviewed one ("abc1234 subject"), when it is in the list.
    pub commits: Vec<String>,
    /// The reviewed commit is no longer in the branch's history: a force-push rewrote it.
    pub rewritten: bool,
    pub compare_url: Option<String>,
    /// Files and lines changed since the review, focus files first and marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<ApprovalDiff>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff_note: Option<String>,
    /// The engine's level for what changed since the review alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<RiskLevel>,
    /// File drivers that fire on what changed since the review.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drivers: Vec<SinceDriver>,
    /// Supply-chain findings in what changed since the review: indexes into
    /// `supply_chain.findings` (the same finding at the head).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<u64>,
    /// Does the PR need another full read? `None`: not known (the files were not fetched).
    pub full_read: Option<bool>,
    /// The one-line answer, with its reason.
    pub answer: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct SinceDriver {
    pub id: String,
    pub label: String,
    pub detail: String,
}

impl ViewerView {
    /// The group's title: "For you" for a reviewer, "What reviewers will see" for the author.
    pub fn heading(&self) -> &'static str {
        match self.role {
            ViewerRole::Reviewer => "For you",
            ViewerRole::Author => "What reviewers will see",
        }
    }

    /// Whether the group says anything: files, a review, or at least a CODEOWNERS to say "none
    /// is yours" from. A viewer on a repository without CODEOWNERS, with no files of theirs and
    /// no review, gets no group (panel, sheet, Markdown and CLI alike).
    pub fn is_shown(&self) -> bool {
        !self.for_you.is_empty()
            || self.since_review.is_some()
            || self.reviewed_on_head
            || self.codeowners.is_some()
    }

    /// The line under the heading when the group is empty, or `None` when it has files.
    pub fn empty_line(&self) -> Option<&'static str> {
        if !self.for_you.is_empty() {
            return None;
        }
        Some(match self.role {
            ViewerRole::Reviewer => {
                "None of the focus files is yours: no CODEOWNERS rule names you, and you have no commits to them."
            }
            ViewerRole::Author => "Not known: the base branch's CODEOWNERS was not read.",
        })
    }
}

impl ForYouFile {
    /// Every reason, joined: "You own it (…); You made 3 of its 15 commits (20 %)".
    pub fn why(&self) -> String {
        self.reasons
            .iter()
            .map(|reason| reason.detail.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl SinceReview {
    /// "You requested changes on 2b3c4d5; 1 commit was pushed since." (panel, Markdown, CLI).
    pub fn lead(&self) -> String {
        let verb = match self.state.as_str() {
            "approved" => "approved",
            "requested changes" => "requested changes on",
            "dismissed" => "reviewed (dismissed)",
            _ => "commented on",
        };
        let short = self
            .reviewed_commit
            .get(..7)
            .unwrap_or(&self.reviewed_commit);
        let pushed = match (self.rewritten, self.commits.len()) {
            (true, _) => " It was rewritten by a force-push.".to_string(),
            (false, 0) => String::new(),
            (false, 1) => " 1 commit was pushed since.".to_string(),
            (false, count) => format!(" {count} commits were pushed since."),
        };
        format!("You {verb} {short}.{pushed}")
    }

    /// "1 file, +3 −1 changed since your review · scores medium on its own".
    pub fn diff_summary(&self) -> Option<String> {
        let diff = self.diff.as_ref()?;
        let level = self
            .level
            .map(|level| format!(" · scores {} on its own", level.label().to_lowercase()))
            .unwrap_or_default();
        Some(format!(
            "{}{} file{}, +{} \u{2212}{} changed since your review{level}",
            if diff.truncated { "at least " } else { "" },
            diff.total_files,
            if diff.total_files == 1 { "" } else { "s" },
            diff.additions,
            diff.deletions,
        ))
    }
}
