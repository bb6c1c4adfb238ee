//! `autorun_config`: configuration that runs commands without anyone typing them.
//!
//! **What it detects.** Supply-chain `autorun_config` findings (VS Code tasks run on folder
//! open, dev-container lifecycle commands, JetBrains startup tasks, `.envrc`, git hook runners,
//! `core.hooksPath`, Python `sitecustomize`/`.pth` files) and `ci_test_config` findings
//! (`conftest.py`, pytest `addopts`, jest/vitest/mocha/playwright/cypress setup files): code
//! that runs on a reviewer's machine when they open the checkout, or in CI while tests are
//! collected — before any test, and with CI's secrets. The weight scales with the worst finding.
//!
//! **Why it matters.** Reviewers treat these as "settings" or "just tests"; they execute with
//! the opener's credentials (VS Code Workspace Trust exists because of it).
//!
//! **Example.** ".devcontainer/devcontainer.json: runs a command automatically on the host
//! machine: \"initializeCommand\": \"curl … | sh\"".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::AUTORUN_FINDINGS;
use crate::signal::Driver;

/// `autorun_config` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "autorun_config",
    label: "Runs automatically",
    weight: 0.40,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 2.9 % of the corpus (mostly pytest's conftest.py), lift 0.90 — an attack surface, not a defect predictor; default kept: VS Code Tasks (runOn: folderOpen) and Workspace Trust; containers.dev lifecycle scripts; pytest conftest.py; Jest globalSetup; Python site module; scaled by finding severity",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, AUTORUN_FINDINGS, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(path: &str, added: &str) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": path, "status": "modified", "additions": 1, "deletions": 0,
             "patch": format!("@@ -1 +1,2 @@\n {{\n+{added}")}
        ]}))
    }

    #[test]
    fn a_task_that_runs_on_folder_open_fires_at_full_high_weight() {
        let driver = case(".vscode/tasks.json", "  \"runOptions\": {\"runOn\": \"folderOpen\"}")
            .fired(evaluate)
            .unwrap();
        assert_eq!(
            driver.detail,
            ".vscode/tasks.json: runs a task as soon as the folder is opened"
        );
        assert_eq!(driver.weight, 0.32);
    }

    #[test]
    fn an_ordinary_task_does_not_fire() {
        assert!(case(".vscode/tasks.json", "  \"label\": \"build\"").fired(evaluate).is_none());
    }
}
