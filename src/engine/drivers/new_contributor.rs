//! `new_contributor`: someone contributing to this repository for the first time.
//!
//! **What it detects.** A PR author or commit author whose trust level (from the contributors
//! section) is `new`: GitHub says FIRST_TIME_CONTRIBUTOR / FIRST_TIMER, or the fetched history
//! shows no prior PR. Bots have their own `bot` level and never fire this driver.
//!
//! When no changed file can run or configure anything (only docs, translations, test data or
//! images, nothing sensitive), the weight is `LOW_REACH_IDENTITY_FACTOR` of it: a first-time
//! author's README typo is not a risky change.
//!
//! **Why it matters.** A first contribution comes with no track record in this code base;
//! changes touching files the author never committed to have a 2.1× higher incident rate
//! (koalr). The risky person is not always the PR opener: the reference product flagged a
//! commit author.
//!
//! **Example.** "First contribution from mbtariq82-code".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::engine::files::cannot_run_code;
use crate::settings::weights::LOW_REACH_IDENTITY_FACTOR;
use crate::signal::{Driver, TrustLevel};

/// `new_contributor` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "new_contributor",
    label: "New contributor",
    weight: 0.35,
    source: "Reference product driver (transformers#43774); koalr: first-time files 2.1× incident rate; GitHub's FIRST_TIME_CONTRIBUTOR `author_association`; docs/sources.md, \"Contributors and trust\"",
    evaluate,
};

fn evaluate(context: &Context, sections: &Sections) -> Option<Driver> {
    let newcomers: Vec<&str> = sections
        .contributors
        .iter()
        .filter(|person| person.trust_level == TrustLevel::New)
        .map(|person| person.login.as_str())
        .collect();
    let detail = match newcomers.as_slice() {
        [] => return None,
        [login] => format!("First contribution from {login}"),
        many => format!("First contributions from {}", name_list(many)),
    };
    fire(context, &SPEC, reach_factor(context), detail, Vec::new())
}

/// [`LOW_REACH_IDENTITY_FACTOR`] when the change cannot run anything, else 1 (shared with
/// `young_account`).
pub(super) fn reach_factor(context: &Context) -> f64 {
    if cannot_run_code(&context.files) {
        LOW_REACH_IDENTITY_FACTOR
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    #[test]
    fn fires_for_a_first_time_commit_author_who_did_not_open_the_pr() {
        let case = Case::new(json!({
            "pull": {"number": 1, "user": {"login": "mbtariq82"}, "author_association": "CONTRIBUTOR"},
            "commits": [{"sha": "a", "author": {"login": "mbtariq82-code"}, "commit": {"message": "x"}}],
            "history": {"mbtariq82": {"prs": 2, "merged": 0}, "mbtariq82-code": {"prs": 0, "merged": 0}}
        }));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(driver.detail, "First contribution from mbtariq82-code");
        assert_eq!(driver.weight, 0.35);
    }

    #[test]
    fn a_docs_only_change_weighs_less() {
        let case = Case::new(json!({
            "pull": {"number": 1, "user": {"login": "newbie"}, "author_association": "FIRST_TIME_CONTRIBUTOR"},
            "files": [{"filename": "README.md", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@ -1 +1 @@\n-teh\n+the"}]
        }));
        assert_eq!(case.fired(evaluate).unwrap().weight, 0.12);
    }

    #[test]
    fn bots_and_members_never_fire() {
        let bot = Case::new(
            json!({"pull": {"number": 1, "user": {"login": "dependabot[bot]", "type": "Bot"}, "author_association": "NONE"}}),
        );
        assert!(bot.fired(evaluate).is_none());
        let member = Case::new(
            json!({"pull": {"number": 1, "user": {"login": "alice"}, "author_association": "MEMBER"}}),
        );
        assert!(member.fired(evaluate).is_none());
    }
}
