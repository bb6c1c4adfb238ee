//! `governance`: the user's own policies, evaluated against the signal.
//!
//! **What it does.** For each rule of each policy in `settings.policies`: if the policy's
//! scope (repo, base branch, changed paths) does not match, or the rule's `when` is false, the
//! outcome is `not_applicable`; otherwise `require` decides `pass`, or the rule's
//! `on_violation` (`warn` by default, `fail`). A rule without `require` flags every PR its
//! `when` matches. Fields are dotted paths into the signal JSON; a path through an array
//! (`contributors.trust_level`) holds when ANY element satisfies the comparison (`neq`: when
//! none equals). `contributor.*` and `evidence.completeness_score` are accepted as the
//! reference product's spellings. Operators: eq, neq, in, contains, exists, gt, gte, lt, lte;
//! ordered levels (low < medium < high < critical; new < low < established < trusted <
//! maintainer) compare by rank. A malformed rule (unknown operator, non-numeric bound) yields
//! a `warn` whose detail names the problem, never a crash.
//!
//! **Why it matters.** Teams encode their own merge policy ("new contributors may not change
//! CI config", "critical risk needs two reviewers"); advisory results keep humans in charge
//! (the reference product's policies page; docs/sources.md, "Governance policies").

use glob::{MatchOptions, Pattern};
use serde_json::Value;

use crate::engine::context::Context;
use crate::settings::policy::{Condition, Policy, Rule, OPERATORS};
use crate::signal::{GovernanceResult, PolicyOutcome, Signal};

/// Ordered vocabularies, so `risk.level gte high` means high or critical.
const SCALES: [&[&str]; 3] = [
    &["low", "medium", "high", "critical"],
    &["new", "low", "established", "trusted", "maintainer"],
    &["trivial", "light", "moderate", "substantial", "extensive"],
];

const GLOB_OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: false,
    require_literal_separator: false,
    require_literal_leading_dot: false,
};

pub fn assess(context: &Context, signal: &Signal) -> Vec<GovernanceResult> {
    let policies = &context.settings.policies;
    if policies.is_empty() {
        return Vec::new();
    }
    let document = document(signal);
    let mut results = Vec::new();
    for policy in policies {
        let policy_name = first_non_empty(&[&policy.name, &policy.id], "policy");
        let out_of_scope = scope_mismatch(context, policy);
        for (index, rule) in policy.rules.iter().enumerate() {
            let rule_name = rule_label(rule, index);
            let (outcome, detail) = match &out_of_scope {
                Some(reason) => (PolicyOutcome::NotApplicable, reason.clone()),
                None => evaluate_rule(rule, &document),
            };
            results.push(GovernanceResult {
                policy: policy_name.clone(),
                rule: rule_name,
                outcome,
                detail,
            });
        }
    }
    results
}

/// The signal as rules read it: its JSON text, read back. Not `serde_json::to_value`: that would
/// compile a second serializer (into a `Value`) for every signal type, beside the writer every
/// edge already links.
fn document(signal: &Signal) -> Value {
    serde_json::to_string(signal)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null)
}

fn first_non_empty(candidates: &[&String], fallback: &str) -> String {
    candidates
        .iter()
        .find(|text| !text.trim().is_empty())
        .map_or_else(|| fallback.to_string(), |text| text.trim().to_string())
}

fn rule_label(rule: &Rule, index: usize) -> String {
    match (rule.id.trim(), rule.name.trim()) {
        ("", "") => format!("rule {}", index + 1),
        (id, "") => id.to_string(),
        ("", name) => name.to_string(),
        (id, name) => format!("{id}: {name}"),
    }
}

/// Why the policy's scope excludes this PR, if it does.
fn scope_mismatch(context: &Context, policy: &Policy) -> Option<String> {
    let scope = &policy.scope;
    let pull = &context.bundle.pull;
    let matches_any = |patterns: &[String], text: &str| {
        patterns.iter().any(|pattern| {
            Pattern::new(pattern.trim()).is_ok_and(|glob| glob.matches_with(text, GLOB_OPTIONS))
        })
    };
    let repo = format!("{}/{}", pull.owner, pull.repo);
    if !scope.repos.is_empty() && !matches_any(&scope.repos, &repo) {
        return Some(format!(
            "Out of scope: repository {repo} not in {:?}",
            scope.repos
        ));
    }
    if !scope.branches.is_empty() {
        let base = pull.base_ref.as_deref().unwrap_or("");
        if !matches_any(&scope.branches, base) {
            return Some(format!(
                "Out of scope: base branch {base:?} not in {:?}",
                scope.branches
            ));
        }
    }
    if !scope.paths.is_empty()
        && !context
            .files
            .iter()
            .any(|file| matches_any(&scope.paths, &file.path))
    {
        return Some(format!(
            "Out of scope: no changed file matches {:?}",
            scope.paths
        ));
    }
    None
}

