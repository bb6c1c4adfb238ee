//! Shared helpers for the integration tests: read the project's own PR bundles
//! (`tests/bundles/`, see its README), check the invariants every signal must hold, and — for the
//! recorded layer only (`tests/recorded/`, feature `recorded-fixtures`) — assemble bundles from
//! the recorded fixtures listed in `tests/fixture-cases.json`.
//!
//! The recorded assembly code is the CLI's own (`src/bin/prlens/fixture_cases.rs`, included
//! here), so `prlens bundle-fixture NAME` prints exactly the bundle those tests analyse.
#![allow(dead_code)]

#[path = "../../src/bin/prlens/fixture_cases.rs"]
mod fixture_cases;

use std::path::PathBuf;

pub use fixture_cases::FixtureCases;
use prlens::signal::{ReadinessItem, Role, TrustLevel};
use prlens::{Bundle, Settings, Signal};
use serde_json::Value;

/// The repository root (where Cargo.toml is).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The project's own bundle named `name` (`tests/bundles/<name>.json`; `seed-like-5-files` is the
/// playground's `www/sample-bundle.json`).
pub fn project_bundle_value(name: &str) -> Value {
    let path = if name == "seed-like-5-files" {
        repo_root().join("www/sample-bundle.json")
    } else {
        repo_root().join(format!("tests/bundles/{name}.json"))
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

pub fn project_bundle(name: &str) -> Bundle {
    Bundle::from_value(&project_bundle_value(name))
        .unwrap_or_else(|error| panic!("bundle {name}: {error}"))
}

/// The signal of a project bundle with default settings, "now" = its `fetched_at`.
pub fn project_signal(name: &str) -> Signal {
    prlens::analyze(&project_bundle(name), &Settings::default(), None)
}

/// Every project bundle name (`tests/bundles/*.json` plus `seed-like-5-files`).
pub fn project_bundle_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo_root().join("tests/bundles"))
        .expect("tests/bundles is readable")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().to_string_lossy().to_string();
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect();
    names.push("seed-like-5-files".to_string());
    prlens::order::sort(&mut names);
    names
}

