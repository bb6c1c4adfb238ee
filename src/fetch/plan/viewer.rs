//! The viewer's requests (issue #38): the base branch's CODEOWNERS, the viewer's teams (with a
//! token), the viewer's commits to the focus files against all of their commits, and GitHub's
//! comparison of the viewer's newest reviewed commit with the head.
//!
//! Why here and this way: none of it is risk, so all of it rides in a wave that is sent anyway
//! (wave 2, or the last wave for a file list longer than one page) and never delays the first
//! panel; each request is skipped, with a note, while fewer than [`DEFENSE_MIN_REMAINING`]
//! requests are left this hour, and cached a day. The budget per view: CODEOWNERS 3 (GitHub's
//! three places, read at once; their 404s are remembered a day), with a token `GET /user` and
//! `GET /user/teams` (2) and the viewer's history 2 per file for [`MAX_VIEWER_FILES`] focus files
//! (both only with a token), and one comparison: 4 at most without a token (CODEOWNERS' three
//! are cached per repository, so 1 on the repository's next PR). The author's
//! own view asks only for CODEOWNERS. Endpoints: docs.github.com REST "Get repository
//! content", "Get the authenticated user", "List teams for the authenticated user" (needs
//! `read:org`), "List commits" (`path`, `author`), "Compare two commits" (read 2026-12-06).

use serde_json::{json, Value};

use super::focus::focus_paths;
use super::parts::{Part, Wave};
use super::state::{Got, Plan};
use crate::bundle::CODEOWNERS_LOCATIONS;
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::GetError;
use crate::fetch::join::join_all;
use crate::fetch::limits::{DEFENSE_MIN_REMAINING, MAX_VIEWER_FILES};
use crate::fetch::transport::LocalBoxFuture;

