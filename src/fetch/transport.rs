//! The transport trait: how the fetcher talks HTTP without knowing where it runs.
//!
//! Why: the fetch logic (waves, pagination, cache, rate limits, error mapping) must be unit
//! tested natively against a scripted fake, while the browser uses `fetch` through gloo-net
//! (`src/web/transport.rs`). Futures are boxed and `!Send` (`LocalBoxFuture`) because browser
//! futures are single-threaded; no async runtime is needed on either side.

use std::future::Future;
use std::pin::Pin;

/// A boxed, single-threaded future (the browser's kind).
pub type LocalBoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// One GET request. Header names are lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub url: String,
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// The value of a request header, by lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        find_header(&self.headers, name)
    }
}

/// One HTTP response. Header names are lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    /// The value of a response header, by name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        find_header(&self.headers, name)
    }
}

fn find_header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.as_str())
}

/// Why no HTTP response arrived at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    /// No response within the per-request time limit.
    Timeout,
    /// The network is down or the host unreachable (browser `TypeError: Failed to fetch`).
    Offline(String),
}

/// Sends requests and waits. Implementations: gloo-net in the browser, a scripted fake in tests.
pub trait Transport {
    /// Sends one GET request.
    fn send(&self, request: Request) -> LocalBoxFuture<'_, Result<Response, TransportError>>;
    /// Waits `millis` milliseconds (for `retry-after` and 5xx backoff).
    fn sleep(&self, millis: u32) -> LocalBoxFuture<'_, ()>;
}
