//! Account behaviour: how a contributor's recent public activity looks
//! (`GET /users/{login}/events/public`, the bundle's `events`), and whether the profile is an
//! empty shell. Each fact becomes an [`IdentityNote`] on the person's Contributors card; the
//! drivers `pr_burst`, `dormant_account` and `empty_profile` weigh them.
//!
//! Why: the xz-utils backdoor arrived through patient accounts with thin, bursty histories
//! (Russ Cox, "Timeline of the xz open source attack", <https://research.swtch.com/xz-timeline>,
//! 2024-04-01), and AgentScan classifies accounts from exactly these public events — PRs opened
//! across many repositories in a short time, sudden activity — because they "feel a little
//! off" (<https://github.com/MatteoGabriele/agentscan>, README, read 2026-12-03). These are
//! indicators, not verdicts; the notes say what was seen.

use crate::bundle::{PublicEvent, User};
use crate::engine::context::Context;
use crate::signal::{IdentityKind, IdentityNote};
use crate::timestamp::SECONDS_PER_DAY;

/// Distinct repositories with a PR opened within [`BURST_WINDOW_DAYS`] that make a burst.
pub const BURST_REPOSITORIES: usize = 5;
/// The burst window.
pub const BURST_WINDOW_DAYS: i64 = 3;
/// How long GitHub keeps public events (docs: "events older than 90 days" are not listed).
const EVENTS_WINDOW_DAYS: i64 = 90;
/// GitHub lists at most 300 public events; a full list does not reach back 90 days.
const EVENTS_CAP: usize = 300;
/// A quiet stretch this long before a run of activity counts as dormancy.
pub const DORMANT_GAP_DAYS: i64 = 60;
/// Events within [`WAKE_WINDOW_DAYS`] after the quiet stretch that make it "sudden".
pub const WAKE_EVENTS: usize = 5;
const WAKE_WINDOW_DAYS: i64 = 14;
/// An account younger than this with no name, repositories or followers is an empty shell.
pub const EMPTY_PROFILE_DAYS: u64 = 30;

/// The behaviour notes for one login.
pub fn notes(context: &Context, login: &str, user: Option<&User>) -> Vec<IdentityNote> {
    let mut notes = Vec::new();
    let events = context
        .bundle
        .events
        .as_ref()
        .and_then(|events| events.get(login));
    if let Some(events) = events {
        notes.extend(burst(events));
        notes.extend(dormancy(context, user, events));
    }
    notes.extend(user.and_then(|user| empty_profile(context, user)));
    notes
}

/// The most repositories with a PR opened in any [`BURST_WINDOW_DAYS`] window.
fn burst(events: &[PublicEvent]) -> Option<IdentityNote> {
    let mut opened: Vec<(i64, &str)> = events
        .iter()
        .filter(|event| event.opened_a_pull_request())
        .filter_map(|event| Some((event.at?, event.repo.as_deref()?)))
        .collect();
    crate::order::sort_by_key(&mut opened, |(at, _)| *at);
    let mut best: Vec<&str> = Vec::new();
    for (start, (from, _)) in opened.iter().enumerate() {
        let mut repositories: Vec<&str> = Vec::new();
        for (at, repo) in &opened[start..] {
            if at.saturating_sub(*from) > BURST_WINDOW_DAYS * SECONDS_PER_DAY {
                break;
            }
            if !repositories.contains(repo) {
                repositories.push(repo);
            }
        }
        if repositories.len() > best.len() {
            best = repositories;
        }
    }
    (best.len() >= BURST_REPOSITORIES).then(|| IdentityNote {
        kind: IdentityKind::PrBurst,
        detail: format!(
            "Opened pull requests in {} repositories within {BURST_WINDOW_DAYS} days ({})",
            best.len(),
            crate::engine::drivers::name_list(&best)
        ),
    })
}

/// A quiet stretch of [`DORMANT_GAP_DAYS`] or more, then [`WAKE_EVENTS`] events within
/// [`WAKE_WINDOW_DAYS`]. Only for accounts older than the events window (a new account's
/// silence is not dormancy); the stretch before the first event counts only when the list is
/// not cut at GitHub's cap.
fn dormancy(
    context: &Context,
    user: Option<&User>,
    events: &[PublicEvent],
) -> Option<IdentityNote> {
    let window_start = context
        .now
        .saturating_sub(EVENTS_WINDOW_DAYS * SECONDS_PER_DAY);
    let created = user?.created_at?;
    if created > window_start {
        return None;
    }
    let mut times: Vec<i64> = events
        .iter()
        .filter_map(|event| event.at)
        .filter(|at| *at <= context.now)
        .collect();
    crate::order::sort(&mut times);
    let mut previous = (events.len() < EVENTS_CAP).then_some(window_start);
    for (index, at) in times.iter().enumerate() {
        if let Some(quiet_since) = previous {
            let quiet_days = at.saturating_sub(quiet_since) / SECONDS_PER_DAY;
            let woke = times[index..]
                .iter()
                .take_while(|later| later.saturating_sub(*at) <= WAKE_WINDOW_DAYS * SECONDS_PER_DAY)
                .count();
            if quiet_days >= DORMANT_GAP_DAYS && woke >= WAKE_EVENTS {
                let since = if Some(quiet_since) == Some(window_start) && index == 0 {
                    format!("no public activity in the {quiet_days} days before")
                } else {
                    format!("{quiet_days} days without public activity, then")
                };
                return Some(IdentityNote {
                    kind: IdentityKind::DormantThenActive,
                    detail: format!(
                        "Account {} days old: {since} {woke} events within {WAKE_WINDOW_DAYS} days",
                        context.now.saturating_sub(created) / SECONDS_PER_DAY
                    ),
                });
            }
        }
        previous = Some(*at);
    }
    None
}

