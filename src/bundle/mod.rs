//! The PR bundle (`prlens.bundle.v1`): everything the engine knows about one pull request.
//!
//! A bundle is the boundary between fetching and scoring. The extension assembles it from the
//! GitHub REST API and the page, the CLI reads it from a file, tests build it from recorded
//! fixtures. Embedded objects are GitHub's raw JSON; this module reads them leniently into
//! typed views. Only `pull` is required: a missing section is "not fetched" (`None`), which
//! lowers evidence completeness and confidence but never fails. See `docs/bundle.md`.
//!
//! ```
//! let bundle = prlens::bundle::Bundle::from_json_str(
//!     r#"{"format":"prlens.bundle.v1","pull":{"number":7,"title":"Fix typo","user":{"login":"octocat"}}}"#,
//! ).unwrap();
//! assert_eq!(bundle.pull.number, 7);
//! assert!(bundle.files.is_none());
//! ```

mod activity;
mod effort;
pub mod json;
mod model;
mod parse;
mod viewer;

use serde_json::Value;

pub use activity::*;
pub use model::*;
pub use parse::BundleError;
pub use viewer::*;

impl Bundle {
    /// Parses a bundle from JSON text. Errors name the problem in one line.
    pub fn from_json_str(text: &str) -> Result<Self, BundleError> {
        parse::from_str(text)
    }

    /// Reads a bundle from an already-decoded JSON value (what the fetcher assembles, the list
    /// query's patch-less bundles, tests): the reader of [`Bundle::from_json_str`] fed by the
    /// `Value` instead of text, so the same shape and readings apply and nothing is printed and
    /// parsed again (`json::from_value`).
    pub fn from_value(value: &Value) -> Result<Self, BundleError> {
        parse::from_value(value)
    }

    /// Page facts read on their own, as the bundle's `page` section reads (`null`: none): the
    /// panel re-scores a bundle it holds when the page's facts change (a file ticked "Viewed").
    pub fn page_from_value(value: &Value) -> Result<Option<PageFacts>, BundleError> {
        parse::page_from_value(value)
    }

    /// Logins of every distinct commit author, in commit order (linked accounts only).
    pub fn commit_authors(&self) -> Vec<String> {
        let mut seen = Vec::new();
        for commit in self.commits.iter().flatten() {
            if let Some(login) = &commit.author_login {
                if !seen.contains(login) {
                    seen.push(login.clone());
                }
            }
        }
        seen
    }
}
