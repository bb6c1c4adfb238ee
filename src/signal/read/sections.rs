//! The signal's sections, one reader each, in the order of `signal::model`.

use super::obj::Obj;
use crate::signal::effort::{AgentEvidence, AgentEvidenceKind, CheckId, CheckOutcome, EffortCheck};
use crate::signal::identity::{ChangedSinceApproval, IdentityKind, IdentityNote};
use crate::signal::intent::{
    Claim, ClaimEvidence, ClaimKind, ClaimOrigin, ClaimStatus, Found, Intent, Prose,
};
use crate::signal::model::{
    CheckSummary, Contributor, ConventionCheck, Driver, Evidence, EvidenceSignals, Finding,
    FocusFile, GovernanceResult, Meta, NextSteps, PrInfo, ReadinessItem, ReviewAdvice, Risk,
    Signal, SupplyChain, Triage,
};

pub(super) fn read_signal(o: &Obj) -> Signal {
    Signal {
        version: o.string("version"),
        pr: read_pr(&o.obj("pr")),
        risk: read_risk(&o.obj("risk")),
        contributors: o.list("contributors", read_contributor),
        intent: read_intent(&o.obj("intent")),
        evidence: read_evidence(&o.obj("evidence")),
        supply_chain: read_supply_chain(&o.obj("supply_chain")),
        focus: o.list("focus", read_focus_file),
        focus_more: o.u64_or_zero("focus_more"),
        triage: read_triage(&o.obj("triage")),
        conventions: o.list("conventions", read_convention),
        governance: o.list("governance", read_governance),
        review: read_review(&o.obj("review")),
        next_steps: read_next_steps(&o.obj("next_steps")),
        meta: read_meta(&o.obj("meta")),
        authorship: o.list_or_empty("authorship", read_agent_evidence),
        checks: o.list_or_empty("checks", read_effort_check),
        viewer: o.opt_obj("viewer", super::viewer::read_viewer),
    }
}

fn read_agent_evidence(o: &Obj) -> AgentEvidence {
    AgentEvidence {
        agent: o.string("agent"),
        kind: o.word(
            "kind",
            AgentEvidenceKind::from_key,
            AgentEvidenceKind::AuthorLogin,
        ),
        detail: o.string("detail"),
    }
}

fn read_effort_check(o: &Obj) -> EffortCheck {
    EffortCheck {
        id: o.word("id", CheckId::from_key, CheckId::TemplateFilled),
        outcome: o.word("outcome", CheckOutcome::from_key, CheckOutcome::NotChecked),
        detail: o.string("detail"),
    }
}

fn read_pr(o: &Obj) -> PrInfo {
    PrInfo {
        owner: o.string("owner"),
        repo: o.string("repo"),
        number: o.u64("number"),
        title: o.string("title"),
        author: o.opt_string("author"),
        url: o.string("url"),
        head_sha: o.opt_string("head_sha"),
        base: o.opt_string("base"),
        head: o.opt_string("head"),
        state: o.string("state"),
        draft: o.bool("draft"),
        additions: o.u64("additions"),
        deletions: o.u64("deletions"),
        changed_files: o.u64("changed_files"),
        created_at: o.opt_string("created_at"),
    }
}

fn read_risk(o: &Obj) -> Risk {
    Risk {
        level: o.word(
            "level",
            crate::signal::model::RiskLevel::from_key,
            crate::signal::model::RiskLevel::Low,
        ),
        score: o.f64("score"),
        drivers: o.list("drivers", read_driver),
        formula: o.string("formula"),
    }
}

fn read_driver(o: &Obj) -> Driver {
    Driver {
        id: o.string("id"),
        label: o.string("label"),
        weight: o.f64("weight"),
        detail: o.string("detail"),
        paths: o.strings_or_empty("paths"),
    }
}

