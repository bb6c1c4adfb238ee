//! Progress counting for the loading panel ("Fetching files 2/7").
//!
//! Why: a cold view of a large PR takes several seconds; a count per phase tells the reviewer
//! that something is happening and how much is left, without knowing the plan in advance
//! (later waves add to the totals as they are planned).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::future::Future;

use crate::fetch::transport::LocalBoxFuture;
use crate::fetch::Progress;

/// Counts requests per phase and reports each finished one.
pub(super) struct Tracker<'p> {
    report: &'p dyn Fn(&Progress),
    phases: RefCell<BTreeMap<&'static str, (u32, u32)>>,
}

impl<'p> Tracker<'p> {
    pub(super) fn new(report: &'p dyn Fn(&Progress)) -> Self {
        Tracker {
            report,
            phases: RefCell::new(BTreeMap::new()),
        }
    }

    fn plan(&self, phase: &'static str, count: u32) {
        self.phases.borrow_mut().entry(phase).or_default().1 += count;
    }

    fn finished(&self, phase: &'static str) {
        let (done, total, phase_done, phase_total) = {
            let mut phases = self.phases.borrow_mut();
            let entry = phases.entry(phase).or_default();
            entry.0 += 1;
            let (phase_done, phase_total) = *entry;
            let done = phases.values().map(|(done, _)| done).sum();
            let total = phases.values().map(|(_, total)| total).sum();
            (done, total, phase_done, phase_total)
        };
        (self.report)(&Progress {
            phase: phase.to_string(),
            done,
            total,
            message: format!("Fetching {phase} {phase_done}/{phase_total}"),
        });
    }

    /// Counts `future` as one request of `phase`, planned now and finished when it resolves.
    pub(super) fn track<'f, T: 'f>(
        &'f self,
        phase: &'static str,
        future: impl Future<Output = T> + 'f,
    ) -> LocalBoxFuture<'f, T> {
        self.plan(phase, 1);
        Box::pin(async move {
            let value = future.await;
            self.finished(phase);
            value
        })
    }
}
