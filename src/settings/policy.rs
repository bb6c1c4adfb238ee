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

/// A condition on signal fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
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
