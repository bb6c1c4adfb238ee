//! Advice that carries no weight by default: the authorship label (an AI agent wrote or
//! co-wrote the PR) and the low-effort checks, each proven to fire and not to fire.

use super::*;
use prlens::signal::{AgentEvidenceKind, CheckId, CheckOutcome};

const LOW_EFFORT: &str = "low-effort-fork-default-branch";
const AGENT: &str = "agent-copilot-all-checks-pass";

fn outcome(signal: &prlens::Signal, id: CheckId) -> (CheckOutcome, String) {
    signal
        .checks
        .iter()
        .find(|check| check.id == id)
        .map(|check| (check.outcome, check.detail.clone()))
        .unwrap_or_else(|| panic!("no {id:?} check"))
}

fn kinds(signal: &prlens::Signal) -> Vec<AgentEvidenceKind> {
    signal.authorship.iter().map(|item| item.kind).collect()
}

fn with_settings(value: &Value, settings: &str) -> prlens::Signal {
    let bundle = prlens::Bundle::from_value(value).expect("a valid bundle");
    let settings = Settings::from_json_str(settings).expect("valid settings");
    prlens::analyze(&bundle, &settings, None)
}

#[test]
fn every_check_gives_advice_on_a_hurried_pr_from_a_forks_default_branch() {
    let signal = project_signal(LOW_EFFORT);
    for &id in CheckId::ALL {
        let (result, detail) = outcome(&signal, id);
        // Its one claim ("Update retry.py") holds; `claims-*` bundles make that check fail.
        let expected = if id == CheckId::DescriptionClaimsHold {
            CheckOutcome::Pass
        } else {
            CheckOutcome::Fail
        };
        assert_eq!(result, expected, "{id:?}: {detail}");
    }
    assert!(outcome(&signal, CheckId::TopicBranch)
        .1
        .contains("default branch main"));
    assert!(outcome(&signal, CheckId::LinkedIssueAvailable)
        .1
        .contains("#31 is assigned to mara-lindqvist"));
    assert!(outcome(&signal, CheckId::NoCompetingPr)
        .1
        .contains("#228 by mara-lindqvist"));
    assert!(outcome(&signal, CheckId::TemplateFilled)
        .1
        .contains("checklist boxes"));
}

#[test]
fn every_check_passes_on_a_described_pr_from_a_topic_branch() {
    let signal = project_signal(AGENT);
    for &id in CheckId::ALL {
        let (result, detail) = outcome(&signal, id);
        assert_eq!(result, CheckOutcome::Pass, "{id:?}: {detail}");
    }
}

#[test]
fn failed_checks_and_agent_evidence_add_no_risk_by_default() {
    for name in [LOW_EFFORT, AGENT] {
        let signal = project_signal(name);
        let drivers = driver_ids(&signal);
        assert!(
            !drivers.contains(&"low_effort_checks"),
            "{name}: {drivers:?}"
        );
        assert!(!drivers.contains(&"agent_authored"), "{name}: {drivers:?}");
    }
    let weighted = with_settings(
        &project_bundle_value(LOW_EFFORT),
        r#"{"weights": {"low_effort_checks": 0.4, "agent_authored": 0.1}}"#,
    );
    let drivers = driver_ids(&weighted);
    assert!(drivers.contains(&"low_effort_checks"), "{drivers:?}");
    assert!(drivers.contains(&"agent_authored"), "{drivers:?}");
    let checks = weighted
        .risk
        .drivers
        .iter()
        .find(|d| d.id == "low_effort_checks")
        .unwrap();
    assert_eq!(
        checks.weight, 0.33,
        "5 of 6 checks failed: 5/6 of the weight"
    );
}

#[test]
fn a_check_switched_off_is_left_out_and_no_longer_counts() {
    let signal = with_settings(
        &project_bundle_value(LOW_EFFORT),
        r#"{"checks": {"topic_branch": false}, "weights": {"low_effort_checks": 1}}"#,
    );
    assert_eq!(signal.checks.len(), 5);
    assert!(signal
        .checks
        .iter()
        .all(|check| check.id != CheckId::TopicBranch));
    let driver = signal
        .risk
        .drivers
        .iter()
        .find(|d| d.id == "low_effort_checks")
        .unwrap();
    assert!(
        driver.detail.starts_with("4 of 5 checks"),
        "{}",
        driver.detail
    );
}

#[test]
fn checks_whose_data_was_not_fetched_say_so_instead_of_passing() {
    let mut value = project_bundle_value(LOW_EFFORT);
    let object = value.as_object_mut().unwrap();
    object.remove("linked_issues");
    object.remove("pr_template");
    object.remove("files");
    value["pull"]["head"]["repo"]
        .as_object_mut()
        .unwrap()
        .remove("default_branch");
    let signal = analyze_value(&value);
    for id in [
        CheckId::TopicBranch,
        CheckId::DescriptionNamesChanges,
        CheckId::LinkedIssueAvailable,
        CheckId::NoCompetingPr,
    ] {
        let (result, detail) = outcome(&signal, id);
        assert_eq!(result, CheckOutcome::NotChecked, "{id:?}: {detail}");
        assert!(detail.starts_with("Not checked"), "{detail}");
    }
    // The template check reads the body alone; it still sees the unticked checklist.
    assert_eq!(
        outcome(&signal, CheckId::TemplateFilled).0,
        CheckOutcome::Fail
    );
}

