//! Whether the description is more than the PR template: from the body alone (only HTML
//! comments, every heading empty, every checklist box unticked) and, when the bundle has the
//! repository's template, by comparing the two.

use crate::engine::context::Context;
use crate::engine::sections::intent::description::{split_sections, task_item};
use crate::engine::sections::intent::strip_html_comments;
use crate::signal::CheckOutcome;

/// Headings needed before "every heading is empty" says template (one empty heading is a style).
const MIN_EMPTY_HEADINGS: usize = 2;
/// Boxes needed before "no box ticked" says template.
const MIN_UNTICKED_BOXES: usize = 2;

pub(super) fn filled(context: &Context) -> (CheckOutcome, String) {
    let body = context.bundle.pull.body.replace("\r\n", "\n");
    let text = strip_html_comments(&body);
    if text.trim().is_empty() {
        let detail = if body.trim().is_empty() {
            "The description is empty"
        } else {
            "The description holds only the template's hidden comments"
        };
        return (CheckOutcome::Fail, detail.into());
    }
    if let Some(template) = &context.bundle.pr_template {
        let template_lines = content_lines(&strip_html_comments(&template.replace("\r\n", "\n")));
        let added = content_lines(&text)
            .into_iter()
            .filter(|line| !template_lines.contains(line))
            .count();
        if added == 0 {
            return (
                CheckOutcome::Fail,
                "The description is the repository's PR template with nothing added".into(),
            );
        }
    }
    let sections = split_sections(&text);
    let headed: Vec<_> = sections.iter().filter(|s| s.heading.is_some()).collect();
    let all_empty = headed
        .iter()
        .all(|section| section.lines.iter().all(|line| line.trim().is_empty()));
    if headed.len() >= MIN_EMPTY_HEADINGS && all_empty {
        return (
            CheckOutcome::Fail,
            format!(
                "All {} headings of the description are empty, as in an unfilled template",
                headed.len()
            ),
        );
    }
    let boxes: Vec<bool> = text
        .lines()
        .filter_map(|line| task_item(line).map(|(ticked, _)| ticked))
        .collect();
    if boxes.len() >= MIN_UNTICKED_BOXES && boxes.iter().all(|ticked| !ticked) {
        return (
            CheckOutcome::Fail,
            format!(
                "None of the {} checklist boxes is ticked; the template's checklist may not have been read",
                boxes.len()
            ),
        );
    }
    let compared = if context.bundle.pr_template.is_some() {
        ", compared with the repository's PR template"
    } else {
        " (the repository's PR template was not fetched, so the body alone was read)"
    };
    (
        CheckOutcome::Pass,
        format!("The description has content of its own{compared}"),
    )
}

/// Non-empty trimmed lines, with a task item's box state ignored (ticking a box is not filling
/// in the template).
fn content_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| match task_item(line) {
            Some((_, item)) => format!("- [ ] {item}"),
            None => line.to_string(),
        })
        .collect()
}
