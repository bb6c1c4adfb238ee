//! Requests about people: profiles, PR history in this repository, and the author's prior
//! commits on the files that matter most (familiarity).

use serde_json::Value;

use super::focus::focus_paths;
use super::parts::{Part, Wave};
use super::state::{Got, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::GetError;
use crate::fetch::join::join_all;
use crate::fetch::limits::{FAMILIARITY_MIN_REMAINING, MAX_HISTORY_LOGINS};
use crate::fetch::transport::LocalBoxFuture;

/// Queues the profile of every login, and the PR history of as many as the search budget
/// allows after `already_searched`.
pub(super) fn push_people<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    logins: &[String],
    already_searched: &[String],
) {
    let (client, slow) = (&plan.client, plan.policy.slow);
    for login in logins {
        let url = plan.api.user(login);
        let name = login.clone();
        wave.push(plan.tracker.track("people", async move {
            Part::User(name, client.get(&url, slow).await)
        }));
    }
    if plan.session.is_some() {
        return; // no token: the profiles only (see `session_skipped`)
    }
    let searched = already_searched.len();
    for login in logins
        .iter()
        .take(MAX_HISTORY_LOGINS.saturating_sub(searched))
    {
        let (all_url, merged_url) = (
            plan.api.history_search(login, false),
            plan.api.history_search(login, true),
        );
        let name = login.clone();
        wave.push(plan.tracker.track("history", async move {
            // Both counts at once: a sequential pair would add a round trip to every view.
            let mut counts = join_all(vec![
                Box::pin(client.get(&all_url, slow)) as LocalBoxFuture<'_, Got>,
                Box::pin(client.get(&merged_url, slow)),
            ])
            .await
            .into_iter();
            let (Some(all), Some(merged)) = (counts.next(), counts.next()) else {
                return Part::History(name, Err(GetError::Malformed), Err(GetError::Malformed));
            };
            Part::History(name, all, merged)
        }));
    }
}

/// Queues familiarity requests for the author's top focus files; returns whether any were.
pub(super) fn push_familiarity<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    files: &[Value],
    author: &str,
) -> bool {
    if plan.session.is_some() {
        return false;
    }
    let (client, slow) = (&plan.client, plan.policy.slow);
    let paths = focus_paths(files);
    for path in &paths {
        let url = plan.api.familiarity(author, path);
        let path = path.clone();
        wave.push(plan.tracker.track("familiarity", async move {
            Part::Familiarity(
                path,
                client
                    .get_within_budget(&url, slow, FAMILIARITY_MIN_REMAINING)
                    .await,
            )
        }));
    }
    !paths.is_empty()
}

/// Says when the request budget, not GitHub, limited whose profile and history were read.
pub(super) fn note_budget_caps(draft: &mut BundleDraft, author: Option<&str>, looked_up: usize) {
    let mut everyone: Vec<String> = author.iter().map(|login| login.to_string()).collect();
    for login in draft.commit_authors() {
        if !everyone.contains(&login) {
            everyone.push(login);
        }
    }
    if everyone.len() > looked_up {
        draft.note(format!(
            "users: {looked_up} of {} people looked up (the author first, then commit authors in order)",
            everyone.len()
        ));
    }
    if everyone.len() > MAX_HISTORY_LOGINS {
        draft.note(format!(
            "history: PR history searched for the first {MAX_HISTORY_LOGINS} of {} people (search allows 10 requests per minute without a token)",
            everyone.len()
        ));
    }
}

/// What every finished draft gets: the budget notes, and whether people were fetched at all
/// (the last wave's, and the first renderable bundle of `second_wave`).
pub(super) fn finish(draft: &mut BundleDraft, author: Option<&str>, looked_up: usize) {
    note_budget_caps(draft, author, looked_up);

    // A section with no successful answer at all is "not fetched" (absent), not "empty":
    // the engine must not read failed lookups as "this person has no history".
    draft.users_fetched = !draft.users.is_empty();
    draft.history_fetched = !draft.history.is_empty();
}
