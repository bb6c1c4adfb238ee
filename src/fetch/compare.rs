//! The compare bundle: the signal a pull request from `head` into `base` would get, before it
//! exists (the compare page's self-check, docs/bundle.md "Compare bundles").
//!
//! Why a bundle: the same engine must score it, so the panel, the CLI (`prlens analyze` on the
//! downloaded bundle) and the tests agree. GitHub's compare response
//! (`GET /repos/{o}/{r}/compare/{base}...{head}`, docs.github.com "Compare two commits", read
//! 2026-12-03) has the same `files` and `commits` items as the pull's own lists; the `pull`
//! object is synthesised from what is known (the URL's refs, the compare's SHAs, the viewer as
//! author, the form's title and description) and nothing else. Checks and reviews do not exist
//! yet: they are left out (the engine's "not fetched") and a note says they are not known
//! until the pull request exists.

use serde_json::{json, Map, Value};

use super::assemble::BundleDraft;
use super::cache::{CacheStore, CacheWrites};
use super::client::{Client, Fetched, GetError, Policy};
use super::error::{ErrorKind, FetchError};
use super::join::join_all;
use super::limits::SLOW_DATA_MAX_AGE_SECONDS;
use super::notes::{failure_note, pull_error};
use super::transport::{LocalBoxFuture, Transport};
use super::urls::{compare_endpoint, Api, PullRef};
use super::FetchOptions;

/// `pull.number` of a compare bundle: a pull request that does not exist has no number, but
/// the bundle format requires one. The largest number the format accepts (2^31) is one no
/// repository reaches, so it can never be mistaken for a real PR (or drop a real "Fixes #N");
/// the signal's `pr.url` is the compare page and the panel shows "not opened yet" instead.
pub const COMPARE_PLACEHOLDER_NUMBER: u64 = crate::engine::sections::pr::NOT_OPENED_NUMBER;
/// "The response will include a comparison of up to 300 files" (REST docs, compare two commits).
pub const COMPARE_MAX_FILES: usize = 300;
/// Why a compare bundle lacks a section that a PR would have: `"{section}: {NOT_YET}"` in
/// `fetch_notes` (the panel lists such sections apart from fetch failures).
pub const NOT_YET: &str = "not known until the pull request exists";
/// The sections a PR only has once it is opened: its checks (runs and statuses) and reviews.
pub const NOT_YET_SECTIONS: [&str; 3] = ["check_runs", "status", "reviews"];

/// The note saying `section` is not known before the PR exists.
pub fn not_yet_note(section: &str) -> String {
    format!("{section}: {NOT_YET}")
}

/// A validated compare: `base` (None = the repository's default branch) and `head` are branch
/// names, optionally `owner:branch` for another fork; `viewer` is the signed-in user, who
/// would be the author.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareRef {
    pub owner: String,
    pub repo: String,
    pub base: Option<String>,
    pub head: String,
    pub viewer: Option<String>,
}

/// A git ref name as `git check-ref-format` allows it (no spaces, controls, `~^:?*[\`, `..`,
/// `@{`, leading `-` or `/`), optionally behind one `owner:` (a fork).
fn valid_ref(text: &str) -> bool {
    let (owner, branch) = match text.split_once(':') {
        Some((owner, branch)) => (Some(owner), branch),
        None => (None, text),
    };
    let owner_ok = owner.is_none_or(|owner| PullRef::new(owner, "r", 1).is_ok());
    owner_ok
        && !branch.is_empty()
        && branch.len() <= 255
        && !branch.starts_with(['-', '/', '.'])
        && !branch.ends_with(['/', '.'])
        && !branch.ends_with(".lock")
        && !branch.contains("..")
        && !branch.contains("@{")
        && !branch.contains("//")
        && branch
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && !"~^:?*[\\".contains(c))
}

fn valid_login(text: &str) -> bool {
    PullRef::new(text, "r", 1).is_ok()
}

impl CompareRef {
    pub fn new(
        owner: &str,
        repo: &str,
        base: Option<&str>,
        head: &str,
        viewer: Option<&str>,
    ) -> Result<CompareRef, FetchError> {
        let checked = PullRef::new(owner, repo, 1)?;
        if base.is_some_and(|base| !valid_ref(base)) || !valid_ref(head) {
            return Err(FetchError::invalid_request(
                "the compared branches are not valid ref names",
            ));
        }
        Ok(CompareRef {
            owner: checked.owner,
            repo: checked.repo,
            base: base.map(str::to_string),
            head: head.to_string(),
            viewer: viewer
                .filter(|login| valid_login(login))
                .map(str::to_string),
        })
    }

    fn repo_url(&self, api_base: &str) -> String {
        format!(
            "{}/repos/{}/{}",
            api_base.trim_end_matches('/'),
            self.owner,
            self.repo
        )
    }

    /// `GET /repos/{o}/{r}/compare/{base}...{head}`.
    fn compare_url(&self, api_base: &str, base: &str) -> String {
        compare_endpoint(&self.repo_url(api_base), base, &self.head)
    }
}

