//! `pr`: which pull request this is, in the fields every other tool keys on.
//!
//! The API's values win; the page's are used where the API sent nothing (e.g. a bundle
//! built before the API answered). The URL is rebuilt from owner/repo/number so it is
//! always a canonical `https://github.com/…` link, never a value taken from the input.

use crate::engine::context::Context;
use crate::signal::PrInfo;
use crate::timestamp;

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
        url: format!(
            "https://github.com/{}/{}/pull/{}",
            pull.owner, pull.repo, pull.number
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
