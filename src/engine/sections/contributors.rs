//! `contributors`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::Contributor;

pub fn assess(context: &Context) -> Vec<Contributor> {
    let _ = context;
    Vec::new()
}