fn empty_profile(context: &Context, user: &User) -> Option<IdentityNote> {
    let created = user.created_at.filter(|created| *created <= context.now)?;
    let days = (context.now.saturating_sub(created) / SECONDS_PER_DAY) as u64;
    let empty = user.public_repos == Some(0)
        && user.followers == Some(0)
        && user
            .name
            .as_deref()
            .is_none_or(|name| name.trim().is_empty());
    (empty && days < EMPTY_PROFILE_DAYS).then(|| IdentityNote {
        kind: IdentityKind::EmptyNewProfile,
        detail: format!(
            "Account {days} days old with no name, no public repositories and no followers"
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::engine::drivers::testing::Case;
    use crate::signal::IdentityKind;
    use serde_json::{json, Value};

    const NOW: &str = "2026-03-01T00:00:00Z";

    fn kinds(events: Value, user: Value) -> Vec<IdentityKind> {
        let case = Case::new(json!({"fetched_at": NOW,
            "pull": {"number": 1, "user": {"login": "ana"}, "author_association": "NONE"},
            "users": {"ana": user}, "events": {"ana": events}}));
        let context = case.context();
        let user = case
            .bundle
            .users
            .as_ref()
            .and_then(|users| users.get("ana"));
        super::notes(&context, "ana", user)
            .into_iter()
            .map(|note| note.kind)
            .collect()
    }

    fn opened(repo: &str, day: u32) -> Value {
        json!({"type": "PullRequestEvent", "repo": {"name": repo},
               "created_at": format!("2026-02-{day:02}T10:00:00Z"), "payload": {"action": "opened"}})
    }

    /// Steady activity across the window, so only the pattern under test shows.
    fn with_history(mut events: Vec<Value>) -> Value {
        for at in ["2025-12-10", "2025-12-30", "2026-01-20", "2026-02-05"] {
            events.push(json!({"type": "PushEvent", "created_at": format!("{at}T10:00:00Z")}));
        }
        json!(events)
    }

    fn old_user() -> Value {
        json!({"login": "ana", "created_at": "2019-01-01T00:00:00Z", "public_repos": 4, "followers": 3, "name": "Ana"})
    }

    #[test]
    fn prs_opened_in_five_repositories_within_three_days_are_a_burst() {
        let events: Vec<Value> = (0..5)
            .map(|i| opened(&format!("o{i}/r"), 20 + i / 2))
            .collect();
        assert_eq!(
            kinds(with_history(events), old_user()),
            [IdentityKind::PrBurst]
        );
    }

    #[test]
    fn the_same_prs_spread_over_weeks_or_in_one_repository_are_no_burst() {
        let spread: Vec<Value> = (0..5)
            .map(|i| opened(&format!("o{i}/r"), 1 + i * 6))
            .collect();
        assert!(kinds(with_history(spread), old_user()).is_empty());
        let one_repo: Vec<Value> = (0..8).map(|i| opened("o/r", 20 + i / 4)).collect();
        assert!(kinds(with_history(one_repo), old_user()).is_empty());
    }

    #[test]
    fn an_old_account_silent_for_months_then_busy_is_dormant_then_active() {
        let events: Vec<Value> = (0..6).map(|i| opened("o/r", 20 + i)).collect();
        assert_eq!(
            kinds(json!(events), old_user()),
            [IdentityKind::DormantThenActive]
        );
    }

    #[test]
    fn steady_activity_or_a_new_account_is_not_dormancy() {
        let mut steady: Vec<Value> = (0..6).map(|i| opened("o/r", 20 + i)).collect();
        steady.push(json!({"type": "PushEvent", "created_at": "2025-12-20T10:00:00Z"}));
        steady.push(json!({"type": "PushEvent", "created_at": "2026-01-15T10:00:00Z"}));
        assert!(kinds(json!(steady), old_user()).is_empty());
        let young = json!({"login": "ana", "created_at": "2026-02-10T00:00:00Z", "public_repos": 1, "followers": 0});
        let busy: Vec<Value> = (0..6).map(|i| opened("o/r", 20 + i)).collect();
        assert!(kinds(json!(busy), young).is_empty());
    }

    #[test]
    fn a_brand_new_account_with_nothing_on_its_profile_is_an_empty_shell() {
        let empty = json!({"login": "ana", "created_at": "2026-02-20T00:00:00Z", "public_repos": 0, "followers": 0, "name": null});
        assert_eq!(kinds(json!([]), empty), [IdentityKind::EmptyNewProfile]);
        let named = json!({"login": "ana", "created_at": "2026-02-20T00:00:00Z", "public_repos": 0, "followers": 0, "name": "Ana Lima"});
        assert!(kinds(json!([]), named).is_empty());
    }
}
