//! The CLI's one doorway to GitHub: connection settings, the token, the disk cache, progress
//! on stderr, and the fetch library's entry points (`prlens::fetch`), with their failures turned
//! into the CLI's one-line messages and exit codes.
//!
//! Why one module: the PR fetch is the extension's own planner (waves, pagination, ETag cache,
//! rate limits); only the transport and the store differ. Keeping every call into the library
//! here keeps the commands free of fetch details.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use prlens::fetch::graphql::{self, QueueAnswer, QueueError};
use prlens::fetch::limits::REQUEST_TIMEOUT_MS;
use prlens::fetch::{
    fetch_bundle, CacheStore, ErrorKind, FetchError, FetchIo, FetchOptions, MemoryStore, Progress,
    PullRef, TransportError,
};
use serde_json::Value;

use crate::auth::{self, TokenSource};
use crate::disk_cache::DirStore;
use crate::failure::{Exit, Failure};
use crate::net::{self, Http, ThreadTransport};
use crate::target;

/// The public GitHub API.
pub const GITHUB_API: &str = "https://api.github.com";

/// How to reach GitHub, from the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct Connection {
    /// API base URL: https://api.github.com, or a GitHub Enterprise Server's https://HOST/api/v3.
    /// Default: the API of the pull request URL's host (github.com → https://api.github.com,
    /// any other host → https://HOST/api/v3), else https://api.github.com.
    #[arg(long, value_name = "URL")]
    pub api_url: Option<String>,
    /// An extra trusted CA certificate (PEM), e.g. a corporate proxy's or GHES's.
    #[arg(long, value_name = "FILE")]
    pub ca_cert: Option<PathBuf>,
    /// Send no token even if one is configured.
    #[arg(long)]
    pub anonymous: bool,
    /// Neither read nor write the disk cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Seconds to wait for each GitHub answer.
    #[arg(long, default_value_t = u64::from(REQUEST_TIMEOUT_MS / 1000), value_name = "SECONDS")]
    pub timeout: u64,
}

/// An open connection: the HTTP client, the token's source and the cache store.
pub struct Session {
    pub http: Arc<Http>,
    api_base: String,
    token: Option<(String, TokenSource)>,
    store: Box<dyn CacheStore>,
    progress: bool,
}

impl Session {
    /// A session for `--api-url`, else https://api.github.com.
    pub fn open(connection: &Connection) -> Result<Session, Failure> {
        Session::open_for(connection, None)
    }

    /// A session for the pull request URL's host `web_host` (target::web_host; None for
    /// `o/r#N`): its API unless `--api-url` says otherwise, which is followed but noted on
    /// stderr when it names another host. A token from the environment that goes to a host
    /// other than api.github.com or the URL's own is warned about, once.
    pub fn open_for(connection: &Connection, web_host: Option<&str>) -> Result<Session, Failure> {
        let derived = web_host.map(target::api_base_of);
        let api_base = match (&connection.api_url, &derived) {
            (Some(given), _) => given.trim_end_matches('/').to_string(),
            (None, Some(derived)) => derived.clone(),
            (None, None) => GITHUB_API.to_string(),
        };
        let secure = api_base.starts_with("https://") && api_base.len() > "https://".len();
        if !secure || api_base.contains(['?', '#', ' ']) {
            return Err(Failure::new(
                Exit::BadInput,
                format!(
                    "--api-url {api_base:?} must be an https:// URL such as https://HOST/api/v3"
                ),
            ));
        }
        let ca = match &connection.ca_cert {
            None => None,
            Some(path) => Some(std::fs::read(path).map_err(|error| {
                Failure::new(
                    Exit::BadInput,
                    format!("cannot read {}: {error}", path.display()),
                )
            })?),
        };
        if let (Some(_), Some(derived), Some(web_host)) = (&connection.api_url, &derived, web_host)
        {
            if target::api_host(&api_base) != target::api_host(derived) {
                eprintln!(
                    "prlens: note: the pull request is on {web_host} (API {derived}), but --api-url names {api_base}: asking {api_base}"
                );
            }
        }
        let token = auth::find_token(&api_base, connection.anonymous);
        if let Some((_, source @ (TokenSource::GithubToken | TokenSource::GhToken))) = &token {
            let host = target::api_host(&api_base);
            if host != target::api_host(GITHUB_API) && Some(host.as_str()) != web_host {
                eprintln!(
                    "prlens: warning: the token from {} goes to {host}, which is neither api.github.com nor the pull request's host; use --anonymous if that is not meant",
                    source.describe()
                );
            }
        }
        let http = Http::new(
            &api_base,
            token.as_ref().map(|(token, _)| token.clone()),
            ca.as_deref(),
            Duration::from_secs(connection.timeout.max(1)),
        )
        .map_err(|message| Failure::new(Exit::BadInput, message))?;
        let store: Box<dyn CacheStore> = if connection.no_cache {
            Box::new(MemoryStore::default())
        } else {
            Box::new(
                DirStore::for_api(&api_base, token.as_ref().map(|(token, _)| token.as_str()))
                    .map_err(|message| Failure::new(Exit::BadInput, message))?,
            )
        };
        Ok(Session {
            http: Arc::new(http),
            api_base,
            token,
            store,
            progress: net::stderr_is_terminal(),
        })
    }

    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    /// Fetches one PR's bundle with the extension's planner; `viewer` (`--as`) adds that
    /// person's view (CODEOWNERS, their history with the focus files, their last review).
    pub fn fetch_pull(&self, pull: &PullRef, viewer: Option<&str>) -> Result<Value, Failure> {
        let options = FetchOptions {
            token: self.token.as_ref().map(|(token, _)| token.clone()),
            api_base: self.api_base.clone(),
            viewer: viewer.map(str::to_string),
            ..FetchOptions::new(unix_now())
        };
        let transport = ThreadTransport::new(Arc::clone(&self.http));
        let report = |progress: &Progress| self.show_progress(progress);
        let io = FetchIo {
            transport: &transport,
            store: self.store.as_ref(),
            on_progress: &report,
            on_draft: None,
            on_first_render: None,
        };
        let result = net::block_on(async {
            fetch_bundle(pull.clone(), None, &options, io)
                .await
                .settle(self.store.as_ref())
                .await
        });
        self.end_progress();
        result.map_err(|error| self.pull_failure(pull, &error))
    }

