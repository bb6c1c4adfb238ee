//! GitHub Actions expressions (`${{ … }}`) as the workflow checks need them: the context
//! references inside, normalised (`github.event['issue']["title"]` → `github.event.issue.title`,
//! lower-case: contexts are case-insensitive), and what an outsider can put in them.
//!
//! What a context can carry follows zizmor's context capabilities (arbitrary text, structured
//! values such as URLs and e-mail addresses, or fixed values: numbers, booleans, SHAs, enums,
//! timestamps) and CodeQL's list of safe contexts: `github.event.pull_request.head.sha`,
//! `base.sha`, `head.repo.fork`, `number` and `id` cannot carry a payload; titles, bodies,
//! branch names, logins, labels and whole event objects can; any other `github.*` property is
//! treated as arbitrary, as zizmor does.
//!
//! Sources (read 2026-12-06): zizmor, `template-injection` audit and its
//! `data/context-capabilities.csv` (zizmorcore/zizmor); GitHub CodeQL, `actions/code-injection`
//! queries; GitHub Security Lab, "Keeping your GitHub Actions and workflows secure Part 2:
//! Untrusted input" (2021); GitHub Docs, "Contexts reference" and "Expressions".

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
        if field == "pull_request.commits" {
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
            taint("github.event.pull_request.html_url"),
            Some(Taint::Structured)
        );
        assert_eq!(taint("github.ref_name"), Some(Taint::Attacker));
    }

    #[test]
    fn secrets_other_than_the_run_token_are_named() {
        assert_eq!(
            secret_names("${{ secrets.NPM_TOKEN }} ${{ secrets.GITHUB_TOKEN }}"),
            ["npm_token"]
        );
    }
}
