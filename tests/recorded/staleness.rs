//! Recorded fixture cases: staleness.

use super::*;

#[test]
fn open_prs_go_stale_with_time_and_merged_ones_do_not() {
    let bundle = bundle("PyGithub-PyGithub-1171-assoc-none");
    let updated = at("2019-07-15T12:56:28Z");
    let day = 86_400;
    let staleness = |days: i64| {
        prlens::analyze(&bundle, &Settings::default(), Some(updated + days * day))
            .triage
            .staleness
    };
    assert_eq!(staleness(0), Staleness::None);
    assert_eq!(staleness(10), Staleness::Low);
    assert_eq!(staleness(45), Staleness::Medium);
    assert_eq!(staleness(90), Staleness::High);
    let later = prlens::analyze(&bundle, &Settings::default(), Some(updated + 90 * day));
    assert!(later.triage.advice.contains("No activity for 90 days"));
    let merged = bundle_merged_much_later();
    assert_eq!(merged, Staleness::None);
}

fn bundle_merged_much_later() -> Staleness {
    let bundle = bundle("PyGithub-PyGithub-2078-collaborator");
    prlens::analyze(
        &bundle,
        &Settings::default(),
        Some(at("2030-01-01T00:00:00Z")),
    )
    .triage
    .staleness
}
