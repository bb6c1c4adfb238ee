//! The recorded layer: the engine over EVERY recorded PR case of `tests/fixture-cases.json`
//! (real GitHub responses in `../shared/fixtures`, beside the repository and never copied into
//! it), with hand-checked expectations per case: what a reviewer would expect the panel to say
//! about that PR. Built only with `--features recorded-fixtures`, which `./build.sh test` turns
//! on when that folder exists; the project's own bundles (`tests/project_bundles/`) cover the
//! same behaviours on every clone.

#[path = "../support/mod.rs"]
mod support;

use prlens::signal::{
    Effort, PolicyOutcome, Priority, ReviewAction, RiskLevel, Role, SignalState, Staleness,
    TrustLevel,
};
use prlens::Settings;
use serde_json::json;
use support::{
    assert_ghost_author_with_low_trust, at, bundle, bundle_value, cases, checklist_item,
    driver_ids, signal,
};

fn checklist_points(signal: &prlens::Signal, id: &str) -> u8 {
    checklist_item(signal, id).earned
}

fn convention(signal: &prlens::Signal, id: &str) -> bool {
    signal
        .conventions
        .iter()
        .find(|check| check.id == id)
        .map(|check| check.ok)
        .unwrap_or_else(|| panic!("no convention {id}"))
}

mod bots;
mod cli_bundle_fixture;
mod docs_and_drafts;
mod every_case;
mod evidence;
mod governance;
mod intent_and_conventions;
mod mergeability_and_reviews;
mod recorded_ci_data;
mod size_and_focus;
mod staleness;
mod trust;
