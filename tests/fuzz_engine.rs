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

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use serde_json::{json, Number, Value};

use prlens::signal::{RiskLevel, Signal};

// ---------------------------------------------------------------------------------------------
// Inputs: realistic seed bundles

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The seeds the mutations start from: the project's own bundles, plus the recorded fixture
/// cases when the recorded layer is built.
fn seed_bundles() -> Vec<Value> {
    let project: Vec<Value> = sorted_entries(&repo_root().join("tests/bundles"))
        .into_iter()
        .chain([repo_root().join("www/sample-bundle.json")])
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("project bundle is readable");
            let mut bundle: Value = serde_json::from_str(&text).expect("project bundle is JSON");
            bundle["page"] = json!({"title": "page title", "viewer": "octocat",
                "viewed_files": ["README.md"], "generated_files": ["Cargo.lock"]});
            bundle
        })
        .collect();
    #[cfg(feature = "recorded-fixtures")]
    let project = project.into_iter().chain(recorded_bundles()).collect();
    project
}

#[cfg(feature = "recorded-fixtures")]
fn fixtures_dir() -> PathBuf {
    repo_root().join("../shared/fixtures")
}

/// The response body of one recorded fixture file.
#[cfg(feature = "recorded-fixtures")]
fn body(path: &Path) -> Option<Value> {
    let text = fs::read_to_string(path).ok()?;
    let value: Value = serde_json::from_str(&text).ok()?;
    value.get("body").cloned()
}

/// Every PR case directory (one holding a `pull.json`) assembled into a bundle, plus the
/// shared users, check runs and statuses so mutations have every section to work on.
#[cfg(feature = "recorded-fixtures")]
fn recorded_bundles() -> Vec<Value> {
    let root = fixtures_dir();
    let mut users = serde_json::Map::new();
    let mut check_runs = Vec::new();
    let mut statuses = Vec::new();
    let mut case_dirs = Vec::new();
    for source in sorted_entries(&root) {
        for dir in sorted_entries(&source) {
            if dir.file_name().is_some_and(|name| name == "users") {
                for user_file in sorted_entries(&dir) {
                    if let Some(user) = body(&user_file).filter(Value::is_object) {
                        if let Some(login) = user.get("login").and_then(Value::as_str) {
                            users.insert(login.to_string(), user.clone());
                        }
                    }
                }
            } else if dir.join("pull.json").exists() {
                case_dirs.push(dir);
            } else {
                for file in sorted_entries(&dir) {
                    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    if name.starts_with("check_runs") {
                        if let Some(body) = body(&file) {
                            check_runs.push(body);
                        }
                    } else if name.starts_with("combined_status") {
                        if let Some(body) = body(&file) {
                            statuses.push(body);
                        }
                    }
                }
            }
        }
    }
    let mut bundles = Vec::new();
    for (index, dir) in case_dirs.iter().enumerate() {
        let Some(pull) = body(&dir.join("pull.json")) else {
            continue;
        };
        let mut bundle = json!({"format": "prlens.bundle.v1", "pull": pull,
            "fetched_at": "2026-02-10T12:00:00Z"});
        for (section, file) in [
            ("files", "files.json"),
            ("commits", "commits.json"),
            ("reviews", "reviews.json"),
            ("check_runs", "check_runs.json"),
            ("status", "combined_status.json"),
        ] {
            if let Some(value) = body(&dir.join(file)) {
                bundle[section] = value;
            }
        }
        if bundle.get("check_runs").is_none() && !check_runs.is_empty() {
            bundle["check_runs"] = check_runs[index % check_runs.len()].clone();
        }
        if bundle.get("status").is_none() && !statuses.is_empty() {
            bundle["status"] = statuses[index % statuses.len()].clone();
        }
        bundle["users"] = Value::Object(users.clone());
        bundle["history"] = json!({"octocat": {"prs": 3, "merged": 2}});
        bundle["page"] = json!({"title": "page title", "viewer": "octocat",
            "viewed_files": ["README.md"], "generated_files": ["Cargo.lock"]});
        bundles.push(bundle);
    }
    bundles
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .map(|read| {
            read.filter_map(|entry| entry.ok().map(|e| e.path()))
                .collect()
        })
        .unwrap_or_default();
    prlens::order::sort(&mut entries);
    entries
}

