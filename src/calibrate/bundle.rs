//! A `prlens.bundle.v1` of a merged pull request, from git alone.
//!
//! **What is in it.** `pull` (number, title and body from the merge's message, the author,
//! the time the PR was merged as its `created_at`, `updated_at` and `fetched_at`: the signal is
//! what the panel would have shown just before the merge), `files` (as "List pull request
//! files" sends them: at most 3,000, each with its patch unless it is binary or over GitHub's
//! diff limits), `history` and `familiarity` of the author (see [`super::history`]; familiarity
//! for the same files the extension asks about, `fetch::plan::familiarity_paths`) and the
//! author's association as git can tell it (FIRST_TIME_CONTRIBUTOR or CONTRIBUTOR: membership
//! is not in git).
//!
//! **What is not.** Checks, statuses, reviews, commits, accounts, timelines and public events
//! are left out, which the bundle format reads as "not fetched"; a `fetch_notes` line says so.
//! No driver may fire from their absence (the engine's rule for every bundle).

use serde_json::{json, Map, Value};

use super::log::FileDiff;

/// GitHub lists at most this many files of a pull request ("List pull requests files").
pub const MAX_FILES: usize = 3_000;

/// The note every calibration bundle carries.
pub const NOTE: &str = "rebuilt from git history by prlens calibrate: checks, statuses, reviews, commits, accounts, timeline and events not fetched; association from git (first commit or not)";

/// The facts of one merged pull request that git gives.
#[derive(Debug, Clone)]
pub struct PullFacts<'a> {
    pub owner: &'a str,
    pub repo: &'a str,
    pub number: u64,
    pub title: &'a str,
    pub body: &'a str,
    pub author: &'a str,
    /// Earlier mainline commits by the author.
    pub contributions: u64,
    pub merged_at: i64,
    pub head_sha: &'a str,
    pub base_ref: &'a str,
}

/// The bundle JSON of a pull request; `familiarity(path)` counts the author's earlier commits
/// on a path.
pub fn bundle(pull: &PullFacts, files: &[FileDiff], familiarity: impl Fn(&str) -> u64) -> Value {
    let time = crate::timestamp::format(pull.merged_at).unwrap_or_default();
    let listed: Vec<Value> = files.iter().take(MAX_FILES).map(file).collect();
    let (additions, deletions) = files.iter().fold((0u64, 0u64), |(a, d), file| {
        (
            a.saturating_add(file.additions),
            d.saturating_add(file.deletions),
        )
    });
    let author_type = if pull.author.to_ascii_lowercase().ends_with("[bot]") {
        "Bot"
    } else {
        "User"
    };
    let association = if pull.contributions == 0 {
        "FIRST_TIME_CONTRIBUTOR"
    } else {
        "CONTRIBUTOR"
    };
    let familiar: Map<String, Value> = crate::fetch::plan::familiarity_paths(&listed)
        .into_iter()
        .map(|path| {
            let count = familiarity(&path);
            (path, json!(count))
        })
        .collect();
    json!({
        "format": crate::bundle::BUNDLE_FORMAT,
        "fetched_at": time,
        "pull": {
            "number": pull.number,
            "title": pull.title,
            "body": pull.body,
            "state": "open",
            "user": {"login": pull.author, "type": author_type},
            "author_association": association,
            "html_url": format!("https://github.com/{}/{}/pull/{}", pull.owner, pull.repo, pull.number),
            "head": {"sha": pull.head_sha},
            "base": {"ref": pull.base_ref, "repo": {"name": pull.repo, "owner": {"login": pull.owner}}},
            "additions": additions,
            "deletions": deletions,
            "changed_files": files.len(),
            "created_at": time,
            "updated_at": time,
        },
        "files": listed,
        "files_truncated": files.len() > MAX_FILES,
        "history": {pull.author: {"prs": pull.contributions + 1, "merged": pull.contributions}},
        "familiarity": {pull.author: familiar},
        "fetch_notes": [NOTE],
    })
}

fn file(diff: &FileDiff) -> Value {
    let mut item = json!({
        "filename": diff.path,
        "status": diff.status.key(),
        "additions": diff.additions,
        "deletions": diff.deletions,
    });
    if let Some(patch) = &diff.patch {
        item["patch"] = json!(patch);
    }
    if let Some(previous) = &diff.previous_path {
        item["previous_filename"] = json!(previous);
    }
    item
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calibrate::log::FileStatus;

    #[test]
    fn a_rebuilt_bundle_reads_as_a_pr_with_unfetched_checks_reviews_and_accounts() {
        let files = vec![FileDiff {
            path: "src/a.py".into(),
            previous_path: None,
            status: FileStatus::Modified,
            additions: 3,
            deletions: 1,
            patch: Some("@@ -1 +1,3 @@\n-a\n+b\n+c\n+d".into()),
        }];
        let pull = PullFacts {
            owner: "octo",
            repo: "demo",
            number: 7,
            title: "Fix the parser",
            body: "",
            author: "alice",
            contributions: 0,
            merged_at: 1_700_000_000,
            head_sha: "1111111111111111111111111111111111111111",
            base_ref: "main",
        };
        let value = bundle(&pull, &files, |_| 0);
        let parsed = crate::Bundle::from_value(&value).expect("parses");
        assert!(parsed.check_runs.is_none() && parsed.reviews.is_none() && parsed.users.is_none());
        assert_eq!(
            parsed.pull.author_association.as_deref(),
            Some("FIRST_TIME_CONTRIBUTOR")
        );
        assert_eq!(value["familiarity"]["alice"]["src/a.py"], 0);
        let signal = crate::analyze(&parsed, &crate::Settings::default(), None);
        let ids: Vec<&str> = signal.risk.drivers.iter().map(|d| d.id.as_str()).collect();
        for absent in [
            "failing_checks",
            "stale_approval",
            "young_account",
            "empty_profile",
            "unsigned_commit",
        ] {
            assert!(
                !ids.contains(&absent),
                "{absent} fired from absent data: {ids:?}"
            );
        }
    }
}
