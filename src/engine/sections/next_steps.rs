//! `next_steps`: what to raise with the author — concerns to address and questions to ask.
//!
//! **What it does.** Concerns: "Consider breaking into smaller PRs" above the large-diff
//! threshold, one "Critical file: …" per critical focus file, serious risk drivers
//! (dangerous workflow, install scripts, sensitive paths, failing checks, lockfile drift,
//! binaries), every supply-chain finding once, under its kind's name (not one a driver's line
//! already gave), merge conflicts, changes requested and stale
//! approvals. Questions: one per essential evidence signal that is missing ("Why is ci_passing
//! missing? Consider adding this check."), or one about approving held workflows; one per box
//! the author left unticked; source without tests; no description. A claim of the description
//! that the diff contradicts or does not show is a concern ("The description says tests were
//! added; no test file changed").
//!
//! **Why it matters.** The panel ends with what to do, in the reviewer's words; the reference
//! product's next steps for transformers#43774 are reproduced exactly (docs/sources.md, "The
//! reference product").

use crate::engine::context::Context;
use crate::settings::section_tables::ESSENTIAL_EVIDENCE;
use crate::signal::{FindingKind, NextSteps, Priority, Signal, SignalState};

/// Unticked items asked about one by one; long lists get a count for the rest.
const MAX_CRITERIA_QUESTIONS: usize = 5;
/// Claims the diff does not bear out, raised one by one; the rest are counted.
const MAX_CLAIM_CONCERNS: usize = 5;

/// Drivers that deserve their own concern line (their detail explains them).
const CONCERN_DRIVERS: [&str; 7] = [
    "dangerous_workflow",
    "install_script",
    "sensitive_paths",
    "failing_checks",
    "lockfile_drift",
    "binary_files",
    "build_script_change",
];

pub fn assess(context: &Context, signal: &Signal) -> NextSteps {
    let mut concerns = Vec::new();
    let mut questions = Vec::new();

    if signal.triage.counted_lines > context.settings.thresholds.large_diff_lines {
        concerns.push(format!(
            "Consider breaking into smaller PRs ({} counted lines; reviews lose effectiveness beyond {})",
            signal.triage.counted_lines, context.settings.thresholds.large_diff_lines
        ));
    }
    for driver in &signal.risk.drivers {
        if CONCERN_DRIVERS.contains(&driver.id.as_str()) {
            // Details often already start with the label's word ("Failing: …").
            let first_word = driver.label.split_whitespace().next().unwrap_or("");
            let repeats = driver
                .detail
                .to_ascii_lowercase()
                .starts_with(&first_word.to_ascii_lowercase());
            concerns.push(if repeats {
                driver.detail.clone()
            } else {
                format!("{}: {}", driver.label, driver.detail)
            });
        }
    }
    // Each finding once, under its own name (a secret or hidden text in code is not "supply
    // chain"); one a driver's line already names is not repeated; script marks are shown in
    // their section and weigh nothing.
    for finding in &signal.supply_chain.findings {
        let said = format!("{}: {}", finding.path, finding.detail);
        if finding.id == FindingKind::ScriptMarks || concerns.iter().any(|c| c.contains(&said)) {
            continue;
        }
        let label = finding.id.label();
        let mut name = label.get(..1).unwrap_or("").to_uppercase();
        name.push_str(label.get(1..).unwrap_or(""));
        concerns.push(format!(
            "{name} ({}) in {}: {}",
            finding.severity.key(),
            finding.path,
            finding.detail
        ));
    }
    for file in signal
        .focus
        .iter()
        .filter(|f| f.priority == Priority::Critical)
    {
        concerns.push(format!(
            "Critical file: {} ({})",
            file.path,
            file.reasons.join("; ")
        ));
    }
    for item in &signal.review.checklist {
        let raise = match item.id.as_str() {
            "mergeable" => item.label.contains("conflicts") && signal.pr.state == "open",
            "approval" => {
                item.label.starts_with("Changes requested")
                    || item.label.starts_with("Approval is stale")
            }
            _ => false,
        };
        if raise {
            concerns.push(item.label.clone());
        }
    }

    let raised: Vec<&crate::signal::Claim> = signal
        .intent
        .claims
        .iter()
        .filter(|claim| claim.raised())
        .collect();
    for claim in raised.iter().take(MAX_CLAIM_CONCERNS) {
        concerns.push(crate::engine::sections::intent::concern(claim));
    }
    if raised.len() > MAX_CLAIM_CONCERNS {
        concerns.push(format!(
            "{} more claims of the description are not borne out by the diff (Intent).",
            raised.len() - MAX_CLAIM_CONCERNS
        ));
    }

    evidence_questions(context, signal, &mut questions);
    let unchecked = &signal.intent.unticked;
    for text in unchecked.iter().take(MAX_CRITERIA_QUESTIONS) {
        questions.push(format!(
            "Is \"{text}\" still planned? It is unchecked in the description."
        ));
    }
    if unchecked.len() > MAX_CRITERIA_QUESTIONS {
        questions.push(format!(
            "{} more items are unchecked in the description.",
            unchecked.len() - MAX_CRITERIA_QUESTIONS
        ));
    }
    for check in &signal.conventions {
        match (check.id.as_str(), check.ok) {
            ("tests_with_source", false) => {
                questions.push(format!("How is this change verified? {}.", check.detail))
            }
            ("description", false) => questions.push(
                "What does this PR change and why? The description is missing or too short.".into(),
            ),
            _ => {}
        }
    }
    NextSteps {
        concerns,
        questions,
    }
}

fn evidence_questions(context: &Context, signal: &Signal, questions: &mut Vec<String>) {
    let bundle = context.bundle;
    if bundle.check_runs.is_none() && bundle.status.is_none() {
        return;
    }
    let evidence = &signal.evidence;
    let awaiting = evidence
        .checks
        .iter()
        .any(|check| check.conclusion == "action_required");
    if awaiting || evidence.note.contains("awaiting maintainer approval") {
        questions.push(
            "Workflows are waiting for approval: approve them after reading the workflow changes, so CI evidence exists?".into(),
        );
        return;
    }
    for signal in ESSENTIAL_EVIDENCE {
        let state = evidence.signals.get(signal);
        if state == SignalState::Missing {
            questions.push(format!(
                "Why is {} missing? Consider adding this check.",
                signal.key()
            ));
        }
    }
}
