//! `checks`: low-effort checks, advice a maintainer would otherwise write by hand.
//!
//! **What it does.** Six checks, each pass / fail / not checked with why: the description
//! is more than the bare PR template ([`template`]); the PR comes from a topic branch, not
//! the fork's default branch; the description names something the diff changes; each linked
//! issue is open and not assigned to someone else; no other open PR mentions the same issue
//! ([`issues`]); the description's claims (tests added, docs updated, adds X, no behaviour
//! change…) hold in the diff ([`claims`], from the Intent section). A check whose data the bundle lacks says "not checked", never pass or fail.
//! Each can be switched off (`settings.checks.<id> = false`); a switched-off check is left out.
//!
//! **Why it matters.** These are the questions maintainers ask first of drive-by and
//! AI-generated PRs (numpy/numpy#30972, tree-sitter/.github#6; anti-slop runs them as CI
//! checks). They say nothing about the code's risk, so they carry no weight: the
//! `low_effort_checks` driver weighs 0 unless the user gives it a weight. The wording is
//! advice, never an accusation.

mod claims;
mod issues;
mod template;

use crate::engine::context::Context;
use crate::signal::{CheckId, CheckOutcome, EffortCheck, Intent};
use crate::text::clip;

/// Paths named in a detail.
const NAMED_PATHS: usize = 2;
/// Characters of a path quoted in a detail.
const MAX_PATH_CHARS: usize = 120;

pub fn assess(context: &Context, intent: &Intent) -> Vec<EffortCheck> {
    CheckId::ALL
        .iter()
        .filter(|id| context.settings.check_enabled(**id))
        .map(|id| {
            let (outcome, detail) = match id {
                CheckId::TemplateFilled => template::filled(context),
                CheckId::TopicBranch => topic_branch(context),
                CheckId::DescriptionNamesChanges => names_changes(context),
                CheckId::LinkedIssueAvailable => issues::available(context, intent),
                CheckId::NoCompetingPr => issues::no_competing_pr(context, intent),
                CheckId::DescriptionClaimsHold => claims::hold(intent),
            };
            EffortCheck {
                id: *id,
                outcome,
                detail,
            }
        })
        .collect()
}

fn topic_branch(context: &Context) -> (CheckOutcome, String) {
    let pull = &context.bundle.pull;
    let Some(head_repo) = &pull.head_repo else {
        return (
            CheckOutcome::NotChecked,
            "Not checked: the head repository is unknown (deleted fork, or not fetched)".into(),
        );
    };
    let base_repo = format!("{}/{}", pull.owner, pull.repo);
    if head_repo.eq_ignore_ascii_case(&base_repo) {
        return (
            CheckOutcome::Pass,
            "Opened from a branch of this repository".into(),
        );
    }
    let (Some(head_ref), Some(default_branch)) = (&pull.head_ref, &pull.head_default_branch) else {
        return (
            CheckOutcome::NotChecked,
            "Not checked: the fork's default branch was not fetched".into(),
        );
    };
    if head_ref == default_branch {
        (
            CheckOutcome::Fail,
            format!(
                "Opened from {head_repo}'s default branch {default_branch}: a topic branch keeps \
                 the fork's {default_branch} free to follow upstream and lets maintainers push fixes"
            ),
        )
    } else {
        (
            CheckOutcome::Pass,
            format!("Opened from the topic branch {head_ref} of {head_repo}"),
        )
    }
}

fn names_changes(context: &Context) -> (CheckOutcome, String) {
    let Some(files) = &context.bundle.files else {
        return (
            CheckOutcome::NotChecked,
            "Not checked: the changed files were not fetched".into(),
        );
    };
    if files.is_empty() {
        return (CheckOutcome::Pass, "No changed files to name".into());
    }
    let body = super::intent::strip_html_comments(&context.bundle.pull.body).to_ascii_lowercase();
    let description = Description::new(&body);
    if let Some(named) = files
        .iter()
        .find_map(|file| named_token(&description, &file.filename))
    {
        let named = clip(&named, MAX_PATH_CHARS);
        return (CheckOutcome::Pass, format!("The description names {named}"));
    }
    let examples: Vec<String> = files
        .iter()
        .take(NAMED_PATHS)
        .map(|file| clip(&file.filename, MAX_PATH_CHARS))
        .collect();
    let what = match (body.trim().is_empty(), files.len()) {
        (true, _) => "The description is empty, so it does not name",
        (false, 1) => "The description does not name",
        (false, _) => "The description names",
    };
    let which = match files.len() {
        1 => format!("the changed file {}", examples.join(", ")),
        count => format!(
            "none of the {count} changed files (e.g. {})",
            examples.join(", ")
        ),
    };
    (
        CheckOutcome::Fail,
        format!("{what} {which}; a sentence on what changed where speeds up review"),
    )
}

