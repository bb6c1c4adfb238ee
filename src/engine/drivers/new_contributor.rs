//! `new_contributor`: someone contributing to this repository for the first time.
//!
//! **What it detects.** A PR author or commit author whose trust level (from the contributors
//! section) is `new`: GitHub says FIRST_TIME_CONTRIBUTOR / FIRST_TIMER, or the fetched history
//! shows no prior PR. Bots have their own `bot` level and never fire this driver.
//!
//! When no changed file can run or configure anything — only docs, translations, test data or
//! images, or only comments in code and configuration ([`crate::engine::files::reach`]) — the
//! weight is `LOW_REACH_IDENTITY_FACTOR` of it, and the detail says why: a first-time author's
//! README or comment typo is not a risky change (issue #32, item 6).
//!
//! **Why it matters.** A first contribution comes with no track record in this code base;
//! changes touching files the author never committed to have a 2.1× higher incident rate
//! (koalr). The risky person is not always the PR opener: the reference product flagged a
//! commit author.
//!
//! **Example.** "First contribution from mbtariq82-code".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::engine::files::{reach, Reach};
use crate::settings::weights::{FAMILIAR_IDENTITY_FACTOR, LOW_REACH_IDENTITY_FACTOR};
use crate::signal::{Driver, TrustLevel};

/// `new_contributor` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "new_contributor",
    label: "New contributor",
    weight: 0.10,
    source: "Calibration fit of 2026-12-06 on 5,509 merged PRs of six repositories (docs/calibration.md, \"The fit\"): coefficient 0.40, w = 1 − e^(−0.266 × 0.40) (CV AUC lost without it 0.002); was 0.35, with lift 0.99 alone the most frequent driver before calibration. GitHub's FIRST_TIME_CONTRIBUTOR `author_association`; scaled by LOW_REACH_IDENTITY_FACTOR when the change cannot run anything",
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
    let (scale, why) = reach_scale(context);
    fire(context, &SPEC, scale, with_reason(detail, why), Vec::new())
}

/// [`LOW_REACH_IDENTITY_FACTOR`] and the reason when the change cannot run anything, else 1
/// (shared by the identity drivers).
pub(super) fn reach_scale(context: &Context) -> (f64, Option<&'static str>) {
    match reach(&context.files) {
        Reach::Runs => (1.0, None),
        other => (LOW_REACH_IDENTITY_FACTOR, other.reason()),
    }
}

/// Account-level newness after familiarity with the files: [`FAMILIAR_IDENTITY_FACTOR`] when
/// `login` has committed before to a file the PR changes (the extension asks about the
/// files that matter most), else 1.
pub(super) fn familiarity_scale(context: &Context, login: &str) -> (f64, Option<&'static str>) {
    let familiar = context
        .bundle
        .familiarity
        .as_ref()
        .and_then(|people| people.get(login))
        .is_some_and(|paths| paths.values().any(|count| *count > 0));
    if familiar {
        (
            FAMILIAR_IDENTITY_FACTOR,
            Some("has committed to these files before"),
        )
    } else {
        (1.0, None)
    }
}

/// `detail (why: identity drivers scaled down)` when there is a why.
pub(super) fn with_reason(detail: String, why: Option<&str>) -> String {
    match why {
        Some(why) => format!("{detail} ({why}: identity drivers scaled down)"),
        None => detail,
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
        assert_eq!(driver.weight, crate::engine::drivers::round2(SPEC.weight));
    }

    #[test]
    fn a_docs_only_or_comment_only_change_weighs_less_and_says_why() {
        let case = |file: serde_json::Value| {
            Case::new(json!({
                "pull": {"number": 1, "user": {"login": "newbie"}, "author_association": "FIRST_TIME_CONTRIBUTOR"},
                "files": [file]
            }))
        };
        let full = crate::engine::drivers::round2(SPEC.weight);
        let low = crate::engine::drivers::round2(SPEC.weight * LOW_REACH_IDENTITY_FACTOR);
        let docs = case(json!({"filename": "README.md", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@ -1 +1 @@\n-teh\n+the"}))
            .fired(evaluate)
            .unwrap();
        assert_eq!(docs.weight, low);
        assert_eq!(docs.detail, "First contribution from newbie (docs, translations or test data only: identity drivers scaled down)");
        let comment = case(json!({"filename": "src/app.py", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@ -4,2 +4,2 @@ def f():\n-    # recieve it\n+    # receive it\n     return 1"}))
            .fired(evaluate)
            .unwrap();
        assert_eq!(comment.weight, low);
        assert!(comment.detail.ends_with("(comment-only change: identity drivers scaled down)"));
        let workflow = case(json!({"filename": ".github/workflows/ci.yml", "status": "modified", "additions": 1, "deletions": 1, "patch": "@@ -1,2 +1,2 @@\n-# Buidl\n+# Build\n on: push"}))
            .fired(evaluate)
            .unwrap();
        assert_eq!(workflow.weight, low);
        let code = case(json!({"filename": "src/app.py", "status": "modified", "additions": 2, "deletions": 1, "patch": "@@ -4,2 +4,3 @@ def f():\n-    # recieve it\n+    # receive it\n+    os.system(cmd)\n     return 1"}))
            .fired(evaluate)
            .unwrap();
        assert_eq!(code.weight, full);
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
