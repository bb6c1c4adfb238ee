//! What the viewer's view reads from the rest of the signal, for every renderer alike.

use super::model::{Finding, Priority, Signal};
use super::viewer::SinceReview;

impl Signal {
    /// The focus priority of `path` (every "For you" file is a focus file).
    pub fn focus_priority(&self, path: &str) -> Option<Priority> {
        self.focus
            .iter()
            .find(|file| file.path == path)
            .map(|file| file.priority)
    }

    /// The findings new since the viewer's review, from `supply_chain.findings`.
    pub fn since_review_findings<'a>(&'a self, since: &SinceReview) -> Vec<&'a Finding> {
        since
            .findings
            .iter()
            .filter_map(|index| {
                usize::try_from(*index)
                    .ok()
                    .and_then(|index| self.supply_chain.findings.get(index))
            })
            .collect()
    }
}
