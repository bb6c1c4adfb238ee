//! `registry_switch`: the PR changes where packages are downloaded from.
//!
//! **What it detects.** Supply-chain `registry_switch` findings (a registry, index, proxy or
//! source replacement set in `.npmrc`, `.yarnrc(.yml)`, `bunfig.toml`, `pip.conf`,
//! `pyproject.toml`, `.cargo/config.toml`, `GOPROXY`/`GONOSUMDB`/…, `NuGet.config`, Maven
//! `settings.xml`, Gradle `maven { url }`) and `lockfile_foreign_source` findings (a lockfile
//! entry resolving to another package's tarball or to a git/ssh source). A switch back to the
//! public registry is not a finding. The weight scales with the worst finding.
//!
//! **Why it matters.** Every later install resolves names against the new source: dependency
//! confusion (Birsan 2021) and lockfile injection (Tal 2019) need exactly this one line, and
//! it sits in files reviewers skip.
//!
//! **Example.** ".npmrc: sets registry to https://npm.corp-mirror.example: packages resolve from
//! there instead of the public registry".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::REGISTRY_FINDINGS;
use crate::signal::Driver;

/// `registry_switch` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "registry_switch",
    label: "Registry switch",
    weight: 0.45,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: never fired on the corpus; default kept: Birsan, Dependency Confusion (2021); Tal, npm lockfile injection (2019); npm, pip, Cargo, Go, NuGet source configuration docs; scaled by finding severity",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, REGISTRY_FINDINGS, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(added: &str) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": ".npmrc", "status": "modified", "additions": 1, "deletions": 0,
             "patch": format!("@@ -1 +1,2 @@\n save-exact=true\n+{added}")}
        ]}))
    }

    #[test]
    fn a_new_npm_registry_fires() {
        let driver = case("registry=https://npm.mirror.example/").fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            ".npmrc: sets registry to https://npm.mirror.example: packages resolve from there instead of the public registry"
        );
        assert_eq!(driver.weight, 0.36);
    }

    #[test]
    fn the_public_registry_does_not_fire() {
        assert!(case("registry=https://registry.npmjs.org/").fired(evaluate).is_none());
    }
}
