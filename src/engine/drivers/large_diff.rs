//! `large_diff`: how much there is to review — the size of the change, read as a reviewer reads it.
//!
//! **What it detects.** The lines to review ([`crate::engine::files::size`]): code counts
//! fully, test code half, and prose, comments, doc comments, moved code, mechanical sweeps
//! and configuration a quarter; whitespace-only re-formatting and lockfiles not at all.
//! Generated and vendored files count as code (the author decides what looks so) unless every
//! contributor is the repository's own (a member regenerating a client). The weight grows with
//! the logarithm of those lines from `thresholds.large_diff_lines` to full weight at
//! `thresholds.large_diff_severe_lines`.
//!
//! **Why it matters.** Size is the strongest single predictor of a change that goes wrong
//! (Kamei et al. 2013; on the calibration corpus the measure above ranks reverted and
//! soon-fixed PRs far better than counting changed lines: docs/calibration.md), and reviewers
//! lose attention beyond a few hundred lines (SmartBear/Cisco: "not to exceed 400 LOC").
//!
//! **Example.** "Size: 930 lines to review (full weight at 1000)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::engine::review_size::measure;
use crate::engine::sections::triage::round_lines;
use crate::settings::weights::{log_ramp, LIGHT_READING_FACTOR, TEST_LINES_FACTOR};
use crate::signal::Driver;

/// `large_diff` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "large_diff",
    label: "Size",
    weight: 0.35,
    source: "Calibration fit of 2026-12-06 on 5,509 merged PRs of six repositories (docs/calibration.md, \"The fit\"): coefficient 1.65 on ln(1 + lines to review) / ln(1 + large_diff_severe_lines), w = 1 − e^(−0.266 × 1.65); CV AUC lost without it 0.003; the fit kept large_diff_severe_lines at 1000 (SmartBear/Cisco: review ≤ 400 LOC; CodelyTV/PR Size Guard L at 1000)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let thresholds = &context.settings.thresholds;
    let size = measure(context, sections);
    let lines = round_lines(size.lines);
    let scale = log_ramp(size.lines, thresholds.large_diff_severe_lines);
    if scale <= 0.0 {
        return None;
    }
    let mut detail = format!(
        "Size: {lines} lines to review (full weight at {})",
        thresholds.large_diff_severe_lines
    );
    // What weighed the lines down or left them out, each named with its count when there is one:
    // (count, words before it, words after it).
    let light = format!("weigh {LIGHT_READING_FACTOR} each");
    let parts = [
        (size.test_lines, "", format!("test lines weigh {TEST_LINES_FACTOR} each")),
        (
            size.light_lines,
            "",
            format!("lines of docs, comments, moved or repeated code and configuration {light}"),
        ),
        (
            size.generated_light_lines,
            "",
            format!("generated lines committed by the repository's own people {light}"),
        ),
        (size.formatting_lines, "", "whitespace/re-wrap-only lines not counted".into()),
        (
            size.authors_word_lines,
            "includes ",
            "lines marked generated or vendored by the PR itself".into(),
        ),
        (size.lockfile_lines, "", "lockfile lines not counted".into()),
    ];
    for (count, before, after) in parts {
        if count > 0 {
            detail.push_str(&format!("; {before}{count} {after}"));
        }
    }
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests;
