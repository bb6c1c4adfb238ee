//! Workflow dangers in changed GitHub Actions files: OpenSSF Scorecard's Dangerous-Workflow,
//! Pinned-Dependencies and Token-Permissions checks, applied to the lines this PR adds.
//!
//! What it detects:
//! - `pull_request_target` / `workflow_run` triggers together with a checkout of the PR head
//!   (`ref: ${{ github.event.pull_request.head.sha }}`, `merge_commit_sha`, `github.head_ref`,
//!   `gh pr checkout`, …) — critical:
//!   untrusted code runs with the base repository's secrets and write token ("pwn request").
//! - `${{ github.event.* }}` / `${{ github.head_ref }}` expanded inside a `run:` (or
//!   github-script `script:`) — script injection, in any syntax (`github.event['…']`,
//!   `toJSON(github.event)`, through an `env:` variable expanded as `${{ env.X }}`); high for
//!   attacker-controlled fields (titles, bodies, branch names, commit messages, whole event
//!   objects), medium for other event fields.
//! - new `secrets.NAME` uses and `secrets: inherit` — medium: a credential handed to new steps.
//! - `uses:` not pinned to a 40-hex commit SHA — a moved tag changes what runs; low for GitHub's
//!   own `actions/*` and `github/*`, medium for third parties. Local (`./`) actions and
//!   digest-pinned `docker://` images are pinned.
//! - new `permissions:` granting `write` — high for `contents`, `packages`, `actions`,
//!   `id-token` and `write-all`, medium for other scopes.
//!
//! The file is read through [`super::workflow_yaml`] (a YAML parser for whole files, a tolerant
//! reader for partial hunks), so quoting and flow style do not hide anything.
//!
//! Source: https://github.com/ossf/scorecard/blob/main/docs/checks.md (Dangerous-Workflow:
//! Critical; Token-Permissions: High; Pinned-Dependencies: Medium); GitHub Security Lab,
//! "Keeping your GitHub Actions and workflows secure" parts 1–2.

use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::view::FileView;
use super::workflow_expressions::{
    env_names, references, secret_names, taint, Taint, PR_HEAD_REFS,
};
use super::workflow_yaml::{entries, Entry};

/// Findings of one kind kept per file (a generated 10,000-line workflow stays readable).
const MAX_FINDINGS_PER_KIND: usize = 25;

/// Owners whose actions GitHub maintains.
const FIRST_PARTY_OWNERS: &[&str] = &["actions", "github"];

/// Permission scopes whose write access weighs most (Scorecard Token-Permissions).
const HEAVY_SCOPES: &[&str] = &["contents", "packages", "actions", "id-token"];

/// Triggers that run with the base repository's secrets on an outsider's event.
const PRIVILEGED_TRIGGERS: &[&str] = &["pull_request_target", "workflow_run"];

/// Keys whose value is a script the runner executes (`run:`, and actions/github-script's
/// `script:`).
const SCRIPT_KEYS: &[&str] = &["run", "script"];

/// Commands in a script that fetch the PR head by hand.
const HEAD_FETCH_COMMANDS: &[&str] = &["gh pr checkout", "git fetch origin pull/", "refs/pull/"];

fn is_workflow(view: &FileView) -> bool {
    let lower = view.lower_path();
    let yaml = lower.ends_with(".yml") || lower.ends_with(".yaml");
    let actions_dir =
        lower.starts_with(".github/workflows/") || lower.starts_with(".github/actions/");
    let root_action = lower == "action.yml" || lower == "action.yaml";
    yaml && (actions_dir || root_action)
}

pub fn findings(view: &FileView) -> Vec<Finding> {
    if !is_workflow(view) || view.file.patch.is_none() {
        return Vec::new();
    }
    let entries = entries(view.patch());
    let path = view.path();
    let mut found = Vec::new();
    found.extend(pr_target_checkout(&entries, path));
    for mut kind in [
        script_injection(&entries, path),
        unpinned_actions(&entries, path),
        write_permissions(&entries, path),
        secret_uses(&entries, path),
    ] {
        kind.truncate(MAX_FINDINGS_PER_KIND);
        found.extend(kind);
    }
    found
}

fn is_script(entry: &Entry) -> bool {
    SCRIPT_KEYS.contains(&entry.key())
}

/// The privileged trigger an entry declares: a key under `on:` (`pull_request_target:`) or a
/// value of `on:` (`on: pull_request_target`, `on: [push, workflow_run]`).
fn privileged_trigger(entry: &Entry) -> Option<&'static str> {
    let under_on = entry.path.iter().any(|key| key == "on") || entry.key() == "on";
    PRIVILEGED_TRIGGERS.iter().copied().find(|trigger| {
        entry.path.iter().any(|key| key == trigger)
            || (under_on && entry.value.split([',', ' ']).any(|word| word == *trigger))
    })
}

