//! `review`: the recommendation — approve, review, or request changes — with a readiness score.
//!
//! **What it does.** Readiness (0–100) is a weighted checklist, every item shown with the
//! points it earned: CI green (25), mergeable state clean (15), description present (10),
//! tests with source (15), an approval on the current head commit (10; a stale approval on an
//! older commit earns part), supply chain clean (10) and the risk level (15). The action:
//! critical risk, failing CI ("failing CI always floats to the top", PR Focus) or readiness below
//! `request_changes_readiness` (40) → `request_changes`;
//! while a blocker stands (critical risk, failing checks, a high or critical supply-chain
//! finding) readiness is half of what the checklist earned (`SHARE_READINESS_BLOCKED`);
//! readiness ≥ `approve_readiness` (80) at low risk → `approve`; otherwise `review`.
//!
//! **Why it matters.** A reviewer wants one line: can I approve, what blocks it. The checklist
//! makes the number auditable. Source: docs/sources.md, "Readiness and recommendation"
//! (weighted checklist, bands 80/40; stale approvals: review `commit_id` ≠ head, as GitHub's
//! "dismiss stale approvals" branch rule); the reference product's rationale "Critical risk
//! level requires changes before approval".

use crate::engine::context::{Context, Sections};
use crate::settings::section_tables::*;
use crate::signal::{
    ReadinessItem, ReviewAction, ReviewAdvice, Risk, RiskLevel, Severity, SignalState,
};

fn item(id: &str, label: impl Into<String>, points: u8, earned: u8) -> ReadinessItem {
    ReadinessItem {
        id: id.into(),
        label: label.into(),
        points,
        earned: earned.min(points),
    }
}

/// Part of `points`, rounded: `share` is 0.0–1.0.
fn part(points: u8, share: f64) -> u8 {
    (f64::from(points) * share.clamp(0.0, 1.0)).round() as u8
}

pub fn assess(context: &Context, sections: &Sections, risk: &Risk) -> ReviewAdvice {
    let checklist = checklist(context, sections, risk);
    let earned: u32 = checklist.iter().map(|item| u32::from(item.earned)).sum();
    let earned = earned.min(100) as u8;
    let blockers = blockers(sections, risk);
    let readiness = if blockers.is_empty() {
        earned
    } else {
        part(earned, SHARE_READINESS_BLOCKED)
    };
    let thresholds = &context.settings.thresholds;
    let (action, rationale) = if risk.level == RiskLevel::Critical {
        (
            ReviewAction::RequestChanges,
            "Critical risk level requires changes before approval".to_string(),
        )
    } else if sections.evidence.signals.ci_passing == SignalState::Failing {
        let failing: Vec<&str> = sections
            .evidence
            .checks
            .iter()
            .filter(|check| check.state == SignalState::Failing)
            .map(|check| check.name.as_str())
            .take(3)
            .collect();
        (
            ReviewAction::RequestChanges,
            format!(
                "Failing checks must pass before approval: {}",
                failing.join(", ")
            ),
        )
    } else if readiness < thresholds.request_changes_readiness {
        (
            ReviewAction::RequestChanges,
            format!(
                "Readiness {readiness}% is below {}%: {}",
                thresholds.request_changes_readiness,
                shortfalls(&checklist)
            ),
        )
    } else if readiness >= thresholds.approve_readiness && risk.level == RiskLevel::Low {
        (
            ReviewAction::Approve,
            format!(
                "Low risk and {readiness}% ready: approve after a normal read of the focus files"
            ),
        )
    } else {
        let level = match risk.level {
            RiskLevel::Low => "Low",
            RiskLevel::Medium => "Medium",
            RiskLevel::High => "High",
            RiskLevel::Critical => "Critical",
        };
        let missing = shortfalls(&checklist);
        (
            ReviewAction::Review,
            if missing.is_empty() {
                format!("{level} risk at {readiness}% readiness: review the focus files before approving")
            } else {
                format!("{level} risk at {readiness}% readiness: review the focus files; open items: {missing}")
            },
        )
    };
    let rationale = if blockers.is_empty() {
        rationale
    } else {
        format!(
            "{rationale} (readiness {readiness}%: the checklist's {earned}% halved while blocked by {})",
            blockers.join(", ")
        )
    };
    ReviewAdvice {
        action,
        readiness,
        rationale,
        checklist,
        changed_since_approval: super::since_approval::changed_since_approval(
            context,
            &sections.focus,
        ),
    }
}

