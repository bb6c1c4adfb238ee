//! Recorded fixture cases: governance.

use super::*;

#[test]
fn policies_evaluate_against_recorded_prs() {
    let settings = Settings::from_json_str(
        r#"{"policies": [
          {"id": "SEC-1", "name": "Bots may not change CI unreviewed",
           "rules": [{"id": "R1", "name": "bot CI change",
                      "when": {"AND": [{"field": "contributors.trust_level", "operator": "eq", "value": "bot"},
                                       {"field": "supply_chain.ci_config", "operator": "eq", "value": true}]},
                      "on_violation": "fail", "remediation": "Have a maintainer review the workflow diff"}]},
          {"id": "Q-1", "name": "Evidence",
           "rules": [{"id": "R2", "require": {"field": "evidence.completeness_score", "operator": "gte", "value": 0.5}},
                     {"id": "R3", "require": {"field": "risk.level", "operator": "resembles", "value": "low"}}]},
          {"id": "SCOPED", "scope": {"repos": ["octokit/*"]},
           "rules": [{"id": "R4", "require": {"field": "risk.score", "operator": "lt", "value": 2}}]}
        ]}"#,
    )
    .expect("valid policies");
    let bot = support::signal_with("PyGithub-PyGithub-3370-dependabot-ci", &settings);
    let outcome = |signal: &prlens::Signal, rule: &str| {
        signal
            .governance
            .iter()
            .find(|result| result.rule.starts_with(rule))
            .unwrap_or_else(|| panic!("no result for {rule}"))
            .clone()
    };
    let flagged = outcome(&bot, "R1");
    assert_eq!(flagged.outcome, PolicyOutcome::Fail);
    assert!(flagged.detail.contains("Have a maintainer review"));
    assert_eq!(
        outcome(&bot, "R2").outcome,
        PolicyOutcome::Warn,
        "no checks fetched"
    );
    let broken = outcome(&bot, "R3");
    assert_eq!(broken.outcome, PolicyOutcome::Warn);
    assert!(
        broken.detail.contains("unknown operator \"resembles\""),
        "{}",
        broken.detail
    );
    assert_eq!(outcome(&bot, "R4").outcome, PolicyOutcome::NotApplicable);

    let human = support::signal_with("Codertocat-Hello-World-2-webhooks", &settings);
    assert_eq!(outcome(&human, "R1").outcome, PolicyOutcome::NotApplicable);
    let in_scope = support::signal_with("octokit.rb-67-2013", &settings);
    assert_eq!(outcome(&in_scope, "R4").outcome, PolicyOutcome::Pass);
}
