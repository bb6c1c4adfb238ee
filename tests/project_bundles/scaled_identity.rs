//! Identity risk scaled by what the change can do (issue #32, item 6): a first-time
//! contributor's comment-only typo fix, in code or in a workflow, stays at most medium and the
//! panel says why; the same PR with one line of code or one workflow step is not scaled. A
//! member's regenerated API client is not high; the same files from a first-time contributor
//! are (generated code is the author's word). Each pair is attack-and-twin side by side
//! (`tests/bundles/calib-*.json`); on the engine before the calibration every "stays at most
//! medium" bundle was high or critical.

use super::*;

fn driver<'s>(signal: &'s prlens::Signal, id: &str) -> Option<&'s prlens::signal::Driver> {
    signal.risk.drivers.iter().find(|driver| driver.id == id)
}

#[test]
fn a_first_timers_comment_typo_in_code_stays_low_and_says_why() {
    let signal = project_signal("calib-first-timer-comment-typo");
    assert!(
        signal.risk.level <= RiskLevel::Medium,
        "{}",
        signal.risk.formula
    );
    for id in ["new_contributor", "young_account"] {
        let fired = driver(&signal, id).expect("still named");
        assert!(
            fired
                .detail
                .ends_with("(comment-only change: identity drivers scaled down)"),
            "{}",
            fired.detail
        );
    }
}

#[test]
fn the_same_typo_fix_with_a_line_of_code_is_not_scaled() {
    let scaled = project_signal("calib-first-timer-comment-typo");
    let signal = project_signal("calib-first-timer-comment-typo-and-code");
    let new = driver(&signal, "new_contributor").expect("fires");
    assert!(!new.detail.contains("scaled down"), "{}", new.detail);
    assert!(new.weight > driver(&scaled, "new_contributor").unwrap().weight);
    assert!(signal.risk.score > scaled.risk.score);
}

#[test]
fn a_first_timers_comment_typo_in_a_workflow_stays_low_and_says_why() {
    let signal = project_signal("calib-first-timer-workflow-comment");
    assert!(
        signal.risk.level <= RiskLevel::Medium,
        "{}",
        signal.risk.formula
    );
    let new = driver(&signal, "new_contributor").expect("still named");
    assert!(new.detail.contains("comment-only change"), "{}", new.detail);
    assert!(signal.supply_chain.ci_config, "still listed as a CI change");
    let step = project_signal("calib-first-timer-workflow-comment-and-step");
    let new = driver(&step, "new_contributor").expect("fires");
    assert!(!new.detail.contains("scaled down"), "{}", new.detail);
}

#[test]
fn a_members_regenerated_client_is_not_high_and_a_newcomers_is() {
    let member = project_signal("calib-member-regenerated-client");
    assert!(
        member.risk.level <= RiskLevel::Medium,
        "{}",
        member.risk.formula
    );
    let size = driver(&member, "large_diff").expect("size is weighed");
    assert!(
        size.detail
            .contains("generated lines committed by the repository's own people weigh 0.25"),
        "{}",
        size.detail
    );
    assert!(
        driver(&member, "many_files").is_none(),
        "generated files are no spread for members"
    );
    let newcomer = project_signal("calib-newcomer-generated-client");
    assert!(
        newcomer.risk.level >= RiskLevel::High,
        "{}",
        newcomer.risk.formula
    );
    assert!(
        driver(&newcomer, "many_files").is_some(),
        "an outsider's generated claim is code"
    );
}
