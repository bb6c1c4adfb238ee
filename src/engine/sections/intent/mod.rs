//! `intent`: what the PR says it does, and each of its claims held against the diff — without
//! an LLM.
//!
//! **What it does.** The goal comes from a "Summary"/"What"/"Description" section, else the
//! first meaningful paragraph, else the title (conventional-commit prefix stripped). Claims are
//! read from the title, the description's sentences and lists, its ticked boxes and the linked
//! issues' acceptance lists ([`statements`]): named identifiers, files and issues in any
//! language ([`tokens`]), and English phrases — adds / removes / renames / deprecates X, tests
//! added, docs updated, docs only, no behaviour change, formatting only, fixes #N
//! ([`phrases`]). Each is checked against the diff ([`verdict`], over one pass of every patch in
//! [`diff_index`]): confirmed with the file and line that show it, not in the diff,
//! contradicted (with the line), or not checkable (and why). Statements that name nothing
//! checkable are counted, not guessed at. Linked issues come from closing keywords (`fixes #12`,
//! `closes owner/repo#12`, issue URLs of this repository).
//!
//! **Why it matters.** A ticked "tests added" box is the author's word, and an agent-written
//! description that claims tests and docs the diff lacks reads as well as an honest one; the
//! reference product lists acceptance criteria with evidence from the diff but needs an LLM for
//! it (docs/sources.md, "Intent and conventions"). Deterministic claim checks give the same
//! answer every time and show where it comes from; contradicted and missing claims feed next
//! steps and the `description_claims_hold` low-effort check.

mod checker;
mod claims;
pub(crate) mod description;
mod diff_index;
mod linked_issues;
mod locate;
mod phrases;
mod statements;
mod tokens;
mod verdict;
mod verdict_files;

use crate::engine::context::Context;
use crate::settings::section_tables::MAX_GOAL_CHARS;
use crate::signal::Intent;
pub use claims::concern;
pub use description::strip_html_comments;
use description::{first_paragraph, heading_matches, split_sections, Section};
pub use linked_issues::linked_issues;
use statements::CRITERIA_HEADINGS;

/// Headings whose first paragraph states the goal.
const GOAL_HEADINGS: [&str; 12] = [
    "summary",
    "what",
    "description",
    "overview",
    "motivation",
    "purpose",
    "why",
    "context",
    "changes",
    "proposed changes",
    "what does this pr do",
    "what does this pull request do",
];

pub fn assess(context: &Context) -> Intent {
    let pull = &context.bundle.pull;
    let body = strip_html_comments(&pull.body.replace("\r\n", "\n"));
    let (title, body) = untruncated_title(&pull.title, &body);
    let sections = split_sections(&body);

    let (goal, source) = match goal_from_sections(&sections) {
        Some((goal, heading)) => (goal, format!("pr description ({heading} section)")),
        None => match first_paragraph(
            sections
                .iter()
                .filter(|section| {
                    !section
                        .heading
                        .as_deref()
                        .is_some_and(|heading| heading_matches(heading, &CRITERIA_HEADINGS))
                })
                .flat_map(|section| section.lines.iter()),
        ) {
            Some(goal) => (goal, "pr description".into()),
            None => (strip_conventional_prefix(&title), "title".into()),
        },
    };

    let template = context
        .bundle
        .pr_template
        .as_deref()
        .map(statements::template_lines)
        .unwrap_or_default();
    let mut read = statements::of_pull(&title, &sections, &template);
    let linked_issues = linked_issues(context);
    if let Some(issues) = &context.bundle.linked_issues {
        for number in &linked_issues {
            if let Some(issue) = issues.get(number) {
                statements::of_issue(*number, &issue.body, &mut read);
            }
        }
    }
    let claims = claims::read(context, &read);
    Intent {
        goal: shorten(&goal),
        source,
        claims: claims.claims,
        claims_more: claims.claims_more,
        unticked: read.unticked,
        statements: claims.statements,
        unread_statements: claims.unread,
        prose: claims.prose,
        linked_issues,
    }
}

/// GitHub cuts titles over 256 characters typed in the web form with "…" and moves the rest
/// to the body, starting with "…". Joins them back; returns (title, remaining body).
fn untruncated_title(title: &str, body: &str) -> (String, String) {
    let trimmed = body.trim_start();
    match (title.strip_suffix('…'), trimmed.strip_prefix('…')) {
        (Some(head), Some(rest)) => {
            let (tail, remaining) = rest.split_once('\n').unwrap_or((rest, ""));
            (format!("{head}{}", tail.trim_end()), remaining.to_string())
        }
        _ => (title.to_string(), body.to_string()),
    }
}

fn goal_from_sections(sections: &[Section]) -> Option<(String, String)> {
    sections.iter().find_map(|section| {
        let heading = section.heading.as_ref()?;
        if !heading_matches(heading, &GOAL_HEADINGS) {
            return None;
        }
        first_paragraph(section.lines.iter()).map(|goal| (goal, heading.clone()))
    })
}

/// `feat(parser)!: add x` → `Add x`; `[WIP] Fix y` → `Fix y`.
pub fn strip_conventional_prefix(title: &str) -> String {
    let mut text = title.trim();
    while let Some(rest) = text.strip_prefix('[') {
        match rest.find(']') {
            Some(end) => text = rest[end + 1..].trim_start(),
            None => break,
        }
    }
    if let Some(colon) = text.find(':') {
        let prefix = &text[..colon];
        let kind = prefix.split('(').next().unwrap_or("").trim_end_matches('!');
        let is_type = !kind.is_empty()
            && kind.len() <= 12
            && kind.chars().all(|c| c.is_ascii_alphabetic())
            && !prefix.contains(' ');
        if is_type {
            text = text[colon + 1..].trim_start();
        }
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => {
            let mut capitalised = String::with_capacity(text.len());
            capitalised.push(first.to_ascii_uppercase());
            capitalised.push_str(chars.as_str());
            capitalised
        }
        None => String::new(),
    }
}

/// Cuts a long goal at a sentence end (or a word) before the limit.
fn shorten(text: &str) -> String {
    if text.chars().count() <= MAX_GOAL_CHARS {
        return text.to_string();
    }
    let cut: String = text.chars().take(MAX_GOAL_CHARS).collect();
    if let Some(end) = cut.rfind(". ") {
        if end > MAX_GOAL_CHARS / 3 {
            return cut[..=end].to_string();
        }
    }
    match cut.rfind(' ') {
        Some(space) => format!("{}…", &cut[..space]),
        None => format!("{cut}…"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventional_prefix_and_tags_are_removed_from_titles() {
        assert_eq!(strip_conventional_prefix("feat(parser)!: add x"), "Add x");
        assert_eq!(strip_conventional_prefix("[WIP] fix: y"), "Y");
        assert_eq!(strip_conventional_prefix("Fix: a thing"), "A thing");
        assert_eq!(
            strip_conventional_prefix("Note: this is not a type"),
            "This is not a type"
        );
        assert_eq!(strip_conventional_prefix("Add a: b"), "Add a: b");
    }
}

#[cfg(test)]
#[path = "shapes_tests.rs"]
mod shapes_tests;
