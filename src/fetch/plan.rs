//! The request plan for one PR view: which GETs, in which waves, and how results combine.
//!
//! Why: a cold view must be fast and cheap. Wave 1 sends everything that needs only the PR
//! number at once (pull, files page 1, commits page 1, reviews); wave 2 sends everything that
//! needs wave 1 at once (remaining file and commit pages, whose count page 1's `Link
//! rel="last"` gives; check runs and status of the head SHA; users; search counts; and the
//! author's familiarity with the focus files when the file list is complete). So a typical
//! PR costs two sequential round trips; only a PR with more than 100 files or commits adds a
//! third, for familiarity and for authors first seen on later commit pages.
//! Only the pull is essential: every other failure becomes a `fetch_notes` line.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::future::Future;

use serde_json::Value;

use super::assemble::Sections;
use super::cache::{CacheStore, CacheWrites};
use super::client::{Client, Fetched, GetError, Origin, Policy};
use super::error::FetchError;
use super::join::join_all;
use super::limits::*;
use super::link::{link_url, page_number, with_page};
use super::notes::{failure_note, pull_error, stale_note, CHECKS_FALLBACK_NOTE};
use super::rate_limit::Resource;
use super::transport::{LocalBoxFuture, Transport};
use super::urls::{Api, PullRef};
use super::{FetchOptions, Progress};

type Got = Result<Fetched, GetError>;

/// One finished request of wave 2 or 3.
enum Part {
    FilesPage(u32, Got),
    CommitsPage(u32, Got),
    CheckRuns(Got),
    Status(Got),
    User(String, Got),
    History(String, Got, Got),
    Familiarity(String, Got),
    /// Nothing to add: the engine ran on wave 1's data meanwhile (see [`warm_up_engine`]).
    WarmedUp,
}

/// Counts requests per phase for progress messages ("Fetching files 2/7").
struct Tracker<'p> {
    report: &'p dyn Fn(&Progress),
    phases: RefCell<BTreeMap<&'static str, (u32, u32)>>,
}

impl Tracker<'_> {
    fn plan(&self, phase: &'static str, count: u32) {
        self.phases.borrow_mut().entry(phase).or_default().1 += count;
    }

    fn finished(&self, phase: &'static str) {
        let (done, total, phase_done, phase_total) = {
            let mut phases = self.phases.borrow_mut();
            let entry = phases.entry(phase).or_default();
            entry.0 += 1;
            let (phase_done, phase_total) = *entry;
            let done = phases.values().map(|(done, _)| done).sum();
            let total = phases.values().map(|(_, total)| total).sum();
            (done, total, phase_done, phase_total)
        };
        (self.report)(&Progress {
            phase: phase.to_string(),
            done,
            total,
            message: format!("Fetching {phase} {phase_done}/{phase_total}"),
        });
    }

    fn track<'f, T: 'f>(
        &'f self,
        phase: &'static str,
        future: impl Future<Output = T> + 'f,
    ) -> LocalBoxFuture<'f, T> {
        self.plan(phase, 1);
        Box::pin(async move {
            let value = future.await;
            self.finished(phase);
            value
        })
    }
}

/// Fetches and assembles the bundle for one PR. See the module doc for the plan.
pub async fn run(
    pull_ref: PullRef,
    page: Option<Value>,
    options: &FetchOptions,
    transport: &dyn Transport,
    store: &dyn CacheStore,
    report: &dyn Fn(&Progress),
) -> Result<Value, FetchError> {
    let (result, writes) =
        run_deferring_writes(pull_ref, page, options, transport, store, report).await;
    writes.apply(store).await;
    result
}

