//! The checks on the issues the PR links (`linked_issues` in the bundle: each issue and its
//! timeline): open and not assigned to someone else; no other open PR mentions it.

use crate::bundle::LinkedIssue;
use crate::engine::context::Context;
use crate::signal::{CheckOutcome, Intent};

const NOT_FETCHED: &str = "Not checked: the linked issues were not fetched";

/// The linked issues the bundle has, or the outcome when there is nothing to check.
fn fetched<'a>(
    context: &'a Context,
    intent: &Intent,
) -> Result<Vec<&'a LinkedIssue>, (CheckOutcome, String)> {
    if intent.linked_issues.is_empty() {
        return Err((
            CheckOutcome::Pass,
            "No issue is linked, nothing to check".into(),
        ));
    }
    let Some(issues) = &context.bundle.linked_issues else {
        return Err((CheckOutcome::NotChecked, NOT_FETCHED.into()));
    };
    let found: Vec<&LinkedIssue> = intent
        .linked_issues
        .iter()
        .filter_map(|number| issues.get(number))
        .collect();
    if found.is_empty() {
        return Err((CheckOutcome::NotChecked, NOT_FETCHED.into()));
    }
    Ok(found)
}

pub(super) fn available(context: &Context, intent: &Intent) -> (CheckOutcome, String) {
    let issues = match fetched(context, intent) {
        Ok(issues) => issues,
        Err(outcome) => return outcome,
    };
    let author = context.bundle.pull.author.as_deref().unwrap_or_default();
    let mut notes = Vec::new();
    for issue in &issues {
        if issue.state == "closed" {
            notes.push(format!("#{} is closed", issue.number));
        } else if !issue.assignees.is_empty()
            && !issue
                .assignees
                .iter()
                .any(|login| login.eq_ignore_ascii_case(author))
        {
            notes.push(format!(
                "#{} is assigned to {}",
                issue.number,
                issue.assignees.join(", ")
            ));
        }
    }
    if notes.is_empty() {
        let numbers: Vec<String> = issues
            .iter()
            .map(|issue| format!("#{}", issue.number))
            .collect();
        return (
            CheckOutcome::Pass,
            format!(
                "{} open and free to take (or assigned to the author)",
                numbers.join(", ")
            ),
        );
    }
    (
        CheckOutcome::Fail,
        format!(
            "{}: worth checking with the issue's assignee or whether the work is still wanted",
            notes.join("; ")
        ),
    )
}

pub(super) fn no_competing_pr(context: &Context, intent: &Intent) -> (CheckOutcome, String) {
    let issues = match fetched(context, intent) {
        Ok(issues) => issues,
        Err(outcome) => return outcome,
    };
    let pull = &context.bundle.pull;
    let this_repo = format!("{}/{}", pull.owner, pull.repo);
    let mut notes = Vec::new();
    for issue in &issues {
        let mut others: Vec<String> = Vec::new();
        for other in &issue.referencing_pulls {
            let same_repo = other
                .repository
                .as_deref()
                .is_none_or(|repo| repo.eq_ignore_ascii_case(&this_repo));
            let label = match &other.author {
                Some(author) => format!("#{} by {author}", other.number),
                None => format!("#{}", other.number),
            };
            if other.state == "open"
                && same_repo
                && other.number != pull.number
                && !others.contains(&label)
            {
                others.push(label);
            }
        }
        if !others.is_empty() {
            notes.push(format!(
                "#{} is also mentioned by {}",
                issue.number,
                others.join(", ")
            ));
        }
    }
    if notes.is_empty() {
        return (
            CheckOutcome::Pass,
            "No other open PR mentions the linked issue".into(),
        );
    }
    (
        CheckOutcome::Fail,
        format!(
            "{}: worth comparing before reviewing both",
            notes.join("; ")
        ),
    )
}