fn evaluate_rule(rule: &Rule, document: &Value) -> (PolicyOutcome, String) {
    let violation = if rule.on_violation.trim().eq_ignore_ascii_case("fail") {
        PolicyOutcome::Fail
    } else {
        PolicyOutcome::Warn
    };
    if let Some(when) = &rule.when {
        match evaluate(when, document) {
            Err(error) => return (PolicyOutcome::Warn, format!("Rule error: {error}")),
            Ok(false) => {
                return (
                    PolicyOutcome::NotApplicable,
                    format!("Does not apply: {}", describe(when, document)),
                )
            }
            Ok(true) => {}
        }
    }
    let remediation = if rule.remediation.trim().is_empty() {
        String::new()
    } else {
        format!(" Remediation: {}", rule.remediation.trim())
    };
    match &rule.require {
        None => {
            let matched = rule
                .when
                .as_ref()
                .map_or_else(|| "every PR".to_string(), |when| describe(when, document));
            (violation, format!("Flagged: {matched}.{remediation}"))
        }
        Some(require) => match evaluate(require, document) {
            Err(error) => (PolicyOutcome::Warn, format!("Rule error: {error}")),
            Ok(true) => (
                PolicyOutcome::Pass,
                format!("Requirement met: {}", describe(require, document)),
            ),
            Ok(false) => (
                violation,
                format!(
                    "Requirement not met: {}.{remediation}",
                    describe(require, document)
                ),
            ),
        },
    }
}

/// Maps the reference product's field spellings onto this signal's.
fn canonical_field(field: &str) -> String {
    let field = field.trim();
    if field == "evidence.completeness_score" {
        return "evidence.completeness".into();
    }
    match field.strip_prefix("contributor.") {
        Some(rest) => format!("contributors.{rest}"),
        None => field.to_string(),
    }
}

/// Every value at a dotted path; arrays on the way fan out (an index segment picks one).
fn resolve<'a>(document: &'a Value, field: &str) -> Vec<&'a Value> {
    let mut current = vec![document];
    for segment in canonical_field(field).split('.').filter(|s| !s.is_empty()) {
        let mut next = Vec::new();
        for value in current {
            match value {
                Value::Object(map) => next.extend(map.get(segment)),
                Value::Array(items) => match segment.parse::<usize>() {
                    Ok(index) => next.extend(items.get(index)),
                    Err(_) => next.extend(items.iter().filter_map(|item| item.get(segment))),
                },
                _ => {}
            }
        }
        current = next;
    }
    current
}

fn is_present(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
        Value::Number(_) => true,
    }
}

fn loosely_equal(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::String(a), Value::String(b)) => a.eq_ignore_ascii_case(b),
        (Value::Number(a), Value::Number(b)) => match (a.as_f64(), b.as_f64()) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-9,
            _ => false,
        },
        _ => actual == expected,
    }
}

/// A comparable number: the value itself, or a level's rank on a known scale shared with `other`.
fn rank_pair(actual: &Value, expected: &Value) -> Option<(f64, f64)> {
    if let (Some(a), Some(b)) = (actual.as_f64(), expected.as_f64()) {
        return Some((a, b));
    }
    let (a, b) = (
        actual.as_str()?.to_ascii_lowercase(),
        expected.as_str()?.to_ascii_lowercase(),
    );
    SCALES.iter().find_map(|scale| {
        let a = scale.iter().position(|level| *level == a)?;
        let b = scale.iter().position(|level| *level == b)?;
        Some((a as f64, b as f64))
    })
}