/// [`run`], but the cache writes are handed back instead of made: the browser shows the panel
/// first and writes `chrome.storage.local` afterwards (a write of a cold view's ~200 KB of
/// responses is one more wait on the critical path otherwise).
pub async fn run_deferring_writes(
    pull_ref: PullRef,
    page: Option<Value>,
    options: &FetchOptions,
    transport: &dyn Transport,
    store: &dyn CacheStore,
    report: &dyn Fn(&Progress),
) -> (Result<Value, FetchError>, CacheWrites) {
    let api = match Api::new(&options.api_base, pull_ref) {
        Ok(api) => api,
        Err(error) => return (Err(error), CacheWrites::default()),
    };
    let now = options.now;
    let cache = super::cache::HttpCache::load(store, now).await;
    let client = Client::new(transport, cache, options.token.clone(), now);
    let tracker = Tracker {
        report,
        phases: RefCell::new(BTreeMap::new()),
    };
    // The pull's failures are never remembered: adding a token must work on the next view.
    let quick = Policy {
        max_age: options.freshness_seconds,
        head_bound: false,
        remember_failures: false,
    };
    let checks = Policy {
        remember_failures: true,
        ..quick
    };
    let per_head = Policy {
        max_age: options.freshness_seconds,
        head_bound: true,
        remember_failures: true,
    };
    let slow = Policy {
        max_age: SLOW_DATA_MAX_AGE_SECONDS,
        head_bound: false,
        remember_failures: true,
    };

    // A fresh cached pull tells the head SHA up front, so head-bound entries need no request.
    if let Some(fresh) = client.fresh(&api.pull(), quick).await {
        *client.known_head.borrow_mut() = head_sha(&fresh.body);
    }

    let (pull_url, files_url, commits_url, reviews_url) =
        (api.pull(), api.files(), api.commits(), api.reviews());
    let wave1 = join_all(vec![
        tracker.track("pull request", client.get(&pull_url, quick)),
        tracker.track("files", client.get(&files_url, per_head)),
        tracker.track("commits", client.get(&commits_url, per_head)),
        tracker.track("reviews", client.get(&reviews_url, per_head)),
    ])
    .await;
    let mut wave1 = wave1.into_iter();
    let (Some(pull), Some(files1), Some(commits1), Some(reviews)) =
        (wave1.next(), wave1.next(), wave1.next(), wave1.next())
    else {
        return (
            Err(FetchError::malformed("the request plan")),
            CacheWrites::default(),
        );
    };

    let pull = match pull {
        Ok(pull) if pull.body.is_object() && pull.body.get("number").is_some() => pull,
        Ok(_) => {
            return (
                Err(FetchError::malformed("the pull request")),
                client.cache.take_writes(None),
            );
        }
        Err(error) => {
            return (
                Err(pull_error(&error, client.has_token())),
                client.cache.take_writes(None),
            );
        }
    };
    let mut sections = Sections {
        page,
        ..Sections::default()
    };
    note_if_stale(&mut sections, &client, "pull", &pull_url, &pull);
    let head = head_sha(&pull.body);
    *client.known_head.borrow_mut() = head.clone();
    let author = pull
        .body
        .get("user")
        .and_then(|user| user.get("login"))
        .and_then(Value::as_str)
        .map(str::to_string);
    sections.pull = pull.body;

    let files_pages = first_page(&mut sections, &client, "files", &files_url, files1);
    let commit_pages = first_page(&mut sections, &client, "commits", &commits_url, commits1);
    match reviews {
        Ok(fetched) => {
            note_if_stale(&mut sections, &client, "reviews", &reviews_url, &fetched);
            if fetched
                .link
                .as_deref()
                .and_then(|link| link_url(link, "next"))
                .is_some()
            {
                sections.note(format!(
                    "reviews: only the first {PER_PAGE} reviews were read"
                ));
            }
            sections.reviews = fetched.body.as_array().cloned();
        }
        Err(error) => sections.note(failure_note("reviews", &error)),
    }

    // Wave 2.
    let mut wave2: Vec<LocalBoxFuture<'_, Part>> = Vec::new();
    let mut files_rest = remaining_pages(&api, files_pages.as_ref(), MAX_FILE_PAGES);
    if files_rest.capped_from.is_some() {
        sections.files_truncated = true;
    }
    // Without a token a 30-page PR would spend half the hour's 60 requests on one view: read
    // only the pages the budget allows beyond a reserve, and say so.
    if let Some(remaining) = client.core_remaining() {
        let affordable = remaining.saturating_sub(CORE_RESERVE) as usize;
        let wanted = files_rest.urls.len();
        if wanted > affordable {
            files_rest.urls.truncate(affordable);
            sections.files_truncated = true;
            sections.note(format!(
                "files: {} of {} pages read; only {remaining} GitHub requests are left this hour (a token gives 5,000)",
                affordable + 1,
                wanted + 1
            ));
        }
    }
    for (number, url) in files_rest.urls.clone() {
        let client = &client;
        wave2.push(tracker.track("files", async move {
            Part::FilesPage(number, client.get(&url, per_head).await)
        }));
    }
    let commits_rest = remaining_pages(&api, commit_pages.as_ref(), MAX_COMMIT_PAGES);
    for (number, url) in commits_rest.urls.clone() {
        let client = &client;
        wave2.push(tracker.track("commits", async move {
            Part::CommitsPage(number, client.get(&url, per_head).await)
        }));
    }
    if let Some(sha) = &head {
        let (checks_url, status_url) = (api.check_runs(sha), api.status(sha));
        let client = &client;
        wave2.push(tracker.track("checks", async move {
            Part::CheckRuns(client.get(&checks_url, checks).await)
        }));
        wave2.push(tracker.track("checks", async move {
            Part::Status(client.get(&status_url, checks).await)
        }));
    } else {
        sections.note("check_runs: the pull request has no head SHA".to_string());
    }
    let mut people: Vec<String> = author.iter().cloned().collect();
    let first_commits = Sections {
        commits: commit_pages.as_ref().map(|page| page.items.clone()),
        ..Sections::default()
    };
    for login in first_commits.commit_authors() {
        if !people.contains(&login) && people.len() <= MAX_EXTRA_USERS {
            people.push(login);
        }
    }
    push_people(&mut wave2, &tracker, &client, &api, &people, &[], slow);
    let files_complete = files_rest.urls.is_empty();
    let mut familiarity_sent = false;
    if files_complete {
        if let (Some(author), Some(first)) = (&author, &files_pages) {
            // Page 1 is the whole file list here, so the focus files can be chosen now.
            familiarity_sent = push_familiarity(
                &mut wave2,
                &tracker,
                &client,
                &api,
                &first.items,
                author,
                slow,
            );
        }
    }
    // Last in the wave, so it runs once the other requests are on their way.
    let sent_before = client.sent.get();
    let (draft_files, draft_commits) = (
        files_pages.as_ref().map(|page| page.items.as_slice()),
        commit_pages.as_ref().map(|page| page.items.as_slice()),
    );
    let (client_ref, sections_ref) = (&client, &sections);
    wave2.push(Box::pin(async move {
        if cfg!(target_arch = "wasm32") && client_ref.sent.get() > sent_before {
            warm_up_engine(sections_ref, draft_files, draft_commits, now);
        }
        Part::WarmedUp
    }));
    let parts = join_all(wave2).await;
    let mut files_by_page: BTreeMap<u32, Vec<Value>> = BTreeMap::new();
    let mut commits_by_page: BTreeMap<u32, Vec<Value>> = BTreeMap::new();
    if let Some(first) = files_pages {
        files_by_page.insert(1, first.items);
    }
    if let Some(first) = commit_pages {
        commits_by_page.insert(1, first.items);
    }
    absorb(
        &mut sections,
        &client,
        parts,
        &mut files_by_page,
        &mut commits_by_page,
    );
    if sections.files.is_some() {
        sections.files = Some(files_by_page.into_values().flatten().collect());
    }
    if sections.commits.is_some() {
        sections.commits = Some(commits_by_page.into_values().flatten().collect());
    }
    mark_truncation(&mut sections, files_rest.capped_from);

    // Wave 3, only for large PRs: familiarity over the complete file list, and people first
    // seen on later commit pages.
    let mut wave3: Vec<LocalBoxFuture<'_, Part>> = Vec::new();
    let later: Vec<String> = sections
        .commit_authors()
        .into_iter()
        .filter(|login| !people.contains(login))
        .take((MAX_EXTRA_USERS + 1).saturating_sub(people.len()))
        .collect();
    push_people(&mut wave3, &tracker, &client, &api, &later, &people, slow);
    if !familiarity_sent {
        if let (Some(author), Some(files)) = (&author, &sections.files) {
            push_familiarity(&mut wave3, &tracker, &client, &api, files, author, slow);
        }
    }
    let looked_up = people.len() + later.len();
    if !wave3.is_empty() {
        let parts = join_all(wave3).await;
        absorb(
            &mut sections,
            &client,
            parts,
            &mut BTreeMap::new(),
            &mut BTreeMap::new(),
        );
    }

    note_budget_caps(&mut sections, author.as_deref(), looked_up);

    // A section with no successful answer at all is "not fetched" (absent), not "empty":
    // the engine must not read failed lookups as "this person has no history".
    sections.users_fetched = !sections.users.is_empty();
    sections.history_fetched = !sections.history.is_empty();

    let writes = client.cache.take_writes(head.as_deref());
    (
        Ok(sections.to_bundle(crate::timestamp::format(now))),
        writes,
    )
}