/// A checkout of the PR head: `ref:`/`repository:` naming it, or a script fetching it.
fn head_checkout(entry: &Entry) -> bool {
    let names_head = |text: &str| {
        let lower = text.to_ascii_lowercase();
        references(text)
            .iter()
            .chain(std::iter::once(&lower))
            .any(|reference| PR_HEAD_REFS.iter().any(|head| reference.contains(head)))
    };
    match entry.key() {
        "ref" | "repository" => names_head(&entry.value),
        key if SCRIPT_KEYS.contains(&key) => {
            let lower = entry.value.to_ascii_lowercase();
            HEAD_FETCH_COMMANDS
                .iter()
                .any(|command| lower.contains(command))
        }
        _ => false,
    }
}

fn shown(entry: &Entry) -> String {
    crate::text::clip(&format!("{}: {}", entry.key(), entry.value), 100)
}

fn pr_target_checkout(entries: &[Entry], path: &str) -> Vec<Finding> {
    let trigger = entries
        .iter()
        .find_map(|entry| privileged_trigger(entry).map(|trigger| (trigger, entry.added)));
    let checkout = entries.iter().find(|entry| head_checkout(entry));
    match (trigger, checkout) {
        (Some((trigger, trigger_added)), Some(entry)) if trigger_added || entry.added => {
            vec![finding(
                FindingKind::WorkflowPrTargetCheckout,
                path,
                format!("{trigger} workflow checks out the PR head ({}): untrusted code runs with secrets and a write token", shown(entry)),
                Severity::Critical,
            )]
        }
        (None, Some(entry)) if entry.added => vec![finding(
            FindingKind::WorkflowPrHeadCheckout,
            path,
            format!("checks out the PR head ({}); dangerous if the workflow runs on pull_request_target or workflow_run", shown(entry)),
            Severity::High,
        )],
        _ => Vec::new(),
    }
}

/// `env:` variables whose value expands an event field (`TITLE: ${{ github.event.issue.title }}`),
/// with the worst taint of each.
fn tainted_env(entries: &[Entry]) -> Vec<(String, Taint, bool)> {
    entries
        .iter()
        .filter(|entry| entry.parent(1) == "env")
        .filter_map(|entry| {
            let worst = references(&entry.value)
                .iter()
                .filter_map(|name| taint(name))
                .min_by_key(|taint| *taint != Taint::Attacker)?;
            Some((entry.key().to_ascii_lowercase(), worst, entry.added))
        })
        .collect()
}

fn script_injection(entries: &[Entry], path: &str) -> Vec<Finding> {
    let env = tainted_env(entries);
    let mut found = Vec::new();
    for entry in entries.iter().filter(|entry| is_script(entry)) {
        for name in references(&entry.value) {
            let Some(level) = taint(&name) else {
                continue;
            };
            if !entry.added {
                continue;
            }
            found.push(injection(path, &format!("${{{{ {name} }}}}"), level));
        }
        for name in env_names(&entry.value) {
            let Some((_, level, env_added)) = env.iter().find(|(var, ..)| *var == name) else {
                continue;
            };
            if entry.added || *env_added {
                found.push(injection(
                    path,
                    &format!(
                        "${{{{ env.{} }}}} (set from an event field)",
                        name.to_ascii_uppercase()
                    ),
                    *level,
                ));
            }
        }
    }
    found
}

fn injection(path: &str, expression: &str, level: Taint) -> Finding {
    finding(
        FindingKind::WorkflowScriptInjection,
        path,
        format!(
            "expands {expression} inside a script; pass it through env: and quote \"$VAR\" instead"
        ),
        match level {
            Taint::Attacker => Severity::High,
            Taint::Event => Severity::Medium,
        },
    )
}

fn unpinned_actions(entries: &[Entry], path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for entry in entries
        .iter()
        .filter(|entry| entry.added && entry.key() == "uses")
    {
        let reference = entry.value.trim();
        if reference.starts_with("./") || reference.is_empty() {
            continue;
        }
        if let Some(image) = reference.strip_prefix("docker://") {
            if !image.contains("@sha256:") {
                found.push(finding(
                    FindingKind::UnpinnedAction,
                    path,
                    format!("uses Docker image {image} without a digest"),
                    Severity::Medium,
                ));
            }
            continue;
        }
        let (action, version) = reference.split_once('@').unwrap_or((reference, ""));
        let pinned = version.len() == 40
            && version
                .chars()
                .all(|character| character.is_ascii_hexdigit());
        if pinned {
            continue;
        }
        let owner = action.split('/').next().unwrap_or("").to_ascii_lowercase();
        let first_party = FIRST_PARTY_OWNERS.contains(&owner.as_str());
        let shown = if version.is_empty() {
            "no version".to_string()
        } else {
            version.to_string()
        };
        found.push(finding(
            FindingKind::UnpinnedAction,
            path,
            format!("uses {action}@{shown}, not pinned to a commit SHA"),
            if first_party {
                Severity::Low
            } else {
                Severity::Medium
            },
        ));
    }
    found
}

