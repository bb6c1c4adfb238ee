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

use crate::engine::context::Context;
use crate::engine::files::FileClass;
use crate::settings::section_tables::*;
use crate::signal::{Criterion, Intent};

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

/// Headings whose bullets are acceptance criteria.
const CRITERIA_HEADINGS: [&str; 10] = [
    "acceptance criteria",
    "criteria",
    "checklist",
    "testing",
    "test plan",
    "how to test",
    "how has this been tested",
    "requirements",
    "definition of done",
    "todo",
];

/// GitHub's closing keywords (docs: "Linking a pull request to an issue").
const CLOSING_KEYWORDS: [&str; 9] = [
    "close", "closes", "closed", "fix", "fixes", "fixed", "resolve", "resolves", "resolved",
];

/// One block of the description: the heading above it (lower-cased, without `#`/`**`/`:`)
/// and its lines.
struct Section {
    heading: Option<String>,
    lines: Vec<String>,
}

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

/// Removes `<!-- … -->` (PR templates are full of them); an unclosed comment runs to the end.
pub fn strip_html_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        match rest[start..].find("-->") {
            Some(end) => rest = &rest[start + end + 3..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// A heading line: `## Summary`, `**Summary**`, `Summary:` (short, alone on its line).
fn heading_of(line: &str) -> Option<String> {
    let trimmed = line.trim();
    let text = if let Some(rest) = trimmed.strip_prefix('#') {
        rest.trim_start_matches('#').trim()
    } else if trimmed.len() > 4
        && ((trimmed.starts_with("**") && trimmed.ends_with("**"))
            || (trimmed.starts_with("__") && trimmed.ends_with("__")))
    {
        &trimmed[2..trimmed.len() - 2]
    } else if trimmed.ends_with(':')
        && trimmed.chars().count() <= 40
        && trimmed.split_whitespace().count() <= 4
        && !trimmed.starts_with(['-', '*', '+', '>'])
    {
        trimmed
    } else {
        return None;
    };
    let text = text
        .trim()
        .trim_end_matches(':')
        .trim_matches(['*', '_', ' '])
        .trim_end_matches('?')
        .trim();
    let normalized: String = text
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    (!normalized.is_empty()).then_some(normalized)
}

fn split_sections(body: &str) -> Vec<Section> {
    let mut sections = vec![Section {
        heading: None,
        lines: Vec::new(),
    }];
    let mut in_code_block = false;
    for line in body.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_code_block = !in_code_block;
            continue;
        }
        if in_code_block {
            continue;
        }
        match heading_of(line) {
            Some(heading) => sections.push(Section {
                heading: Some(heading),
                lines: Vec::new(),
            }),
            None => {
                if let Some(current) = sections.last_mut() {
                    current.lines.push(line.to_string());
                }
            }
        }
    }
    sections
}

fn heading_matches(heading: &str, names: &[&str]) -> bool {
    names
        .iter()
        .any(|name| heading == *name || heading.starts_with(&format!("{name} ")))
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

/// The first paragraph that says something: not a task item, image, badge, bare link, quote,
/// table or closing-keyword line.
fn first_paragraph<'a>(lines: impl Iterator<Item = &'a String>) -> Option<String> {
    let mut paragraph: Vec<String> = Vec::new();
    let accept = |paragraph: &[String]| {
        let text = paragraph.join(" ").trim().to_string();
        (text.chars().filter(|c| c.is_alphanumeric()).count() >= 3 && !is_reference_only(&text))
            .then_some(text)
    };
    for line in lines {
        let trimmed = line.trim();
        if trimmed.is_empty() || !is_meaningful(trimmed) {
            if let Some(text) = accept(&paragraph) {
                return Some(text);
            }
            paragraph.clear();
            continue;
        }
        let text = trimmed.trim_start_matches(['-', '*', '+']).trim();
        paragraph.push(plain_text(text));
    }
    accept(&paragraph)
}

