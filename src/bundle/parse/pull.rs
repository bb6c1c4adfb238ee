//! The `pull` section: `GET /repos/{o}/{r}/pulls/{n}`.

use super::super::json::Raw;
use super::super::model::Pull;
use super::error::BundleError;
use super::read::*;

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

pub(super) fn pull(value: &Raw) -> Result<Pull, BundleError> {
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
