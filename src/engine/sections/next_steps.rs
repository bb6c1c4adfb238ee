//! `next_steps`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::{NextSteps, Signal};

pub fn assess(context: &Context, signal: &Signal) -> NextSteps {
    let _ = (context, signal);
    NextSteps {
        concerns: vec![],
        questions: vec![],
    }
}
