//! Running several futures at once without an async runtime.
//!
//! Why: independent GitHub requests of one wave must be in flight together (the critical path
//! of a cold view is two round trips), and the crate must not pull in tokio or a futures crate
//! for one small combinator. `join_all` polls every pending future on each wake-up; the browser's
//! promise machinery (or the test executor) supplies the wake-ups.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use super::transport::LocalBoxFuture;

/// Resolves to every future's output, in input order, once all have finished.
pub fn join_all<'a, T>(futures: Vec<LocalBoxFuture<'a, T>>) -> JoinAll<'a, T> {
    let results = futures.iter().map(|_| None).collect();
    JoinAll {
        pending: futures.into_iter().map(Some).collect(),
        results,
    }
}

/// The future returned by [`join_all`].
pub struct JoinAll<'a, T> {
    pending: Vec<Option<LocalBoxFuture<'a, T>>>,
    results: Vec<Option<T>>,
}

// The futures are boxed (already pinned) and outputs are only moved out of `Option`s, so the
// combinator never relies on `T` staying in place.
impl<T> Unpin for JoinAll<'_, T> {}

impl<T> Future for JoinAll<'_, T> {
    type Output = Vec<T>;

    fn poll(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Vec<T>> {
        let this = self.get_mut();
        for (slot, result) in this.pending.iter_mut().zip(this.results.iter_mut()) {
            if let Some(future) = slot {
                if let Poll::Ready(value) = future.as_mut().poll(context) {
                    *result = Some(value);
                    *slot = None;
                }
            }
        }
        if this.pending.iter().any(Option::is_some) {
            return Poll::Pending;
        }
        Poll::Ready(this.results.iter_mut().filter_map(Option::take).collect())
    }
}

/// Drives a future to completion on the current thread by polling in a loop. For native tests
/// whose fake transport never truly waits; it would spin on a future that needs a real wake-up.
#[cfg(test)]
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut context = Context::from_waker(std::task::Waker::noop());
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut context) {
            return value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_all_keeps_input_order() {
        let futures: Vec<LocalBoxFuture<'_, u32>> = vec![
            Box::pin(async { 1 }),
            Box::pin(async { 2 }),
            Box::pin(async { 3 }),
        ];
        assert_eq!(block_on(join_all(futures)), vec![1, 2, 3]);
    }
}
