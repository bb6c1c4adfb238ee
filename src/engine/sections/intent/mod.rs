//! `intent`: what the PR says it does, and whether it says it is done — without an LLM.
//!
//! **What it does.** Reads the PR description deterministically: the goal comes from a
//! "Summary"/"What"/"Description" section, else the first meaningful paragraph, else the title
//! (conventional-commit prefix stripped). Criteria come from task lists (`- [x]` met, `- [ ]`
//! unmet) and from bullets under "Acceptance criteria"/"Checklist"/"Testing" headings (met
//! unknown, unless the diff shows it: a criterion about tests is met when test files changed,
//! one about docs when docs changed). Linked issues come from closing keywords
//! (`fixes #12`, `closes owner/repo#12`, issue URLs of this repository).
//!
//! **Why it matters.** A reviewer checks a change against its intent; unmet checklist items
//! and missing issue links are what reviewers ask about first. The reference product needs an
//! LLM for this; body checklists (`- [ ]`), closing keywords ("Fixes #N", GitHub docs "Linking a
//! pull request to an issue") and the linked issue's checkboxes cover the common structures
//! deterministically (docs/sources.md, "Intent and conventions"). `confidence` says how much
//! structure there was (table in `settings`).

mod criteria;
pub(crate) mod description;
mod linked_issues;

use crate::engine::context::Context;
use crate::settings::section_tables::*;
use crate::signal::Intent;
use criteria::{criteria, CRITERIA_HEADINGS};
pub use description::strip_html_comments;
use description::{first_paragraph, heading_matches, split_sections, Section};
pub use linked_issues::linked_issues;

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

    let (goal, source, base_confidence) = match goal_from_sections(&sections) {
        Some((goal, heading)) => (
            goal,
            format!("pr description ({heading} section)"),
            INTENT_CONFIDENCE_SECTION,
        ),
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
            Some(goal) => (goal, "pr description".into(), INTENT_CONFIDENCE_PARAGRAPH),
            None => (
                strip_conventional_prefix(&title),
                "title".into(),
                INTENT_CONFIDENCE_TITLE,
            ),
        },
    };

    let criteria = criteria(context, &sections);
    let linked_issues = linked_issues(context);
    let mut confidence = base_confidence;
    if !criteria.is_empty() {
        confidence += INTENT_CONFIDENCE_CRITERIA_BONUS;
        if criteria.iter().all(|criterion| criterion.met.is_some()) {
            confidence += INTENT_CONFIDENCE_DECIDED_BONUS;
        }
    }
    if !linked_issues.is_empty() {
        confidence += INTENT_CONFIDENCE_LINKED_ISSUE_BONUS;
    }
    Intent {
        goal: shorten(&goal),
        criteria,
        linked_issues,
        confidence: (confidence.min(INTENT_CONFIDENCE_MAX) * 100.0).round() / 100.0,
        source,
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
