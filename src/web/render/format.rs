//! Words and numbers for the panel: the labels a reviewer reads for each signal enum and
//! the number formats (score with two decimals, percentages, line counts).
//!
//! Why: one place for wording keeps the header, the sections and the tests consistent
//! with the reference product's vocabulary ("Critical · 0.90", "REQUEST CHANGES").

use crate::signal::{
    Effort, PolicyOutcome, Priority, ReviewAction, RiskLevel, Role, SignalState, Staleness,
    TrustLevel,
};

pub fn level_key(level: RiskLevel) -> &'static str {
    match level {
        RiskLevel::Low => "low",
        RiskLevel::Medium => "medium",
        RiskLevel::High => "high",
        RiskLevel::Critical => "critical",
    }
}

pub fn level_label(level: RiskLevel) -> &'static str {
    match level {
        RiskLevel::Low => "Low",
        RiskLevel::Medium => "Medium",
        RiskLevel::High => "High",
        RiskLevel::Critical => "Critical",
    }
}

pub fn action_key(action: ReviewAction) -> &'static str {
    match action {
        ReviewAction::Approve => "approve",
        ReviewAction::Review => "review",
        ReviewAction::RequestChanges => "request_changes",
    }
}

pub fn action_label(action: ReviewAction) -> &'static str {
    match action {
        ReviewAction::Approve => "APPROVE",
        ReviewAction::Review => "REVIEW",
        ReviewAction::RequestChanges => "REQUEST CHANGES",
    }
}

pub fn effort_label(effort: Effort) -> &'static str {
    match effort {
        Effort::Trivial => "trivial",
        Effort::Light => "light",
        Effort::Moderate => "moderate",
        Effort::Substantial => "substantial",
        Effort::Extensive => "extensive",
    }
}

pub fn staleness_label(staleness: Staleness) -> &'static str {
    match staleness {
        Staleness::None => "none",
        Staleness::Low => "low",
        Staleness::Medium => "medium",
        Staleness::High => "high",
    }
}

pub fn priority_key(priority: Priority) -> &'static str {
    match priority {
        Priority::Low => "low",
        Priority::Medium => "medium",
        Priority::High => "high",
        Priority::Critical => "critical",
    }
}

pub fn trust_key(trust: TrustLevel) -> &'static str {
    match trust {
        TrustLevel::Bot => "bot",
        TrustLevel::New => "new",
        TrustLevel::Low => "low",
        TrustLevel::Established => "established",
        TrustLevel::Trusted => "trusted",
        TrustLevel::Maintainer => "maintainer",
    }
}

pub fn trust_label(trust: TrustLevel) -> &'static str {
    match trust {
        TrustLevel::Bot => "Bot",
        TrustLevel::New => "New Contributor",
        TrustLevel::Low => "Low Trust",
        TrustLevel::Established => "Established",
        TrustLevel::Trusted => "Trusted",
        TrustLevel::Maintainer => "Maintainer",
    }
}

pub fn role_label(role: Role) -> &'static str {
    match role {
        Role::Author => "PR Author",
        Role::Committer => "Committer",
    }
}

pub fn state_key(state: SignalState) -> &'static str {
    match state {
        SignalState::Passing => "passing",
        SignalState::Failing => "failing",
        SignalState::Pending => "pending",
        SignalState::Missing => "missing",
    }
}

pub fn state_label(state: SignalState) -> &'static str {
    match state {
        SignalState::Passing => "Passing",
        SignalState::Failing => "Failing",
        SignalState::Pending => "Pending",
        SignalState::Missing => "Missing",
    }
}

/// A glyph next to the word, never instead of it (colour-blind and screen-reader safe).
pub fn state_mark(state: SignalState) -> &'static str {
    match state {
        SignalState::Passing => "✓",
        SignalState::Failing => "✗",
        SignalState::Pending => "●",
        SignalState::Missing => "○",
    }
}

pub fn outcome_key(outcome: PolicyOutcome) -> &'static str {
    match outcome {
        PolicyOutcome::Pass => "pass",
        PolicyOutcome::Warn => "warn",
        PolicyOutcome::Fail => "fail",
        PolicyOutcome::NotApplicable => "not_applicable",
    }
}

pub fn outcome_label(outcome: PolicyOutcome) -> &'static str {
    match outcome {
        PolicyOutcome::Pass => "Pass",
        PolicyOutcome::Warn => "Warn",
        PolicyOutcome::Fail => "Fail",
        PolicyOutcome::NotApplicable => "N/A",
    }
}

/// Severity strings come from the engine as free text; only known words become CSS keys.
pub fn severity_key(severity: &str) -> &'static str {
    match severity.to_ascii_lowercase().as_str() {
        "critical" => "critical",
        "high" => "high",
        "medium" => "medium",
        _ => "low",
    }
}

/// A 0–1 fraction clamped to 0–1 (NaN becomes 0) so charts never draw outside their box.
pub fn unit(value: f64) -> f64 {
    if value.is_finite() {
        value.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// `0.9` → `"0.90"`.
pub fn score(value: f64) -> String {
    format!("{:.2}", unit(value))
}

/// `0.9` → `"90%"`.
pub fn percent(value: f64) -> String {
    format!("{}%", (unit(value) * 100.0).round())
}

/// `1` → `"1 file"`, `2` → `"2 files"`.
pub fn plural(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}

/// `None` → `"unknown"`.
pub fn optional_count(value: Option<u64>) -> String {
    value.map_or_else(|| "unknown".to_string(), |count| count.to_string())
}
