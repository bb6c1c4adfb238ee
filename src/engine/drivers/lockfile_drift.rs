//! `lockfile_drift`: the manifest and the lockfile disagree, or the lockfile pulls from an
//! unexpected place.
//!
//! **What it detects.** Supply-chain findings `manifest_without_lockfile` (dependencies
//! changed in an ecosystem that commits lockfiles, but no lockfile changed),
//! `lockfile_without_manifest` (the resolved tree moved with no declared change) and
//! `lockfile_untrusted_source` (entries resolved from a non-registry host or over HTTP). The
//! weight scales with the worst finding.
//!
//! **Why it matters.** CI installs what the lockfile says. Lockfiles are excluded from review
//! size, so a mismatch is easy to miss — and lockfile injection hides packages there.
//!
//! **Example.** "Lockfile drift: package.json: npm dependencies changed but no npm lockfile
//! changed".

use super::{DriverSpec, fire_for_findings};
use crate::engine::sections::supply_chain::LOCKFILE_FINDINGS;
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

/// `lockfile_drift` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "lockfile_drift",
    label: "Lockfile drift",
    weight: 0.20,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): manifest/lockfile bookkeeping is hygiene and weighs 0 (HYGIENE_FINDINGS; lift 0.49 on the corpus); untrusted lockfile sources still weigh; default kept: Danger: package.json changed without the lockfile (or the reverse); PostHog#85564 lockfile changes drop approvals; Liran Tal, lockfile injection (2019)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC,
        LOCKFILE_FINDINGS,
        "Lockfile drift: ",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    #[test]
    fn a_manifest_without_its_lockfile_is_hygiene_and_adds_nothing() {
        // The finding stays in the supply-chain section; as hygiene it weighs 0
        // (settings::weights::HYGIENE_FINDINGS).
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "package.json", "status": "modified", "additions": 1, "deletions": 0,
             "patch": "@@ -1,2 +1,3 @@\n   \"dependencies\": {\n+    \"left-pad\": \"^1.3.0\"\n   }"}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }

    #[test]
    fn manifest_and_lockfile_together_do_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "package.json", "status": "modified", "additions": 1, "deletions": 0,
             "patch": "@@ -1,2 +1,3 @@\n   \"dependencies\": {\n+    \"left-pad\": \"^1.3.0\"\n   }"},
            {"filename": "package-lock.json", "status": "modified", "additions": 10, "deletions": 0, "patch": "@@ -1 +1 @@\n-a\n+b"}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
