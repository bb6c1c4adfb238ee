//! Token permissions, cache poisoning and credential persistence in changed workflows.
//!
//! What it detects:
//! - **permissions by what they grant**: `write-all` anywhere — high; a `write` scope at the
//!   workflow level of a workflow with more than one job (every job gets it) — high for scopes
//!   that write the repository or what it publishes (`contents`, `packages`, `actions`,
//!   `pull-requests`, `issues`, `deployments`, `pages`, `attestations`), medium for
//!   `id-token` (it lets each job mint an OIDC token for a cloud or a package index, as trusted
//!   publishing does; it is not repository write) and other scopes, low for `statuses` and
//!   `models`; `read-all` at the workflow level — low; a new workflow that declares no
//!   permissions where a job has none either — low (its jobs get the repository's default token
//!   permissions). A `write` scope on a single job is the least-privilege pattern OpenSSF
//!   Scorecard and zizmor recommend, and not a finding;
//! - **cache poisoning**: a workflow that publishes (a `release` trigger, a tag push, a push to
//!   a release branch, or a known publishing action) with a step whose action restores a cache
//!   (`actions/cache`, `setup-node` with `cache:`, `setup-go`, `Swatinem/rust-cache`, …) —
//!   medium: a cache written by any earlier workflow run of the repository (a PR's included)
//!   can change what is released;
//! - **credential persistence ("artipacked")**: a new `actions/checkout` step that does not set
//!   `persist-credentials: false` — low: the job token stays in `.git/config` for every later
//!   step; high when the workflow uploads the work tree as an artifact, which then carries the
//!   token.
//!
//! Sources (read 2026-12-06): zizmor `excessive-permissions` (scope severities, workflow- vs
//! job-level), `cache-poisoning` (cache-aware and publishing actions, release triggers) and
//! `artipacked`; OpenSSF Scorecard Token-Permissions; Adnan Khan, "The Monsters in Your Build
//! Cache — GitHub Actions Cache Poisoning" (2024); Palo Alto Unit 42, "ArtiPACKED" (2024);
//! GitHub Docs, "Automatic token authentication" and "Using OpenID Connect with reusable
//! workflows".

use std::collections::BTreeSet;

use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::workflow_model::{Step, Workflow};

/// Scopes whose `write` changes the repository or what it publishes.
const HEAVY_SCOPES: &[&str] = &[
    "contents",
    "packages",
    "actions",
    "pull-requests",
    "issues",
    "deployments",
    "pages",
    "attestations",
];

/// Scopes whose `write` can do little.
const LIGHT_SCOPES: &[&str] = &["statuses", "models"];

/// When caching is on for a cache-aware action: the input that controls it, whether setting it
/// truthy turns caching on (opt-in) or off (opt-out), and whether it is on when the input is
/// absent (from each action's `action.yml`, as zizmor's `cache-poisoning` lists them).
const CACHE_ACTIONS: &[(&str, &str, bool, bool)] = &[
    ("actions/cache", "lookup-only", false, true),
    ("actions/setup-java", "cache", true, false),
    ("actions/setup-go", "cache", true, true),
    ("actions/setup-node", "cache", true, false),
    ("actions/setup-node", "package-manager-cache", true, false),
    ("docker/setup-buildx-action", "version", true, false),
    ("actions/setup-python", "cache", true, false),
    ("actions/setup-dotnet", "cache", true, false),
    ("astral-sh/setup-uv", "enable-cache", true, false),
    ("swatinem/rust-cache", "lookup-only", false, true),
    ("ruby/setup-ruby", "bundler-cache", true, false),
    ("pyo3/maturin-action", "sccache", true, false),
    ("mlugg/setup-zig", "use-cache", true, true),
    ("oven-sh/setup-bun", "no-cache", false, true),
    (
        "determinatesystems/magic-nix-cache-action",
        "use-gha-cache",
        true,
        true,
    ),
    ("graalvm/setup-graalvm", "cache", true, false),
    ("gradle/actions/setup-gradle", "cache-disabled", false, true),
    (
        "actions-rust-lang/setup-rust-toolchain",
        "cache",
        true,
        true,
    ),
    ("mozilla-actions/sccache-action", "", true, true),
    ("nix-community/cache-nix-action", "", true, true),
    ("jdx/mise-action", "cache", true, true),
    ("ramsey/composer-install", "ignore-cache", false, true),
    ("awalsh128/cache-apt-pkgs-action", "", true, true),
];

