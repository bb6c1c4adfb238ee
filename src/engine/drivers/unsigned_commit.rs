//! `unsigned_commit`: a commit without a verified signature in a PR whose other commits have one.
//!
//! **What it detects.** Commits whose `commit.verification.verified` is false while at least
//! one other commit of the PR is verified ([`crate::engine::sections::commit_identity`]).
//!
//! **Why it matters.** Where a contributor signs their commits, the one unsigned commit is the
//! one nobody vouched for: pushed from another machine, by another person, or rewritten.
//!
//! **Example.** "ana: Commit 9f3c2a1 is not signed, while 2 other commits of this PR are".

use super::{fire_for_identity, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, IdentityKind};

/// `unsigned_commit` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "unsigned_commit",
    label: "Unsigned commit among signed",
    weight: 0.20,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): commit signatures of the PR's commits are not read from git; default kept: GitHub docs, About commit signature verification (read 2026-12-03): commit.verification.verified; unsigned commits among signed ones in the same PR (sections::commit_identity)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_identity(context, sections, &SPEC, &[IdentityKind::UnsignedCommit])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(second_verified: bool, first_verified: bool) -> Case {
        Case::new(json!({"pull": {"number": 1, "user": {"login": "ana"}}, "commits": [
            {"sha": "1111111aaa", "author": {"login": "ana"}, "commit": {"verification": {"verified": first_verified}}},
            {"sha": "9f3c2a1bbb", "author": {"login": "ana"}, "commit": {"verification": {"verified": second_verified}}}]}))
    }

    #[test]
    fn fires_for_an_unsigned_commit_after_a_signed_one() {
        let driver = case(false, true).fired(evaluate).unwrap();
        assert_eq!(driver.detail, "ana: Commit 9f3c2a1 is not signed, while 1 other commit of this PR is");
    }

    #[test]
    fn all_signed_or_all_unsigned_does_not_fire() {
        assert!(case(true, true).fired(evaluate).is_none());
        assert!(case(false, false).fired(evaluate).is_none());
    }
}
