//! Governance policy types: user-defined rules evaluated against every signal.
//!
//! Shape follows the reference product's advisory policies (its public "Policies" docs page;
//! docs/sources.md, "Governance policies"):
//! `{id, name, description, scope: {repos, branches, paths}, rules: [{id, name, when, require,
//! on_violation, remediation}]}`, with conditions `{field, operator, value}` or `{"AND": […]}`,
//! `{"OR": […]}`, `{"NOT": {…}}`. Fields are dotted paths into the signal JSON
//! (`risk.level`, `evidence.completeness`, `contributors.trust_level`). Evaluation lives in
//! `engine::sections::governance`; `docs/signal.md` documents operators and semantics.
//!
//! ```
//! let settings = prlens::Settings::from_json_str(r#"{"policies": [{"id": "P1", "name": "No risky newcomers",
//!   "rules": [{"id": "R1", "when": {"field": "contributors.trust_level", "operator": "eq", "value": "new"},
//!              "require": {"NOT": {"field": "risk.level", "operator": "in", "value": ["high", "critical"]}},
//!              "on_violation": "fail"}]}]}"#).unwrap();
//! assert_eq!(settings.policies[0].rules[0].on_violation, "fail");
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The operators a comparison may use.
pub const OPERATORS: [&str; 9] = [
    "eq", "neq", "in", "contains", "exists", "gt", "gte", "lt", "lte",
];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Policy {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Where the policy applies; empty lists mean everywhere.
    pub scope: Scope,
    pub rules: Vec<Rule>,
}

/// Glob patterns limiting a policy: `repos` match `owner/repo`, `branches` the base branch,
/// `paths` any changed file (at least one must match).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Scope {
    pub repos: Vec<String>,
    pub branches: Vec<String>,
    pub paths: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Rule {
    pub id: String,
    pub name: String,
    /// When the rule applies; absent = always.
    pub when: Option<Condition>,
    /// What must hold when it applies; absent = the rule flags every PR it applies to.
    pub require: Option<Condition>,
    /// "warn" (default) or "fail".
    pub on_violation: String,
    pub remediation: String,
}

/// A condition on signal fields. Written as its variant's fields alone (`untagged`); read
/// through [`ConditionFields`], so a condition that is none of the four says which keys it needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged, try_from = "ConditionFields")]
pub enum Condition {
    All {
        #[serde(rename = "AND")]
        all: Vec<Condition>,
    },
    Any {
        #[serde(rename = "OR")]
        any: Vec<Condition>,
    },
    Not {
        #[serde(rename = "NOT")]
        not: Box<Condition>,
    },
    Compare {
        field: String,
        operator: String,
        #[serde(default)]
        value: Value,
    },
}

/// Every key a condition may have, as read; [`Condition`]'s variants are tried in order:
/// `AND`, `OR`, `NOT`, then `field` with `operator`.
#[derive(Deserialize)]
struct ConditionFields {
    #[serde(rename = "AND")]
    all: Option<Vec<Condition>>,
    #[serde(rename = "OR")]
    any: Option<Vec<Condition>>,
    #[serde(rename = "NOT")]
    not: Option<Box<Condition>>,
    field: Option<String>,
    operator: Option<String>,
    #[serde(default)]
    value: Value,
}

impl TryFrom<ConditionFields> for Condition {
    type Error = &'static str;

    fn try_from(fields: ConditionFields) -> Result<Self, Self::Error> {
        match fields {
            ConditionFields { all: Some(all), .. } => Ok(Condition::All { all }),
            ConditionFields { any: Some(any), .. } => Ok(Condition::Any { any }),
            ConditionFields { not: Some(not), .. } => Ok(Condition::Not { not }),
            ConditionFields {
                field: Some(field),
                operator: Some(operator),
                value,
                ..
            } => Ok(Condition::Compare {
                field,
                operator,
                value,
            }),
            _ => Err(r#"a condition needs "AND", "OR", "NOT", or "field" with "operator""#),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn condition(value: Value) -> Result<Condition, String> {
        serde_json::from_value(value).map_err(|error| error.to_string())
    }

    fn compare(field: &str, operator: &str, value: Value) -> Condition {
        Condition::Compare {
            field: field.to_string(),
            operator: operator.to_string(),
            value,
        }
    }

    #[test]
    fn conditions_read_in_each_of_the_four_shapes() {
        let leaf = json!({"field": "risk.level", "operator": "eq", "value": "high"});
        let expected_leaf = compare("risk.level", "eq", json!("high"));
        assert_eq!(condition(leaf.clone()), Ok(expected_leaf.clone()));
        assert_eq!(
            condition(json!({"AND": [leaf.clone()]})),
            Ok(Condition::All {
                all: vec![expected_leaf.clone()]
            })
        );
        assert_eq!(
            condition(json!({"OR": [leaf.clone()]})),
            Ok(Condition::Any {
                any: vec![expected_leaf.clone()]
            })
        );
        assert_eq!(
            condition(json!({"NOT": leaf})),
            Ok(Condition::Not {
                not: Box::new(expected_leaf)
            })
        );
    }

    #[test]
    fn a_comparison_without_a_value_compares_with_null() {
        assert_eq!(
            condition(json!({"field": "pr.draft", "operator": "exists"})),
            Ok(compare("pr.draft", "exists", Value::Null))
        );
    }

    #[test]
    fn the_first_variant_in_order_wins_when_keys_of_several_are_present() {
        let leaf = json!({"field": "a", "operator": "eq", "value": 1});
        assert_eq!(
            condition(json!({"OR": [leaf.clone()], "field": "b", "operator": "eq"})),
            Ok(Condition::Any {
                any: vec![compare("a", "eq", json!(1))]
            })
        );
        assert_eq!(
            condition(json!({"NOT": null, "field": "b", "operator": "lt", "value": 2})),
            Ok(compare("b", "lt", json!(2)))
        );
    }

    #[test]
    fn a_condition_that_is_none_of_the_four_names_the_keys_it_needs() {
        for broken in [
            json!({"field": "risk.level"}),
            json!({}),
            json!({"and": []}),
        ] {
            let error = condition(broken.clone()).expect_err(&broken.to_string());
            assert!(error.contains(r#""field" with "operator""#), "{error}");
        }
        let settings = r#"{"policies": [{"rules": [{"when": {"operator": "eq"}}]}]}"#;
        let error = crate::Settings::from_json_str(settings).expect_err("rejected");
        assert!(error.to_string().contains("a condition needs"), "{error}");
    }

    #[test]
    fn conditions_are_written_as_their_fields_alone() {
        let written = serde_json::to_value(Condition::Not {
            not: Box::new(compare("risk.level", "in", json!(["high"]))),
        })
        .unwrap();
        assert_eq!(
            written,
            json!({"NOT": {"field": "risk.level", "operator": "in", "value": ["high"]}})
        );
    }
}
