//! Reads the `since_approval` section: GitHub's compare response (`GET
//! /repos/{o}/{r}/compare/{approved}...{head}`, docs.github.com REST "Compare two commits", read
//! 2026-12-03) from the newest approval's commit to the head, stored without its patches.
//!
//! Hostile input: the commit ids are kept only when they are hex commit ids (the engine
//! compares them with the approval and the head, and the panel links them); file entries with
//! an empty, over-long or NUL-carrying path are skipped; line counts must be plausible, as in
//! `files`. Absent or null means "not fetched" (old bundles, or the approval is on the head).

use super::super::json::{Raw, Shape, LEAF};
use super::super::model::{ChangedFile, SinceApproval};
use super::error::BundleError;
use super::items::changed_file;
use super::read::{array, path_string, section, string, wrong_type};
use super::shapes::{list, object};
use crate::text::is_commit_sha;

/// "The response will include a comparison of up to 300 files" (REST docs, compare two commits).
const COMPARE_MAX_FILES: usize = 300;
/// Longer than any path git hosts allow (PATH_MAX on Linux is 4,096 bytes).
const MAX_PATH_BYTES: usize = 4096;

static SHA: Shape = object(&[("sha", &LEAF)]);
static SHAS: Shape = list(&SHA);
static FILE: Shape = object(&[
    ("filename", &LEAF),
    ("status", &LEAF),
    ("additions", &LEAF),
    ("deletions", &LEAF),
    ("previous_filename", &LEAF),
    ("sha", &LEAF),
]);
static FILES: Shape = list(&FILE);
/// `since_review` keeps the patches: the engine scores what changed since the review.
static PATCHED_FILE: Shape = object(&[
    ("filename", &LEAF),
    ("status", &LEAF),
    ("additions", &LEAF),
    ("deletions", &LEAF),
    ("previous_filename", &LEAF),
    ("sha", &LEAF),
    ("patch", &LEAF),
]);
static PATCHED_FILES: Shape = list(&PATCHED_FILE);
/// Only what the engine reads of the compare response.
pub(super) static SINCE_APPROVAL: Shape = object(&[
    ("base_commit", &SHA),
    ("merge_base_commit", &SHA),
    ("permalink_url", &LEAF),
    ("commits", &SHAS),
    ("files", &FILES),
]);
/// The same response read for `since_review`, patches included.
pub(super) static SINCE_REVIEW: Shape = object(&[
    ("base_commit", &SHA),
    ("merge_base_commit", &SHA),
    ("permalink_url", &LEAF),
    ("commits", &SHAS),
    ("files", &PATCHED_FILES),
]);

/// The section; `None` when absent or null, an error when it is not an object.
pub(super) fn since_approval(root: &Raw) -> Result<Option<SinceApproval>, BundleError> {
    comparison(root, "since_approval")
}

/// `since_review`: the same reading, with each file's patch kept.
pub(super) fn since_review(root: &Raw) -> Result<Option<SinceApproval>, BundleError> {
    comparison(root, "since_review")
}

/// A compare response at `key` (its patches were read only if its shape names them).
fn comparison(root: &Raw, key: &str) -> Result<Option<SinceApproval>, BundleError> {
    let response = match section(root, key) {
        None => return Ok(None),
        Some(value @ Raw::Object(_)) => value,
        Some(other) => return Err(wrong_type(key, "an object", other)),
    };
    let sha = |text: Option<String>| text.filter(|sha| is_commit_sha(sha));
    let listed_head = array(response, "commits")
        .last()
        .and_then(|commit| string(commit, "sha"));
    let head = sha(string(response, "permalink_url").and_then(|url| permalink_head(&url)))
        .or_else(|| sha(listed_head));
    let mut files = Vec::new();
    for item in array(response, "files")
        .iter()
        .filter(|item| item.is_object())
    {
        if let Some(file) = changed_file(item.clone()) {
            let file: ChangedFile = file?;
            let usable = file.filename.len() <= MAX_PATH_BYTES && !file.filename.contains('\0');
            if usable {
                files.push(file);
            }
        }
    }
    Ok(Some(SinceApproval {
        base: sha(path_string(response, &["base_commit", "sha"])),
        merge_base: sha(path_string(response, &["merge_base_commit", "sha"])),
        head,
        files_truncated: array(response, "files").len() >= COMPARE_MAX_FILES,
        files,
    }))
}

/// The head of `…/compare/{owner}:{base}...{owner}:{head}` (GitHub's permalink names both
/// commits, each behind its owner).
fn permalink_head(url: &str) -> Option<String> {
    let (_, head) = url.rsplit_once("...")?;
    let head = head.rsplit_once(':').map_or(head, |(_, sha)| sha);
    Some(head.to_string())
}

#[cfg(test)]
mod tests {
    use crate::bundle::Bundle;
    use serde_json::json;

    const A: &str = "aaaaaaa111111111111111111111111111111111";
    const H: &str = "ccccccc333333333333333333333333333333333";

    #[test]
    fn the_compare_response_reads_its_commits_and_files_without_patches() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 9}, "since_approval": {
            "base_commit": {"sha": A}, "merge_base_commit": {"sha": A},
            "permalink_url": format!("https://github.com/o/r/compare/o:{A}...o:{H}"),
            "commits": [{"sha": "b"}],
            "files": [
                {"filename": "src/a.rs", "status": "modified", "additions": 3, "deletions": 1, "patch": "@@"},
                {"filename": "", "additions": 1},
                {"filename": "bad\u{0}name", "additions": 1},
                "not an object"
            ]
        }}))
        .unwrap();
        let since = bundle.since_approval.unwrap();
        assert_eq!(since.base.as_deref(), Some(A));
        assert_eq!(
            since.head.as_deref(),
            Some(H),
            "the permalink names the head"
        );
        assert_eq!(since.files.len(), 1);
        assert_eq!(since.files[0].filename, "src/a.rs");
        assert!(since.files[0].patch.is_none());
        assert!(!since.files_truncated);
    }

    #[test]
    fn commit_ids_that_are_not_hex_read_as_unknown() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 9}, "since_approval": {
            "base_commit": {"sha": "main"},
            "commits": [{"sha": "../../x"}],
            "files": []
        }}))
        .unwrap();
        let since = bundle.since_approval.unwrap();
        assert!(since.base.is_none() && since.head.is_none());
    }

    #[test]
    fn without_a_permalink_the_last_listed_commit_is_the_head() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 9}, "since_approval": {
            "commits": [{"sha": A}, {"sha": H}]
        }}))
        .unwrap();
        assert_eq!(bundle.since_approval.unwrap().head.as_deref(), Some(H));
    }

    #[test]
    fn a_section_of_the_wrong_shape_is_named_and_an_absent_one_is_not_fetched() {
        assert!(Bundle::from_value(&json!({"pull": {"number": 9}}))
            .unwrap()
            .since_approval
            .is_none());
        let error =
            Bundle::from_value(&json!({"pull": {"number": 9}, "since_approval": []})).unwrap_err();
        assert!(error.to_string().contains("since_approval"), "{error}");
        let absurd = Bundle::from_value(&json!({"pull": {"number": 9}, "since_approval": {
            "files": [{"filename": "a", "additions": 1_000_000_000_u64}]
        }}));
        assert!(absurd.is_err());
    }
}
