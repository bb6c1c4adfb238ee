//! Reads a bundle's raw JSON into the typed views of [`super`].
//!
//! Policy: a section of the wrong shape (e.g. `"files": "x"`) is an error that names it; a
//! field of the wrong type inside a GitHub object reads as unknown; absurd values (a PR
//! number of 0, more additions than any real diff) are errors, because a signal computed
//! from them would be untrustworthy.
//!
//! Two steps: the parser streams the text into the `Raw*` shapes below (only the fields the
//! engine reads; see [`super::json`]), then the functions here apply the policy in a fixed order
//! (format, pull, files, commits, …), so the first error reported does not depend on the order
//! of keys in the input.
//!
//! Fields the engine does not read are only syntax-checked, not decoded: a number out of `f64`
//! range or nesting deeper than serde_json's recursion limit (128) inside such a field no longer
//! makes the bundle "not JSON" (it did while the whole document was decoded into a `Value`);
//! inside a field the engine reads, both still do.

use std::collections::BTreeMap;

use thiserror::Error;

use super::json::{fields, Entries, List, Node, Scalar, Skipped};
use super::*;
use crate::text::clip;
use crate::timestamp;

/// Hostile values quoted in an error message are clipped to this many characters.
const MAX_QUOTED_CHARS: usize = 120;

/// Larger than any diff GitHub serves (3,000 files); beyond it a count is absurd.
const MAX_PLAUSIBLE_LINES: u64 = 100_000_000;

/// Why a bundle could not be read. Each message is one line a user can act on.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum BundleError {
    #[error("input is not JSON: {0}")]
    NotJson(String),
    #[error("bundle must be a JSON object, found {0}")]
    NotObject(&'static str),
    #[error("bundle has no \"pull\" object (the GET /repos/{{owner}}/{{repo}}/pulls/{{number}} response)")]
    MissingPull,
    #[error("unsupported bundle format {0:?}; expected \"prlens.bundle.v1\"")]
    UnsupportedFormat(String),
    #[error("\"{field}\" must be {expected}, found {found}")]
    WrongType {
        field: String,
        expected: &'static str,
        found: &'static str,
    },
    #[error("\"{field}\" has an absurd value: {detail}")]
    Absurd { field: String, detail: String },
}

/// An object that must be an object, or absent.
type Obj<T> = Node<T, Skipped>;

fields!(
    /// The bundle document.
    RawBundle {
        "format" => format: Scalar,
        "fetched_at" => fetched_at: Scalar,
        "pull" => pull: Obj<RawPull>,
        "files" => files: List<Obj<RawFile>>,
        "files_truncated" => files_truncated: Scalar,
        "commits" => commits: List<Obj<RawCommit>>,
        "commits_truncated" => commits_truncated: Scalar,
        "users" => users: Obj<Entries<Obj<RawUser>>>,
        "history" => history: Obj<Entries<Obj<RawHistory>>>,
        "check_runs" => check_runs: Node<RawCheckRuns, Obj<RawCheckRun>>,
        "status" => status: Obj<RawStatus>,
        "reviews" => reviews: List<Obj<RawReview>>,
        "familiarity" => familiarity: Obj<Entries<Obj<Entries<Scalar>>>>,
        "page" => page: Obj<RawPage>,
        "fetch_notes" => fetch_notes: List<Scalar>,
    }
);

fields!(
    /// `GET /repos/{o}/{r}/pulls/{n}`.
    RawPull {
        "number" => number: Scalar,
        "title" => title: Scalar,
        "body" => body: Scalar,
        "user" => user: Obj<RawAccount>,
        "author_association" => author_association: Scalar,
        "html_url" => html_url: Scalar,
        "url" => url: Scalar,
        "head" => head: Obj<RawRef>,
        "base" => base: Obj<RawRef>,
        "state" => state: Scalar,
        "merged" => merged: Scalar,
        "draft" => draft: Scalar,
        "additions" => additions: Scalar,
        "deletions" => deletions: Scalar,
        "changed_files" => changed_files: Scalar,
        "commits" => commits: Scalar,
        "created_at" => created_at: Scalar,
        "updated_at" => updated_at: Scalar,
        "closed_at" => closed_at: Scalar,
        "merged_at" => merged_at: Scalar,
        "mergeable_state" => mergeable_state: Scalar,
        "labels" => labels: List<Obj<RawAccount>>,
        "requested_reviewers" => requested_reviewers: List<Obj<RawAccount>>,
        "comments" => comments: Scalar,
        "review_comments" => review_comments: Scalar,
    }
);