fn read_contributor(o: &Obj) -> Contributor {
    Contributor {
        login: o.string("login"),
        role: o.word(
            "role",
            crate::signal::model::Role::from_key,
            crate::signal::model::Role::Author,
        ),
        association: o.opt_string("association"),
        trust_level: o.word(
            "trust_level",
            crate::signal::model::TrustLevel::from_key,
            crate::signal::model::TrustLevel::New,
        ),
        account_age_days: o.opt_u64("account_age_days"),
        prior_prs: o.opt_u64("prior_prs"),
        merged_prs: o.opt_u64("merged_prs"),
        commits: o.u64("commits"),
        unfamiliar_files: o.opt_u64("unfamiliar_files"),
        badges: o.strings("badges"),
        summary: o.string("summary"),
        identity: o.list_or_empty("identity", read_identity_note),
    }
}

fn read_identity_note(o: &Obj) -> IdentityNote {
    IdentityNote {
        kind: o.word("kind", IdentityKind::from_key, IdentityKind::PrBurst),
        detail: o.string("detail"),
    }
}

fn read_changed_since_approval(o: &Obj) -> ChangedSinceApproval {
    ChangedSinceApproval {
        approved_by: o.string("approved_by"),
        approved_commit: o.string("approved_commit"),
        head: o.string("head"),
        commits: o.strings("commits"),
        approved_commit_gone: o.bool("approved_commit_gone"),
        compare_url: o.opt_string("compare_url"),
        diff: o.opt_obj("diff", super::viewer::read_approval_diff),
        diff_note: o.opt_string("diff_note"),
    }
}

fn read_intent(o: &Obj) -> Intent {
    Intent {
        goal: o.string("goal"),
        source: o.string("source"),
        claims: o.list("claims", read_claim),
        claims_more: o.u64_or_zero("claims_more"),
        unticked: o.strings_or_empty("unticked"),
        statements: o.u64("statements"),
        unread_statements: o.u64("unread_statements"),
        prose: o.word("prose", Prose::from_key, Prose::None),
        linked_issues: o.numbers("linked_issues"),
    }
}

fn read_claim(o: &Obj) -> Claim {
    Claim {
        text: o.string("text"),
        origin: o.word("origin", ClaimOrigin::from_key, ClaimOrigin::Description),
        issue: o.opt_u64("issue"),
        kind: o.word("kind", ClaimKind::from_key, ClaimKind::Names),
        subjects: o.strings("subjects"),
        status: o.word("status", ClaimStatus::from_key, ClaimStatus::NotCheckable),
        evidence: o.list("evidence", read_claim_evidence),
        detail: o.string("detail"),
    }
}

fn read_claim_evidence(o: &Obj) -> ClaimEvidence {
    ClaimEvidence {
        found: o.word("found", Found::from_key, Found::Context),
        subject: o.string("subject"),
        path: o.string("path"),
        line: o.opt_u64("line"),
        from: o.opt_string("from"),
        old_side: o.field("old_side").is_some_and(|_| o.bool("old_side")),
    }
}

fn read_evidence(o: &Obj) -> Evidence {
    let signals = o.obj("signals");
    let state = |key| {
        signals.word(
            key,
            crate::signal::model::SignalState::from_key,
            crate::signal::model::SignalState::Missing,
        )
    };
    Evidence {
        completeness: o.f64("completeness"),
        signals: EvidenceSignals {
            tests_passing: state("tests_passing"),
            ci_passing: state("ci_passing"),
            lint_passing: state("lint_passing"),
            security_scan_clean: state("security_scan_clean"),
            coverage_maintained: state("coverage_maintained"),
            build_successful: state("build_successful"),
        },
        note: o.string("note"),
        checks: o.list("checks", read_check),
    }
}

fn read_check(o: &Obj) -> CheckSummary {
    CheckSummary {
        name: o.string("name"),
        feeds: o.strings("feeds"),
        state: o.word(
            "state",
            crate::signal::model::SignalState::from_key,
            crate::signal::model::SignalState::Missing,
        ),
        conclusion: o.string("conclusion"),
    }
}

