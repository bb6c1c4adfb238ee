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
}
