//! `agent_authored`: an AI coding agent wrote or co-wrote the PR (off unless weighted).
//!
//! **What it detects.** Any evidence of the `authorship` section: an agent's account opened
//! the PR or made a commit, a `Co-authored-by:` trailer or commit e-mail of an agent, a
//! "Generated with …" footer, an agent branch prefix.
//!
//! **Why it matters.** Some maintainers review agent-written changes differently. It is no
//! risk by itself (agent PRs are merged at high rates, and using a tool is no fault), so the
//! default weight is 0: the driver never fires and the evidence shows as a label in
//! Contributors. A weight in `settings.weights.agent_authored` makes it count.
//!
//! **Example.** "Written with GitHub Copilot coding agent: PR opened by Copilot".

use super::{fire, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{agents_named, Driver};

/// `agent_authored` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "agent_authored",
    label: "Written with an AI agent",
    weight: 0.0,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): weight 0 by design; default kept: Maintainer requests for agent labels without penalty (linear-b/gitstream#752, numpy/numpy#30972); agent logins, trailers and footers as documented in src/engine/sections/authorship/agents.rs; weight 0 by design",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let first = sections.authorship.first()?;
    let detail = format!(
        "Written with {}: {}",
        agents_named(&sections.authorship).join(", "),
        first.detail
    );
    fire(context, &SPEC, 1.0, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn agent_pr() -> Case {
        Case::new(json!({"pull": {"number": 1, "user": {"login": "Copilot", "type": "Bot"}}}))
    }

    #[test]
    fn carries_no_weight_by_default() {
        assert!(agent_pr().fired(evaluate).is_none());
    }

    #[test]
    fn fires_with_the_users_weight_and_names_the_agent() {
        let settings =
            crate::Settings::from_json_str(r#"{"weights":{"agent_authored":0.2}}"#).unwrap();
        let case = agent_pr();
        let context = case.context_with(&settings);
        let sections = Case::sections(&context);
        let fired = evaluate(&context, &sections).unwrap();
        assert_eq!(fired.weight, 0.2);
        assert!(fired.detail.contains("GitHub Copilot coding agent"), "{}", fired.detail);
        let human = Case::new(json!({"pull": {"number": 1, "user": {"login": "alice"}}}));
        let context = human.context_with(&settings);
        assert!(evaluate(&context, &Case::sections(&context)).is_none());
    }
}
