//! The statements a PR's text makes, each with where it was read and how much of it to read:
//! the title; the description's sentences, list items and ticked boxes; the linked issues'
//! acceptance lists.
//!
//! Template furniture is not the author's word: a box under a template checklist heading
//! ("Before submitting", "Type of change", "… checklist") or found in the repository's PR
//! template is read only for its tests/docs/behaviour phrase, unticked template boxes are
//! options not chosen, and lines copied from the template are skipped. Bot commands
//! (`/kind bug`, `r? @x`), quotes, tables, images and code blocks are not statements.

use super::description::{heading_matches, heading_of, list_item, Section};
use super::phrases::Mode;
use crate::signal::ClaimOrigin;
use crate::text::clip;

/// Statements read from one PR at most (a description can run to 65,536 characters).
const MAX_STATEMENTS: usize = 200;
/// Characters of one statement read (a run-on paragraph without full stops).
const MAX_STATEMENT_CHARS: usize = 600;
/// Characters of an unticked item kept.
const MAX_UNTICKED_CHARS: usize = 160;
/// Unticked items kept.
const MAX_UNTICKED: usize = 20;

/// Headings whose list items are criteria: each becomes a claim, checkable or not.
pub(super) const CRITERIA_HEADINGS: [&str; 12] = [
    "acceptance criteria",
    "criteria",
    "requirements",
    "definition of done",
    "todo",
    "testing",
    "tests",
    "test plan",
    "how to test",
    "how has this been tested",
    "how did you test this change",
    "how was this tested",
];

/// Headings of a template's checklist: their boxes are the template's questions.
const TEMPLATE_HEADINGS: [&str; 6] = [
    "before submitting",
    "type of change",
    "types of changes",
    "what type of pr is this",
    "kind of change",
    "checks",
];

/// Headings whose content is not about the change.
const SKIPPED_HEADINGS: [&str; 5] = [
    "who can review",
    "reviewers",
    "screenshots",
    "screenshot",
    "cc",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Statement {
    /// As written (Markdown kept), on one line.
    pub(super) text: String,
    pub(super) origin: ClaimOrigin,
    pub(super) issue: Option<u64>,
    pub(super) mode: Mode,
}

#[derive(Debug, Default)]
pub(super) struct Statements {
    pub(super) list: Vec<Statement>,
    /// Unticked boxes of the author's own lists.
    pub(super) unticked: Vec<String>,
}

impl Statements {
    fn push(&mut self, text: &str, origin: ClaimOrigin, issue: Option<u64>, mode: Mode) {
        let text: String = text.chars().take(MAX_STATEMENT_CHARS).collect();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if self.list.len() < MAX_STATEMENTS && text.chars().any(char::is_alphanumeric) {
            self.list.push(Statement {
                text,
                origin,
                issue,
                mode,
            });
        }
    }
}

/// The lines of the repository's PR template, as list-item texts or trimmed lines.
pub(super) fn template_lines(template: &str) -> Vec<String> {
    let text = super::description::strip_html_comments(&template.replace("\r\n", "\n"));
    text.lines()
        .map(|line| match list_item(line) {
            Some((_, item)) => item.to_string(),
            None => line.trim().to_string(),
        })
        .filter(|line| !line.is_empty())
        .collect()
}

/// The title and the description's statements.
pub(super) fn of_pull(title: &str, sections: &[Section], template: &[String]) -> Statements {
    let mut out = Statements::default();
    out.push(title, ClaimOrigin::Title, None, Mode::Prose);
    for section in sections {
        let heading = section.heading.as_deref().unwrap_or("");
        if heading_matches(heading, &SKIPPED_HEADINGS) {
            continue;
        }
        // With the repository's template at hand its boxes are known exactly; without it, the
        // checklist headings templates use stand in.
        let checklist = template.is_empty()
            && (heading.contains("checklist") || heading_matches(heading, &TEMPLATE_HEADINGS));
        let criteria = heading_matches(heading, &CRITERIA_HEADINGS);
        let mut reader = SectionReader {
            out: &mut out,
            template,
            checklist,
            criteria,
            paragraph: Vec::new(),
            open_item: None,
        };
        for line in &section.lines {
            reader.line(line);
        }
        reader.flush_paragraph();
        reader.flush_item();
    }
    out
}

/// A linked issue's acceptance list: its task items (ticked or not: in an issue they are the
/// work asked for) and the list items under criteria headings.
pub(super) fn of_issue(number: u64, body: &str, out: &mut Statements) {
    let body = super::description::strip_html_comments(&body.replace("\r\n", "\n"));
    let mut criteria = false;
    let mut in_code = false;
    for line in body.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if let Some(heading) = heading_of(line) {
            criteria = heading_matches(&heading, &CRITERIA_HEADINGS);
            continue;
        }
        if let Some((ticked, text)) = list_item(line) {
            if ticked.is_some() || criteria {
                out.push(text, ClaimOrigin::LinkedIssue, Some(number), Mode::Listed);
            }
        }
    }
}

