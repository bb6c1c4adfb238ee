//! `missing_tests`: source code changed, but no test did.
//!
//! **What it detects.** At least `MISSING_TESTS_MIN_LINES` reviewable source lines changed
//! (not generated, vendored, or formatting-only) and no test file in the PR.
//!
//! **Why it matters.** Untested changes rely entirely on the reviewer's reading; a test shows
//! the author's intent and protects it. Tiny fixes are exempt so the driver stays meaningful.
//!
//! **Example.** "142 source lines changed in 3 file(s) with no test changes".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::engine::files::FileClass;
use crate::settings::weights::MISSING_TESTS_MIN_LINES;
use crate::signal::Driver;

/// `missing_tests` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "missing_tests",
    label: "Missing tests",
    weight: 0.0,
    source: "Calibration fit of 2026-12-06 on 5,509 merged PRs of six repositories (docs/calibration.md, \"The fit\"): coefficient 0.004, a weight that rounds to 0.00 (CV AUC lost without it: 0.0003). Was 0.20: Microsoft PR-Metrics test-factor 1.0; gitStream `allTests`; fires from MISSING_TESTS_MIN_LINES source lines",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    if context
        .files
        .iter()
        .any(|file| file.class == FileClass::Test)
    {
        return None;
    }
    let sources: Vec<_> = context
        .files
        .iter()
        .filter(|file| file.is_reviewable_source() && !file.formatting.formatting_only())
        .collect();
    let lines: u64 = sources.iter().map(|file| file.changed_lines()).sum();
    if lines < MISSING_TESTS_MIN_LINES {
        return None;
    }
    let detail = format!(
        "{lines} source lines changed in {} file(s) with no test changes",
        sources.len()
    );
    let paths = sources.iter().map(|file| file.path.clone()).collect();
    fire(context, &SPEC, 1.0, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    fn case(files: serde_json::Value) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": files}))
    }

    /// The driver as a user who weighs it sees it (0 by default since the calibration).
    fn fired(case: Case) -> Option<Driver> {
        let settings =
            crate::Settings::from_json_str(r#"{"weights": {"missing_tests": 0.2}}"#).unwrap();
        let context = case.context_with(&settings);
        let sections = Case::sections(&context);
        evaluate(&context, &sections)
    }

    #[test]
    fn fires_when_source_changes_without_tests() {
        let driver = fired(case(json!([file("src/a.rs", 15, 5), file("README.md", 50, 0)])))
            .unwrap();
        assert_eq!(
            driver.detail,
            "20 source lines changed in 1 file(s) with no test changes"
        );
        assert_eq!(driver.paths, ["src/a.rs"]);
    }

    #[test]
    fn silent_below_the_floor_with_a_test_or_without_source() {
        assert!(fired(case(json!([file("src/a.rs", 10, 9)])))
            .is_none());
        assert!(
            fired(case(json!([file("src/a.rs", 100, 0), file("tests/a.rs", 1, 0)])))
                .is_none()
        );
        assert!(fired(case(json!([file("docs/guide.md", 300, 0)])))
            .is_none());
        assert!(fired(case(json!([file("vendor/lib/a.go", 300, 0)])))
            .is_none());
    }
}
