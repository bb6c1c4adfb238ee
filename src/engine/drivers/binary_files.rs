//! `binary_files`: the PR adds or changes content nobody can read in a diff.
//!
//! **What it detects.** Changed binary files (binary extensions, or no patch for a 0/0 change).
//! Executables, libraries, archives, bytecode and model weights weigh fully; images, fonts,
//! media and documents weigh `NON_EXECUTABLE_BINARY_FACTOR`.
//!
//! **Why it matters.** A binary cannot be reviewed line by line; checked-in executables and
//! archives are a classic way to smuggle code past review (Scorecard Binary-Artifacts).
//!
//! **Example.** "2 binary file(s) cannot be reviewed in the diff: tools/protoc.exe, logo.png".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::settings::weights::NON_EXECUTABLE_BINARY_FACTOR;
use crate::signal::Driver;

/// `binary_files` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "binary_files",
    label: "Binary files",
    weight: 0.25,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: fired on 13 of 5,509 corpus PRs — too few to weigh; default kept: OpenSSF Scorecard Binary-Artifacts (risk: High): binaries cannot be reviewed",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let mut binaries: Vec<&crate::engine::files::FileFacts> = context
        .files
        .iter()
        .filter(|file| file.binary && file.status != "removed")
        .collect();
    if binaries.is_empty() {
        return None;
    }
    crate::order::sort_by_key(&mut binaries, |file| !file.binary_may_carry_code());
    let executable = binaries.iter().any(|file| file.binary_may_carry_code());
    let paths: Vec<String> = binaries.iter().map(|file| file.path.clone()).collect();
    let detail = format!(
        "{} binary file(s) cannot be reviewed in the diff: {}",
        paths.len(),
        name_list(&paths)
    );
    let scale = if executable {
        1.0
    } else {
        NON_EXECUTABLE_BINARY_FACTOR
    };
    fire(context, &SPEC, scale, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn binary(path: &str, status: &str) -> serde_json::Value {
        json!({"filename": path, "status": status, "additions": 0, "deletions": 0})
    }

    #[test]
    fn executables_weigh_fully_and_images_less() {
        let both = Case::new(
            json!({"pull": {"number": 1}, "files": [binary("docs/logo.png", "added"), binary("tools/protoc.exe", "added")]}),
        );
        let driver = both.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "2 binary file(s) cannot be reviewed in the diff: tools/protoc.exe, docs/logo.png"
        );
        assert_eq!(driver.weight, 0.25);
        let image =
            Case::new(json!({"pull": {"number": 1}, "files": [binary("docs/logo.png", "added")]}));
        assert_eq!(image.fired(evaluate).unwrap().weight, 0.10);
    }

    #[test]
    fn removed_binaries_and_text_files_do_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            binary("old/tool.exe", "removed"),
            {"filename": "src/a.py", "status": "modified", "additions": 1, "deletions": 0, "patch": "@@ -1 +1 @@\n+x"}
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
