//! `intent`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::Intent;

pub fn assess(context: &Context) -> Intent {
    Intent {
        goal: context.bundle.pull.title.clone(),
        criteria: vec![],
        linked_issues: vec![],
        confidence: 0.0,
        source: "title".into(),
    }
}
