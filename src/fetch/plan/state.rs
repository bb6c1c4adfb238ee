//! The state one fetch's waves share: the URL builder, the client with its cache, the progress
//! tracker, the cache policies, and what the plan measured (round trips, what wave 1 was built
//! from).

use std::cell::Cell;

use crate::fetch::client::{Client, Fetched, GetError, Policy};
use crate::fetch::join::join_all;
use crate::fetch::limits::SLOW_DATA_MAX_AGE_SECONDS;
use crate::fetch::session::SessionSources;
use crate::fetch::transport::LocalBoxFuture;
use crate::fetch::urls::Api;

use super::tracker::Tracker;

pub(super) type Got = Result<Fetched, GetError>;

/// What wave 1 was built from: the PR number alone, or also the head and author the page
/// showed (so checks and the author's data did not wait for the pull).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstWave {
    PullOnly,
    WithPageFacts,
    /// The pull did not confirm the page's head or author: what depended on it was asked again.
    PageFactsCorrected,
}

impl FirstWave {
    /// The name the panel marks (`prlens:first-wave-<key>`) and the bench reads.
    pub fn key(self) -> &'static str {
        match self {
            FirstWave::PullOnly => "pull-only",
            FirstWave::WithPageFacts => "page-facts",
            FirstWave::PageFactsCorrected => "page-facts-corrected",
        }
    }
}

/// How long each kind of response may be used from the cache.
#[derive(Debug, Clone, Copy)]
pub(super) struct Policies {
    /// The pull: within the freshness window; its failures are never remembered (adding a
    /// token must work on the next view).
    pub(super) quick: Policy,
    /// Checks, status, timelines, linked issues: within the freshness window.
    pub(super) checks: Policy,
    /// Files, commits, reviews: within the freshness window and for the same head SHA.
    pub(super) per_head: Policy,
    /// Users, search counts, familiarity, events, the PR template: a day.
    pub(super) slow: Policy,
}

impl Policies {
    pub(super) fn new(freshness_seconds: i64) -> Self {
        let quick = Policy {
            max_age: freshness_seconds,
            head_bound: false,
            remember_failures: false,
        };
        Policies {
            quick,
            checks: Policy {
                remember_failures: true,
                ..quick
            },
            per_head: Policy {
                max_age: freshness_seconds,
                head_bound: true,
                remember_failures: true,
            },
            slow: Policy {
                max_age: SLOW_DATA_MAX_AGE_SECONDS,
                head_bound: false,
                remember_failures: true,
            },
        }
    }
}

/// One fetch's state, shared by its waves.
pub(super) struct Plan<'a> {
    pub(super) api: Api,
    pub(super) client: Client<'a>,
    pub(super) tracker: Tracker<'a>,
    pub(super) policy: Policies,
    pub(super) round_trips: Cell<u32>,
    /// `round_trips` when the first renderable bundle was handed over early, if it was.
    pub(super) first_render_round_trips: Cell<Option<u32>>,
    pub(super) first_wave: Cell<FirstWave>,
    /// Whose view to fetch when the caller names one (the CLI's `--as`).
    pub(super) viewer: Option<String>,
    /// github.com's own sources for this PR, when the fetch may use the session (no token).
    pub(super) session: Option<SessionSources>,
}

impl Plan<'_> {
    /// Runs one wave's requests together; counts a round trip when any went to the network.
    pub(super) async fn wave<'f, T>(&self, requests: Vec<LocalBoxFuture<'f, T>>) -> Vec<T> {
        let sent_before = self.client.sent.get();
        let answers = join_all(requests).await;
        if self.client.sent.get() > sent_before {
            self.round_trips.set(self.round_trips.get() + 1);
        }
        answers
    }
}
