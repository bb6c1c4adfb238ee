//! `trust_boundary_change`: the PR changes the rules its own review runs under.
//!
//! **What it detects.** Changed trust-boundary files: code ownership (`CODEOWNERS`, `OWNERS`,
//! `MAINTAINERS`), repository settings applied from `.github/` (Probot `settings.yml`,
//! Dependabot, Renovate, rulesets; workflows are `dangerous_workflow`'s), package-registry
//! settings (`.npmrc`, `.yarnrc.yml`, `pip.conf`, `.cargo/config.toml`, `nuget.config`…) and
//! diff attributes (`.gitattributes`, `.gitmodules`). What the registry files *say* (a switched
//! registry) is the supply-chain section's finding; this driver says the file itself changed.
//!
//! **Why it matters.** Whoever edits CODEOWNERS chooses the next reviewers; whoever edits
//! `.npmrc` chooses where packages come from; whoever edits `.gitattributes` chooses what the
//! diff view shows. A maintainer should approve these deliberately, not as part of a feature.
//!
//! **Example.** "Trust-boundary files changed: code ownership (.github/CODEOWNERS), package
//! registry settings (.npmrc)".

use super::{fire, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::files::TrustBoundary;
use crate::signal::Driver;

/// `trust_boundary_change` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "trust_boundary_change",
    label: "Trust-boundary change",
    weight: crate::settings::weights::SECURITY_SURFACE_FLOOR,
    source: "Security surface, not fitted (docs/calibration.md, \"What the fit cannot see\"): fired on 20 of 5,509 corpus PRs, lift 0.40, and fitted alongside size and spread its coefficient is 0 — what it guards matters for attacks, not for defects. It keeps SECURITY_SURFACE_FLOOR, 0.20: with one changed line of code the PR is still medium. Was 0.35: GitHub Docs \"About code owners\"; Kubernetes OWNERS; npm/Yarn/pip/Cargo/NuGet registry settings; git gitattributes(5); weighted like sensitive_paths (vercel-labs/open-agents#833: permissions and infra/config are High)",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let mut groups: Vec<(TrustBoundary, Vec<&str>)> = Vec::new();
    let mut paths = Vec::new();
    for file in &context.files {
        let Some(kind) = file.trust_boundary else {
            continue;
        };
        paths.push(file.path.clone());
        match groups.iter_mut().find(|(group, _)| *group == kind) {
            Some((_, files)) => files.push(&file.path),
            None => groups.push((kind, vec![&file.path])),
        }
    }
    if groups.is_empty() {
        return None;
    }
    crate::order::sort_by_key(&mut groups, |(kind, _)| *kind);
    let summary: Vec<String> = groups
        .iter()
        .map(|(kind, files)| format!("{} ({})", kind.label(), super::name_list(files)))
        .collect();
    let detail = format!("Trust-boundary files changed: {}", summary.join(", "));
    fire(context, &SPEC, 1.0, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    #[test]
    fn fires_per_boundary_with_the_files() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file(".npmrc", 1, 0), file(".github/CODEOWNERS", 1, 1), file("src/app.ts", 3, 0)
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "Trust-boundary files changed: code ownership (.github/CODEOWNERS), package registry settings (.npmrc)"
        );
        assert_eq!(driver.weight, SPEC.weight);
    }

    #[test]
    fn workflows_and_ordinary_files_do_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file(".github/workflows/ci.yml", 1, 0), file("docs/owners-guide.md", 3, 0)
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