// ---------------------------------------------------------------------------------------------
// Inputs: hostile strings and numbers

/// Strings that have broken parsers, diff tools and renderers before.
fn weird_string() -> impl Strategy<Value = String> {
    let fixed: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\u{202E}gnp.exe".into(),
        "a\u{200B}b\u{200C}c\u{200D}d\u{FEFF}".into(),
        "<script>alert(1)</script>".into(),
        "\"><img src=x onerror=alert(1)>".into(),
        "javascript:alert(1)".into(),
        "data:text/html,<script>alert(1)</script>".into(),
        "🦀👩‍👩‍👧‍👦🏳️‍🌈".repeat(50),
        "x".repeat(10_240),
        "line\n".repeat(2_000),
        "\r\n\r\n\0\u{7}".into(),
        "../../../../etc/passwd".into(),
        "/".into(),
        "a/".repeat(500),
        "@@ -1,3 +1,4 @@\n-a\n+b\n c".into(),
        "@@ -99999999999999999999,1 +1 @@\n+x".into(),
        "@@ -1,-5 +0,0 @@\n".into(),
        "@@ @@\n+\n-\n \\ No newline at end of file".into(),
        "@@ -18446744073709551615,18446744073709551615 +18446744073709551615,18446744073709551615 @@\n+a"
            .into(),
        "diff --git a/x b/x\n--- a/x\n+++ b/x\n".into(),
        "2017-13-45T99:99:99Z".into(),
        "9999-12-31T23:59:59Z".into(),
        "0000-01-01T00:00:00Z".into(),
        "1970-01-01T00:00:00-23:59".into(),
        "2016-09-15 05:52:11 UTC".into(),
        "NaN".into(),
        "-1".into(),
        "18446744073709551616".into(),
        "1e309".into(),
        "Closes #0, fixes #18446744073709551616, resolves #-1".into(),
        "- [ ] \n- [x] \n- [".into(),
        "renovate[bot]".into(),
        "ghost".into(),
        "dependabot[bot]".into(),
        "package.json".into(),
        "Cargo.lock".into(),
        ".github/workflows/ci.yml".into(),
        "*.rs".into(),
        "**/[".into(),
        "src/\u{0}/x.rs".into(),
        "é́́́́́́́́́́́́".into(),
    ];
    prop_oneof![
        4 => proptest::sample::select(fixed),
        2 => "\\PC{0,40}",
        1 => ".{0,40}",
        1 => any::<String>(),
    ]
}

fn weird_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(1e308)),
        Just(json!(-1e308)),
        Just(json!(0.5)),
        Just(json!(-0.0)),
        Just(json!(2147483648u64)),
        Just(json!(99_999_999)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter_map("json needs finite", Number::from_f64)
            .prop_map(Value::Number),
    ]
}

/// A patch of `lines` lines with hunk headers, the shape GitHub sends.
fn giant_patch(lines: usize, seed: u32) -> String {
    let mut patch = format!("@@ -1,{lines} +1,{lines} @@\n");
    for index in 0..lines {
        let prefix = match (index as u32).wrapping_add(seed) % 3 {
            0 => '+',
            1 => '-',
            _ => ' ',
        };
        patch.push(prefix);
        patch.push_str(&format!("let value_{index} = {seed};\n"));
    }
    patch
}

