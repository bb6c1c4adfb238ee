//! Assembling a `prlens.bundle.v1` from the GitHub REST API, natively testable.
//!
//! Why: the extension must show a PR's panel fast and cheaply, within 60 unauthenticated
//! requests per hour. This module holds all of the logic — the request plan in concurrent
//! waves ([`plan`], entry point [`fetch_bundle`]), `Link` pagination ([`link`]), the ETag cache with freshness window and
//! size bound ([`cache`]), rate-limit tracking ([`rate_limit`]), bounded retries and the
//! token's host check ([`client`]), error kinds ([`error`], [`notes`]) and bundle assembly
//! ([`assemble`]) — over a [`Transport`] trait, so it runs against a scripted fake in native
//! tests and against `fetch` (gloo-net, `src/web/transport.rs`) in the browser.
//! Sources: docs.github.com REST reference and rate-limit docs; extension-platform notes §6–7.

pub mod assemble;
pub mod cache;
pub mod client;
pub mod compare;
pub mod error;
pub mod graphql;
pub mod graphql_mine;
pub mod join;
pub mod limits;
pub mod link;
pub mod notes;
pub mod plan;
pub mod rate_limit;
pub mod session;
pub mod transport;
pub mod urls;

#[cfg(test)]
mod tests;

pub use cache::{CacheStore, CacheWrites, MemoryStore};
pub use error::{ErrorKind, FetchError};
pub use plan::{fetch_bundle, FetchIo, FetchOutcome, FirstWave};
pub use transport::{LocalBoxFuture, Request, Response, Transport, TransportError};
pub use urls::PullRef;

/// How to fetch: the token (optional), the API base, the freshness window and "now".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchOptions {
    /// A GitHub token; sent only to `api_base`, and only over https (api.github.com, or an Enterprise host's `/api/v3` with that host's own token).
    pub token: Option<String>,
    /// `https://api.github.com` unless testing.
    pub api_base: String,
    /// Cached responses younger than this (and for the same head SHA) are used with no request.
    pub freshness_seconds: i64,
    /// Unix seconds.
    pub now: i64,
    /// Whose view to fetch (the CLI's `--as`); the extension names the signed-in viewer in the
    /// page facts instead. `None` and no page viewer: no personal requests at all.
    pub viewer: Option<String>,
    /// `https://github.com` when the caller may read this PR's own pages with the user's
    /// session (the extension's panel); used only without a token ([`session`]). `None`: the
    /// API alone (the CLI, the playground).
    pub web_base: Option<String>,
}

impl FetchOptions {
    /// Defaults for api.github.com at time `now`.
    pub fn new(now: i64) -> Self {
        FetchOptions {
            token: None,
            api_base: client::GITHUB_API_ORIGIN.to_string(),
            freshness_seconds: limits::DEFAULT_FRESHNESS_SECONDS,
            now,
            viewer: None,
            web_base: None,
        }
    }
}

/// A progress report for the loading panel (`onProgress` in JS).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    pub phase: String,
    pub done: u32,
    pub total: u32,
    pub message: String,
}
