//! A scripted GitHub for the fetcher's tests.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use serde_json::{json, Value};

use crate::fetch::join::block_on;
use crate::fetch::{
    fetch_bundle, FetchError, FetchIo, FetchOptions, LocalBoxFuture, MemoryStore, PullRef, Request,
    Response, Transport, TransportError,
};

pub const API: &str = "https://api.github.com";
pub const SHA: &str = "abc123";
pub const NOW: i64 = 1_800_000_000;

pub type Reply = Result<Response, TransportError>;

/// One log line: a request went out, or its answer came back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Sent(String),
    Answered(String),
}

#[derive(Default)]
pub struct Fake {
    /// (URL or prefix, is_prefix, replies; the last reply repeats).
    routes: RefCell<Vec<(String, bool, VecDeque<Reply>)>>,
    pub requests: RefCell<Vec<Request>>,
    pub events: RefCell<Vec<Event>>,
    pub sleeps: RefCell<Vec<u32>>,
}

pub fn ok(body: Value) -> Reply {
    Ok(Response {
        status: 200,
        headers: vec![("etag".into(), format!("\"{}\"", body.to_string().len()))],
        body: body.to_string(),
    })
}

pub fn status(code: u16, headers: &[(&str, &str)]) -> Reply {
    Ok(Response {
        status: code,
        headers: headers
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect(),
        body: json!({"message": "scripted"}).to_string(),
    })
}

pub fn with_headers(reply: Reply, extra: &[(&str, &str)]) -> Reply {
    reply.map(|mut response| {
        response
            .headers
            .extend(extra.iter().map(|(n, v)| (n.to_string(), v.to_string())));
        response
    })
}

impl Fake {
    pub fn on(&self, url: &str, replies: Vec<Reply>) -> &Self {
        self.routes
            .borrow_mut()
            .retain(|(known, _, _)| known.as_str() != url);
        self.routes
            .borrow_mut()
            .push((url.to_string(), false, replies.into()));
        self
    }

    pub fn on_prefix(&self, prefix: &str, reply: Reply) -> &Self {
        self.routes
            .borrow_mut()
            .push((prefix.to_string(), true, vec![reply].into()));
        self
    }

    fn reply_for(&self, url: &str) -> Reply {
        let mut routes = self.routes.borrow_mut();
        if let Some((_, _, replies)) = routes
            .iter_mut()
            .find(|(known, prefix, _)| !*prefix && known == url)
        {
            return if replies.len() > 1 {
                replies.pop_front().unwrap()
            } else {
                replies.front().cloned().unwrap()
            };
        }
        // The most specific (longest) matching prefix wins.
        if let Some((_, _, replies)) = routes
            .iter()
            .filter(|(known, prefix, _)| *prefix && url.starts_with(known.as_str()))
            .max_by_key(|(known, _, _)| known.len())
        {
            return replies.front().cloned().unwrap();
        }
        status(404, &[])
    }

    pub fn sent_urls(&self) -> Vec<String> {
        self.requests
            .borrow()
            .iter()
            .map(|r| r.url.clone())
            .collect()
    }

    pub fn count(&self, url: &str) -> usize {
        self.sent_urls().iter().filter(|sent| *sent == url).count()
    }

    pub fn clear_log(&self) {
        self.requests.borrow_mut().clear();
        self.events.borrow_mut().clear();
        self.sleeps.borrow_mut().clear();
    }
}

/// Resolves on its second poll, so concurrent requests are all sent before any answers.
struct YieldOnce {
    yielded: bool,
}

impl Future for YieldOnce {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, _context: &mut Context<'_>) -> Poll<()> {
        if self.yielded {
            Poll::Ready(())
        } else {
            self.yielded = true;
            Poll::Pending
        }
    }
}

impl Transport for Fake {
    fn send(&self, request: Request) -> LocalBoxFuture<'_, Result<Response, TransportError>> {
        let url = request.url.clone();
        self.events.borrow_mut().push(Event::Sent(url.clone()));
        self.requests.borrow_mut().push(request);
        let reply = self.reply_for(&url);
        Box::pin(async move {
            YieldOnce { yielded: false }.await;
            self.events.borrow_mut().push(Event::Answered(url));
            reply
        })
    }

    fn sleep(&self, millis: u32) -> LocalBoxFuture<'_, ()> {
        self.sleeps.borrow_mut().push(millis);
        Box::pin(async {})
    }
}