#[test]
fn the_template_check_compares_with_the_repositorys_template() {
    let mut value = project_bundle_value(AGENT);
    value["pull"]["body"] = json!("## Summary\n\n<!-- What does this PR change, and why? -->\n\n## Checklist\n\n- [x] Tests added or updated\n- [ ] Docs updated\n- [ ] CHANGELOG entry\n");
    let (result, detail) = outcome(&analyze_value(&value), CheckId::TemplateFilled);
    assert_eq!(result, CheckOutcome::Fail);
    assert!(detail.contains("template with nothing added"), "{detail}");
    value["pull"]["body"] = json!("<!-- What does this PR change? -->");
    assert!(outcome(&analyze_value(&value), CheckId::TemplateFilled)
        .1
        .contains("hidden comments"));
    value["pull"]["body"] = json!("## Summary\n\n## Motivation\n\n## Testing\n");
    value.as_object_mut().unwrap().remove("pr_template");
    assert!(outcome(&analyze_value(&value), CheckId::TemplateFilled)
        .1
        .contains("All 3 headings"));
}

#[test]
fn a_closed_linked_issue_is_advice_and_an_assignment_to_the_author_is_not() {
    let mut value = project_bundle_value(LOW_EFFORT);
    value["linked_issues"]["31"]["issue"]["assignees"] = json!([{"login": "drift-coder"}]);
    value["linked_issues"]["31"]["issue"]["assignee"] = json!({"login": "drift-coder"});
    assert_eq!(
        outcome(&analyze_value(&value), CheckId::LinkedIssueAvailable).0,
        CheckOutcome::Pass
    );
    value["linked_issues"]["31"]["issue"]["state"] = json!("closed");
    let (result, detail) = outcome(&analyze_value(&value), CheckId::LinkedIssueAvailable);
    assert_eq!(result, CheckOutcome::Fail);
    assert!(detail.contains("#31 is closed"), "{detail}");
}

#[test]
fn a_closed_or_own_referencing_pr_does_not_compete() {
    let mut value = project_bundle_value(LOW_EFFORT);
    value["linked_issues"]["31"]["timeline"][1]["source"]["issue"]["state"] = json!("closed");
    assert_eq!(
        outcome(&analyze_value(&value), CheckId::NoCompetingPr).0,
        CheckOutcome::Pass
    );
}

#[test]
fn the_agent_label_shows_each_kind_of_evidence() {
    let copilot = project_signal(AGENT);
    assert_eq!(
        kinds(&copilot),
        vec![
            AgentEvidenceKind::AuthorLogin,
            AgentEvidenceKind::BranchPrefix,
            AgentEvidenceKind::CommitAccount,
            AgentEvidenceKind::CommitEmail,
        ]
    );
    assert!(copilot
        .authorship
        .iter()
        .all(|item| item.agent == "GitHub Copilot coding agent"));
    let claude = project_signal(LOW_EFFORT);
    assert_eq!(
        kinds(&claude),
        vec![
            AgentEvidenceKind::GeneratedFooter,
            AgentEvidenceKind::CoAuthorTrailer
        ]
    );
    assert!(claude
        .authorship
        .iter()
        .all(|item| item.agent == "Claude Code"));

    // A footer in the description, a Devin trailer, a codex/ branch, a Cursor e-mail.
    let mut value = project_bundle_value("docs-only");
    value["pull"]["body"] = json!("Fix the README.\n\nGenerated with [Devin](https://devin.ai)");
    assert_eq!(
        kinds(&analyze_value(&value)),
        vec![AgentEvidenceKind::GeneratedFooter]
    );
    let mut value = project_bundle_value("docs-only");
    value["commits"][0]["commit"]["message"] = json!("README\n\nCo-Authored-By: Devin <158243242+devin-ai-integration[bot]@users.noreply.github.com>");
    assert_eq!(
        kinds(&analyze_value(&value)),
        vec![AgentEvidenceKind::CoAuthorTrailer]
    );
    let mut value = project_bundle_value("docs-only");
    value["pull"]["head"]["ref"] = json!("codex/readme-install");
    let signal = analyze_value(&value);
    assert_eq!(kinds(&signal), vec![AgentEvidenceKind::BranchPrefix]);
    assert_eq!(signal.authorship[0].agent, "OpenAI Codex");
    let mut value = project_bundle_value("docs-only");
    value["commits"][0]["commit"]["author"]["email"] = json!("cursoragent@cursor.com");
    assert_eq!(
        kinds(&analyze_value(&value)),
        vec![AgentEvidenceKind::CommitEmail]
    );
}

#[test]
fn human_prs_and_look_alikes_get_no_agent_label() {
    for name in project_bundle_names() {
        if name == LOW_EFFORT || name == AGENT {
            continue;
        }
        assert!(project_signal(&name).authorship.is_empty(), "{name}");
    }
    let mut value = project_bundle_value("docs-only");
    value["pull"]["head"]["ref"] = json!("copilot-readme");
    value["pull"]["body"] = json!("Thanks to Claude for the review. Generated with care.");
    value["commits"][0]["commit"]["message"] =
        json!("README\n\nCo-authored-by: Claude Shannon <claude@example.com>");
    assert!(analyze_value(&value).authorship.is_empty());
}
