//! The engine over the project's own PR bundles (`tests/bundles/`, described in its README):
//! each bundle stands for one kind of pull request a reviewer meets, and each test checks what
//! the panel must say about it, for the reason the engine gives. These run on every clone; the
//! recorded GitHub responses (`tests/recorded/`) are an extra layer on top.

#[path = "../support/mod.rs"]
mod support;

use prlens::signal::{Effort, Priority, ReviewAction, RiskLevel, SignalState, TrustLevel};
use prlens::Settings;
use serde_json::{json, Value};
use support::{
    assert_ghost_author_with_low_trust, checklist_item, driver_ids, project_bundle,
    project_bundle_names, project_bundle_value, project_signal,
};

mod behaviour;
mod claims;
mod effort;
mod exclusions;
mod identity;
mod people;
mod reach;
mod review;
mod reviews_and_checks;
mod scaled_identity;
mod scans;
mod shapes;
mod signals;

fn checklist(signal: &prlens::Signal, id: &str) -> (u8, String) {
    let item = checklist_item(signal, id);
    (item.earned, item.label.clone())
}

fn analyze_value(value: &Value) -> prlens::Signal {
    let bundle = prlens::Bundle::from_value(value).expect("a valid bundle");
    prlens::analyze(&bundle, &Settings::default(), None)
}

#[test]
fn every_project_bundle_gives_a_consistent_deterministic_signal() {
    let names = project_bundle_names();
    assert!(names.len() >= 11, "project bundles: {names:?}");
    for name in names {
        let bundle = project_bundle(&name);
        let first = prlens::analyze(&bundle, &Settings::default(), None);
        let second = prlens::analyze(&bundle, &Settings::default(), None);
        assert_eq!(first, second, "{name}: same bundle, same signal");
        support::assert_signal_invariants(&name, &bundle, &first);
        let fetched_at = project_bundle_value(&name)["fetched_at"]
            .as_str()
            .map(prlens::timestamp::parse);
        assert_eq!(
            prlens::timestamp::parse(&first.meta.generated_at),
            fetched_at.expect("every project bundle says when it was fetched"),
            "{name}: now defaults to fetched_at"
        );
    }
}
