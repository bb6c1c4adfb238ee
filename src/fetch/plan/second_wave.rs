//! Wave 2: everything that needs wave 1, sent at once — the remaining file, commit and timeline
//! pages (page 1's `Link rel="last"` names them), check runs and status of the head, profiles
//! and PR history of the author and the first page's commit authors, their public events,
//! the linked issues, the PR template of the base branch, the comparison of the newest
//! approval's commit with the head (when they differ), and the author's familiarity with the
//! focus files when page 1 was the whole file list.

use serde_json::Value;

use super::defense::{push_events, push_linked_issues, push_since_approval, push_template};
use super::first_wave::AfterFirstWave;
use super::pages::{mark_truncation, remaining_pages, FirstPage, PageSets, Paged, Remaining};
use super::parts::{absorb, Part, Wave};
use super::people::{finish, push_familiarity, push_people};
use super::state::{FirstWave, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::limits::{
    CORE_RESERVE, DEFENSE_MIN_REMAINING, MAX_COMMIT_PAGES, MAX_EXTRA_USERS, MAX_FILE_PAGES,
    MAX_TIMELINE_PAGES,
};
use crate::fetch::notes::{later_note, SESSION_SKIPPED};

/// What wave 2 left for the last one.
pub(super) struct AfterSecondWave {
    pub(super) draft: BundleDraft,
    /// Whose profiles were asked for (the author first).
    pub(super) people: Vec<String>,
    pub(super) familiarity_sent: bool,
    /// The viewer whose history the last wave still has to ask for (a long file list).
    pub(super) viewer_history_due: Option<String>,
}

/// Who hears about wave 1's results while wave 2 is on the network (`FetchIo`).
pub(super) struct Handlers<'a> {
    pub(super) on_draft: Option<&'a dyn Fn(&Value)>,
    pub(super) on_first_render: Option<&'a dyn Fn(&Value)>,
}

