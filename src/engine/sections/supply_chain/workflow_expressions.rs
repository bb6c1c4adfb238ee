//! GitHub Actions expressions (`${{ … }}`) as the workflow checks need them: the context
//! references inside, normalised (`github.event['issue']["title"]` → `github.event.issue.title`,
//! lower-case: contexts are case-insensitive), and what an outsider can put in them.
//!
//! What a context can carry follows zizmor's context capabilities (arbitrary text, structured
//! values such as URLs and e-mail addresses, or fixed values: numbers, booleans, SHAs, enums,
//! timestamps) and CodeQL's list of safe contexts: `github.event.pull_request.head.sha`,
//! `base.sha`, `head.repo.fork`, `number` and `id` cannot carry a payload; titles, bodies,
//! branch names, logins and labels can; any other `github.*` property is treated as arbitrary,
//! as zizmor does.
//!
//! Three narrowings, each a fact about what GitHub puts in the field, not about the workflow:
//! - **GitHub-built URLs**: the `url`, `html_url`, `diff_url`, … of pull requests, issues,
//!   comments, reviews, repositories and users, and a push's `compare`, are composed by GitHub
//!   from the repository's name, a login, numbers and commit SHAs (repository names hold only
//!   letters, digits, `-`, `_` and `.`; logins letters, digits and `-`), so nothing in them can
//!   break out of a shell string. CodeQL's list of untrusted event properties names none of
//!   them. zizmor counts every URL-shaped field as arbitrary since its #1868 (April 2026),
//!   because URLs an integration supplies (`deployment_status.deployment_url`, `target_url`,
//!   `environment_url`) are not checked by GitHub: those keep their structured/arbitrary
//!   reading here.
//! - **Whole objects**: `${{ github.event.pull_request }}` alone in an expression expands to the
//!   word `Object` (arrays to `Array`: the runner's string coercion, as the expression test data
//!   of zizmor's `github-actions-expressions` crate records), so it carries no payload; inside a
//!   function (`toJSON(github.event.pull_request)`) it is the whole attacker-written object.
//! - **Push-only fields** (`head_commit`, `commits`, `pusher`): only a `push` event defines them,
//!   and only people with write access push; their text is read at the maintainer-only
//!   severity whatever other triggers the workflow has ([`push_only`]).
//!
//! Sources (read 2026-12-06): zizmor, `template-injection` audit and its
//! `data/context-capabilities.csv` (zizmorcore/zizmor); GitHub CodeQL, `actions/code-injection`
//! queries; GitHub Security Lab, "Keeping your GitHub Actions and workflows secure Part 2:
//! Untrusted input" (2021); GitHub Docs, "Contexts reference", "Expressions" and "Webhook events
//! and payloads" (`push`: `compare`, `head_commit`, `pusher`); zizmor's release notes (#1868)
//! and `crates/github-actions-expressions/tests/testdata/coerce_string.json`; GitHub CodeQL
//! `actions` library, untrusted event properties (read 2026-12-06).

/// Last segments of event fields whose value is fixed in shape: ids, numbers, SHAs, booleans,
/// enums and timestamps (zizmor's "fixed" capability).
const FIXED_FIELDS: &[&str] = &[
    "id",
    "node_id",
    "number",
    "sha",
    "before",
    "after",
    "state",
    "status",
    "conclusion",
    "size",
    "private",
    "fork",
    "draft",
    "merged",
    "locked",
    "deleted",
    "created",
    "forced",
    "site_admin",
    "author_association",
    "maintainer_can_modify",
    "mergeable",
    "rebaseable",
    "additions",
    "deletions",
    "changed_files",
    "run_id",
    "run_number",
    "run_attempt",
    "workflow_id",
    "check_suite_id",
    "created_at",
    "updated_at",
    "closed_at",
    "merged_at",
    "pushed_at",
];

