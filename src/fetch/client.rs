//! One GitHub GET with everything around it: cache lookup, freshness, `If-None-Match`, the
//! token (only for the API base the fetch was asked for: api.github.com or an Enterprise host's `https://HOST/api/v3`), rate-limit bookkeeping and bounded retries.
//!
//! Why: each section of the bundle is one or a few GETs; doing the policy here once keeps the
//! plan readable and makes every request obey the same rules: no request while a budget is
//! exhausted, at most one retry (after `retry-after` on secondary limits, after a pause on
//! 5xx), never a loop, and the token never sent to another host.
//! Sources: docs.github.com "Rate limits for the REST API" (secondary limits: honour
//! `retry-after`), "Best practices" (conditional requests), extension-platform notes §6–7.

use std::cell::{Cell, RefCell};

use serde_json::Value;

use super::cache::{CachedResponse, HttpCache};
use super::limits::{MAX_RETRY_AFTER_SECONDS, SERVER_ERROR_RETRY_MS};
use super::transport::{Request, Response, Transport, TransportError};

/// github.com's API: the default base, and the one origin a token for github.com goes to.
pub const GITHUB_API_ORIGIN: &str = "https://api.github.com";

/// Whether a URL is on api.github.com over HTTPS.
pub fn is_github_api(url: &str) -> bool {
    is_on_base(url, GITHUB_API_ORIGIN)
}

/// Whether `url` is on the API base `base` (no trailing slash) and that base may receive a
/// token: the host check before attaching one. The base is the one the fetch was asked for:
/// api.github.com, or a GitHub Enterprise Server's `https://HOST/api/v3` (issue #35; the
/// extension passes only a host the user added, with that host's own token). Any other base
/// (`http://`, a look-alike host, another path) never gets a token.
pub fn is_on_base(url: &str, base: &str) -> bool {
    token_base(base)
        && url
            .strip_prefix(base)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || rest.starts_with('?'))
}

/// api.github.com, or exactly `https://HOST[:PORT]/api/v3` with a plain host name.
fn token_base(base: &str) -> bool {
    if base == GITHUB_API_ORIGIN {
        return true;
    }
    let Some(host) = base
        .strip_prefix("https://")
        .and_then(|rest| rest.strip_suffix("/api/v3"))
    else {
        return false;
    };
    !host.is_empty()
        && host
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b':'))
}

/// How long a cached response may be used without asking GitHub.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub max_age: i64,
    /// The response changes with each push, so it is fresh only for the same head SHA.
    pub head_bound: bool,
    /// Remember a 404/422 as long as a body would be kept (`max_age`), so a revisit does not ask
    /// again for what GitHub just said is not there (an app's user profile, an unknown author).
    pub remember_failures: bool,
}

/// Where a body came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A 200 from GitHub.
    Network,
    /// A 304: the cached body is current (free of rate limit).
    NotModified,
    /// The cached body was young enough to use without a request.
    Fresh,
    /// The cached body, used because GitHub could not be asked (rate limit or network).
    Stale,
}

/// A JSON body and its pagination header.
#[derive(Debug, Clone, PartialEq)]
pub struct Fetched {
    pub body: Value,
    pub link: Option<String>,
    pub origin: Origin,
}

/// Why a GET produced no usable body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GetError {
    /// GitHub answered with this status. `rate_limit_reset` is set when the answer was a
    /// primary rate limit (403/429 with `x-ratelimit-remaining: 0`).
    Status {
        status: u16,
        rate_limit_reset: Option<i64>,
    },
    /// Not sent: the budget is exhausted until `reset`, and nothing is cached.
    Exhausted {
        reset: i64,
    },
    /// Skipped to save budget (optional data only): fewer than `min_remaining` core requests
    /// were left this hour.
    OverBudget {
        min_remaining: u64,
    },
    Transport(TransportError),
    /// The body was not JSON.
    Malformed,
    /// A github.com source answered, but not in its format (why, for the note): the plan
    /// falls back to the API (`super::session`).
    Unreadable(String),
}

/// How a 2xx body becomes the JSON the plan files (and the cache keeps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyFormat {
    /// GitHub's REST JSON.
    Json,
    /// A git diff from github.com, kept as its files section ([`super::session::diff`]).
    GitDiff,
    /// github.com's commits route, kept as the API's commits ([`super::session::commits`]).
    CommitsRoute,
    /// github.com's status-checks route, kept as check runs and status ([`super::session::checks`]).
    StatusChecksRoute,
}

