//! Wave 1: everything that needs only the PR number, sent at once — the pull, page 1 of files,
//! commits and timeline, and the reviews — and, when the page shows the head and the author,
//! what depends on them ([`super::page_facts`]).

use serde_json::Value;

use super::page_facts::{Early, PageHint};
use super::pages::{first_page, note_if_stale, FirstPage, Paged};
use super::parts::{Part, Wave};
use super::state::{FirstWave, Got, Plan};
use crate::fetch::assemble::BundleDraft;
use crate::fetch::client::{BodyFormat, Fetched, GetError, Origin};
use crate::fetch::error::FetchError;
use crate::fetch::limits::{DEFENSE_MIN_REMAINING, PER_PAGE};
use crate::fetch::link::link_url;
use crate::fetch::notes::{failure_note, pull_error};
use crate::fetch::session::check_against_pull;
use crate::fetch::transport::LocalBoxFuture;

/// What wave 1 left for the next: the draft, the head and author the pull names, and the first
/// pages whose `Link` names the rest.
pub(super) struct AfterFirstWave {
    pub(super) draft: BundleDraft,
    pub(super) head: Option<String>,
    pub(super) author: Option<String>,
    pub(super) files: Option<FirstPage>,
    pub(super) commits: Option<FirstPage>,
    pub(super) timeline: Option<FirstPage>,
    /// What wave 1 already asked on the page's word and the pull confirmed.
    pub(super) early: Early,
}

/// One answer of wave 1: a request of its own, or one sent early on the page's word.
enum Answer {
    Own(Got),
    Early(Part),
}

/// Sends wave 1 and files its answers; fails only when the pull cannot be read.
pub(super) async fn send(
    plan: &Plan<'_>,
    page: Option<Value>,
) -> Result<AfterFirstWave, FetchError> {
    let (client, api, policy) = (&plan.client, &plan.api, plan.policy);
    // A fresh cached pull tells the head SHA up front, so head-bound entries need no request.
    if let Some(fresh) = client.fresh(&api.pull(), policy.quick).await {
        *client.known_head.borrow_mut() = head_sha(&fresh.body);
    }
    let (pull_url, files_url, commits_url, reviews_url, timeline_url) = (
        api.pull(),
        api.files(),
        api.commits(),
        api.reviews(),
        api.timeline(),
    );
    let tracker = &plan.tracker;
    let files_request: LocalBoxFuture<'_, Got> = match &plan.session {
        Some(session) => {
            Box::pin(client.get_as(session.diff_url(), policy.per_head, BodyFormat::GitDiff))
        }
        None => Box::pin(client.get(&files_url, policy.per_head)),
    };
    let own = vec![
        tracker.track("pull request", client.get(&pull_url, policy.quick)),
        tracker.track("files", files_request),
        tracker.track("commits", client.get(&commits_url, policy.per_head)),
        // Without a token, the timeline's `reviewed` events are the reviews (one request less).
        match plan.session {
            Some(_) => Box::pin(async { Err(GetError::Unreadable(FROM_TIMELINE.into())) }),
            None => tracker.track("reviews", client.get(&reviews_url, policy.per_head)),
        },
        tracker.track(
            "timeline",
            client.get_within_budget(&timeline_url, policy.checks, DEFENSE_MIN_REMAINING),
        ),
    ];
    let hint = PageHint::read(page.as_ref());
    let mut early: Wave<'_> = Vec::new();
    if let Some(hint) = &hint {
        hint.push_early(&mut early, plan);
        plan.first_wave.set(FirstWave::WithPageFacts);
    }
    let wave: Vec<LocalBoxFuture<'_, Answer>> = own
        .into_iter()
        .map(|request| {
            Box::pin(async move { Answer::Own(request.await) }) as LocalBoxFuture<'_, Answer>
        })
        .chain(early.into_iter().map(|request| {
            Box::pin(async move { Answer::Early(request.await) }) as LocalBoxFuture<'_, Answer>
        }))
        .collect();
    let mut own_answers = Vec::new();
    let mut early_parts = Vec::new();
    for answer in plan.wave(wave).await {
        match answer {
            Answer::Own(got) => own_answers.push(got),
            Answer::Early(part) => early_parts.push(part),
        }
    }
    let mut answers = own_answers.into_iter();
    let (Some(pull), Some(files), Some(commits), Some(reviews), Some(timeline)) = (
        answers.next(),
        answers.next(),
        answers.next(),
        answers.next(),
        answers.next(),
    ) else {
        return Err(FetchError::malformed("the request plan"));
    };

    let pull = match pull {
        Ok(pull) if pull.body.is_object() && pull.body.get("number").is_some() => pull,
        Ok(_) => return Err(FetchError::malformed("the pull request")),
        Err(error) => return Err(pull_error(&error, client.has_token())),
    };
    let mut draft = BundleDraft {
        page,
        ..BundleDraft::default()
    };
    note_if_stale(&mut draft, plan, "pull", &pull_url, &pull);
    let head = head_sha(&pull.body);
    *client.known_head.borrow_mut() = head.clone();
    let author = pull
        .body
        .get("user")
        .and_then(|user| user.get("login"))
        .and_then(Value::as_str)
        .map(str::to_string);
    draft.pull = pull.body;

    let files = match &plan.session {
        Some(_) => from_session_diff(&mut draft, plan, files).await,
        None => first_page(&mut draft, plan, Paged::Files, &files_url, files),
    };
    let commits = first_page(&mut draft, plan, Paged::Commits, &commits_url, commits);
    let timeline = first_page(&mut draft, plan, Paged::Timeline, &timeline_url, timeline);
    let reviews = match reviews {
        Err(GetError::Unreadable(why)) if why == FROM_TIMELINE => {
            match timeline.as_ref().and_then(reviews_from_timeline) {
                Some(derived) => Ok(derived),
                // The timeline has more pages (or none came): ask the reviews themselves.
                None => {
                    let asked = plan.wave(vec![plan
                        .tracker
                        .track("reviews", client.get(&reviews_url, policy.per_head))]);
                    asked
                        .await
                        .into_iter()
                        .next()
                        .unwrap_or(Err(GetError::Malformed))
                }
            }
        }
        other => other,
    };
    match reviews {
        Ok(fetched) => {
            note_if_stale(&mut draft, plan, "reviews", &reviews_url, &fetched);
            if fetched
                .link
                .as_deref()
                .and_then(|link| link_url(link, "next"))
                .is_some()
            {
                draft.note(format!(
                    "reviews: only the first {PER_PAGE} reviews were read"
                ));
            }
            draft.reviews = fetched.body.as_array().cloned();
        }
        Err(error) => draft.note(failure_note("reviews", &error)),
    }

    let early = match hint {
        Some(hint) => {
            let early = hint.confirm(early_parts, head.as_deref(), author.as_deref(), &mut draft);
            if !early.checks || early.author.is_none() {
                plan.first_wave.set(FirstWave::PageFactsCorrected);
            }
            early
        }
        None => Early::default(),
    };
    Ok(AfterFirstWave {
        draft,
        head,
        author,
        files,
        commits,
        timeline,
        early,
    })
}

