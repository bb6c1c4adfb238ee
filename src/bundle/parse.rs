//! Reads a bundle's raw JSON into the typed views of [`super`].
//!
//! Policy: a section of the wrong shape (e.g. `"files": "x"`) is an error that names it; a
//! field of the wrong type inside a GitHub object reads as unknown; absurd values (a PR
//! number of 0, more additions than any real diff) are errors, because a signal computed
//! from them would be untrustworthy.

use std::collections::BTreeMap;

use serde_json::Value;
use thiserror::Error;

use super::json::{array, as_unsigned, boolean, path, path_string, string, unsigned};
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

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn wrong_type(field: &str, expected: &'static str, found: &Value) -> BundleError {
    BundleError::WrongType {
        field: field.to_string(),
        expected,
        found: kind(found),
    }
}

/// The section at `key` if present and not null.
fn section<'a>(root: &'a Value, key: &str) -> Option<&'a Value> {
    root.get(key).filter(|value| !value.is_null())
}

/// A section that must be an array of objects; non-object items are skipped.
fn object_items<'a>(root: &'a Value, key: &str) -> Result<Option<Vec<&'a Value>>, BundleError> {
    match section(root, key) {
        None => Ok(None),
        Some(Value::Array(items)) => {
            Ok(Some(items.iter().filter(|item| item.is_object()).collect()))
        }
        Some(other) => Err(wrong_type(key, "an array", other)),
    }
}

/// A section that must be an object keyed by login.
fn object_map<'a>(
    root: &'a Value,
    key: &str,
) -> Result<Option<&'a serde_json::Map<String, Value>>, BundleError> {
    match section(root, key) {
        None => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(other) => Err(wrong_type(key, "an object", other)),
    }
}

