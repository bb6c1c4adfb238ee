//! `dangerous_workflow`: a changed GitHub Actions workflow can leak secrets or run untrusted code.
//!
//! **What it detects.** Supply-chain workflow findings on the lines this PR adds: an
//! untrusted checkout under `pull_request_target`, `issue_comment` or `workflow_run` (the PR
//! head, a fetch of it, or a PR run's artifact then executed: critical; high behind a
//! maintainer-only condition), template injection of attacker-controlled contexts (high),
//! permissions by what they grant (`write-all` and repository-write scopes for every job: high;
//! `id-token: write` medium), cache poisoning in publishing workflows (medium), new
//! `pull_request_target`/`workflow_run` triggers (medium), new `secrets.*` uses (medium) and
//! checkouts that keep the job token (low; high with a work-tree artifact). Unpinned actions
//! have their own driver (`unpinned_action`). The weight scales with the worst finding.
//!
//! **Why it matters.** Workflows run with the repository's secrets and token; a PR that
//! weakens them is a path to a repository takeover (the "pwn request").
//!
//! **Example.** "pull_request_target workflow checks out the PR head (ref: ${{ github.event.pull_request.head.sha }}): untrusted code runs with secrets and a write token (2 findings)".

use super::{DriverSpec, finding_paths, findings_of, fire, worst_factor};
use crate::engine::sections::supply_chain::WORKFLOW_FINDINGS;
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

/// `dangerous_workflow` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "dangerous_workflow",
    label: "Dangerous workflow",
    weight: 0.60,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): attacks are not in history; with pinning moved to unpinned_action it fired on 28 of 5,509 PRs, too few to fit; default kept: OpenSSF Scorecard Dangerous-Workflow (risk: Critical), Token-Permissions (High), Pinned-Dependencies (Medium); GitHub Security Lab; scaled by finding severity",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    // Findings are ordered by severity, so the first is the worst.
    let findings = findings_of(sections, WORKFLOW_FINDINGS);
    let first = findings.first()?;
    let mut detail = format!("{}: {}", first.path, first.detail);
    if findings.len() > 1 {
        detail.push_str(&format!(" ({} findings)", findings.len()));
    }
    let scale = worst_factor(&findings).unwrap_or(1.0);
    fire(context, &SPEC,
        scale,
        detail,
        finding_paths(&findings),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(patch: &str) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": ".github/workflows/ci.yml", "status": "modified", "additions": 1, "deletions": 1, "patch": patch}
        ]}))
    }

    #[test]
    fn a_new_job_token_checkout_is_low_a_tag_bump_is_not_dangerous_and_a_pwn_request_is_full_weight() {
        assert!(case("@@ -1,2 +1,2 @@\n     steps:\n-      - uses: actions/setup-python@v5\n+      - uses: actions/setup-python@v6")
            .fired(evaluate)
            .is_none(), "pinning has its own driver, unpinned_action");
        let checkout = case("@@ -1,2 +1,3 @@\n     steps:\n+      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n       - run: make")
            .fired(evaluate)
            .unwrap();
        assert_eq!(checkout.weight, 0.24);
        let pwn = case("@@ -1,4 +1,5 @@\n on:\n+  pull_request_target:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n+          ref: ${{ github.event.pull_request.head.sha }}")
            .fired(evaluate)
            .unwrap();
        assert_eq!(pwn.weight, 0.60);
    }

    #[test]
    fn sha_pinned_actions_do_not_fire() {
        assert!(case("@@ -1 +1 @@\n-      - uses: actions/cache@v3\n+      - uses: actions/cache@0c45773b623bea8c8e75f6c82b208c3cf94ea4f9")
            .fired(evaluate)
            .is_none());
    }
}
