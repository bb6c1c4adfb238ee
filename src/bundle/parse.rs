//! Reads a bundle's raw JSON into the typed views of [`super`].
//!
//! Policy: a section of the wrong shape (e.g. `"files": "x"`) is an error that names it; a
//! field of the wrong type inside a GitHub object reads as unknown; absurd values (a PR
//! number of 0, more additions than any real diff) are errors, because a signal computed
//! from them would be untrustworthy.
//!
//! The text is read with the [`Shape`]s below (only the fields the engine reads; see
//! [`super::json`]); fields the engine does not read are only syntax-checked, not decoded: a
//! number out of `f64` range or nesting deeper than serde_json's recursion limit (128) inside
//! such a field no longer makes the bundle "not JSON" (it did while the whole document was
//! decoded into a `Value`); inside a field the engine reads, both still do.

use std::collections::BTreeMap;

use thiserror::Error;

use super::json::{Raw, Shape, LEAF};
use super::model::*;
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

const fn object(fields: &'static [(&'static str, &'static Shape)]) -> Shape {
    Shape {
        fields,
        items: None,
        entries: None,
    }
}

const fn list(items: &'static Shape) -> Shape {
    Shape {
        fields: &[],
        items: Some(items),
        entries: None,
    }
}

const fn keyed(entries: &'static Shape) -> Shape {
    Shape {
        fields: &[],
        items: None,
        entries: Some(entries),
    }
}

/// A user, label, app or git identity: whichever of these names it carries.
static ACCOUNT: Shape = object(&[
    ("login", &LEAF),
    ("type", &LEAF),
    ("name", &LEAF),
    ("email", &LEAF),
    ("date", &LEAF),
    ("slug", &LEAF),
]);
static ACCOUNTS: Shape = list(&ACCOUNT);
static LEAVES: Shape = list(&LEAF);
static REPO: Shape = object(&[
    ("full_name", &LEAF),
    ("name", &LEAF),
    ("owner", &ACCOUNT),
    ("default_branch", &LEAF),
]);
static REF: Shape = object(&[("sha", &LEAF), ("ref", &LEAF), ("repo", &REPO)]);
static PULL: Shape = object(&[
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
static CHECK_RUNS: Shape = Shape {
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
static STATUS: Shape = object(&[("state", &LEAF), ("statuses", &COMMIT_STATUSES)]);
static REVIEW: Shape = object(&[
    ("user", &ACCOUNT),
    ("state", &LEAF),
    ("commit_id", &LEAF),
    ("submitted_at", &LEAF),
    ("author_association", &LEAF),
    ("body", &LEAF),
]);
static PAGE: Shape = object(&[
    ("title", &LEAF),
    ("state", &LEAF),
    ("author", &LEAF),
    ("base_ref", &LEAF),
    ("head_ref", &LEAF),
    ("viewer", &LEAF),
    ("viewed_files", &LEAVES),
    ("generated_files", &LEAVES),
]);
static FILES: Shape = list(&FILE);
static COMMITS: Shape = list(&COMMIT);
static REVIEWS: Shape = list(&REVIEW);
static USERS: Shape = keyed(&USER);
static HISTORIES: Shape = keyed(&HISTORY);
static PATH_COUNTS: Shape = keyed(&LEAF);
static FAMILIARITY: Shape = keyed(&PATH_COUNTS);
/// The bundle document: every field the engine reads, and nothing else.
static BUNDLE: Shape = object(&[
    ("format", &LEAF),
    ("fetched_at", &LEAF),
    ("pull", &PULL),
    ("files", &FILES),
    ("files_truncated", &LEAF),
    ("commits", &COMMITS),
    ("commits_truncated", &LEAF),
    ("users", &USERS),
    ("history", &HISTORIES),
    ("check_runs", &CHECK_RUNS),
    ("status", &STATUS),
    ("reviews", &REVIEWS),
    ("familiarity", &FAMILIARITY),
    ("page", &PAGE),
    ("fetch_notes", &LEAVES),
    ("linked_issues", &super::effort::LINKED_ISSUES),
    ("pr_template", &super::effort::PR_TEMPLATE),
]);

/// Parses bundle text: the shaped reader, then the policy below.
pub(super) fn from_str(text: &str) -> Result<Bundle, BundleError> {
    let document = super::json::from_str(text, &BUNDLE)
        .map_err(|error| BundleError::NotJson(clip(&error.to_string(), 200)))?;
    bundle(document)
}

/// The text at `key` (numbers and booleans are rendered as text).
fn string(value: &Raw, key: &str) -> Option<String> {
    value
        .field(key)
        .scalar()
        .text()
        .map(std::borrow::Cow::into_owned)
}

fn unsigned(value: &Raw, key: &str) -> Option<u64> {
    value.field(key).scalar().unsigned()
}

fn as_unsigned(value: &Raw) -> Option<u64> {
    value.scalar().unsigned()
}

fn boolean(value: &Raw, key: &str) -> Option<bool> {
    value.field(key).scalar().boolean()
}

/// The text at a path of keys.
fn path_string(value: &Raw, keys: &[&str]) -> Option<String> {
    let (last, parents) = keys.split_last()?;
    string(value.path(parents), last)
}

fn array<'a>(value: &'a Raw, key: &str) -> &'a [Raw] {
    value.field(key).items()
}

fn wrong_type(field: &str, expected: &'static str, found: &Raw) -> BundleError {
    BundleError::WrongType {
        field: field.to_string(),
        expected,
        found: found.kind(),
    }
}

/// The section at `key` if present and not null.
fn section<'a>(root: &'a Raw, key: &str) -> Option<&'a Raw> {
    root.get(key).filter(|value| !value.is_null())
}

