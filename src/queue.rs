//! Review-first order for a queue of pull requests (the CLI's `prlens queue`; GitHub's pull
//! list badges can use the same rule).
//!
//! Why this order: a reviewer's next PR should be the riskiest one that is ready for review;
//! drafts are not asking for review yet, so they come last whatever their risk. Within the
//! same level the higher score comes first, then the PR waiting longest (oldest creation),
//! then the lower number, so the order is total and stable.

use std::cmp::Ordering;

use crate::signal::Signal;

/// `a` before `b` in review-first order.
pub fn review_first(a: &Signal, b: &Signal) -> Ordering {
    a.pr.draft
        .cmp(&b.pr.draft)
        .then(b.risk.level.cmp(&a.risk.level))
        .then(b.risk.score.total_cmp(&a.risk.score))
        .then_with(|| a.pr.created_at.cmp(&b.pr.created_at))
        .then(a.pr.number.cmp(&b.pr.number))
}

/// Sorts signals into review-first order.
pub fn rank(signals: &mut [Signal]) {
    crate::order::sort_by(signals, review_first);
}