/// Says when the request budget, not GitHub, limited whose profile and history were read.
fn note_budget_caps(sections: &mut Sections, author: Option<&str>, looked_up: usize) {
    let mut everyone: Vec<String> = author.iter().map(|login| login.to_string()).collect();
    for login in sections.commit_authors() {
        if !everyone.contains(&login) {
            everyone.push(login);
        }
    }
    if everyone.len() > looked_up {
        sections.note(format!(
            "users: {looked_up} of {} people looked up (the author first, then commit authors in order)",
            everyone.len()
        ));
    }
    if everyone.len() > MAX_HISTORY_LOGINS {
        sections.note(format!(
            "history: PR history searched for the first {MAX_HISTORY_LOGINS} of {} people (search allows 10 requests per minute without a token)",
            everyone.len()
        ));
    }
}

fn head_sha(pull: &Value) -> Option<String> {
    pull.get("head")?
        .get("sha")?
        .as_str()
        .filter(|sha| !sha.is_empty())
        .map(str::to_string)
}

fn note_if_stale(
    sections: &mut Sections,
    client: &Client<'_>,
    section: &str,
    url: &str,
    fetched: &Fetched,
) {
    if fetched.origin == Origin::Stale {
        let exhausted = client
            .cache
            .rate_limits
            .borrow()
            .exhausted_until(url, client.now());
        sections.note(stale_note(section, exhausted));
    }
}

