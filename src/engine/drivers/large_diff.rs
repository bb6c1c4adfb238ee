//! `large_diff`: the change is too big to review carefully in one sitting.
//!
//! **What it detects.** More lines (additions + deletions) than `thresholds.large_diff_lines`,
//! counting every file except lockfiles (the supply-chain findings weigh them) and binaries
//! (`binary_files`), and except lines of hunks that only re-indent or re-wrap code. Files that
//! look generated or vendored count in full: the author decides what looks so, and the triage
//! minutes are the only place they are left out. Prose, translations and test data weigh
//! `LIGHT_READING_FACTOR` per line; the lines of files GitHub did not list (the list stops at
//! 3,000) count from the PR's own totals. The weight ramps from half at the threshold to full
//! at `thresholds.large_diff_severe_lines`.
//!
//! **Why it matters.** Defect detection collapses on big reviews: "LOC under review should be
//! under 200, not to exceed 400"; beyond ~400 lines reviewer attention degrades.
//!
//! **Example.** transformers#43774: "Large change: 930 lines modified (threshold 400)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::triage::{round_lines, unlisted_lines};
use crate::settings::weights::{ramp, LIGHT_READING_FACTOR};
use crate::signal::Driver;

/// `large_diff` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "large_diff",
    label: "Large change",
    weight: 0.50,
    source: "SmartBear/Cisco (Cohen 2006): review ≤ 400 LOC; ramps from half weight at large_diff_lines (400) to full at large_diff_severe_lines (1000, CodelyTV/PR Size Guard L)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let thresholds = &context.settings.thresholds;
    let mut formatting = 0u64;
    let mut light = 0u64;
    let mut authors_word = 0u64;
    let mut weighted = 0.0f64;
    for file in &context.files {
        let lines = file.risk_lines();
        if file.excluded_on_authors_word() {
            authors_word = authors_word.saturating_add(lines);
        }
        if file.light_reading {
            light = light.saturating_add(lines);
            weighted += lines as f64 * LIGHT_READING_FACTOR;
        } else {
            let reformatted = file.formatting.lines.min(lines);
            formatting = formatting.saturating_add(reformatted);
            weighted += (lines - reformatted) as f64;
        }
    }
    let listed = context.bundle.files.as_ref().map(Vec::len);
    let unlisted = match listed {
        Some(listed) => unlisted_lines(context.bundle, listed),
        None => sections.triage.counted_lines,
    };
    let lines = round_lines(weighted + unlisted as f64);
    if lines <= thresholds.large_diff_lines {
        return None;
    }
    let mut detail = format!(
        "Large change: {lines} lines modified (threshold {})",
        thresholds.large_diff_lines
    );
    if formatting > 0 {
        detail.push_str(&format!(
            "; {formatting} whitespace/re-wrap-only lines not counted"
        ));
    }
    let full_weight: u64 = context.files.iter().map(|file| file.risk_lines()).sum();
    let unweighted = full_weight
        .saturating_sub(formatting)
        .saturating_add(unlisted);
    if light > 0 && lines < unweighted {
        detail.push_str(&format!(
            "; {light} lines of docs, translations or test data weigh {LIGHT_READING_FACTOR} each"
        ));
    }
    if authors_word > 0 {
        detail.push_str(&format!(
            "; includes {authors_word} lines marked generated or vendored by the PR itself"
        ));
    }
    let lockfile_lines: u64 = context
        .files
        .iter()
        .filter(|file| file.lockfile)
        .map(|file| file.changed_lines())
        .sum();
    if lockfile_lines > 0 {
        detail.push_str(&format!("; {lockfile_lines} lockfile lines not counted"));
    }
    let scale = ramp(
        lines,
        thresholds.large_diff_lines,
        thresholds.large_diff_severe_lines,
    );
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    fn case(files: serde_json::Value) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": files}))
    }

    #[test]
    fn fires_above_the_threshold_with_the_line_count() {
        let driver = case(json!([file("src/a.py", 700, 0), file("src/b.py", 230, 0)]))
            .fired(evaluate)
            .unwrap();
        assert_eq!(
            driver.detail,
            "Large change: 930 lines modified (threshold 400)"
        );
        assert_eq!(driver.weight, 0.47, "930 lines is most of the way to 1000");
    }

    #[test]
    fn stays_silent_at_the_threshold_and_ignores_lockfiles() {
        assert!(case(json!([file("src/a.py", 400, 0)]))
            .fired(evaluate)
            .is_none());
        assert!(case(json!([
            file("src/a.py", 100, 0),
            file("package-lock.json", 5000, 0)
        ]))
        .fired(evaluate)
        .is_none());
    }

    #[test]
    fn reformatting_does_not_count_as_size() {
        let mut patch = String::from("@@ -1,300 +1,300 @@");
        for index in 0..300 {
            patch.push_str(&format!("\n-x_{index} = f(a,b)"));
        }
        for index in 0..300 {
            patch.push_str(&format!("\n+x_{index} = f(a, b)"));
        }
        let reformatted = json!({"filename": "src/a.py", "status": "modified", "additions": 300, "deletions": 300, "patch": patch});
        assert!(case(json!([reformatted.clone()])).fired(evaluate).is_none());
        let driver = case(json!([reformatted, file("src/b.py", 450, 0)]))
            .fired(evaluate)
            .unwrap();
        assert_eq!(
            driver.detail,
            "Large change: 450 lines modified (threshold 400); 600 whitespace/re-wrap-only lines not counted"
        );
    }

    #[test]
    fn lines_the_pr_calls_generated_still_count() {
        let mut patch = String::from("@@ -0,0 +1,900 @@\n+// @generated by hand\n");
        patch.push_str(&"+x();\n".repeat(899));
        let generated = json!({"filename": "src/payload.js", "status": "added", "additions": 900, "deletions": 0, "patch": patch});
        let driver = case(json!([generated])).fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "Large change: 900 lines modified (threshold 400); includes 900 lines marked generated or vendored by the PR itself"
        );
    }

    #[test]
    fn docs_lines_weigh_a_quarter() {
        assert!(case(json!([file("docs/fr/guide.md", 1200, 0)]))
            .fired(evaluate)
            .is_none());
        assert!(case(json!([file("docs/fr/guide.md", 1800, 0)]))
            .fired(evaluate)
            .is_some());
    }

    #[test]
    fn reaches_full_weight_at_the_severe_threshold() {
        let driver = case(json!([
            file("src/a.py", 600, 400),
            file("package-lock.json", 10, 0)
        ]))
        .fired(evaluate)
        .unwrap();
        assert_eq!(driver.weight, 0.5);
        assert!(driver
            .detail
            .ends_with("; 10 lockfile lines not counted"));
    }
}
