//! The signal's advisory parts: who or what wrote the PR (`authorship`) and the low-effort
//! checks (`checks`). Neither carries risk weight unless the user gives its driver one.

#[cfg(not(target_arch = "wasm32"))]
use serde::Deserialize;
use serde::Serialize;

/// What showed that an AI coding agent wrote or co-wrote the PR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum AgentEvidenceKind {
    /// The PR was opened by an agent's account.
    AuthorLogin,
    /// A commit's linked author or committer account is an agent's.
    CommitAccount,
    /// A `Co-authored-by:` trailer names an agent.
    CoAuthorTrailer,
    /// A commit's git author e-mail is an agent's.
    CommitEmail,
    /// A "Generated with …" footer in the description or a commit message.
    GeneratedFooter,
    /// The head branch starts with an agent's prefix (`copilot/`, `codex/` …).
    BranchPrefix,
}

/// One piece of evidence that an agent took part.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct AgentEvidence {
    /// The agent, e.g. "GitHub Copilot coding agent".
    pub agent: String,
    pub kind: AgentEvidenceKind,
    /// Where it was seen, e.g. "commit 1a2b3c4: Co-authored-by: Copilot <…>".
    pub detail: String,
}

/// One low-effort check (advice, never a verdict on the author).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum CheckId {
    TemplateFilled,
    TopicBranch,
    DescriptionNamesChanges,
    LinkedIssueAvailable,
    NoCompetingPr,
    DescriptionClaimsHold,
}

/// A check's outcome; `NotChecked` when the data it needs was not fetched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum CheckOutcome {
    Pass,
    Fail,
    NotChecked,
}

/// One row of the Checks block.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct EffortCheck {
    pub id: CheckId,
    pub outcome: CheckOutcome,
    /// Why, with the names and numbers (never accusing: advice).
    pub detail: String,
}

/// The distinct agents named by the evidence, in order.
pub fn agents_named(evidence: &[AgentEvidence]) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for item in evidence {
        if !names.contains(&item.agent.as_str()) {
            names.push(&item.agent);
        }
    }
    names
}