fields!(
    /// A user, label, app or git identity: whichever of these names it carries.
    RawAccount {
        "login" => login: Scalar,
        "type" => kind: Scalar,
        "name" => name: Scalar,
        "email" => email: Scalar,
        "date" => date: Scalar,
        "slug" => slug: Scalar,
    }
);

fields!(
    /// `head`/`base` of a pull request.
    RawRef {
        "sha" => sha: Scalar,
        "ref" => name: Scalar,
        "repo" => repo: Obj<RawRepo>,
    }
);

fields!(
    RawRepo {
        "full_name" => full_name: Scalar,
        "name" => name: Scalar,
        "owner" => owner: Obj<RawAccount>,
    }
);

fields!(
    RawFile {
        "filename" => filename: Scalar,
        "status" => status: Scalar,
        "additions" => additions: Scalar,
        "deletions" => deletions: Scalar,
        "patch" => patch: Scalar,
        "previous_filename" => previous_filename: Scalar,
        "sha" => sha: Scalar,
    }
);

fields!(
    RawCommit {
        "sha" => sha: Scalar,
        "author" => author: Obj<RawAccount>,
        "committer" => committer: Obj<RawAccount>,
        "commit" => commit: Obj<RawGitCommit>,
        "parents" => parents: List<Scalar>,
    }
);

fields!(
    /// The `commit` object of a commit: git's own author, message and signature.
    RawGitCommit {
        "author" => author: Obj<RawAccount>,
        "message" => message: Scalar,
        "verification" => verification: Obj<RawVerification>,
    }
);

fields!(
    RawVerification {
        "verified" => verified: Scalar,
    }
);

fields!(
    RawUser {
        "login" => login: Scalar,
        "type" => kind: Scalar,
        "created_at" => created_at: Scalar,
        "public_repos" => public_repos: Scalar,
        "followers" => followers: Scalar,
        "name" => name: Scalar,
        "site_admin" => site_admin: Scalar,
    }
);

fields!(
    RawHistory {
        "prs" => prs: Scalar,
        "merged" => merged: Scalar,
    }
);

fields!(
    /// The whole `GET …/check-runs` response (accepted as well as its `check_runs` array).
    RawCheckRuns {
        "check_runs" => check_runs: List<Obj<RawCheckRun>>,
    }
);

fields!(
    RawCheckRun {
        "name" => name: Scalar,
        "status" => status: Scalar,
        "conclusion" => conclusion: Scalar,
        "app" => app: Obj<RawAccount>,
        "html_url" => html_url: Scalar,
        "output" => output: Obj<RawOutput>,
    }
);

fields!(
    RawOutput {
        "title" => title: Scalar,
    }
);

fields!(
    RawStatus {
        "state" => state: Scalar,
        "statuses" => statuses: List<Obj<RawCommitStatus>>,
    }
);

fields!(
    RawCommitStatus {
        "context" => context: Scalar,
        "state" => state: Scalar,
        "description" => description: Scalar,
        "target_url" => target_url: Scalar,
    }
);

fields!(
    RawReview {
        "user" => user: Obj<RawAccount>,
        "state" => state: Scalar,
        "commit_id" => commit_id: Scalar,
        "submitted_at" => submitted_at: Scalar,
        "author_association" => author_association: Scalar,
        "body" => body: Scalar,
    }
);

fields!(
    RawPage {
        "title" => title: Scalar,
        "state" => state: Scalar,
        "author" => author: Scalar,
        "base_ref" => base_ref: Scalar,
        "head_ref" => head_ref: Scalar,
        "viewer" => viewer: Scalar,
        "viewed_files" => viewed_files: List<Scalar>,
        "generated_files" => generated_files: List<Scalar>,
    }
);

fn wrong_type(field: &str, expected: &'static str, found: &'static str) -> BundleError {
    BundleError::WrongType {
        field: field.to_string(),
        expected,
        found,
    }
}

fn time_of(value: &Scalar) -> Option<i64> {
    value.text().and_then(|text| timestamp::parse(&text))
}