/// Arbitrary JSON, nested a few levels, with hostile leaves.
fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        weird_number(),
        weird_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    3 => proptest::sample::select(FIELD_NAMES.to_vec()).prop_map(str::to_string),
                    1 => weird_string(),
                ],
                inner,
                0..8
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// Field names the parser looks for, so arbitrary objects hit real code paths.
const FIELD_NAMES: &[&str] = &[
    "format",
    "pull",
    "files",
    "commits",
    "users",
    "history",
    "check_runs",
    "status",
    "reviews",
    "familiarity",
    "page",
    "fetch_notes",
    "fetched_at",
    "files_truncated",
    "commits_truncated",
    "number",
    "title",
    "body",
    "user",
    "login",
    "type",
    "html_url",
    "url",
    "head",
    "base",
    "repo",
    "owner",
    "name",
    "ref",
    "sha",
    "state",
    "merged",
    "draft",
    "additions",
    "deletions",
    "changed_files",
    "created_at",
    "updated_at",
    "merged_at",
    "labels",
    "filename",
    "patch",
    "previous_filename",
    "status",
    "author",
    "commit",
    "message",
    "date",
    "parents",
    "conclusion",
    "statuses",
    "context",
    "target_url",
    "submitted_at",
    "author_association",
    "prs",
    "viewed_files",
    "generated_files",
];

// ---------------------------------------------------------------------------------------------
// Mutations of real bundles

#[derive(Debug, Clone)]
enum Mutation {
    /// Replace the value at the path with arbitrary JSON.
    Replace(Vec<u32>, Value),
    /// Remove the key or item at the path.
    Remove(Vec<u32>),
    /// Repeat an array (the one at or above the path) up to `times` times.
    Repeat(Vec<u32>, u16),
    /// Put a giant patch (or a giant string) at the path.
    Giant(Vec<u32>, u32, u32),
    /// Set the value at the path to a hostile string.
    Text(Vec<u32>, String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let path = || proptest::collection::vec(any::<u32>(), 0..6);
    prop_oneof![
        4 => (path(), arbitrary_json()).prop_map(|(p, v)| Mutation::Replace(p, v)),
        2 => path().prop_map(Mutation::Remove),
        1 => (path(), 2u16..400).prop_map(|(p, n)| Mutation::Repeat(p, n)),
        1 => (path(), 1u32..40_000, any::<u32>()).prop_map(|(p, n, s)| Mutation::Giant(p, n, s)),
        4 => (path(), weird_string()).prop_map(|(p, s)| Mutation::Text(p, s)),
    ]
}

/// Follows `choices` down the tree (each picks a key or index), stopping at a leaf.
fn walk<'a>(value: &'a mut Value, choices: &[u32]) -> &'a mut Value {
    let Some((first, rest)) = choices.split_first() else {
        return value;
    };
    let is_container = match value {
        Value::Object(map) => !map.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => false,
    };
    if !is_container {
        return value;
    }
    match value {
        Value::Object(map) => {
            let index = *first as usize % map.len();
            let key = map.keys().nth(index).cloned().unwrap_or_default();
            walk(map.get_mut(&key).expect("key exists"), rest)
        }
        Value::Array(items) => {
            let index = *first as usize % items.len();
            walk(&mut items[index], rest)
        }
        _ => value,
    }
}