impl BodyFormat {
    fn read(self, text: &str) -> Result<Value, GetError> {
        match self {
            BodyFormat::Json => serde_json::from_str(text).map_err(|_| GetError::Malformed),
            BodyFormat::GitDiff => super::session::diff::files_from_diff(text)
                .map(Value::Array)
                .map_err(|error| GetError::Unreadable(error.describe())),
            BodyFormat::CommitsRoute => super::session::commits::commits_from_route(text)
                .map(Value::Array)
                .map_err(|error| GetError::Unreadable(error.describe())),
            BodyFormat::StatusChecksRoute => super::session::checks::checks_from_route(text)
                .map_err(|error| GetError::Unreadable(error.describe())),
        }
    }

    /// The request headers of this format (`accept` first).
    fn headers(self) -> Vec<(String, String)> {
        let pairs: &[(&str, &str)] = match self {
            BodyFormat::Json => &[("accept", "application/vnd.github+json")],
            BodyFormat::GitDiff => &[("accept", "text/plain")],
            BodyFormat::CommitsRoute | BodyFormat::StatusChecksRoute => {
                &super::session::route::ROUTE_HEADERS
            }
        };
        pairs
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect()
    }
}

/// Sends GETs through a transport and a cache for one fetch.
pub struct Client<'a> {
    transport: &'a dyn Transport,
    pub cache: HttpCache<'a>,
    token: Option<String>,
    /// The API base the token goes to (and nowhere else): `is_on_base`.
    token_base: String,
    now: i64,
    /// The head SHA, once known, so head-bound cache entries can be used without a request.
    pub known_head: RefCell<Option<String>>,
    /// Requests actually sent (for tests and progress).
    pub sent: Cell<u32>,
}

impl<'a> Client<'a> {
    pub fn new(
        transport: &'a dyn Transport,
        cache: HttpCache<'a>,
        token: Option<String>,
        token_base: &str,
        now: i64,
    ) -> Self {
        Client {
            transport,
            cache,
            token: token.filter(|token| !token.trim().is_empty()),
            token_base: token_base.trim_end_matches('/').to_string(),
            now,
            known_head: RefCell::new(None),
            sent: Cell::new(0),
        }
    }

    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    pub fn now(&self) -> i64 {
        self.now
    }

    /// Core requests left this hour, if GitHub has told us.
    pub fn core_remaining(&self) -> Option<u64> {
        self.cache.rate_limits.borrow().core_remaining(self.now)
    }

    /// The cached body of a URL if it may be used without a request.
    pub async fn fresh(&self, url: &str, policy: Policy) -> Option<Fetched> {
        let (cached, meta) = self.cache.lookup(url).await?;
        if cached.failed_status.is_some() {
            return None;
        }
        let known_head = self.known_head.borrow().clone();
        if !self.cache.is_fresh(
            &meta,
            policy.max_age,
            policy.head_bound,
            known_head.as_deref(),
        ) {
            return None;
        }
        let body = serde_json::from_str(&cached.body).ok()?;
        self.cache.touch(url);
        Some(Fetched {
            body,
            link: cached.link,
            origin: Origin::Fresh,
        })
    }

    /// GET with the cache. `min_core_remaining`: skip (OverBudget) when a request would be
    /// needed and fewer core requests than this are known to remain.
    pub async fn get_within_budget(
        &self,
        url: &str,
        policy: Policy,
        min_core_remaining: u64,
    ) -> Result<Fetched, GetError> {
        if let Some(fetched) = self.fresh(url, policy).await {
            return Ok(fetched);
        }
        if self
            .core_remaining()
            .is_some_and(|remaining| remaining < min_core_remaining)
        {
            return Err(GetError::OverBudget {
                min_remaining: min_core_remaining,
            });
        }
        self.get(url, policy).await
    }

    /// GET with the cache: fresh entry → no request; else a conditional request.
    pub async fn get(&self, url: &str, policy: Policy) -> Result<Fetched, GetError> {
        self.get_as(url, policy, BodyFormat::Json).await
    }

