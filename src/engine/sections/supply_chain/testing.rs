//! What the scans' unit tests share: a changed file built from a patch, and findings as
//! `(kind, severity)` pairs.

use crate::bundle::ChangedFile;
use crate::signal::{Finding, FindingKind, Severity};

/// A changed file of one added line, as GitHub lists it, with `patch` as its diff.
pub(super) fn changed(path: &str, status: &str, patch: &str) -> ChangedFile {
    ChangedFile {
        filename: path.into(),
        status: status.into(),
        additions: 1,
        deletions: 0,
        patch: Some(patch.into()),
        ..Default::default()
    }
}

/// The patch of a file that gains `added` after the raw patch line `context` (which carries its
/// own leading space or sign).
pub(super) fn added_after(context: &str, added: &str) -> String {
    format!("@@ -1,1 +1,2 @@\n{context}\n+{added}")
}

/// The findings' kinds and severities, in order.
pub(super) fn kinds(found: Vec<Finding>) -> Vec<(FindingKind, Severity)> {
    found
        .into_iter()
        .map(|finding| (finding.id, finding.severity))
        .collect()
}
