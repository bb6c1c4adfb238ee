//! `conventions`: does the PR follow the contribution habits reviewers rely on?
//!
//! **What it does.** Checks, each `{id, ok, detail}`: `description` (a real description, not
//! an empty template), `linked_issue` (closing keyword or issue link), `tests_with_source`
//! (source changed → tests changed), `title_style` (10–72 characters, not GitHub's default
//! "Update file.x", conventional-commit prefix noted), `pr_size` (within the large-diff and
//! many-files thresholds), `ready_for_review` (not a draft), `commit_messages` (subjects ≤ 72
//! characters, no "wip"/"fixup!" leftovers; only when commits were fetched).
//!
//! **Why it matters.** These are cheap signals of care that reviewers check by hand:
//! PR-Metrics flags missing descriptions and tests; a PR without a linked issue is a "strong
//! negative signal" in AI-slop triage (clash-verge-rev); GitHub's default titles say nothing
//! (docs/sources.md, "Intent and conventions"). Thresholds: `settings::section_tables`.

use crate::engine::context::Context;
use crate::engine::files::FileClass;
use crate::engine::sections::intent::{linked_issues, strip_html_comments};
use crate::settings::section_tables::*;
use crate::signal::ConventionCheck;

/// Commit subjects that say nothing.
const MEANINGLESS_SUBJECTS: [&str; 12] = [
    "wip", "fix", "fixes", "update", "updates", "changes", "stuff", "test", "tmp", ".", "asdf",
    "minor",
];

/// GitHub's web-editor default titles, e.g. "Update README.md", "Create main.py".
const DEFAULT_TITLE_VERBS: [&str; 4] = ["update", "create", "delete", "add"];

fn check(id: &str, ok: bool, detail: impl Into<String>) -> ConventionCheck {
    ConventionCheck {
        id: id.into(),
        ok,
        detail: detail.into(),
    }
}

pub fn assess(context: &Context) -> Vec<ConventionCheck> {
    let mut checks = vec![
        description(context),
        linked_issue(context),
        tests_with_source(context),
        title_style(context),
        pr_size(context),
        ready_for_review(context),
    ];
    if let Some(commits) = commit_messages(context) {
        checks.push(commits);
    }
    checks
}

/// The description's text without template comments, headings, and unticked boxes.
pub fn description_chars(body: &str) -> usize {
    strip_html_comments(body)
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#') && !line.starts_with("- [ ]"))
        .map(|line| line.chars().filter(|c| c.is_alphanumeric()).count())
        .sum()
}

fn description(context: &Context) -> ConventionCheck {
    let chars = description_chars(&context.bundle.pull.body);
    if chars >= MIN_DESCRIPTION_CHARS {
        check(
            "description",
            true,
            format!("Description present ({chars} characters of text)"),
        )
    } else if chars == 0 {
        check(
            "description",
            false,
            "No description: reviewers must infer the intent from the diff",
        )
    } else {
        check(
            "description",
            false,
            format!("Description too short ({chars} characters of text; at least {MIN_DESCRIPTION_CHARS} expected)"),
        )
    }
}

fn linked_issue(context: &Context) -> ConventionCheck {
    let issues = linked_issues(context);
    if issues.is_empty() {
        check(
            "linked_issue",
            false,
            "No linked issue (e.g. \"Fixes #123\")",
        )
    } else {
        let list: Vec<String> = issues.iter().map(|n| format!("#{n}")).collect();
        check("linked_issue", true, format!("Links {}", list.join(", ")))
    }
}

fn tests_with_source(context: &Context) -> ConventionCheck {
    if context.bundle.files.is_none() {
        return check(
            "tests_with_source",
            true,
            "File list not fetched; not checked",
        );
    }
    let counted = |class: FileClass| {
        context
            .files
            .iter()
            .filter(|file| file.class == class && !file.excluded_from_size)
            .count()
    };
    let (source, tests) = (counted(FileClass::Source), counted(FileClass::Test));
    match (source, tests) {
        (0, _) => check("tests_with_source", true, "No source code changed"),
        (_, 0) => check(
            "tests_with_source",
            false,
            format!("{source} source file(s) changed without any test change"),
        ),
        _ => check(
            "tests_with_source",
            true,
            format!("{source} source and {tests} test file(s) changed"),
        ),
    }
}

fn is_default_title(title: &str) -> bool {
    let lower = title.trim().to_ascii_lowercase();
    if lower == "add files via upload" || lower.starts_with("patch-") || lower.starts_with("patch ")
    {
        return true;
    }
    let mut words = lower.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(verb), Some(target), None) => {
            DEFAULT_TITLE_VERBS.contains(&verb) && target.contains('.') && !target.ends_with('.')
        }
        _ => false,
    }
}

