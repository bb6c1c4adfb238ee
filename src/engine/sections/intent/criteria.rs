//! Acceptance criteria: task items anywhere in the description and bullets under criteria
//! headings, met when checked or when the diff shows it (tests or docs changed).

use super::description::{bullet_item, heading_matches, task_item, Section};
use crate::engine::context::Context;
use crate::engine::files::FileClass;
use crate::settings::section_tables::MAX_CRITERIA;
use crate::signal::Criterion;

/// Headings whose bullets are acceptance criteria.
pub(super) const CRITERIA_HEADINGS: [&str; 10] = [
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

pub(super) fn criteria(context: &Context, sections: &[Section]) -> Vec<Criterion> {
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
