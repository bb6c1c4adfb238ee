//! `pr_burst`: the author or a committer opened pull requests in many repositories within days.
//!
//! **What it detects.** In the person's public events (`GET /users/{login}/events/public`, the
//! last 90 days), pull requests opened in 5 or more distinct repositories within 3 days
//! ([`crate::engine::sections::behaviour`]).
//!
//! **Why it matters.** Spray-and-pray PR campaigns (automated agents, spam, reputation farming
//! before a takeover attempt) look like this; a person working on their own projects does not.
//! AgentScan classifies accounts from the same public events.
//!
//! **Example.** "ana: Opened pull requests in 6 repositories within 3 days (a/x, b/y, c/z and 3 more)".

use super::{fire_for_identity, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, IdentityKind};

/// `pr_burst` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "pr_burst",
    label: "PR burst across repositories",
    weight: 0.30,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): public events are not in git; default kept: AgentScan README (github.com/MatteoGabriele/agentscan, read 2026-12-03): PRs across many repositories in a short time; 5 repositories within 3 days (sections::behaviour)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_identity(context, sections, &SPEC, &[IdentityKind::PrBurst])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::{json, Value};

    fn case(repositories: u32, days_apart: u32) -> Case {
        let events: Vec<Value> = (0..repositories)
            .map(|i| json!({"type": "PullRequestEvent", "repo": {"name": format!("o{i}/r")},
                "created_at": format!("2026-02-{:02}T10:00:00Z", 1 + i * days_apart), "payload": {"action": "opened"}}))
            .collect();
        Case::new(json!({"fetched_at": "2026-03-01T00:00:00Z",
            "pull": {"number": 1, "user": {"login": "ana"}}, "events": {"ana": events}}))
    }

    #[test]
    fn fires_for_prs_opened_in_five_repositories_within_three_days() {
        let driver = case(5, 0).fired(evaluate).unwrap();
        assert!(driver.detail.starts_with("ana: Opened pull requests in 5 repositories"), "{}", driver.detail);
        assert_eq!(driver.weight, 0.30);
    }

    #[test]
    fn prs_spread_over_weeks_do_not_fire() {
        assert!(case(5, 5).fired(evaluate).is_none());
    }
}