/// Records page 1 of a paginated section; returns its items and `Link` for the next wave.
fn first_page(
    sections: &mut Sections,
    client: &Client<'_>,
    section: &str,
    url: &str,
    result: Got,
) -> Option<FirstPage> {
    match result {
        Ok(fetched) => {
            note_if_stale(sections, client, section, url, &fetched);
            let Some(items) = fetched.body.as_array().cloned() else {
                sections.note(failure_note(section, &GetError::Malformed));
                return None;
            };
            match section {
                "files" => sections.files = Some(Vec::new()),
                _ => sections.commits = Some(Vec::new()),
            }
            Some(FirstPage {
                items,
                link: fetched.link,
            })
        }
        Err(error) => {
            sections.note(failure_note(section, &error));
            None
        }
    }
}

struct FirstPage {
    items: Vec<Value>,
    link: Option<String>,
}

/// Pages 2..N to request at once, from page 1's `Link rel="last"`.
struct Remaining {
    urls: Vec<(u32, String)>,
    /// The last page GitHub offered, when beyond the cap.
    capped_from: Option<u32>,
}

fn remaining_pages(api: &Api, first: Option<&FirstPage>, max_pages: u32) -> Remaining {
    let none = Remaining {
        urls: Vec::new(),
        capped_from: None,
    };
    let Some(link) = first.and_then(|page| page.link.as_deref()) else {
        return none;
    };
    // `last` gives the count; a server that sends only `next` gets its next page followed.
    let last = link_url(link, "last").or_else(|| link_url(link, "next"));
    let Some(last) = last.filter(|url| api.owns(url)) else {
        return none;
    };
    let Some(count) = page_number(&last) else {
        return none;
    };
    let capped_from = (count > max_pages).then_some(count);
    Remaining {
        urls: (2..=count.min(max_pages))
            .map(|page| (page, with_page(&last, page)))
            .collect(),
        capped_from,
    }
}

