//! `empty_profile`: a brand-new account with nothing on its profile.
//!
//! **What it detects.** An account younger than 30 days with no name, no public repositories
//! and no followers (`GET /users/{login}`; [`crate::engine::sections::behaviour`]).
//!
//! **Why it matters.** Throwaway accounts made for one PR look like this; `young_account`
//! weighs age alone, this adds that nothing else vouches for the person either. Small weight:
//! many honest first contributors start the same way.
//!
//! **Example.** "ana: Account 4 days old with no name, no public repositories and no followers".

use super::{fire_for_identity, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, IdentityKind};

/// `empty_profile` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "empty_profile",
    label: "Empty new profile",
    weight: 0.10,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): accounts are not in git; capped at new_contributor's fitted 0.10 like young_account. Was 0.15: AgentScan README (read 2026-12-03), younger than 30 days with no name, repositories or followers (sections::behaviour)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_identity(context, sections, &SPEC, &[IdentityKind::EmptyNewProfile])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::{json, Value};

    fn case(name: Value) -> Case {
        Case::new(json!({"fetched_at": "2026-03-01T00:00:00Z",
            "pull": {"number": 1, "user": {"login": "ana"}},
            "users": {"ana": {"login": "ana", "created_at": "2026-02-25T00:00:00Z",
                              "public_repos": 0, "followers": 0, "name": name}}}))
    }

    #[test]
    fn fires_for_a_days_old_account_with_an_empty_profile() {
        let driver = case(Value::Null).fired(evaluate).unwrap();
        assert_eq!(driver.detail, "ana: Account 4 days old with no name, no public repositories and no followers");
    }

    #[test]
    fn a_named_profile_does_not_fire() {
        assert!(case(json!("Ana Lima")).fired(evaluate).is_none());
    }
}
