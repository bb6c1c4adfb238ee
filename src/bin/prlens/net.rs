//! The native HTTP transport: the fetcher's [`Transport`] over a blocking rustls client (ureq),
//! with each request on its own thread so a wave's requests are in flight together, and a
//! minimal executor that parks the main thread until one of them finishes.
//!
//! Why threads and not an async runtime: a wave is at most a few dozen GETs, and the fetcher
//! only needs its futures woken when a response is in; a thread per request (bounded by
//! [`MAX_IN_FLIGHT`]) gives the browser's concurrency with no runtime dependency.
//! The token goes only to the configured API base (api.github.com or a GitHub Enterprise
//! Server's `https://HOST/api/v3`): the library adds it for api.github.com, this transport for
//! the `--api-url` host, and never to any other URL.

use std::future::Future;
use std::io::IsTerminal;
use std::sync::{Arc, Condvar, Mutex};
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};
use std::time::Duration;

use prlens::fetch::{LocalBoxFuture, Request, Response, Transport, TransportError};
use ureq::tls::{Certificate, RootCerts, TlsConfig};

/// Requests sent at once; GitHub asks clients to avoid bursts (secondary rate limits).
const MAX_IN_FLIGHT: usize = 8;
/// Largest response body read (a page of 100 files with patches is a few MB at most).
const MAX_BODY_BYTES: u64 = 64 * 1024 * 1024;

/// What the last responses said about the rate limit, for the CLI's messages.
#[derive(Debug, Default, Clone, Copy)]
pub struct RateSeen {
    pub limit: Option<u64>,
    pub remaining: Option<u64>,
    pub reset: Option<i64>,
}

/// The CLI's HTTP client for one API base.
pub struct Http {
    agent: ureq::Agent,
    api_base: String,
    token: Option<String>,
    slots: Arc<Semaphore>,
    pub rate: Arc<Mutex<RateSeen>>,
    /// Why the last request got no response, in ureq's words (TLS, DNS, refused…).
    pub last_failure: Arc<Mutex<Option<String>>>,
}

impl Http {
    /// A client for `api_base`, trusting Mozilla's roots plus the PEM certificates in `extra_ca`.
    pub fn new(
        api_base: &str,
        token: Option<String>,
        extra_ca: Option<&[u8]>,
        timeout: Duration,
    ) -> Result<Http, String> {
        let mut roots: Vec<Certificate<'static>> = webpki_root_certs::TLS_SERVER_ROOT_CERTS
            .iter()
            .map(|der| Certificate::from_der(der.as_ref()).to_owned())
            .collect();
        if let Some(pem) = extra_ca {
            let before = roots.len();
            for item in ureq::tls::parse_pem(pem) {
                if let Ok(ureq::tls::PemItem::Certificate(cert)) = item {
                    roots.push(cert);
                }
            }
            if roots.len() == before {
                return Err("--ca-cert holds no PEM certificate".to_string());
            }
        }
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .max_idle_connections_per_host(MAX_IN_FLIGHT)
            .user_agent(concat!("prlens/", env!("CARGO_PKG_VERSION")))
            .tls_config(
                TlsConfig::builder()
                    .root_certs(RootCerts::Specific(Arc::new(roots)))
                    .build(),
            )
            .build();
        Ok(Http {
            agent: config.into(),
            api_base: api_base.trim_end_matches('/').to_string(),
            token: token.filter(|token| !token.trim().is_empty()),
            slots: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
            rate: Arc::new(Mutex::new(RateSeen::default())),
            last_failure: Arc::new(Mutex::new(None)),
        })
    }

    pub fn rate_seen(&self) -> RateSeen {
        self.rate
            .lock()
            .map_or_else(|_| RateSeen::default(), |rate| *rate)
    }

    pub fn last_failure(&self) -> Option<String> {
        self.last_failure.lock().ok().and_then(|last| last.clone())
    }

    /// GraphQL's endpoint: `/graphql` on api.github.com, `/api/graphql` on GHES (`/api/v3`).
    /// Source: docs.github.com/en/enterprise-server@latest/graphql/guides/forming-calls-with-graphql (2026-12).
    pub fn graphql_url(&self) -> String {
        match self.api_base.strip_suffix("/api/v3") {
            Some(host) => format!("{host}/api/graphql"),
            None => format!("{}/graphql", self.api_base),
        }
    }

