//! Account behaviour on the project bundle `dormant-account-returns`: the author's eight-year-old
//! account was silent for the whole 90-day events window but for the last two weeks, and a
//! co-author's account is a week old with no name, repositories or followers. Its twin
//! `approved-on-head-steady-author` (steady activity, one author) fires neither.

use super::*;

fn identity_notes(signal: &prlens::Signal) -> Vec<(String, &'static str)> {
    signal
        .contributors
        .iter()
        .flat_map(|person| {
            person
                .identity
                .iter()
                .map(|note| (person.login.clone(), note.kind.key()))
        })
        .collect()
}

#[test]
fn a_dormant_author_suddenly_active_and_an_empty_week_old_co_author_are_named_with_evidence() {
    let signal = project_signal("dormant-account-returns");
    let ids = driver_ids(&signal);
    for id in ["dormant_account", "empty_profile"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    assert_eq!(
        identity_notes(&signal),
        [
            ("ines-marchetti".to_string(), "dormant_then_active"),
            ("pim-vos".to_string(), "empty_new_profile"),
        ]
    );
    let dormant = signal
        .risk
        .drivers
        .iter()
        .find(|driver| driver.id == "dormant_account")
        .expect("dormant_account fired");
    assert!(
        dormant.detail.contains("no public activity"),
        "{}",
        dormant.detail
    );
}

#[test]
fn steady_activity_and_a_known_author_fire_no_behaviour_driver() {
    let signal = project_signal("approved-on-head-steady-author");
    let ids = driver_ids(&signal);
    for id in ["dormant_account", "empty_profile", "pr_burst"] {
        assert!(!ids.contains(&id), "{id} in {ids:?}");
    }
}
