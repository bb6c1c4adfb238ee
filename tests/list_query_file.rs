//! `extension/shared/list-query.json` is the list badges' GraphQL request without its repository: the
//! CLI queue's query (`prlens::fetch::graphql::queue_request`) and its fixed variables. The list
//! frame reads it as a file so the query goes out while the wasm engine is still compiling
//! (time to all badges, docs/performance.md); this test keeps the file equal to the code.
//!
//! Regenerate after changing the query: `PRLENS_BLESS=1 cargo test --test list_query_file`.

use std::path::PathBuf;

use prlens::fetch::graphql::queue_request;
use prlens::fetch::graphql_mine::queue_mine_request;
use serde_json::Value;

/// The request for any repository, with `owner` and `name` taken out (the frame sets them).
fn template() -> Value {
    let mut request = queue_request("owner", "name", &[]);
    if let Some(variables) = request.get_mut("variables").and_then(Value::as_object_mut) {
        variables.remove("owner");
        variables.remove("name");
    }
    request
}

#[test]
fn the_list_frame_s_query_file_is_the_cli_queue_s_query() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("extension/shared/list-query.json");
    let expected = format!(
        "{}\n",
        serde_json::to_string_pretty(&template()).expect("a JSON value serialises")
    );
    if std::env::var_os("PRLENS_BLESS").is_some() {
        std::fs::write(&path, &expected).expect("extension/shared/list-query.json is writable");
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "extension/shared/list-query.json differs from queue_request; run `PRLENS_BLESS=1 cargo test --test list_query_file`"
    );
}

/// The reviewer's queue request (`review-requested:@me` lists, issue #38) for any repository:
/// `owner` and `name` taken out, `{owner}` and `{repo}` left in the search for the frame to fill.
fn mine_template() -> Value {
    let mut request = queue_mine_request("{owner}", "{repo}");
    if let Some(variables) = request.get_mut("variables").and_then(Value::as_object_mut) {
        variables.remove("owner");
        variables.remove("name");
    }
    request
}

#[test]
fn the_list_frame_s_reviewer_query_file_is_the_cli_queue_mine_query() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("extension/shared/list-query-mine.json");
    let expected = format!(
        "{}\n",
        serde_json::to_string_pretty(&mine_template()).expect("a JSON value serialises")
    );
    if std::env::var_os("PRLENS_BLESS").is_some() {
        std::fs::write(&path, &expected)
            .expect("extension/shared/list-query-mine.json is writable");
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "extension/shared/list-query-mine.json differs from queue_mine_request; run `PRLENS_BLESS=1 cargo test --test list_query_file`"
    );
}
