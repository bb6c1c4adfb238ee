//! `draft`: the author marked the PR as a draft.
//!
//! **What it detects.** `pull.draft == true`.
//!
//! **Why it matters.** A draft is, by the author's own word, not ready: reviewing it now may
//! be reviewing code that will change. It weighs little on its own.
//!
//! **Example.** "Marked as draft: the author says it is not ready for review".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

/// `draft` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "draft",
    label: "Draft",
    weight: 0.05,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): drafts are not in git; default kept: GitHub draft pull requests (hub4j/github-api#1624 and didot/PyGithub#2 fixtures): the author says it is not ready for review",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    if !context.bundle.pull.draft {
        return None;
    }
    let detail = "Marked as draft: the author says it is not ready for review".to_string();
    fire(context, &SPEC, 1.0, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    #[test]
    fn fires_only_for_drafts() {
        let draft = Case::new(json!({"pull": {"number": 1, "draft": true}}));
        assert_eq!(draft.fired(evaluate).unwrap().weight, 0.05);
        assert!(Case::new(json!({"pull": {"number": 1, "draft": false}}))
            .fired(evaluate)
            .is_none());
    }
}