    /// The open PRs of `owner/repo` in one GraphQL query (needs a token).
    pub fn queue_graphql(
        &self,
        owner: &str,
        repo: &str,
        labels: &[String],
        mine: bool,
    ) -> Result<QueueAnswer, Failure> {
        let body = if mine {
            prlens::fetch::graphql_mine::queue_mine_request(owner, repo).to_string()
        } else {
            graphql::queue_request(owner, repo, labels).to_string()
        };
        self.note_progress(&format!(
            "Asking GitHub for the open pull requests of {owner}/{repo}"
        ));
        let response = self
            .http
            .post_json(&self.http.graphql_url(), &body)
            .map_err(|error| self.network_failure(&error));
        self.end_progress();
        let response = response?;
        if response.status != 200 {
            return Err(self.status_failure(response.status, &format!("{owner}/{repo}")));
        }
        let answer: Value = serde_json::from_str(&response.body)
            .map_err(|_| Failure::new(Exit::GitHub, "GitHub's GraphQL answer was not JSON"))?;
        let fetched_at = prlens::timestamp::format(unix_now());
        let mapped = if mine {
            prlens::fetch::graphql_mine::queue_mine_bundles(&answer, fetched_at.as_deref())
        } else {
            graphql::queue_bundles(&answer, fetched_at.as_deref())
        };
        mapped.map_err(|error| match error {
            QueueError::NotFound(_) => self.status_failure(404, &format!("{owner}/{repo}")),
            QueueError::RateLimited(message) => Failure::new(
                Exit::RateLimited,
                format!("GitHub's GraphQL rate limit is used up: {message}"),
            ),
            QueueError::Other(message) => Failure::new(
                Exit::GitHub,
                format!("GitHub's GraphQL API said: {message}"),
            ),
        })
    }

    /// One REST GET outside the PR planner (the queue's list without a token).
    pub fn get_json(
        &self,
        path_and_query: &str,
        what: &str,
    ) -> Result<(Value, Option<String>), Failure> {
        let url = format!("{}{path_and_query}", self.api_base);
        let response = self
            .http
            .get(&url)
            .map_err(|error| self.network_failure(&error))?;
        if response.status != 200 {
            return Err(self.status_failure(response.status, what));
        }
        let link = response.header("link").map(str::to_string);
        let body = serde_json::from_str(&response.body).map_err(|_| {
            Failure::new(
                Exit::GitHub,
                format!("GitHub's answer for {what} was not JSON"),
            )
        })?;
        Ok((body, link))
    }

    /// The anonymous notice: say the budget left, once, after a fetch.
    pub fn tell_anonymous_budget(&self) {
        if self.has_token() {
            return;
        }
        let rate = self.http.rate_seen();
        let left = match (rate.remaining, rate.limit) {
            (Some(remaining), Some(limit)) => format!(
                "{remaining} of {limit} requests left{}",
                rate.reset
                    .map(|reset| format!(" until {}", clock(reset)))
                    .unwrap_or_default()
            ),
            _ => "no request was needed (cached)".to_string(),
        };
        eprintln!("prlens: no GitHub token (set GITHUB_TOKEN, or log in with `gh auth login`); anonymous: {left}");
    }

