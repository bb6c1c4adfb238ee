//! `large_diff`: the change is too big to review carefully in one sitting.
//!
//! **What it detects.** More counted lines (additions + deletions, excluding lockfiles,
//! generated, vendored and binary files, as triage counts them, and lines of hunks that only
//! re-indent or re-wrap code) than `thresholds.large_diff_lines`. The weight ramps from half at the threshold to full at
//! `thresholds.large_diff_severe_lines`.
//!
//! **Why it matters.** Defect detection collapses on big reviews: "LOC under review should be
//! under 200, not to exceed 400"; beyond ~400 lines reviewer attention degrades.
//!
//! **Example.** transformers#43774: "Large change: 930 lines modified (threshold 400)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::ramp;
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
    let formatting: u64 = context
        .files
        .iter()
        .filter(|file| !file.excluded_from_size)
        .map(|file| file.formatting.lines)
        .sum();
    let lines = sections.triage.counted_lines.saturating_sub(formatting);
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
    if sections.triage.excluded_lines > 0 {
        detail.push_str(&format!(
            "; {} lockfile/generated/vendored lines not counted",
            sections.triage.excluded_lines
        ));
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
            .ends_with("; 10 lockfile/generated/vendored lines not counted"));
    }
}
