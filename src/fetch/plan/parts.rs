//! One finished request of a later wave ([`Part`]) and how it goes into the bundle draft.
//!
//! Why one enum: a wave is a list of unlike requests in flight together; each comes back as a
//! `Part` saying what it was for, and [`absorb`] files them in the order they were planned, so
//! the notes of a bundle read the same on every run.

use serde_json::{json, Value};

use super::pages::{familiarity_count, page_into, PageSets, Paged};
use super::state::{Got, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::{Fetched, GetError, Origin};
use crate::fetch::notes::{failure_note, stale_note, CHECKS_FALLBACK_NOTE};
use crate::fetch::rate_limit::Resource;
use crate::fetch::transport::LocalBoxFuture;

/// The requests of one wave, in the order they were planned.
pub(super) type Wave<'f> = Vec<LocalBoxFuture<'f, Part>>;

#[derive(Clone)]
pub(super) enum Part {
    /// Page `n` (≥ 2) of a paginated section.
    Page(Paged, u32, Got),
    CheckRuns(Got),
    Status(Got),
    User(String, Got),
    History(String, Got, Got),
    Familiarity(String, Got),
    /// `GET /users/{login}/events/public`, page 1.
    Events(String, Got),
    /// A linked issue and page 1 of its timeline.
    LinkedIssue(u64, Got, Got),
    PrTemplate(Got),
    /// `GET /repos/{o}/{r}/compare/{approved}...{head}`.
    SinceApproval(Got),
    /// CODEOWNERS in GitHub's three places, in its order (`super::viewer`).
    Codeowners(Vec<Got>),
    /// `GET /user` and `GET /user/teams`.
    ViewerTeams(Got, Got),
    /// A focus file's commits by the viewer and by anyone.
    ViewerHistory(String, Got, Got),
    /// `GET /repos/{o}/{r}/compare/{reviewed}...{head}`, patches kept.
    SinceReview(Got),
    /// Nothing to add: the draft (or first renderable) bundle was handed to the caller meanwhile.
    Drafted,
}

/// Files every part into `draft`, in order; later pages go into `pages`.
pub(super) fn absorb(
    draft: &mut BundleDraft,
    plan: &Plan<'_>,
    parts: Vec<Part>,
    pages: &mut PageSets,
) {
    let client = &plan.client;
    let mut check_runs_error = None;
    for part in parts {
        if let Some((section, resource)) = stale_section(&part) {
            let exhausted = client
                .cache
                .rate_limits
                .borrow()
                .resource_exhausted_until(resource, client.now());
            draft.note(stale_note(&section, exhausted));
        }
        match part {
            Part::Page(paged, number, result) => page_into(draft, paged, number, result, pages),
            Part::CheckRuns(Ok(fetched)) if fetched.body.is_object() => {
                let listed = fetched
                    .body
                    .get("check_runs")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                let total = fetched
                    .body
                    .get("total_count")
                    .and_then(Value::as_u64)
                    .unwrap_or(0);
                if total > listed as u64 {
                    draft.note(format!(
                        "check_runs: only the first {listed} of {total} check runs were read"
                    ));
                }
                draft.check_runs = Some(fetched.body);
            }
            Part::CheckRuns(Ok(_)) => draft.note(failure_note("check_runs", &GetError::Malformed)),
            Part::CheckRuns(Err(error)) => check_runs_error = Some(error),
            Part::Status(Ok(fetched)) if fetched.body.is_object() => {
                draft.status = Some(fetched.body)
            }
            Part::Status(Ok(_)) => draft.note(failure_note("status", &GetError::Malformed)),
            Part::Status(Err(error)) => draft.note(failure_note("status", &error)),
            Part::User(login, Ok(fetched)) if fetched.body.is_object() => {
                draft.users.insert(login, fetched.body);
            }
            Part::User(login, Ok(_)) => draft.note(failure_note(
                &format!("users.{login}"),
                &GetError::Malformed,
            )),
            Part::User(login, Err(error)) => {
                draft.note(failure_note(&format!("users.{login}"), &error))
            }
            Part::History(login, Ok(all), Ok(merged)) => history_into(draft, login, &all, &merged),
            Part::History(login, Err(error), _) | Part::History(login, _, Err(error)) => {
                draft.note(failure_note(&format!("history.{login} (search)"), &error))
            }
            Part::Familiarity(path, Ok(fetched)) => {
                let count = familiarity_count(&fetched);
                draft.familiarity_fetched = true;
                if let Some(author) = draft
                    .pull
                    .get("user")
                    .and_then(|user| user.get("login"))
                    .and_then(Value::as_str)
                {
                    let author = author.to_string();
                    draft
                        .familiarity
                        .entry(author)
                        .or_default()
                        .insert(path, count);
                }
            }
            // One note for the whole section when the budget, not the file, was the reason.
            Part::Familiarity(_, Err(error @ GetError::OverBudget { .. })) => {
                draft.note(failure_note("familiarity", &error))
            }
            Part::Familiarity(path, Err(error)) => {
                draft.note(failure_note(&format!("familiarity ({path})"), &error))
            }
            Part::Events(
                login,
                Ok(Fetched {
                    body: Value::Array(items),
                    ..
                }),
            ) => {
                draft.events.insert(login, items);
                draft.events_fetched = true;
            }
            Part::Events(login, Ok(_)) => draft.note(failure_note(
                &format!("events.{login}"),
                &GetError::Malformed,
            )),
            Part::Events(_, Err(error @ GetError::OverBudget { .. })) => {
                draft.note(failure_note("events", &error))
            }
            Part::Events(login, Err(error)) => {
                draft.note(failure_note(&format!("events.{login}"), &error))
            }
            Part::LinkedIssue(number, issue, timeline) => {
                linked_issue_into(draft, number, issue, timeline)
            }
            Part::PrTemplate(Ok(fetched)) if fetched.body.is_object() => {
                draft.pr_template = Some(fetched.body)
            }
            Part::PrTemplate(Ok(_)) => {
                draft.note(failure_note("pr_template", &GetError::Malformed))
            }
            // The repository has no template on the base branch: nothing is missing.
            Part::PrTemplate(Err(GetError::Status { status: 404, .. })) => {}
            Part::PrTemplate(Err(error)) => draft.note(failure_note("pr_template", &error)),
            Part::SinceApproval(Ok(fetched)) if fetched.body.is_object() => {
                if draft.since_review_shares_approval {
                    draft.since_review = Some(fetched.body.clone());
                }
                draft.since_approval = Some(without_patches(fetched.body))
            }
            Part::SinceApproval(Ok(_)) => {
                draft.note(failure_note("since_approval", &GetError::Malformed))
            }
            Part::SinceApproval(Err(error)) => draft.note(failure_note("since_approval", &error)),
            Part::Codeowners(answers) => super::viewer_parts::codeowners_into(draft, answers),
            Part::ViewerTeams(user, teams) => super::viewer_parts::teams_into(draft, user, teams),
            Part::ViewerHistory(path, mine, all) => {
                super::viewer_parts::history_into(draft, path, mine, all)
            }
            Part::SinceReview(Ok(fetched)) if fetched.body.is_object() => {
                draft.since_review = Some(fetched.body)
            }
            Part::SinceReview(Ok(_)) => {
                draft.note(failure_note("since_review", &GetError::Malformed))
            }
            Part::SinceReview(Err(error)) => draft.note(failure_note("since_review", &error)),
            Part::Drafted => {}
        }
    }
    if let Some(error) = check_runs_error {
        let unreadable = matches!(
            error,
            GetError::Status {
                status: 403 | 404,
                rate_limit_reset: None
            }
        );
        if unreadable && client.has_token() && draft.status.is_some() {
            draft.note(CHECKS_FALLBACK_NOTE.to_string());
        } else {
            draft.note(failure_note("check_runs", &error));
        }
    }
}

fn history_into(draft: &mut BundleDraft, login: String, all: &Fetched, merged: &Fetched) {
    let count = |fetched: &Fetched| fetched.body.get("total_count").and_then(Value::as_u64);
    match (count(all), count(merged)) {
        (Some(prs), Some(merged_count)) => {
            let incomplete = [all, merged].iter().any(|fetched| {
                fetched
                    .body
                    .get("incomplete_results")
                    .and_then(Value::as_bool)
                    == Some(true)
            });
            if incomplete {
                draft.note(format!(
                    "history.{login}: GitHub's search timed out; counts may be low"
                ));
            }
            draft
                .history
                .insert(login, json!({"prs": prs, "merged": merged_count}));
        }
        _ => draft.note(failure_note(
            &format!("history.{login}"),
            &GetError::Malformed,
        )),
    }
}

/// `linked_issues["<k>"] = {"issue": …, "timeline": […]}`; a failed timeline leaves the issue
/// without one (and a note), a failed issue leaves the number out.
fn linked_issue_into(draft: &mut BundleDraft, number: u64, issue: Got, timeline: Got) {
    let section = format!("linked_issues.{number}");
    let issue = match issue {
        Ok(fetched) if fetched.body.is_object() => fetched.body,
        Ok(_) => return draft.note(failure_note(&section, &GetError::Malformed)),
        Err(error @ GetError::OverBudget { .. }) => {
            return draft.note(failure_note("linked_issues", &error))
        }
        Err(error) => return draft.note(failure_note(&section, &error)),
    };
    let mut entry = json!({ "issue": issue });
    match timeline {
        Ok(Fetched {
            body: Value::Array(items),
            ..
        }) => entry["timeline"] = Value::Array(items),
        Ok(_) => draft.note(failure_note(
            &format!("{section} timeline"),
            &GetError::Malformed,
        )),
        Err(error) => draft.note(failure_note(&format!("{section} timeline"), &error)),
    }
    draft.linked_issues.insert(number.to_string(), entry);
    draft.linked_issues_fetched = true;
}

/// GitHub's compare response without the files' `patch` texts: the bundle keeps the file
/// list and line counts, not the diff itself (which can run to megabytes).
fn without_patches(mut response: Value) -> Value {
    if let Some(files) = response.get_mut("files").and_then(Value::as_array_mut) {
        for file in files.iter_mut().filter_map(Value::as_object_mut) {
            file.remove("patch");
        }
    }
    response
}

/// The section (and its budget) of a part served from a stale cached copy, if it was.
fn stale_section(part: &Part) -> Option<(String, Resource)> {
    let stale = |result: &Got| matches!(result, Ok(fetched) if fetched.origin == Origin::Stale);
    match part {
        Part::Page(paged, number, result) if stale(result) => {
            Some((format!("{} page {number}", paged.section()), Resource::Core))
        }
        Part::CheckRuns(result) if stale(result) => Some(("check_runs".into(), Resource::Core)),
        Part::Status(result) if stale(result) => Some(("status".into(), Resource::Core)),
        Part::User(login, result) if stale(result) => {
            Some((format!("users.{login}"), Resource::Core))
        }
        Part::History(login, all, merged) if stale(all) || stale(merged) => {
            Some((format!("history.{login}"), Resource::Search))
        }
        Part::Familiarity(path, result) if stale(result) => {
            Some((format!("familiarity ({path})"), Resource::Core))
        }
        Part::Events(login, result) if stale(result) => {
            Some((format!("events.{login}"), Resource::Core))
        }
        Part::LinkedIssue(number, issue, timeline) if stale(issue) || stale(timeline) => {
            Some((format!("linked_issues.{number}"), Resource::Core))
        }
        Part::PrTemplate(result) if stale(result) => Some(("pr_template".into(), Resource::Core)),
        Part::SinceApproval(result) if stale(result) => {
            Some(("since_approval".into(), Resource::Core))
        }
        _ => None,
    }
}