/// A section that must be an array of objects; non-object items are skipped.
fn object_items<'a>(root: &'a Raw, key: &str) -> Result<Option<Vec<&'a Raw>>, BundleError> {
    match section(root, key) {
        None => Ok(None),
        Some(Raw::Array(items)) => Ok(Some(items.iter().filter(|item| item.is_object()).collect())),
        Some(other) => Err(wrong_type(key, "an array", other)),
    }
}

/// A section that must be an object keyed by login.
fn object_map<'a>(root: &'a Raw, key: &str) -> Result<Option<&'a [(String, Raw)]>, BundleError> {
    match section(root, key) {
        None => Ok(None),
        Some(Raw::Entries(entries)) => Ok(Some(entries)),
        Some(other) => Err(wrong_type(key, "an object", other)),
    }
}

fn time_at(value: &Raw, key: &str) -> Option<i64> {
    value
        .field(key)
        .scalar()
        .text()
        .and_then(|text| timestamp::parse(&text))
}

/// Builds a map by login from entries in input order, as a `Value` map would: the last of
/// repeated keys decides, including deciding that there is no entry (`read` gives `None`).
/// The last occurrence is found with the crate's one stable sort (ties keep input order), so
/// no `BTreeMap::remove` (~15 KB of wasm) is needed.
fn by_key<T>(
    entries: &[(String, Raw)],
    mut read: impl FnMut(&str, &Raw) -> Option<T>,
) -> BTreeMap<String, T> {
    let key_at = |index: usize| entries.get(index).map(|(key, _)| key.as_str());
    let order = crate::order::sorted_indices(entries.len(), &mut |a, b| key_at(a).cmp(&key_at(b)));
    let mut map = BTreeMap::new();
    for (position, index) in order.iter().enumerate() {
        let Some((key, value)) = entries.get(*index) else {
            continue;
        };
        let next_key = order.get(position + 1).and_then(|next| key_at(*next));
        if next_key == Some(key.as_str()) {
            continue; // a later duplicate decides
        }
        if let Some(read) = read(key, value) {
            map.insert(key.clone(), read);
        }
    }
    map
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

fn bundle(mut root: Raw) -> Result<Bundle, BundleError> {
    if !root.is_object() {
        return Err(BundleError::NotObject(root.kind()));
    }
    if let Some(format) = section(&root, "format") {
        match format.scalar().as_str() {
            Some(super::model::BUNDLE_FORMAT) => {}
            Some(other) => {
                return Err(BundleError::UnsupportedFormat(clip(
                    other,
                    MAX_QUOTED_CHARS,
                )))
            }
            None => return Err(wrong_type("format", "a string", format)),
        }
    }
    let pull_value = section(&root, "pull").ok_or(BundleError::MissingPull)?;
    if !pull_value.is_object() {
        return Err(wrong_type("pull", "an object", pull_value));
    }
    let pull = pull(pull_value)?;

    let files = match take_file_items(&mut root)? {
        None => None,
        Some(items) => Some(
            items
                .into_iter()
                .filter_map(changed_file)
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let root = &root;
    let commits =
        object_items(root, "commits")?.map(|items| items.into_iter().map(commit).collect());
    let users = object_map(root, "users")?.map(|entries| {
        by_key(entries, |login, value| {
            value.is_object().then(|| user(login, value))
        })
    });
    let history = object_map(root, "history")?.map(|entries| {
        by_key(entries, |_, value| {
            let prs = unsigned(value, "prs")?;
            let merged = unsigned(value, "merged").unwrap_or(0).min(prs);
            Some(History { prs, merged })
        })
    });
    let check_runs = match section(root, "check_runs") {
        None => None,
        // Accept the whole `GET …/check-runs` response as well as its `check_runs` array.
        Some(response @ Raw::Object(_)) => Some(
            array(response, "check_runs")
                .iter()
                .filter(|item| item.is_object())
                .map(check_run)
                .collect(),
        ),
        Some(Raw::Array(items)) => Some(
            items
                .iter()
                .filter(|item| item.is_object())
                .map(check_run)
                .collect(),
        ),
        Some(other) => return Err(wrong_type("check_runs", "an array", other)),
    };
    let status = match section(root, "status") {
        None => None,
        Some(value @ Raw::Object(_)) => Some(combined_status(value)),
        Some(other) => return Err(wrong_type("status", "an object", other)),
    };
    let reviews =
        object_items(root, "reviews")?.map(|items| items.into_iter().map(review).collect());
    let familiarity = object_map(root, "familiarity")?.map(|entries| {
        by_key(entries, |_, paths| match paths {
            Raw::Entries(paths) => Some(by_key(paths, |_, count| as_unsigned(count))),
            _ => None,
        })
    });
    let page = match section(root, "page") {
        None => None,
        Some(value @ Raw::Object(_)) => Some(page_facts(value)),
        Some(other) => return Err(wrong_type("page", "an object", other)),
    };
    let fetch_notes = array(root, "fetch_notes")
        .iter()
        .filter_map(|note| note.scalar().as_str().map(str::to_string))
        .collect();

    Ok(Bundle {
        fetched_at: time_at(root, "fetched_at"),
        pull,
        files,
        files_truncated: boolean(root, "files_truncated").unwrap_or(false),
        commits,
        commits_truncated: boolean(root, "commits_truncated").unwrap_or(false),
        users,
        history,
        check_runs,
        status,
        reviews,
        familiarity,
        page,
        linked_issues: super::effort::linked_issues(root).map_err(|found| {
            BundleError::WrongType {
                field: "linked_issues".into(),
                expected: "an object",
                found: found.0,
            }
        })?,
        pr_template: super::effort::pr_template(root),
        fetch_notes,
    })
}

/// The `files` section's object items, taken out of the document (their patches are moved,
/// not copied); `None` when absent or null.
fn take_file_items(root: &mut Raw) -> Result<Option<Vec<Raw>>, BundleError> {
    let Raw::Object(fields) = root else {
        return Ok(None);
    };
    let Some((_, files)) = fields.iter_mut().rev().find(|(name, _)| *name == "files") else {
        return Ok(None);
    };
    match std::mem::replace(files, Raw::Scalar(super::json::Scalar::Null)) {
        Raw::Array(items) => Ok(Some(items.into_iter().filter(Raw::is_object).collect())),
        other if other.is_null() => Ok(None),
        other => Err(wrong_type("files", "an array", &other)),
    }
}

/// Owner and repo from `base.repo`, else from the html or API URL.
fn owner_and_repo(pull: &Raw) -> (String, String) {
    if let (Some(owner), Some(repo)) = (
        path_string(pull, &["base", "repo", "owner", "login"]),
        path_string(pull, &["base", "repo", "name"]),
    ) {
        return (owner, repo);
    }
    for key in ["html_url", "url"] {
        if let Some(url) = string(pull, key) {
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

fn logins(items: &[Raw]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| string(item, "login").or_else(|| string(item, "name")))
        .collect()
}

fn pull(value: &Raw) -> Result<Pull, BundleError> {
    let number = match value.get("number") {
        None => {
            return Err(BundleError::Absurd {
                field: "pull.number".into(),
                detail: "missing; a pull request always has a number".into(),
            })
        }
        Some(raw) if raw.is_null() => {
            return Err(BundleError::Absurd {
                field: "pull.number".into(),
                detail: "missing; a pull request always has a number".into(),
            })
        }
        Some(raw) => {
            as_unsigned(raw).ok_or_else(|| wrong_type("pull.number", "a positive integer", raw))?
        }
    };
    if number == 0 {
        return Err(BundleError::Absurd {
            field: "pull.number".into(),
            detail: "0 is not a pull request number".into(),
        });
    }
    if let Some(title) = value.get("title").filter(|title| !title.is_null()) {
        if title.scalar().as_str().is_none() {
            return Err(wrong_type("pull.title", "a string", title));
        }
    }
    let (owner, repo) = owner_and_repo(value);
    let user = value.field("user");
    let merged_at = time_at(value, "merged_at");
    Ok(Pull {
        owner,
        repo,
        number,
        title: string(value, "title").unwrap_or_default(),
        body: string(value, "body").unwrap_or_default(),
        author: string(user, "login"),
        author_type: string(user, "type"),
        author_association: string(value, "author_association"),
        html_url: string(value, "html_url"),
        head_sha: path_string(value, &["head", "sha"]),
        head_ref: path_string(value, &["head", "ref"]),
        head_repo: path_string(value, &["head", "repo", "full_name"]),
        head_default_branch: path_string(value, &["head", "repo", "default_branch"]),
        base_ref: path_string(value, &["base", "ref"]),
        base_sha: path_string(value, &["base", "sha"]),
        state: string(value, "state").unwrap_or_else(|| "open".into()),
        merged: boolean(value, "merged").unwrap_or(merged_at.is_some()),
        draft: boolean(value, "draft").unwrap_or(false),
        additions: plausible_lines("pull.additions", unsigned(value, "additions"))?,
        deletions: plausible_lines("pull.deletions", unsigned(value, "deletions"))?,
        changed_files: unsigned(value, "changed_files"),
        commits: unsigned(value, "commits"),
        created_at: time_at(value, "created_at"),
        updated_at: time_at(value, "updated_at"),
        closed_at: time_at(value, "closed_at"),
        merged_at,
        mergeable_state: string(value, "mergeable_state"),
        labels: logins_or_names(array(value, "labels")),
        requested_reviewers: logins(array(value, "requested_reviewers")),
        comments: unsigned(value, "comments"),
        review_comments: unsigned(value, "review_comments"),
    })
}

fn logins_or_names(items: &[Raw]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| {
            item.scalar()
                .as_str()
                .map(str::to_string)
                .or_else(|| string(item, "name"))
        })
        .collect()
}

/// A file entry; entries with no usable filename are skipped (`None`).
fn changed_file(mut value: Raw) -> Option<Result<ChangedFile, BundleError>> {
    let filename = value
        .take_string("filename")
        .filter(|name| !name.is_empty())?;
    let additions = plausible_lines("files[].additions", unsigned(&value, "additions"));
    let deletions = plausible_lines("files[].deletions", unsigned(&value, "deletions"));
    Some(match (additions, deletions) {
        (Ok(additions), Ok(deletions)) => Ok(ChangedFile {
            filename,
            status: value
                .take_string("status")
                .unwrap_or_else(|| "modified".into()),
            additions: additions.unwrap_or(0),
            deletions: deletions.unwrap_or(0),
            patch: value.take_string("patch"),
            previous_filename: value.take_string("previous_filename"),
            sha: value.take_string("sha"),
        }),
        (Err(error), _) | (_, Err(error)) => Err(error),
    })
}

fn commit(value: &Raw) -> Commit {
    let author = value.field("author");
    Commit {
        sha: string(value, "sha").unwrap_or_default(),
        author_login: string(author, "login"),
        author_type: string(author, "type"),
        committer_login: path_string(value, &["committer", "login"]),
        author_name: path_string(value, &["commit", "author", "name"]),
        author_email: path_string(value, &["commit", "author", "email"]),
        message: path_string(value, &["commit", "message"]).unwrap_or_default(),
        authored_at: time_at(value.path(&["commit", "author"]), "date"),
        verified: boolean(value.path(&["commit", "verification"]), "verified"),
        parents: array(value, "parents").len(),
    }
}

fn user(login: &str, value: &Raw) -> User {
    User {
        login: string(value, "login").unwrap_or_else(|| login.to_string()),
        kind: string(value, "type"),
        created_at: time_at(value, "created_at"),
        public_repos: unsigned(value, "public_repos"),
        followers: unsigned(value, "followers"),
        name: string(value, "name"),
        site_admin: boolean(value, "site_admin").unwrap_or(false),
    }
}

fn check_run(value: &Raw) -> CheckRun {
    CheckRun {
        name: string(value, "name").unwrap_or_default(),
        status: string(value, "status").unwrap_or_else(|| "completed".into()),
        conclusion: string(value, "conclusion"),
        app: path_string(value, &["app", "slug"]),
        html_url: string(value, "html_url"),
        output_title: path_string(value, &["output", "title"]),
    }
}

fn combined_status(value: &Raw) -> CombinedStatus {
    CombinedStatus {
        state: string(value, "state"),
        statuses: array(value, "statuses")
            .iter()
            .filter(|item| item.is_object())
            .map(|item| CommitStatus {
                context: string(item, "context").unwrap_or_default(),
                state: string(item, "state").unwrap_or_default(),
                description: string(item, "description"),
                target_url: string(item, "target_url"),
            })
            .collect(),
    }
}

fn review(value: &Raw) -> Review {
    Review {
        user: path_string(value, &["user", "login"]),
        state: string(value, "state").unwrap_or_default(),
        commit_id: string(value, "commit_id"),
        submitted_at: time_at(value, "submitted_at"),
        author_association: string(value, "author_association"),
        body: string(value, "body").unwrap_or_default(),
    }
}

fn strings(value: &Raw, key: &str) -> Vec<String> {
    array(value, key)
        .iter()
        .filter_map(|item| item.scalar().as_str().map(str::to_string))
        .collect()
}

fn page_facts(value: &Raw) -> PageFacts {
    PageFacts {
        title: string(value, "title"),
        state: string(value, "state"),
        author: string(value, "author"),
        base_ref: string(value, "base_ref"),
        head_ref: string(value, "head_ref"),
        viewer: string(value, "viewer"),
        viewed_files: strings(value, "viewed_files"),
        generated_files: strings(value, "generated_files"),
    }
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
    fn repeated_logins_keep_the_last_entry_even_when_it_is_unusable() {
        let bundle = Bundle::from_json_str(
            r#"{"pull": {"number": 1},
                "users": {"b": {"login": "b"}, "a": {"login": "a1"}, "b": 7, "a": {"login": "a2"}},
                "history": {"x": {"prs": 3}, "x": {"prs": "?"}, "y": {"prs": 1}, "y": {"prs": 2}},
                "familiarity": {"u": {"p": 1, "p": "x", "q": 2}, "v": {"p": 1}, "v": []}}"#,
        )
        .unwrap();
        let users = bundle.users.unwrap();
        assert_eq!(users.keys().collect::<Vec<_>>(), ["a"]);
        assert_eq!(users["a"].login, "a2");
        let history = bundle.history.unwrap();
        assert_eq!(history.keys().collect::<Vec<_>>(), ["y"]);
        assert_eq!(history["y"].prs, 2);
        let familiarity = bundle.familiarity.unwrap();
        assert_eq!(familiarity.keys().collect::<Vec<_>>(), ["u"]);
        assert_eq!(
            familiarity["u"].iter().collect::<Vec<_>>(),
            [(&"q".to_string(), &2)]
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