fn title_style(context: &Context) -> ConventionCheck {
    let title = context.bundle.pull.title.trim();
    let length = title.chars().count();
    let conventional = title.split_once(':').is_some_and(|(prefix, _)| {
        let kind = prefix.split('(').next().unwrap_or("").trim_end_matches('!');
        !kind.is_empty() && kind.chars().all(|c| c.is_ascii_lowercase()) && !prefix.contains(' ')
    });
    if length < MIN_TITLE_CHARS {
        check(
            "title_style",
            false,
            format!("Title too short ({length} characters)"),
        )
    } else if length > MAX_TITLE_CHARS {
        check(
            "title_style",
            false,
            format!("Title is {length} characters; keep it under {MAX_TITLE_CHARS}"),
        )
    } else if is_default_title(title) {
        check(
            "title_style",
            false,
            "GitHub's default title: say what changed and why",
        )
    } else if conventional {
        check(
            "title_style",
            true,
            "Descriptive title (conventional-commit style)",
        )
    } else {
        check("title_style", true, "Descriptive title")
    }
}

fn pr_size(context: &Context) -> ConventionCheck {
    let thresholds = &context.settings.thresholds;
    let pull = &context.bundle.pull;
    if context.bundle.files.is_none() && pull.additions.is_none() && pull.changed_files.is_none() {
        return check(
            "pr_size",
            true,
            "Size unknown: no line counts in the PR object and no file list; not checked",
        );
    }
    let files = context
        .bundle
        .pull
        .changed_files
        .unwrap_or(context.files.len() as u64);
    let lines: u64 = match &context.bundle.files {
        Some(all) => context
            .files
            .iter()
            .filter(|facts| !facts.excluded_from_size)
            .filter_map(|facts| all.get(facts.index))
            .map(|file| file.additions.saturating_add(file.deletions))
            .sum(),
        None => pull
            .additions
            .unwrap_or(0)
            .saturating_add(pull.deletions.unwrap_or(0)),
    };
    let too_many_lines = lines > thresholds.large_diff_lines;
    let too_many_files = files > thresholds.many_files;
    let detail = format!(
        "{lines} counted lines (limit {}), {files} files (limit {})",
        thresholds.large_diff_lines, thresholds.many_files
    );
    check("pr_size", !(too_many_lines || too_many_files), detail)
}

fn ready_for_review(context: &Context) -> ConventionCheck {
    if context.bundle.pull.draft {
        check(
            "ready_for_review",
            false,
            "Draft: the author has not asked for review yet",
        )
    } else {
        check("ready_for_review", true, "Marked ready for review")
    }
}

fn commit_messages(context: &Context) -> Option<ConventionCheck> {
    let commits = context.bundle.commits.as_ref()?;
    if commits.is_empty() {
        return None;
    }
    let mut weak = Vec::new();
    for commit in commits {
        let subject = commit.message.lines().next().unwrap_or("").trim();
        let lower = subject.to_ascii_lowercase();
        let meaningless =
            MEANINGLESS_SUBJECTS.contains(&lower.trim_end_matches('.')) || subject.is_empty();
        let leftover = lower.starts_with("fixup!") || lower.starts_with("squash!");
        let long = subject.chars().count() > MAX_COMMIT_SUBJECT_CHARS;
        if meaningless || leftover || long {
            weak.push(commit.sha.chars().take(7).collect::<String>());
        }
    }
    Some(if weak.is_empty() {
        check(
            "commit_messages",
            true,
            format!("{} commit message(s) with clear subjects", commits.len()),
        )
    } else {
        check(
            "commit_messages",
            false,
            format!(
                "{} of {} commit(s) have an empty, vague, over-long or fixup subject ({})",
                weak.len(),
                commits.len(),
                weak.join(", ")
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_default_titles_are_recognised() {
        assert!(is_default_title("Update README.md"));
        assert!(is_default_title("Create main.py"));
        assert!(is_default_title("Add files via upload"));
        assert!(!is_default_title("Update README.md links"));
        assert!(!is_default_title("Add support for reviews"));
    }

    #[test]
    fn template_comments_and_headings_do_not_count_as_description() {
        assert_eq!(
            description_chars("<!-- describe here -->\n## Summary\n- [ ] tests"),
            0
        );
        assert!(description_chars("Fix the crash when the token is empty.") >= 30);
    }
}