fn write_permissions(entries: &[Entry], path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for entry in entries.iter().filter(|entry| entry.added) {
        let value = entry.value.trim();
        if entry.key() == "permissions" && value == "write-all" {
            found.push(finding(
                FindingKind::WorkflowWritePermissions,
                path,
                "grants permissions: write-all".into(),
                Severity::High,
            ));
            continue;
        }
        let scope = entry.key();
        if entry.parent(1) != "permissions" || value != "write" {
            continue;
        }
        let severity = if HEAVY_SCOPES.contains(&scope) {
            Severity::High
        } else {
            Severity::Medium
        };
        found.push(finding(
            FindingKind::WorkflowWritePermissions,
            path,
            format!("grants {scope}: write"),
            severity,
        ));
    }
    found
}

/// New uses of repository secrets (`secrets.NAME`, `secrets: inherit`): each hands a
/// credential to the steps of this workflow.
fn secret_uses(entries: &[Entry], path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for entry in entries.iter().filter(|entry| entry.added) {
        if entry.key() == "secrets" && entry.value.trim() == "inherit" {
            found.push(finding(
                FindingKind::WorkflowSecretUse,
                path,
                "passes every secret to a called workflow (secrets: inherit)".into(),
                Severity::Medium,
            ));
        }
        for name in secret_names(&entry.value) {
            found.push(finding(
                FindingKind::WorkflowSecretUse,
                path,
                format!(
                    "uses the secret {} ({})",
                    name.to_ascii_uppercase(),
                    entry.key()
                ),
                Severity::Medium,
            ));
        }
    }
    found
}

#[cfg(test)]
#[path = "workflow_variants_tests.rs"]
mod variants;

#[cfg(test)]
mod tests {
    use super::super::testing::changed;
    use super::*;
    use crate::engine::files::classify_file;

    fn run(path: &str, patch: &str) -> Vec<Finding> {
        let file = changed(path, "modified", patch);
        findings(&FileView::new(&file, &classify_file(&file)))
    }

    fn ids(found: &[Finding]) -> Vec<(FindingKind, Severity)> {
        found
            .iter()
            .map(|finding| (finding.id, finding.severity))
            .collect()
    }

    #[test]
    fn pull_request_target_with_head_checkout_is_critical() {
        let found = run(
            ".github/workflows/pr.yml",
            "@@ -1,10 +1,12 @@\n on:\n-  pull_request:\n+  pull_request_target:\n jobs:\n   build:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n         with:\n+          ref: ${{ github.event.pull_request.head.sha }}\n       - run: npm test",
        );
        assert_eq!(
            ids(&found),
            [(FindingKind::WorkflowPrTargetCheckout, Severity::Critical)]
        );
    }

    #[test]
    fn untrusted_expressions_in_run_blocks_are_injection() {
        let found = run(
            ".github/workflows/greet.yml",
            "@@ -5,4 +5,9 @@\n     steps:\n+      - run: echo \"${{ github.event.issue.title }}\"\n+      - name: multi\n+        run: |\n+          echo ${{ github.event.pull_request.number }}\n+          echo ${{ github.head_ref }}\n+      - with:\n+          title: ${{ github.event.issue.title }}",
        );
        assert_eq!(
            ids(&found),
            [
                (FindingKind::WorkflowScriptInjection, Severity::High),
                (FindingKind::WorkflowScriptInjection, Severity::Medium),
                (FindingKind::WorkflowScriptInjection, Severity::High)
            ]
        );
    }

    #[test]
    fn unpinned_uses_are_reported_by_owner_and_sha_pins_are_not() {
        let found = run(
            ".github/workflows/ci.yml",
            "@@ -15,7 +15,9 @@ jobs:\n       - uses: actions/checkout@v5\n-        uses: actions/setup-python@v5\n+        uses: actions/setup-python@v6\n+      - uses: someone/deploy-action@main\n+      - uses: actions/cache@0c45773b623bea8c8e75f6c82b208c3cf94ea4f9 # v4\n+      - uses: ./.github/actions/local\n+      - uses: docker://alpine:3.19",
        );
        assert_eq!(
            ids(&found),
            [
                (FindingKind::UnpinnedAction, Severity::Low),
                (FindingKind::UnpinnedAction, Severity::Medium),
                (FindingKind::UnpinnedAction, Severity::Medium)
            ]
        );
        assert!(found[0].detail.contains("actions/setup-python@v6"));
    }

    #[test]
    fn new_write_permissions_are_weighted_by_scope() {
        let found = run(
            ".github/workflows/release.yml",
            "@@ -1,3 +1,6 @@\n permissions:\n-  contents: read\n+  contents: write\n+  pull-requests: write\n+  checks: read",
        );
        assert_eq!(
            ids(&found),
            [
                (FindingKind::WorkflowWritePermissions, Severity::High),
                (FindingKind::WorkflowWritePermissions, Severity::Medium)
            ]
        );
        assert_eq!(
            ids(&run(
                ".github/workflows/a.yml",
                "@@ -1 +1 @@\n+permissions: write-all"
            )),
            [(FindingKind::WorkflowWritePermissions, Severity::High)]
        );
    }

    #[test]
    fn non_workflow_files_are_ignored() {
        assert!(run("docs/ci.yml", "@@ -1 +1 @@\n+  - uses: someone/x@main").is_empty());
        assert!(run(".gitlab-ci.yml", "@@ -1 +1 @@\n+  - uses: someone/x@main").is_empty());
    }
}
