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

mod activity;
mod error;
mod items;
mod pull;
mod read;
mod shapes;
mod since_approval;
mod viewer;

use super::json::{Raw, Shape, LEAF};
use super::model::*;
use crate::text::clip;
use items::{changed_file, check_run, combined_status, commit, page_facts, review, user};
use read::*;

pub use error::BundleError;

/// Hostile values quoted in an error message are clipped to this many characters.
const MAX_QUOTED_CHARS: usize = 120;

/// The bundle document: every field the engine reads, and nothing else.
static BUNDLE: Shape = shapes::object(&[
    ("format", &LEAF),
    ("fetched_at", &LEAF),
    ("pull", &shapes::PULL),
    ("files", &shapes::FILES),
    ("files_truncated", &LEAF),
    ("patches_fetched", &LEAF),
    ("commits", &shapes::COMMITS),
    ("commits_truncated", &LEAF),
    ("users", &shapes::USERS),
    ("history", &shapes::HISTORIES),
    ("check_runs", &shapes::CHECK_RUNS),
    ("status", &shapes::STATUS),
    ("reviews", &shapes::REVIEWS),
    ("familiarity", &shapes::FAMILIARITY),
    ("page", &shapes::PAGE),
    ("timeline", &activity::TIMELINE),
    ("events", &activity::EVENTS),
    ("fetch_notes", &shapes::LEAVES),
    ("linked_issues", &crate::bundle::effort::LINKED_ISSUES),
    ("pr_template", &crate::bundle::effort::PR_TEMPLATE),
    ("since_approval", &since_approval::SINCE_APPROVAL),
    ("viewer", &viewer::VIEWER),
    ("codeowners", &viewer::CODEOWNERS),
    ("since_review", &since_approval::SINCE_REVIEW),
]);

/// Parses bundle text: the shaped reader, then the policy below.
pub(super) fn from_str(text: &str) -> Result<Bundle, BundleError> {
    let document = super::json::from_str(text, &BUNDLE)
        .map_err(|error| BundleError::NotJson(clip(&error.to_string(), 200)))?;
    bundle(document)
}

/// Reads a decoded bundle (what the fetcher assembles): the same shape and policy, no text.
pub(super) fn from_value(value: &serde_json::Value) -> Result<Bundle, BundleError> {
    let document = super::json::from_value(value, &BUNDLE)
        .map_err(|error| BundleError::NotJson(clip(&error.to_string(), 200)))?;
    bundle(document)
}

/// Reads a bundle's `page` section on its own (page facts that changed after the fetch), with
/// the bundle's policy: null is "no facts", anything but an object is an error.
pub(super) fn page_from_value(value: &serde_json::Value) -> Result<Option<PageFacts>, BundleError> {
    let page = super::json::from_value(value, &shapes::PAGE)
        .map_err(|error| BundleError::NotJson(clip(&error.to_string(), 200)))?;
    match page {
        Raw::Object(_) => Ok(Some(page_facts(&page))),
        ref other if other.is_null() => Ok(None),
        other => Err(wrong_type("page", "an object", &other)),
    }
}

fn bundle(mut root: Raw) -> Result<Bundle, BundleError> {
    if !root.is_object() {
        return Err(BundleError::NotObject(root.kind()));
    }
    if let Some(format) = section(&root, "format") {
        match format.scalar().as_str() {
            Some(BUNDLE_FORMAT) => {}
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
    let pull = pull::pull(pull_value)?;

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
    let timeline = activity::timeline(root)?;
    let events = activity::events(root)?;
    let fetch_notes = array(root, "fetch_notes")
        .iter()
        .filter_map(|note| note.scalar().as_str().map(str::to_string))
        .collect();

    Ok(Bundle {
        fetched_at: time_at(root, "fetched_at"),
        pull,
        files,
        files_truncated: boolean(root, "files_truncated").unwrap_or(false),
        patches_fetched: boolean(root, "patches_fetched").unwrap_or(true),
        commits,
        commits_truncated: boolean(root, "commits_truncated").unwrap_or(false),
        users,
        history,
        check_runs,
        status,
        reviews,
        familiarity,
        page,
        timeline,
        events,
        linked_issues: crate::bundle::effort::linked_issues(root).map_err(|found| {
            BundleError::WrongType {
                field: "linked_issues".into(),
                expected: "an object",
                found: found.0,
            }
        })?,
        pr_template: crate::bundle::effort::pr_template(root),
        since_approval: since_approval::since_approval(root)?,
        viewer: viewer::viewer(root)?,
        codeowners: viewer::codeowners(root)?,
        since_review: since_approval::since_review(root)?,
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

#[cfg(test)]
mod tests;
