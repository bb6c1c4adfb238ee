//! `stale_approval`: an approval that did not see the current head.
//!
//! **What it detects.** On an open PR, a reviewer whose latest approving review was submitted on a commit
//! other than the PR's head SHA (and who has not approved the head since).
//!
//! **Why it matters.** Commits pushed after an approval were never approved; a green "approved"
//! badge then vouches for code its reviewer has not seen. Many teams dismiss such approvals.
//!
//! **Example.** "Approval by alice was given on 3f2a1b9, not the head 9c8d7e6".

use super::{DriverSpec, fire, name_list};
use crate::engine::context::{Context, Sections};
use crate::signal::Driver;

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

/// `stale_approval` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "stale_approval",
    label: "Stale approval",
    weight: 0.15,
    source: "Not fitted in the calibration of 2026-12-06 (docs/calibration.md, \"What the fit cannot see\"): reviews are not in git; default kept: GitHub branch protection \"Dismiss stale pull request approvals when new commits are pushed\"; PostHog#85564: an approval on an older commit did not see the head",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let pull = &context.bundle.pull;
    if pull.merged || !pull.state.eq_ignore_ascii_case("open") {
        return None;
    }
    let head = pull.head_sha.as_deref()?;
    let reviews = context.bundle.reviews.as_deref()?;
    // Latest approving review per reviewer (reviews come in submission order).
    let mut latest: Vec<(&str, &str)> = Vec::new();
    for review in reviews {
        let (Some(user), Some(commit)) = (review.user.as_deref(), review.commit_id.as_deref())
        else {
            continue;
        };
        if !review.state.eq_ignore_ascii_case("APPROVED") {
            continue;
        }
        match latest.iter_mut().find(|(login, _)| *login == user) {
            Some(entry) => entry.1 = commit,
            None => latest.push((user, commit)),
        }
    }
    let stale: Vec<(&str, &str)> = latest
        .into_iter()
        .filter(|(_, commit)| *commit != head)
        .collect();
    let detail = match stale.as_slice() {
        [] => return None,
        [(login, commit)] => format!(
            "Approval by {login} was given on {}, not the head {}",
            short(commit),
            short(head)
        ),
        many => {
            let logins: Vec<&str> = many.iter().map(|(login, _)| *login).collect();
            format!(
                "Approvals by {} were given on older commits, not the head {}",
                name_list(&logins),
                short(head)
            )
        }
    };
    fire(context, &SPEC, 1.0, detail, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::Case;
    use serde_json::json;

    fn case(reviews: serde_json::Value) -> Case {
        Case::new(
            json!({"pull": {"number": 1, "state": "open", "head": {"sha": "9c8d7e6aaaa"}}, "reviews": reviews}),
        )
    }

    #[test]
    fn fires_for_an_approval_on_an_older_commit() {
        let driver = case(
            json!([{"user": {"login": "alice"}, "state": "APPROVED", "commit_id": "3f2a1b9bbbb"}]),
        )
        .fired(evaluate)
        .unwrap();
        assert_eq!(
            driver.detail,
            "Approval by alice was given on 3f2a1b9, not the head 9c8d7e6"
        );
        assert_eq!(driver.weight, 0.15);
    }

    #[test]
    fn a_re_approval_on_the_head_or_a_comment_does_not_fire() {
        assert!(case(json!([
            {"user": {"login": "alice"}, "state": "APPROVED", "commit_id": "3f2a1b9bbbb"},
            {"user": {"login": "alice"}, "state": "APPROVED", "commit_id": "9c8d7e6aaaa"}
        ]))
        .fired(evaluate)
        .is_none());
        assert!(case(
            json!([{"user": {"login": "bob"}, "state": "COMMENTED", "commit_id": "3f2a1b9bbbb"}])
        )
        .fired(evaluate)
        .is_none());
    }
}
