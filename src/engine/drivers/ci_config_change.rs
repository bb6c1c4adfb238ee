//! `ci_config_change`: the PR changes how CI runs.
//!
//! **What it detects.** Changed CI configuration: GitHub Actions workflows and actions, GitLab
//! CI, CircleCI, Jenkins, Azure Pipelines, Travis, Buildkite, Bitbucket Pipelines and others
//! (`settings::paths::CI_*`).
//!
//! **Why it matters.** CI runs with repository secrets and decides what "green" means; a change
//! there can disable checks or exfiltrate credentials, and it is rarely what a reviewer reads
//! first. Specific dangers are reported by `dangerous_workflow`.
//!
//! **Example.** "CI configuration changed: .github/workflows/ci.yml, .github/workflows/lint.yml".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

/// `ci_config_change` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "ci_config_change",
    label: "CI config change",
    weight: 0.0,
    source: "Hygiene, not risk of merging: 0 since the calibration of 2026-12-06 (docs/calibration.md: fired on 8.3 % of 5,509 merged PRs of six repositories, lift 0.41); the CI files stay listed in the supply-chain section and their findings keep their floors. Was 0.15 from the reference product's flag \"Modifies CI config\"",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let paths: Vec<String> = context
        .files
        .iter()
        .filter(|file| file.ci_config)
        .map(|file| file.path.clone())
        .collect();
    if paths.is_empty() {
        return None;
    }
    let detail = format!("CI configuration changed: {}", name_list(&paths));
    fire(context, &SPEC, 1.0, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    #[test]
    fn fires_for_workflows_and_other_ci_systems_only_when_weighed() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file(".github/workflows/ci.yml", 1, 1), file(".gitlab-ci.yml", 1, 0), file("src/main.rs", 3, 0)
        ]}));
        assert!(case.fired(evaluate).is_none(), "hygiene: weight 0 by default");
        let settings =
            crate::Settings::from_json_str(r#"{"weights": {"ci_config_change": 0.15}}"#).unwrap();
        let context = case.context_with(&settings);
        let sections = Case::sections(&context);
        let driver = evaluate(&context, &sections).unwrap();
        assert_eq!(
            driver.detail,
            "CI configuration changed: .github/workflows/ci.yml, .gitlab-ci.yml"
        );
        assert_eq!(driver.weight, 0.15);
    }

    #[test]
    fn ordinary_yaml_does_not_fire() {
        let case =
            Case::new(json!({"pull": {"number": 1}, "files": [file("config/app.yml", 1, 1)]}));
        assert!(case.fired(evaluate).is_none());
    }
}
