//! `hidden_text`: the diff, a file name or the PR description reads differently from what it
//! does, or the PR changes what AI coding agents are told to do.
//!
//! **What it detects.** Supply-chain findings `hidden_unicode` (bidi controls and tag
//! characters: high; zero-width and other format characters: medium), `mixed_script_identifier`
//! (Latin mixed with Cyrillic or Greek in one identifier or file-name word: medium) and
//! `agent_instructions` (AGENTS.md, CLAUDE.md, .cursorrules, copilot-instructions.md, …
//! changed: medium). The weight scales with the worst finding.
//!
//! **Why it matters.** "Trojan Source" (CVE-2021-42574) shows a reviewer one program and the
//! compiler another; homoglyphs (CVE-2021-42694) make two names look equal; agent instruction
//! files steer every later automated change and are prompt-injection targets.
//!
//! **Example.** "src/auth.js: line 14 contains hidden characters ⟪U+202E⟫ ⟪U+2066⟫".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::HIDDEN_TEXT_FINDINGS;
use crate::signal::Driver;

/// `hidden_text` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "hidden_text",
    label: "Hidden text",
    weight: 0.50,
    source: "Not fitted in the calibration of 2026-12-07 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 5 of 5,509 corpus PRs — too few to weigh; default kept: Boucher & Anderson, Trojan Source (CVE-2021-42574, CVE-2021-42694); Unicode TS #39; scaled by finding severity",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, HIDDEN_TEXT_FINDINGS, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    #[test]
    fn a_bidi_override_in_the_description_fires_at_high_severity() {
        let case = Case::new(json!({"pull": {"number": 1, "title": "Fix typo", "body": "Looks fine\u{202E} to merge"}}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "PR title and description: contains hidden characters ⟪U+202E⟫"
        );
        assert_eq!(driver.weight, 0.40);
    }

    #[test]
    fn plain_text_does_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1, "title": "Fix typo", "body": "Thanks 👩\u{200D}👧"}, "files": [
            {"filename": "src/a.rs", "status": "modified", "additions": 1, "deletions": 0, "patch": "@@ -1 +1,2 @@\n a\n+let greeting = \"Привет\";"}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
