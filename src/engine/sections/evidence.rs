//! `evidence`: what CI says about the head commit, and why it says nothing when it is silent.
//!
//! **What it does.** Classifies every check run and commit status by name into six signals —
//! `tests_passing`, `lint_passing`, `security_scan_clean` (CodeQL, Snyk, Trivy…),
//! `coverage_maintained` (Codecov, Coveralls…), `build_successful`, and `ci_passing` (fed by
//! every check) — each `passing`, `failing`, `pending` or `missing`. Completeness is the credit
//! of the six states ÷ 6 (passing 1, failing 0.6, pending 0.3, missing 0; table in `settings`,
//! calibrated so one failing signal gives the reference product's 10%).
//!
//! **Why it matters.** "No failing checks" means nothing when nothing ran. The note tells the
//! reviewer why evidence is absent: workflows awaiting maintainer approval (GitHub holds
//! workflows of first-time contributors from forks until approved), still running, not fetched,
//! or no CI configured (GitHub docs "Approving workflow runs from public forks"; docs/sources.md,
//! "Evidence").
//!
//! **Conclusions.** success/neutral → passing; skipped → listed but not counted; failure,
//! timed_out, startup_failure, cancelled → failing; action_required → pending (awaiting
//! approval); stale → not counted; queued/in_progress/waiting/requested → pending. Statuses:
//! success → passing; failure/error → failing; pending → pending.

use crate::bundle::Bundle;
use crate::engine::context::Context;
use crate::engine::sections::contributors::is_first_time;
use crate::settings::section_tables::{
    EVIDENCE_CREDIT_FAILING, EVIDENCE_CREDIT_PASSING, EVIDENCE_CREDIT_PENDING,
};
use crate::signal::{CheckSummary, Evidence, EvidenceSignal, EvidenceSignals, SignalState};

/// The five classified signals and the name keywords that feed them. A keyword matches a
/// whole word of the check name or its beginning ("lint" matches "linter"). Sources: OpenSSF
/// Scorecard CI-Tests check names, common GitHub Actions job names.
const CLASSES: [(EvidenceSignal, &[&str]); 5] = [
    (
        EvidenceSignal::TestsPassing,
        &[
            "test",
            "tests",
            "testing",
            "pytest",
            "unittest",
            "jest",
            "vitest",
            "mocha",
            "karma",
            "spec",
            "specs",
            "rspec",
            "tox",
            "nox",
            "junit",
            "e2e",
            "cypress",
            "playwright",
            "integration",
            "unit",
            "ctest",
            "phpunit",
        ],
    ),
    (
        EvidenceSignal::LintPassing,
        &[
            "lint",
            "eslint",
            "clippy",
            "flake8",
            "ruff",
            "pylint",
            "mypy",
            "pyright",
            "rubocop",
            "prettier",
            "fmt",
            "rustfmt",
            "format",
            "formatting",
            "style",
            "black",
            "isort",
            "precommit",
            "golangci",
            "checkstyle",
            "spotless",
            "typecheck",
            "types",
            "stylelint",
            "shellcheck",
            "hadolint",
            "markdownlint",
            "sonarcloud",
            "sonarqube",
            "quality",
            "danger",
        ],
    ),
    (
        EvidenceSignal::SecurityScanClean,
        &[
            "codeql",
            "snyk",
            "trivy",
            "security",
            "sast",
            "semgrep",
            "gitleaks",
            "secret",
            "secrets",
            "scorecard",
            "scorecards",
            "osv",
            "audit",
            "bandit",
            "grype",
            "dependency",
            "vulnerability",
            "vulnerabilities",
            "socket",
            "gosec",
            "brakeman",
            "zizmor",
        ],
    ),
    (
        EvidenceSignal::CoverageMaintained,
        &["coverage", "codecov", "coveralls", "codacy", "cov"],
    ),
    (
        EvidenceSignal::BuildSuccessful,
        &[
            "build",
            "builds",
            "compile",
            "compilation",
            "package",
            "packaging",
            "docker",
            "make",
            "cmake",
            "gradle",
            "maven",
            "mvn",
            "bazel",
            "webpack",
            "wheel",
            "wheels",
            "dist",
            "bundle",
            "msbuild",
            "xcodebuild",
            "assemble",
        ],
    ),
];

/// One piece of CI evidence, normalised from a check run or a status.
struct Observation {
    name: String,
    state: SignalState,
    /// False for skipped/stale runs: shown, but not evidence.
    counts: bool,
    raw: String,
    awaiting_approval: bool,
}