/// Actions that publish a release or deploy.
const PUBLISHERS: &[&str] = &[
    "pypa/gh-action-pypi-publish",
    "rubygems/release-gem",
    "jreleaser/release-action",
    "goreleaser/goreleaser-action",
    "softprops/action-gh-release",
    "release-drafter/release-drafter",
    "googleapis/release-please-action",
    "docker/build-push-action",
    "redhat-actions/push-to-registry",
    "cloudflare/wrangler-action",
    "google-github-actions/deploy-cloudrun",
    "google-github-actions/deploy-appengine",
    "azure/functions-action",
];

/// Artifact paths that take the whole work tree (with `.git/config`).
const WHOLE_TREE: &[&str] = &[".", "./", "${{ github.workspace }}", "**", "*", "./**"];

fn truthy(value: &str) -> bool {
    let value = value.trim().to_ascii_lowercase();
    !value.is_empty() && !matches!(value.as_str(), "false" | "no" | "0" | "''" | "\"\"")
}

pub(crate) fn permissions(workflow: &Workflow, path: &str) -> Vec<Finding> {
    let entries = &workflow.entries;
    let jobs: BTreeSet<&str> = entries
        .iter()
        .filter(|entry| entry.anchored && entry.path.first().is_some_and(|key| key == "jobs"))
        .filter_map(|entry| entry.path.get(1).map(String::as_str))
        .collect();
    let single_job = workflow.whole() && jobs.len() == 1;
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
        let top = entry.anchored && entry.path.len() <= 2;
        if entry.key() == "permissions" && value == "read-all" && top && entry.path.len() == 1 {
            found.push(finding(
                FindingKind::WorkflowWritePermissions,
                path,
                "grants permissions: read-all to every job".into(),
                Severity::Low,
            ));
            continue;
        }
        let scope = entry.key();
        let workflow_level = top && entry.path.first().is_some_and(|key| key == "permissions");
        if entry.parent(1) != "permissions" || value != "write" || !workflow_level || single_job {
            continue;
        }
        let (severity, note) = if HEAVY_SCOPES.contains(&scope) {
            (Severity::High, "")
        } else if scope == "id-token" {
            (
                Severity::Medium,
                " (every job can mint OIDC tokens for a cloud or a package index; not repository write)",
            )
        } else if LIGHT_SCOPES.contains(&scope) {
            (Severity::Low, "")
        } else {
            (Severity::Medium, "")
        };
        found.push(finding(
            FindingKind::WorkflowWritePermissions,
            path,
            format!("grants {scope}: write to every job of the workflow{note}"),
            severity,
        ));
    }
    found.extend(default_permissions(workflow, path, &jobs));
    found
}

/// A new workflow with no `permissions:` at the top and a job without its own.
fn default_permissions(workflow: &Workflow, path: &str, jobs: &BTreeSet<&str>) -> Option<Finding> {
    let entries = &workflow.entries;
    if !workflow.whole() || jobs.is_empty() {
        return None;
    }
    let at_top = entries
        .iter()
        .any(|entry| entry.path.first().is_some_and(|key| key == "permissions"));
    let reusable_only = workflow
        .triggers()
        .iter()
        .all(|(name, _)| name == "workflow_call");
    let uncovered = jobs.iter().find(|job| {
        let declares = entries.iter().any(|entry| {
            entry.path.get(1).is_some_and(|name| name == *job)
                && entry.path.get(2).is_some_and(|key| key == "permissions")
        });
        let calls = entries.iter().any(|entry| {
            entry.path.len() == 3
                && entry.path.get(1).is_some_and(|name| name == *job)
                && entry.key() == "uses"
        });
        !declares && (calls || !reusable_only)
    })?;
    (!at_top).then(|| {
        finding(
            FindingKind::WorkflowWritePermissions,
            path,
            format!("declares no permissions: job {uncovered} gets the repository's default token permissions (write on older repositories); add permissions: {{}} and grant per job"),
            Severity::Low,
        )
    })
}