fn push_people<'f>(
    wave: &mut Vec<LocalBoxFuture<'f, Part>>,
    tracker: &'f Tracker<'_>,
    client: &'f Client<'_>,
    api: &Api,
    logins: &[String],
    already_searched: &[String],
    slow: Policy,
) {
    for login in logins {
        let url = api.user(login);
        let name = login.clone();
        wave.push(tracker.track("people", async move {
            Part::User(name, client.get(&url, slow).await)
        }));
    }
    let searched = already_searched.len();
    for login in logins
        .iter()
        .take(MAX_HISTORY_LOGINS.saturating_sub(searched))
    {
        let (all_url, merged_url) = (
            api.history_search(login, false),
            api.history_search(login, true),
        );
        let name = login.clone();
        wave.push(tracker.track("history", async move {
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
#[allow(clippy::too_many_arguments)]
fn push_familiarity<'f>(
    wave: &mut Vec<LocalBoxFuture<'f, Part>>,
    tracker: &'f Tracker<'_>,
    client: &'f Client<'_>,
    api: &Api,
    files: &[Value],
    author: &str,
    slow: Policy,
) -> bool {
    let paths = focus_paths(files);
    for path in &paths {
        let url = api.familiarity(author, path);
        let path = path.clone();
        wave.push(tracker.track("familiarity", async move {
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

/// Analyses the draft bundle of wave 1 (pull, first file and commit pages, reviews) and drops
/// the signal, while wave 2 is in flight.
///
/// Why: V8 runs wasm in its baseline tier until a function has been hot for a while, so the
/// first analysis in a fresh panel is much slower than later ones (in the bench's cold views
/// the final analysis took 25–65 ms against 5–15 ms for the same bundle again). Running the same
/// code on real data while the network is busy moves that cost off the critical path. Only in
/// wasm (native code has no tiers), and only when wave 2 went to the network: with everything
/// cached there is nothing to wait for, so it would only delay the view.
fn warm_up_engine(
    sections: &Sections,
    files: Option<&[Value]>,
    commits: Option<&[Value]>,
    now: i64,
) {
    let draft = Sections {
        files: files.map(<[Value]>::to_vec),
        commits: commits.map(<[Value]>::to_vec),
        ..sections.clone()
    };
    if let Ok(text) = serde_json::to_string(&draft.to_bundle(None)) {
        let _ = crate::analyze_json(&text, "{}", Some(now));
    }
}

/// The files worth checking the author's history on: the files the panel's focus list puts
/// first, ranked by the focus section's own rule (`engine::sections::focus::priority`) from
/// what the file list says — path class, status and lines changed — without reading the
/// patches.
///
/// Why not a full analysis: this runs between wave 1 and wave 2, on the critical path of a
/// cold view, and a full analysis of a draft bundle (plus a `Value` → `Bundle` round trip)
/// cost ~50–100 ms there in the browser. The path classifier alone is microseconds per file;
/// it only misses what needs the patch (public API changes, generated-file markers), which at
/// worst swaps which of two source files is asked about.
fn focus_paths(files: &[Value]) -> Vec<String> {
    let critical_lines = crate::Settings::default().thresholds.critical_file_lines;
    let mut ranked: Vec<(crate::signal::Priority, u64, String)> = files
        .iter()
        .filter_map(|file| {
            let changed = crate::bundle::ChangedFile {
                filename: file.get("filename")?.as_str()?.to_string(),
                status: file
                    .get("status")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                additions: file.get("additions").and_then(Value::as_u64).unwrap_or(0),
                deletions: file.get("deletions").and_then(Value::as_u64).unwrap_or(0),
                // Without the patch the classifier decides from the path alone (cheap).
                patch: None,
                previous_filename: None,
                sha: None,
            };
            let facts = crate::engine::files::classify_file(&changed);
            let rank = crate::engine::sections::focus::priority(&facts, &changed, critical_lines);
            Some((rank, facts.changed_lines(), changed.filename))
        })
        .collect();
    // Most important first, then most changed, then by path (stable across runs).
    crate::order::sort_by(&mut ranked, |a, b| {
        b.0.cmp(&a.0)
            .then(b.1.cmp(&a.1))
            .then_with(|| a.2.cmp(&b.2))
    });
    ranked
        .into_iter()
        .take(MAX_FAMILIARITY_FILES)
        .map(|(_, _, path)| path)
        .collect()
}

fn absorb(
    sections: &mut Sections,
    client: &Client<'_>,
    parts: Vec<Part>,
    files_by_page: &mut BTreeMap<u32, Vec<Value>>,
    commits_by_page: &mut BTreeMap<u32, Vec<Value>>,
) {
    let mut check_runs_error = None;
    for part in parts {
        if let Some((section, resource)) = stale_section(&part) {
            let exhausted = client
                .cache
                .rate_limits
                .borrow()
                .resource_exhausted_until(resource, client.now());
            sections.note(stale_note(&section, exhausted));
        }
        match part {
            Part::FilesPage(number, result) => {
                page_into(sections, "files", number, result, files_by_page)
            }
            Part::CommitsPage(number, result) => {
                page_into(sections, "commits", number, result, commits_by_page)
            }
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
                    sections.note(format!(
                        "check_runs: only the first {listed} of {total} check runs were read"
                    ));
                }
                sections.check_runs = Some(fetched.body);
            }
            Part::CheckRuns(Ok(_)) => {
                sections.note(failure_note("check_runs", &GetError::Malformed))
            }
            Part::CheckRuns(Err(error)) => check_runs_error = Some(error),
            Part::Status(Ok(fetched)) if fetched.body.is_object() => {
                sections.status = Some(fetched.body)
            }
            Part::Status(Ok(_)) => sections.note(failure_note("status", &GetError::Malformed)),
            Part::Status(Err(error)) => sections.note(failure_note("status", &error)),
            Part::User(login, Ok(fetched)) if fetched.body.is_object() => {
                sections.users.insert(login, fetched.body);
            }
            Part::User(login, Ok(_)) => sections.note(failure_note(
                &format!("users.{login}"),
                &GetError::Malformed,
            )),
            Part::User(login, Err(error)) => {
                sections.note(failure_note(&format!("users.{login}"), &error))
            }
            Part::History(login, Ok(all), Ok(merged)) => {
                let count =
                    |fetched: &Fetched| fetched.body.get("total_count").and_then(Value::as_u64);
                match (count(&all), count(&merged)) {
                    (Some(prs), Some(merged_count)) => {
                        let incomplete = [&all, &merged].iter().any(|fetched| {
                            fetched
                                .body
                                .get("incomplete_results")
                                .and_then(Value::as_bool)
                                == Some(true)
                        });
                        if incomplete {
                            sections.note(format!(
                                "history.{login}: GitHub's search timed out; counts may be low"
                            ));
                        }
                        sections.history.insert(
                            login,
                            serde_json::json!({"prs": prs, "merged": merged_count}),
                        );
                    }
                    _ => sections.note(failure_note(
                        &format!("history.{login}"),
                        &GetError::Malformed,
                    )),
                }
            }
            Part::History(login, Err(error), _) | Part::History(login, _, Err(error)) => {
                sections.note(failure_note(&format!("history.{login} (search)"), &error))
            }
            Part::Familiarity(path, Ok(fetched)) => {
                let count = familiarity_count(&fetched);
                sections.familiarity_fetched = true;
                if let Some(author) = sections
                    .pull
                    .get("user")
                    .and_then(|user| user.get("login"))
                    .and_then(Value::as_str)
                {
                    let author = author.to_string();
                    sections
                        .familiarity
                        .entry(author)
                        .or_default()
                        .insert(path, count);
                }
            }
            // One note for the whole section when the budget, not the file, was the reason.
            Part::Familiarity(_, Err(GetError::OverBudget)) => {
                sections.note(failure_note("familiarity", &GetError::OverBudget))
            }
            Part::Familiarity(path, Err(error)) => {
                sections.note(failure_note(&format!("familiarity ({path})"), &error))
            }
            Part::WarmedUp => {}
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
        if unreadable && client.has_token() && sections.status.is_some() {
            sections.note(CHECKS_FALLBACK_NOTE.to_string());
        } else {
            sections.note(failure_note("check_runs", &error));
        }
    }
}

/// The section (and its budget) of a part served from a stale cached copy, if it was.
fn stale_section(part: &Part) -> Option<(String, Resource)> {
    let stale = |result: &Got| matches!(result, Ok(fetched) if fetched.origin == Origin::Stale);
    match part {
        Part::FilesPage(number, result) if stale(result) => {
            Some((format!("files page {number}"), Resource::Core))
        }
        Part::CommitsPage(number, result) if stale(result) => {
            Some((format!("commits page {number}"), Resource::Core))
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
        _ => None,
    }
}

fn page_into(
    sections: &mut Sections,
    section: &str,
    number: u32,
    result: Got,
    pages: &mut BTreeMap<u32, Vec<Value>>,
) {
    match result.map(|fetched| fetched.body) {
        Ok(Value::Array(items)) => {
            pages.insert(number, items);
        }
        Ok(_) => {
            mark_incomplete(sections, section);
            sections.note(failure_note(
                &format!("{section} page {number}"),
                &GetError::Malformed,
            ));
        }
        Err(error) => {
            mark_incomplete(sections, section);
            sections.note(failure_note(&format!("{section} page {number}"), &error));
        }
    }
}

fn mark_incomplete(sections: &mut Sections, section: &str) {
    match section {
        "files" => sections.files_truncated = true,
        _ => sections.commits_truncated = true,
    }
}

/// Says when GitHub's caps (3,000 files, 250 commits) cut a list short.
fn mark_truncation(sections: &mut Sections, files_capped_from: Option<u32>) {
    let pull = sections.pull.clone();
    let declared = |key: &str| pull.get(key).and_then(Value::as_u64);
    if let Some(files) = &sections.files {
        let listed = files.len() as u64;
        let expected = declared("changed_files");
        if files_capped_from.is_some() || expected.is_some_and(|expected| expected > listed) {
            sections.files_truncated = true;
            let total = expected
                .map(|count| format!(" of {count}"))
                .unwrap_or_default();
            sections.note(format!(
                "files: only {listed}{total} changed files were read (GitHub lists at most 3,000)"
            ));
        }
    }
    if let Some(commits) = &sections.commits {
        let listed = commits.len() as u64;
        if declared("commits").is_some_and(|expected| expected > listed) {
            sections.commits_truncated = true;
            let total = declared("commits").unwrap_or(listed);
            sections.note(format!(
                "commits: only {listed} of {total} commits were read (GitHub lists at most {MAX_COMMITS})"
            ));
        }
    }
}

/// Commits by the author on a path: with `per_page=1` the last page number is the count.
fn familiarity_count(fetched: &Fetched) -> u64 {
    let listed = fetched.body.as_array().map_or(0, Vec::len) as u64;
    match fetched
        .link
        .as_deref()
        .and_then(|link| link_url(link, "last"))
    {
        Some(last) => page_number(&last).map_or(listed, u64::from),
        None => listed,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A file list item as GitHub sends it, without a patch.
    fn file(name: &str, status: &str, additions: u64, deletions: u64) -> Value {
        json!({"filename": name, "status": status, "additions": additions, "deletions": deletions})
    }

    fn mixed_files() -> Vec<Value> {
        vec![
            file("README.md", "modified", 300, 100),
            file("package-lock.json", "modified", 2500, 500),
            file("tests/test_api.py", "modified", 200, 50),
            file("src/auth/session.py", "modified", 6, 4),
            file("src/new_feature.py", "added", 40, 0),
            file("src/util.py", "modified", 20, 10),
            file(".github/workflows/ci.yml", "modified", 3, 2),
            file("docs/guide.md", "added", 100, 0),
            file("Cargo.toml", "modified", 2, 1),
        ]
    }

    #[test]
    fn familiarity_asks_about_big_new_sensitive_and_ci_files_before_docs_and_lockfiles() {
        assert_eq!(
            focus_paths(&mixed_files()),
            vec![
                "tests/test_api.py",
                "src/new_feature.py",
                "src/auth/session.py",
                ".github/workflows/ci.yml",
                "src/util.py",
            ]
        );
    }

    #[test]
    fn familiarity_paths_are_the_engines_focus_list_when_patches_say_nothing_more() {
        let files = mixed_files();
        let bundle = crate::Bundle::from_value(&json!({"pull": {"number": 1}, "files": files}))
            .expect("a valid bundle");
        let engine: Vec<String> = crate::analyze(&bundle, &crate::Settings::default(), Some(0))
            .focus
            .into_iter()
            .map(|focus| focus.path)
            .take(MAX_FAMILIARITY_FILES)
            .collect();
        assert_eq!(focus_paths(&files), engine);
    }

    #[test]
    fn familiarity_paths_skip_items_without_a_file_name() {
        let files = vec![
            json!({"status": "added"}),
            file("src/lib.rs", "modified", 1, 1),
        ];
        assert_eq!(focus_paths(&files), vec!["src/lib.rs"]);
    }
}
