//! `conventions`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::ConventionCheck;

pub fn assess(context: &Context) -> Vec<ConventionCheck> {
    let _ = context;
    Vec::new()
}