/// Whose view to fetch: the CLI's `--as`, else the page's signed-in viewer; a valid login only.
pub(super) fn viewer_login(plan: &Plan<'_>, page: Option<&Value>) -> Option<String> {
    plan.viewer
        .clone()
        .or_else(|| {
            page.and_then(|page| page.get("viewer"))
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .filter(|login| crate::text::is_github_login(login))
}

/// Whether `login` wrote the PR (the author's view asks only for CODEOWNERS).
pub(super) fn is_author(draft: &BundleDraft, login: &str) -> bool {
    draft
        .pull
        .get("user")
        .and_then(|user| user.get("login"))
        .and_then(Value::as_str)
        .is_some_and(|author| author.eq_ignore_ascii_case(login))
}

/// Queues CODEOWNERS, teams and the comparison since the viewer's review; names the viewer in
/// the draft. The history goes with the complete file list ([`push_history`]).
pub(super) fn push_viewer<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    draft: &mut BundleDraft,
    login: &str,
) {
    draft.viewer = Some(json!({ "login": login }));
    let (client, slow) = (&plan.client, plan.policy.slow);
    if let Some(base_ref) = draft
        .pull
        .get("base")
        .and_then(|base| base.get("ref"))
        .and_then(Value::as_str)
        .filter(|name| !name.is_empty())
    {
        let urls: Vec<String> = CODEOWNERS_LOCATIONS
            .iter()
            .map(|path| plan.api.contents(path, base_ref))
            .collect();
        wave.push(plan.tracker.track("your view", async move {
            let answers = join_all(
                urls.iter()
                    .map(|url| {
                        Box::pin(client.get_within_budget(url, slow, DEFENSE_MIN_REMAINING))
                            as LocalBoxFuture<'_, Got>
                    })
                    .collect(),
            )
            .await;
            Part::Codeowners(answers)
        }));
    } else {
        draft.note("codeowners: the pull request names no base branch".to_string());
    }
    if is_author(draft, login) {
        return;
    }
    if client.has_token() {
        let (user_url, teams_url) = (
            plan.api.authenticated_user(),
            plan.api.authenticated_user_teams(),
        );
        wave.push(plan.tracker.track("your view", async move {
            let mut answers = join_all(vec![
                Box::pin(client.get_within_budget(&user_url, slow, DEFENSE_MIN_REMAINING))
                    as LocalBoxFuture<'_, Got>,
                Box::pin(client.get_within_budget(&teams_url, slow, DEFENSE_MIN_REMAINING)),
            ])
            .await
            .into_iter();
            let (Some(user), Some(teams)) = (answers.next(), answers.next()) else {
                return Part::ViewerTeams(Err(GetError::Malformed), Err(GetError::Malformed));
            };
            Part::ViewerTeams(user, teams)
        }));
    }
    push_since_review(wave, plan, draft, login);
}

/// The notes of what was not asked at all (after the first render, which says "your view"
/// arrives later): without a token, no teams.
pub(super) fn finish(plan: &Plan<'_>, draft: &mut BundleDraft) {
    let Some(login) = draft
        .viewer
        .as_ref()
        .and_then(|viewer| viewer.get("login"))
        .and_then(Value::as_str)
        .map(str::to_string)
    else {
        return;
    };
    if !plan.client.has_token() && !is_author(draft, &login) {
        draft.note(
            "viewer.teams: not fetched without a token (team membership needs one with read:org)"
                .to_string(),
        );
        draft.note(
            "viewer.history: not fetched without a token (two requests per file; the hour's 60 are kept for the panel)"
                .to_string(),
        );
    }
}

/// Queues the viewer's commits and all commits of the top focus files.
pub(super) fn push_history<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    files: &[Value],
    login: &str,
) {
    let (client, slow) = (&plan.client, plan.policy.slow);
    if !client.has_token() {
        return;
    }
    for path in focus_paths(files).into_iter().take(MAX_VIEWER_FILES) {
        let (mine_url, all_url) = (
            plan.api.familiarity(login, &path),
            plan.api.path_commits(&path),
        );
        wave.push(plan.tracker.track("your view", async move {
            let mut counts = join_all(vec![
                Box::pin(client.get_within_budget(&mine_url, slow, DEFENSE_MIN_REMAINING))
                    as LocalBoxFuture<'_, Got>,
                Box::pin(client.get_within_budget(&all_url, slow, DEFENSE_MIN_REMAINING)),
            ])
            .await
            .into_iter();
            let (Some(mine), Some(all)) = (counts.next(), counts.next()) else {
                return Part::ViewerHistory(
                    path,
                    Err(GetError::Malformed),
                    Err(GetError::Malformed),
                );
            };
            Part::ViewerHistory(path, mine, all)
        }));
    }
}

/// Queues the comparison of the viewer's newest reviewed commit with the head, unless it is
/// the newest approval's (then that answer serves both).
fn push_since_review<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    draft: &mut BundleDraft,
    login: &str,
) {
    let Some((reviewed, head)) = review_range(draft, login) else {
        return;
    };
    if super::defense::since_approval_range(draft) == Some((reviewed.clone(), head.clone())) {
        draft.since_review_shares_approval = true;
        return;
    }
    let Some(url) = plan.api.compare_commits(&reviewed, &head) else {
        return;
    };
    let (client, slow) = (&plan.client, plan.policy.slow);
    wave.push(plan.tracker.track("your view", async move {
        Part::SinceReview(
            client
                .get_within_budget(&url, slow, DEFENSE_MIN_REMAINING)
                .await,
        )
    }));
}

/// The viewer's newest reviewed commit and the head, when they differ (the engine's reading).
fn review_range(draft: &BundleDraft, login: &str) -> Option<(String, String)> {
    let reviews = draft.reviews.as_ref()?;
    let bundle =
        crate::Bundle::from_value(&json!({ "pull": draft.pull, "reviews": reviews })).ok()?;
    let head = bundle.pull.head_sha.clone()?;
    let review = crate::engine::sections::viewer::since_review::newest_review(&bundle, login)?;
    let reviewed = review.commit_id.clone()?;
    (!reviewed.eq_ignore_ascii_case(&head)).then_some((reviewed, head))
}
