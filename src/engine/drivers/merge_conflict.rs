//! `merge_conflict`: the PR does not merge cleanly into its base.
//!
//! **What it detects.** An open PR whose `mergeable_state` is `dirty` (conflicts with the base
//! branch). Closed and merged PRs keep their last state in recordings; they never fire.
//!
//! **Why it matters.** The code that will land is the conflict resolution, which nobody has
//! reviewed yet; approving now approves something else.
//!
//! **Example.** "Conflicts with the base branch (mergeable_state: dirty)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

/// `merge_conflict` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "merge_conflict",
    label: "Merge conflict",
    weight: 0.15,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): mergeable state is not in git; default kept: GitHub mergeable_state \"dirty\" (danger-js#395 fixture): the merged result is not what was reviewed",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let pull = &context.bundle.pull;
    let state = pull.mergeable_state.as_deref()?;
    if !state.eq_ignore_ascii_case("dirty")
        || pull.merged
        || !pull.state.eq_ignore_ascii_case("open")
    {
        return None;
    }
    let detail = "Conflicts with the base branch (mergeable_state: dirty)".to_string();
    fire(context, &SPEC, 1.0, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    #[test]
    fn fires_only_for_dirty() {
        let dirty =
            Case::new(json!({"pull": {"number": 1, "state": "open", "mergeable_state": "dirty"}}));
        assert_eq!(dirty.fired(evaluate).unwrap().weight, 0.15);
        let closed = Case::new(
            json!({"pull": {"number": 1, "state": "closed", "mergeable_state": "dirty"}}),
        );
        assert!(closed.fired(evaluate).is_none());
        for state in ["clean", "blocked", "unstable", "unknown"] {
            let case = Case::new(
                json!({"pull": {"number": 1, "state": "open", "mergeable_state": state}}),
            );
            assert!(case.fired(evaluate).is_none(), "{state}");
        }
        assert!(Case::new(json!({"pull": {"number": 1}}))
            .fired(evaluate)
            .is_none());
    }
}
