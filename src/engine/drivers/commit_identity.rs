//! `commit_identity`: commits whose identity does not match the people of the PR.
//!
//! **What it detects.** A commit committed by an account that is neither its author nor the PR
//! author (GitHub's own `web-flow` excepted), or authored under an e-mail linked to no GitHub
//! account ([`crate::engine::sections::commit_identity`]).
//!
//! **Why it matters.** Git identities are free text: anyone can commit as anyone. A third
//! committer pushed someone else's work; an unlinked e-mail cannot be looked up at all, so its
//! account age, history and behaviour are unknown.
//!
//! **Example.** "ana: Commit 9f3c2a1 was committed by eve, who is neither its author nor the PR author".

use super::{fire_for_identity, DriverSpec};
use crate::engine::context::{Context, Sections};
use crate::signal::{Driver, IdentityKind};

/// `commit_identity` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "commit_identity",
    label: "Commit identity mismatch",
    weight: 0.20,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): GitHub account links of commits are not in git; default kept: Git author and committer are free text (git-scm.com/docs/git-commit, read 2026-12-03); a committer neither author nor PR author, or an author e-mail linked to no account (sections::commit_identity)",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    fire_for_identity(context, sections, &SPEC, &[IdentityKind::ForeignCommitter, IdentityKind::UnlinkedEmail])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::{json, Value};

    fn case(author: Value, committer: &str) -> Case {
        Case::new(json!({"pull": {"number": 1, "user": {"login": "ana"}}, "commits": [
            {"sha": "9f3c2a1bbb", "author": author, "committer": {"login": committer},
             "commit": {"author": {"email": "someone@example.net"}}}]}))
    }

    #[test]
    fn fires_for_a_third_committer_or_an_unlinked_e_mail() {
        let driver = case(json!({"login": "ana"}), "eve").fired(evaluate).unwrap();
        assert_eq!(driver.detail, "ana: Commit 9f3c2a1 was committed by eve, who is neither its author nor the PR author");
        let unlinked = case(Value::Null, "web-flow").fired(evaluate).unwrap();
        assert!(unlinked.detail.starts_with("someone@example.net: Commits authored as"), "{}", unlinked.detail);
    }

    #[test]
    fn the_author_committing_or_github_web_flow_does_not_fire() {
        assert!(case(json!({"login": "ana"}), "ana").fired(evaluate).is_none());
        assert!(case(json!({"login": "ana"}), "web-flow").fired(evaluate).is_none());
    }
}
