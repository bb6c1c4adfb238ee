//! Fixed tables of the review sections (triage, evidence, intent, conventions, review): effort
//! bands, partial credits, readiness points. Each row gives its source; user-tunable numbers
//! live in [`super::Thresholds`] instead.

use crate::signal::EvidenceSignal;

/// Effort bands by minutes to review: `(lower bound inclusive, band)`, scanned from the top.
/// Source: docs/sources.md, "Review size and time" (gitStream ETR colours < 5 / 5–19 / ≥ 20;
/// SmartBear "review < 60 min, never > 90"; the reference product called 112 min "extensive").
pub const EFFORT_BANDS: [(u64, &str); 5] = [
    (90, "extensive"),
    (60, "substantial"),
    (20, "moderate"),
    (5, "light"),
    (0, "trivial"),
];

/// Staleness "low" from this many days without update (one week: LinearB's elite pickup time is
/// hours, and `actions/stale` closes a week after marking). "medium" and "high" use
/// `Thresholds::stale_days` and `stale_high_days`.
pub const STALENESS_LOW_DAYS: u64 = 7;

/// Evidence completeness credit per signal state. A failing signal is evidence, but of a problem,
/// so it earns partial credit: with 1 failing signal of 6 this gives 0.6 / 6 = 10%, the
/// reference product's completeness for transformers#43774 (docs/sources.md, "The reference
/// product"). A pending signal is a promise of evidence.
pub const EVIDENCE_CREDIT_PASSING: f64 = 1.0;
pub const EVIDENCE_CREDIT_FAILING: f64 = 0.6;
pub const EVIDENCE_CREDIT_PENDING: f64 = 0.3;

/// A description shorter than this (after removing template comments and headings) does not
/// count as "present". 30 characters: one real sentence (PR-Metrics requires a non-empty body;
/// a single word is not a description).
pub const MIN_DESCRIPTION_CHARS: usize = 30;

/// Title length bounds. 10: shorter titles ("Fix", "WIP") say nothing; 72: the Git subject-line
/// convention (Tim Pope; `git log --oneline` width), also used by commitlint's header-max-length.
pub const MIN_TITLE_CHARS: usize = 10;
pub const MAX_TITLE_CHARS: usize = 72;

/// Commit subject lines longer than this are flagged (same Git convention as the title).
pub const MAX_COMMIT_SUBJECT_CHARS: usize = 72;

/// Goal text is cut at a sentence end before this many characters.
pub const MAX_GOAL_CHARS: usize = 280;

/// Readiness checklist points (sum 100). Source: docs/sources.md, "Readiness and recommendation"
/// (no tool publishes a formula; this is our own checklist): CI green,
/// mergeable clean, description present (PR-Metrics), tests with source (PR-Metrics test
/// factor), approvals not stale, supply chain clean; plus the risk level, because the reference
/// product never recommends approval at critical risk.
pub const READINESS_CI_GREEN: u8 = 25;
pub const READINESS_MERGEABLE: u8 = 15;
pub const READINESS_DESCRIPTION: u8 = 10;
pub const READINESS_TESTS_WITH_SOURCE: u8 = 15;
pub const READINESS_APPROVAL: u8 = 10;
pub const READINESS_SUPPLY_CHAIN: u8 = 10;
pub const READINESS_RISK: u8 = 15;

/// Partial credit (share of an item's points) for states between done and not done.
/// [inferred] Pending CI is a promise, not evidence (as in evidence credit); an unstable merge
/// state means only non-required checks fail; behind or unknown is a coin toss; blocked still
/// needs reviews or checks; a stale approval was given to different code (posthog#85564 drops
/// approvals on new pushes); minor supply-chain findings are worth a look; medium/high risk
/// leave room for review, critical none.
pub const SHARE_CI_PENDING: f64 = 0.3;
pub const SHARE_MERGEABLE_UNSTABLE: f64 = 0.6;
pub const SHARE_MERGEABLE_BEHIND: f64 = 0.5;
pub const SHARE_MERGEABLE_UNKNOWN: f64 = 0.5;
pub const SHARE_MERGEABLE_BLOCKED: f64 = 0.4;
pub const SHARE_APPROVAL_STALE: f64 = 0.4;
/// Review `author_association`s whose approval counts: an approval from an
/// account with no write association (NONE, CONTRIBUTOR, FIRST_TIMER, …) does not satisfy
/// GitHub's required reviews either ("About protected branches": approvals from people with
/// write access count). A review without the field (old recordings) counts, as before.
pub const APPROVING_ASSOCIATIONS: &[&str] = &["OWNER", "MEMBER", "COLLABORATOR"];
pub const SHARE_SUPPLY_CHAIN_MINOR: f64 = 0.5;
pub const SHARE_RISK_MEDIUM: f64 = 0.6;
pub const SHARE_RISK_HIGH: f64 = 0.2;
/// While a blocker stands (critical risk, failing checks, a high or critical finding), readiness
/// is at most this share of what the checklist earned: a blocked PR never reads as more than
/// halfway ready. The reference product shows 22% for its example (critical, failing checks);
/// this gives 21% for our rendition of it (www/sample-bundle.json). Issue 17, class 4.
pub const SHARE_READINESS_BLOCKED: f64 = 0.5;

/// Account age below which the "Fresh Account" badge shows (informational only).
/// Source: Good Egg #47 (accounts < 1 year merge ~16pp less); docs/sources.md, "Contributors
/// and trust".
pub const FRESH_ACCOUNT_DAYS: u64 = 365;

/// Missing evidence signals worth a question in next steps. The reference product asked about
/// ci_passing and lint_passing (not security/coverage/build) when tests were present; tests are
/// asked about too when absent.
pub const ESSENTIAL_EVIDENCE: [EvidenceSignal; 3] = [
    EvidenceSignal::TestsPassing,
    EvidenceSignal::CiPassing,
    EvidenceSignal::LintPassing,
];

/// Focus files kept in the signal, most important first; `focus_more` counts the rest. 50: the
/// panel and the Markdown export show the first handful, a reviewer starting a 3,000-file PR
/// needs a starting list rather than a full inventory (GitHub's Files tab has that), and the
/// full list was most of the signal's size and of the engine's time on big PRs
/// (docs/performance.md).
pub const MAX_FOCUS_FILES: usize = 50;
