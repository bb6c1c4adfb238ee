//! `package_name_squat`: a new dependency's name imitates a popular package.
//!
//! **What it detects.** Supply-chain `package_name_squat` findings: a package a manifest adds
//! whose name is a typo (`reqeusts`), a separator swap (`crossenv`) or a homoglyph spelling of
//! one of the most-installed packages of its ecosystem (npm, PyPI, crates.io, RubyGems), or has
//! non-ASCII letters. The rule and the lists' sources are in
//! `engine/sections/supply_chain/squats.rs`.
//!
//! **Why it matters.** Typosquats are the most common way malicious packages reach
//! developers (Vu et al. 2020; the `crossenv` npm incident, 2017): the name reads right in a
//! review, and the install runs the attacker's code.
//!
//! **Example.** "requirements.txt: adds reqeusts, which looks like requests (a typo away);
//! check it is the package you mean".

use super::{fire_for_findings, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::engine::sections::supply_chain::SQUAT_FINDINGS;
use crate::signal::Driver;

/// `package_name_squat` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "package_name_squat",
    label: "Look-alike package name",
    weight: 0.45,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): security: never fired on the corpus; default kept: Vu et al., Typosquatting and Combosquatting Attacks on the Python Ecosystem (2020); npm crossenv incident (2017); popular-name lists of npm, PyPI (hugovk top-pypi-packages), crates.io, RubyGems",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_findings(context, sections, &SPEC, SQUAT_FINDINGS, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(added: &str) -> Case {
        Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "requirements.txt", "status": "modified", "additions": 1, "deletions": 0,
             "patch": format!("@@ -1 +1,2 @@\n flask==3.0.0\n+{added}")}
        ]}))
    }

    #[test]
    fn a_typo_of_requests_fires() {
        let driver = case("reqeusts==2.32.0").fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "requirements.txt: adds reqeusts, which looks like requests (a typo away); check it is the package you mean"
        );
        assert_eq!(driver.weight, 0.36);
    }

    #[test]
    fn the_real_package_does_not_fire() {
        assert!(case("requests==2.32.0").fired(evaluate).is_none());
    }
}