/// Sends wave 2 and files its answers. While wave 2 is on the network (never when everything
/// came from the cache: then there is no wait to use), `on_first_render` gets a renderable
/// bundle when wave 2 has nothing that can change the risk, and `on_draft` gets wave 1's draft
/// otherwise.
pub(super) async fn send(
    plan: &Plan<'_>,
    first: AfterFirstWave,
    handlers: Handlers<'_>,
) -> AfterSecondWave {
    let AfterFirstWave {
        mut draft,
        head,
        author,
        files,
        commits,
        timeline,
        early,
    } = first;
    let (client, api, policy) = (&plan.client, &plan.api, plan.policy);
    let mut wave: Wave<'_> = Vec::new();
    let mut files_rest = remaining_pages(api, files.as_ref(), MAX_FILE_PAGES);
    if files_rest.capped_from.is_some() {
        draft.files_truncated = true;
    }
    // Without a token a 30-page PR would spend half the hour's 60 requests on one view: read
    // only the pages the budget allows beyond a reserve, and say so.
    if let Some(remaining) = client.core_remaining() {
        let affordable = remaining.saturating_sub(CORE_RESERVE) as usize;
        let wanted = files_rest.urls.len();
        if wanted > affordable {
            files_rest.urls.truncate(affordable);
            draft.files_truncated = true;
            draft.note(format!(
                "files: {} of {} pages read; only {remaining} GitHub requests are left this hour (a token gives 5,000)",
                affordable + 1,
                wanted + 1
            ));
        }
    }
    push_pages(&mut wave, plan, Paged::Files, &files_rest);
    let commits_rest = remaining_pages(api, commits.as_ref(), MAX_COMMIT_PAGES);
    push_pages(&mut wave, plan, Paged::Commits, &commits_rest);
    // Wave 1 was complete for everything that can affect risk when the page's head and author
    // were confirmed and page 1 held all files and commits (checked again below: the timeline,
    // other people, a stale approval).
    let mut risk_complete = plan.first_wave.get() == FirstWave::WithPageFacts
        && early.checks
        && early.author.is_some()
        && wave.is_empty()
        && !draft.files_truncated
        && files_rest.capped_from.is_none()
        && commits_rest.capped_from.is_none();
    if early.checks {
        // Asked in wave 1 on the page's word, and the pull confirmed the head.
    } else if let Some(sha) = &head {
        let (checks_url, status_url) = (api.check_runs(sha), api.status(sha));
        wave.push(plan.tracker.track("checks", async move {
            Part::CheckRuns(client.get(&checks_url, policy.checks).await)
        }));
        wave.push(plan.tracker.track("checks", async move {
            Part::Status(client.get(&status_url, policy.checks).await)
        }));
    } else {
        draft.note("check_runs: the pull request has no head SHA".to_string());
    }
    let mut people: Vec<String> = author.iter().cloned().collect();
    let first_commits = BundleDraft {
        commits: commits.as_ref().map(|page| page.items.clone()),
        ..BundleDraft::default()
    };
    for login in first_commits.commit_authors() {
        if !people.contains(&login) && people.len() <= MAX_EXTRA_USERS {
            people.push(login);
        }
    }
    let asked: Vec<String> = early.author.iter().cloned().collect();
    let others: Vec<String> = people
        .iter()
        .filter(|login| !asked.contains(login))
        .cloned()
        .collect();
    push_people(&mut wave, plan, &others, &asked);
    risk_complete &= others.is_empty();
    let files_complete = files_rest.urls.is_empty();
    let mut familiarity_sent = false;
    if files_complete {
        if let (Some(author), Some(first)) = (&author, &files) {
            // Page 1 is the whole file list here, so the focus files can be chosen now.
            familiarity_sent = push_familiarity(&mut wave, plan, &first.items, author);
        }
    }
    let deferred = push_defense(
        &mut wave,
        plan,
        &mut draft,
        &people,
        &asked,
        timeline.as_ref(),
    );
    risk_complete &= deferred.risk_complete;
    let mut later = match familiarity_sent {
        true => [&["familiarity"][..], &deferred.later].concat(),
        false => deferred.later,
    };
    // The viewer's own view never changes risk: it follows a first panel, never delays it.
    let mut viewer_history_due = None;
    if let Some(login) = super::viewer::viewer_login(plan, draft.page.as_ref()) {
        super::viewer::push_viewer(&mut wave, plan, &mut draft, &login);
        if !super::viewer::is_author(&draft, &login) {
            match (&files, files_complete) {
                (Some(first), true) => {
                    super::viewer::push_history(&mut wave, plan, &first.items, &login)
                }
                _ => viewer_history_due = Some(login),
            }
        }
        later.push("your view");
    }

    // Last in the wave, so it runs once the other requests are on their way.
    let sent_before = client.sent.get();
    let draft_ref = &draft;
    let (draft_files, draft_commits) = (
        files.as_ref().map(|page| page.items.as_slice()),
        commits.as_ref().map(|page| page.items.as_slice()),
    );
    let draft_timeline = timeline.as_ref().map(|page| page.items.as_slice());
    let first_render = handlers.on_first_render.filter(|_| risk_complete);
    let early_parts = first_render.map(|_| early.parts.clone());
    let on_draft = handlers.on_draft;
    let (first_author, looked_up) = (people.first().cloned(), people.len());
    wave.push(Box::pin(async move {
        // Nobody to tell, or nothing to wait for (everything came from the cache).
        if (first_render.is_none() && on_draft.is_none()) || client.sent.get() == sent_before {
            return Part::Drafted;
        }
        let mut partial = BundleDraft {
            files: draft_files.map(<[Value]>::to_vec),
            commits: draft_commits.map(<[Value]>::to_vec),
            timeline: draft_timeline.map(<[Value]>::to_vec),
            // The viewer's view arrives with this wave: a first panel without it says nothing
            // about ownership rather than "not fetched".
            viewer: None,
            ..draft_ref.clone()
        };
        if let (Some(on_first_render), Some(parts)) = (first_render, early_parts) {
            absorb(&mut partial, plan, parts, &mut PageSets::default());
            finish(&mut partial, first_author.as_deref(), looked_up);
            if let Some(note) = later_note(&later) {
                partial.note(note);
            }
            plan.first_render_round_trips
                .set(Some(plan.round_trips.get()));
            on_first_render(&partial.to_bundle(crate::timestamp::format(client.now())));
        } else if let Some(on_draft) = on_draft {
            on_draft(&partial.to_bundle(None));
        }
        Part::Drafted
    }));
    let mut parts = early.parts;
    parts.extend(plan.wave(wave).await);

    let mut pages = PageSets::default();
    for (paged, first) in [
        (Paged::Files, files),
        (Paged::Commits, commits),
        (Paged::Timeline, timeline),
    ] {
        if let Some(first) = first {
            pages.insert(paged, 1, first.items);
        }
    }
    absorb(&mut draft, plan, parts, &mut pages);
    if draft.files.is_some() {
        draft.files = Some(pages.joined(Paged::Files));
    }
    if draft.commits.is_some() {
        draft.commits = Some(pages.joined(Paged::Commits));
    }
    if draft.timeline.is_some() {
        draft.timeline = Some(pages.joined(Paged::Timeline));
    }
    mark_truncation(&mut draft, files_rest.capped_from);
    AfterSecondWave {
        draft,
        people,
        familiarity_sent,
        viewer_history_due,
    }
}