/// What every signal must satisfy, whatever the PR: ranges, sums, orderings, anchors, the
/// triage formula, an explained evidence note, and lossless exports.
pub fn assert_signal_invariants(name: &str, bundle: &Bundle, signal: &Signal) {
    assert_eq!(signal.version, "prlens.signal.v1");
    assert_eq!(signal.pr.number, bundle.pull.number, "{name}");
    assert!(
        signal.pr.url.starts_with("https://github.com/"),
        "{name}: {}",
        signal.pr.url
    );

    let author = &signal.contributors[0];
    assert_eq!(author.role, Role::Author, "{name}: the author comes first");
    assert!(author.badges.contains(&"PR Author".to_string()), "{name}");
    assert!(!author.summary.is_empty(), "{name}");

    assert!((0.0..=1.0).contains(&signal.risk.score), "{name}");
    assert!(
        (0.0..=1.0).contains(&signal.evidence.completeness),
        "{name}"
    );
    assert!(
        signal.intent.confirmed() <= signal.intent.checkable(),
        "{name}: confirmed claims are checkable ones"
    );
    assert!(signal.review.readiness <= 100, "{name}");
    let total: u32 = signal
        .review
        .checklist
        .iter()
        .map(|i| u32::from(i.points))
        .sum();
    assert_eq!(total, 100, "{name}: checklist points sum to 100");
    let earned: u32 = signal
        .review
        .checklist
        .iter()
        .map(|i| u32::from(i.earned))
        .sum();
    // A blocked PR (critical risk, failing checks, a serious finding) reads at most half ready.
    let blocked = signal.risk.level == prlens::signal::RiskLevel::Critical
        || signal.evidence.signals.ci_passing == prlens::signal::SignalState::Failing
        || signal
            .supply_chain
            .findings
            .iter()
            .any(|f| f.severity >= prlens::signal::Severity::High);
    let expected = if blocked {
        (f64::from(earned) * prlens::settings::section_tables::SHARE_READINESS_BLOCKED).round()
            as u32
    } else {
        earned
    };
    assert_eq!(expected, u32::from(signal.review.readiness), "{name}");
    assert!(!signal.review.rationale.is_empty(), "{name}");
    assert!(
        !signal.intent.goal.is_empty(),
        "{name}: a goal, at least the title"
    );

    // Focus: the top files (at most MAX_FOCUS_FILES) plus a count of the rest, anchors are
    // GitHub's, order is by priority then size.
    let file_count = bundle.files.as_ref().map_or(0, Vec::len);
    assert_eq!(
        signal.focus.len(),
        file_count.min(prlens::settings::section_tables::MAX_FOCUS_FILES),
        "{name}"
    );
    assert_eq!(
        signal.focus.len() as u64 + signal.focus_more,
        file_count as u64,
        "{name}"
    );
    for pair in signal.focus.windows(2) {
        assert!(pair[0].priority >= pair[1].priority, "{name}: focus order");
    }
    for file in &signal.focus {
        assert!(
            file.anchor.starts_with("diff-") && file.anchor.len() == 69,
            "{name}"
        );
        assert!(file.anchor[5..]
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert!(
            !file.reasons.is_empty(),
            "{name}: {} has reasons",
            file.path
        );
    }

    // Triage: the formula shows the inputs and the minutes follow from them.
    let rate = Settings::default().thresholds.review_rate_loc_per_hour;
    let from_lines = (signal.triage.reading_lines * 60 + rate / 2) / rate;
    match signal.triage.minutes {
        Some(minutes) => assert_eq!(minutes, from_lines, "{name}"),
        // Unknown minutes say why, and the bound they would not exceed.
        None => assert!(
            signal.triage.formula.starts_with("minutes unknown"),
            "{name}: {}",
            signal.triage.formula
        ),
    }
    assert!(
        signal.triage.reading_lines <= signal.triage.counted_lines,
        "{name}: reading weighs lines down, never up"
    );
    // Known minutes show the lines they come from; unknown ones say why instead.
    assert!(
        signal.triage.minutes.is_none()
            || signal
                .triage
                .formula
                .contains(&format!("{} lines", signal.triage.counted_lines)),
        "{name}: {}",
        signal.triage.formula
    );
    assert!(signal.triage.remaining_minutes <= signal.triage.minutes);

    // Evidence is never silently empty: the note explains.
    assert!(!signal.evidence.note.is_empty(), "{name}");

    // Exports: JSON round trip and Markdown.
    let json = serde_json::to_string(&signal).unwrap();
    let back: prlens::Signal = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, signal, "{name}");
    let markdown = prlens::markdown::render(signal);
    assert!(markdown.starts_with("### prlens: "), "{name}");
    assert!(!markdown.contains("<script"), "{name}");
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

/// The ids of the drivers that fired, heaviest first.
pub fn driver_ids(signal: &Signal) -> Vec<&str> {
    signal.risk.drivers.iter().map(|d| d.id.as_str()).collect()
}

/// The review checklist item `id` (panics when the checklist has none).
pub fn checklist_item<'a>(signal: &'a Signal, id: &str) -> &'a ReadinessItem {
    signal
        .review
        .checklist
        .iter()
        .find(|item| item.id == id)
        .unwrap_or_else(|| panic!("checklist has no {id}"))
}

/// A deleted author is GitHub's `ghost` placeholder: low trust, a "Deleted Account" badge, a
/// summary that says so, and never `new_contributor`.
pub fn assert_ghost_author_with_low_trust(signal: &Signal) {
    let ghost = &signal.contributors[0];
    assert_eq!(ghost.login, "ghost");
    assert_eq!(ghost.trust_level, TrustLevel::Low);
    assert!(ghost.badges.contains(&"Deleted Account".to_string()));
    assert!(ghost.summary.contains("deleted"), "{}", ghost.summary);
    assert!(!driver_ids(signal).contains(&"new_contributor"));
}
