//! Fuzzing the engine on stable Rust (proptest): hostile or broken input must never crash it.
//!
//! **What it does.** Builds bundles by mutating realistic PR bundles (the project's own
//! `tests/bundles/*.json` and the playground sample; with `--features recorded-fixtures` also
//! every recorded PR case in `../shared/fixtures`: a `pull.json` with its files, commits,
//! reviews, checks and statuses, plus users) and by generating arbitrary JSON (nested values, wrong types, huge numbers,
//! weird strings, giant patches), then calls `prlens::analyze_json` on each. The call must
//! return either a clear one-line error or a signal whose invariants hold (score in [0, 1] and
//! rounded to two decimals, level a monotonic function of score, drivers sorted by weight,
//! readiness ≤ 100, no NaN anywhere, focus anchors `diff-<64 hex>`, `pr.url` on
//! `https://github.com/`, deterministic output). The built `prlens` binary gets the same
//! treatment: exit code 0 or 2, never a panic.
//!
//! **Why it matters.** Every byte of a bundle comes from a PR author or from a network that
//! fails in creative ways. A panic in the wasm build (panic = "abort") kills the panel; a NaN
//! or an out-of-range score shows the reviewer a wrong answer.
//!
//! **Budget.** Each property runs up to `PROPTEST_CASES` cases (default 192) or
//! `PRLENS_FUZZ_SECONDS` seconds (default 12), whichever comes first, so `./build.sh test`
//! stays around a minute. The long run (see `docs/security.md`):
//! `PROPTEST_CASES=200000 PRLENS_FUZZ_SECONDS=1800 cargo test --release --test fuzz_engine`.
//!
//! **Crashes.** A failing input is shrunk by proptest and written to
//! `target/fuzz-crashes/<property>-<n>.json`; move it into `tests/regressions/` (each file
//! there is a raw `analyze_json` input, replayed by `every_regression_input_is_handled`).
//!
//! **Layout.** One job per file: `seeds` (the bundles mutated), `generators` (arbitrary values),
//! `mutations` (random edits of real bundles), `shapes` (edits toward the ways an author hides
//! risk, and the scans' syntax variants), `descriptions` (PR descriptions and issue bodies for
//! the claim reader, and its invariants), `invariants` (what every signal must satisfy),
//! `runner` (budgets and saved failures), `regressions` (replayed inputs, timestamps, the XSS
//! corpus, the CLI binary); the properties over them are here.

#![cfg(not(target_arch = "wasm32"))]

mod descriptions;
mod generators;
mod invariants;
mod mutations;
mod regressions;
mod runner;
mod seeds;
mod shapes;

use proptest::prelude::*;
use serde_json::{json, Value};

use generators::{arbitrary_json, weird_number, weird_string};
use invariants::check_signal;
use mutations::{apply, mutation};
use runner::{fuzz, plausible_now, run_case, signals_computed};
use seeds::seed_bundles;

#[test]
fn seed_bundles_are_analyzed_without_mutation() {
    let bundles = seed_bundles();
    assert!(
        bundles.len() >= 10,
        "expected the project bundles of tests/bundles, found {} bundles",
        bundles.len()
    );
    for bundle in &bundles {
        let text = bundle.to_string();
        let signal = prlens::analyze_json(&text, "", None).unwrap_or_else(|error| {
            panic!(
                "seed bundle rejected: {error}\n{}",
                &text[..200.min(text.len())]
            )
        });
        check_signal(&signal).unwrap_or_else(|problem| panic!("{problem}"));
    }
}

#[test]
fn mutated_seed_bundles_never_crash_the_engine() {
    let bundles = seed_bundles();
    assert!(!bundles.is_empty(), "no seed bundles in tests/bundles");
    let strategy = (
        0..bundles.len(),
        proptest::collection::vec(mutation(), 1..6),
        plausible_now(),
    );
    fuzz("mutated_fixture", strategy, |(index, mutations, now)| {
        let mut bundle = bundles[*index].clone();
        for mutation in mutations {
            apply(&mut bundle, mutation);
        }
        run_case(bundle.to_string(), String::new(), *now)
    });
    assert!(
        signals_computed() > 0,
        "mutated fixtures: no input reached the engine; the generator only exercises parse errors"
    );
}

