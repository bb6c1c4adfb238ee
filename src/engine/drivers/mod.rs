//! The risk-driver catalogue: one file per driver, each documenting what it detects, why it
//! matters and the source of its threshold.
//!
//! OWNER: engine-risk helper.

use super::{Context, Sections};
use crate::signal::Driver;

/// Runs every driver; returns those that fired (unsorted).
pub fn evaluate(context: &Context, sections: &Sections) -> Vec<Driver> {
    let _ = (context, sections);
    Vec::new()
}