    /// [`Client::get`] for a body in `format`; what is cached is the JSON it was read into.
    pub async fn get_as(
        &self,
        url: &str,
        policy: Policy,
        format: BodyFormat,
    ) -> Result<Fetched, GetError> {
        let cached = self.cache.lookup(url).await;
        if let Some((entry, meta)) = &cached {
            if let Some(status) = entry.failed_status {
                if self.cache.is_fresh(meta, policy.max_age, false, None) {
                    self.cache.touch(url);
                    return Err(GetError::Status {
                        status,
                        rate_limit_reset: None,
                    });
                }
            }
            let known_head = self.known_head.borrow().clone();
            if entry.failed_status.is_none()
                && self.cache.is_fresh(
                    meta,
                    policy.max_age,
                    policy.head_bound,
                    known_head.as_deref(),
                )
            {
                if let Ok(body) = serde_json::from_str(&entry.body) {
                    self.cache.touch(url);
                    return Ok(Fetched {
                        body,
                        link: entry.link.clone(),
                        origin: Origin::Fresh,
                    });
                }
            }
        }
        let cached = cached
            .map(|(entry, _)| entry)
            .filter(|entry| entry.failed_status.is_none());
        // github.com's own pages draw on no API budget (`session`): an empty one never stops them.
        let exhausted = match super::session::is_github_web(url) {
            true => None,
            false => self
                .cache
                .rate_limits
                .borrow()
                .exhausted_until(url, self.now),
        };
        if let Some(reset) = exhausted {
            return match cached {
                Some(entry) => self.use_stale(url, entry),
                None => Err(GetError::Exhausted { reset }),
            };
        }
        let request = self.request_for(url, cached.as_ref(), format);
        let mut retried = false;
        loop {
            self.sent.set(self.sent.get() + 1);
            let response = match self.transport.send(request.clone()).await {
                Ok(response) => response,
                Err(error) => {
                    return match cached {
                        Some(entry) => self.use_stale(url, entry),
                        None => Err(GetError::Transport(error)),
                    }
                }
            };
            self.cache.rate_limits.borrow_mut().observe(url, &response);
            match self.interpret(url, response, cached.as_ref(), policy, format) {
                Interpretation::Done(result) => {
                    return match (result, cached) {
                        (
                            Err(GetError::Status {
                                rate_limit_reset: Some(_),
                                ..
                            }),
                            Some(entry),
                        ) => self.use_stale(url, entry),
                        (result, _) => result,
                    }
                }
                // At most one retry per request: the second failure is final.
                Interpretation::Retry { millis, .. } if !retried => {
                    retried = true;
                    self.transport.sleep(millis).await;
                }
                Interpretation::Retry { error, .. } | Interpretation::GiveUp(error) => {
                    return Err(error)
                }
            }
        }
    }

    fn use_stale(&self, url: &str, entry: CachedResponse) -> Result<Fetched, GetError> {
        let body = serde_json::from_str(&entry.body).map_err(|_| GetError::Malformed)?;
        self.cache.touch(url);
        Ok(Fetched {
            body,
            link: entry.link,
            origin: Origin::Stale,
        })
    }

    fn request_for(
        &self,
        url: &str,
        cached: Option<&CachedResponse>,
        format: BodyFormat,
    ) -> Request {
        let mut headers = format.headers();
        if let Some(etag) = cached.and_then(|entry| entry.etag.clone()) {
            headers.push(("if-none-match".to_string(), etag));
        }
        if let Some(token) = &self.token {
            if is_on_base(url, &self.token_base) {
                headers.push(("authorization".to_string(), format!("Bearer {token}")));
            }
        }
        Request {
            url: url.to_string(),
            headers,
        }
    }