struct SectionReader<'a> {
    out: &'a mut Statements,
    template: &'a [String],
    checklist: bool,
    criteria: bool,
    paragraph: Vec<String>,
    /// The list item being read (continuation lines are indented): text, origin, mode.
    open_item: Option<(String, ClaimOrigin, Mode)>,
}

impl SectionReader<'_> {
    fn line(&mut self, line: &str) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.flush_paragraph();
            self.flush_item();
            return;
        }
        if let Some((ticked, text)) = list_item(line) {
            self.flush_paragraph();
            self.flush_item();
            self.item(ticked, text);
            return;
        }
        if let Some((text, _, _)) = &mut self.open_item {
            if line.starts_with([' ', '\t']) {
                text.push(' ');
                text.push_str(trimmed);
                return;
            }
        }
        self.flush_item();
        if !is_statement_line(trimmed) || self.template.iter().any(|line| line == trimmed) {
            self.flush_paragraph();
            return;
        }
        self.paragraph.push(trimmed.to_string());
    }

    fn item(&mut self, ticked: Option<bool>, text: &str) {
        let from_template = self.checklist
            || self
                .template
                .iter()
                .any(|line| line == text || text.starts_with(line.as_str()));
        match ticked {
            Some(true) => {
                let mode = if from_template {
                    Mode::TemplateBox
                } else {
                    Mode::Listed
                };
                self.open_item = Some((text.to_string(), ClaimOrigin::TickedBox, mode));
            }
            Some(false) => {
                if !from_template && self.out.unticked.len() < MAX_UNTICKED {
                    self.out.unticked.push(clip(
                        &super::description::plain_text(text),
                        MAX_UNTICKED_CHARS,
                    ));
                }
            }
            None => {
                if self.template.iter().any(|line| line == text) {
                    return;
                }
                let mode = if self.criteria {
                    Mode::Listed
                } else {
                    Mode::Prose
                };
                self.open_item = Some((text.to_string(), ClaimOrigin::Description, mode));
            }
        }
    }

    fn flush_item(&mut self) {
        if let Some((text, origin, mode)) = self.open_item.take() {
            self.out.push(&text, origin, None, mode);
        }
    }

    fn flush_paragraph(&mut self) {
        if self.paragraph.is_empty() {
            return;
        }
        let paragraph = self.paragraph.join(" ");
        self.paragraph.clear();
        for sentence in sentences(&paragraph) {
            self.out
                .push(sentence, ClaimOrigin::Description, None, Mode::Prose);
        }
    }
}

/// Lines that are not statements: quotes, tables, HTML, images, badges, bare links, rules,
/// bot commands (`/kind bug`, `r? @x`, `cc @x`) and lines of mentions only.
fn is_statement_line(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let markup = line.starts_with(['>', '|', '<', '!'])
        || line.starts_with("[![")
        || ((line.starts_with("http://") || line.starts_with("https://")) && !line.contains(' '));
    let rule = line
        .chars()
        .all(|c| matches!(c, '-' | '*' | '_' | '=' | ' '));
    let command = (line.starts_with('/')
        && line[1..].starts_with(|c: char| c.is_ascii_alphabetic()))
        || lower.starts_with("r? ")
        || lower.starts_with("r=")
        || lower.starts_with("cc ")
        || lower.starts_with("cc:");
    let mentions = line
        .split_whitespace()
        .all(|word| word.starts_with('@') || word == "," || word == "and");
    !(markup || rule || command || mentions)
}

