//! The bundle's typed views (what [`super::parse`] reads out of `prlens.bundle.v1`).

use std::collections::BTreeMap;

use super::activity::{PublicEvent, TimelineEvent};

/// The format tag every bundle carries.
pub const BUNDLE_FORMAT: &str = "prlens.bundle.v1";

/// A parsed PR bundle. `None` sections were not fetched.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// When the data was fetched (Unix seconds); the default "now" for the engine.
    pub fetched_at: Option<i64>,
    pub pull: Pull,
    pub files: Option<Vec<ChangedFile>>,
    /// True when GitHub's 3,000-file cap (or the fetcher's budget) cut the file list short.
    pub files_truncated: bool,
    /// False when `files` was listed without any patch (the list query): a missing `patch` is
    /// then no evidence about the file (GitHub may have one). True in every REST bundle.
    pub patches_fetched: bool,
    pub commits: Option<Vec<Commit>>,
    /// True when GitHub's 250-commit cap cut the commit list short.
    pub commits_truncated: bool,
    /// `GET /users/{login}` per login.
    pub users: Option<BTreeMap<String, User>>,
    /// Prior PRs in this repository per login (search counts).
    pub history: Option<BTreeMap<String, History>>,
    /// Check runs of the head commit.
    pub check_runs: Option<Vec<CheckRun>>,
    /// Combined commit status of the head commit.
    pub status: Option<CombinedStatus>,
    pub reviews: Option<Vec<Review>>,
    /// Prior commits per login per path: `{"alice": {"src/x.rs": 3}}`.
    pub familiarity: Option<BTreeMap<String, BTreeMap<String, u64>>>,
    /// Facts read from the PR page itself.
    pub page: Option<PageFacts>,
    /// The PR's issue timeline (force-pushes, reviews, commits), in GitHub's order.
    pub timeline: Option<Vec<TimelineEvent>>,
    /// Recent public events per login (author and committers).
    pub events: Option<BTreeMap<String, Vec<PublicEvent>>>,
    /// Issues the PR links, by number (`linked_issues`; see `super::effort`).
    pub linked_issues: Option<BTreeMap<u64, LinkedIssue>>,
    /// The repository's PR template text (`pr_template`, decoded).
    pub pr_template: Option<String>,
    /// What was pushed after the newest approval (`since_approval`: GitHub's compare response
    /// from the approved commit to the head; see `parse::since_approval`).
    pub since_approval: Option<SinceApproval>,
    /// Who is looking (`viewer`; see `super::viewer`): personal, never risk.
    pub viewer: Option<super::viewer::Viewer>,
    /// The base branch's `CODEOWNERS` (`codeowners`).
    pub codeowners: Option<super::viewer::CodeownersFile>,
    /// GitHub's comparison of the viewer's last reviewed commit with the head (`since_review`),
    /// with its patches (the engine scores what changed since that review).
    pub since_review: Option<SinceApproval>,
    /// Why sections are missing or partial, as written by the fetcher (e.g. "check_runs: 403, token lacks Checks").
    pub fetch_notes: Vec<String>,
}

/// `GET /repos/{o}/{r}/pulls/{n}`, read leniently.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pull {
    pub owner: String,
    pub repo: String,
    pub number: u64,
    pub title: String,
    pub body: String,
    pub author: Option<String>,
    /// `user.type`: "User", "Bot", "Organization", "Mannequin".
    pub author_type: Option<String>,
    /// `OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, MANNEQUIN, NONE`.
    pub author_association: Option<String>,
    pub html_url: Option<String>,
    pub head_sha: Option<String>,
    pub head_ref: Option<String>,
    pub head_repo: Option<String>,
    /// `head.repo.default_branch`: the fork's default branch.
    pub head_default_branch: Option<String>,
    pub base_ref: Option<String>,
    pub base_sha: Option<String>,
    /// "open" or "closed" (see `merged`).
    pub state: String,
    pub merged: bool,
    pub draft: bool,
    pub additions: Option<u64>,
    pub deletions: Option<u64>,
    pub changed_files: Option<u64>,
    pub commits: Option<u64>,
    pub created_at: Option<i64>,
    pub updated_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub merged_at: Option<i64>,
    /// clean, dirty, blocked, behind, unstable, unknown, draft, has_hooks.
    pub mergeable_state: Option<String>,
    pub labels: Vec<String>,
    pub requested_reviewers: Vec<String>,
    pub comments: Option<u64>,
    pub review_comments: Option<u64>,
}

