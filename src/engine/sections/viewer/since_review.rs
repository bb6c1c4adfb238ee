//! "Since your last review": what changed between the viewer's newest review and the head,
//! scored on its own, and a one-line answer to "does this need another full read?".
//!
//! **Why.** GitHub's "changes since your last review" is a raw diff; a returning reviewer needs
//! to know whether the new commits are a typo fix or a new dependency. The files and lines are
//! GitHub's comparison of the reviewed commit with the head (`since_review`, as
//! `since_approval` is for approvals); the engine scores that comparison as if it were the
//! PR (the same pull, people and checks, only its files and commits), so a driver or finding
//! listed here fires on what changed since the review.
//!
//! **The answer.** Yes when the reviewed commit was rewritten away (a force-push: what was read
//! may have changed anywhere), when what changed scores high or critical on its own or carries
//! a high or critical finding, or when it is more than one review sitting's worth of lines
//! (`large_diff_lines`, SmartBear/Cisco's 400 LOC, docs/sources.md); otherwise no, with the
//! files to read. Not known when the comparison was not fetched.

use crate::bundle::{Bundle, Review, SinceApproval};
use crate::engine::context::Context;
use crate::engine::sections::since_approval::{commits_after, compare_url, listed_diff, short};
use crate::signal::{Finding, FocusFile, RiskLevel, Severity, Signal, SinceDriver, SinceReview};
use crate::text::name_list;

/// What the signal already holds that this section reads: the focus files, the PR's findings
/// (new ones are named by their index there) and the engine's signal of [`delta_bundle`].
pub struct Inputs<'a> {
    pub focus: &'a [FocusFile],
    pub findings: &'a [Finding],
    pub delta: Option<&'a Signal>,
}

/// The bundle of what changed since `login`'s newest review, scored as if it were the PR:
/// the same pull, people and checks; the comparison's files and the commits after the reviewed
/// one; nothing personal or review-bound (so scoring it never comes back here). `None` when
/// there is no usable comparison.
pub fn delta_bundle(bundle: &Bundle) -> Option<Bundle> {
    let login = &bundle.viewer.as_ref()?.login;
    let head = bundle.pull.head_sha.as_deref()?;
    let reviewed = newest_review(bundle, login)?.commit_id.as_deref()?;
    let since = bundle
        .since_review
        .as_ref()
        .filter(|since| same(&since.base, reviewed) && same(&since.head, head))?;
    let position = bundle.commits.as_deref().and_then(|commits| {
        commits
            .iter()
            .position(|commit| commit.sha.eq_ignore_ascii_case(reviewed))
    });
    Some(delta_of(since, bundle, position))
}

/// `(reviewed_on_head, since_review)` for `login`'s newest review.
pub fn assess(context: &Context, login: &str, inputs: &Inputs) -> (bool, Option<SinceReview>) {
    let focus = inputs.focus;
    let bundle = context.bundle;
    let (Some(head), Some(review)) = (
        bundle.pull.head_sha.as_deref(),
        newest_review(bundle, login),
    ) else {
        return (false, None);
    };
    let Some(reviewed) = review.commit_id.as_deref() else {
        return (false, None);
    };
    if reviewed.eq_ignore_ascii_case(head) {
        return (true, None);
    }
    let (after, gone) = commits_after(bundle, reviewed);
    let comparison = bundle
        .since_review
        .as_ref()
        .filter(|since| same(&since.base, reviewed) && same(&since.head, head));
    let diff_note = match (&bundle.since_review, comparison) {
        (Some(since), None) => Some(format!(
            "The fetched comparison runs from {} to {}, not from your reviewed commit {} to the head {}; its files were ignored.",
            named(&since.base),
            named(&since.head),
            short(reviewed),
            short(head)
        )),
        _ => None,
    };
    let rewritten = gone
        || comparison.is_some_and(|since| {
            since
                .merge_base
                .as_deref()
                .is_some_and(|base| !base.eq_ignore_ascii_case(reviewed))
        });
    let scored = comparison
        .and(inputs.delta)
        .map(|delta| scored(delta, inputs.findings));
    let diff = comparison.map(|since| listed_diff(since, focus));
    let (full_read, answer) = answer(
        context,
        rewritten,
        reviewed,
        diff.as_ref(),
        scored.as_ref(),
        after.len(),
    );
    let since = SinceReview {
        state: state_word(&review.state).to_string(),
        reviewed_commit: reviewed.to_string(),
        head: head.to_string(),
        commits: after,
        rewritten,
        compare_url: compare_url(&bundle.pull.owner, &bundle.pull.repo, reviewed, head),
        diff,
        diff_note,
        level: scored.as_ref().map(|scored| scored.level),
        drivers: scored
            .as_ref()
            .map(|scored| scored.drivers.clone())
            .unwrap_or_default(),
        findings: scored.map(|scored| scored.new_findings).unwrap_or_default(),
        full_read,
        answer,
    };
    (false, Some(since))
}

/// The viewer's newest submitted review with a commit (reviews come in submission order).
pub fn newest_review<'a>(bundle: &'a Bundle, login: &str) -> Option<&'a Review> {
    bundle.reviews.as_deref()?.iter().rfind(|review| {
        review
            .user
            .as_deref()
            .is_some_and(|user| user.eq_ignore_ascii_case(login))
            && !review.state.eq_ignore_ascii_case("PENDING")
            && review.commit_id.is_some()
    })
}

