//! From statements to checked claims: each statement's readings (see [`super::phrases`]), the
//! issues it closes, one claim per distinct reading, each judged by [`super::verdict`]; those
//! the diff can check listed first.

use super::checker::{Checker, Pending};
use super::phrases::{classify, closed_issues, is_english, Mode};
use super::statements::Statements;
use super::tokens::{tokenize, Subject};
use crate::engine::context::Context;
use crate::signal::{Claim, ClaimKind, ClaimOrigin, ClaimStatus, Prose};
use crate::text::clip;

/// Claims listed at most; the rest are counted (`claims_more`).
pub(super) const MAX_CLAIMS: usize = 20;
/// Claims judged at most (a template with 60 ticked boxes is not read further).
const MAX_PENDING: usize = 60;
/// Characters of a claim's text kept.
const MAX_TEXT_CHARS: usize = 200;
/// Characters of a subject kept.
const MAX_SUBJECT_CHARS: usize = 100;

/// The claims and what the reading saw.
pub(super) struct Read {
    pub(super) claims: Vec<Claim>,
    pub(super) claims_more: u64,
    pub(super) statements: u64,
    pub(super) unread: u64,
    pub(super) prose: Prose,
}

pub(super) fn read(context: &Context, statements: &Statements) -> Read {
    let mut pending: Vec<Pending> = Vec::new();
    let mut unread = 0u64;
    let (mut english, mut other) = (0u32, 0u32);
    for statement in &statements.list {
        let tokens = tokenize(&statement.text);
        if statement.mode == Mode::Prose && statement.origin == ClaimOrigin::Description {
            match is_english(&tokens) {
                Some(true) => english += 1,
                Some(false) => other += 1,
                None => {}
            }
        }
        let mut readings: Vec<(ClaimKind, Vec<Subject>, Vec<Subject>)> = closed_issues(&tokens)
            .into_iter()
            .map(|issue| (ClaimKind::FixesIssue, vec![issue], Vec::new()))
            .collect();
        readings.extend(
            classify(&tokens, statement.mode)
                .into_iter()
                .map(|reading| (reading.kind, reading.primary, reading.containers)),
        );
        if readings.is_empty() {
            unread += 1;
        }
        for (kind, primary, containers) in readings {
            let claim = Pending {
                text: clip(&statement.text, MAX_TEXT_CHARS),
                origin: statement.origin,
                issue: statement.issue,
                kind,
                primary,
                containers,
            };
            if !pending.iter().any(|seen| same_claim(seen, &claim)) && pending.len() < MAX_PENDING {
                pending.push(claim);
            }
        }
    }
    let checker = Checker::new(context, &pending);
    let mut claims: Vec<Claim> = pending
        .iter()
        .map(|claim| {
            let verdict = checker.verdict(claim);
            Claim {
                text: claim.text.clone(),
                origin: claim.origin,
                issue: claim.issue,
                kind: claim.kind,
                subjects: claim
                    .primary
                    .iter()
                    .chain(&claim.containers)
                    .map(|subject| clip(&subject.text, MAX_SUBJECT_CHARS))
                    .collect(),
                status: verdict.status,
                evidence: verdict.evidence,
                detail: verdict.detail,
            }
        })
        .collect();
    // Checkable claims first, each group in the order read (a stable sort).
    crate::order::sort_by_key(&mut claims, |claim| {
        claim.status == ClaimStatus::NotCheckable
    });
    let claims_more = claims.len().saturating_sub(MAX_CLAIMS) as u64;
    claims.truncate(MAX_CLAIMS);
    let prose = match (english, other) {
        (0, 0) => Prose::None,
        (english, other) if other > english => Prose::Other,
        _ => Prose::English,
    };
    Read {
        claims,
        claims_more,
        statements: statements.list.len() as u64,
        unread,
        prose,
    }
}

/// The same claim said twice: same kind and names, from the same place (the title and the
/// description count as one place; a ticked box and an issue's list are their own).
fn same_claim(a: &Pending, b: &Pending) -> bool {
    let place = |claim: &Pending| match claim.origin {
        ClaimOrigin::Title | ClaimOrigin::Description => (0, None),
        ClaimOrigin::TickedBox => (1, None),
        ClaimOrigin::LinkedIssue => (2, claim.issue),
    };
    let unprovable = matches!(a.kind, ClaimKind::AuthorsWord | ClaimKind::Runtime);
    a.kind == b.kind
        && a.primary == b.primary
        && a.containers == b.containers
        && place(a) == place(b)
        && (!unprovable || a.text == b.text)
}

/// What a raised claim says, for next steps and the low-effort check: "The description says
/// tests were added; no test file changed".
pub fn concern(claim: &Claim) -> String {
    let who = match (claim.origin, claim.issue) {
        (ClaimOrigin::Title, _) => "The title says".to_string(),
        (ClaimOrigin::Description, _) => "The description says".to_string(),
        (ClaimOrigin::TickedBox, _) => "A ticked box says".to_string(),
        (ClaimOrigin::LinkedIssue, Some(number)) => format!("#{number}'s acceptance list says"),
        (ClaimOrigin::LinkedIssue, None) => "A linked issue says".to_string(),
    };
    let names = |subjects: &[String]| {
        subjects
            .iter()
            .map(|subject| format!("`{subject}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let what = match claim.kind {
        ClaimKind::Adds => format!("it adds {}", names(&claim.subjects)),
        ClaimKind::Removes => format!("it removes {}", names(&claim.subjects)),
        ClaimKind::Renames => match claim.subjects.as_slice() {
            [old, new, ..] => format!("it renames `{old}` to `{new}`"),
            _ => "it renames something".to_string(),
        },
        ClaimKind::Deprecates => format!("it deprecates {}", names(&claim.subjects)),
        ClaimKind::Names => format!("it touches {}", names(&claim.subjects)),
        ClaimKind::TestsAdded => "tests were added".to_string(),
        ClaimKind::TestDataAdded => "test data was added".to_string(),
        ClaimKind::DocsUpdated => "the documentation was updated".to_string(),
        ClaimKind::DocsOnly => "only documentation changed".to_string(),
        ClaimKind::NoBehaviourChange => "there is no behaviour change".to_string(),
        ClaimKind::FormattingOnly => "only formatting changed".to_string(),
        ClaimKind::FixesIssue => format!("it fixes {}", claim.subjects.join(", ")),
        ClaimKind::Runtime | ClaimKind::AuthorsWord => format!("\"{}\"", claim.text),
    };
    let why = if claim.detail.is_empty() {
        claim
            .evidence
            .first()
            .map(|evidence| evidence.describe())
            .unwrap_or_default()
    } else {
        claim.detail.clone()
    };
    format!("{who} {what}; {why}")
}