#[test]
fn arbitrary_json_never_crashes_the_engine() {
    let strategy = (
        prop_oneof![
            3 => arbitrary_json().prop_map(|pull| json!({"pull": pull})),
            2 => (arbitrary_json(), arbitrary_json(), arbitrary_json()).prop_map(|(pull, files, commits)| {
                json!({"format": "prlens.bundle.v1", "pull": pull, "files": files, "commits": commits})
            }),
            1 => arbitrary_json(),
        ],
        plausible_now(),
    );
    fuzz("arbitrary_json", strategy, |(bundle, now)| {
        let mut bundle = bundle.clone();
        // Give most cases a valid number so the engine, not just the parser, runs.
        if let Some(pull) = bundle.get_mut("pull").and_then(Value::as_object_mut) {
            pull.entry("number").or_insert(json!(7));
        }
        run_case(bundle.to_string(), String::new(), *now)
    });
    assert!(
        signals_computed() > 0,
        "arbitrary json: no input reached the engine; the generator only exercises parse errors"
    );
}

#[test]
fn raw_text_never_crashes_the_parser() {
    let strategy = prop_oneof![
        any::<String>(),
        "[\\[\\]{}\":,0-9a-z\\\\ ]{0,200}",
        Just("{\"pull\":".repeat(200)),
        Just("[".repeat(100_000)),
        Just("{\"pull\": {\"number\": 1}".to_string()),
        Just("{\"pull\": {\"number\": 1e999}}".to_string()),
        Just("\u{FEFF}{\"pull\": {\"number\": 1}}".to_string()),
    ];
    fuzz("raw_text", strategy, |text| {
        run_case(text.clone(), String::new(), None)
    });
}

#[test]
fn arbitrary_settings_never_crash_the_engine() {
    let bundles = seed_bundles();
    assert!(!bundles.is_empty(), "no seed bundles in tests/bundles");
    let settings = prop_oneof![
        arbitrary_json(),
        (
            proptest::sample::select(vec![
                "large_diff_lines", "large_diff_severe_lines", "many_files", "many_files_severe",
                "young_account_days", "review_rate_loc_per_hour", "stale_days", "stale_high_days",
                "critical_file_lines", "approve_readiness", "request_changes_readiness",
            ]),
            weird_number()
        )
            .prop_map(|(key, value)| json!({"thresholds": {key: value}})),
        // Real driver ids: an unknown id is rejected before the engine runs (Settings::validate).
        (proptest::sample::select(prlens::engine::drivers::ids()), weird_number())
            .prop_map(|(id, weight)| json!({"weights": {id: weight}})),
        proptest::collection::vec(weird_string(), 0..4).prop_map(|globs| {
            json!({"paths": {"generated": globs, "sensitive": globs, "tests": globs, "vendored": globs},
                   "trusted_bots": globs})
        }),
    ];
    let strategy = (0..bundles.len(), settings);
    fuzz("settings", strategy, |(index, settings)| {
        run_case(bundles[*index].to_string(), settings.to_string(), None)
    });
    assert!(
        signals_computed() > 0,
        "settings: no input reached the engine; the generator only exercises parse errors"
    );
}

#[test]
fn extreme_reference_times_never_crash_the_engine() {
    let bundles = seed_bundles();
    assert!(!bundles.is_empty(), "no seed bundles in tests/bundles");
    let now = prop_oneof![
        Just(i64::MIN),
        Just(i64::MAX),
        Just(i64::MIN + 1),
        Just(0),
        any::<i64>(),
    ];
    fuzz("extreme_now", (0..bundles.len(), now), |(index, now)| {
        run_case(bundles[*index].to_string(), String::new(), Some(*now))
    });
}

#[test]
fn integrity_shaped_bundles_keep_the_invariants_and_the_finding_floors() {
    let bundles = seed_bundles();
    let strategy = (
        0..bundles.len(),
        proptest::collection::vec(shapes::shape(), 1..5),
        plausible_now(),
    );
    fuzz("shapes", strategy, |(index, shapes, now)| {
        let mut bundle = bundles[*index].clone();
        for shape in shapes {
            shapes::apply_shape(&mut bundle, shape);
        }
        run_case(bundle.to_string(), String::new(), *now)
    });
    assert!(
        signals_computed() > 0,
        "no shaped bundle reached the engine"
    );
}

#[test]
fn descriptions_keep_the_claim_invariants() {
    let bundles = seed_bundles();
    assert!(!bundles.is_empty(), "no seed bundles in tests/bundles");
    fuzz(
        "descriptions",
        descriptions::description_case(),
        |(index, body, issue)| {
            let bundle = descriptions::with_description(&bundles[*index], body, issue);
            let text = bundle.to_string();
            run_case(text.clone(), String::new(), None)?;
            let signal =
                prlens::analyze_json(&text, "", None).map_err(|error| error.to_string())?;
            let checked = descriptions::check_evidence_paths(&bundle, &signal);
            if checked.is_err() {
                runner::remember_failure(text);
            }
            checked
        },
    );
    assert!(
        signals_computed() > 0,
        "descriptions: no input reached the engine"
    );
}
