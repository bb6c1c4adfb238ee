//! Workflow dangers in changed GitHub Actions files: OpenSSF Scorecard's Dangerous-Workflow,
//! Pinned-Dependencies and Token-Permissions checks, applied to the lines this PR adds.
//!
//! What it detects:
//! - `pull_request_target` / `workflow_run` triggers together with a checkout of the PR head
//!   (`ref: ${{ github.event.pull_request.head.sha }}`, `github.head_ref`, …) — critical:
//!   untrusted code runs with the base repository's secrets and write token ("pwn request").
//! - `${{ github.event.* }}` / `${{ github.head_ref }}` expanded inside a `run:` script — script
//!   injection; high for attacker-controlled fields (titles, bodies, branch names, commit
//!   messages), medium for other event fields.
//! - `uses:` not pinned to a 40-hex commit SHA — a moved tag changes what runs; low for GitHub's
//!   own `actions/*` and `github/*`, medium for third parties. Local (`./`) actions and
//!   digest-pinned `docker://` images are pinned.
//! - new `permissions:` granting `write` — high for `contents`, `packages`, `actions`,
//!   `id-token` and `write-all`, medium for other scopes.
//!
//! Source: https://github.com/ossf/scorecard/blob/main/docs/checks.md (Dangerous-Workflow:
//! Critical; Token-Permissions: High; Pinned-Dependencies: Medium); GitHub Security Lab,
//! "Keeping your GitHub Actions and workflows secure" parts 1–2.

use crate::bundle::ChangedFile;
use crate::engine::diff::{self, Patch};
use crate::engine::files::FileFacts;
use crate::signal::{Finding, FindingKind, Severity};

use super::model::{finding, indentation};

/// Event fields an outsider controls (GitHub Security Lab's list).
const UNTRUSTED_CONTEXTS: &[&str] = &[
    "github.event.issue.title",
    "github.event.issue.body",
    "github.event.pull_request.title",
    "github.event.pull_request.body",
    "github.event.pull_request.head.ref",
    "github.event.pull_request.head.label",
    "github.event.pull_request.head.repo.default_branch",
    "github.event.comment.body",
    "github.event.review.body",
    "github.event.review_comment.body",
    "github.event.discussion.title",
    "github.event.discussion.body",
    "github.event.pages",
    "github.event.commits",
    "github.event.head_commit.message",
    "github.event.head_commit.author",
    "github.event.workflow_run.head_branch",
    "github.event.workflow_run.head_commit",
    "github.event.workflow_run.pull_requests",
    "github.head_ref",
];

/// Expressions that name the PR head in a checkout `ref:`/`repository:`.
const PR_HEAD_REFS: &[&str] = &[
    "github.event.pull_request.head",
    "github.head_ref",
    "github.event.workflow_run.head",
    "refs/pull/",
];

/// Findings of one kind kept per file (a generated 10,000-line workflow stays readable).
const MAX_FINDINGS_PER_KIND: usize = 25;

/// Owners whose actions GitHub maintains.
const FIRST_PARTY_OWNERS: &[&str] = &["actions", "github"];

/// Permission scopes whose write access weighs most (Scorecard Token-Permissions).
const HEAVY_SCOPES: &[&str] = &["contents", "packages", "actions", "id-token"];

pub fn is_workflow(facts: &FileFacts) -> bool {
    let lower = facts.path.to_ascii_lowercase();
    let yaml = lower.ends_with(".yml") || lower.ends_with(".yaml");
    let actions_dir =
        lower.starts_with(".github/workflows/") || lower.starts_with(".github/actions/");
    let root_action = lower == "action.yml" || lower == "action.yaml";
    yaml && (actions_dir || root_action)
}

pub fn findings(file: &ChangedFile, facts: &FileFacts) -> Vec<Finding> {
    if !is_workflow(facts) {
        return Vec::new();
    }
    let Some(text) = file.patch.as_deref() else {
        return Vec::new();
    };
    let patch = diff::parse(text);
    let path = facts.path.as_str();
    let mut found = Vec::new();
    found.extend(pr_target_checkout(&patch, path));
    for mut kind in [
        script_injection(&patch, path),
        unpinned_actions(&patch, path),
        write_permissions(&patch, path),
    ] {
        kind.truncate(MAX_FINDINGS_PER_KIND);
        found.extend(kind);
    }
    found
}

fn expression_names(line: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("${{") {
        let after = rest.get(start + 3..).unwrap_or("");
        let end = after.find("}}").unwrap_or(after.len());
        names.push(after.get(..end).unwrap_or("").trim().to_string());
        rest = after.get(end..).unwrap_or("");
    }
    names
}

