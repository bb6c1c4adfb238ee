//! Governance policy types (user-defined rules evaluated against the signal).
//! Shape follows the reference product's policies: `{id, name, rules: [{id, name, when, require, on_violation}]}`
//! with conditions `{field, operator, value}` or `AND`/`OR`/`NOT`. OWNER: engine-sections helper.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Policy {
    pub id: String,
    pub name: String,
    pub description: String,
    pub rules: Vec<Rule>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Rule {
    pub id: String,
    pub name: String,
    /// When the rule applies; absent = always.
    pub when: Option<Condition>,
    /// What must hold when it applies.
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