    fn interpret(
        &self,
        url: &str,
        response: Response,
        cached: Option<&CachedResponse>,
        policy: Policy,
        format: BodyFormat,
    ) -> Interpretation {
        let status = response.status;
        match status {
            200..=299 => {
                let body = match format.read(&response.body) {
                    Ok(body) => body,
                    Err(error) => return Interpretation::Done(Err(error)),
                };
                let link = response.header("link").map(str::to_string);
                let etag = response.header("etag").map(str::to_string);
                let kept = match format {
                    BodyFormat::Json => response.body,
                    _ => body.to_string(),
                };
                self.cache.record(
                    CachedResponse {
                        url: url.to_string(),
                        etag,
                        link: link.clone(),
                        body: kept,
                        failed_status: None,
                    },
                    policy.head_bound,
                );
                Interpretation::Done(Ok(Fetched {
                    body,
                    link,
                    origin: Origin::Network,
                }))
            }
            304 => match cached.and_then(|entry| serde_json::from_str(&entry.body).ok()) {
                Some(body) => {
                    self.cache.revalidated(url, policy.head_bound);
                    Interpretation::Done(Ok(Fetched {
                        body,
                        link: cached.and_then(|entry| entry.link.clone()),
                        origin: Origin::NotModified,
                    }))
                }
                None => Interpretation::GiveUp(GetError::Status {
                    status,
                    rate_limit_reset: None,
                }),
            },
            403 | 429 => {
                let remaining = response.header("x-ratelimit-remaining").map(str::trim);
                if remaining == Some("0") {
                    let reset = response
                        .header("x-ratelimit-reset")
                        .and_then(|value| value.trim().parse().ok())
                        .unwrap_or(self.now + 60);
                    return Interpretation::Done(Err(GetError::Status {
                        status,
                        rate_limit_reset: Some(reset),
                    }));
                }
                let retry_after = response
                    .header("retry-after")
                    .and_then(|value| value.trim().parse::<u64>().ok());
                // The header is the server's (or a proxy's) word: a huge value must saturate,
                // not overflow the reset time.
                let reset_after = |seconds: u64| {
                    self.now
                        .saturating_add(i64::try_from(seconds).unwrap_or(i64::MAX))
                };
                match retry_after {
                    Some(seconds) if seconds <= MAX_RETRY_AFTER_SECONDS => Interpretation::Retry {
                        millis: (seconds * 1000) as u32,
                        error: GetError::Status {
                            status,
                            rate_limit_reset: Some(reset_after(seconds)),
                        },
                    },
                    Some(seconds) => Interpretation::GiveUp(GetError::Status {
                        status,
                        rate_limit_reset: Some(reset_after(seconds)),
                    }),
                    None => Interpretation::GiveUp(GetError::Status {
                        status,
                        rate_limit_reset: None,
                    }),
                }
            }
            404 | 422 => {
                if policy.remember_failures {
                    self.cache.record(
                        CachedResponse {
                            url: url.to_string(),
                            etag: None,
                            link: None,
                            body: String::new(),
                            failed_status: Some(status),
                        },
                        false,
                    );
                }
                Interpretation::GiveUp(GetError::Status {
                    status,
                    rate_limit_reset: None,
                })
            }
            500..=599 => Interpretation::Retry {
                millis: SERVER_ERROR_RETRY_MS,
                error: GetError::Status {
                    status,
                    rate_limit_reset: None,
                },
            },
            _ => Interpretation::GiveUp(GetError::Status {
                status,
                rate_limit_reset: None,
            }),
        }
    }
}

enum Interpretation {
    Done(Result<Fetched, GetError>),
    /// Worth one retry after `millis`; `error` is the outcome if it was already retried.
    Retry {
        millis: u32,
        error: GetError,
    },
    GiveUp(GetError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_api_github_com_counts_as_the_api() {
        assert!(is_github_api("https://api.github.com/repos/o/r/pulls/1"));
        assert!(!is_github_api("https://api.github.com.evil.example/repos"));
        assert!(!is_github_api("http://api.github.com/repos"));
        assert!(!is_github_api("https://127.0.0.1:8443/repos"));
        assert!(!is_github_api("https://api.github.comx/"));
    }

    #[test]
    fn an_enterprise_base_counts_as_the_api_only_for_its_own_urls_over_https() {
        let base = "https://ghe.example.com/api/v3";
        assert!(is_on_base(
            "https://ghe.example.com/api/v3/repos/o/r/pulls/1",
            base
        ));
        assert!(!is_on_base("https://ghe.example.com/api/v3x/repos", base));
        assert!(
            !is_on_base("https://ghe.example.com/o/r/pull/1", base),
            "its web pages are not its API"
        );
        assert!(!is_on_base(
            "https://api.github.com/repos/o/r/pulls/1",
            base
        ));
        assert!(!is_on_base(
            "https://ghe.example.com.evil.example/api/v3/repos",
            base
        ));
        assert!(
            !is_on_base("http://127.0.0.1:9999/repos", "http://127.0.0.1:9999"),
            "never over plain http"
        );
        for base in [
            "https://evil.example",
            "https://api.github.com.evil.example",
            "https://a@evil.example/api/v3",
            "https://evil.example/api/v3/x",
        ] {
            assert!(!is_on_base(&format!("{base}/repos"), base), "{base}");
        }
    }
}