/// Suffixes of fixed event fields (`stargazers_count`, `has_wiki`, `allow_auto_merge`, `repo_id`).
const FIXED_SUFFIXES: &[&str] = &["_count", "_id"];
const FIXED_PREFIXES: &[&str] = &["has_", "allow_", "is_"];

/// Last segments of event fields that hold a structured value (a URL, an e-mail address).
const STRUCTURED_SUFFIXES: &[&str] = &["_url", "email", "href"];

/// `github.*` properties (outside `github.event`) that are fixed (zizmor's list and its
/// false-positive menagerie: `action_path`, `server_url`, `job`, …).
const GITHUB_FIXED: &[&str] = &[
    "sha",
    "run_id",
    "run_number",
    "run_attempt",
    "repository",
    "repository_id",
    "repository_owner_id",
    "workspace",
    "server_url",
    "api_url",
    "graphql_url",
    "event_name",
    "job",
    "action",
    "action_path",
    "action_status",
    "triggering_actor",
    "retention_days",
    "ref_type",
    "ref_protected",
    "workflow_sha",
    "token",
    "path",
    "env",
    "output",
    "step_summary",
    "state",
];

/// Last segments of the URLs GitHub composes from a repository name, a login, numbers and SHAs.
const GITHUB_BUILT_URLS: &[&str] = &[
    "url",
    "html_url",
    "diff_url",
    "patch_url",
    "issue_url",
    "comments_url",
    "commits_url",
    "review_comments_url",
    "review_comment_url",
    "statuses_url",
    "pull_request_url",
    "repository_url",
    "events_url",
    "labels_url",
    "timeline_url",
];

/// Objects whose [`GITHUB_BUILT_URLS`] GitHub composes (the segment before the URL's name).
const GITHUB_BUILT_OWNERS: &[&str] = &[
    "pull_request",
    "issue",
    "comment",
    "review",
    "repository",
    "repo",
    "user",
    "sender",
    "owner",
];

/// Event fields that hold objects or arrays wherever they occur: alone in an expression they
/// expand to `Object` or `Array`. (`label` is an object only at the top of a `labeled` event:
/// `pull_request.head.label` is the `owner:branch` string.)
const EVENT_OBJECTS: &[&str] = &[
    "pull_request",
    "issue",
    "comment",
    "review",
    "release",
    "discussion",
    "head_commit",
    "workflow_run",
    "repository",
    "sender",
    "pusher",
    "deployment",
    "deployment_status",
    "check_run",
    "check_suite",
    "head",
    "base",
    "user",
    "repo",
    "owner",
    "author",
    "committer",
    "milestone",
    "labels",
    "commits",
    "assignees",
    "requested_reviewers",
    "inputs",
];

/// Event fields only a `push` defines (the first segment after `github.event.`).
const PUSH_ONLY: &[&str] = &["head_commit", "commits", "pusher"];

/// Expressions naming the PR head (or the merge of it) that a checkout may fetch.
pub(crate) const PR_HEAD_REFS: &[&str] = &[
    "github.event.pull_request.head",
    "github.event.pull_request.merge_commit_sha",
    "github.head_ref",
    "github.event.workflow_run.head",
    "refs/pull/",
];

/// What an outsider can put in a context reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Taint {
    /// Arbitrary text: titles, bodies, branch names, logins, whole event objects.
    Attacker,
    /// A structured value (a URL, an e-mail address): constrained, but not fixed.
    Structured,
}

/// The context references (dotted names) inside every `${{ … }}` of `text`, normalised.
pub(crate) fn references(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("${{") {
        let after = rest.get(start + 3..).unwrap_or("");
        let end = after.find("}}").unwrap_or(after.len());
        names.extend(names_in(after.get(..end).unwrap_or("")));
        rest = after.get(end..).unwrap_or("");
    }
    names
}