    /// Whether a URL is on the configured API base or is its GraphQL endpoint (where the token may go).
    fn on_api_base(&self, url: &str) -> bool {
        url == self.graphql_url()
            || url.strip_prefix(&self.api_base).is_some_and(|rest| {
                rest.is_empty() || rest.starts_with('/') || rest.starts_with('?')
            })
    }

    fn authorization(&self, url: &str) -> Option<String> {
        let token = self.token.as_ref()?;
        self.on_api_base(url).then(|| format!("Bearer {token}"))
    }

    /// One blocking exchange (run on a worker thread).
    fn exchange(
        &self,
        url: &str,
        headers: &[(String, String)],
        body: Option<&str>,
    ) -> Result<Response, TransportError> {
        let _slot = self.slots.acquire();
        let mut all: Vec<(String, String)> = headers.to_vec();
        if !all.iter().any(|(name, _)| name == "authorization") {
            if let Some(value) = self.authorization(url) {
                all.push(("authorization".to_string(), value));
            }
        }
        all.push(("x-github-api-version".to_string(), "2022-11-28".to_string()));
        let result = match body {
            None => {
                let mut request = self.agent.get(url);
                for (name, value) in &all {
                    request = request.header(name, value);
                }
                request.call()
            }
            Some(body) => {
                let mut request = self.agent.post(url);
                for (name, value) in &all {
                    request = request.header(name, value);
                }
                request
                    .header("content-type", "application/json")
                    .send(body)
            }
        };
        let mut response = match result {
            Ok(response) => response,
            Err(error) => return Err(self.failed(error)),
        };
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .filter_map(|(name, value)| {
                Some((
                    name.as_str().to_ascii_lowercase(),
                    value.to_str().ok()?.to_string(),
                ))
            })
            .collect();
        let status = response.status().as_u16();
        let text = response
            .body_mut()
            .with_config()
            .limit(MAX_BODY_BYTES)
            .read_to_string()
            .map_err(|error| self.failed(error))?;
        let response = Response {
            status,
            headers,
            body: text,
        };
        self.observe(&response);
        Ok(response)
    }

    fn failed(&self, error: ureq::Error) -> TransportError {
        let detail = error.to_string();
        if let Ok(mut last) = self.last_failure.lock() {
            *last = Some(detail.clone());
        }
        match error {
            ureq::Error::Timeout(_) => TransportError::Timeout,
            _ => TransportError::Offline(detail),
        }
    }

    fn observe(&self, response: &Response) {
        let number = |name: &str| {
            response
                .header(name)
                .and_then(|value| value.trim().parse::<i64>().ok())
        };
        // Search has its own small budget; the one worth reporting is core (or GraphQL's).
        if response.header("x-ratelimit-resource") == Some("search") {
            return;
        }
        if let (Some(remaining), Ok(mut rate)) = (number("x-ratelimit-remaining"), self.rate.lock())
        {
            *rate = RateSeen {
                limit: number("x-ratelimit-limit").map(|limit| limit.max(0) as u64),
                remaining: Some(remaining.max(0) as u64),
                reset: number("x-ratelimit-reset"),
            };
        }
    }

    /// A POST of a JSON body (GraphQL), blocking.
    pub fn post_json(&self, url: &str, body: &str) -> Result<Response, TransportError> {
        self.exchange(
            url,
            &[("accept".to_string(), "application/json".to_string())],
            Some(body),
        )
    }

    /// A GET, blocking (for callers outside the fetch planner).
    pub fn get(&self, url: &str) -> Result<Response, TransportError> {
        self.exchange(
            url,
            &[(
                "accept".to_string(),
                "application/vnd.github+json".to_string(),
            )],
            None,
        )
    }
}

/// The fetch planner's transport: each GET runs on a worker thread.
pub struct ThreadTransport {
    http: Arc<Http>,
}

impl ThreadTransport {
    pub fn new(http: Arc<Http>) -> Self {
        ThreadTransport { http }
    }
}