fn push_pages<'f>(wave: &mut Wave<'f>, plan: &'f Plan<'_>, paged: Paged, rest: &Remaining) {
    let (client, per_head) = (&plan.client, plan.policy.per_head);
    for (number, url) in rest.urls.clone() {
        wave.push(plan.tracker.track(paged.section(), async move {
            Part::Page(paged, number, client.get(&url, per_head).await)
        }));
    }
}

/// What [`push_defense`] queued, as the first render sees it.
struct Deferred {
    /// Nothing queued can change the risk (no later timeline page, events or comparison).
    risk_complete: bool,
    /// The sections queued that only add to a first render: linked issues, the PR template.
    later: Vec<&'static str>,
}

/// The maintainer-defense requests of this wave: later timeline pages, events, linked issues,
/// the PR template and the comparison of the approved commit with the head.
fn push_defense<'f>(
    wave: &mut Wave<'f>,
    plan: &'f Plan<'_>,
    draft: &mut BundleDraft,
    people: &[String],
    events_asked: &[String],
    timeline: Option<&FirstPage>,
) -> Deferred {
    let before = wave.len();
    let timeline_rest = remaining_pages(&plan.api, timeline, MAX_TIMELINE_PAGES);
    if let Some(count) = timeline_rest.capped_from {
        draft.note(format!(
            "timeline: the first {MAX_TIMELINE_PAGES} of {count} pages were read"
        ));
    }
    let (client, policy) = (&plan.client, plan.policy.checks);
    for (number, url) in timeline_rest.urls {
        wave.push(plan.tracker.track("timeline", async move {
            Part::Page(
                Paged::Timeline,
                number,
                client
                    .get_within_budget(&url, policy, DEFENSE_MIN_REMAINING)
                    .await,
            )
        }));
    }
    if plan.session.is_some() {
        draft.note(SESSION_SKIPPED.to_string());
        return Deferred {
            risk_complete: wave.len() == before && timeline_rest.capped_from.is_none(),
            later: Vec::new(),
        };
    }
    push_events(wave, plan, draft, people, events_asked);
    let mut risk_complete = wave.len() == before && timeline_rest.capped_from.is_none();
    let mut later = Vec::new();
    let queued = wave.len();
    push_linked_issues(wave, plan, draft);
    if wave.len() > queued {
        later.push("linked issues");
    }
    let queued = wave.len();
    let pull = draft.pull.clone();
    push_template(wave, plan, &pull);
    if wave.len() > queued {
        later.push("the PR template");
    }
    let queued = wave.len();
    push_since_approval(wave, plan, draft);
    risk_complete &= wave.len() == queued;
    Deferred {
        risk_complete,
        later,
    }
}