/// Words too common to count as naming a file.
const GENERIC_NAMES: [&str; 6] = ["index", "main", "test", "tests", "readme", "utils"];

/// A lower-case description and the set of its words (runs of letters, digits and `_`), read
/// once for all changed files. A sorted list searched by halves, not a hash set: the words are
/// the author's, a lookup costs a few comparisons either way, and it reuses the crate's one
/// sort (docs/performance-history.md: generic collections grow the wasm).
struct Description<'a> {
    text: &'a str,
    words: Vec<&'a str>,
}

impl<'a> Description<'a> {
    fn new(text: &'a str) -> Self {
        let mut words: Vec<&str> = text
            .split(|c: char| !is_word(c))
            .filter(|word| !word.is_empty())
            .collect();
        crate::order::sort(&mut words);
        words.dedup();
        Self { text, words }
    }

    /// `contains_word(text, token)`; for a token of word characters only, one set lookup (a
    /// whole-word occurrence of such a token is exactly one of the description's words).
    fn has_word(&self, token: &str) -> bool {
        let plain = if token.is_ascii() {
            token
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
        } else {
            token.chars().all(is_word)
        };
        if plain {
            self.words.binary_search(&token).is_ok()
        } else {
            contains_word(self.text, token)
        }
    }
}

/// A letter, digit or `_`: what may not touch a name for it to count as named.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The first of a path, its file name or its stem (4+ characters, not generic) that the
/// description contains as a whole word.
fn named_token(description: &Description, path: &str) -> Option<String> {
    let path = crate::text::ascii_lowercase(path);
    let name = crate::text::basename(&path);
    let stem = name.split('.').next().unwrap_or(name);
    // A whole-word path or name holds its stem as a whole word too (between the start or a `/`
    // and a `.` or the end): a stem that is not one rules out all three with one lookup, for
    // the files a description does not mention (most of a large PR's).
    if !stem.is_empty() && !description.has_word(stem) {
        return None;
    }
    let found = [&*path, name, stem]
        .into_iter()
        .filter(|token| token.chars().count() >= 4 && !GENERIC_NAMES.contains(token))
        .find(|token| contains_word(description.text, token))
        .map(str::to_string);
    found
}

/// `needle` in `haystack` with no letter, digit or `_` right before or after it.
fn contains_word(haystack: &str, needle: &str) -> bool {
    haystack.match_indices(needle).any(|(at, _)| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + needle.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_named_by_path_name_or_stem_as_a_whole_word() {
        let named = |body: &str, path: &str| named_token(&Description::new(body), path);
        assert_eq!(
            named("fix the parser in parse.rs", "src/bundle/parse.rs"),
            Some("parse.rs".into())
        );
        assert_eq!(
            named("the tokenizer was slow", "src/tokenizer.rs"),
            Some("tokenizer".into())
        );
        assert_eq!(named("reparsed everything", "src/parse.rs"), None);
        assert_eq!(named("the main loop", "src/main.rs"), None);
        assert_eq!(
            named("see src/bundle/parse.rs.", "src/bundle/parse.rs"),
            Some("src/bundle/parse.rs".into())
        );
        assert_eq!(
            named("edits .github/workflows/ci.yml", ".github/workflows/ci.yml"),
            Some(".github/workflows/ci.yml".into())
        );
        assert_eq!(named("xparse.rs and parse_rs", "src/parse.rs"), None);
        assert_eq!(
            named("the my-tool script", "bin/my-tool.sh"),
            Some("my-tool".into())
        );
    }
}
