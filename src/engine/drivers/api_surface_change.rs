//! `api_surface_change`: public definitions of existing files were removed, re-signed or added.
//!
//! **What it detects.** In modified (not newly added) source files, public functions, methods,
//! types, exported constants or config fields whose signature changed, that were removed, or
//! that were added — per language visibility rules (see `engine::api_surface`). Formatting-only
//! hunks (whitespace, re-wrapping) never count. Additions only weigh
//! `API_ADDITIONS_ONLY_FACTOR` of the weight; removals and signature changes weigh fully.
//!
//! **Why it matters.** Callers of a public API live outside the diff, so a reviewer cannot see
//! what a changed signature breaks; Heimdall rates "breaking API changes" as high risk.
//!
//! **Example.** "API surface changed in 2 file(s): trainer.py (added def
//! activation_offloading_context(…)), training_args.py (added activation_offloading: bool)";
//! "signature changed: pub fn parse(input: &str, strict: bool) -> Ast".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::API_ADDITIONS_ONLY_FACTOR;
use crate::signal::Driver;

/// `api_surface_change` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "api_surface_change",
    label: "API surface change",
    weight: 0.0,
    source: "Calibration fit of 2026-12-06 on 5,509 merged PRs of six repositories (docs/calibration.md, \"The fit\"): coefficient 0 — lift 2.14 alone, but nothing beyond size and spread (CV AUC lost without it: 0.000); API changes stay a focus reason. Was 0.30 (reference product driver; Momental Heimdall HIGH on breaking API changes). Additions only: API_ADDITIONS_ONLY_FACTOR",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let changed: Vec<_> = context
        .files
        .iter()
        .filter(|file| file.status != "added" && !file.api.changes.is_empty())
        .collect();
    if changed.is_empty() {
        return None;
    }
    let breaking = changed.iter().any(|file| file.api.breaking());
    let examples: Vec<String> = changed
        .iter()
        .take(3)
        .filter_map(|file| {
            let first = file.api.changes.first()?;
            let name = file.path.rsplit('/').next().unwrap_or(&file.path);
            let more = file.api.changes.len() - 1;
            let suffix = if more > 0 {
                format!(" +{more} more")
            } else {
                String::new()
            };
            Some(format!("{name} ({}{suffix})", first.describe()))
        })
        .collect();
    let detail = format!(
        "API surface changed in {} file(s): {}",
        changed.len(),
        examples.join(", ")
    );
    let scale = if breaking {
        1.0
    } else {
        API_ADDITIONS_ONLY_FACTOR
    };
    let paths = changed.iter().map(|file| file.path.clone()).collect();
    fire(context, &SPEC, scale, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(status: &str, patch: &str) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "src/pkg/trainer.py", "status": status, "additions": 1, "deletions": 1, "patch": patch}
        ]}))
    }

    /// The driver as a user who weighs it at 0.30 sees it (0 by default: the calibration fit
    /// found nothing it adds to size and spread).
    fn fired(case: Case) -> Option<Driver> {
        let settings =
            crate::Settings::from_json_str(r#"{"weights": {"api_surface_change": 0.30}}"#).unwrap();
        let context = case.context_with(&settings);
        let sections = Case::sections(&context);
        evaluate(&context, &sections)
    }

    #[test]
    fn silent_by_default() {
        assert!(case("modified", "@@ -1,2 +1,2 @@ class Trainer:\n-    def train(self, args):\n+    def train(self, args, offload=False):\n         pass")
            .fired(evaluate)
            .is_none());
    }

    #[test]
    fn signature_changes_fire_at_full_weight_with_the_names() {
        let driver = fired(case("modified", "@@ -1,2 +1,2 @@ class Trainer:\n-    def train(self, args):\n+    def train(self, args, offload=False):\n         pass"))
            .unwrap();
        assert_eq!(
            driver.detail,
            "API surface changed in 1 file(s): trainer.py (signature changed: def train(self, args, offload=False))"
        );
        assert_eq!(driver.weight, 0.30);
        assert_eq!(driver.paths, ["src/pkg/trainer.py"]);
    }

    #[test]
    fn additions_only_weigh_less_and_new_files_or_formatting_do_not_fire() {
        let added = fired(case(
            "modified",
            "@@ -1 +1,3 @@\n x = 1\n+def offload(model):\n+    pass",
        ))
        .unwrap();
        assert_eq!(added.weight, 0.18);
        assert!(fired(case(
            "added",
            "@@ -0,0 +1,2 @@\n+def offload(model):\n+    pass"
        ))
        .is_none());
        assert!(fired(case(
            "modified",
            "@@ -1 +1 @@\n-def run(a,b):\n+def run(a, b):"
        ))
        .is_none());
        assert!(fired(case(
            "modified",
            "@@ -1,2 +1,2 @@\n def run(a):\n-    return 1\n+    return 2"
        ))
        .is_none());
    }
}
