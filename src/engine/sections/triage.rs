//! `triage`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::{Effort, Staleness, Triage};

pub fn assess(context: &Context) -> Triage {
    let _ = context;
    Triage {
        minutes: 0,
        effort: Effort::Trivial,
        staleness: Staleness::None,
        counted_lines: 0,
        excluded_lines: 0,
        formula: String::new(),
        remaining_minutes: 0,
        age_days: None,
        advice: String::new(),
    }
}