fn evaluate(condition: &Condition, document: &Value) -> Result<bool, String> {
    match condition {
        Condition::All { all } => {
            for part in all {
                if !evaluate(part, document)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Condition::Any { any } => {
            for part in any {
                if evaluate(part, document)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Condition::Not { not } => Ok(!evaluate(not, document)?),
        Condition::Compare {
            field,
            operator,
            value,
        } => compare(document, field, operator, value),
    }
}

fn compare(
    document: &Value,
    field: &str,
    operator: &str,
    expected: &Value,
) -> Result<bool, String> {
    let actual = resolve(document, field);
    let operator = operator.trim().to_ascii_lowercase();
    match operator.as_str() {
        "exists" => {
            let present = actual.iter().any(|value| is_present(value));
            Ok(if expected == &Value::Bool(false) {
                !present
            } else {
                present
            })
        }
        "eq" => Ok(actual.iter().any(|value| loosely_equal(value, expected))),
        "neq" => Ok(!actual.iter().any(|value| loosely_equal(value, expected))),
        "in" => {
            let Value::Array(options) = expected else {
                return Err(format!(
                    "\"in\" on {field} needs an array value, got {expected}"
                ));
            };
            Ok(actual
                .iter()
                .any(|value| options.iter().any(|option| loosely_equal(value, option))))
        }
        "contains" => Ok(actual.iter().any(|value| match value {
            Value::Array(items) => items.iter().any(|item| loosely_equal(item, expected)),
            Value::String(text) => expected.as_str().is_some_and(|needle| {
                text.to_ascii_lowercase()
                    .contains(&needle.to_ascii_lowercase())
            }),
            _ => false,
        })),
        "gt" | "gte" | "lt" | "lte" => {
            if expected.as_f64().is_none() && expected.as_str().is_none() {
                return Err(format!(
                    "\"{operator}\" on {field} needs a number or a level, got {expected}"
                ));
            }
            Ok(actual.iter().any(|value| {
                rank_pair(value, expected).is_some_and(|(a, b)| match operator.as_str() {
                    "gt" => a > b,
                    "gte" => a >= b,
                    "lt" => a < b,
                    _ => a <= b,
                })
            }))
        }
        other => Err(format!(
            "unknown operator {other:?} on {field}; use one of {}",
            OPERATORS.join(", ")
        )),
    }
}

/// The condition in words, with the actual values, e.g. `risk.level = "critical" (eq "low")`.
fn describe(condition: &Condition, document: &Value) -> String {
    match condition {
        Condition::All { all } => join(all, " AND ", document),
        Condition::Any { any } => join(any, " OR ", document),
        Condition::Not { not } => format!("NOT ({})", describe(not, document)),
        Condition::Compare {
            field,
            operator,
            value,
        } => {
            let actual = resolve(document, field);
            let shown = match actual.as_slice() {
                [] => "missing".to_string(),
                [one] => one.to_string(),
                many => format!(
                    "[{}]",
                    many.iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            if operator.trim().eq_ignore_ascii_case("exists") {
                format!("{field} = {shown} (exists)")
            } else {
                format!("{field} = {shown} ({} {value})", operator.trim())
            }
        }
    }
}

fn join(parts: &[Condition], separator: &str, document: &Value) -> String {
    let described: Vec<String> = parts.iter().map(|part| describe(part, document)).collect();
    format!("({})", described.join(separator))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc() -> Value {
        json!({"risk": {"level": "high", "score": 0.72},
               "contributors": [{"trust_level": "maintainer"}, {"trust_level": "new"}],
               "evidence": {"completeness": 0.5},
               "supply_chain": {"dependencies": true, "findings": []}})
    }

    fn cmp(field: &str, operator: &str, value: Value) -> Result<bool, String> {
        compare(&doc(), field, operator, &value)
    }

    #[test]
    fn rules_read_the_signal_exactly_as_its_json_value() {
        let bundle = crate::Bundle::from_json_str(
            r#"{"pull": {"number": 3, "title": "Tune weights", "additions": 120, "deletions": 7,
                "user": {"login": "octocat"}, "created_at": "2024-01-02T03:04:05Z"},
                "files": [{"filename": "src/a.rs", "status": "modified", "additions": 120,
                "deletions": 7}]}"#,
        )
        .unwrap();
        let mut settings = crate::Settings::default();
        settings
            .weights
            .insert("unreviewable_content".to_string(), 0.123_456_789_012_345_67);
        let signal = crate::analyze(&bundle, &settings, Some(1_704_164_645));
        let written = serde_json::to_value(&signal).unwrap();
        assert_eq!(document(&signal), written);
    }

    #[test]
    fn array_paths_hold_when_any_element_matches() {
        assert_eq!(
            cmp("contributors.trust_level", "eq", json!("new")),
            Ok(true)
        );
        assert_eq!(
            cmp("contributor.trust_level", "neq", json!("new")),
            Ok(false)
        );
        assert_eq!(
            cmp("contributors.0.trust_level", "eq", json!("new")),
            Ok(false)
        );
    }

    #[test]
    fn levels_compare_by_rank_and_numbers_by_value() {
        assert_eq!(cmp("risk.level", "gte", json!("high")), Ok(true));
        assert_eq!(cmp("risk.level", "gt", json!("high")), Ok(false));
        assert_eq!(cmp("risk.score", "lt", json!(0.8)), Ok(true));
        assert_eq!(
            cmp("evidence.completeness_score", "gte", json!(0.5)),
            Ok(true)
        );
    }

    #[test]
    fn exists_in_and_contains() {
        assert_eq!(
            cmp("supply_chain.dependencies", "exists", Value::Null),
            Ok(true)
        );
        assert_eq!(
            cmp("supply_chain.findings", "exists", Value::Null),
            Ok(false)
        );
        assert_eq!(cmp("nothing.here", "exists", json!(false)), Ok(true));
        assert_eq!(
            cmp("risk.level", "in", json!(["high", "critical"])),
            Ok(true)
        );
        assert_eq!(cmp("risk.level", "contains", json!("HIG")), Ok(true));
    }

    #[test]
    fn malformed_rules_are_errors_not_panics() {
        let error = cmp("risk.level", "matches", json!("x")).unwrap_err();
        assert!(error.contains("unknown operator \"matches\""), "{error}");
        assert!(cmp("risk.level", "in", json!("high")).is_err());
        assert!(cmp("risk.score", "gt", json!(null)).is_err());
    }
}