/// A paragraph cut at sentence ends (`. `, `! `, `? `, `。`…) outside code spans; `e.g.` and
/// the like do not end a sentence.
fn sentences(paragraph: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_code = false;
    let mut chars = paragraph.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c == '`' {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let next_is_space = chars.peek().is_none_or(|(_, next)| next.is_whitespace());
        let ends = match c {
            '。' | '！' | '？' => true,
            '.' | '!' | '?' => next_is_space && !abbreviation(&paragraph[start..at]),
            _ => false,
        };
        if ends {
            let end = at + c.len_utf8();
            out.push(paragraph[start..end].trim());
            start = end;
        }
    }
    out.push(paragraph[start..].trim());
    out.retain(|sentence| !sentence.is_empty());
    out
}

/// Whether the text before a full stop ends with `e.g`, `i.e`, `etc`, `vs` or `cf`.
fn abbreviation(before: &str) -> bool {
    let last = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        last.as_str(),
        "e.g" | "i.e" | "etc" | "vs" | "cf" | "approx"
    )
}

#[cfg(test)]
mod tests {
    use super::super::description::split_sections;
    use super::*;

    fn read(body: &str, template: &[String]) -> Statements {
        of_pull("Title", &split_sections(body), template)
    }

    fn texts(statements: &Statements) -> Vec<(&str, ClaimOrigin, Mode)> {
        statements
            .list
            .iter()
            .map(|s| (s.text.as_str(), s.origin, s.mode))
            .collect()
    }

    #[test]
    fn sentences_list_items_and_boxes_are_statements() {
        let body = "## Summary\n\nAdds `a_b`. It is used by `CamelCase`, e.g. here.\n\n\
            - Drops `c_d`\n  (which was unused)\n\n## Before submitting\n\
            - [x] Did you write any new necessary tests?\n- [ ] Did you update the docs?\n\n\
            ## TODO\n- [ ] Benchmarks\n- Remove `x_y` later\n\n## Who can review?\n\n@someone\n";
        let statements = read(body, &[]);
        use ClaimOrigin::*;
        assert_eq!(
            texts(&statements),
            [
                ("Title", Title, Mode::Prose),
                ("Adds `a_b`.", Description, Mode::Prose),
                (
                    "It is used by `CamelCase`, e.g. here.",
                    Description,
                    Mode::Prose
                ),
                ("Drops `c_d` (which was unused)", Description, Mode::Prose),
                (
                    "Did you write any new necessary tests?",
                    TickedBox,
                    Mode::TemplateBox
                ),
                ("Remove `x_y` later", Description, Mode::Listed),
            ]
        );
        assert_eq!(statements.unticked, ["Benchmarks"]);
    }

    #[test]
    fn template_lines_commands_and_markup_are_not_statements() {
        let template = template_lines("Fixes # (issue)\n- [ ] I added tests\n");
        let body = "Fixes # (issue)\n/kind bug\nr? @reviewer\n> quoted `a_b`\n| t | `c_d` |\n\
            ![img](x.png)\n\n- [x] I added tests\n- [ ] I added tests\n";
        let statements = read(body, &template);
        assert_eq!(
            texts(&statements),
            [
                ("Title", ClaimOrigin::Title, Mode::Prose),
                ("I added tests", ClaimOrigin::TickedBox, Mode::TemplateBox),
            ]
        );
        assert!(statements.unticked.is_empty());
    }

    #[test]
    fn issue_acceptance_lists_are_boxes_and_criteria_bullets() {
        let mut out = Statements::default();
        of_issue(
            7,
            "Some context `not_read`.\n\n## Acceptance criteria\n- `retry_count` is configurable\n\n\
             - [ ] Docs updated\n```\n- [x] in code\n```\n",
            &mut out,
        );
        assert_eq!(
            out.list
                .iter()
                .map(|s| (s.text.as_str(), s.issue))
                .collect::<Vec<_>>(),
            [
                ("`retry_count` is configurable", Some(7)),
                ("Docs updated", Some(7))
            ]
        );
    }

    #[test]
    fn sentence_ends_outside_code_spans_only() {
        assert_eq!(
            sentences("Call `a. b` now. Then stop! Ok? 完成。下一步"),
            ["Call `a. b` now.", "Then stop!", "Ok?", "完成。", "下一步"]
        );
    }
}
