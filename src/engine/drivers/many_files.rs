//! `many_files`: the change is spread over many files.
//!
//! **What it detects.** More files than `thresholds.many_files`, counting every file except
//! lockfiles and binaries (generated and vendored files count: the author decides what looks
//! so), prose, translations and test data at `LIGHT_READING_FACTOR` each, and GitHub's
//! `changed_files` when the file list was not fetched or is shorter than it.
//! The weight ramps from half at the threshold to full at `thresholds.many_files_severe`.
//!
//! **Why it matters.** Diffusion predicts defects independently of size (Kamei et al. 2013:
//! NF, ND, entropy); ~90% of Google's changes touch fewer than 10 files.
//!
//! **Example.** "23 files changed (threshold 15)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::{ramp, LIGHT_READING_FACTOR};
use crate::signal::Driver;

/// `many_files` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "many_files",
    label: "Many files",
    weight: 0.25,
    source: "PR Size Guard (Medium ≤ 15 files, Large ≤ 30) and PRisk (warn at 15 files); ramps from many_files to many_files_severe",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let thresholds = &context.settings.thresholds;
    let (count, excluded) = match &context.bundle.files {
        Some(listed) => {
            let counted = context
                .files
                .iter()
                .filter(|file| !file.lockfile && !file.binary);
            let weighted: f64 = counted
                .clone()
                .map(|file| {
                    if file.light_reading {
                        LIGHT_READING_FACTOR
                    } else {
                        1.0
                    }
                })
                .sum();
            let unlisted = context
                .bundle
                .pull
                .changed_files
                .unwrap_or(0)
                .saturating_sub(listed.len() as u64);
            let excluded = context.files.len() - counted.count();
            (
                (weighted.ceil() as u64).saturating_add(unlisted),
                excluded as u64,
            )
        }
        None => (context.bundle.pull.changed_files?, 0),
    };
    if count <= thresholds.many_files {
        return None;
    }
    let mut detail = format!(
        "{count} files changed (threshold {})",
        thresholds.many_files
    );
    if excluded > 0 {
        detail.push_str(&format!(
            "; {excluded} lockfile/binary files not counted"
        ));
    }
    let scale = ramp(count, thresholds.many_files, thresholds.many_files_severe);
    fire(context, &SPEC, scale, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    fn files(count: usize) -> Vec<serde_json::Value> {
        (0..count)
            .map(|index| file(&format!("src/m{index}.rs"), 1, 0))
            .collect()
    }

    #[test]
    fn fires_above_the_threshold_and_ramps_to_full_weight() {
        let at = Case::new(json!({"pull": {"number": 1}, "files": files(15)}));
        assert!(at.fired(evaluate).is_none());
        let above = Case::new(json!({"pull": {"number": 1}, "files": files(16)}));
        let driver = above.fired(evaluate).unwrap();
        assert_eq!(driver.detail, "16 files changed (threshold 15)");
        assert_eq!(driver.weight, 0.13);
        let severe = Case::new(json!({"pull": {"number": 1}, "files": files(40)}));
        assert_eq!(severe.fired(evaluate).unwrap().weight, 0.25);
    }

    #[test]
    fn counts_only_reviewable_files_and_falls_back_to_the_pr_count() {
        let mut list = files(10);
        list.extend((0..10).map(|index| file(&format!("yarn{index}/yarn.lock"), 1, 0)));
        assert!(Case::new(json!({"pull": {"number": 1}, "files": list}))
            .fired(evaluate)
            .is_none());
        let mut vendored = files(10);
        vendored.extend((0..10).map(|index| file(&format!("vendor/x{index}.go"), 1, 0)));
        assert!(
            Case::new(json!({"pull": {"number": 1}, "files": vendored}))
                .fired(evaluate)
                .is_some(),
            "vendored files are the author's word"
        );
        let unfetched = Case::new(json!({"pull": {"number": 1, "changed_files": 371}}));
        assert_eq!(
            unfetched.fired(evaluate).unwrap().detail,
            "371 files changed (threshold 15)"
        );
    }
}