fn apply(bundle: &mut Value, mutation: &Mutation) {
    match mutation {
        Mutation::Replace(path, replacement) => *walk(bundle, path) = replacement.clone(),
        Mutation::Text(path, text) => *walk(bundle, path) = Value::String(text.clone()),
        Mutation::Giant(path, lines, seed) => {
            let target = walk(bundle, path);
            *target = if seed % 2 == 0 {
                Value::String(giant_patch(*lines as usize, *seed))
            } else {
                Value::String("y".repeat(*lines as usize * 8))
            };
        }
        Mutation::Remove(path) => {
            let Some((last, parent_path)) = path.split_last() else {
                return;
            };
            match walk(bundle, parent_path) {
                Value::Object(map) if !map.is_empty() => {
                    let key = map.keys().nth(*last as usize % map.len()).cloned();
                    if let Some(key) = key {
                        map.remove(&key);
                    }
                }
                Value::Array(items) if !items.is_empty() => {
                    let index = *last as usize % items.len();
                    items.remove(index);
                }
                _ => {}
            }
        }
        Mutation::Repeat(path, times) => {
            if let Value::Array(items) = walk(bundle, path) {
                if let Some(first) = items.first().cloned() {
                    let target = (*times as usize).min(3_500);
                    while items.len() < target {
                        let mut copy = first.clone();
                        if let Some(name) = copy.get_mut("filename") {
                            *name = Value::String(format!("src/gen/file_{}.rs", items.len()));
                        }
                        items.push(copy);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Invariants

/// Every (score, level) pair seen so far: the level must be a monotonic function of the score.
static LEVELS_SEEN: Mutex<Vec<(f64, RiskLevel)>> = Mutex::new(Vec::new());

fn check_level_monotonic(score: f64, level: RiskLevel) -> Result<(), String> {
    let mut seen = LEVELS_SEEN
        .lock()
        .unwrap_or_else(|poison| poison.into_inner());
    for (other_score, other_level) in seen.iter() {
        let inconsistent = (*other_score == score && *other_level != level)
            || (*other_score < score && *other_level > level)
            || (*other_score > score && *other_level < level);
        if inconsistent {
            return Err(format!(
                "risk level is not a function of score: {other_score} → {other_level:?} but {score} → {level:?}"
            ));
        }
    }
    if seen.len() < 10_000 {
        seen.push((score, level));
    }
    Ok(())
}

fn unit_interval(name: &str, value: f64) -> Result<(), String> {
    if value.is_finite() && (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(format!("{name} = {value} is outside [0, 1]"))
    }
}

fn is_anchor(anchor: &str) -> bool {
    anchor.strip_prefix("diff-").is_some_and(|hex| {
        hex.len() == 64
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// Every numeric field of the serialized signal is a finite number (serde writes NaN as null,
/// so also look for nulls where the schema has a number).
fn no_nan(value: &Value, path: &str) -> Result<(), String> {
    match value {
        Value::Number(number) if number.as_f64().is_some_and(|f| !f.is_finite()) => {
            Err(format!("{path} is not finite"))
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(index, item)| no_nan(item, &format!("{path}[{index}]"))),
        Value::Object(map) => map
            .iter()
            .try_for_each(|(key, item)| no_nan(item, &format!("{path}.{key}"))),
        _ => Ok(()),
    }
}

/// The invariants every signal must satisfy, whatever the input.
fn check_signal(signal: &Signal) -> Result<(), String> {
    let risk = &signal.risk;
    unit_interval("risk.score", risk.score)?;
    if ((risk.score * 100.0).round() - risk.score * 100.0).abs() > 1e-6 {
        return Err(format!(
            "risk.score {} is not rounded to two decimals",
            risk.score
        ));
    }
    check_level_monotonic(risk.score, risk.level)?;
    for driver in &risk.drivers {
        unit_interval(&format!("driver {} weight", driver.id), driver.weight)?;
    }
    if risk
        .drivers
        .windows(2)
        .any(|pair| pair[0].weight < pair[1].weight)
    {
        let weights: Vec<f64> = risk.drivers.iter().map(|d| d.weight).collect();
        return Err(format!("drivers not sorted by weight: {weights:?}"));
    }
    if signal.review.readiness > 100 {
        return Err(format!("readiness {} > 100", signal.review.readiness));
    }
    for item in &signal.review.checklist {
        if item.earned > item.points {
            return Err(format!(
                "checklist {} earned {} of {} points",
                item.id, item.earned, item.points
            ));
        }
    }
    unit_interval("evidence.completeness", signal.evidence.completeness)?;
    unit_interval("intent.confidence", signal.intent.confidence)?;
    for file in &signal.focus {
        if !is_anchor(&file.anchor) {
            return Err(format!(
                "focus anchor {:?} does not match ^diff-[0-9a-f]{{64}}$",
                file.anchor
            ));
        }
    }
    if !signal.pr.url.starts_with("https://github.com/") {
        return Err(format!(
            "pr.url {:?} is not on https://github.com/",
            signal.pr.url
        ));
    }
    if signal.triage.remaining_minutes > signal.triage.minutes {
        return Err(format!(
            "triage.remaining_minutes {} > minutes {}",
            signal.triage.remaining_minutes, signal.triage.minutes
        ));
    }
    let serialized = serde_json::to_value(signal).map_err(|e| format!("serialize: {e}"))?;
    no_nan(&serialized, "signal")?;
    let round_trip: Signal =
        serde_json::from_value(serialized).map_err(|e| format!("signal JSON round trip: {e}"))?;
    if round_trip.risk.drivers.len() != signal.risk.drivers.len() {
        return Err("signal JSON round trip lost drivers".into());
    }
    Ok(())
}

/// Runs the engine on one input: an error must be one clear line; a signal must satisfy the
/// invariants and be the same when computed twice. `Ok(true)` when a signal was computed.
fn check_input(bundle_json: &str, settings_json: &str, now: Option<i64>) -> Result<bool, String> {
    let first = std::panic::catch_unwind(|| prlens::analyze_json(bundle_json, settings_json, now))
        .map_err(|panic| format!("analyze_json panicked: {}", panic_text(&panic)))?;
    match first {
        Err(error) => {
            let message = error.to_string();
            // The message is shown to the user as is: one line, short, never a dump of the input.
            if message.trim().is_empty()
                || message.contains('\n')
                || message.chars().count() > 1_000
            {
                let preview: String = message.chars().take(300).collect();
                return Err(format!(
                    "{LONG_ERROR}({} chars): {preview:?}",
                    message.chars().count()
                ));
            }
            Ok(false)
        }
        Ok(signal) => {
            check_signal(&signal)?;
            let again = prlens::analyze_json(bundle_json, settings_json, now)
                .map_err(|e| format!("second run failed: {e}"))?;
            if again != signal {
                return Err("the same input gave two different signals".into());
            }
            Ok(true)
        }
    }
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "<non-string panic>".into())
}

// ---------------------------------------------------------------------------------------------
// Runner with a time budget

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(192)
}

fn budget() -> Duration {
    let seconds = std::env::var("PRLENS_FUZZ_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(12);
    Duration::from_secs(seconds)
}

const BUDGET_SPENT: &str = "time budget spent";

/// Runs `property` over `strategy` until the case count or the time budget runs out; on a
/// failure, writes the shrunk input to `target/fuzz-crashes/` and fails the test.
fn fuzz<S: Strategy>(name: &str, strategy: S, property: impl Fn(&S::Value) -> Result<(), String>)
where
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
const LONG_ERROR: &str = "error message is not one short line ";

thread_local! {
    static LONG_ERROR_REPORTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn signals_computed() -> u32 {
    SIGNALS_COMPUTED.with(std::cell::Cell::get)
}

/// Checks one engine input, remembering it when it fails.
fn run_case(bundle_json: String, settings_json: String, now: Option<i64>) -> Result<(), String> {
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

/// A reference time somewhere between year 1 and year 9999 (what RFC 3339 can express).
fn plausible_now() -> impl Strategy<Value = Option<i64>> {
    prop_oneof![
        Just(None),
        Just(Some(1_770_724_800)),
        (-62_135_596_800i64..253_402_300_799).prop_map(Some),
    ]
}

// ---------------------------------------------------------------------------------------------
// Properties

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
        (weird_string(), weird_number()).prop_map(|(id, weight)| json!({"weights": {id: weight}})),
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

/// A regression file is a raw bundle input, or `{"prlens_regression": {"bundle": "<text>",
/// "settings": "<text>", "now": <unix seconds or null>}}` when settings or "now" matter.
fn regression_input(text: &str) -> (String, String, Option<i64>) {
    let wrapper = serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|value| value.get("prlens_regression").cloned());
    match wrapper {
        Some(case) => (
            case["bundle"].as_str().unwrap_or_default().to_string(),
            case["settings"].as_str().unwrap_or_default().to_string(),
            case["now"].as_i64(),
        ),
        None => (text.to_string(), String::new(), None),
    }
}

/// The hand-written RFC 3339 reader sees every timestamp GitHub (or an attacker) sends: near-miss
/// shapes must never panic, and whatever it accepts must survive a format/parse round trip.
#[test]
fn timestamps_never_panic_and_round_trip() {
    let near_rfc3339 = "[+-]?[0-9]{1,6}-[0-9]{1,3}-[0-9]{1,3}[Tt ][0-9]{1,3}:[0-9]{1,3}:[0-9]{1,3}(\\.[0-9]{0,12})?(Z|z|[+-][0-9]{1,2}:[0-9]{1,2}| UTC)?";
    let strategy = prop_oneof![
        4 => near_rfc3339.prop_map(|text| text),
        1 => any::<String>(),
        1 => weird_string(),
    ];
    let deadline = Instant::now() + budget();
    let mut runner = TestRunner::new(Config {
        cases: cases() * 8,
        failure_persistence: None,
        max_global_rejects: 1,
        ..Config::default()
    });
    let result = runner.run(&strategy, |text| {
        if Instant::now() > deadline {
            return Err(TestCaseError::reject(BUDGET_SPENT));
        }
        let parsed =
            std::panic::catch_unwind(|| prlens::timestamp::parse(&text)).map_err(|panic| {
                TestCaseError::fail(format!("parse({text:?}) panicked: {}", panic_text(&panic)))
            })?;
        if let Some(seconds) = parsed {
            let formatted = std::panic::catch_unwind(|| prlens::timestamp::format(seconds))
                .map_err(|panic| {
                    TestCaseError::fail(format!(
                        "format({seconds}) panicked: {}",
                        panic_text(&panic)
                    ))
                })?;
            let formatted = formatted.ok_or_else(|| {
                TestCaseError::fail(format!(
                    "parse({text:?}) = {seconds}, which format() rejects"
                ))
            })?;
            prop_assert_eq!(
                prlens::timestamp::parse(&formatted),
                Some(seconds),
                "round trip of {:?} via {:?}",
                text,
                formatted
            );
        }
        Ok(())
    });
    let result = match result {
        Err(TestError::Abort(_)) if Instant::now() > deadline => Ok(()),
        other => other,
    };
    if let Err(TestError::Fail(reason, _) | TestError::Abort(reason)) = result {
        panic!("{reason}");
    }
    for (text, expected) in [
        ("2016-09-15T05:52:11Z", Some(1_473_918_731)),
        ("2016-09-15 05:52:11 UTC", Some(1_473_918_731)),
        ("2016-09-15T07:52:11+02:00", Some(1_473_918_731)),
        ("2016-02-30T00:00:00Z", None),
        ("2016-09-15T24:00:01Z", None),
        ("2016-09-15T05:52:<GITHUB_TEST_INTEGRATION>Z", None),
    ] {
        assert_eq!(prlens::timestamp::parse(text), expected, "{text}");
    }
}

#[test]
fn every_regression_input_is_handled() {
    let dir = repo_root().join("tests/regressions");
    let mut count = 0;
    let mut failures = Vec::new();
    for file in sorted_entries(&dir) {
        if file.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        count += 1;
        let text = fs::read_to_string(&file).expect("regression file is readable");
        let (bundle_json, settings_json, now) = regression_input(&text);
        if let Err(problem) = check_input(&bundle_json, &settings_json, now) {
            failures.push(format!("{}: {problem}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count > 0, "tests/regressions/ holds no *.json inputs");
}

/// The XSS corpus (`tests/xss/bundles`, generated by `tests/xss/corpus.mjs`) holds well-formed
/// bundles with hostile text in every field: each must give a signal, with the PR link rebuilt
/// from the validated owner/repo/number rather than taken from the hostile `html_url`.
#[test]
fn xss_corpus_bundles_give_signals_with_canonical_links() {
    let dir = repo_root().join("tests/xss/bundles");
    let mut count = 0;
    for file in sorted_entries(&dir) {
        if file.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        count += 1;
        let text = fs::read_to_string(&file).expect("corpus file is readable");
        let bundle: Value = serde_json::from_str(&text).expect("corpus file is JSON");
        let number = bundle["pull"]["number"].as_u64().expect("corpus PR number");
        let signal = prlens::analyze_json(&text, "", None)
            .unwrap_or_else(|error| panic!("{}: rejected: {error}", file.display()));
        check_signal(&signal).unwrap_or_else(|problem| panic!("{}: {problem}", file.display()));
        assert_eq!(
            signal.pr.url,
            format!("https://github.com/xss-org/xss-repo/pull/{number}"),
            "{}",
            file.display()
        );
    }
    assert!(count >= 7, "expected the 7 corpus bundles, found {count}");
}

// ---------------------------------------------------------------------------------------------
// The CLI binary

/// The CLI on mutated inputs: exit code 0 (signal) or 2 (clear error), never a panic (101).
#[test]
fn cli_exits_zero_or_two_on_mutated_inputs() {
    let bundles = seed_bundles();
    assert!(!bundles.is_empty(), "no seed bundles in tests/bundles");
    let binary = env!("CARGO_BIN_EXE_prlens");
    let dir = std::env::temp_dir().join(format!("prlens-cli-fuzz-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let mut runner = TestRunner::new(Config {
        cases: (cases() / 8).max(16),
        failure_persistence: None,
        max_global_rejects: 1,
        ..Config::default()
    });
    let strategy = (
        0..bundles.len(),
        proptest::collection::vec(mutation(), 0..4),
        0u8..3,
    );
    let deadline = Instant::now() + budget();
    let outcomes = std::cell::RefCell::new(BTreeMap::new());
    let result = runner.run(&strategy, |(index, mutations, mode)| {
        if Instant::now() > deadline {
            return Err(TestCaseError::reject(BUDGET_SPENT));
        }
        let mut bundle = bundles[index].clone();
        for mutation in mutations {
            apply(&mut bundle, &mutation);
        }
        let mut text = bundle.to_string();
        if mode == 1 {
            // Truncated JSON, as a cut connection would leave it.
            let cut = text.len() / 2;
            let cut = (0..=cut)
                .rev()
                .find(|i| text.is_char_boundary(*i))
                .unwrap_or(0);
            text.truncate(cut);
        }
        let path = dir.join("input.json");
        fs::write(&path, &text).expect("write input");
        let mut command = std::process::Command::new(binary);
        command.arg("analyze").arg(&path);
        if mode == 2 {
            // The Markdown summary renders every hostile string too.
            command.args(["--format", "markdown"]);
        }
        let output = command.output().expect("run prlens");
        let code = output.status.code();
        let stderr = String::from_utf8_lossy(&output.stderr);
        *outcomes.borrow_mut().entry(code).or_insert(0) += 1;
        prop_assert!(
            matches!(code, Some(0) | Some(2)),
            "prlens exited with {code:?}: {stderr}"
        );
        prop_assert!(!stderr.contains("panicked"), "prlens panicked: {stderr}");
        Ok(())
    });
    let _ = fs::remove_dir_all(&dir);
    let result = match result {
        Err(TestError::Abort(_)) if Instant::now() > deadline => Ok(()),
        other => other,
    };
    if let Err(error) = result {
        let reason = match error {
            TestError::Fail(reason, _) | TestError::Abort(reason) => reason.to_string(),
        };
        panic!("{reason}");
    }
    assert!(
        outcomes.borrow().contains_key(&Some(2)),
        "no mutated input was rejected; the CLI is not seeing its input: {outcomes:?}"
    );
}
