//! `secret_in_diff`: an added line holds what looks like a live credential.
//!
//! **What it detects.** Supply-chain `secret_in_diff` findings: AWS access key IDs, GitHub
//! tokens, Slack tokens and webhooks, Stripe live keys, Google API keys, private-key headers and
//! JWTs on added lines, documented placeholders excepted. The detail names the file, the line
//! and the format's public prefix only; the value is never shown. A private key in test data
//! (`testdata/`, `fixtures/`, `tests/`) is a `test_fixture_secret` finding this driver does not
//! read (shown, not weighed), and keyword values in test code or documentation examples are no
//! finding (`supply_chain::secrets`).
//!
//! **Why it matters.** A credential pushed to a PR branch is public (forks, notifications,
//! caches) before anyone reviews it; it must be revoked, not just removed. Each finding is
//! high, so the PR is at least medium risk and never "approve".
//!
//! **Example.** "src/config.py: adds what looks like an AWS access key ID (AKIA…[redacted]) on
//! line 12; revoke it and remove it from the history".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::SECRET_FINDINGS;
use crate::signal::Driver;

/// `secret_in_diff` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "secret_in_diff",
    label: "Secret in diff",
    weight: 0.60,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 6 of 5,509 corpus PRs (10 before test-data keys and test-code values stopped being findings) — history holds too few attacks to weigh it; default kept: GitHub secret scanning patterns; gitleaks default rules; token formats of AWS, GitHub, Slack, Stripe, Google; RFC 7468, RFC 7519",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, SECRET_FINDINGS, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(added: &str) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "src/settings.py", "status": "modified", "additions": 1, "deletions": 0,
             "patch": format!("@@ -3,1 +3,2 @@\n DEBUG = False\n+{added}")}
        ]}))
    }

    #[test]
    fn an_added_aws_key_fires_redacted() {
        let key = format!("{}{}", "AKIA", "Q3ZJ7WXK2M5NB4PT");
        let driver = case(&format!("AWS_KEY = \"{key}\"")).fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "src/settings.py: adds what looks like an AWS access key ID (AKIA…[redacted]) on line 4; revoke it and remove it from the history"
        );
        assert_eq!(driver.weight, 0.48);
    }

    #[test]
    fn a_placeholder_key_does_not_fire() {
        assert!(case("AWS_KEY = \"AKIAIOSFODNN7EXAMPLE\"").fired(evaluate).is_none());
    }
}