/// The branch of a ref: `owner:branch` → `branch`.
fn branch_of(reference: &str) -> &str {
    reference
        .split_once(':')
        .map_or(reference, |(_, branch)| branch)
}

/// Puts the compare page's facts into a compare bundle: the form's title and description become
/// `pull.title` and `pull.body` (what GitHub will store), the rest is the `page` section.
/// Used on the first fetch and again on every edit of the form, so both score alike.
pub fn apply_page(bundle: &mut Value, page: Option<&Value>) {
    let text = |key: &str| page.and_then(|page| page.get(key)).and_then(Value::as_str);
    let (title, body) = (text("title").unwrap_or(""), text("body"));
    if let Some(pull) = bundle.get_mut("pull").and_then(Value::as_object_mut) {
        pull.insert("title".into(), json!(title));
        pull.insert("body".into(), body.map_or(Value::Null, |body| json!(body)));
    }
    if let (Some(object), Some(page)) = (bundle.as_object_mut(), page) {
        // Every fact but `body`: pull.body already holds it (`page` has no such fact), and the
        // description is not copied only to be dropped.
        let mut section = Map::new();
        for (key, value) in page.as_object().into_iter().flatten() {
            if key != "body" {
                section.insert(key.clone(), value.clone());
            }
        }
        object.insert("page".into(), Value::Object(section));
    }
}

/// The synthesised `pull` object (docs/bundle.md lists every field and its source).
fn pull_of(compare: &CompareRef, base: &str, response: &Value) -> Value {
    let commits = response.get("commits").and_then(Value::as_array);
    let head_sha = commits
        .and_then(|commits| commits.last())
        .and_then(|commit| commit.get("sha"))
        .cloned();
    let mut pull = Map::new();
    pull.insert("number".into(), json!(COMPARE_PLACEHOLDER_NUMBER));
    pull.insert("state".into(), json!("open"));
    pull.insert("draft".into(), json!(false));
    if let Some(viewer) = &compare.viewer {
        pull.insert("user".into(), json!({"login": viewer, "type": "User"}));
    }
    let mut head = json!({"ref": branch_of(&compare.head), "label": compare.head});
    if let Some(sha) = head_sha {
        head["sha"] = sha;
    }
    pull.insert("head".into(), head);
    let mut base_object = json!({
        "ref": branch_of(base),
        "repo": {"name": compare.repo, "owner": {"login": compare.owner}},
    });
    if let Some(sha) = response.pointer("/base_commit/sha") {
        base_object["sha"] = sha.clone();
    }
    pull.insert("base".into(), base_object);
    if let Some(total) = response.get("total_commits").and_then(Value::as_u64) {
        pull.insert("commits".into(), json!(total));
    }
    Value::Object(pull)
}

/// Maps a compare response into a compare bundle (sections as for a PR; see the module doc).
pub fn compare_bundle(
    compare: &CompareRef,
    base: &str,
    response: &Value,
    page: Option<&Value>,
    fetched_at: Option<String>,
) -> Value {
    let files = response
        .get("files")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let commits = response
        .get("commits")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let total_commits = response
        .get("total_commits")
        .and_then(Value::as_u64)
        .unwrap_or(commits.len() as u64);
    let mut sections = BundleDraft {
        pull: pull_of(compare, base, response),
        files_truncated: files.len() >= COMPARE_MAX_FILES,
        commits_truncated: total_commits > commits.len() as u64,
        files: Some(files),
        commits: Some(commits),
        ..BundleDraft::default()
    };
    for section in NOT_YET_SECTIONS {
        sections.note(not_yet_note(section));
    }
    // The viewer's profile and history are looked up (fetch_compare_bundle); their commits to
    // the focus files are not: that would be a second wave of requests for a page visit.
    sections.note("familiarity: not fetched for a compare page's self-check".to_string());
    if sections.files_truncated {
        sections.note(format!(
            "files: GitHub compares at most {COMPARE_MAX_FILES} files; the pull request may list more"
        ));
    }
    let mut bundle = sections.to_bundle(fetched_at);
    if let Some(object) = bundle.as_object_mut() {
        // Informational (the engine ignores unknown keys): which comparison this is.
        object.insert(
            "compare".into(),
            json!({"base": base, "head": compare.head, "html_url": compare_page_url(compare, base)}),
        );
    }
    apply_page(&mut bundle, page);
    bundle
}

/// The canonical compare page of a comparison (never a URL taken from input).
pub fn compare_page_url(compare: &CompareRef, base: &str) -> String {
    compare_endpoint(
        &format!("https://github.com/{}/{}", compare.owner, compare.repo),
        base,
        &compare.head,
    )
}