/// One item of `GET …/pulls/{n}/files`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChangedFile {
    pub filename: String,
    /// added, removed, modified, renamed, copied, changed, unchanged.
    pub status: String,
    pub additions: u64,
    pub deletions: u64,
    /// Absent for binary files and very large diffs.
    pub patch: Option<String>,
    pub previous_filename: Option<String>,
    pub sha: Option<String>,
}

/// One item of `GET …/pulls/{n}/commits`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Commit {
    pub sha: String,
    /// GitHub account of the author (`author.login`), if linked.
    pub author_login: Option<String>,
    pub author_type: Option<String>,
    pub committer_login: Option<String>,
    /// Git committer e-mail (`commit.committer.email`).
    pub committer_email: Option<String>,
    /// Git author name and email (`commit.author`).
    pub author_name: Option<String>,
    pub author_email: Option<String>,
    pub message: String,
    pub authored_at: Option<i64>,
    pub verified: Option<bool>,
    pub parents: usize,
}

/// `GET /users/{login}`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct User {
    pub login: String,
    /// "User", "Bot", "Organization".
    pub kind: Option<String>,
    pub created_at: Option<i64>,
    pub public_repos: Option<u64>,
    pub followers: Option<u64>,
    pub name: Option<String>,
    pub site_admin: bool,
}

/// Prior pull requests by one login in this repository.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct History {
    pub prs: u64,
    pub merged: u64,
}

/// One check run of the head commit.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CheckRun {
    pub name: String,
    /// queued, in_progress, completed, waiting, requested, pending.
    pub status: String,
    /// success, failure, neutral, cancelled, skipped, timed_out, action_required, stale, startup_failure.
    pub conclusion: Option<String>,
    pub app: Option<String>,
    pub html_url: Option<String>,
    pub output_title: Option<String>,
}

/// `GET …/commits/{sha}/status`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CombinedStatus {
    /// success, failure, pending, error.
    pub state: Option<String>,
    pub statuses: Vec<CommitStatus>,
}

/// One legacy commit status (`context` is its name).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CommitStatus {
    pub context: String,
    pub state: String,
    pub description: Option<String>,
    pub target_url: Option<String>,
}

/// One item of `GET …/pulls/{n}/reviews`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Review {
    pub user: Option<String>,
    /// APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING.
    pub state: String,
    pub commit_id: Option<String>,
    pub submitted_at: Option<i64>,
    pub author_association: Option<String>,
    pub body: String,
}

/// Facts read from the PR page (the API wins where both exist).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageFacts {
    pub title: Option<String>,
    pub state: Option<String>,
    pub author: Option<String>,
    pub base_ref: Option<String>,
    pub head_ref: Option<String>,
    /// The head commit the page shows: only orders requests (the pull response is verified
    /// against it and wins), never evidence.
    pub head_sha: Option<String>,
    /// The signed-in viewer (`meta[name="user-login"]`).
    pub viewer: Option<String>,
    /// Files the viewer ticked "Viewed" on the Files tab.
    pub viewed_files: Vec<String>,
    /// Paths GitHub marks as generated (collapsed) on the Files tab.
    pub generated_files: Vec<String>,
}

/// One issue the PR links, as the checks read it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinkedIssue {
    pub number: u64,
    /// "open" or "closed".
    pub state: String,
    pub assignees: Vec<String>,
    /// The issue's description (its acceptance list is read as claims); empty when absent.
    pub body: String,
    /// Pull requests that mention the issue (`cross-referenced` timeline events).
    pub referencing_pulls: Vec<ReferencingPull>,
}

/// A pull request seen in a linked issue's timeline.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReferencingPull {
    pub number: u64,
    /// "open" or "closed".
    pub state: String,
    /// `owner/name` of its repository, when the event says.
    pub repository: Option<String>,
    pub author: Option<String>,
}

/// `GET /repos/{o}/{r}/compare/{approved}...{head}`, read for "changed since approval". The
/// commit ids are `None` unless they are hex commit ids (hostile input: they are compared, and
/// end up in links).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SinceApproval {
    /// `base_commit.sha`: the commit the comparison starts from (the approved one).
    pub base: Option<String>,
    /// `merge_base_commit.sha`: differs from `base` when the approved commit is not in the
    /// head's history (a force-push rewrote it); the files then count from this commit.
    pub merge_base: Option<String>,
    /// The compared head: the head named by `permalink_url`, else the last listed commit.
    pub head: Option<String>,
    /// The changed files (no patches: the fetcher drops them); `filename` is never empty.
    pub files: Vec<ChangedFile>,
    /// True when GitHub's 300-file cap of a comparison may have cut `files` short.
    pub files_truncated: bool,
}