/// What stands between this PR and approval whatever else is ready.
fn blockers(sections: &Sections, risk: &Risk) -> Vec<&'static str> {
    let mut found = Vec::new();
    if risk.level == RiskLevel::Critical {
        found.push("critical risk");
    }
    if sections.evidence.signals.ci_passing == SignalState::Failing {
        found.push("failing checks");
    }
    if sections
        .supply_chain
        .findings
        .iter()
        .any(|finding| finding.severity >= Severity::High)
    {
        found.push("a serious supply-chain finding");
    }
    found
}

/// The labels of items that earned less than their points, biggest gap first.
fn shortfalls(checklist: &[ReadinessItem]) -> String {
    let mut gaps: Vec<&ReadinessItem> = checklist
        .iter()
        .filter(|item| item.earned < item.points)
        .collect();
    crate::order::sort_by_key(&mut gaps, |item| {
        std::cmp::Reverse(item.points - item.earned)
    });
    gaps.iter()
        .take(3)
        .map(|item| item.label.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join("; ")
}

fn checklist(context: &Context, sections: &Sections, risk: &Risk) -> Vec<ReadinessItem> {
    let pull = &context.bundle.pull;
    let convention_ok = |id: &str| {
        sections
            .conventions
            .iter()
            .find(|check| check.id == id)
            .is_some_and(|check| check.ok)
    };

    let ci = match sections.evidence.signals.ci_passing {
        SignalState::Passing => item(
            "ci_green",
            "CI green",
            READINESS_CI_GREEN,
            READINESS_CI_GREEN,
        ),
        SignalState::Pending => item(
            "ci_green",
            "CI still running or awaiting approval",
            READINESS_CI_GREEN,
            part(READINESS_CI_GREEN, SHARE_CI_PENDING),
        ),
        SignalState::Failing => item("ci_green", "CI failing", READINESS_CI_GREEN, 0),
        SignalState::Missing
            if context.bundle.check_runs.is_none() && context.bundle.status.is_none() =>
        {
            item("ci_green", "CI results not fetched", READINESS_CI_GREEN, 0)
        }
        SignalState::Missing => item("ci_green", "No CI evidence", READINESS_CI_GREEN, 0),
    };

    let state = pull.mergeable_state.as_deref().map(str::to_ascii_lowercase);
    let (label, share) = match state.as_deref() {
        _ if pull.merged => ("Already merged", 1.0),
        // GitHub keeps reporting mergeability of closed PRs; it no longer means anything.
        _ if pull.state.eq_ignore_ascii_case("closed") => {
            ("Closed without merging", SHARE_MERGEABLE_UNKNOWN)
        }
        Some("clean" | "has_hooks") => ("Mergeable: clean", 1.0),
        Some("unstable") => (
            "Mergeable, but non-required checks fail (unstable)",
            SHARE_MERGEABLE_UNSTABLE,
        ),
        Some("behind") => ("Branch is behind the base branch", SHARE_MERGEABLE_BEHIND),
        Some("blocked") => (
            "Merging blocked by branch protection",
            SHARE_MERGEABLE_BLOCKED,
        ),
        Some("dirty") => ("Merge conflicts with the base branch", 0.0),
        Some("draft") => ("Draft: not mergeable yet", 0.0),
        _ => ("Mergeable state unknown", SHARE_MERGEABLE_UNKNOWN),
    };
    let mergeable = item(
        "mergeable",
        label,
        READINESS_MERGEABLE,
        part(READINESS_MERGEABLE, share),
    );

    let description = if convention_ok("description") {
        item(
            "description",
            "Description present",
            READINESS_DESCRIPTION,
            READINESS_DESCRIPTION,
        )
    } else {
        item(
            "description",
            "Description missing or too short",
            READINESS_DESCRIPTION,
            0,
        )
    };

    let tests = if convention_ok("tests_with_source") {
        item(
            "tests_with_source",
            "Tests changed with source (or no source changed)",
            READINESS_TESTS_WITH_SOURCE,
            READINESS_TESTS_WITH_SOURCE,
        )
    } else {
        item(
            "tests_with_source",
            "Source changed without tests",
            READINESS_TESTS_WITH_SOURCE,
            0,
        )
    };

    let approval = approval(context);

    let findings = &sections.supply_chain.findings;
    let serious = findings
        .iter()
        .filter(|finding| finding.severity >= Severity::High)
        .count();
    let supply_chain = if findings.is_empty() {
        item(
            "supply_chain",
            "Supply chain clean",
            READINESS_SUPPLY_CHAIN,
            READINESS_SUPPLY_CHAIN,
        )
    } else if serious == 0 {
        item(
            "supply_chain",
            format!("{} minor supply-chain finding(s)", findings.len()),
            READINESS_SUPPLY_CHAIN,
            part(READINESS_SUPPLY_CHAIN, SHARE_SUPPLY_CHAIN_MINOR),
        )
    } else {
        item(
            "supply_chain",
            format!("{serious} serious supply-chain finding(s)"),
            READINESS_SUPPLY_CHAIN,
            0,
        )
    };

    let (label, share) = match risk.level {
        RiskLevel::Low => ("Risk level low", 1.0),
        RiskLevel::Medium => ("Risk level medium", SHARE_RISK_MEDIUM),
        RiskLevel::High => ("Risk level high", SHARE_RISK_HIGH),
        RiskLevel::Critical => ("Risk level critical", 0.0),
    };
    let risk_item = item("risk", label, READINESS_RISK, part(READINESS_RISK, share));

    vec![
        ci,
        mergeable,
        description,
        tests,
        approval,
        supply_chain,
        risk_item,
    ]
}

/// Latest review per reviewer; an approval counts fully on the head commit, partly on an
/// older one (stale), and changes requested cancel it.
fn approval(context: &Context) -> ReadinessItem {
    let Some(reviews) = context.bundle.reviews.as_ref() else {
        return item("approval", "Reviews not fetched", READINESS_APPROVAL, 0);
    };
    let head = context.bundle.pull.head_sha.as_deref();
    let mut latest: Vec<(&str, &crate::bundle::Review)> = Vec::new();
    for review in reviews {
        let state = review.state.to_ascii_uppercase();
        if !matches!(
            state.as_str(),
            "APPROVED" | "CHANGES_REQUESTED" | "DISMISSED"
        ) {
            continue;
        }
        let reviewer = review.user.as_deref().unwrap_or("");
        match latest.iter_mut().find(|(login, _)| *login == reviewer) {
            Some(entry) => entry.1 = review,
            None => latest.push((reviewer, review)),
        }
    }
    let state_of = |review: &crate::bundle::Review| review.state.to_ascii_uppercase();
    if latest
        .iter()
        .any(|(_, review)| state_of(review) == "CHANGES_REQUESTED")
    {
        return item(
            "approval",
            "Changes requested by a reviewer",
            READINESS_APPROVAL,
            0,
        );
    }
    let approvals: Vec<&crate::bundle::Review> = latest
        .iter()
        .map(|(_, review)| *review)
        .filter(|review| state_of(review) == "APPROVED")
        .collect();
    if approvals.is_empty() {
        return item("approval", "No approval yet", READINESS_APPROVAL, 0);
    }
    let approvals: Vec<&crate::bundle::Review> = approvals
        .into_iter()
        .filter(|review| approving_association(review.author_association.as_deref()))
        .collect();
    if approvals.is_empty() {
        return item(
            "approval",
            "Approved only by accounts without write association to the repository",
            READINESS_APPROVAL,
            0,
        );
    }
    let current = approvals
        .iter()
        .any(|review| head.is_some() && review.commit_id.as_deref() == head);
    if current || head.is_none() {
        item(
            "approval",
            "Approved on the current head",
            READINESS_APPROVAL,
            READINESS_APPROVAL,
        )
    } else {
        item(
            "approval",
            "Approval is stale: given on an older commit",
            READINESS_APPROVAL,
            part(READINESS_APPROVAL, SHARE_APPROVAL_STALE),
        )
    }
}

/// True when an approval from this association counts: write access (`OWNER`, `MEMBER`,
/// `COLLABORATOR`), or unknown (pre-2017 data). Anyone can approve a public PR; GitHub's
/// required reviews count only reviewers with write access.
pub fn approving_association(association: Option<&str>) -> bool {
    association.is_none_or(|association| {
        APPROVING_ASSOCIATIONS.contains(&association.to_ascii_uppercase().as_str())
    })
}
