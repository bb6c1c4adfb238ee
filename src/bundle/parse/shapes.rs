//! The [`Shape`]s of the bundle: every field the engine reads, and nothing else (see
//! [`super::super::json`]).

use super::super::json::{Shape, LEAF};

pub(super) const fn object(fields: &'static [(&'static str, &'static Shape)]) -> Shape {
    Shape {
        fields,
        items: None,
        entries: None,
    }
}

pub(super) const fn list(items: &'static Shape) -> Shape {
    Shape {
        fields: &[],
        items: Some(items),
        entries: None,
    }
}

pub(super) const fn keyed(entries: &'static Shape) -> Shape {
    Shape {
        fields: &[],
        items: None,
        entries: Some(entries),
    }
}

/// A user, label, app or git identity: whichever of these names it carries.
pub(super) static ACCOUNT: Shape = object(&[
    ("login", &LEAF),
    ("type", &LEAF),
    ("name", &LEAF),
    ("email", &LEAF),
    ("date", &LEAF),
    ("slug", &LEAF),
]);
static ACCOUNTS: Shape = list(&ACCOUNT);
pub(super) static LEAVES: Shape = list(&LEAF);
pub(super) static REPO: Shape = object(&[
    ("full_name", &LEAF),
    ("name", &LEAF),
    ("owner", &ACCOUNT),
    ("default_branch", &LEAF),
]);
static REF: Shape = object(&[("sha", &LEAF), ("ref", &LEAF), ("repo", &REPO)]);
pub(super) static PULL: Shape = object(&[
    ("number", &LEAF),
    ("title", &LEAF),
    ("body", &LEAF),
    ("user", &ACCOUNT),
    ("author_association", &LEAF),
    ("html_url", &LEAF),
    ("url", &LEAF),
    ("head", &REF),
    ("base", &REF),
    ("state", &LEAF),
    ("merged", &LEAF),
    ("draft", &LEAF),
    ("additions", &LEAF),
    ("deletions", &LEAF),
    ("changed_files", &LEAF),
    ("commits", &LEAF),
    ("created_at", &LEAF),
    ("updated_at", &LEAF),
    ("closed_at", &LEAF),
    ("merged_at", &LEAF),
    ("mergeable_state", &LEAF),
    ("labels", &ACCOUNTS),
    ("requested_reviewers", &ACCOUNTS),
    ("comments", &LEAF),
    ("review_comments", &LEAF),
]);
static FILE: Shape = object(&[
    ("filename", &LEAF),
    ("status", &LEAF),
    ("additions", &LEAF),
    ("deletions", &LEAF),
    ("patch", &LEAF),
    ("previous_filename", &LEAF),
    ("sha", &LEAF),
]);
static VERIFICATION: Shape = object(&[("verified", &LEAF)]);
static GIT_COMMIT: Shape = object(&[
    ("author", &ACCOUNT),
    ("committer", &ACCOUNT),
    ("message", &LEAF),
    ("verification", &VERIFICATION),
]);
static COMMIT: Shape = object(&[
    ("sha", &LEAF),
    ("author", &ACCOUNT),
    ("committer", &ACCOUNT),
    ("commit", &GIT_COMMIT),
    ("parents", &LEAVES),
]);
static USER: Shape = object(&[
    ("login", &LEAF),
    ("type", &LEAF),
    ("created_at", &LEAF),
    ("public_repos", &LEAF),
    ("followers", &LEAF),
    ("name", &LEAF),
    ("site_admin", &LEAF),
]);
static HISTORY: Shape = object(&[("prs", &LEAF), ("merged", &LEAF)]);
static OUTPUT: Shape = object(&[("title", &LEAF)]);
static CHECK_RUN: Shape = object(&[
    ("name", &LEAF),
    ("status", &LEAF),
    ("conclusion", &LEAF),
    ("app", &ACCOUNT),
    ("html_url", &LEAF),
    ("output", &OUTPUT),
]);
static CHECK_RUN_LIST: Shape = list(&CHECK_RUN);
/// Accepts the whole `GET …/check-runs` response as well as its `check_runs` array.
pub(super) static CHECK_RUNS: Shape = Shape {
    fields: &[("check_runs", &CHECK_RUN_LIST)],
    items: Some(&CHECK_RUN),
    entries: None,
};
static COMMIT_STATUS: Shape = object(&[
    ("context", &LEAF),
    ("state", &LEAF),
    ("description", &LEAF),
    ("target_url", &LEAF),
]);
static COMMIT_STATUSES: Shape = list(&COMMIT_STATUS);
pub(super) static STATUS: Shape = object(&[("state", &LEAF), ("statuses", &COMMIT_STATUSES)]);
static REVIEW: Shape = object(&[
    ("user", &ACCOUNT),
    ("state", &LEAF),
    ("commit_id", &LEAF),
    ("submitted_at", &LEAF),
    ("author_association", &LEAF),
    ("body", &LEAF),
]);
pub(super) static PAGE: Shape = object(&[
    ("title", &LEAF),
    ("state", &LEAF),
    ("author", &LEAF),
    ("base_ref", &LEAF),
    ("head_ref", &LEAF),
    ("head_sha", &LEAF),
    ("viewer", &LEAF),
    ("viewed_files", &LEAVES),
    ("generated_files", &LEAVES),
]);
pub(super) static FILES: Shape = list(&FILE);
pub(super) static COMMITS: Shape = list(&COMMIT);
pub(super) static REVIEWS: Shape = list(&REVIEW);
pub(super) static USERS: Shape = keyed(&USER);
pub(super) static HISTORIES: Shape = keyed(&HISTORY);
static PATH_COUNTS: Shape = keyed(&LEAF);
pub(super) static FAMILIARITY: Shape = keyed(&PATH_COUNTS);