fn plausible_lines(field: &str, count: Option<u64>) -> Result<Option<u64>, BundleError> {
    match count {
        Some(lines) if lines > MAX_PLAUSIBLE_LINES => Err(BundleError::Absurd {
            field: field.to_string(),
            detail: format!("{lines} lines exceeds any diff GitHub serves"),
        }),
        other => Ok(other),
    }
}

/// A section that must be an array of objects (`None` when absent or null); non-object items
/// are skipped.
fn object_items<T>(key: &str, section: List<Obj<T>>) -> Result<Option<Vec<T>>, BundleError> {
    match section {
        Node::Array(items) => Ok(Some(
            items.into_iter().filter_map(Node::into_object).collect(),
        )),
        other if other.is_null() => Ok(None),
        other => Err(wrong_type(key, "an array", other.kind())),
    }
}

/// A section that must be an object keyed by login (`None` when absent or null).
fn object_map<E>(key: &str, section: Obj<Entries<E>>) -> Result<Option<Entries<E>>, BundleError> {
    match section {
        Node::Object(entries) => Ok(Some(entries)),
        other if other.is_null() => Ok(None),
        other => Err(wrong_type(key, "an object", other.kind())),
    }
}

/// A section that must be an object (`None` when absent or null).
fn object_section<T>(key: &str, section: Obj<T>) -> Result<Option<T>, BundleError> {
    match section {
        Node::Object(fields) => Ok(Some(fields)),
        other if other.is_null() => Ok(None),
        other => Err(wrong_type(key, "an object", other.kind())),
    }
}

