//! # prlens
//!
//! An explainable, deterministic risk signal for GitHub pull requests, computed where the
//! reviewer is: in the browser (Rust → WebAssembly) or on the command line.
//!
//! The design in one line: **bundle → engine → signal → render**.
//!
//! - [`bundle`]: what GitHub says about one PR (`prlens.bundle.v1`), read leniently.
//! - [`engine`]: pure functions from bundle (+ settings, + "now") to signal; one file per
//!   section and per risk driver.
//! - [`signal`]: the output (`prlens.signal.v1`), every number with its explanation.
//! - [`settings`]: every threshold, weight and path rule, with defaults and sources.
//! - [`fetch`]: assembling a bundle from the GitHub REST API over a transport trait
//!   (native-testable; the browser transport lives in `web`).
//! - [`markdown`]: the review-comment-ready summary of a signal; [`sarif`]: the same signal as
//!   a SARIF 2.1.0 log for code scanning.
//! - [`links`]: the one check of every link the panel and the Markdown show.
//! - `calibrate` (native only): how the score did on a repository's own git history.
//! - [`order`]: the crate's one stable sort, compiled once (sort copies cost wasm size).
//! - `web` (wasm32 only): the thin browser edge — wasm-bindgen exports, gloo-net
//!   transport, web-sys rendering.

pub mod bundle;
#[cfg(not(target_arch = "wasm32"))]
pub mod calibrate;
pub mod engine;
pub mod fetch;
pub mod links;
pub mod markdown;
pub mod order;
pub mod queue;
pub mod redact;
pub mod report_issue;
pub mod sarif;
pub mod settings;
pub mod signal;
pub mod text;
pub mod timestamp;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use bundle::{Bundle, BundleError};
pub use engine::analyze;
pub use settings::Settings;
pub use signal::Signal;

/// Parses a bundle and settings from JSON and computes the signal: the one call every edge
/// (CLI, extension, playground, tests) makes, so the same bundle gives the same signal everywhere.
pub fn analyze_json(
    bundle_json: &str,
    settings_json: &str,
    now: Option<i64>,
) -> Result<Signal, AnalyzeError> {
    let bundle = Bundle::from_json_str(bundle_json)?;
    let settings = read_settings(settings_json)?;
    Ok(engine::analyze(&bundle, &settings, now))
}

/// Settings JSON as every edge reads it: parsed, its values checked, and its driver ids checked
/// against the engine's catalogue (`Settings::validate`).
pub fn read_settings(settings_json: &str) -> Result<Settings, settings::SettingsError> {
    let settings = Settings::from_json_str(settings_json)?;
    settings.validate(&engine::drivers::ids())?;
    Ok(settings)
}

/// Why an analysis could not run.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum AnalyzeError {
    #[error(transparent)]
    Bundle(#[from] BundleError),
    #[error(transparent)]
    Settings(#[from] settings::SettingsError),
}