impl Transport for ThreadTransport {
    fn send(&self, request: Request) -> LocalBoxFuture<'_, Result<Response, TransportError>> {
        let http = Arc::clone(&self.http);
        Box::pin(on_thread(move || {
            http.exchange(&request.url, &request.headers, None)
        }))
    }

    fn sleep(&self, millis: u32) -> LocalBoxFuture<'_, ()> {
        Box::pin(on_thread(move || {
            thread::sleep(Duration::from_millis(u64::from(millis)))
        }))
    }
}

/// A future whose work runs on a new thread, started on first poll.
fn on_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> impl Future<Output = T> {
    struct Slot<T> {
        value: Option<T>,
        waker: Option<Waker>,
    }
    let shared = Arc::new(Mutex::new(Slot {
        value: None,
        waker: None,
    }));
    let mut work = Some(work);
    std::future::poll_fn(move |context: &mut Context<'_>| {
        if let Some(work) = work.take() {
            let finish = {
                let shared = Arc::clone(&shared);
                move |value: T| {
                    if let Ok(mut slot) = shared.lock() {
                        slot.value = Some(value);
                        if let Some(waker) = slot.waker.take() {
                            waker.wake();
                        }
                    }
                }
            };
            // Without a thread to spare the work runs here, one request at a time.
            let pending = Arc::new(Mutex::new(Some((work, finish))));
            let on_thread = Arc::clone(&pending);
            let spawned = thread::Builder::new().spawn(move || {
                if let Some((work, finish)) = on_thread.lock().ok().and_then(|mut job| job.take()) {
                    finish(work());
                }
            });
            if spawned.is_err() {
                if let Some((work, finish)) = pending.lock().ok().and_then(|mut job| job.take()) {
                    finish(work());
                }
            }
        }
        let Ok(mut slot) = shared.lock() else {
            return Poll::Pending;
        };
        match slot.value.take() {
            Some(value) => Poll::Ready(value),
            None => {
                slot.waker = Some(context.waker().clone());
                Poll::Pending
            }
        }
    })
}

struct ParkWaker(Thread);

impl Wake for ParkWaker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs a future on this thread, parking between wake-ups.
pub fn block_on<F: Future>(future: F) -> F::Output {
    let waker = Waker::from(Arc::new(ParkWaker(thread::current())));
    let mut context = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut context) {
            return value;
        }
        thread::park();
    }
}

/// A counting semaphore bounding requests in flight.
struct Semaphore {
    free: Mutex<usize>,
    freed: Condvar,
}

struct Permit<'a>(&'a Semaphore);

impl Semaphore {
    fn new(count: usize) -> Self {
        Semaphore {
            free: Mutex::new(count),
            freed: Condvar::new(),
        }
    }

    fn acquire(&self) -> Permit<'_> {
        let mut free = self
            .free
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        while *free == 0 {
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(|poison| poison.into_inner());
        }
        *free -= 1;
        Permit(self)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut free = self
            .0
            .free
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        *free += 1;
        self.0.freed.notify_one();
    }
}

/// Whether standard error is a terminal (progress lines are shown only then).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_goes_only_to_urls_on_the_api_base() {
        let http = Http::new(
            "https://ghe.example.com/api/v3/",
            Some("t0ken".to_string()),
            None,
            Duration::from_secs(1),
        )
        .expect("a client");
        let bearer = Some("Bearer t0ken".to_string());
        assert_eq!(
            http.authorization("https://ghe.example.com/api/v3/repos/o/r"),
            bearer
        );
        assert_eq!(http.authorization("https://ghe.example.com/api/v3"), bearer);
        assert_eq!(
            http.authorization("https://ghe.example.com/api/v30/x"),
            None
        );
        assert_eq!(
            http.authorization("https://ghe.example.com.evil/api/v3/x"),
            None
        );
        assert_eq!(http.authorization("https://api.github.com/repos/o/r"), None);
        assert_eq!(http.graphql_url(), "https://ghe.example.com/api/graphql");
        assert_eq!(
            http.authorization("https://ghe.example.com/api/graphql"),
            bearer
        );
        assert_eq!(
            http.authorization("https://ghe.example.com/api/graphqlx"),
            None
        );
    }

    #[test]
    fn a_ca_file_without_a_certificate_is_refused() {
        let refused = Http::new(
            "https://h",
            None,
            Some(b"not a pem"),
            Duration::from_secs(1),
        );
        assert!(refused.is_err());
    }
}
