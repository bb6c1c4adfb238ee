//! Identity and review-history evidence: what the Contributors card says about how a person's
//! account and commits behave, and what the Review section says changed after the newest
//! approval. Drivers weigh these facts; the panel shows them as the evidence.

#[cfg(not(target_arch = "wasm32"))]
use serde::Deserialize;
use serde::Serialize;

/// What kind of identity or behaviour fact a note states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum IdentityKind {
    /// Pull requests opened in many repositories within a few days.
    PrBurst,
    /// No public activity for months, then a sudden run of it.
    DormantThenActive,
    /// A brand-new account with no name, no repositories and no followers.
    EmptyNewProfile,
    /// An unsigned commit among signed ones.
    UnsignedCommit,
    /// A commit committed by someone who is neither its author nor the PR's author.
    ForeignCommitter,
    /// A commit whose author e-mail is linked to no GitHub account.
    UnlinkedEmail,
    /// A date that lies after the reference time: unknown, not clamped.
    FutureTimestamp,
    /// An automation account that is neither a known bot nor in `settings.trusted_bots`.
    UnknownApp,
}

/// One identity fact about a contributor, with its evidence in words.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct IdentityNote {
    pub kind: IdentityKind,
    pub detail: String,
}

/// What was pushed after the newest approval.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ChangedSinceApproval {
    /// Who gave the newest approval.
    pub approved_by: String,
    /// The commit that approval was given on.
    pub approved_commit: String,
    /// The PR's head commit.
    pub head: String,
    /// Commits after the approved one ("abc1234 subject"); empty when the approved commit is no
    /// longer in the PR's commit list (the branch was rewritten).
    pub commits: Vec<String>,
    /// True when the approved commit is not among the PR's commits (force-pushed away).
    pub approved_commit_gone: bool,
    /// GitHub's compare view from the approved commit to the head.
    pub compare_url: Option<String>,
    /// The files and lines pushed after the approval (the bundle's `since_approval`); absent
    /// when that comparison was not fetched (older bundles, a low hourly budget) or not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<ApprovalDiff>,
    /// Why a fetched comparison was not used, or how to read it (e.g. it starts from a common
    /// ancestor because the approved commit was rewritten).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff_note: Option<String>,
}

impl ChangedSinceApproval {
    /// "rui approved abc1234; 2 commits were pushed since." (or that the approved commit is
    /// gone): the first line wherever the block is shown.
    pub fn lead(&self) -> String {
        let short = |sha: &str| sha.get(..7).unwrap_or(sha).to_string();
        if self.approved_commit_gone {
            return format!(
                "{} approved {}, which is no longer in the branch (rewritten by a force-push); the head is {}.",
                self.approved_by,
                short(&self.approved_commit),
                short(&self.head)
            );
        }
        let count = self.commits.len();
        format!(
            "{} approved {}; {count} commit{} pushed since.",
            self.approved_by,
            short(&self.approved_commit),
            if count == 1 { " was" } else { "s were" }
        )
    }

    /// "2 files, +3 −1 changed since rui's approval" (the panel, the Markdown and the CLI say
    /// it alike); `None` when the files were not fetched or not used.
    pub fn diff_summary(&self) -> Option<String> {
        let diff = self.diff.as_ref()?;
        Some(format!(
            "{}{} file{}, +{} \u{2212}{} changed since {}'s approval",
            if diff.truncated { "at least " } else { "" },
            diff.total_files,
            if diff.total_files == 1 { "" } else { "s" },
            diff.additions,
            diff.deletions,
            self.approved_by
        ))
    }
}

impl ApprovalFile {
    /// "+7 −3" and, for a focus file, "· focus file".
    pub fn counts(&self) -> String {
        let focus = if self.focus { " · focus file" } else { "" };
        format!("+{} \u{2212}{}{focus}", self.additions, self.deletions)
    }
}

/// The files and lines changed from the approved commit to the head.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ApprovalDiff {
    /// Files changed in all (`files` lists at most a few of them).
    pub total_files: u64,
    pub additions: u64,
    pub deletions: u64,
    /// The changed files, focus files first, then in GitHub's order; capped.
    pub files: Vec<ApprovalFile>,
    /// True when GitHub's 300-file cap of a comparison cut the list: the totals are a floor.
    pub truncated: bool,
}

/// One file changed after the approval.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ApprovalFile {
    pub path: String,
    /// GitHub's file status: added, removed, modified, renamed, copied, changed.
    pub status: String,
    pub additions: u64,
    pub deletions: u64,
    /// Whether the file is one of the signal's focus files.
    pub focus: bool,
}
