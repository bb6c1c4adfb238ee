//! Template injection: a `${{ … }}` expression an outsider can fill, expanded inside code the
//! runner executes — a `run:` script, or an input that an action evaluates as code
//! (`actions/github-script`'s `script`, `azure/cli`'s `inlineScript`, `mikefarah/yq`'s `cmd`, …).
//!
//! Severity follows what the expression can carry ([`super::workflow_expressions::taint`]):
//! arbitrary text is high (medium when only people with write access can trigger the
//! workflow: push, release, schedule, manual runs), structured values (URLs, e-mail addresses)
//! medium; `env.X` set from such a field counts as that field, from another expression low;
//! `inputs.X` medium unless declared `boolean`, `number` or `choice`; a `matrix.X` built from an
//! expression medium; the text of a field only a push defines (`head_commit.message`) medium
//! whatever the other triggers. Fixed values (ids, numbers, SHAs, booleans), URLs GitHub builds
//! itself (`pull_request.html_url`, a push's `compare`), a whole object named alone (it expands
//! to `Object`), static `env`/`matrix` values, step outputs and secrets are not findings
//! ([`super::workflow_expressions`]).
//!
//! Sources (read 2026-12-06): zizmor `template-injection` (zizmorcore/zizmor, its severities and
//! the action sinks it adds to CodeQL's); GitHub CodeQL `actions/code-injection/critical|medium`
//! and its injection-sink models; GitHub Security Lab, "Untrusted input" (2021).

use std::collections::BTreeMap;

use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::workflow_expressions::{expanded_references, push_only, taint, Taint};
use super::workflow_model::{Step, Workflow};
use super::workflow_yaml::Entry;

/// Actions whose inputs are evaluated as code, with those inputs (lower-case).
const CODE_INPUTS: &[(&str, &[&str])] = &[
    ("actions/github-script", &["script"]),
    ("azure/cli", &["inlinescript"]),
    ("azure/powershell", &["inlinescript"]),
    ("mikefarah/yq", &["cmd"]),
    ("amadevus/pwsh-script", &["script"]),
    ("jannekem/run-python-script-action", &["script"]),
    ("cardinalby/js-eval-action", &["expression"]),
    ("addnab/docker-run-action", &["options", "run"]),
];

/// Input types whose values are fixed in shape.
const FIXED_INPUT_TYPES: &[&str] = &["boolean", "number", "choice"];

/// What an `env` variable was set from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    Static,
    Expression,
    Structured,
    Attacker,
}

fn source_of(value: &str) -> Source {
    if !value.contains("${{") {
        return Source::Static;
    }
    expanded_references(value)
        .iter()
        .map(|name| match taint(name) {
            Some(Taint::Attacker) => Source::Attacker,
            Some(Taint::Structured) => Source::Structured,
            None => Source::Expression,
        })
        .max()
        .unwrap_or(Source::Expression)
}

/// Every `env:` variable of the file (lower-case name) with the worst source among its
/// definitions and whether one of them was added.
fn env_sources(entries: &[Entry]) -> BTreeMap<String, (Source, bool)> {
    let mut env: BTreeMap<String, (Source, bool)> = BTreeMap::new();
    for entry in entries.iter().filter(|entry| entry.parent(1) == "env") {
        let slot = env
            .entry(entry.key().to_ascii_lowercase())
            .or_insert((Source::Static, false));
        slot.0 = slot.0.max(source_of(&entry.value));
        slot.1 |= entry.added && source_of(&entry.value) > Source::Static;
    }
    env
}

/// The code-carrying entries of a step: its `run:` lines and its actions' code inputs.
fn sinks<'a>(step: &Step<'a>) -> Vec<&'a Entry> {
    let mut found: Vec<&Entry> = step.scripts().collect();
    match step.action() {
        Some(action) => {
            if let Some((_, inputs)) = CODE_INPUTS
                .iter()
                .find(|(name, _)| action == *name || action.starts_with(&format!("{name}/")))
            {
                found.extend(inputs.iter().filter_map(|input| step.input(input)));
            }
        }
        // A hunk that shows the step's inputs without its `uses:`: `script:` is the common case.
        None => found.extend(step.input("script")),
    }
    found
}

pub(crate) fn findings(workflow: &Workflow, path: &str) -> Vec<Finding> {
    let entries = &workflow.entries;
    let env = env_sources(entries);
    let maintainer_only = workflow.maintainer_only();
    let dynamic_matrix = |name: &str| {
        entries.iter().any(|entry| {
            let in_matrix = entry.path.iter().any(|key| key == "matrix");
            in_matrix
                && entry.value.contains("${{")
                && (entry.key() == name || entry.key() == "matrix" || entry.key() == "include")
        })
    };
    let fixed_input = |name: &str| {
        entries.iter().any(|entry| {
            entry.key() == "type"
                && entry.parent(1) == name
                && entry.parent(2) == "inputs"
                && FIXED_INPUT_TYPES.contains(&entry.value.trim())
        })
    };
    let attacker = if maintainer_only {
        Severity::Medium
    } else {
        Severity::High
    };
    let mut sink_entries: Vec<&Entry> = workflow.steps().iter().flat_map(sinks).collect();
    // Scripts outside any step (a hunk that starts inside a `run: |` block).
    sink_entries.extend(
        entries
            .iter()
            .filter(|entry| entry.step.is_none() && matches!(entry.key(), "run" | "script")),
    );
    let mut found = Vec::new();
    for entry in sink_entries {
        for name in expanded_references(&entry.value) {
            let (severity, shown, env_added) = if let Some(variable) = name.strip_prefix("env.") {
                let Some((source, added)) = env.get(variable) else {
                    continue;
                };
                let severity = match source {
                    Source::Static => continue,
                    Source::Expression => Severity::Low,
                    Source::Structured => Severity::Medium,
                    Source::Attacker => attacker,
                };
                let from = if *source == Source::Expression {
                    "an expression"
                } else {
                    "an event field"
                };
                let shown = format!(
                    "${{{{ env.{} }}}} (set from {from})",
                    variable.to_ascii_uppercase()
                );
                (severity, shown, *added)
            } else if let Some(input) = name.strip_prefix("inputs.") {
                if fixed_input(input) {
                    continue;
                }
                (Severity::Medium, format!("${{{{ {name} }}}}"), false)
            } else if let Some(key) = name.strip_prefix("matrix.") {
                if !dynamic_matrix(key) {
                    continue;
                }
                (Severity::Medium, format!("${{{{ {name} }}}}"), false)
            } else {
                let severity = match taint(&name) {
                    // Only a push defines it, and only people with write access push.
                    Some(Taint::Attacker) if push_only(&name) => Severity::Medium,
                    Some(Taint::Attacker) => attacker,
                    Some(Taint::Structured) => Severity::Medium,
                    None => continue,
                };
                (severity, format!("${{{{ {name} }}}}"), false)
            };
            if entry.added || env_added {
                found.push(finding(
                    FindingKind::WorkflowScriptInjection,
                    path,
                    format!(
                        "expands {shown} inside a script; pass it through env: and quote \"$VAR\" instead"
                    ),
                    severity,
                ));
            }
        }
    }
    found
}
