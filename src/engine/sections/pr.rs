//! `pr`: which pull request this is, in the fields every other tool keys on.
//!
//! The API's values win; the page's are used where the API sent nothing (e.g. a bundle
//! built before the API answered). The URL is rebuilt from owner/repo/number so it is
//! always a canonical `https://github.com/…` link, never a value taken from the input.

use crate::engine::context::Context;
use crate::signal::PrInfo;
use crate::timestamp;

/// `pull.number` of a compare bundle, a PR not opened yet (docs/bundle.md "Compare bundles"):
/// the format needs a number and such a PR has none; 2^31 is one no repository reaches.
pub const NOT_OPENED_NUMBER: u64 = 1 << 31;

/// How a PR's number is shown: "#N", or "not opened yet" for a compare bundle.
pub fn number_label(number: u64) -> String {
    if number == NOT_OPENED_NUMBER {
        "not opened yet".to_string()
    } else {
        format!("#{number}")
    }
}

/// The PR's page; for a PR not opened yet, the compare page of its branches (never a
/// /pull/ page that does not exist). Refs are percent-encoded except `/`. Owner and repository
/// come from the bundle, which anyone can write: unless both are valid GitHub names
/// (`crate::links`) the URL is GitHub's home page.
fn page_url(
    owner: &str,
    repo: &str,
    number: u64,
    base: Option<&str>,
    head: Option<&str>,
) -> String {
    if crate::links::repo_url(owner, repo).is_none() {
        return crate::links::safe_or_home("");
    }
    match (number == NOT_OPENED_NUMBER, base, head) {
        (true, Some(base), Some(head)) => format!(
            "https://github.com/{owner}/{repo}/compare/{}...{}",
            crate::text::percent_encode(base, true),
            crate::text::percent_encode(head, true)
        ),
        (true, _, _) => format!("https://github.com/{owner}/{repo}/compare"),
        _ => format!("https://github.com/{owner}/{repo}/pull/{number}"),
    }
}

pub fn describe(context: &Context) -> PrInfo {
    let pull = &context.bundle.pull;
    let page = context.bundle.page.as_ref();
    let files = context.bundle.files.as_deref().unwrap_or(&[]);
    let state = if pull.merged {
        "merged".to_string()
    } else {
        pull.state.to_ascii_lowercase()
    };
    PrInfo {
        owner: pull.owner.clone(),
        repo: pull.repo.clone(),
        number: pull.number,
        title: if pull.title.is_empty() {
            page.and_then(|page| page.title.clone()).unwrap_or_default()
        } else {
            pull.title.clone()
        },
        author: pull
            .author
            .clone()
            .or_else(|| page.and_then(|page| page.author.clone())),
        url: page_url(
            &pull.owner,
            &pull.repo,
            pull.number,
            pull.base_ref.as_deref(),
            pull.head_ref.as_deref(),
        ),
        head_sha: pull.head_sha.clone(),
        base: pull
            .base_ref
            .clone()
            .or_else(|| page.and_then(|page| page.base_ref.clone())),
        head: pull
            .head_ref
            .clone()
            .or_else(|| page.and_then(|page| page.head_ref.clone())),
        state,
        draft: pull.draft,
        additions: pull
            .additions
            .unwrap_or_else(|| files.iter().map(|file| file.additions).sum()),
        deletions: pull
            .deletions
            .unwrap_or_else(|| files.iter().map(|file| file.deletions).sum()),
        changed_files: pull.changed_files.unwrap_or(files.len() as u64),
        created_at: pull.created_at.and_then(timestamp::format),
    }
}