/// Fetches a compare bundle: the default branch first when the URL names none, then the
/// comparison together with the viewer's profile and PR history in this repository (as for a
/// PR's author). Fails only when the comparison itself cannot be read.
pub async fn fetch_compare_bundle(
    compare: &CompareRef,
    page: Option<Value>,
    options: &FetchOptions,
    transport: &dyn Transport,
    store: &dyn CacheStore,
) -> (Result<Value, FetchError>, CacheWrites) {
    let cache = super::cache::HttpCache::load(store, options.now).await;
    let client = Client::new(
        transport,
        cache,
        options.token.clone(),
        &options.api_base,
        options.now,
    );
    let quick = Policy {
        max_age: options.freshness_seconds,
        head_bound: false,
        remember_failures: false,
    };
    let slow = Policy {
        max_age: SLOW_DATA_MAX_AGE_SECONDS,
        head_bound: false,
        remember_failures: true,
    };
    let base = match &compare.base {
        Some(base) => base.clone(),
        None => match default_branch(&client, &compare.repo_url(&options.api_base), quick).await {
            Ok(branch) => branch,
            Err(error) => return (Err(error), client.cache.take_writes(None)),
        },
    };
    // Api builds the user and search URLs from owner/repo; the number is never used here.
    let repo_only = PullRef {
        owner: compare.owner.clone(),
        repo: compare.repo.clone(),
        number: 1,
    };
    let api = match Api::new(&options.api_base, repo_only) {
        Ok(api) => api,
        Err(error) => return (Err(error), CacheWrites::default()),
    };
    let compare_url = compare.compare_url(&options.api_base, &base);
    let viewer_urls = compare.viewer.as_ref().map(|viewer| {
        (
            api.user(viewer),
            api.history_search(viewer, false),
            api.history_search(viewer, true),
        )
    });
    let mut requests: Vec<LocalBoxFuture<'_, Result<Fetched, GetError>>> =
        vec![Box::pin(client.get(&compare_url, quick))];
    if let Some((user, all, merged)) = &viewer_urls {
        requests.push(Box::pin(client.get(user, slow)));
        requests.push(Box::pin(client.get(all, slow)));
        requests.push(Box::pin(client.get(merged, slow)));
    }
    let mut answers = join_all(requests).await.into_iter();
    let response = match answers.next() {
        Some(Ok(fetched)) if fetched.body.get("files").is_some() => fetched.body,
        Some(Ok(_)) | None => {
            return (
                Err(FetchError::malformed("the comparison")),
                client.cache.take_writes(None),
            )
        }
        Some(Err(error)) => {
            return (
                Err(comparison_error(&error, client.has_token())),
                client.cache.take_writes(None),
            )
        }
    };
    let mut bundle = compare_bundle(
        compare,
        &base,
        &response,
        page.as_ref(),
        crate::timestamp::format(options.now),
    );
    if let Some(viewer) = &compare.viewer {
        let (user, all, merged) = (answers.next(), answers.next(), answers.next());
        add_viewer(&mut bundle, viewer, user, all, merged);
    }
    (Ok(bundle), client.cache.take_writes(None))
}

/// The panel's error for a comparison GitHub did not answer: the pull's, worded for a comparison.
fn comparison_error(error: &GetError, with_token: bool) -> FetchError {
    let mut failure = pull_error(error, with_token);
    if failure.kind == ErrorKind::NotFound {
        failure.message = "GitHub has nothing to compare: a branch does not exist in this repository, or your token cannot see it (404).".to_string();
    } else {
        failure.message = failure
            .message
            .replace("this pull request", "this comparison");
    }
    failure
}

async fn default_branch(
    client: &Client<'_>,
    url: &str,
    policy: Policy,
) -> Result<String, FetchError> {
    match client.get(url, policy).await {
        Ok(fetched) => fetched
            .body
            .get("default_branch")
            .and_then(Value::as_str)
            .filter(|branch| valid_ref(branch))
            .map(str::to_string)
            .ok_or_else(|| FetchError::malformed("the repository")),
        Err(error) => Err(pull_error(&error, client.has_token())),
    }
}

type Answer = Option<Result<Fetched, GetError>>;

/// The viewer's `users` and `history` entries, or notes saying why they are missing.
fn add_viewer(bundle: &mut Value, viewer: &str, user: Answer, all: Answer, merged: Answer) {
    let mut notes: Vec<String> = Vec::new();
    let Some(object) = bundle.as_object_mut() else {
        return;
    };
    match user {
        Some(Ok(fetched)) if fetched.body.is_object() => {
            object.insert("users".into(), json!({ viewer: fetched.body }));
        }
        Some(Err(error)) => notes.push(failure_note(&format!("users.{viewer}"), &error)),
        _ => notes.push(failure_note(
            &format!("users.{viewer}"),
            &GetError::Malformed,
        )),
    }
    let count = |answer: &Answer| match answer {
        Some(Ok(fetched)) => fetched.body.get("total_count").and_then(Value::as_u64),
        _ => None,
    };
    match (count(&all), count(&merged)) {
        (Some(prs), Some(merged)) => {
            object.insert(
                "history".into(),
                json!({ viewer: {"prs": prs, "merged": merged.min(prs)} }),
            );
        }
        _ => {
            let error = [all, merged]
                .into_iter()
                .find_map(|answer| answer.and_then(Result::err))
                .unwrap_or(GetError::Malformed);
            notes.push(failure_note(&format!("history.{viewer} (search)"), &error));
        }
    }
    if let Some(Value::Array(existing)) = object.get_mut("fetch_notes") {
        existing.extend(notes.into_iter().map(Value::String));
    }
}