/// "Full context: #382", "See #284 for more context.": a pointer elsewhere, not a goal.
fn is_reference_only(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let references = words
        .iter()
        .filter(|word| word.contains('#') || word.contains("://"))
        .count();
    references > 0 && words.len() <= 6
}

fn is_meaningful(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let is_task = task_item(line).is_some();
    let is_image = line.starts_with("![") || lower.starts_with("<img");
    let is_badge = line.starts_with("[![");
    let is_link_only =
        (line.starts_with("http://") || line.starts_with("https://")) && !line.contains(' ');
    let is_markup = line.starts_with('>') || line.starts_with('|') || line.starts_with('<');
    let is_rule = line
        .chars()
        .all(|c| matches!(c, '-' | '*' | '_' | '=' | ' '));
    let is_closing = CLOSING_KEYWORDS
        .iter()
        .any(|keyword| lower.starts_with(&format!("{keyword} #")))
        && line.split_whitespace().count() <= 3;
    !(is_task || is_image || is_badge || is_link_only || is_markup || is_rule || is_closing)
}

/// Removes inline Markdown emphasis and code marks, and link targets (`[text](url)` → text).
fn plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' | '`' => {}
            '_' if out.ends_with(' ') || out.is_empty() || chars.peek() == Some(&' ') => {}
            ']' if chars.peek() == Some(&'(') => {
                // Skip the link target.
                for next in chars.by_ref() {
                    if next == ')' {
                        break;
                    }
                }
            }
            '[' => {}
            other => out.push(other),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
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

/// `- [x] text` → `(true, text)`; `* [ ] text` → `(false, text)`.
fn task_item(line: &str) -> Option<(bool, String)> {
    let trimmed = line.trim_start();
    let rest = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
        .or_else(|| trimmed.strip_prefix("+ "))?
        .trim_start();
    let (met, text) = if let Some(text) = rest.strip_prefix("[ ]") {
        (false, text)
    } else if let Some(text) = rest
        .strip_prefix("[x]")
        .or_else(|| rest.strip_prefix("[X]"))
    {
        (true, text)
    } else {
        return None;
    };
    let text = plain_text(text.trim());
    (!text.is_empty()).then_some((met, text))
}

fn bullet_item(line: &str) -> Option<String> {
    let trimmed = line.trim_start();
    let rest = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
        .or_else(|| trimmed.strip_prefix("+ "))
        .or_else(|| {
            let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
            (digits > 0)
                .then(|| trimmed[digits..].strip_prefix(". "))
                .flatten()
        })?;
    let text = plain_text(rest.trim());
    (!text.is_empty()).then_some(text)
}

fn mentions_any(text: &str, words: &[&str]) -> bool {
    text.to_ascii_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| words.contains(&word))
}

/// Evidence from the diff for an unknown criterion: tests or docs changed.
fn diff_evidence(context: &Context, text: &str) -> Option<String> {
    let count = |class: FileClass| context.files.iter().filter(|f| f.class == class).count();
    if mentions_any(
        text,
        &["test", "tests", "tested", "testing", "spec", "specs"],
    ) {
        let tests = count(FileClass::Test);
        if tests > 0 {
            return Some(format!("{tests} test file(s) changed in this PR"));
        }
    }
    if mentions_any(
        text,
        &[
            "doc",
            "docs",
            "documentation",
            "documented",
            "readme",
            "changelog",
        ],
    ) {
        let docs = count(FileClass::Docs);
        if docs > 0 {
            return Some(format!("{docs} documentation file(s) changed in this PR"));
        }
    }
    None
}

fn criteria(context: &Context, sections: &[Section]) -> Vec<Criterion> {
    let mut criteria = Vec::new();
    for section in sections {
        let is_criteria_section = section
            .heading
            .as_deref()
            .is_some_and(|heading| heading_matches(heading, &CRITERIA_HEADINGS));
        for line in &section.lines {
            if criteria.len() >= MAX_CRITERIA {
                return criteria;
            }
            if let Some((met, text)) = task_item(line) {
                let evidence = if met {
                    "checked in the PR description"
                } else {
                    "unchecked in the PR description"
                };
                criteria.push(Criterion {
                    text,
                    met: Some(met),
                    evidence: evidence.into(),
                });
            } else if is_criteria_section {
                if let Some(text) = bullet_item(line) {
                    let evidence = diff_evidence(context, &text);
                    criteria.push(Criterion {
                        met: evidence.as_ref().map(|_| true),
                        evidence: evidence
                            .unwrap_or_else(|| "not verifiable from the PR data".into()),
                        text,
                    });
                }
            }
        }
    }
    criteria
}

/// Issue numbers this PR closes (closing keywords in title or body) or links by URL in this
/// repository, ascending and distinct.
pub fn linked_issues(context: &Context) -> Vec<u64> {
    let pull = &context.bundle.pull;
    let text = format!(
        "{}\n{}",
        pull.title,
        strip_html_comments(&pull.body.replace("\r\n", "\n"))
    );
    let mut issues = Vec::new();
    let words: Vec<&str> = text.split_whitespace().collect();
    for (index, word) in words.iter().enumerate() {
        let keyword = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_ascii_lowercase();
        if CLOSING_KEYWORDS.contains(&keyword.as_str()) {
            if let Some(next) = words.get(index + 1) {
                if let Some(number) = issue_reference(next, &pull.owner, &pull.repo) {
                    issues.push(number);
                }
            }
        }
        if let Some(number) = issue_url(word, &pull.owner, &pull.repo) {
            issues.push(number);
        }
    }
    crate::order::sort(&mut issues);
    issues.dedup();
    issues.retain(|number| *number != pull.number);
    issues
}

fn leading_number(text: &str) -> Option<u64> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|number| *number > 0)
}

/// `#12`, `owner/repo#12` (this repository only) or an issue URL.
fn issue_reference(word: &str, owner: &str, repo: &str) -> Option<u64> {
    let word = word.trim_start_matches(['(', '[', '*', '_']);
    if let Some(rest) = word.strip_prefix('#') {
        return leading_number(rest);
    }
    if let Some((full_name, number)) = word.split_once('#') {
        let this_repo = format!("{owner}/{repo}");
        if full_name.eq_ignore_ascii_case(&this_repo) {
            return leading_number(number);
        }
        return None;
    }
    issue_url(word, owner, repo)
}

