//! `dormant_account`: an old account that was silent for months and is suddenly busy.
//!
//! **What it detects.** An account older than GitHub's 90-day public-events window with no public
//! activity for 60 days or more, then 5 or more events within 14 days
//! ([`crate::engine::sections::behaviour`]).
//!
//! **Why it matters.** Dormant accounts are bought, recovered or taken over and then used to
//! lend an old name to new work; the xz-utils timeline shows how much an account's apparent
//! history did for its credibility. It is an indicator to look at the person, not a verdict.
//!
//! **Example.** "ana: Account 2615 days old: no public activity in the 80 days before 6 events within 14 days".

use super::{fire_for_identity, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, IdentityKind};

/// `dormant_account` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "dormant_account",
    label: "Dormant account, suddenly active",
    weight: 0.25,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): public events are not in git; default kept: xz-utils attack timeline (research.swtch.com/xz-timeline, 2024-04-01); AgentScan README (read 2026-12-03); 60 quiet days then 5 events within 14 days (sections::behaviour)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_identity(context, sections, &SPEC, &[IdentityKind::DormantThenActive])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::{json, Value};

    fn case(quiet_event: Option<&str>) -> Case {
        let mut events: Vec<Value> = (0..6)
            .map(|i| json!({"type": "PushEvent", "created_at": format!("2026-02-{:02}T10:00:00Z", 20 + i)}))
            .collect();
        if let Some(at) = quiet_event {
            events.push(json!({"type": "PushEvent", "created_at": at}));
        }
        Case::new(json!({"fetched_at": "2026-03-01T00:00:00Z",
            "pull": {"number": 1, "user": {"login": "ana"}},
            "users": {"ana": {"login": "ana", "created_at": "2019-01-01T00:00:00Z"}},
            "events": {"ana": events}}))
    }

    #[test]
    fn fires_for_an_old_account_silent_for_months_then_busy() {
        let driver = case(None).fired(evaluate).unwrap();
        assert!(driver.detail.starts_with("ana: Account"), "{}", driver.detail);
    }

    #[test]
    fn activity_a_few_weeks_earlier_does_not_fire() {
        assert!(case(Some("2026-01-25T10:00:00Z")).fired(evaluate).is_none());
    }
}
