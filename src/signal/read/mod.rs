//! Reads a signal back from its JSON text without serde's derived `Deserialize`.
//!
//! Why a reader at all: the panel renders remembered signals from storage and the details sheet
//! receives the panel's signal over extension messaging, so signal JSON enters wasm without a
//! `Signal` in memory to render from. Why not serde's derive: it is much larger in wasm
//! (docs/performance.md, "Measurements behind code choices"); this reader goes through
//! `serde_json::Value` (already in the module for the fetcher) with a handful of non-generic
//! accessors instead.
//!
//! It accepts exactly what the derived `Deserialize` accepts (the native build keeps the
//! derive, and the tests below compare both on every field of a full signal, removed, nulled
//! and given every wrong JSON type): required fields must be present, `Option` fields may be
//! missing or `null`, `#[serde(default)]` fields may be missing, numbers must fit their Rust
//! type, enums must be one of their JSON spellings, unknown fields are ignored. What differs: the
//! error text names the path (`risk.drivers[2].weight`) instead of a line and column, and a
//! key repeated within one object takes its last value instead of being an error (the engine
//! never writes one).

use std::cell::Cell;

use serde_json::Value;

use crate::signal::model::Signal;

mod obj;
mod sections;
mod viewer;

use obj::Obj;
pub use obj::ReadError;
use sections::read_signal;

/// Parses signal JSON text (`prlens.signal.v1`, as written by `serde_json::to_string`).
pub fn from_json(text: &str) -> Result<Signal, ReadError> {
    let value: Value = serde_json::from_str(text).map_err(|error| ReadError(error.to_string()))?;
    let first_error = Cell::new(None);
    let signal = read_signal(&Obj::of(&value, String::from("signal"), &first_error));
    match first_error.into_inner() {
        Some(error) => Err(error),
        None => Ok(signal),
    }
}

// Native only: the tests compare with the derived `Deserialize`, which wasm builds lack.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
