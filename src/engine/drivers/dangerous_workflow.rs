//! `dangerous_workflow`: a changed GitHub Actions workflow can leak secrets or run untrusted code.
//!
//! **What it detects.** Supply-chain workflow findings on the lines this PR adds:
//! `pull_request_target`/`workflow_run` with a checkout of the PR head (critical),
//! `${{ github.event.* }}` expanded in `run:` (high for attacker-controlled fields), new
//! `write` permissions (high for contents/packages/actions/id-token), new `secrets.*` uses
//! (medium), and `uses:` not pinned to a 40-hex SHA (medium for third-party actions, low for
//! GitHub's own). The weight scales with
//! the worst finding.
//!
//! **Why it matters.** Workflows run with the repository's secrets and token; a PR that
//! weakens them is a path to a repository takeover (the "pwn request").
//!
//! **Example.** "uses actions/setup-python@v6, not pinned to a commit SHA (4 findings)".

use super::{DriverSpec, finding_paths, findings_of, fire, worst_factor};
use crate::engine::sections::supply_chain::WORKFLOW_FINDINGS;
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

/// `dangerous_workflow` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "dangerous_workflow",
    label: "Dangerous workflow",
    weight: 0.60,
    source: "Not fitted in the calibration of 2026-12-07 (docs/calibration.md, \"What the fit cannot see\"): pinning findings are hygiene and weigh 0 (HYGIENE_FINDINGS; they fired 148 times on the corpus with lift 0.16); default kept: OpenSSF Scorecard Dangerous-Workflow (risk: Critical), Token-Permissions (High), Pinned-Dependencies (Medium); GitHub Security Lab; scaled by finding severity",
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
    fn a_tag_bump_is_hygiene_and_a_pwn_request_is_full_weight() {
        // Pinning is a hygiene finding: it stays in the supply-chain section with its severity
        // and adds nothing to the score (settings::weights::HYGIENE_FINDINGS).
        assert!(case("@@ -1,2 +1,2 @@\n     steps:\n-      - uses: actions/setup-python@v5\n+      - uses: actions/setup-python@v6")
            .fired(evaluate)
            .is_none());
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