fn time_at(value: &Value, key: &str) -> Option<i64> {
    string(value, key).and_then(|text| timestamp::parse(&text))
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

pub(super) fn bundle(root: &Value) -> Result<Bundle, BundleError> {
    if !root.is_object() {
        return Err(BundleError::NotObject(kind(root)));
    }
    if let Some(format) = section(root, "format") {
        match format.as_str() {
            Some(super::BUNDLE_FORMAT) => {}
            Some(other) => {
                return Err(BundleError::UnsupportedFormat(clip(
                    other,
                    MAX_QUOTED_CHARS,
                )))
            }
            None => return Err(wrong_type("format", "a string", format)),
        }
    }
    let pull_value = section(root, "pull").ok_or(BundleError::MissingPull)?;
    if !pull_value.is_object() {
        return Err(wrong_type("pull", "an object", pull_value));
    }
    let pull = pull(pull_value)?;

    let files = match object_items(root, "files")? {
        None => None,
        Some(items) => Some(
            items
                .into_iter()
                .filter_map(changed_file)
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let commits =
        object_items(root, "commits")?.map(|items| items.into_iter().map(commit).collect());
    let users = object_map(root, "users")?.map(|map| {
        map.iter()
            .filter(|(_, value)| value.is_object())
            .map(|(login, value)| (login.clone(), user(login, value)))
            .collect()
    });
    let history = object_map(root, "history")?.map(|map| {
        map.iter()
            .filter_map(|(login, value)| {
                let prs = unsigned(value, "prs")?;
                let merged = unsigned(value, "merged").unwrap_or(0).min(prs);
                Some((login.clone(), History { prs, merged }))
            })
            .collect()
    });
    let check_runs = match section(root, "check_runs") {
        None => None,
        // Accept the whole `GET …/check-runs` response as well as its `check_runs` array.
        Some(Value::Object(response)) => Some(
            array(&Value::Object(response.clone()), "check_runs")
                .iter()
                .filter(|item| item.is_object())
                .map(check_run)
                .collect(),
        ),
        Some(Value::Array(items)) => Some(
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
        Some(value @ Value::Object(_)) => Some(combined_status(value)),
        Some(other) => return Err(wrong_type("status", "an object", other)),
    };
    let reviews =
        object_items(root, "reviews")?.map(|items| items.into_iter().map(review).collect());
    let familiarity = object_map(root, "familiarity")?.map(|map| {
        map.iter()
            .filter_map(|(login, paths)| {
                let paths: BTreeMap<String, u64> = paths
                    .as_object()?
                    .iter()
                    .filter_map(|(path, count)| Some((path.clone(), as_unsigned(count)?)))
                    .collect();
                Some((login.clone(), paths))
            })
            .collect()
    });
    let page = match section(root, "page") {
        None => None,
        Some(value @ Value::Object(_)) => Some(page_facts(value)),
        Some(other) => return Err(wrong_type("page", "an object", other)),
    };
    let fetch_notes = array(root, "fetch_notes")
        .iter()
        .filter_map(|note| note.as_str().map(str::to_string))
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
        fetch_notes,
    })
}

/// Owner and repo from `base.repo`, else from the html or API URL.
fn owner_and_repo(pull: &Value) -> (String, String) {
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

fn logins(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| string(item, "login").or_else(|| string(item, "name")))
        .collect()
}

fn pull(value: &Value) -> Result<Pull, BundleError> {
    let number = match value.get("number") {
        None | Some(Value::Null) => {
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
        if !title.is_string() {
            return Err(wrong_type("pull.title", "a string", title));
        }
    }
    let (owner, repo) = owner_and_repo(value);
    let user = value.get("user").unwrap_or(&Value::Null);
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

fn logins_or_names(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| {
            item.as_str()
                .map(str::to_string)
                .or_else(|| string(item, "name"))
        })
        .collect()
}

/// A file entry; entries with no usable filename are skipped (`None`).
fn changed_file(value: &Value) -> Option<Result<ChangedFile, BundleError>> {
    let filename = string(value, "filename").filter(|name| !name.is_empty())?;
    let additions = plausible_lines("files[].additions", unsigned(value, "additions"));
    let deletions = plausible_lines("files[].deletions", unsigned(value, "deletions"));
    Some(match (additions, deletions) {
        (Ok(additions), Ok(deletions)) => Ok(ChangedFile {
            filename,
            status: string(value, "status").unwrap_or_else(|| "modified".into()),
            additions: additions.unwrap_or(0),
            deletions: deletions.unwrap_or(0),
            patch: string(value, "patch"),
            previous_filename: string(value, "previous_filename"),
            sha: string(value, "sha"),
        }),
        (Err(error), _) | (_, Err(error)) => Err(error),
    })
}

fn commit(value: &Value) -> Commit {
    let author = value.get("author").unwrap_or(&Value::Null);
    Commit {
        sha: string(value, "sha").unwrap_or_default(),
        author_login: string(author, "login"),
        author_type: string(author, "type"),
        committer_login: path_string(value, &["committer", "login"]),
        author_name: path_string(value, &["commit", "author", "name"]),
        author_email: path_string(value, &["commit", "author", "email"]),
        message: path_string(value, &["commit", "message"]).unwrap_or_default(),
        authored_at: path(value, &["commit", "author"]).and_then(|author| time_at(author, "date")),
        verified: path(value, &["commit", "verification"])
            .and_then(|verification| boolean(verification, "verified")),
        parents: array(value, "parents").len(),
    }
}

fn user(login: &str, value: &Value) -> User {
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

fn check_run(value: &Value) -> CheckRun {
    CheckRun {
        name: string(value, "name").unwrap_or_default(),
        status: string(value, "status").unwrap_or_else(|| "completed".into()),
        conclusion: string(value, "conclusion"),
        app: path_string(value, &["app", "slug"]),
        html_url: string(value, "html_url"),
        output_title: path_string(value, &["output", "title"]),
    }
}

fn combined_status(value: &Value) -> CombinedStatus {
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

fn review(value: &Value) -> Review {
    Review {
        user: path_string(value, &["user", "login"]),
        state: string(value, "state").unwrap_or_default(),
        commit_id: string(value, "commit_id"),
        submitted_at: time_at(value, "submitted_at"),
        author_association: string(value, "author_association"),
        body: string(value, "body").unwrap_or_default(),
    }
}

fn strings(value: &Value, key: &str) -> Vec<String> {
    array(value, key)
        .iter()
        .filter_map(|item| item.as_str().map(str::to_string))
        .collect()
}

fn page_facts(value: &Value) -> PageFacts {
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
    fn files_without_names_are_skipped_not_fatal() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 1},
            "files": [{"filename": "a.rs", "additions": "3"}, {"additions": 1}, 7]}))
        .unwrap();
        let files = bundle.files.unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].additions, 3);
    }
}
