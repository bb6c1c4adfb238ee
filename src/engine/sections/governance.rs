//! `governance`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::{GovernanceResult, Signal};

pub fn assess(context: &Context, signal: &Signal) -> Vec<GovernanceResult> {
    let _ = (context, signal);
    Vec::new()
}
