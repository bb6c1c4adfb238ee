//! Review-first order for a queue of pull requests (the CLI's `prlens queue`; GitHub's pull
//! list badges can use the same rule).
//!
//! Why this order: a reviewer's next PR should be the riskiest one that is ready for review;
//! drafts are not asking for review yet, so they come last whatever their risk. Within the
//! same level the higher score comes first, then the PR waiting longest (oldest creation),
//! then the lower number, so the order is total and stable.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::signal::Signal;

/// What review-first order reads of a signal: small enough to keep beside a list badge, so a
/// list of cached badges can be ordered without keeping every signal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueueKey {
    pub draft: bool,
    /// The risk level's rank: 0 = low … 3 = critical.
    pub level: u8,
    pub score: f64,
    pub created_at: Option<String>,
    pub number: u64,
}

impl QueueKey {
    pub fn of(signal: &Signal) -> QueueKey {
        QueueKey {
            draft: signal.pr.draft,
            level: signal.risk.level as u8,
            score: signal.risk.score,
            created_at: signal.pr.created_at.clone(),
            number: signal.pr.number,
        }
    }
}

/// `a` before `b` in review-first order, on their keys.
pub fn review_first_keys(a: &QueueKey, b: &QueueKey) -> Ordering {
    a.draft
        .cmp(&b.draft)
        .then(b.level.cmp(&a.level))
        .then(b.score.total_cmp(&a.score))
        .then_with(|| a.created_at.cmp(&b.created_at))
        .then(a.number.cmp(&b.number))
}

/// `a` before `b` in review-first order.
pub fn review_first(a: &Signal, b: &Signal) -> Ordering {
    review_first_keys(&QueueKey::of(a), &QueueKey::of(b))
}

/// Sorts signals into review-first order.
pub fn rank(signals: &mut [Signal]) {
    crate::order::sort_by(signals, review_first);
}
