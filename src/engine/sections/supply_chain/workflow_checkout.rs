//! Untrusted checkout ("pwn request") and dangerous triggers.
//!
//! What it detects:
//! - a trigger that runs with the base repository's secrets and a write token on an
//!   outsider's event — `pull_request_target`, `issue_comment`, `workflow_run` — together with
//!   code from the PR: `actions/checkout` with a PR-controlled `ref:`/`repository:` (the PR head,
//!   its merge commit, `refs/pull/…`, a `workflow_run` head, or under `issue_comment` a ref
//!   resolved by an earlier step), a script that fetches it (`gh pr checkout`, `git fetch …
//!   pull/…`, a `git` command naming the head branch), or an artifact of the PR's run downloaded
//!   under `workflow_run` and then built or executed — critical; high when a condition limits the
//!   workflow to maintainers (`author_association`, `github.actor`, a label gate): the PR's code
//!   still runs with secrets once they let it;
//! - the same checkout where the trigger is outside the diff — medium (critical if the trigger
//!   is one of the three); where the workflow's triggers are in view and none is privileged
//!   (`pull_request`: a fork's PR gets a read-only token and no secrets), it is not a finding;
//! - a new `pull_request_target` or `workflow_run` trigger without such a checkout — medium:
//!   the trigger runs with secrets for events outsiders fire and is "almost always used
//!   insecurely" (zizmor); a workflow whose only step is `actions/labeler` is exempt.
//!
//! Sources (read 2026-12-06): GitHub Security Lab, "Keeping your GitHub Actions and workflows
//! secure Part 1: Preventing pwn requests" (2021) and Part 4 (artifacts and `workflow_run`);
//! GitHub CodeQL `actions/untrusted-checkout/critical|high|medium` and
//! `actions/artifact-poisoning`; zizmor `dangerous-triggers` (with its `actions/labeler`
//! exception); OpenSSF Scorecard Dangerous-Workflow.

use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::workflow_expressions::{references, PR_HEAD_REFS};
use super::workflow_model::{Step, Workflow};
use super::workflow_yaml::Entry;

/// Triggers that run with the base repository's secrets on an outsider's event.
const PRIVILEGED_TRIGGERS: &[&str] = &["pull_request_target", "workflow_run", "issue_comment"];

/// Triggers zizmor's `dangerous-triggers` names on their own.
const DANGEROUS_TRIGGERS: &[&str] = &["pull_request_target", "workflow_run"];

/// Commands in a script that fetch the PR head by hand.
const HEAD_FETCH_COMMANDS: &[&str] = &["gh pr checkout", "git fetch origin pull/", "refs/pull/"];

/// Git commands that bring code in (a script naming the PR head with one of them fetches it).
const GIT_FETCHES: &[&str] = &[
    "git fetch",
    "git checkout",
    "git clone",
    "git pull",
    "git switch",
];

/// Ways an artifact of another run is downloaded.
const ARTIFACT_ACTIONS: &[&str] = &[
    "actions/download-artifact",
    "dawidd6/action-download-artifact",
];
const ARTIFACT_COMMANDS: &[&str] = &["gh run download", "downloadartifact"];

/// Programs that build, install or execute what is in the work tree (the first word of a
/// command; `./anything` too).
pub(crate) const EXECUTES: &[&str] = &[
    "npm", "npx", "yarn", "pnpm", "pip", "pip3", "make", "bash", "sh", "zsh", "python", "python3",
    "node", "cargo", "go", "mvn", "gradle", "dotnet", "docker", "source", ".", "chmod", "bundle",
    "composer", "ruby", "perl", "php", "deno", "bun",
];

/// Whether a script runs code: a command (split at newlines, `;`, `&&`, `||`, `|`) whose first
/// word is one of [`EXECUTES`] or a path starting `./`. `cat ./file` reads; `./file` runs.
pub(crate) fn runs_code(script: &str) -> bool {
    script
        .split(['\n', ';', '&', '|'])
        .filter_map(|command| command.split_whitespace().next())
        .any(|program| {
            let program = program.trim_start_matches(['(', '$']);
            program.starts_with("./") || EXECUTES.contains(&program)
        })
}

/// Conditions that keep a workflow to maintainers (a member's comment, an actor, a label only
/// maintainers can set).
const GATES: &[&str] = &[
    "author_association",
    "github.actor",
    "github.triggering_actor",
    "labels.*.name",
    "github.event.label.name",
    "permission",
];

fn names_head(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    references(text)
        .iter()
        .chain(std::iter::once(&lower))
        .any(|reference| PR_HEAD_REFS.iter().any(|head| reference.contains(head)))
}

fn shown(entry: &Entry) -> String {
    crate::text::clip(&format!("{}: {}", entry.key(), entry.value), 100)
}

