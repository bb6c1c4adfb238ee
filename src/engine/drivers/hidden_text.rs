//! `hidden_text`: the diff, a file name or the PR description reads differently from what it
//! does, or the PR changes what AI coding agents are told to do.
//!
//! **What it detects.** Supply-chain findings `hidden_unicode` (any bidi control or invisible
//! character in code — a Trojan Source finding that says what the character does — and bidi
//! controls or tag characters elsewhere: high; other zero-width and format characters outside
//! code: medium; marks that belong to the script of a translation or prose are not findings),
//! `mixed_script_identifier`
//! (Latin mixed with Cyrillic or Greek in one identifier or file-name word: medium) and
//! `agent_instructions` (AGENTS.md, CLAUDE.md, .cursorrules, copilot-instructions.md, …
//! changed: medium). The weight scales with the worst finding.
//!
//! **Why it matters.** "Trojan Source" (CVE-2021-42574) shows a reviewer one program and the
//! compiler another; homoglyphs (CVE-2021-42694) make two names look equal; agent instruction
//! files steer every later automated change and are prompt-injection targets.
//!
//! **Example.** "src/auth.js: line 14: Trojan Source — ⟪U+202E⟫ (override: reverses the displayed
//! line); the code runs differently from how it reads".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::HIDDEN_TEXT_FINDINGS;
use crate::signal::Driver;

/// `hidden_text` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "hidden_text",
    label: "Hidden text",
    weight: 0.50,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 2 of 5,509 corpus PRs (5 before look-alike text in test strings stopped being a finding) — too few to weigh; default kept: Boucher & Anderson, Trojan Source (CVE-2021-42574, CVE-2021-42694); Unicode TS #39; scaled by finding severity",
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
            "PR title and description: contains hidden characters ⟪U+202E⟫ (override: reverses the displayed line)"
        );
        assert_eq!(driver.weight, 0.40);
    }

    #[test]
    fn a_bots_unnotifying_mention_and_a_hebrew_translation_do_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1, "title": "Bump x", "body": "Dependabot will merge this PR once CI passes. @\u{200B}dependabot rebase"}, "files": [
            {"filename": "locales/he/messages.json", "status": "modified", "additions": 1, "deletions": 0, "patch": "@@ -1 +1,2 @@\n {\n+  \"greeting\": \"\u{05E9}\u{05DC}\u{05D5}\u{05DD}\u{200F}!\""}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }

    #[test]
    fn plain_text_does_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1, "title": "Fix typo", "body": "Thanks 👩\u{200D}👧"}, "files": [
            {"filename": "src/a.rs", "status": "modified", "additions": 1, "deletions": 0, "patch": "@@ -1 +1,2 @@\n a\n+let greeting = \"Привет\";"}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
