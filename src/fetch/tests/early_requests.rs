//! `extension/background/early-requests.json` is wave 1 of a cold view as URL templates: what the
//! background may ask GitHub for while the panel frame is still booting
//! (`extension/background/early-requests.js`), and the panel's fetcher then takes instead of sending. This
//! test runs the real plan on a cold cache with a token and keeps the file equal to what it
//! sends, with and without the page's head and author.
//!
//! Regenerate after changing wave 1: `PRLENS_BLESS=1 cargo test --lib early_requests`.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::fake::*;
use super::plan::rounds;
use crate::fetch::join::block_on;
use crate::fetch::limits::REQUEST_TIMEOUT_MS;
use crate::fetch::{fetch_bundle, FetchIo, MemoryStore, PullRef};

const OWNER: &str = "early-owner";
const REPO: &str = "early.repo";
const NUMBER: u64 = 4242;
const HEAD: &str = "0123456789abcdef0123456789abcdef01234567";
const AUTHOR: &str = "early-author";
const ACCEPT: &str = "application/vnd.github+json";

/// Wave 1's requests (URL, headers) for a cold view with a token.
fn first_wave(page: Option<Value>) -> Vec<(String, Vec<(String, String)>)> {
    first_wave_with(page, Some("early-token"))
}

fn first_wave_with(
    page: Option<Value>,
    token: Option<&str>,
) -> Vec<(String, Vec<(String, String)>)> {
    let fake = Fake::default();
    let mut pull = pull_body(2, 2);
    pull["number"] = json!(NUMBER);
    pull["head"]["sha"] = json!(HEAD);
    pull["user"]["login"] = json!(AUTHOR);
    fake.on(
        &url(&format!("/repos/{OWNER}/{REPO}/pulls/{NUMBER}")),
        vec![ok(pull)],
    )
    .on_prefix(API, ok(json!([])));
    let store = MemoryStore::default();
    let io = FetchIo {
        transport: &fake,
        store: &store,
        on_progress: &|_| {},
        on_draft: None,
        on_first_render: None,
    };
    let mut options = options();
    options.token = token.map(str::to_string);
    let pull_ref = PullRef::new(OWNER, REPO, NUMBER).expect("valid names");
    let _ = block_on(fetch_bundle(pull_ref, page, &options, io));
    let wave: Vec<String> = rounds(&fake).into_iter().next().unwrap_or_default();
    let requests = fake.requests.borrow();
    wave.iter()
        .map(|sent| {
            let request = requests
                .iter()
                .find(|request| &request.url == sent)
                .expect("a sent URL was logged");
            (request.url.clone(), request.headers.clone())
        })
        .collect()
}

fn template(url: &str) -> String {
    url.replace(HEAD, "{head}")
        .replace(OWNER, "{owner}")
        .replace(REPO, "{repo}")
        .replace(AUTHOR, "{author}")
        .replace(&NUMBER.to_string(), "{number}")
}

fn page() -> Value {
    json!({"head_sha": HEAD, "author": AUTHOR, "viewed_files": [], "generated_files": []})
}

fn expected_file() -> String {
    let pull_only = first_wave(None);
    let with_page = first_wave(Some(page()));
    for (url, headers) in pull_only.iter().chain(&with_page) {
        let names: Vec<&str> = headers.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["accept", "authorization"], "{url}: {headers:?}");
        assert_eq!(headers[0].1, ACCEPT, "{url}");
    }
    let pull: Vec<String> = pull_only.iter().map(|(url, _)| template(url)).collect();
    let page_facts: Vec<String> = with_page
        .iter()
        .map(|(url, _)| template(url))
        .filter(|url| !pull.contains(url))
        .collect();
    assert!(
        with_page.len() == pull.len() + page_facts.len(),
        "wave 1 with page facts keeps every pull-only request"
    );
    let file = json!({
        "accept": ACCEPT,
        "timeout_ms": REQUEST_TIMEOUT_MS,
        "pull": pull,
        "page_facts": page_facts,
    });
    format!(
        "{}\n",
        serde_json::to_string_pretty(&file).expect("a JSON value serialises")
    )
}

#[test]
fn the_background_s_early_requests_file_is_wave_one_of_a_cold_view() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("extension/background/early-requests.json");
    let expected = expected_file();
    if std::env::var_os("PRLENS_BLESS").is_some() {
        std::fs::write(&path, &expected)
            .expect("extension/background/early-requests.json is writable");
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "extension/background/early-requests.json differs from wave 1 of the plan; run `PRLENS_BLESS=1 cargo test --lib early_requests`"
    );
}

#[test]
fn every_early_request_names_only_what_the_page_gives() {
    let file: Value = serde_json::from_str(&expected_file()).expect("the file is JSON");
    let placeholders = ["{owner}", "{repo}", "{number}", "{head}", "{author}"];
    for (list, allowed) in [("pull", 3), ("page_facts", 5)] {
        for url in file[list].as_array().into_iter().flatten() {
            let url = url.as_str().unwrap_or_default();
            assert!(url.starts_with(&format!("{API}/")), "{url}");
            let mut rest = url.to_string();
            for placeholder in &placeholders[..allowed] {
                rest = rest.replace(placeholder, "");
            }
            assert!(
                !rest.contains('{'),
                "{list}: {url} needs more than the page gives"
            );
        }
    }
}

#[test]
fn without_a_token_wave_one_asks_the_same_urls_with_no_authorization() {
    for page in [None, Some(page())] {
        let with_token = first_wave(page.clone());
        let anonymous = first_wave_with(page, None);
        let urls = |wave: &[(String, Vec<(String, String)>)]| -> Vec<String> {
            wave.iter().map(|(url, _)| url.clone()).collect()
        };
        assert_eq!(urls(&anonymous), urls(&with_token));
        for (url, headers) in &anonymous {
            assert_eq!(
                headers,
                &[("accept".to_string(), ACCEPT.to_string())],
                "{url}"
            );
        }
    }
}
