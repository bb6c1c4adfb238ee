//! Every link in the Markdown goes where the panel's links may go (`prlens::links`), whatever a
//! shared bundle says.
//!
//! Why: the Markdown reaches the CLI's output, a CI job summary and the panel's "Copy Markdown";
//! a bundle anyone can write (a compare bundle names no PR, so its link was built straight from
//! the bundle's owner and repository) must not put `[Sign in again…](https://evil.example/…)`
//! into a reviewer's comment (security round 3, issue #33 item 3).

use prlens::links::is_safe_github_url;

/// The targets of every inline link `[text](target)` in `markdown`.
fn link_targets(markdown: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = markdown;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        targets.push(after[..end].to_string());
        rest = &after[end..];
    }
    targets
}

/// A bundle with `owner`/`repo` in its base repository; `number` 2^31 makes it a compare bundle
/// (a PR not opened yet, docs/bundle.md "Compare bundles").
fn bundle(owner: &str, repo: &str, number: u64) -> String {
    serde_json::json!({
        "format": "prlens.bundle.v1",
        "fetched_at": "2026-12-01T00:00:00Z",
        "pull": {
            "number": number,
            "title": "A change",
            "state": "open",
            "user": {"login": "author"},
            "base": {"ref": "main", "repo": {"name": repo, "owner": {"login": owner}}},
            "head": {"ref": "feature", "sha": "0123456789abcdef0123456789abcdef01234567"}
        },
        "files": [{"filename": "src/lib.rs", "status": "modified", "additions": 3, "deletions": 1}]
    })
    .to_string()
}

const HOSTILE_NAMES: &[(&str, &str)] = &[
    ("o) [Sign in again…](https://evil.example/login", "r"),
    ("o", "r) [Sign in again…](https://evil.example/login"),
    ("evil.example", "r"),
    ("o", ".."),
    ("o/../../evil.example", "r"),
    ("o", "r?x=1"),
    ("javascript:alert(1)//", "r"),
];

#[test]
fn a_shared_bundle_with_hostile_names_gets_no_link_off_github_in_its_markdown() {
    for number in [1u64 << 31, 7] {
        for (owner, repo) in HOSTILE_NAMES {
            let signal = prlens::analyze_json(&bundle(owner, repo, number), "", None)
                .unwrap_or_else(|error| panic!("{owner}/{repo}: {error}"));
            assert!(
                is_safe_github_url(&signal.pr.url) || signal.pr.url == "https://github.com/",
                "pr.url {:?} for {owner}/{repo}",
                signal.pr.url
            );
            let markdown = prlens::markdown::render(&signal);
            let targets = link_targets(&markdown);
            assert!(!targets.is_empty(), "the summary links the PR: {markdown}");
            for target in targets {
                assert!(
                    target == "https://github.com/" || is_safe_github_url(&target),
                    "{owner}/{repo} #{number}: link to {target:?} in\n{markdown}"
                );
                assert!(!target.contains("evil.example"), "{target}");
            }
        }
    }
}

#[test]
fn a_valid_compare_bundle_still_links_its_compare_page() {
    let signal = prlens::analyze_json(&bundle("octo-org", "hello.world", 1 << 31), "", None)
        .expect("a valid compare bundle");
    assert_eq!(
        signal.pr.url,
        "https://github.com/octo-org/hello.world/compare/main...feature"
    );
    let markdown = prlens::markdown::render(&signal);
    assert!(
        markdown.contains("](https://github.com/octo-org/hello.world/compare/main...feature)"),
        "{markdown}"
    );
}