/// The references of `text` whose expansion carries a value: [`references`] without a whole
/// object or array named alone in an expression (it expands to the word `Object` or `Array`).
pub(crate) fn expanded_references(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("${{") {
        let after = rest.get(start + 3..).unwrap_or("");
        let end = after.find("}}").unwrap_or(after.len());
        let body = after.get(..end).unwrap_or("");
        let called = body.contains('(');
        names.extend(
            names_in(body)
                .into_iter()
                .filter(|name| called || !names_an_object(name)),
        );
        rest = after.get(end..).unwrap_or("");
    }
    names
}

/// Whether `reference` (normalised) names the whole event, `github`, or an event object.
fn names_an_object(reference: &str) -> bool {
    if reference == "github" || reference == "github.event" {
        return true;
    }
    reference
        .strip_prefix("github.event.")
        .is_some_and(|field| {
            let last = field.rsplit('.').next().unwrap_or(field);
            field == "label" || EVENT_OBJECTS.contains(&last)
        })
}

/// Whether `reference` (normalised) is a field only a `push` event defines.
pub(crate) fn push_only(reference: &str) -> bool {
    reference
        .strip_prefix("github.event.")
        .is_some_and(|field| {
            let first = field.split('.').next().unwrap_or(field);
            PUSH_ONLY.contains(&first)
        })
}

/// Whether `field` (after `github.event.`) is a URL GitHub composes itself.
fn github_built_url(field: &str) -> bool {
    if field == "compare" {
        return true;
    }
    let segments: Vec<&str> = field.split('.').collect();
    match segments.as_slice() {
        [.., owner, "_links", _, "href"] => GITHUB_BUILT_OWNERS.contains(owner),
        [.., owner, last] => {
            GITHUB_BUILT_OWNERS.contains(owner) && GITHUB_BUILT_URLS.contains(last)
        }
        _ => false,
    }
}

/// Dotted names in one expression body, with `['x']`/`["x"]` indexing folded into dots.
fn names_in(expression: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut current = String::new();
    let mut characters = expression.chars().peekable();
    while let Some(character) = characters.next() {
        match character {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' | '-' | '.' | '*' => {
                current.push(character.to_ascii_lowercase());
            }
            '[' if !current.is_empty() => {
                let mut index = String::new();
                for inner in characters.by_ref() {
                    if inner == ']' {
                        break;
                    }
                    index.push(inner);
                }
                let index = index.trim().trim_matches(['\'', '"']);
                current.push('.');
                current.push_str(&index.to_ascii_lowercase());
            }
            _ => {
                if !current.is_empty() {
                    names.push(std::mem::take(&mut current));
                }
            }
        }
    }
    if !current.is_empty() {
        names.push(current);
    }
    names.retain(|name| name.contains('.') || name == "github");
    names
}

/// What an outsider can put in `reference` (a normalised dotted name): `None` for contexts
/// outside `github` (handled by the caller: `env`, `inputs`, `matrix`, …) and for fixed values.
pub(crate) fn taint(reference: &str) -> Option<Taint> {
    if reference == "github" || reference == "github.event" {
        return Some(Taint::Attacker);
    }
    if let Some(field) = reference.strip_prefix("github.event.") {
        if field == "pull_request.commits" || github_built_url(field) {
            return None;
        }
        let last = field.rsplit('.').next().unwrap_or(field);
        let fixed = FIXED_FIELDS.contains(&last)
            || FIXED_SUFFIXES.iter().any(|suffix| last.ends_with(suffix))
            || FIXED_PREFIXES.iter().any(|prefix| last.starts_with(prefix))
            || last.chars().all(|c| c.is_ascii_digit());
        if fixed {
            return None;
        }
        if STRUCTURED_SUFFIXES
            .iter()
            .any(|suffix| last.ends_with(suffix))
        {
            return Some(Taint::Structured);
        }
        return Some(Taint::Attacker);
    }
    let property = reference.strip_prefix("github.")?;
    let first = property.split('.').next().unwrap_or(property);
    (!GITHUB_FIXED.contains(&first)).then_some(Taint::Attacker)
}

