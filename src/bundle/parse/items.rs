//! Readers of the list and map items: files, commits, users, checks, reviews, page facts.

use super::super::json::Raw;
use super::super::model::*;
use super::error::BundleError;
use super::read::*;

/// A file entry; entries with no usable filename are skipped (`None`).
pub(super) fn changed_file(mut value: Raw) -> Option<Result<ChangedFile, BundleError>> {
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

pub(super) fn commit(value: &Raw) -> Commit {
    let author = value.field("author");
    Commit {
        sha: string(value, "sha").unwrap_or_default(),
        author_login: string(author, "login"),
        author_type: string(author, "type"),
        committer_login: path_string(value, &["committer", "login"]),
        committer_email: path_string(value, &["commit", "committer", "email"]),
        author_name: path_string(value, &["commit", "author", "name"]),
        author_email: path_string(value, &["commit", "author", "email"]),
        message: path_string(value, &["commit", "message"]).unwrap_or_default(),
        authored_at: time_at(value.path(&["commit", "author"]), "date"),
        verified: boolean(value.path(&["commit", "verification"]), "verified"),
        parents: array(value, "parents").len(),
    }
}

pub(super) fn user(login: &str, value: &Raw) -> User {
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

pub(super) fn check_run(value: &Raw) -> CheckRun {
    CheckRun {
        name: string(value, "name").unwrap_or_default(),
        status: string(value, "status").unwrap_or_else(|| "completed".into()),
        conclusion: string(value, "conclusion"),
        app: path_string(value, &["app", "slug"]),
        html_url: string(value, "html_url"),
        output_title: path_string(value, &["output", "title"]),
    }
}

pub(super) fn combined_status(value: &Raw) -> CombinedStatus {
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

pub(super) fn review(value: &Raw) -> Review {
    Review {
        user: path_string(value, &["user", "login"]),
        state: string(value, "state").unwrap_or_default(),
        commit_id: string(value, "commit_id"),
        submitted_at: time_at(value, "submitted_at"),
        author_association: string(value, "author_association"),
        body: string(value, "body").unwrap_or_default(),
    }
}

pub(super) fn page_facts(value: &Raw) -> PageFacts {
    PageFacts {
        title: string(value, "title"),
        state: string(value, "state"),
        author: string(value, "author"),
        base_ref: string(value, "base_ref"),
        head_ref: string(value, "head_ref"),
        head_sha: string(value, "head_sha").filter(|sha| is_commit_sha(sha)),
        viewer: string(value, "viewer"),
        viewed_files: strings(value, "viewed_files"),
        generated_files: strings(value, "generated_files"),
    }
}

/// A full commit id (SHA-1, or SHA-256 in SHA-256 repositories), lower-case hex: page text
/// that is anything else is not a head SHA.
fn is_commit_sha(text: &str) -> bool {
    matches!(text.len(), 40 | 64) && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