pub fn assess(context: &Context) -> Evidence {
    let bundle = context.bundle;
    let observations = observe(bundle);
    let mut checks = Vec::new();
    let mut per_signal: Vec<(EvidenceSignal, Vec<SignalState>)> = CLASSES
        .iter()
        .map(|(signal, _)| (*signal, Vec::new()))
        .collect();
    let mut ci = Vec::new();
    for observation in &observations {
        let mut feeds = Vec::new();
        if observation.counts {
            let words = words(&observation.name);
            for ((signal, keywords), states) in CLASSES.iter().zip(per_signal.iter_mut()) {
                if matches_class(&words, keywords) {
                    feeds.push(signal.key().to_string());
                    states.1.push(observation.state);
                }
            }
            feeds.push(EvidenceSignal::CiPassing.key().to_string());
            ci.push(observation.state);
        }
        checks.push(CheckSummary {
            name: observation.name.clone(),
            feeds,
            state: observation.state,
            conclusion: observation.raw.clone(),
        });
    }
    let state_of = |signal: EvidenceSignal| {
        per_signal
            .iter()
            .find(|(name, _)| *name == signal)
            .map_or(SignalState::Missing, |(_, states)| combine(states))
    };
    let signals = EvidenceSignals::from_fn(|signal| match signal {
        EvidenceSignal::CiPassing => combine(&ci),
        signal => state_of(signal),
    });
    let credit: f64 = signals.entries().map(|(_, state)| credit(state)).sum();
    let completeness = (credit / EvidenceSignal::ALL.len() as f64 * 1000.0).round() / 1000.0;
    Evidence {
        completeness,
        note: note(context, &observations, &signals),
        signals,
        checks,
    }
}

/// Every check run and status of the head commit, in bundle order.
fn observe(bundle: &Bundle) -> Vec<Observation> {
    let mut observations = Vec::new();
    for run in bundle.check_runs.iter().flatten() {
        let status = run.status.to_ascii_lowercase();
        let conclusion = run.conclusion.as_deref().map(str::to_ascii_lowercase);
        let (state, counts) = match (status.as_str(), conclusion.as_deref()) {
            (_, Some("success" | "neutral")) => (SignalState::Passing, true),
            (_, Some("skipped")) => (SignalState::Passing, false),
            (_, Some("failure" | "timed_out" | "startup_failure" | "cancelled")) => {
                (SignalState::Failing, true)
            }
            (_, Some("action_required")) => (SignalState::Pending, true),
            (_, Some("stale")) => (SignalState::Missing, false),
            ("completed", _) => (SignalState::Missing, false),
            _ => (SignalState::Pending, true),
        };
        observations.push(Observation {
            name: run.name.clone(),
            state,
            counts,
            raw: conclusion.clone().unwrap_or(status),
            awaiting_approval: conclusion.as_deref() == Some("action_required"),
        });
    }
    for status in bundle.status.iter().flat_map(|combined| &combined.statuses) {
        let raw = status.state.to_ascii_lowercase();
        let state = match raw.as_str() {
            "success" => SignalState::Passing,
            "failure" | "error" => SignalState::Failing,
            _ => SignalState::Pending,
        };
        observations.push(Observation {
            name: status.context.clone(),
            state,
            counts: true,
            raw,
            awaiting_approval: false,
        });
    }
    observations
}

/// Lower-case words of a check name; "continuous-integration/travis-ci" is a generic CI
/// context, not an integration-test job, so that phrase is dropped.
fn words(name: &str) -> Vec<String> {
    let lower = name
        .to_ascii_lowercase()
        .replace("continuous-integration", " ")
        .replace("continuous integration", " ")
        .replace("pre-commit", "precommit");
    lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect()
}

fn matches_class(words: &[String], keywords: &[&str]) -> bool {
    words.iter().any(|word| {
        keywords
            .iter()
            .any(|keyword| word == keyword || (keyword.len() >= 4 && word.starts_with(keyword)))
    })
}

/// Failing wins, then pending, then passing; nothing is missing.
fn combine(states: &[SignalState]) -> SignalState {
    if states.contains(&SignalState::Failing) {
        SignalState::Failing
    } else if states.contains(&SignalState::Pending) {
        SignalState::Pending
    } else if states.contains(&SignalState::Passing) {
        SignalState::Passing
    } else {
        SignalState::Missing
    }
}

fn credit(state: SignalState) -> f64 {
    match state {
        SignalState::Passing => EVIDENCE_CREDIT_PASSING,
        SignalState::Failing => EVIDENCE_CREDIT_FAILING,
        SignalState::Pending => EVIDENCE_CREDIT_PENDING,
        SignalState::Missing => 0.0,
    }
}