/// The entry of a step that brings the PR's code in, if any.
fn pr_code<'a>(step: &Step<'a>, trigger: Option<&str>) -> Option<&'a Entry> {
    let checkout = step
        .action()
        .is_none_or(|action| action == "actions/checkout");
    if checkout {
        // `ref:`/`repository:` are the checkout's inputs; a hunk may show them without `with:`.
        for entry in step.entries.iter().copied() {
            let input = entry.key();
            if !matches!(input, "ref" | "repository") {
                continue;
            }
            let resolved = trigger == Some("issue_comment")
                && input == "ref"
                && references(&entry.value)
                    .iter()
                    .any(|name| name.starts_with("steps.") || name.starts_with("needs."));
            if names_head(&entry.value) || resolved {
                return Some(entry);
            }
        }
    }
    step.scripts().find(|entry| {
        let lower = entry.value.to_ascii_lowercase();
        HEAD_FETCH_COMMANDS
            .iter()
            .any(|command| lower.contains(command))
            || (GIT_FETCHES.iter().any(|command| lower.contains(command))
                && names_head(&entry.value))
    })
}

fn downloads_artifact(step: &Step) -> Option<String> {
    if let Some(action) = step.action() {
        if ARTIFACT_ACTIONS.contains(&action.as_str()) {
            return Some(action);
        }
    }
    let code = step
        .scripts()
        .chain(step.input("script"))
        .map(|entry| entry.value.to_ascii_lowercase())
        .find(|text| {
            ARTIFACT_COMMANDS
                .iter()
                .any(|command| text.contains(command))
        })?;
    Some(crate::text::clip(code.trim(), 60))
}

fn executes(step: &Step) -> Option<String> {
    step.scripts()
        .find(|entry| runs_code(&entry.value.to_ascii_lowercase()))
        .map(shown)
}

/// The first way the PR's code gets into a workflow run: `(what, added?)`.
fn untrusted_code(workflow: &Workflow, trigger: Option<&str>) -> Option<(String, bool)> {
    let steps = workflow.steps();
    for step in &steps {
        if let Some(entry) = pr_code(step, trigger) {
            return Some((
                format!("checks out the PR head ({})", shown(entry)),
                entry.added,
            ));
        }
    }
    // Outside steps (a hunk that starts inside a `with:` or a script).
    for entry in workflow.entries.iter().filter(|entry| entry.step.is_none()) {
        let fetches = matches!(entry.key(), "ref" | "repository") && names_head(&entry.value)
            || entry.key() == "run"
                && HEAD_FETCH_COMMANDS
                    .iter()
                    .any(|command| entry.value.to_ascii_lowercase().contains(command));
        if fetches {
            return Some((
                format!("checks out the PR head ({})", shown(entry)),
                entry.added,
            ));
        }
    }
    if trigger == Some("workflow_run") {
        let download = steps
            .iter()
            .position(|step| downloads_artifact(step).is_some())?;
        let downloaded = steps.get(download).and_then(downloads_artifact)?;
        let run = steps
            .iter()
            .skip(download + 1)
            .find_map(|step| executes(step).map(|shown| (shown, step.added())))?;
        let added = run.1 || steps.get(download).is_some_and(Step::added);
        return Some((
            format!(
                "downloads an artifact of the triggering run ({downloaded}) and then runs {}",
                run.0
            ),
            added,
        ));
    }
    None
}

fn gated(workflow: &Workflow) -> bool {
    workflow.entries.iter().any(|entry| {
        entry.key() == "if" && {
            let lower = entry.value.to_ascii_lowercase();
            GATES.iter().any(|gate| lower.contains(gate))
        }
    })
}

fn labeler_only(workflow: &Workflow) -> bool {
    let steps = workflow.steps();
    workflow.whole()
        && steps.len() == 1
        && steps
            .first()
            .and_then(Step::action)
            .is_some_and(|action| action == "actions/labeler")
}

pub(crate) fn findings(workflow: &Workflow, path: &str) -> Vec<Finding> {
    let privileged = workflow.trigger_among(PRIVILEGED_TRIGGERS);
    let triggers_known = !workflow.triggers().is_empty();
    let code = untrusted_code(workflow, privileged.as_ref().map(|(name, _)| name.as_str()));
    match (&privileged, code) {
        (Some((trigger, trigger_added)), Some((what, code_added)))
            if *trigger_added || code_added =>
        {
            let (severity, note) = if gated(workflow) {
                (
                    Severity::High,
                    "a condition limits it to maintainers, but the PR's code then runs with secrets",
                )
            } else {
                (
                    Severity::Critical,
                    "untrusted code runs with secrets and a write token",
                )
            };
            return vec![finding(
                FindingKind::WorkflowPrTargetCheckout,
                path,
                format!("{trigger} workflow {what}: {note}"),
                severity,
            )];
        }
        (None, Some((what, true))) if !triggers_known => {
            return vec![finding(
                FindingKind::WorkflowPrHeadCheckout,
                path,
                format!("{what}; critical if the workflow runs on pull_request_target, issue_comment or workflow_run (its trigger is outside this diff)"),
                Severity::Medium,
            )];
        }
        _ => {}
    }
    match workflow.trigger_among(DANGEROUS_TRIGGERS) {
        Some((trigger, true)) if !labeler_only(workflow) => vec![finding(
            FindingKind::WorkflowDangerousTrigger,
            path,
            format!("runs on {trigger}: with the base repository's secrets and a write token, for events outsiders can fire; never run the PR's code in it"),
            Severity::Medium,
        )],
        _ => Vec::new(),
    }
}
