//! The request plan for one PR view: which GETs, in which waves, and how results combine.
//!
//! Why: a cold view must be fast and cheap. Wave 1 ([`first_wave`]) sends everything that
//! needs only the PR number at once (pull, page 1 of files, commits and timeline, reviews);
//! wave 2 ([`second_wave`]) sends everything that needs wave 1 at once (remaining pages, whose
//! count page 1's `Link rel="last"` gives; check runs and status of the head SHA; users; search
//! counts; public events; linked issues; the PR template; and the author's familiarity with the
//! focus files when the file list is complete). So a typical PR costs two sequential round
//! trips; only a PR with more than 100 files or commits adds a third ([`last_wave`]), for
//! familiarity and for authors first seen on later commit pages. When the page shows the head
//! and the author, what depends on them goes in wave 1 ([`page_facts`]).
//! Only the pull is essential: every other failure becomes a `fetch_notes` line.

mod defense;
mod first_wave;
mod focus;
mod last_wave;
mod page_facts;
mod pages;
mod parts;
mod people;
mod second_wave;
mod session_parts;
mod state;
mod tracker;
mod viewer;
mod viewer_parts;

use std::cell::Cell;

use serde_json::Value;

use super::cache::{CacheStore, CacheWrites, HttpCache};
use super::client::Client;
use super::error::FetchError;
use super::session::SessionSources;
use super::transport::Transport;
use super::urls::{Api, PullRef};
use super::{FetchOptions, Progress};
use state::{Plan, Policies};
use tracker::Tracker;

/// The files the extension asks the author's history about (`familiarity`), for bundles built
/// elsewhere (`calibrate`, native only) to ask about the same ones.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use focus::focus_paths as familiarity_paths;
pub use state::FirstWave;

/// What the fetch talks to, and who hears about its progress.
pub struct FetchIo<'a> {
    pub transport: &'a dyn Transport,
    /// The HTTP cache's storage (read at the start; written by the caller, see
    /// [`FetchOutcome::writes`]).
    pub store: &'a dyn CacheStore,
    pub on_progress: &'a dyn Fn(&Progress),
    /// Given the draft bundle of wave 1 (pull, first pages, reviews) while wave 2 is on the
    /// network; not called when nothing had to be fetched. The wasm edge warms its engine up
    /// with it (`web::app`); native callers pass `None`.
    pub on_draft: Option<&'a dyn Fn(&Value)>,
    /// Given a renderable bundle right after wave 1, while wave 2 is on the network, when
    /// nothing that can affect risk is still to come ([`second_wave`]: the page's head and
    /// author were confirmed, files, commits and timeline fit in page 1, no other commit author
    /// needs a profile and no approval is stale); wave 2 then only adds familiarity, linked
    /// issues and the PR template, and its notes say so. When set and called, `on_draft` is
    /// not. The wasm edge shows a first panel with it; native callers pass `None` (one result).
    pub on_first_render: Option<&'a dyn Fn(&Value)>,
}

/// The result of one fetch.
#[derive(Debug)]
pub struct FetchOutcome {
    /// The bundle, or why the pull itself could not be read.
    pub bundle: Result<Value, FetchError>,
    /// The cache writes, for the caller to make when it likes ([`CacheWrites::apply`]): the
    /// browser shows the panel first (a cold view's ~200 KB of responses written to
    /// `chrome.storage.local` is one more wait on the critical path otherwise).
    pub writes: CacheWrites,
    /// Waves that sent at least one request: the sequential network round trips this view
    /// waited for (0 when everything was fresh in the cache).
    pub round_trips: u32,
    /// The round trips the first renderable bundle waited for: those before `on_first_render`
    /// was called, or `round_trips` when it was not.
    pub first_render_round_trips: u32,
    /// What wave 1 was built from.
    pub first_wave: FirstWave,
    /// The API's core budget after this fetch (remaining, refill time, limit), when GitHub said it.
    pub core_budget: Option<crate::fetch::rate_limit::Budget>,
}

impl FetchOutcome {
    /// Makes the cache writes now, then hands back the bundle (for callers with nothing to show
    /// first: the CLI and the tests).
    pub async fn settle(self, store: &dyn CacheStore) -> Result<Value, FetchError> {
        self.writes.apply(store).await;
        self.bundle
    }
}

/// Fetches and assembles the bundle for one PR: the one entry point of `crate::fetch` (the
/// extension, the CLI's live mode and the tests all call it). `page` (the page facts) is
/// embedded as the bundle's `page` section. Fails only when the pull itself cannot be read;
/// every other gap is a `fetch_notes` line. See the module doc for the plan.
pub async fn fetch_bundle(
    pull_ref: PullRef,
    page: Option<Value>,
    options: &FetchOptions,
    io: FetchIo<'_>,
) -> FetchOutcome {
    let api = match Api::new(&options.api_base, pull_ref) {
        Ok(api) => api,
        Err(error) => {
            return FetchOutcome {
                bundle: Err(error),
                writes: CacheWrites::default(),
                round_trips: 0,
                first_render_round_trips: 0,
                first_wave: FirstWave::PullOnly,
                core_budget: None,
            }
        }
    };
    let now = options.now;
    let session = SessionSources::new(
        options.web_base.as_deref(),
        client_has_token(options),
        &pull_ref_of(&api),
    );
    let cache = HttpCache::load(io.store, now).await;
    let plan = Plan {
        api,
        client: Client::new(
            io.transport,
            cache,
            options.token.clone(),
            &options.api_base,
            now,
        ),
        tracker: Tracker::new(io.on_progress),
        policy: Policies::new(options.freshness_seconds),
        round_trips: Cell::new(0),
        first_render_round_trips: Cell::new(None),
        first_wave: Cell::new(FirstWave::PullOnly),
        viewer: options.viewer.clone(),
        session,
    };
    let bundle = match first_wave::send(&plan, page).await {
        Ok(first) => {
            let handlers = second_wave::Handlers {
                on_draft: io.on_draft,
                on_first_render: io.on_first_render,
            };
            let second = second_wave::send(&plan, first, handlers).await;
            let draft = last_wave::send(&plan, second).await;
            Ok(draft.to_bundle(crate::timestamp::format(now)))
        }
        Err(error) => Err(error),
    };
    // Head-bound entries are stamped with the pull's head; a failed pull stamps none.
    let head = match &bundle {
        Ok(_) => plan.client.known_head.borrow().clone(),
        Err(_) => None,
    };
    let round_trips = plan.round_trips.get();
    let core_budget = plan.client.cache.rate_limits.borrow().core_budget(now);
    FetchOutcome {
        bundle,
        writes: plan.client.cache.take_writes(head.as_deref()),
        round_trips,
        first_render_round_trips: plan.first_render_round_trips.get().unwrap_or(round_trips),
        first_wave: plan.first_wave.get(),
        core_budget,
    }
}

/// Whether the fetch carries a token (as the client will see it: blank is none).
fn client_has_token(options: &FetchOptions) -> bool {
    options
        .token
        .as_deref()
        .is_some_and(|token| !token.trim().is_empty())
}

/// The validated PR an [`Api`] was built for.
fn pull_ref_of(api: &Api) -> PullRef {
    api.pull_ref().clone()
}
