//! `build_script_change`: the PR changes how the project is built.
//!
//! **What it detects.** Changed build scripts: Makefiles, Dockerfiles and compose files,
//! `build.rs`, CMake, Gradle, sbt, Bazel, `setup.py`, shell scripts under `scripts/`, Git
//! hooks under `.husky/`, and `package.json` `"scripts"` edits.
//!
//! **Why it matters.** Build scripts run with developer and CI privileges and are often
//! skimmed; a one-line change can fetch and execute anything. New install-time hooks are
//! reported separately by `install_script`.
//!
//! **Example.** "Build scripts changed: Dockerfile, scripts/release.sh".
//!
//! **Source.** Reference product flag "Modifies build scripts"; pr-signal
//! "dependency/CI/automation/Dockerfile" category; scoring-reference §5.7.

use super::{fire, name_list};
use crate::engine::{Context, Sections};
use crate::signal::Driver;

pub fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let paths: Vec<String> = context
        .files
        .iter()
        .filter(|file| file.build_script)
        .map(|file| file.path.clone())
        .collect();
    if paths.is_empty() {
        return None;
    }
    let detail = format!("Build scripts changed: {}", name_list(&paths));
    fire(context, "build_script_change", 1.0, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    #[test]
    fn fires_for_build_files() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file("Dockerfile", 1, 1), file("scripts/release.sh", 2, 0), file("src/lib.rs", 3, 0)
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "Build scripts changed: Dockerfile, scripts/release.sh"
        );
        assert_eq!(driver.weight, 0.20);
    }

    #[test]
    fn source_files_do_not_fire() {
        let case =
            Case::new(json!({"pull": {"number": 1}, "files": [file("src/build_info.rs", 1, 1)]}));
        assert!(case.fired(evaluate).is_none());
    }
}
