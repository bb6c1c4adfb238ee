//! `unreviewable_content`: changed content the diff view does not let anyone review.
//!
//! **What it detects.** The findings of the integrity section: bulk content left out of the
//! minutes on the PR's own word (generated headers, minified lines, vendored paths, the PR's
//! `.gitattributes`, the page), source files without a patch, diffs hidden by the PR's own
//! `.gitattributes`, text-named binaries, and the xz pattern (opaque files together with a
//! build-script change, a high finding). The weight scales with the worst finding's severity;
//! one medium finding alone makes the change medium risk, so it is never approved unread.
//!
//! **Why it matters.** What the author marks as generated or binary is still code that ships;
//! the reviewer only sees that it was not shown. The xz-utils backdoor was binary "test data"
//! plus an autotools macro change.
//!
//! **Example.** "opaque content (tests/files/bad-3-corrupt_lzma2.xz) comes with a build-script
//! change (the xz-utils backdoor pattern) in: m4/build-to-host.m4".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::integrity::INTEGRITY_FINDINGS;
use crate::signal::Driver;

/// `unreviewable_content` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "unreviewable_content",
    label: "Unreviewable content",
    weight: 0.45,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 4 of 5,509 corpus PRs — too few to weigh; default kept: CVE-2024-3094 (xz-utils: binary test files + autotools macro); OpenSSF Scorecard Binary-Artifacts; git gitattributes(5) and linguist overrides: exclusions the author controls shorten minutes, never risk; severity factor of the worst finding",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, INTEGRITY_FINDINGS, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    #[test]
    fn a_binary_test_file_with_an_autotools_change_is_the_xz_pattern() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "tests/files/bad-3-corrupt_lzma2.xz", "status": "added", "additions": 0, "deletions": 0},
            file("m4/build-to-host.m4", 20, 2),
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert!(
            driver.detail.starts_with("m4/build-to-host.m4: opaque content (tests/files/bad-3-corrupt_lzma2.xz)"),
            "{}",
            driver.detail
        );
        assert_eq!(driver.weight, 0.36, "a high finding: 0.8 of the weight");
    }

    #[test]
    fn a_source_file_without_a_patch_fires_and_a_reviewable_one_does_not() {
        let patchless = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "src/loader.c", "status": "modified", "additions": 40, "deletions": 0}
        ]}));
        assert!(patchless.fired(evaluate).is_some());
        let reviewable = Case::new(json!({"pull": {"number": 1}, "files": [file("src/loader.c", 40, 0)]}));
        assert!(reviewable.fired(evaluate).is_none());
    }
}
