//! The reader of `signal.viewer` (see `sections.rs` for the rules every reader keeps).

use super::obj::Obj;
use crate::signal::identity::{ApprovalDiff, ApprovalFile};
use crate::signal::level::RiskLevel;
use crate::signal::viewer::{
    ForYouFile, ForYouKind, ForYouReason, SinceDriver, SinceReview, ViewerRole, ViewerView,
};

pub(super) fn read_viewer(o: &Obj) -> ViewerView {
    ViewerView {
        login: o.string("login"),
        role: o.word("role", ViewerRole::from_key, ViewerRole::Reviewer),
        for_you: o.list("for_you", read_for_you_file),
        codeowners: o.opt_string("codeowners"),
        notes: o.strings_or_empty("notes"),
        reviewed_on_head: o
            .field("reviewed_on_head")
            .is_some_and(|_| o.bool("reviewed_on_head")),
        since_review: o.opt_obj("since_review", read_since_review),
    }
}

fn read_for_you_file(o: &Obj) -> ForYouFile {
    ForYouFile {
        path: o.string("path"),
        anchor: o.string("anchor"),
        reasons: o.list("reasons", read_reason),
    }
}

fn read_reason(o: &Obj) -> ForYouReason {
    ForYouReason {
        kind: o.word("kind", ForYouKind::from_key, ForYouKind::YouWrote),
        detail: o.string("detail"),
    }
}

fn read_since_review(o: &Obj) -> SinceReview {
    SinceReview {
        state: o.string("state"),
        reviewed_commit: o.string("reviewed_commit"),
        head: o.string("head"),
        commits: o.strings("commits"),
        rewritten: o.bool("rewritten"),
        compare_url: o.opt_string("compare_url"),
        diff: o.opt_obj("diff", read_approval_diff),
        diff_note: o.opt_string("diff_note"),
        level: o
            .optional("level")
            .map(|_| o.word("level", RiskLevel::from_key, RiskLevel::Low)),
        drivers: o.list_or_empty("drivers", read_since_driver),
        findings: o
            .field("findings")
            .map_or_else(Vec::new, |_| o.numbers("findings")),
        full_read: o.opt_bool("full_read"),
        answer: o.string("answer"),
    }
}

fn read_since_driver(o: &Obj) -> SinceDriver {
    SinceDriver {
        id: o.string("id"),
        label: o.string("label"),
        detail: o.string("detail"),
    }
}

/// The files and lines of a comparison (also `changed_since_approval.diff`).
pub(super) fn read_approval_diff(o: &Obj) -> ApprovalDiff {
    ApprovalDiff {
        total_files: o.u64("total_files"),
        additions: o.u64("additions"),
        deletions: o.u64("deletions"),
        files: o.list("files", read_approval_file),
        truncated: o.bool("truncated"),
    }
}

fn read_approval_file(o: &Obj) -> ApprovalFile {
    ApprovalFile {
        path: o.string("path"),
        status: o.string("status"),
        additions: o.u64("additions"),
        deletions: o.u64("deletions"),
        focus: o.bool("focus"),
    }
}
