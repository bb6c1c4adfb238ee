//! Shared helpers for the integration tests: assemble PR bundles from the recorded fixtures
//! listed in `tests/fixture-cases.json` and run the engine over them.
//!
//! The assembly code is the CLI's own (`src/bin/prlens/fixture_cases.rs`, included here), so
//! `prlens bundle-fixture NAME` prints exactly the bundle these tests analyse.
#![allow(dead_code)]

#[path = "../../src/bin/prlens/fixture_cases.rs"]
mod fixture_cases;

use std::path::PathBuf;

pub use fixture_cases::FixtureCases;
use prlens::{Bundle, Settings, Signal};
use serde_json::Value;

/// The repository root (where Cargo.toml is).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/fixtures`, relative to the repository root (CI has it there too).
pub fn fixtures_root() -> PathBuf {
    repo_root().join("../shared/fixtures")
}

pub fn cases() -> FixtureCases {
    FixtureCases::load(
        &repo_root().join("tests/fixture-cases.json"),
        &fixtures_root(),
    )
    .expect("tests/fixture-cases.json and ../shared/fixtures are readable")
}

/// The assembled bundle JSON of a case.
pub fn bundle_value(name: &str) -> Value {
    cases()
        .bundle(name)
        .unwrap_or_else(|error| panic!("case {name}: {error}"))
}

pub fn bundle(name: &str) -> Bundle {
    Bundle::from_value(&bundle_value(name)).unwrap_or_else(|error| panic!("case {name}: {error}"))
}

/// The signal of a case with default settings, "now" = the case's `fetched_at`.
pub fn signal(name: &str) -> Signal {
    signal_with(name, &Settings::default())
}

pub fn signal_with(name: &str, settings: &Settings) -> Signal {
    prlens::analyze(&bundle(name), settings, None)
}

/// Parses an RFC 3339 time into the engine's Unix seconds.
pub fn at(text: &str) -> i64 {
    prlens::timestamp::parse(text).expect("valid RFC 3339 time")
}

/// The recorded `body` of a fixture file (path relative to `../shared/fixtures`).
pub fn fixture_body(path: &str) -> Value {
    let text = std::fs::read_to_string(fixtures_root().join(path))
        .unwrap_or_else(|error| panic!("{path}: {error}"));
    let mut recorded: Value = serde_json::from_str(&text).expect("fixture is JSON");
    recorded["body"].take()
}