pub fn url(path: &str) -> String {
    format!("{API}{path}")
}

pub fn pull_body(changed_files: u64, commits: u64) -> Value {
    json!({
        "number": 7, "title": "Add parser", "state": "open",
        "user": {"login": "alice", "type": "User"},
        "head": {"sha": SHA, "ref": "feature"}, "base": {"ref": "main", "repo": {"name": "r", "owner": {"login": "o"}}},
        "additions": 30, "deletions": 4, "changed_files": changed_files, "commits": commits,
        "author_association": "CONTRIBUTOR"
    })
}

pub fn file(index: usize) -> Value {
    json!({"filename": format!("src/file{index}.rs"), "status": "modified", "additions": 3, "deletions": 1, "changes": 4, "patch": "@@ -1 +1 @@\n-a\n+b"})
}

pub fn files(range: std::ops::Range<usize>) -> Value {
    Value::Array(range.map(file).collect())
}

/// A small PR (2 files, 2 commits by alice and bob) with every endpoint scripted.
pub fn small_pr() -> Fake {
    let fake = Fake::default();
    fake.on(&url("/repos/o/r/pulls/7"), vec![ok(pull_body(2, 2))])
        .on(&url("/repos/o/r/pulls/7/files?per_page=100"), vec![ok(files(0..2))])
        .on(
            &url("/repos/o/r/pulls/7/commits?per_page=100"),
            vec![ok(json!([
                {"sha": "c1", "author": {"login": "alice"}, "commit": {"message": "one", "author": {"name": "A"}}, "parents": [{}]},
                {"sha": "c2", "author": {"login": "bob"}, "commit": {"message": "two", "author": {"name": "B"}}, "parents": [{}]}
            ]))],
        )
        .on(
            &url("/repos/o/r/pulls/7/reviews?per_page=100"),
            vec![ok(json!([{"user": {"login": "carol"}, "state": "APPROVED", "commit_id": SHA}]))],
        )
        .on(
            &url(&format!("/repos/o/r/commits/{SHA}/check-runs?per_page=100")),
            vec![ok(json!({"total_count": 1, "check_runs": [{"name": "ci", "status": "completed", "conclusion": "success"}]}))],
        )
        .on(
            &url(&format!("/repos/o/r/commits/{SHA}/status")),
            vec![ok(json!({"state": "success", "statuses": []}))],
        )
        .on(&url("/users/alice"), vec![ok(json!({"login": "alice", "type": "User", "created_at": "2015-01-01T00:00:00Z"}))])
        .on(&url("/users/bob"), vec![ok(json!({"login": "bob", "type": "User"}))])
        .on(
            &url("/repos/o/r/issues/7/timeline?per_page=100"),
            vec![ok(json!([
                {"event": "committed", "sha": "c1"},
                {"event": "reviewed", "state": "approved", "commit_id": SHA, "user": {"login": "carol"}}
            ]))],
        )
        .on(
            &url("/users/alice/events/public?per_page=100"),
            vec![ok(json!([{"type": "PushEvent", "repo": {"name": "o/r"}, "created_at": "2026-12-01T00:00:00Z"}]))],
        )
        .on(&url("/users/bob/events/public?per_page=100"), vec![ok(json!([]))])
        .on_prefix(&url("/search/issues?"), ok(json!({"total_count": 4, "incomplete_results": false, "items": []})))
        .on_prefix(&url("/repos/o/r/commits?path="), ok(json!([{"sha": "x"}])));
    fake
}

pub fn options() -> FetchOptions {
    FetchOptions::new(NOW)
}

pub fn run(fake: &Fake, store: &MemoryStore, options: &FetchOptions) -> Result<Value, FetchError> {
    run_with(fake, store, options, None, &|_| {})
}

/// One fetch through the single entry point, its cache writes made before it returns.
pub fn run_with(
    fake: &Fake,
    store: &MemoryStore,
    options: &FetchOptions,
    page: Option<Value>,
    on_progress: &dyn Fn(&crate::fetch::Progress),
) -> Result<Value, FetchError> {
    let pull = PullRef::new("o", "r", 7).unwrap();
    let io = FetchIo {
        transport: fake,
        store,
        on_progress,
        on_draft: None,
        on_first_render: None,
    };
    block_on(async {
        fetch_bundle(pull, page, options, io)
            .await
            .settle(store)
            .await
    })
}
