//! `unpinned_action`: a changed workflow uses an action or image that is not pinned to a commit.
//!
//! **What it detects.** Supply-chain `unpinned_action` findings on the lines this PR adds:
//! `uses:` not pinned to a 40-hex SHA (medium for third-party actions, low for GitHub's own
//! `actions/*` and `github/*`) and `docker://` images without a digest. A version bump of an
//! action the workflow already used unpinned is not a finding (the base branch had it); a new
//! unpinned action, or a SHA pin turned into a tag, is. The weight scales with the worst finding.
//!
//! **Why it matters.** A tag can be moved to other code after review (the tj-actions/changed-files
//! compromise of March 2025 re-pointed every tag); a SHA cannot. This is hygiene, not a takeover
//! path, so it has its own label and a lower weight than `dangerous_workflow`; a new third-party
//! action on a tag or branch (medium) is enough for a review (0.45 × 0.6 = 0.27, medium risk),
//! a first-party one (low) is not.
//!
//! **Example.** "someone/deploy-action@main, not pinned to a commit SHA (+2 more)".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::PINNING_FINDINGS;
use crate::signal::Driver;

/// `unpinned_action` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "unpinned_action",
    label: "Unpinned action",
    weight: 0.45,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): it guards against a moved tag, which history cannot show; on the corpus it fired on 30 of 5,509 PRs (lift 0.54) and cost 0.002 of pooled AUC, so it is kept at: OpenSSF Scorecard Pinned-Dependencies (risk: Medium); zizmor unpinned-uses; GitHub Docs \"Security hardening for GitHub Actions\" (pin actions to a full-length commit SHA); scaled by finding severity",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, PINNING_FINDINGS, "")
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
    fn a_new_third_party_action_on_a_tag_fires_and_a_bump_of_one_already_there_does_not() {
        let new = case("@@ -1,2 +1,3 @@\n     steps:\n       - uses: actions/checkout@v5\n+      - uses: someone/deploy-action@main")
            .fired(evaluate)
            .unwrap();
        assert_eq!(
            new.detail,
            ".github/workflows/ci.yml: uses someone/deploy-action@main, not pinned to a commit SHA"
        );
        assert_eq!(new.weight, 0.27);
        assert!(case("@@ -1,2 +1,2 @@\n     steps:\n-      - uses: actions/setup-python@v5\n+      - uses: actions/setup-python@v6")
            .fired(evaluate)
            .is_none());
    }

    #[test]
    fn a_sha_pin_turned_into_a_tag_fires() {
        assert!(case("@@ -1 +1 @@\n-      - uses: actions/cache@0c45773b623bea8c8e75f6c82b208c3cf94ea4f9\n+      - uses: actions/cache@v4")
            .fired(evaluate)
            .is_some());
    }
}
