//! Link validation of the panel renderer and the Markdown (`src/links.rs`), tested natively.
//!
//! Why it matters: every `href` in the panel and every link in the Markdown passes through
//! these functions, and PR data is hostile (extension-platform notes §7).

use prlens::links::*;

const ANCHOR: &str = "diff-308b3f5c0c245bc716545130b6a492f3ad64e9da59069c3afb2677d2f32c9cb4";

#[test]
fn github_pull_and_file_urls_are_accepted() {
    assert!(is_safe_github_url(
        "https://github.com/huggingface/transformers/pull/43774"
    ));
    assert!(is_safe_github_url(&format!(
        "https://github.com/huggingface/transformers/pull/43774/files#{ANCHOR}"
    )));
    assert!(is_safe_github_url(
        "https://github.com/octo-org/repo.name_x/issues/1/"
    ));
}

#[test]
fn script_urls_and_look_alike_hosts_are_rejected() {
    for url in [
        "javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        " https://github.com/a/b",
        "http://github.com/a/b",
        "https://github.com.evil.example/a/b",
        "https://github.com@evil.example/a/b",
        "https://evil.example/https://github.com/a",
        "//github.com/a/b",
        "data:text/html,<script>alert(1)</script>",
        "https://github.com/",
        "https://github.com",
    ] {
        assert!(!is_safe_github_url(url), "{url} must be rejected");
    }
}

#[test]
fn queries_traversal_and_markup_in_github_urls_are_rejected() {
    for url in [
        "https://github.com/a/b?x=1",
        "https://github.com/a/../../evil",
        "https://github.com/a/./b",
        "https://github.com//evil.example/x",
        "https://github.com/a/b#x\"onmouseover=alert(1)",
        "https://github.com/a/<img src=x onerror=alert(1)>",
        "https://github.com/a/b#",
        "https://github.com/a/b%2F..%2F",
        "https://github.com/a/b\\evil",
    ] {
        assert!(!is_safe_github_url(url), "{url} must be rejected");
    }
}

#[test]
fn diff_anchors_must_be_a_lowercase_sha256() {
    assert!(is_valid_anchor(ANCHOR));
    assert!(!is_valid_anchor("diff-abc"));
    assert!(!is_valid_anchor(&ANCHOR.to_uppercase()));
    assert!(!is_valid_anchor(&format!("{ANCHOR}0")));
    assert!(!is_valid_anchor("javascript:alert(1)"));
}

#[test]
fn file_diff_links_are_built_only_from_valid_parts() {
    assert_eq!(
        file_diff_url("huggingface", "transformers", 43774, ANCHOR).as_deref(),
        Some(
            format!("https://github.com/huggingface/transformers/pull/43774/files#{ANCHOR}")
                .as_str()
        )
    );
    assert_eq!(file_diff_url("<svg onload=alert(1)>", "r", 1, ANCHOR), None);
    assert_eq!(file_diff_url("o", "..", 1, ANCHOR), None);
    assert_eq!(file_diff_url("o", "r", 0, ANCHOR), None);
    assert_eq!(file_diff_url("o", "r", 1, "diff-nothex"), None);
}

#[test]
fn profile_and_issue_links_follow_github_name_rules() {
    assert_eq!(
        profile_url("octocat").as_deref(),
        Some("https://github.com/octocat")
    );
    assert_eq!(profile_url("dependabot[bot]"), None, "bot logins stay text");
    assert_eq!(profile_url("-leading-dash"), None);
    assert_eq!(
        profile_url(&"a".repeat(40)),
        None,
        "logins are at most 39 characters"
    );
    assert_eq!(
        issue_url("octo", "demo", 12).as_deref(),
        Some("https://github.com/octo/demo/issues/12")
    );
    assert_eq!(issue_url("octo", "demo", 0), None);
}
