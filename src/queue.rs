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
    /// The viewer's own weight (issue #38; 0/false without a viewer, and in badges stored
    /// before it): 2 a focus file is theirs by CODEOWNERS, 1 their team's.
    #[serde(default)]
    pub owns: u8,
    /// The viewer reviewed an older commit: something changed since their review.
    #[serde(default)]
    pub changed_since_review: bool,
    /// The viewer's newest review is on the head: nothing new for them.
    #[serde(default)]
    pub reviewed_on_head: bool,
}

impl QueueKey {
    pub fn of(signal: &Signal) -> QueueKey {
        QueueKey {
            draft: signal.pr.draft,
            level: signal.risk.level as u8,
            score: signal.risk.score,
            created_at: signal.pr.created_at.clone(),
            number: signal.pr.number,
            owns: signal
                .viewer
                .as_ref()
                .map_or(0, |viewer| viewer.ownership_rank()),
            changed_since_review: signal
                .viewer
                .as_ref()
                .is_some_and(|viewer| viewer.since_review.is_some()),
            reviewed_on_head: signal
                .viewer
                .as_ref()
                .is_some_and(|viewer| viewer.reviewed_on_head),
        }
    }
}

/// `a` before `b` in review-first order, on their keys. For a reviewer's own queue (keys with a
/// viewer) a PR they already reviewed on its head waits behind the others (it is the author's
/// turn), and within a level their own files come before their team's, then a PR changed since
/// their review; without a viewer those keys are all equal and the order is as before.
pub fn review_first_keys(a: &QueueKey, b: &QueueKey) -> Ordering {
    a.draft
        .cmp(&b.draft)
        .then(a.reviewed_on_head.cmp(&b.reviewed_on_head))
        .then(b.level.cmp(&a.level))
        .then(b.owns.cmp(&a.owns))
        .then(b.changed_since_review.cmp(&a.changed_since_review))
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
