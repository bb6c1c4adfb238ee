//! Typed views of the activity sections: the PR's timeline (`GET /repos/{o}/{r}/issues/{n}/timeline`)
//! and each person's recent public events (`GET /users/{login}/events/public`).
//!
//! Only the fields the identity and review drivers read are kept; an event of a type the engine
//! does not know keeps its time (it still counts as activity) under an `Other` kind.

/// The timeline events the engine tells apart (GitHub's `event` field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimelineKind {
    /// `head_ref_force_pushed`: the PR branch was rewritten.
    HeadRefForcePushed,
    /// `reviewed`: a review was submitted (`state` says which).
    Reviewed,
    /// `committed`: a commit was added to the branch.
    Committed,
    /// Any other event (labels, comments, renames, …).
    Other,
}

impl TimelineKind {
    /// The kind of GitHub's `event` name.
    pub fn from_event(name: &str) -> Self {
        match name {
            "head_ref_force_pushed" => Self::HeadRefForcePushed,
            "reviewed" => Self::Reviewed,
            "committed" => Self::Committed,
            _ => Self::Other,
        }
    }
}

/// One item of the PR's issue timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct TimelineEvent {
    pub kind: TimelineKind,
    /// `actor.login`, else `user.login` (reviews carry `user`).
    pub actor: Option<String>,
    /// `created_at`, else `submitted_at` (reviews), else the committer's date (commits).
    pub at: Option<i64>,
    /// `commit_id`, else `sha` (commits).
    pub commit_id: Option<String>,
    /// The review state of a `reviewed` event (`approved`, `changes_requested`, `commented`, …).
    pub state: Option<String>,
    /// The reviewer's `author_association` of a `reviewed` event.
    pub association: Option<String>,
}

/// The public event types the engine tells apart (GitHub's `type` field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PublicEventKind {
    PullRequest,
    Push,
    Create,
    Fork,
    Other,
}

impl PublicEventKind {
    /// The kind of GitHub's event `type` name.
    pub fn from_type(name: &str) -> Self {
        match name {
            "PullRequestEvent" => Self::PullRequest,
            "PushEvent" => Self::Push,
            "CreateEvent" => Self::Create,
            "ForkEvent" => Self::Fork,
            _ => Self::Other,
        }
    }
}

/// One item of `GET /users/{login}/events/public` (GitHub keeps 90 days, at most 300 events).
#[derive(Debug, Clone, PartialEq)]
pub struct PublicEvent {
    pub kind: PublicEventKind,
    /// `repo.name`: `owner/name`.
    pub repo: Option<String>,
    pub at: Option<i64>,
    /// `payload.action` (`opened`, `closed`, …) where the type has one.
    pub action: Option<String>,
}

impl PublicEvent {
    /// True for a pull request the person opened.
    pub fn opened_a_pull_request(&self) -> bool {
        self.kind == PublicEventKind::PullRequest && self.action.as_deref() == Some("opened")
    }
}
