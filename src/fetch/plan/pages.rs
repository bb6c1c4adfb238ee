//! Paginated sections (files, commits, timeline): page 1 in the first wave, the rest at once in
//! the next, in order, within GitHub's caps.
//!
//! Why: page 1's `Link rel="last"` names every later page, so they can all be in flight
//! together instead of following `next` one round trip at a time. Sources: docs.github.com
//! "Using pagination in the REST API".

use std::collections::BTreeMap;

use serde_json::Value;

use super::state::{Got, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::{Fetched, GetError, Origin};
use crate::fetch::limits::MAX_COMMITS;
use crate::fetch::link::{link_url, page_number, with_page};
use crate::fetch::notes::{failure_note, stale_note};
use crate::fetch::urls::Api;

/// A section GitHub pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Paged {
    Files,
    Commits,
    Timeline,
}

impl Paged {
    pub(super) fn section(self) -> &'static str {
        match self {
            Paged::Files => "files",
            Paged::Commits => "commits",
            Paged::Timeline => "timeline",
        }
    }
}

/// Page 1 of a paginated section: its items and the `Link` that names the others.
pub(super) struct FirstPage {
    pub(super) items: Vec<Value>,
    pub(super) link: Option<String>,
}

/// Pages 2..N to request at once, from page 1's `Link rel="last"`.
pub(super) struct Remaining {
    pub(super) urls: Vec<(u32, String)>,
    /// The last page GitHub offered, when beyond the cap.
    pub(super) capped_from: Option<u32>,
}

/// The pages of every paginated section, by number, until they are joined in order.
#[derive(Default)]
pub(super) struct PageSets {
    sets: BTreeMap<Paged, BTreeMap<u32, Vec<Value>>>,
}

impl PageSets {
    pub(super) fn insert(&mut self, paged: Paged, number: u32, items: Vec<Value>) {
        self.sets.entry(paged).or_default().insert(number, items);
    }

    /// Every page of `paged` in page order.
    pub(super) fn joined(&mut self, paged: Paged) -> Vec<Value> {
        self.sets
            .remove(&paged)
            .unwrap_or_default()
            .into_values()
            .flatten()
            .collect()
    }
}

/// Notes a body served from a stale cached copy.
pub(super) fn note_if_stale(
    draft: &mut BundleDraft,
    plan: &Plan<'_>,
    section: &str,
    url: &str,
    fetched: &Fetched,
) {
    if fetched.origin == Origin::Stale {
        let exhausted = plan
            .client
            .cache
            .rate_limits
            .borrow()
            .exhausted_until(url, plan.client.now());
        draft.note(stale_note(section, exhausted));
    }
}

/// Records page 1 of a paginated section; returns its items and `Link` for the next wave.
pub(super) fn first_page(
    draft: &mut BundleDraft,
    plan: &Plan<'_>,
    paged: Paged,
    url: &str,
    result: Got,
) -> Option<FirstPage> {
    let section = paged.section();
    match result {
        Ok(fetched) => {
            note_if_stale(draft, plan, section, url, &fetched);
            let Some(items) = fetched.body.as_array().cloned() else {
                draft.note(failure_note(section, &GetError::Malformed));
                return None;
            };
            match paged {
                Paged::Files => draft.files = Some(Vec::new()),
                Paged::Commits => draft.commits = Some(Vec::new()),
                Paged::Timeline => draft.timeline = Some(Vec::new()),
            }
            Some(FirstPage {
                items,
                link: fetched.link,
            })
        }
        Err(error) => {
            draft.note(failure_note(section, &error));
            None
        }
    }
}

pub(super) fn remaining_pages(api: &Api, first: Option<&FirstPage>, max_pages: u32) -> Remaining {
    let none = Remaining {
        urls: Vec::new(),
        capped_from: None,
    };
    let Some(link) = first.and_then(|page| page.link.as_deref()) else {
        return none;
    };
    // `last` gives the count; a server that sends only `next` gets its next page followed.
    let last = link_url(link, "last").or_else(|| link_url(link, "next"));
    let Some(last) = last.filter(|url| api.owns(url)) else {
        return none;
    };
    let Some(count) = page_number(&last) else {
        return none;
    };
    let capped_from = (count > max_pages).then_some(count);
    Remaining {
        urls: (2..=count.min(max_pages))
            .map(|page| (page, with_page(&last, page)))
            .collect(),
        capped_from,
    }
}

/// Files one later page into `pages`, or notes why it is missing.
pub(super) fn page_into(
    draft: &mut BundleDraft,
    paged: Paged,
    number: u32,
    result: Got,
    pages: &mut PageSets,
) {
    let section = paged.section();
    match result.map(|fetched| fetched.body) {
        Ok(Value::Array(items)) => pages.insert(paged, number, items),
        Ok(_) => {
            mark_incomplete(draft, paged);
            draft.note(failure_note(
                &format!("{section} page {number}"),
                &GetError::Malformed,
            ));
        }
        Err(error) => {
            mark_incomplete(draft, paged);
            draft.note(failure_note(&format!("{section} page {number}"), &error));
        }
    }
}

fn mark_incomplete(draft: &mut BundleDraft, paged: Paged) {
    match paged {
        Paged::Files => draft.files_truncated = true,
        Paged::Commits => draft.commits_truncated = true,
        // The bundle has no flag for it: the page's note says what is missing.
        Paged::Timeline => {}
    }
}

/// Says when GitHub's caps (3,000 files, 250 commits) cut a list short.
pub(super) fn mark_truncation(draft: &mut BundleDraft, files_capped_from: Option<u32>) {
    let pull = draft.pull.clone();
    let declared = |key: &str| pull.get(key).and_then(Value::as_u64);
    if let Some(files) = &draft.files {
        let listed = files.len() as u64;
        let expected = declared("changed_files");
        if files_capped_from.is_some() || expected.is_some_and(|expected| expected > listed) {
            draft.files_truncated = true;
            let total = expected
                .map(|count| format!(" of {count}"))
                .unwrap_or_default();
            draft.note(format!(
                "files: only {listed}{total} changed files were read (GitHub lists at most 3,000)"
            ));
        }
    }
    if let Some(commits) = &draft.commits {
        let listed = commits.len() as u64;
        if declared("commits").is_some_and(|expected| expected > listed) {
            draft.commits_truncated = true;
            let total = declared("commits").unwrap_or(listed);
            draft.note(format!(
                "commits: only {listed} of {total} commits were read (GitHub lists at most {MAX_COMMITS})"
            ));
        }
    }
}

/// Commits by the author on a path: with `per_page=1` the last page number is the count.
pub(super) fn familiarity_count(fetched: &Fetched) -> u64 {
    let listed = fetched.body.as_array().map_or(0, Vec::len) as u64;
    match fetched
        .link
        .as_deref()
        .and_then(|link| link_url(link, "last"))
    {
        Some(last) => page_number(&last).map_or(listed, u64::from),
        None => listed,
    }
}