fn pr_target_checkout(patch: &Patch, path: &str) -> Vec<Finding> {
    let visible: Vec<(&str, bool)> = patch
        .hunks
        .iter()
        .flat_map(|hunk| hunk.new_view())
        .collect();
    let trigger = visible.iter().find_map(|(line, changed)| {
        let text = line.split('#').next().unwrap_or(line);
        ["pull_request_target", "workflow_run"]
            .into_iter()
            .find(|trigger| text.contains(trigger))
            .map(|trigger| (trigger, *changed))
    });
    let checkout = visible.iter().find(|(line, _)| {
        let text = line.trim_start().trim_start_matches("- ");
        (text.starts_with("ref:") || text.starts_with("repository:"))
            && PR_HEAD_REFS
                .iter()
                .any(|reference| text.contains(reference))
    });
    match (trigger, checkout) {
        (Some((trigger, trigger_added)), Some((line, checkout_added))) if trigger_added || *checkout_added => {
            vec![finding(
                FindingKind::WorkflowPrTargetCheckout,
                path,
                format!("{trigger} workflow checks out the PR head ({}): untrusted code runs with secrets and a write token", line.trim()),
                Severity::Critical,
            )]
        }
        (None, Some((line, true))) => vec![finding(
            FindingKind::WorkflowPrHeadCheckout,
            path,
            format!("checks out the PR head ({}); dangerous if the workflow runs on pull_request_target or workflow_run", line.trim()),
            Severity::High,
        )],
        _ => Vec::new(),
    }
}

fn script_injection(patch: &Patch, path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for hunk in &patch.hunks {
        // The indentation of the `run:` key whose block we are in, if any.
        let mut run_block: Option<usize> = None;
        for (line, added) in hunk.new_view() {
            let trimmed = line.trim_start();
            let indent = indentation(line);
            let key_text = trimmed.trim_start_matches("- ");
            let key_indent = indent + (trimmed.len() - key_text.len());
            if let Some(block) = run_block {
                if !trimmed.is_empty() && indent <= block {
                    run_block = None;
                }
            }
            let in_run = if let Some(value) = key_text.strip_prefix("run:") {
                let value = value.trim();
                if value.is_empty() || value.starts_with('|') || value.starts_with('>') {
                    run_block = Some(key_indent);
                }
                true
            } else {
                run_block.is_some()
            };
            if !added || !in_run {
                continue;
            }
            for name in expression_names(line) {
                let untrusted = UNTRUSTED_CONTEXTS
                    .iter()
                    .any(|context| name.starts_with(context));
                if untrusted || name.starts_with("github.event.") {
                    let severity = if untrusted {
                        Severity::High
                    } else {
                        Severity::Medium
                    };
                    found.push(finding(
                        FindingKind::WorkflowScriptInjection,
                        path,
                        format!("expands ${{{{ {name} }}}} inside a run: script; pass it through env: instead"),
                        severity,
                    ));
                }
            }
        }
    }
    found
}

fn unpinned_actions(patch: &Patch, path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for line in patch.added() {
        let text = line
            .split(" #")
            .next()
            .unwrap_or(line)
            .trim()
            .trim_start_matches("- ")
            .trim();
        let Some(reference) = text.strip_prefix("uses:") else {
            continue;
        };
        let reference = reference.trim().trim_matches(['"', '\'']);
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

fn write_permissions(patch: &Patch, path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for line in patch.added() {
        let text = line.split('#').next().unwrap_or(line).trim();
        if text.replace(' ', "") == "permissions:write-all" {
            found.push(finding(
                FindingKind::WorkflowWritePermissions,
                path,
                "grants permissions: write-all".into(),
                Severity::High,
            ));
            continue;
        }
        let Some((scope, level)) = text.split_once(':') else {
            continue;
        };
        let scope = scope.trim().trim_start_matches("- ");
        let valid_scope = !scope.is_empty()
            && scope
                .chars()
                .all(|character| character.is_ascii_lowercase() || character == '-');
        if level.trim() != "write" || !valid_scope {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::files::classify_file;

    fn run(path: &str, patch: &str) -> Vec<Finding> {
        let file = ChangedFile {
            filename: path.into(),
            status: "modified".into(),
            additions: 1,
            deletions: 0,
            patch: Some(patch.into()),
            ..Default::default()
        };
        findings(&file, &classify_file(&file))
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