/// Whether caching is on for this step of a cache-aware action.
fn caches(step: &Step, input: &str, opt_in: bool, default_on: bool, branch_push: bool) -> bool {
    let Some(entry) = (!input.is_empty()).then(|| step.input(input)).flatten() else {
        return default_on;
    };
    let value = entry.value.trim();
    if value.contains("${{") {
        // `!startsWith(github.ref, 'refs/tags/')` and friends turn the cache off for releases.
        let lower = value.to_ascii_lowercase();
        let tag_guard = lower.contains("refs/tags/") || lower.contains("ref_type");
        return !(tag_guard && lower.contains('!') && !branch_push);
    }
    truthy(value) == opt_in
}

/// How the workflow publishes: what it says, whether that line was added, and whether it runs
/// on pushes to a release branch (where a "not on a tag" guard leaves the cache on).
fn publishes(workflow: &Workflow, steps: &[Step]) -> Option<(String, bool, bool)> {
    let entries = &workflow.entries;
    let on = |event: &str, key: &str| {
        entries.iter().find(|entry| {
            entry.path.iter().any(|k| k == "on")
                && entry.path.iter().any(|k| k == event)
                && (key.is_empty() || entry.path.iter().any(|k| k == key))
        })
    };
    let branch = entries.iter().find(|entry| {
        entry.path.iter().any(|k| k == "on")
            && entry.path.iter().any(|k| k == "push")
            && entry.path.iter().any(|k| k == "branches")
            && entry.value.to_ascii_lowercase().contains("release")
    });
    let branch_push = branch.is_some();
    if let Some((_, added)) = workflow.trigger_among(&["release"]) {
        return Some(("runs on release".into(), added, branch_push));
    }
    if let Some(entry) = on("push", "tags") {
        return Some(("runs on tag pushes".into(), entry.added, branch_push));
    }
    if let Some(entry) = branch {
        return Some((
            format!("runs on pushes to {}", entry.value),
            entry.added,
            true,
        ));
    }
    steps.iter().find_map(|step| {
        let action = step.action()?;
        // `docker/build-push-action` publishes unless `push: false`.
        let no_push = step
            .input("push")
            .is_some_and(|entry| !truthy(&entry.value));
        (PUBLISHERS.contains(&action.as_str()) && !no_push)
            .then(|| (format!("publishes with {action}"), step.added(), false))
    })
}

pub(crate) fn cache_poisoning(workflow: &Workflow, path: &str) -> Vec<Finding> {
    let steps = workflow.steps();
    let Some((publishing, publishing_added, branch_push)) = publishes(workflow, &steps) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for step in &steps {
        let Some(action) = step.action() else {
            continue;
        };
        let Some((name, ..)) = CACHE_ACTIONS
            .iter()
            .filter(|(name, ..)| action == *name)
            .find(|(_, input, opt_in, default_on)| {
                caches(step, input, *opt_in, *default_on, branch_push)
            })
        else {
            continue;
        };
        if step.added() || publishing_added {
            found.push(finding(
                FindingKind::WorkflowCachePoisoning,
                path,
                format!("{publishing} and restores a cache ({name}): a cache an earlier run wrote, a PR's included, can change what is released"),
                Severity::Medium,
            ));
        }
    }
    found
}

pub(crate) fn artipacked(workflow: &Workflow, path: &str) -> Vec<Finding> {
    let steps = workflow.steps();
    let uploads_tree = steps.iter().any(|step| {
        step.action()
            .is_some_and(|action| action == "actions/upload-artifact")
            && step.input("path").is_some_and(|entry| {
                entry
                    .value
                    .lines()
                    .any(|line| WHOLE_TREE.contains(&line.trim()))
            })
    });
    let bumped = workflow.removed_use_of("actions/checkout").is_some();
    let mut found = Vec::new();
    for step in &steps {
        let Some(uses) = step.uses() else {
            continue;
        };
        if step.action().as_deref() != Some("actions/checkout") || !uses.added || bumped {
            continue;
        }
        if step.input("persist-credentials").is_some() {
            continue;
        }
        let (severity, note) = if uploads_tree {
            (
                Severity::High,
                "; the workflow uploads the work tree as an artifact, which carries it",
            )
        } else {
            (Severity::Low, "")
        };
        found.push(finding(
            FindingKind::WorkflowArtipacked,
            path,
            format!("checks out without persist-credentials: false: the job token stays in .git/config for every later step{note}"),
            severity,
        ));
    }
    found
}