fn same(found: &Option<String>, wanted: &str) -> bool {
    found
        .as_deref()
        .is_some_and(|found| found.eq_ignore_ascii_case(wanted))
}

fn named(sha: &Option<String>) -> &str {
    sha.as_deref().map_or("an unknown commit", short)
}

fn state_word(state: &str) -> &'static str {
    match state.to_ascii_uppercase().as_str() {
        "APPROVED" => "approved",
        "CHANGES_REQUESTED" => "requested changes",
        "DISMISSED" => "dismissed",
        _ => "commented",
    }
}

/// The engine's reading of what changed since the review alone.
struct Scored {
    level: RiskLevel,
    drivers: Vec<SinceDriver>,
    findings: Vec<Finding>,
    /// Indexes of those findings in the PR's own list.
    new_findings: Vec<u64>,
    counted_lines: u64,
}

fn scored(delta: &Signal, findings: &[Finding]) -> Scored {
    let new_findings = delta
        .supply_chain
        .findings
        .iter()
        .filter_map(|found| findings.iter().position(|finding| finding == found))
        .map(|index| index as u64)
        .collect();
    Scored {
        level: delta.risk.level,
        drivers: delta
            .risk
            .drivers
            .iter()
            .filter(|driver| !driver.paths.is_empty())
            .map(|driver| SinceDriver {
                id: driver.id.clone(),
                label: driver.label.clone(),
                detail: driver.detail.clone(),
            })
            .collect(),
        findings: delta.supply_chain.findings.clone(),
        new_findings,
        counted_lines: delta.triage.counted_lines,
    }
}

fn delta_of(since: &SinceApproval, bundle: &Bundle, position: Option<usize>) -> Bundle {
    let mut delta = bundle.clone();
    let (additions, deletions) = since.files.iter().fold((0u64, 0u64), |(a, d), file| {
        (
            a.saturating_add(file.additions),
            d.saturating_add(file.deletions),
        )
    });
    delta.pull.additions = Some(additions);
    delta.pull.deletions = Some(deletions);
    delta.pull.changed_files = Some(u64::try_from(since.files.len()).unwrap_or(u64::MAX));
    delta.files = Some(since.files.clone());
    delta.files_truncated = since.files_truncated;
    delta.commits = match (bundle.commits.as_deref(), position) {
        (Some(commits), Some(position)) => Some(commits[position + 1..].to_vec()),
        _ => None,
    };
    delta.commits_truncated = false;
    delta.pull.commits = delta.commits.as_ref().map(|commits| commits.len() as u64);
    delta.reviews = None;
    delta.since_approval = None;
    delta.since_review = None;
    delta.viewer = None;
    delta.codeowners = None;
    delta.timeline = None;
    delta.page = None;
    delta
}

fn answer(
    context: &Context,
    rewritten: bool,
    reviewed: &str,
    diff: Option<&crate::signal::ApprovalDiff>,
    scored: Option<&Scored>,
    pushed: usize,
) -> (Option<bool>, String) {
    if rewritten {
        return (
            Some(true),
            format!(
                "Yes: the commit you reviewed ({}) is no longer in the branch (a force-push rewrote it), so what you read may have changed anywhere.",
                short(reviewed)
            ),
        );
    }
    let (Some(diff), Some(scored)) = (diff, scored) else {
        let commits = match pushed {
            0 => String::new(),
            1 => " (1 commit was pushed since)".to_string(),
            count => format!(" ({count} commits were pushed since)"),
        };
        return (
            None,
            format!("Not known: the files changed since your review were not fetched{commits}."),
        );
    };
    if scored.level >= RiskLevel::High {
        let why: Vec<&str> = scored
            .drivers
            .iter()
            .map(|driver| driver.label.as_str())
            .collect();
        let because = if why.is_empty() {
            String::new()
        } else {
            format!(" ({})", name_list(&why))
        };
        return (
            Some(true),
            format!(
                "Yes: what changed since your review scores {} on its own{because}.",
                scored.level.label().to_lowercase()
            ),
        );
    }
    if let Some(finding) = scored
        .findings
        .iter()
        .find(|finding| finding.severity >= Severity::High)
    {
        return (
            Some(true),
            format!(
                "Yes: a {} finding is new since your review ({} in {}).",
                finding.severity.label().to_lowercase(),
                finding.id.label(),
                finding.path
            ),
        );
    }
    let sitting = context.settings.thresholds.large_diff_lines;
    if scored.counted_lines > sitting {
        return (
            Some(true),
            format!(
                "Yes: {} lines changed since your review, more than one review sitting ({sitting}).",
                scored.counted_lines
            ),
        );
    }
    let focus: Vec<&str> = diff
        .files
        .iter()
        .filter(|file| file.focus)
        .map(|file| file.path.as_str())
        .collect();
    let among = if focus.is_empty() {
        String::new()
    } else {
        format!("; focus files among them: {}", name_list(&focus))
    };
    (
        Some(false),
        format!(
            "No: read the {} file{} (+{} \u{2212}{}) changed since your review{among}.",
            diff.total_files,
            if diff.total_files == 1 { "" } else { "s" },
            diff.additions,
            diff.deletions
        ),
    )
}
