//! GitHub Actions expressions (`${{ … }}`) as the workflow checks need them: the context
//! references inside, normalised (`github.event['issue']["title"]` → `github.event.issue.title`,
//! lower-case: contexts are case-insensitive), and whether an outsider controls them.
//!
//! Source: GitHub Security Lab, "Keeping your GitHub Actions and workflows secure Part 2:
//! Untrusted input" (securitylab.github.com, 2021; read 2026-12-03) lists the attacker-controlled
//! event fields; GitHub Docs, "Contexts reference" and "Expressions" (docs.github.com, read
//! 2026-12-03) give the index syntax and `toJSON`.

/// Event fields an outsider controls (GitHub Security Lab's list), normalised.
const UNTRUSTED_CONTEXTS: &[&str] = &[
    "github.event.issue.title",
    "github.event.issue.body",
    "github.event.pull_request.title",
    "github.event.pull_request.body",
    "github.event.pull_request.head.ref",
    "github.event.pull_request.head.label",
    "github.event.pull_request.head.repo.default_branch",
    "github.event.comment.body",
    "github.event.review.body",
    "github.event.review_comment.body",
    "github.event.discussion.title",
    "github.event.discussion.body",
    "github.event.pages",
    "github.event.commits",
    "github.event.head_commit.message",
    "github.event.head_commit.author",
    "github.event.workflow_run.head_branch",
    "github.event.workflow_run.head_commit",
    "github.event.workflow_run.pull_requests",
    "github.head_ref",
];

/// Last segments that mark free text an outsider writes in any event (Security Lab's
/// `*.body`, `*.title`, `*.message`, … patterns).
const UNTRUSTED_SUFFIXES: &[&str] = &[
    ".body",
    ".title",
    ".message",
    ".label",
    ".email",
    ".head_branch",
    ".default_branch",
];

/// Expressions naming the PR head (or the merge of it) that a checkout may fetch.
pub(crate) const PR_HEAD_REFS: &[&str] = &[
    "github.event.pull_request.head",
    "github.event.pull_request.merge_commit_sha",
    "github.head_ref",
    "github.event.workflow_run.head",
    "refs/pull/",
];

/// How far an outsider controls a context reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Taint {
    /// Free text or a branch name from the PR, issue or comment author.
    Attacker,
    /// Another event field (ids, numbers, URLs): less likely to carry a payload.
    Event,
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

/// Whether an outsider controls `reference` (a normalised dotted name), and how much.
pub(crate) fn taint(reference: &str) -> Option<Taint> {
    let event = reference == "github.event"
        || reference.starts_with("github.event.")
        || reference == "github.head_ref"
        || reference == "github";
    if !event {
        return None;
    }
    let listed = UNTRUSTED_CONTEXTS
        .iter()
        .any(|context| reference.starts_with(context));
    // A whole object (`toJSON(github.event.pull_request)`) carries the untrusted fields in it.
    let holds_listed = UNTRUSTED_CONTEXTS
        .iter()
        .any(|context| context.starts_with(&format!("{reference}.")))
        || reference == "github";
    let free_text = UNTRUSTED_SUFFIXES
        .iter()
        .any(|suffix| reference.ends_with(suffix));
    Some(if listed || holds_listed || free_text {
        Taint::Attacker
    } else {
        Taint::Event
    })
}

/// The `secrets.NAME` references of `text` other than the per-run `GITHUB_TOKEN`.
pub(crate) fn secret_names(text: &str) -> Vec<String> {
    references(text)
        .into_iter()
        .filter_map(|name| name.strip_prefix("secrets.").map(str::to_string))
        .filter(|name| name != "github_token")
        .collect()
}

/// The `env.NAME` references of `text`.
pub(crate) fn env_names(text: &str) -> Vec<String> {
    references(text)
        .into_iter()
        .filter_map(|name| name.strip_prefix("env.").map(str::to_string))
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
        assert_eq!(
            taint("github.event.pull_request.number"),
            Some(Taint::Event)
        );
        assert_eq!(taint("github.sha"), None);
        assert_eq!(taint("matrix.os"), None);
    }

    #[test]
    fn secrets_other_than_the_run_token_are_named() {
        assert_eq!(
            secret_names("${{ secrets.NPM_TOKEN }} ${{ secrets.GITHUB_TOKEN }}"),
            ["npm_token"]
        );
    }
}