pub(super) fn head_sha(pull: &Value) -> Option<String> {
    pull.get("head")?
        .get("sha")?
        .as_str()
        .filter(|sha| !sha.is_empty())
        .map(str::to_string)
}

/// The files section from github.com's diff of this PR, checked against the pull; when the diff
/// is missing, unreadable or disagrees, the API's first files page (one more round trip) and a
/// note saying why, so the panel shows the view as partial-sourced rather than guessing.
async fn from_session_diff(
    draft: &mut BundleDraft,
    plan: &Plan<'_>,
    diff: Got,
) -> Option<FirstPage> {
    let checked = match diff {
        Ok(fetched) => match fetched.body.as_array() {
            Some(files) => check_against_pull(files, &draft.pull).map(|()| files.clone()),
            None => Err("it was not a file list".to_string()),
        },
        Err(error) => Err(crate::fetch::notes::failure_note("diff", &error)
            .trim_start_matches("diff: ")
            .to_string()),
    };
    match checked {
        Ok(files) => {
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
            let files_url = plan.api.files();
            let answer = plan.wave(vec![plan
                .tracker
                .track("files", plan.client.get(&files_url, plan.policy.per_head))]);
            let fetched = answer.await.into_iter().next()?;
            first_page(draft, plan, Paged::Files, &files_url, fetched)
        }
    }
}

/// The placeholder for "reviews: read from the timeline" in a session wave 1.
const FROM_TIMELINE: &str = "from the timeline";

/// The reviews, as `GET …/pulls/{n}/reviews` lists them, from a complete timeline page 1 (no
/// `next` page): each `reviewed` event is one submitted review, with its user, state, commit,
/// time and association (docs.github.com REST "Timeline events", event `reviewed`, read
/// 2026-12-10). `None` when the timeline has more pages (a review may be on them).
fn reviews_from_timeline(timeline: &FirstPage) -> Option<Fetched> {
    if timeline
        .link
        .as_deref()
        .and_then(|link| link_url(link, "next"))
        .is_some()
    {
        return None;
    }
    let reviews = timeline
        .items
        .iter()
        .filter(|event| event.get("event").and_then(Value::as_str) == Some("reviewed"))
        .map(|event| {
            let mut review = event.clone();
            if let Some(object) = review.as_object_mut() {
                object.remove("event");
                if let Some(state) = object.get("state").and_then(Value::as_str) {
                    let upper = state.to_ascii_uppercase();
                    object.insert("state".into(), Value::String(upper));
                }
            }
            review
        })
        .collect();
    Some(Fetched {
        body: Value::Array(reviews),
        link: None,
        origin: Origin::Network,
    })
}