fn read_supply_chain(o: &Obj) -> SupplyChain {
    SupplyChain {
        dependencies: o.bool("dependencies"),
        lockfile: o.bool("lockfile"),
        ci_config: o.bool("ci_config"),
        build_scripts: o.bool("build_scripts"),
        findings: o.list("findings", read_finding),
    }
}

fn read_finding(o: &Obj) -> Finding {
    Finding {
        id: o.word(
            "id",
            crate::signal::model::FindingKind::from_key,
            crate::signal::model::FindingKind::NewDependency,
        ),
        path: o.string("path"),
        detail: o.string("detail"),
        severity: o.word(
            "severity",
            crate::signal::model::Severity::from_key,
            crate::signal::model::Severity::Low,
        ),
        line: o.opt_u64("line"),
    }
}

fn read_focus_file(o: &Obj) -> FocusFile {
    FocusFile {
        path: o.string("path"),
        priority: o.word(
            "priority",
            crate::signal::model::Priority::from_key,
            crate::signal::model::Priority::Low,
        ),
        additions: o.u64("additions"),
        deletions: o.u64("deletions"),
        status: o.string("status"),
        reasons: o.strings("reasons"),
        anchor: o.string("anchor"),
        viewed: o.bool("viewed"),
    }
}

fn read_triage(o: &Obj) -> Triage {
    Triage {
        minutes: o.opt_u64("minutes"),
        effort: o.word(
            "effort",
            crate::signal::model::Effort::from_key,
            crate::signal::model::Effort::Trivial,
        ),
        staleness: o.word(
            "staleness",
            crate::signal::model::Staleness::from_key,
            crate::signal::model::Staleness::None,
        ),
        counted_lines: o.u64("counted_lines"),
        excluded_lines: o.u64("excluded_lines"),
        reading_lines: o.u64("reading_lines"),
        formula: o.string("formula"),
        remaining_minutes: o.opt_u64("remaining_minutes"),
        age_days: o.opt_u64("age_days"),
        advice: o.string("advice"),
    }
}

fn read_convention(o: &Obj) -> ConventionCheck {
    ConventionCheck {
        id: o.string("id"),
        ok: o.bool("ok"),
        detail: o.string("detail"),
    }
}

fn read_governance(o: &Obj) -> GovernanceResult {
    GovernanceResult {
        policy: o.string("policy"),
        rule: o.string("rule"),
        outcome: o.word(
            "outcome",
            crate::signal::model::PolicyOutcome::from_key,
            crate::signal::model::PolicyOutcome::NotApplicable,
        ),
        detail: o.string("detail"),
    }
}

fn read_review(o: &Obj) -> ReviewAdvice {
    ReviewAdvice {
        action: o.word(
            "action",
            crate::signal::model::ReviewAction::from_key,
            crate::signal::model::ReviewAction::Review,
        ),
        readiness: o.u8("readiness"),
        rationale: o.string("rationale"),
        checklist: o.list("checklist", read_readiness_item),
        changed_since_approval: o.opt_obj("changed_since_approval", read_changed_since_approval),
    }
}

fn read_readiness_item(o: &Obj) -> ReadinessItem {
    ReadinessItem {
        id: o.string("id"),
        label: o.string("label"),
        points: o.u8("points"),
        earned: o.u8("earned"),
    }
}

fn read_next_steps(o: &Obj) -> NextSteps {
    NextSteps {
        concerns: o.strings("concerns"),
        questions: o.strings("questions"),
    }
}

fn read_meta(o: &Obj) -> Meta {
    Meta {
        engine_version: o.string("engine_version"),
        generated_at: o.string("generated_at"),
        inputs: o.strings("inputs"),
        missing: o.strings("missing"),
        notes: o.strings("notes"),
        calibration: o.opt_string("calibration"),
    }
}
