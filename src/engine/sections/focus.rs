//! `focus`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::FocusFile;

pub fn assess(context: &Context) -> Vec<FocusFile> {
    let _ = context;
    Vec::new()
}
