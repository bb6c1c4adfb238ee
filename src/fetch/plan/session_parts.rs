//! Filing wave 1's github.com answers of a no-token view ([`crate::fetch::session`]): the diff as
//! the files, the commits route as the commits, the status-checks route as the checks. Each is
//! checked against the API's pull where the pull says something about it; a missing, changed or
//! disagreeing answer is replaced by the API's own request (one more round trip) and a note
//! saying why, so the panel shows where its data came from rather than guessing.

use serde_json::Value;

use super::pages::{first_page, FirstPage, Paged};
use super::parts::Part;
use super::state::{Got, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::Fetched;
use crate::fetch::notes::failure_note;
use crate::fetch::session::check_against_pull;
use crate::fetch::session::commits::check_commits_against_pull;

/// Why an answer could not be used, from its request's error (`"diff: not found"` → `"not found"`).
fn failure(section: &str, error: &crate::fetch::client::GetError) -> String {
    failure_note(section, error)
        .trim_start_matches(&format!("{section}: "))
        .to_string()
}

/// The files section from github.com's diff of this PR, or the API's first files page.
pub(super) async fn files_from_diff(
    draft: &mut BundleDraft,
    plan: &Plan<'_>,
    diff: Got,
    used: &mut Vec<&'static str>,
) -> Option<FirstPage> {
    let checked = match diff {
        Ok(fetched) => match fetched.body.as_array() {
            Some(files) => check_against_pull(files, &draft.pull).map(|()| files.clone()),
            None => Err("it was not a file list".to_string()),
        },
        Err(error) => Err(failure("diff", &error)),
    };
    match checked {
        Ok(files) => {
            used.push("files");
            draft.files = Some(Vec::new());
            Some(FirstPage {
                items: files,
                link: None,
            })
        }
        Err(why) => {
            draft.note(format!(
                "files: github.com's diff of this pull request could not be used ({why}); read from the API instead"
            ));
            let url = plan.api.files();
            let fetched = ask(plan, "files", &url).await?;
            first_page(draft, plan, Paged::Files, &url, fetched)
        }
    }
}

/// The commits section from github.com's commits route, or the API's first commits page.
pub(super) async fn commits_from_route(
    draft: &mut BundleDraft,
    plan: &Plan<'_>,
    route: Got,
    used: &mut Vec<&'static str>,
) -> Option<FirstPage> {
    let checked = match route {
        Ok(fetched) => match fetched.body.as_array() {
            Some(commits) => {
                check_commits_against_pull(commits, &draft.pull).map(|()| commits.clone())
            }
            None => Err("it was not a commit list".to_string()),
        },
        Err(error) => Err(failure("commits", &error)),
    };
    match checked {
        Ok(commits) => {
            used.push("commits");
            draft.commits = Some(Vec::new());
            Some(FirstPage {
                items: commits,
                link: None,
            })
        }
        Err(why) => {
            draft.note(format!(
                "commits: github.com's commit list of this pull request could not be used ({why}); read from the API instead"
            ));
            let url = plan.api.commits();
            let fetched = ask(plan, "commits", &url).await?;
            first_page(draft, plan, Paged::Commits, &url, fetched)
        }
    }
}

/// The check runs and status parts from github.com's status-checks route, or `None` (with a
/// note) when it cannot be used: the next wave then asks the API for both.
pub(super) fn checks_from_route(
    draft: &mut BundleDraft,
    route: Got,
    used: &mut Vec<&'static str>,
) -> Option<Vec<Part>> {
    let fetched = match route {
        Ok(fetched) => fetched,
        Err(error) => {
            draft.note(format!(
                "checks: github.com's status checks of this pull request could not be used ({}); read from the API instead",
                failure("checks", &error)
            ));
            return None;
        }
    };
    used.push("checks");
    let part = |key: &str| Fetched {
        body: fetched.body.get(key).cloned().unwrap_or(Value::Null),
        link: None,
        origin: fetched.origin,
    };
    Some(vec![
        Part::CheckRuns(Ok(part("check_runs"))),
        Part::Status(Ok(part("status"))),
    ])
}

/// One API request of its own (a fallback), as a wave of one.
async fn ask(plan: &Plan<'_>, section: &'static str, url: &str) -> Option<Got> {
    let answer = plan.wave(vec![plan
        .tracker
        .track(section, plan.client.get(url, plan.policy.per_head))]);
    answer.await.into_iter().next()
}