/// `https://github.com/owner/repo/issues/12` of this repository.
fn issue_url(word: &str, owner: &str, repo: &str) -> Option<u64> {
    let start = word.find("https://github.com/")?;
    let path = &word[start + "https://github.com/".len()..];
    let mut parts = path.splitn(4, '/');
    let (url_owner, url_repo, kind, rest) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    (url_owner.eq_ignore_ascii_case(owner)
        && url_repo.eq_ignore_ascii_case(repo)
        && kind == "issues")
        .then(|| leading_number(rest))
        .flatten()
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

    #[test]
    fn html_comments_are_removed_even_when_unclosed() {
        assert_eq!(strip_html_comments("a<!-- x -->b<!-- y"), "ab");
    }

    #[test]
    fn task_items_read_checked_and_unchecked() {
        assert_eq!(task_item("- [x] Docs"), Some((true, "Docs".into())));
        assert_eq!(task_item("  * [ ] Tests"), Some((false, "Tests".into())));
        assert_eq!(task_item("- [link](x)"), None);
    }

    #[test]
    fn issue_references_are_limited_to_this_repository() {
        assert_eq!(issue_reference("#12,", "o", "r"), Some(12));
        assert_eq!(issue_reference("o/r#3", "o", "r"), Some(3));
        assert_eq!(issue_reference("other/r#3", "o", "r"), None);
        assert_eq!(
            issue_reference("https://github.com/O/R/issues/9.", "o", "r"),
            Some(9)
        );
        assert_eq!(
            issue_reference("https://github.com/o/r/pull/9", "o", "r"),
            None
        );
    }
}
