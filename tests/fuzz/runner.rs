//! The time-budgeted runner: case counts, budgets, saving the shrunk failing input.

use std::fs;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use serde_json::json;

use crate::invariants::check_input;
use crate::seeds::repo_root;

pub(crate) fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(192)
}

pub(crate) fn budget() -> Duration {
    let seconds = std::env::var("PRLENS_FUZZ_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(12);
    Duration::from_secs(seconds)
}

pub(crate) const BUDGET_SPENT: &str = "time budget spent";

/// Runs `property` over `strategy` until the case count or the time budget runs out; on a
/// failure, writes the shrunk input to `target/fuzz-crashes/` and fails the test.
pub(crate) fn fuzz<S: Strategy>(
    name: &str,
    strategy: S,
    property: impl Fn(&S::Value) -> Result<(), String>,
) where
    S::Value: std::fmt::Debug,
{
    let deadline = Instant::now() + budget();
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        max_shrink_time: 60_000,
        max_global_rejects: 1,
        ..Config::default()
    });
    let outcome = runner.run(&strategy, |value| {
        if Instant::now() > deadline {
            // Rejecting ends the run (max_global_rejects is 1): the budget is spent.
            return Err(TestCaseError::reject(BUDGET_SPENT));
        }
        property(&value).map_err(TestCaseError::fail)
    });
    let outcome = match outcome {
        Err(TestError::Abort(_)) if Instant::now() > deadline => Ok(()),
        other => other,
    };
    if let Err(error) = outcome {
        let reason = match &error {
            TestError::Fail(reason, _) => reason.to_string(),
            TestError::Abort(reason) => reason.to_string(),
        };
        // Shrinking runs simpler inputs until none fails; the last failure is the minimal one.
        let mut saved = String::from("(not saved)");
        if let Some((bundle_json, settings_json, now)) = LAST_FAILURE.with(|last| last.take()) {
            let dir = repo_root().join("target/fuzz-crashes");
            let file = dir.join(format!("{name}-{}.json", std::process::id()));
            let content = if settings_json.is_empty() && now.is_none() {
                bundle_json
            } else {
                json!({"prlens_regression": {"bundle": bundle_json, "settings": settings_json, "now": now}})
                    .to_string()
            };
            if fs::create_dir_all(&dir).is_ok() && fs::write(&file, content).is_ok() {
                saved = file.display().to_string();
            }
        }
        panic!("{name}: {reason}\nminimal input saved to {saved}");
    }
}

thread_local! {
    /// The engine input of the last failing case on this thread (proptest runs in-thread).
    static LAST_FAILURE: std::cell::RefCell<Option<(String, String, Option<i64>)>> =
        const { std::cell::RefCell::new(None) };
    /// How many inputs on this thread gave a signal, so a property can prove it reached the
    /// engine and did not only exercise the parser's error paths.
    static SIGNALS_COMPUTED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The start of the overlong-error finding (see `run_case`).
pub(crate) const LONG_ERROR: &str = "error message is not one short line ";

thread_local! {
    static LONG_ERROR_REPORTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

pub(crate) fn signals_computed() -> u32 {
    SIGNALS_COMPUTED.with(std::cell::Cell::get)
}

/// Checks one engine input, remembering it when it fails.
pub(crate) fn run_case(
    bundle_json: String,
    settings_json: String,
    now: Option<i64>,
) -> Result<(), String> {
    let mut result = check_input(&bundle_json, &settings_json, now);
    // Overlong errors are pinned by `tests/regressions/`; while one is open it would mask every
    // deeper bug the fuzzer can find, so the properties only report it unless asked to be strict.
    if let Err(problem) = &result {
        if problem.starts_with(LONG_ERROR)
            && std::env::var_os("PRLENS_FUZZ_STRICT_ERRORS").is_none()
        {
            if !LONG_ERROR_REPORTED.with(|reported| reported.replace(true)) {
                eprintln!(
                    "fuzz: {} (set PRLENS_FUZZ_STRICT_ERRORS=1 to fail on it)",
                    &problem[..problem.len().min(200)]
                );
            }
            result = Ok(false);
        }
    }
    if result == Ok(true) {
        SIGNALS_COMPUTED.with(|count| count.set(count.get() + 1));
    }
    if result.is_err() {
        LAST_FAILURE.with(|last| *last.borrow_mut() = Some((bundle_json, settings_json, now)));
    }
    result.map(|_| ())
}

/// Remembers an input that failed a check made outside [`run_case`], so it is saved too.
pub(crate) fn remember_failure(bundle_json: String) {
    LAST_FAILURE.with(|last| *last.borrow_mut() = Some((bundle_json, String::new(), None)));
}

/// A reference time somewhere between year 1 and year 9999 (what RFC 3339 can express).
pub(crate) fn plausible_now() -> impl Strategy<Value = Option<i64>> {
    prop_oneof![
        Just(None),
        Just(Some(1_770_724_800)),
        (-62_135_596_800i64..253_402_300_799).prop_map(Some),
    ]
}

// ---------------------------------------------------------------------------------------------
// Properties