/// The `secrets.NAME` references of `text` other than the per-run `GITHUB_TOKEN`.
pub(crate) fn secret_names(text: &str) -> Vec<String> {
    references(text)
        .into_iter()
        .filter_map(|name| name.strip_prefix("secrets.").map(str::to_string))
        .filter(|name| name != "github_token")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_syntax_and_case_fold_into_dotted_names() {
        assert_eq!(
            references("${{ github.event['issue'][\"Title\"] }} and ${{ toJSON(github.event.pull_request) }}"),
            ["github.event.issue.title", "github.event.pull_request"]
        );
        assert_eq!(
            references("${{ format('{0}', github.head_ref) }}"),
            ["github.head_ref"]
        );
    }

    #[test]
    fn attacker_fields_whole_objects_and_free_text_are_attacker_controlled() {
        for reference in [
            "github.event.issue.title",
            "github.event.pull_request",
            "github.event",
            "github",
            "github.event.release.body",
            "github.head_ref",
        ] {
            assert_eq!(taint(reference), Some(Taint::Attacker), "{reference}");
        }
        for safe in [
            "github.event.pull_request.number",
            "github.event.pull_request.head.sha",
            "github.event.pull_request.base.sha",
            "github.event.pull_request.head.repo.fork",
            "github.event.issue.number",
            "github.sha",
            "github.server_url",
            "github.action_path",
            "github.job",
            "matrix.os",
        ] {
            assert_eq!(taint(safe), None, "{safe}");
        }
        assert_eq!(
            taint("github.event.release.html_url"),
            Some(Taint::Structured)
        );
        assert_eq!(taint("github.ref_name"), Some(Taint::Attacker));
    }

    #[test]
    fn urls_github_builds_from_names_numbers_and_shas_carry_no_payload() {
        for built in [
            "github.event.pull_request.html_url",
            "github.event.pull_request.diff_url",
            "github.event.pull_request._links.html.href",
            "github.event.pull_request.head.repo.html_url",
            "github.event.issue.comments_url",
            "github.event.comment.html_url",
            "github.event.repository.html_url",
            "github.event.compare",
        ] {
            assert_eq!(taint(built), None, "{built}");
        }
        // URLs an integration or a tag name fills are not GitHub's composition.
        for supplied in [
            "github.event.deployment_status.target_url",
            "github.event.deployment_status.environment_url",
            "github.event.release.tarball_url",
        ] {
            assert_eq!(taint(supplied), Some(Taint::Structured), "{supplied}");
        }
        assert_eq!(
            taint("github.event.repository.homepage"),
            Some(Taint::Attacker)
        );
    }

    #[test]
    fn a_whole_object_alone_expands_to_a_word_but_serialised_it_is_the_payload() {
        assert!(expanded_references("[ \"${{ github.event.pull_request }}\" != \"\" ]").is_empty());
        assert!(expanded_references("${{ github.event }} ${{ github }}").is_empty());
        assert_eq!(
            expanded_references("${{ toJSON(github.event.pull_request) }}"),
            ["github.event.pull_request"]
        );
        assert_eq!(
            expanded_references("${{ github.event.pull_request.title }}"),
            ["github.event.pull_request.title"]
        );
        // `head.label` is the `owner:branch` string, not a label object.
        assert_eq!(
            expanded_references("${{ github.event.pull_request.head.label }}"),
            ["github.event.pull_request.head.label"]
        );
        assert!(expanded_references("${{ github.event.label }}").is_empty());
        assert!(push_only("github.event.head_commit.message"));
        assert!(!push_only("github.event.pull_request.title"));
    }

    #[test]
    fn secrets_other_than_the_run_token_are_named() {
        assert_eq!(
            secret_names("${{ secrets.NPM_TOKEN }} ${{ secrets.GITHUB_TOKEN }}"),
            ["npm_token"]
        );
    }
}
