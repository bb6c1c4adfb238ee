//! The maintainer-defense requests: the PR's timeline (force-pushes, pushes after approval),
//! the public events of its author and commit authors (account behaviour), the issues it says
//! it closes (state, assignees, other PRs linking them), the repository's PR template and,
//! when the newest approval is not on the head, GitHub's comparison of the approved commit
//! with the head (what was pushed after the approval).
//!
//! Why here and this way: each is GitHub's raw response, stored in the bundle so the signal
//! can be recomputed offline (docs/bundle.md); each is optional, so it rides in a wave that is
//! sent anyway (no extra round trip) and is skipped, with a note, when fewer than
//! [`DEFENSE_MIN_REMAINING`] requests are left this hour. Endpoints: docs.github.com REST
//! "Timeline events", "List public events for a user", "Get an issue", "Get repository
//! content", "Compare two commits" (2026-12-03).

use serde_json::{json, Value};

use super::parts::{Part, Wave};
use super::state::{Got, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::GetError;
use crate::fetch::join::join_all;
use crate::fetch::limits::{DEFENSE_MIN_REMAINING, MAX_EVENT_LOGINS, MAX_LINKED_ISSUES};
use crate::fetch::transport::LocalBoxFuture;

/// Queues page 1 of the public events of the first [`MAX_EVENT_LOGINS`] people (apps have no
/// public activity of their own) but those in `already_asked`; notes when there were more.
pub(super) fn push_events<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    draft: &mut BundleDraft,
    people: &[String],
    already_asked: &[String],
) {
    let humans: Vec<&String> = people
        .iter()
        .filter(|login| !login.ends_with("[bot]"))
        .collect();
    if humans.len() > MAX_EVENT_LOGINS {
        draft.note(format!(
            "events: public activity read for the first {MAX_EVENT_LOGINS} of {} people",
            humans.len()
        ));
    }
    for login in humans.into_iter().take(MAX_EVENT_LOGINS) {
        if !already_asked.contains(login) {
            push_events_of(wave, plan, login);
        }
    }
}

/// Queues page 1 of one login's public events.
pub(super) fn push_events_of<'f>(wave: &mut Wave<'f>, plan: &'f Plan<'_>, login: &str) {
    let (client, slow) = (&plan.client, plan.policy.slow);
    let url = plan.api.user_events(login);
    let name = login.to_string();
    wave.push(plan.tracker.track("activity", async move {
        Part::Events(
            name,
            client
                .get_within_budget(&url, slow, DEFENSE_MIN_REMAINING)
                .await,
        )
    }));
}

/// Queues each linked issue with page 1 of its timeline, both at once. With no linked issue
/// the section is present and empty: there was nothing to fetch, and nothing is missing.
pub(super) fn push_linked_issues<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    draft: &mut BundleDraft,
) {
    let numbers = linked_issue_numbers(&draft.pull);
    if numbers.is_empty() {
        draft.linked_issues_fetched = true;
        return;
    }
    if numbers.len() > MAX_LINKED_ISSUES {
        draft.note(format!(
            "linked_issues: the first {MAX_LINKED_ISSUES} of {} linked issues were read",
            numbers.len()
        ));
    }
    let (client, policy) = (&plan.client, plan.policy.checks);
    for number in numbers.into_iter().take(MAX_LINKED_ISSUES) {
        let (issue_url, timeline_url) = (plan.api.issue(number), plan.api.issue_timeline(number));
        wave.push(plan.tracker.track("linked issues", async move {
            let mut answers = join_all(vec![
                Box::pin(client.get_within_budget(&issue_url, policy, DEFENSE_MIN_REMAINING))
                    as LocalBoxFuture<'_, Got>,
                Box::pin(client.get_within_budget(&timeline_url, policy, DEFENSE_MIN_REMAINING)),
            ])
            .await
            .into_iter();
            let (Some(issue), Some(timeline)) = (answers.next(), answers.next()) else {
                return Part::LinkedIssue(
                    number,
                    Err(GetError::Malformed),
                    Err(GetError::Malformed),
                );
            };
            Part::LinkedIssue(number, issue, timeline)
        }));
    }
}

/// Queues the PR template of the base branch (a 404 means the repository has none).
pub(super) fn push_template<'f>(wave: &mut Wave<'f>, plan: &'f Plan<'_>, pull: &Value) {
    let Some(base_ref) = pull
        .get("base")
        .and_then(|base| base.get("ref"))
        .and_then(Value::as_str)
        .filter(|name| !name.is_empty())
    else {
        return;
    };
    let url = plan.api.pr_template(base_ref);
    let (client, slow) = (&plan.client, plan.policy.slow);
    wave.push(plan.tracker.track("template", async move {
        Part::PrTemplate(
            client
                .get_within_budget(&url, slow, DEFENSE_MIN_REMAINING)
                .await,
        )
    }));
}

/// Queues `GET /repos/{o}/{r}/compare/{approved}...{head}` when the reviews of wave 1 show a
/// newest approval on another commit than the head (the engine's own reading,
/// `engine::sections::since_approval::stale_approval`, so the fetcher compares exactly the
/// commits the signal will discuss). Two commit ids never change their comparison: kept a day.
pub(super) fn push_since_approval<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    draft: &BundleDraft,
) {
    let Some(url) = since_approval_range(draft)
        .and_then(|(approved, head)| plan.api.compare_commits(&approved, &head))
    else {
        return;
    };
    let (client, slow) = (&plan.client, plan.policy.slow);
    wave.push(plan.tracker.track("changes since approval", async move {
        Part::SinceApproval(
            client
                .get_within_budget(&url, slow, DEFENSE_MIN_REMAINING)
                .await,
        )
    }));
}

/// The approved commit and the head, when they differ.
pub(super) fn since_approval_range(draft: &BundleDraft) -> Option<(String, String)> {
    let reviews = draft.reviews.as_ref()?;
    let bundle =
        crate::Bundle::from_value(&json!({ "pull": draft.pull, "reviews": reviews })).ok()?;
    let (_, approved, head) = crate::engine::sections::since_approval::stale_approval(&bundle)?;
    Some((approved.to_string(), head.to_string()))
}

/// The issues the PR closes or links, by the engine's own reading of title and body
/// (`engine::sections::intent::linked_issues`), so the fetcher asks about exactly the issues
/// the signal will discuss.
pub(super) fn linked_issue_numbers(pull: &Value) -> Vec<u64> {
    let Ok(bundle) = crate::Bundle::from_value(&json!({ "pull": pull })) else {
        return Vec::new();
    };
    let settings = crate::Settings::default();
    let context = crate::engine::context::Context {
        bundle: &bundle,
        settings: &settings,
        now: 0,
        files: Vec::new(),
    };
    crate::engine::sections::intent::linked_issues(&context)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linked_issues_are_the_closing_references_to_this_repository() {
        let pull = json!({
            "number": 7,
            "title": "Fix the parser",
            "body": "Fixes #12, closes o/r#3 and resolves other/repo#9.\nSee #40.",
            "base": {"repo": {"name": "r", "owner": {"login": "o"}}}
        });
        assert_eq!(linked_issue_numbers(&pull), vec![3, 12]);
    }
}
