//! `many_files`: the change is spread over many source files.
//!
//! **What it detects.** Source files with code to review ([`crate::engine::files::size`]: not
//! tests, docs, examples, configuration, lockfiles or binaries, and not files whose change is
//! only comments, imports, annotations, moves, sweeps or whitespace), plus the files GitHub did
//! not list; a file with fewer than `SPREAD_FILE_LINES` lines of code counts as that fraction
//! of one. Generated and
//! vendored source files count (the author decides what looks so) unless every contributor is
//! the repository's own. The weight grows with the logarithm of that count from
//! `thresholds.many_files` to full weight at `thresholds.many_files_severe`.
//!
//! **Why it matters.** Diffusion predicts defects independently of size (Kamei et al. 2013:
//! NF, ND, entropy); on the calibration corpus the number of source files changed is the
//! strongest of all the signals prlens has (docs/calibration.md). ~90 % of Google's changes
//! touch fewer than 10 files.
//!
//! **Example.** "Spread: 23 source files with code changes (full weight at 20)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::{log_ramp, SPREAD_FILE_LINES};
use crate::signal::Driver;

/// `many_files` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "many_files",
    label: "Spread",
    weight: 0.62,
    source: "Calibration fit of 2026-12-06 on 5,509 merged PRs of six repositories (docs/calibration.md, \"The fit\"): coefficient 3.64 on ln(1 + spread) / ln(1 + many_files_severe), w = 1 − e^(−0.266 × 3.64), the strongest signal (CV AUC lost without it 0.030); Kamei et al. 2013 (NF, ND); the fit kept many_files_severe at 20",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let thresholds = &context.settings.thresholds;
    let size = crate::engine::review_size::measure(context, sections);
    let count = size.code_files;
    let scale = log_ramp(size.spread, thresholds.many_files_severe);
    if scale <= 0.0 {
        return None;
    }
    let mut detail = format!(
        "Spread: {count} source file{} with code changes (full weight at {})",
        if count == 1 { "" } else { "s" },
        thresholds.many_files_severe
    );
    if size.spread + 0.05 < count as f64 {
        detail.push_str(&format!(
            "; {:.1} counting files with fewer than {SPREAD_FILE_LINES} changed lines of code as part of one",
            size.spread
        ));
    }
    if size.unlisted_files > 0 {
        detail.push_str(&format!(
            "; includes {} files GitHub did not list",
            size.unlisted_files
        ));
    }
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    fn files(count: usize) -> Vec<serde_json::Value> {
        (0..count)
            .map(|index| file(&format!("src/m{index}.rs"), 5, 0))
            .collect()
    }

    fn weight_of(count: f64) -> f64 {
        let thresholds = crate::Settings::default().thresholds;
        crate::engine::drivers::round2(
            SPEC.weight * log_ramp(count, thresholds.many_files_severe),
        )
    }

    #[test]
    fn weight_grows_with_the_log_of_the_source_files() {
        let one = Case::new(json!({"pull": {"number": 1}, "files": files(1)}));
        let driver = one.fired(evaluate).unwrap();
        assert_eq!(driver.detail, "Spread: 1 source file with code changes (full weight at 20)");
        assert_eq!(driver.weight, weight_of(1.0));
        let many = Case::new(json!({"pull": {"number": 1}, "files": files(16)}));
        assert_eq!(many.fired(evaluate).unwrap().weight, weight_of(16.0));
        let severe = Case::new(json!({"pull": {"number": 1}, "files": files(40)}));
        assert_eq!(severe.fired(evaluate).unwrap().weight, SPEC.weight);
    }

    #[test]
    fn a_file_with_a_few_changed_lines_counts_as_part_of_one() {
        let one_liners: Vec<serde_json::Value> = (0..20)
            .map(|index| file(&format!("src/m{index}.rs"), 1, 0))
            .collect();
        let driver = Case::new(json!({"pull": {"number": 1}, "files": one_liners}))
            .fired(evaluate)
            .unwrap();
        assert_eq!(
            driver.detail,
            "Spread: 20 source files with code changes (full weight at 20); 4.0 counting files with fewer than 5 changed lines of code as part of one"
        );
        assert_eq!(driver.weight, weight_of(4.0));
    }

    #[test]
    fn counts_only_source_files_with_code_and_falls_back_to_the_pr_count() {
        let mut list = files(10);
        list.extend((0..10).map(|index| file(&format!("yarn{index}/yarn.lock"), 5, 0)));
        list.extend((0..10).map(|index| file(&format!("tests/test_{index}.py"), 5, 0)));
        list.extend((0..10).map(|index| file(&format!("docs/page{index}.md"), 5, 0)));
        list.extend((0..10).map(|index| file(&format!("examples/app{index}.py"), 5, 0)));
        let counted = Case::new(json!({"pull": {"number": 1}, "files": list}));
        assert!(counted.fired(evaluate).unwrap().detail.starts_with("Spread: 10 source files"));
        let mut vendored = files(10);
        vendored.extend((0..10).map(|index| file(&format!("vendor/x{index}.go"), 5, 0)));
        assert!(
            Case::new(json!({"pull": {"number": 1}, "files": vendored}))
                .fired(evaluate)
                .unwrap()
                .detail
                .starts_with("Spread: 20 source files"),
            "vendored files are the author's word"
        );
        let unfetched = Case::new(json!({"pull": {"number": 1, "changed_files": 371}}));
        assert_eq!(
            unfetched.fired(evaluate).unwrap().detail,
            "Spread: 371 source files with code changes (full weight at 20); includes 371 files GitHub did not list"
        );
    }
}