/// True when the PR author is contributing here for the first time (association or history).
fn first_time_author(context: &Context) -> bool {
    let pull = &context.bundle.pull;
    let history = pull.author.as_ref().and_then(|login| {
        context
            .bundle
            .history
            .as_ref()
            .and_then(|history| history.get(login))
    });
    is_first_time(pull.author_association.as_deref())
        || history.is_some_and(|history| history.prs == 0)
}

fn names(observations: &[&Observation]) -> String {
    let mut names: Vec<&str> = observations.iter().map(|o| o.name.as_str()).collect();
    names.dedup();
    let shown: Vec<&str> = names.iter().take(5).copied().collect();
    let more = names.len().saturating_sub(shown.len());
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

fn note(context: &Context, observations: &[Observation], signals: &EvidenceSignals) -> String {
    let bundle = context.bundle;
    if bundle.check_runs.is_none() && bundle.status.is_none() {
        return "Checks were not fetched: evidence is unknown, not absent.".into();
    }
    let counted: Vec<&Observation> = observations.iter().filter(|o| o.counts).collect();
    let mut sentences = Vec::new();
    let awaiting: Vec<&Observation> = counted
        .iter()
        .copied()
        .filter(|o| o.awaiting_approval)
        .collect();
    if !awaiting.is_empty() {
        sentences.push(format!(
            "{} workflow run(s) await maintainer approval ({}): GitHub holds workflows from first-time contributors until a maintainer approves them, so evidence is missing rather than failing.",
            awaiting.len(),
            names(&awaiting)
        ));
    } else if counted.is_empty() {
        if first_time_author(context) {
            sentences.push(
                "No checks have run: workflows likely awaiting maintainer approval for a first-time contributor.".into(),
            );
        } else if context.bundle.pull.draft {
            sentences.push(
                "No checks have reported for the head commit: CI may be skipped for drafts or not configured.".into(),
            );
        } else {
            sentences.push(
                "No checks or statuses reported for the head commit: CI may not be configured for this repository.".into(),
            );
        }
    }
    let failing: Vec<&Observation> = counted
        .iter()
        .copied()
        .filter(|o| o.state == SignalState::Failing)
        .collect();
    if !failing.is_empty() {
        sentences.push(format!(
            "{} check(s) failing: {}.",
            failing.len(),
            names(&failing)
        ));
    }
    let running: Vec<&Observation> = counted
        .iter()
        .copied()
        .filter(|o| o.state == SignalState::Pending && !o.awaiting_approval)
        .collect();
    if !running.is_empty() {
        sentences.push(format!(
            "{} check(s) still running: {}; analyse again when they finish.",
            running.len(),
            names(&running)
        ));
    }
    if !counted.is_empty() && failing.is_empty() && running.is_empty() && awaiting.is_empty() {
        sentences.push(format!("All {} counted check(s) passed.", counted.len()));
    }
    // CI is the sum of every check, so it is never "missing" on its own account.
    let missing: Vec<&str> = signals
        .entries()
        .filter(|(signal, state)| {
            *signal != EvidenceSignal::CiPassing && *state == SignalState::Missing
        })
        .map(|(signal, _)| signal.key())
        .collect();
    if !counted.is_empty() && !missing.is_empty() && awaiting.is_empty() {
        sentences.push(format!(
            "No check reports {} (classified by check name).",
            missing.join(", ")
        ));
    }
    if bundle.check_runs.is_none() {
        sentences.push("Check runs were not fetched (only commit statuses).".into());
    } else if bundle.status.is_none() {
        sentences.push("Commit statuses were not fetched (only check runs).".into());
    }
    sentences.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_are_classified_by_whole_words() {
        let classes = |name: &str| -> Vec<&str> {
            CLASSES
                .iter()
                .filter(|(_, keywords)| matches_class(&words(name), keywords))
                .map(|(signal, _)| signal.key())
                .collect()
        };
        assert_eq!(
            classes("build-and-test (3.12)"),
            ["tests_passing", "build_successful"]
        );
        assert_eq!(classes("Octocoders-linter"), ["lint_passing"]);
        assert_eq!(classes("codecov/patch"), ["coverage_maintained"]);
        assert_eq!(classes("Analyze (python) CodeQL"), ["security_scan_clean"]);
        assert!(classes("continuous-integration/travis-ci/pr").is_empty());
        assert!(classes("latest release notes").is_empty());
    }
}
