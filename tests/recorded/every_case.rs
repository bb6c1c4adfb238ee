//! Recorded fixture cases: every case.

use super::*;

#[test]
fn every_recorded_pull_request_folder_is_a_case() {
    let names = cases().names();
    let listed: Vec<String> = names
        .iter()
        .map(|name| {
            cases().case(name).unwrap()["dir"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let root = support::fixtures_root();
    for group in std::fs::read_dir(&root).unwrap() {
        let group = group.unwrap().path();
        if !group.is_dir() {
            continue;
        }
        for folder in std::fs::read_dir(&group).unwrap() {
            let folder = folder.unwrap().path();
            if folder.join("pull.json").exists() {
                let relative = folder
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                assert!(
                    listed.contains(&relative),
                    "{relative} has a pull.json but no case"
                );
            }
        }
    }
    assert!(names.len() >= 33, "only {} cases", names.len());
    let mut unique = names.clone();
    prlens::order::sort(&mut unique);
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "case names are unique");
}

#[test]
fn every_case_gives_a_consistent_deterministic_signal() {
    for name in cases().names() {
        let bundle = bundle(&name);
        let first = prlens::analyze(&bundle, &Settings::default(), None);
        let second = prlens::analyze(&bundle, &Settings::default(), None);
        assert_eq!(first, second, "{name}: same bundle, same signal");
        let signal = first;
        support::assert_signal_invariants(&name, &bundle, &signal);

        let fetched_at = cases().case(&name).unwrap()["fetched_at"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(
            prlens::timestamp::parse(&signal.meta.generated_at),
            prlens::timestamp::parse(&fetched_at),
            "{name}: now defaults to fetched_at"
        );
    }
}
