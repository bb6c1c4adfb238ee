//! Workflow dangers in changed GitHub Actions files, each finding named after its own rule:
//! untrusted checkout and dangerous triggers ([`super::workflow_checkout`]), template injection
//! ([`super::workflow_injection`]), permissions, cache poisoning and credential persistence
//! ([`super::workflow_hygiene`]), and here:
//! - new `secrets.NAME` uses and `secrets: inherit` — medium: a credential handed to new steps;
//! - `uses:` not pinned to a 40-hex commit SHA (its own finding and driver, `unpinned_action`)
//!   — a moved tag changes what runs; low for GitHub's own `actions/*` and `github/*`, medium for
//!   third parties. Local (`./`) actions and digest-pinned `docker://` images are pinned. A
//!   version bump of an action the workflow already used unpinned (a Dependabot or Renovate
//!   update: the removed line names the same action) is not a new finding: the base branch had
//!   that reference already; a bump that turns a SHA pin into a tag is.
//!
//! The file is read through [`super::workflow_yaml`] (a YAML parser for whole files, a tolerant
//! reader for partial hunks), so quoting and flow style do not hide anything.
//!
//! Source: https://github.com/ossf/scorecard/blob/main/docs/checks.md (Dangerous-Workflow:
//! Critical; Token-Permissions: High; Pinned-Dependencies: Medium); zizmor's audits
//! (docs.zizmor.sh/audits: `unpinned-uses`, `secrets-inherit`); GitHub Security Lab, "Keeping
//! your GitHub Actions and workflows secure" parts 1–4.

use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::view::FileView;
use super::workflow_expressions::secret_names;
use super::workflow_model::{action_name, pinned, Workflow};
use super::workflow_yaml::Entry;
use super::{workflow_checkout, workflow_hygiene, workflow_injection};

/// Findings of one kind kept per file (a generated 10,000-line workflow stays readable).
const MAX_FINDINGS_PER_KIND: usize = 25;

/// Owners whose actions GitHub maintains.
const FIRST_PARTY_OWNERS: &[&str] = &["actions", "github"];

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
    let workflow = Workflow::read(view.patch());
    let path = view.path();
    let mut found = Vec::new();
    found.extend(workflow_checkout::findings(&workflow, path));
    for mut kind in [
        workflow_injection::findings(&workflow, path),
        unpinned_actions(&workflow, path),
        workflow_hygiene::permissions(&workflow, path),
        workflow_hygiene::cache_poisoning(&workflow, path),
        workflow_hygiene::artipacked(&workflow, path),
        secret_uses(&workflow.entries, path),
    ] {
        kind.truncate(MAX_FINDINGS_PER_KIND);
        found.extend(kind);
    }
    found
}

fn unpinned_actions(workflow: &Workflow, path: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    for entry in workflow
        .entries
        .iter()
        .filter(|entry| entry.added && entry.key() == "uses" && entry.parent(1) != "with")
    {
        let reference = entry.value.trim();
        if reference.starts_with("./") || reference.is_empty() {
            continue;
        }
        // A bump of a reference the base branch already had unpinned is the base's hygiene.
        if workflow.removed_use_of(&action_name(reference)) == Some(false) {
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
        if pinned(reference) {
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
        // The PR number is a fixed value (zizmor, CodeQL); a `with:` input of an ordinary
        // action is not a script.
        assert_eq!(
            ids(&found),
            [
                (FindingKind::WorkflowScriptInjection, Severity::High),
                (FindingKind::WorkflowScriptInjection, Severity::High)
            ]
        );
    }

    #[test]
    fn unpinned_uses_are_reported_by_owner_and_sha_pins_are_not() {
        let found = run(
            ".github/workflows/ci.yml",
            "@@ -15,7 +15,9 @@ jobs:\n       - uses: actions/checkout@v5\n-        uses: actions/setup-python@v5\n+        uses: actions/setup-node@v6\n+      - uses: someone/deploy-action@main\n+      - uses: actions/cache@0c45773b623bea8c8e75f6c82b208c3cf94ea4f9 # v4\n+      - uses: ./.github/actions/local\n+      - uses: docker://alpine:3.19",
        );
        assert_eq!(
            ids(&found),
            [
                (FindingKind::UnpinnedAction, Severity::Low),
                (FindingKind::UnpinnedAction, Severity::Medium),
                (FindingKind::UnpinnedAction, Severity::Medium)
            ]
        );
        assert!(found[0].detail.contains("actions/setup-node@v6"));
        assert!(
            run(".github/workflows/ci.yml", "@@ -1 +1 @@\n-      - uses: actions/setup-python@v5\n+      - uses: actions/setup-python@v6").is_empty(),
            "a bump of an action the base branch already used unpinned is not new"
        );
    }

    #[test]
    fn new_write_permissions_are_weighted_by_scope() {
        let found = run(
            ".github/workflows/release.yml",
            "@@ -1,3 +1,6 @@\n permissions:\n-  contents: read\n+  contents: write\n+  id-token: write\n+  checks: read",
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
        assert!(
            run(
                ".github/workflows/a.yml",
                "@@ -8,3 +8,4 @@ jobs:\n   publish:\n     permissions:\n+      id-token: write"
            )
            .is_empty(),
            "a job's own grant is the least-privilege pattern"
        );
    }

    #[test]
    fn non_workflow_files_are_ignored() {
        assert!(run("docs/ci.yml", "@@ -1 +1 @@\n+  - uses: someone/x@main").is_empty());
        assert!(run(".gitlab-ci.yml", "@@ -1 +1 @@\n+  - uses: someone/x@main").is_empty());
    }
}
