//! The risk signal (`prlens.signal.v1`): what the engine says about one pull request.
//!
//! Every number carries its explanation: drivers have a `detail`, triage shows its
//! `formula`, evidence says why a signal is missing. Field names follow the reference
//! product's vocabulary (`axiomo.signal.v1`) where one exists, so exports are familiar.
//! The JSON shape is documented in `docs/signal.md`; tests and tools depend on it.

mod effort;
mod identity;
mod intent;
mod level;
mod model;
mod personal;
mod read;
mod section;
mod viewer;
mod words;

pub use effort::*;
pub use identity::*;
pub use intent::*;
pub use model::*;
pub use read::{from_json, ReadError};
// The section table for the panel's renders (`crate::web::render`), which only wasm builds have.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub(crate) use section::for_each_section;
pub use section::Section;
pub use viewer::*;