    fn show_progress(&self, progress: &Progress) {
        let rate = self.http.rate_seen();
        let left = rate
            .remaining
            .map(|remaining| format!(", {remaining} requests left"))
            .unwrap_or_default();
        self.note_progress(&format!(
            "{} ({}/{} requests{left})",
            progress.message, progress.done, progress.total
        ));
    }

    fn note_progress(&self, line: &str) {
        if self.progress {
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r\x1b[2Kprlens: {}", prlens::text::clip(line, 100));
            let _ = stderr.flush();
        }
    }

    fn end_progress(&self) {
        if self.progress {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[2K");
        }
    }

    fn token_hint(&self) -> String {
        match &self.token {
            Some((_, source)) => format!("the token from {}", source.describe()),
            None => "no token".to_string(),
        }
    }

    /// The CLI's words for the library's failure kinds.
    fn pull_failure(&self, pull: &PullRef, error: &FetchError) -> Failure {
        let what = format!("{}/{}#{}", pull.owner, pull.repo, pull.number);
        match error.kind {
            ErrorKind::InvalidRequest => Failure::new(Exit::BadInput, error.message.clone()),
            ErrorKind::BadToken => self.status_failure(401, &what),
            ErrorKind::NoAccess | ErrorKind::NotFound => {
                let status = if error.message.contains("(403)") {
                    403
                } else {
                    404
                };
                self.status_failure(status, &what)
            }
            ErrorKind::RateLimited => {
                // The library's message says until when (a secondary limit's retry-after, or a
                // budget known to be spent from the cache); an exhausted budget seen in this run
                // says it more precisely.
                let until = error
                    .message
                    .split(" until ")
                    .nth(1)
                    .and_then(|rest| rest.split(';').next())
                    .map(str::to_string);
                self.rate_failure(until)
            }
            ErrorKind::Timeout | ErrorKind::Offline => {
                let last = self
                    .http
                    .last_failure()
                    .unwrap_or_else(|| error.message.clone());
                self.network_failure(&TransportError::Offline(last))
            }
            ErrorKind::ServerError | ErrorKind::Malformed => {
                Failure::new(Exit::GitHub, format!("{what}: {}", error.message))
            }
        }
    }

    fn status_failure(&self, status: u16, what: &str) -> Failure {
        match status {
            401 => Failure::new(
                Exit::BadToken,
                format!("GitHub rejected {} (401 Bad credentials): replace it, or run with --anonymous", self.token_hint()),
            ),
            403 | 429 if self.http.rate_seen().remaining == Some(0) => self.rate_failure(None),
            403 | 404 if self.has_token() => Failure::new(
                Exit::NoAccess,
                format!("{what} was not found, or {} cannot read it ({status})", self.token_hint()),
            ),
            403 | 404 => Failure::new(
                Exit::NoAccess,
                format!("{what} was not found without a token ({status}); if it is private, set GITHUB_TOKEN or log in with `gh auth login`"),
            ),
            status if status >= 500 => Failure::new(
                Exit::GitHub,
                format!("GitHub answered {status} for {what}, also on retry; try again in a minute"),
            ),
            status => Failure::new(Exit::GitHub, format!("GitHub answered {status} for {what}")),
        }
    }

    fn rate_failure(&self, library_until: Option<String>) -> Failure {
        let rate = self.http.rate_seen();
        let until = match (rate.remaining, rate.reset, library_until) {
            (Some(0), Some(reset), _) => format!(" until {}", clock(reset)),
            (_, _, Some(until)) => format!(" until {until}"),
            _ => String::new(),
        };
        let hint = if self.has_token() {
            ""
        } else {
            "; a token gives 5,000 requests per hour (set GITHUB_TOKEN or log in with `gh auth login`)"
        };
        Failure::new(
            Exit::RateLimited,
            format!("GitHub's API rate limit is used up{until}{hint}"),
        )
    }

    fn network_failure(&self, error: &TransportError) -> Failure {
        let detail = match error {
            TransportError::Timeout => "no answer in time (--timeout)".to_string(),
            TransportError::Offline(detail) => detail.clone(),
        };
        Failure::new(
            Exit::Network,
            format!(
                "cannot reach {}: {}",
                self.api_base,
                prlens::text::clip(&detail, 160)
            ),
        )
    }
}

/// `2026-12-03 11:37 UTC` for a Unix time.
fn clock(unix_seconds: i64) -> String {
    prlens::timestamp::format(unix_seconds)
        .map(|text| {
            format!(
                "{} UTC",
                text.replace('T', " ")
                    .trim_end_matches('Z')
                    .get(..16)
                    .unwrap_or(&text)
            )
        })
        .unwrap_or_else(|| format!("{unix_seconds} (Unix time)"))
}

pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}
