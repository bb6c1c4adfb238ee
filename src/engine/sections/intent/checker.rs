//! The claim checker's records: a claim as read ([`Pending`]), what the diff says about it
//! ([`Verdict`]), and the [`Checker`] that holds the indexed diff (its rules live in
//! [`super::verdict`], [`super::verdict_files`] and [`super::locate`]).

use super::diff_index::DiffIndex;
use super::tokens::Subject;
use crate::engine::context::Context;
use crate::signal::{ClaimEvidence, ClaimKind, ClaimOrigin, ClaimStatus, Found};

/// Evidence lines kept per claim.
const MAX_EVIDENCE: usize = 4;

/// A claim as read, before the diff is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pending {
    pub(super) text: String,
    pub(super) origin: ClaimOrigin,
    pub(super) issue: Option<u64>,
    pub(super) kind: ClaimKind,
    pub(super) primary: Vec<Subject>,
    pub(super) containers: Vec<Subject>,
}

/// What the diff says about one claim.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Verdict {
    pub(super) status: ClaimStatus,
    pub(super) evidence: Vec<ClaimEvidence>,
    pub(super) detail: String,
}

impl Verdict {
    pub(super) fn new(
        status: ClaimStatus,
        evidence: Vec<ClaimEvidence>,
        detail: impl Into<String>,
    ) -> Self {
        let mut evidence = evidence;
        // The strongest first: a changed line, then a file, then a line next to the change.
        crate::order::sort_by_key(&mut evidence, |found| found.found == Found::Context);
        evidence.truncate(MAX_EVIDENCE);
        Verdict {
            status,
            evidence,
            detail: detail.into(),
        }
    }
}

/// The diff, indexed once for all the claims of a PR.
pub(super) struct Checker<'c> {
    pub(super) context: &'c Context<'c>,
    pub(super) index: DiffIndex,
    /// Symbols the PR's non-test code defines or changes, and its non-test source stems.
    pub(super) symbols: Vec<String>,
    /// Issues whose acceptance lists were read as claims.
    pub(super) issues_with_lists: Vec<u64>,
    /// Why a name that is not found may still be in the change, if anything hides part of it.
    pub(super) hidden: Option<String>,
}

impl Checker<'_> {
    /// Confirmed when nothing is wrong; otherwise not in the diff, or not checkable when a
    /// missing name may be in the part of the change that is not visible.
    pub(super) fn judged(
        &self,
        evidence: Vec<ClaimEvidence>,
        problems: Vec<String>,
        hidden: bool,
    ) -> Verdict {
        if problems.is_empty() {
            return Verdict::new(ClaimStatus::Confirmed, evidence, "");
        }
        let mut detail = problems.join("; ");
        let status = match (&self.hidden, hidden) {
            (Some(why), true) => {
                detail.push_str(&format!(" ({why}, so it may be there)"));
                ClaimStatus::NotCheckable
            }
            _ => ClaimStatus::NotInDiff,
        };
        Verdict::new(status, evidence, detail)
    }

    pub(super) fn missing(&self, detail: String, hidden: bool) -> Verdict {
        self.judged(Vec::new(), vec![detail], hidden)
    }
}