pub(super) fn bundle(document: Obj<RawBundle>) -> Result<Bundle, BundleError> {
    let root = match document {
        Node::Object(root) => root,
        other => return Err(BundleError::NotObject(other.kind())),
    };
    match &root.format {
        Scalar::Null => {}
        Scalar::String(format) if format == super::BUNDLE_FORMAT => {}
        Scalar::String(other) => {
            return Err(BundleError::UnsupportedFormat(clip(
                other,
                MAX_QUOTED_CHARS,
            )))
        }
        other => return Err(wrong_type("format", "a string", other.kind())),
    }
    let pull = match root.pull {
        Node::Object(raw) => pull(raw)?,
        other if other.is_null() => return Err(BundleError::MissingPull),
        other => return Err(wrong_type("pull", "an object", other.kind())),
    };

    let files = match object_items("files", root.files)? {
        None => None,
        Some(items) => Some(
            items
                .into_iter()
                .filter_map(changed_file)
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let commits =
        object_items("commits", root.commits)?.map(|items| items.into_iter().map(commit).collect());
    let users = object_map("users", root.users)?.map(|entries| {
        entries
            .last_wins()
            .into_iter()
            .filter_map(|(login, value)| {
                let raw = value.into_object()?;
                let user = user(&login, raw);
                Some((login, user))
            })
            .collect()
    });
    let history = object_map("history", root.history)?.map(|entries| {
        entries
            .last_wins()
            .into_iter()
            .filter_map(|(login, value)| {
                let raw = value.object()?;
                let prs = raw.prs.unsigned()?;
                let merged = raw.merged.unsigned().unwrap_or(0).min(prs);
                Some((login, History { prs, merged }))
            })
            .collect()
    });
    let check_runs = match root.check_runs {
        // Accept the whole `GET …/check-runs` response as well as its `check_runs` array.
        Node::Object(response) => Some(
            response
                .check_runs
                .items()
                .into_iter()
                .filter_map(Node::into_object)
                .map(check_run)
                .collect(),
        ),
        Node::Array(items) => Some(
            items
                .into_iter()
                .filter_map(Node::into_object)
                .map(check_run)
                .collect(),
        ),
        other if other.is_null() => None,
        other => return Err(wrong_type("check_runs", "an array", other.kind())),
    };
    let status = object_section("status", root.status)?.map(combined_status);
    let reviews =
        object_items("reviews", root.reviews)?.map(|items| items.into_iter().map(review).collect());
    let familiarity = object_map("familiarity", root.familiarity)?.map(|entries| {
        entries
            .last_wins()
            .into_iter()
            .filter_map(|(login, paths)| {
                let paths: BTreeMap<String, u64> = paths
                    .into_object()?
                    .last_wins()
                    .into_iter()
                    .filter_map(|(path, count)| Some((path, count.unsigned()?)))
                    .collect();
                Some((login, paths))
            })
            .collect()
    });
    let page = object_section("page", root.page)?.map(page_facts);
    let fetch_notes = strings(root.fetch_notes);

    Ok(Bundle {
        fetched_at: time_of(&root.fetched_at),
        pull,
        files,
        files_truncated: root.files_truncated.boolean().unwrap_or(false),
        commits,
        commits_truncated: root.commits_truncated.boolean().unwrap_or(false),
        users,
        history,
        check_runs,
        status,
        reviews,
        familiarity,
        page,
        fetch_notes,
    })
}

/// Owner and repo from `base.repo`, else from the html or API URL.
fn owner_and_repo(pull: &RawPull) -> (String, String) {
    let base_repo = pull.base.object().and_then(|base| base.repo.object());
    if let Some(repo) = base_repo {
        let owner = repo.owner.object().and_then(|owner| owner.login.text());
        if let (Some(owner), Some(name)) = (owner, repo.name.text()) {
            return (owner.into_owned(), name.into_owned());
        }
    }
    for url in [&pull.html_url, &pull.url] {
        if let Some(url) = url.text() {
            let parts: Vec<&str> = url.split('/').collect();
            // https://github.com/{o}/{r}/pull/{n} or https://api.github.com/repos/{o}/{r}/pulls/{n}
            if let Some(index) = parts
                .iter()
                .position(|part| *part == "pull" || *part == "pulls")
            {
                if index >= 2 {
                    return (parts[index - 2].to_string(), parts[index - 1].to_string());
                }
            }
        }
    }
    (String::new(), String::new())
}

/// `login` of an account object, when the value is one.
fn login(account: Obj<RawAccount>) -> Option<String> {
    account.into_object()?.login.into_string()
}

fn pull(mut raw: RawPull) -> Result<Pull, BundleError> {
    let number = match &raw.number {
        Scalar::Null => {
            return Err(BundleError::Absurd {
                field: "pull.number".into(),
                detail: "missing; a pull request always has a number".into(),
            })
        }
        other => other
            .unsigned()
            .ok_or_else(|| wrong_type("pull.number", "a positive integer", other.kind()))?,
    };
    if number == 0 {
        return Err(BundleError::Absurd {
            field: "pull.number".into(),
            detail: "0 is not a pull request number".into(),
        });
    }
    if !raw.title.is_null() && raw.title.as_str().is_none() {
        return Err(wrong_type("pull.title", "a string", raw.title.kind()));
    }
    let (owner, repo) = owner_and_repo(&raw);
    let merged_at = time_of(&raw.merged_at);
    let additions = plausible_lines("pull.additions", raw.additions.unsigned())?;
    let deletions = plausible_lines("pull.deletions", raw.deletions.unsigned())?;
    let user = std::mem::take(&mut raw.user)
        .into_object()
        .unwrap_or_default();
    let head = std::mem::take(&mut raw.head)
        .into_object()
        .unwrap_or_default();
    let base = std::mem::take(&mut raw.base)
        .into_object()
        .unwrap_or_default();
    Ok(Pull {
        owner,
        repo,
        number,
        title: raw.title.into_string().unwrap_or_default(),
        body: raw.body.into_string().unwrap_or_default(),
        author: user.login.into_string(),
        author_type: user.kind.into_string(),
        author_association: raw.author_association.into_string(),
        html_url: raw.html_url.into_string(),
        head_sha: head.sha.into_string(),
        head_ref: head.name.into_string(),
        head_repo: head
            .repo
            .into_object()
            .and_then(|repo| repo.full_name.into_string()),
        base_ref: base.name.into_string(),
        base_sha: base.sha.into_string(),
        state: raw.state.into_string().unwrap_or_else(|| "open".into()),
        merged: raw.merged.boolean().unwrap_or(merged_at.is_some()),
        draft: raw.draft.boolean().unwrap_or(false),
        additions,
        deletions,
        changed_files: raw.changed_files.unsigned(),
        commits: raw.commits.unsigned(),
        created_at: time_of(&raw.created_at),
        updated_at: time_of(&raw.updated_at),
        closed_at: time_of(&raw.closed_at),
        merged_at,
        mergeable_state: raw.mergeable_state.into_string(),
        labels: raw
            .labels
            .items()
            .into_iter()
            .filter_map(|item| match item {
                Node::Scalar(Scalar::String(name)) => Some(name),
                Node::Object(label) => label.name.into_string(),
                _ => None,
            })
            .collect(),
        requested_reviewers: raw
            .requested_reviewers
            .items()
            .into_iter()
            .filter_map(|item| {
                let account = item.into_object()?;
                account
                    .login
                    .into_string()
                    .or_else(|| account.name.into_string())
            })
            .collect(),
        comments: raw.comments.unsigned(),
        review_comments: raw.review_comments.unsigned(),
    })
}

/// A file entry; entries with no usable filename are skipped (`None`).
fn changed_file(raw: RawFile) -> Option<Result<ChangedFile, BundleError>> {
    let filename = raw.filename.into_string().filter(|name| !name.is_empty())?;
    let additions = plausible_lines("files[].additions", raw.additions.unsigned());
    let deletions = plausible_lines("files[].deletions", raw.deletions.unsigned());
    Some(match (additions, deletions) {
        (Ok(additions), Ok(deletions)) => Ok(ChangedFile {
            filename,
            status: raw
                .status
                .into_string()
                .unwrap_or_else(|| "modified".into()),
            additions: additions.unwrap_or(0),
            deletions: deletions.unwrap_or(0),
            patch: raw.patch.into_string(),
            previous_filename: raw.previous_filename.into_string(),
            sha: raw.sha.into_string(),
        }),
        (Err(error), _) | (_, Err(error)) => Err(error),
    })
}

fn commit(raw: RawCommit) -> Commit {
    let author = raw.author.into_object().unwrap_or_default();
    let git = raw.commit.into_object().unwrap_or_default();
    let git_author = git.author.into_object().unwrap_or_default();
    Commit {
        sha: raw.sha.into_string().unwrap_or_default(),
        author_login: author.login.into_string(),
        author_type: author.kind.into_string(),
        committer_login: login(raw.committer),
        authored_at: time_of(&git_author.date),
        author_name: git_author.name.into_string(),
        author_email: git_author.email.into_string(),
        message: git.message.into_string().unwrap_or_default(),
        verified: git
            .verification
            .object()
            .and_then(|verification| verification.verified.boolean()),
        parents: raw.parents.item_count(),
    }
}

fn user(login: &str, raw: RawUser) -> User {
    User {
        login: raw.login.into_string().unwrap_or_else(|| login.to_string()),
        kind: raw.kind.into_string(),
        created_at: time_of(&raw.created_at),
        public_repos: raw.public_repos.unsigned(),
        followers: raw.followers.unsigned(),
        name: raw.name.into_string(),
        site_admin: raw.site_admin.boolean().unwrap_or(false),
    }
}

fn check_run(raw: RawCheckRun) -> CheckRun {
    CheckRun {
        name: raw.name.into_string().unwrap_or_default(),
        status: raw
            .status
            .into_string()
            .unwrap_or_else(|| "completed".into()),
        conclusion: raw.conclusion.into_string(),
        app: raw.app.into_object().and_then(|app| app.slug.into_string()),
        html_url: raw.html_url.into_string(),
        output_title: raw
            .output
            .into_object()
            .and_then(|output| output.title.into_string()),
    }
}

fn combined_status(raw: RawStatus) -> CombinedStatus {
    CombinedStatus {
        state: raw.state.into_string(),
        statuses: raw
            .statuses
            .items()
            .into_iter()
            .filter_map(Node::into_object)
            .map(|item| CommitStatus {
                context: item.context.into_string().unwrap_or_default(),
                state: item.state.into_string().unwrap_or_default(),
                description: item.description.into_string(),
                target_url: item.target_url.into_string(),
            })
            .collect(),
    }
}

fn review(raw: RawReview) -> Review {
    Review {
        user: login(raw.user),
        state: raw.state.into_string().unwrap_or_default(),
        commit_id: raw.commit_id.into_string(),
        submitted_at: time_of(&raw.submitted_at),
        author_association: raw.author_association.into_string(),
        body: raw.body.into_string().unwrap_or_default(),
    }
}

/// The string items of an array (other items, or a non-array, give nothing).
fn strings(list: List<Scalar>) -> Vec<String> {
    list.items()
        .into_iter()
        .filter_map(|item| match item {
            Scalar::String(text) => Some(text),
            _ => None,
        })
        .collect()
}

fn page_facts(raw: RawPage) -> PageFacts {
    PageFacts {
        title: raw.title.into_string(),
        state: raw.state.into_string(),
        author: raw.author.into_string(),
        base_ref: raw.base_ref.into_string(),
        head_ref: raw.head_ref.into_string(),
        viewer: raw.viewer.into_string(),
        viewed_files: strings(raw.viewed_files),
        generated_files: strings(raw.generated_files),
    }
}

/// Parses bundle text: the streaming reader, then the policy above.
pub(super) fn from_str(text: &str) -> Result<Bundle, BundleError> {
    let document: Obj<RawBundle> = super::json::from_str(text)
        .map_err(|error| BundleError::NotJson(clip(&error.to_string(), 200)))?;
    bundle(document)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_pull_is_required() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 3}})).unwrap();
        assert_eq!(bundle.pull.number, 3);
        assert!(bundle.files.is_none() && bundle.commits.is_none() && bundle.users.is_none());
    }

    #[test]
    fn missing_pull_and_non_objects_are_clear_errors() {
        assert_eq!(
            Bundle::from_value(&json!({})),
            Err(BundleError::MissingPull)
        );
        assert_eq!(
            Bundle::from_value(&json!([1])),
            Err(BundleError::NotObject("an array"))
        );
        let error =
            Bundle::from_value(&json!({"pull": {"number": 1}, "files": "nope"})).unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"files\" must be an array, found a string"
        );
    }

    #[test]
    fn absurd_numbers_are_rejected() {
        assert!(matches!(
            Bundle::from_value(&json!({"pull": {"number": 0}})),
            Err(BundleError::Absurd { .. })
        ));
        assert!(matches!(
            Bundle::from_value(&json!({"pull": {"number": 1, "additions": 1e12}})),
            Err(BundleError::Absurd { .. })
        ));
    }

    #[test]
    fn owner_and_repo_fall_back_to_the_url() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 9,
            "url": "https://api.github.com/repos/octo/cat/pulls/9"}}))
        .unwrap();
        assert_eq!(
            (bundle.pull.owner.as_str(), bundle.pull.repo.as_str()),
            ("octo", "cat")
        );
    }

    #[test]
    fn check_runs_accept_the_whole_response_object() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 1},
            "check_runs": {"total_count": 1, "check_runs": [{"name": "test", "conclusion": "failure"}]}}))
        .unwrap();
        assert_eq!(
            bundle.check_runs.unwrap()[0].conclusion.as_deref(),
            Some("failure")
        );
    }

    #[test]
    fn unread_fields_are_only_syntax_checked() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let text = format!(
            r#"{{"pull": {{"number": 2, "junk": {deep}, "huge": 1e400}}, "extra": {deep}}}"#
        );
        assert_eq!(Bundle::from_json_str(&text).unwrap().pull.number, 2);
        for read in [r#"{"pull": {"number": 1e400}}"#, r#"{"pull": {"number": 1"#] {
            assert!(matches!(
                Bundle::from_json_str(read),
                Err(BundleError::NotJson(_))
            ));
        }
    }

    #[test]
    fn repeated_keys_keep_the_last_value_like_a_value_tree() {
        let bundle = Bundle::from_json_str(
            r#"{"files": "x", "pull": {"number": 4, "number": 5}, "files": [{"filename": "a"}]}"#,
        )
        .unwrap();
        assert_eq!(bundle.pull.number, 5);
        assert_eq!(bundle.files.unwrap().len(), 1);
        assert_eq!(
            Bundle::from_json_str(r#"{"pull": {"number": 1}, "pull": null}"#),
            Err(BundleError::MissingPull)
        );
    }

    #[test]
    fn files_without_names_are_skipped_not_fatal() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 1},
            "files": [{"filename": "a.rs", "additions": "3"}, {"additions": 1}, 7]}))
        .unwrap();
        let files = bundle.files.unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].additions, 3);
    }
}
