//! Reads the bundle sections the low-effort checks use: `linked_issues` (per issue the PR
//! links, `GET /repos/{o}/{r}/issues/{k}` and its timeline) and `pr_template` (`GET
//! /repos/{o}/{r}/contents/.github/pull_request_template.md`, base64 `content`). Both are
//! GitHub's raw responses (docs/bundle.md); absent or null means "not fetched".

use std::collections::BTreeMap;

use base64::Engine as _;

use super::json::{Raw, Shape, LEAF};
use super::model::{LinkedIssue, ReferencingPull};

/// A `linked_issues` section that is not an object: the kind of value found instead.
pub(super) struct NotAnObject(pub &'static str);

static LOGIN: Shape = Shape {
    fields: &[("login", &LEAF)],
    items: None,
    entries: None,
};
static LOGINS: Shape = Shape {
    fields: &[],
    items: Some(&LOGIN),
    entries: None,
};
static REPOSITORY: Shape = Shape {
    fields: &[("full_name", &LEAF)],
    items: None,
    entries: None,
};
static SOURCE_ISSUE: Shape = Shape {
    fields: &[
        ("number", &LEAF),
        ("state", &LEAF),
        ("pull_request", &LEAF),
        ("user", &LOGIN),
        ("repository", &REPOSITORY),
    ],
    items: None,
    entries: None,
};
static SOURCE: Shape = Shape {
    fields: &[("issue", &SOURCE_ISSUE)],
    items: None,
    entries: None,
};
static TIMELINE_ITEM: Shape = Shape {
    fields: &[("event", &LEAF), ("source", &SOURCE)],
    items: None,
    entries: None,
};
static TIMELINE: Shape = Shape {
    fields: &[],
    items: Some(&TIMELINE_ITEM),
    entries: None,
};
static ISSUE: Shape = Shape {
    fields: &[
        ("number", &LEAF),
        ("state", &LEAF),
        ("assignee", &LOGIN),
        ("assignees", &LOGINS),
        ("body", &LEAF),
    ],
    items: None,
    entries: None,
};
static LINKED_ISSUE: Shape = Shape {
    fields: &[("issue", &ISSUE), ("timeline", &TIMELINE)],
    items: None,
    entries: None,
};
/// `{"<number>": {"issue": …, "timeline": […]}}`.
pub(super) static LINKED_ISSUES: Shape = Shape {
    fields: &[],
    items: None,
    entries: Some(&LINKED_ISSUE),
};
/// The contents API response: only its `content` and `encoding`.
pub(super) static PR_TEMPLATE: Shape = Shape {
    fields: &[("content", &LEAF), ("encoding", &LEAF)],
    items: None,
    entries: None,
};

fn text(value: &Raw, key: &str) -> Option<String> {
    value.field(key).scalar().as_str().map(str::to_string)
}

fn login(value: &Raw) -> Option<String> {
    text(value, "login")
}

/// The `linked_issues` section; `None` when not fetched. Entries whose key is not an issue
/// number, or whose `issue` is not an object, are skipped.
pub(super) fn linked_issues(root: &Raw) -> Result<Option<BTreeMap<u64, LinkedIssue>>, NotAnObject> {
    let section = match root.get("linked_issues") {
        None => return Ok(None),
        Some(value) if value.is_null() => return Ok(None),
        Some(value @ Raw::Entries(_)) => value,
        Some(other) => return Err(NotAnObject(other.kind())),
    };
    let mut issues = BTreeMap::new();
    for (key, entry) in section.entries() {
        let Ok(number) = key.trim_start_matches('#').parse::<u64>() else {
            continue;
        };
        let issue = entry.field("issue");
        if !issue.is_object() {
            continue;
        }
        let mut assignees: Vec<String> = issue
            .field("assignees")
            .items()
            .iter()
            .filter_map(login)
            .collect();
        if let Some(single) = login(issue.field("assignee")) {
            if !assignees.contains(&single) {
                assignees.push(single);
            }
        }
        let referencing_pulls = entry
            .field("timeline")
            .items()
            .iter()
            .filter(|item| item.field("event").scalar().as_str() == Some("cross-referenced"))
            .filter_map(|item| referencing_pull(item.path(&["source", "issue"])))
            .collect();
        issues.insert(
            number,
            LinkedIssue {
                number,
                state: text(issue, "state").unwrap_or_default(),
                assignees,
                body: text(issue, "body").unwrap_or_default(),
                referencing_pulls,
            },
        );
    }
    Ok(Some(issues))
}

/// The source of a `cross-referenced` event when it is a pull request.
fn referencing_pull(source: &Raw) -> Option<ReferencingPull> {
    if source.field("pull_request").is_null() {
        return None;
    }
    Some(ReferencingPull {
        number: source.field("number").scalar().unsigned()?,
        state: text(source, "state").unwrap_or_default(),
        repository: text(source.field("repository"), "full_name"),
        author: login(source.field("user")),
    })
}

/// The PR template's text; `None` when not fetched or not decodable (base64 with GitHub's line
/// breaks, UTF-8).
pub(super) fn pr_template(root: &Raw) -> Option<String> {
    let response = root.get("pr_template").filter(|value| value.is_object())?;
    decode_contents(response)
}

/// The text of a `GET …/contents/{path}` response: base64 `content` with line breaks (also
/// the `codeowners` section's reading).
pub(super) fn decode_contents(response: &Raw) -> Option<String> {
    let content = response.field("content").scalar().as_str()?;
    let encoding = response.field("encoding").scalar().as_str();
    if encoding.is_some_and(|encoding| encoding != "base64") {
        return None;
    }
    let compact: String = content.split_whitespace().collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(compact)
        .ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use crate::bundle::Bundle;
    use serde_json::json;

    #[test]
    fn linked_issues_read_state_assignees_and_referencing_pulls() {
        let bundle = Bundle::from_value(&json!({
            "pull": {"number": 9},
            "linked_issues": {"12": {
                "issue": {"number": 12, "state": "open", "assignees": [{"login": "bob"}],
                          "body": "- [ ] `retry` is capped"},
                "timeline": [
                    {"event": "cross-referenced", "source": {"type": "issue", "issue": {
                        "number": 8, "state": "open", "pull_request": {"url": "x"},
                        "user": {"login": "carol"}, "repository": {"full_name": "o/r"}}}},
                    {"event": "cross-referenced", "source": {"type": "issue", "issue": {
                        "number": 3, "state": "open"}}},
                    {"event": "labeled"}
                ]
            }, "x": {"issue": {}}}
        }))
        .unwrap();
        let issues = bundle.linked_issues.unwrap();
        assert_eq!(issues.len(), 1);
        let issue = &issues[&12];
        assert_eq!(issue.assignees, vec!["bob".to_string()]);
        assert_eq!(issue.referencing_pulls.len(), 1);
        assert_eq!(issue.referencing_pulls[0].number, 8);
        assert_eq!(
            issue.body, "- [ ] `retry` is capped",
            "its acceptance list is read"
        );
    }

    #[test]
    fn a_template_is_decoded_from_base64_with_line_breaks() {
        let bundle = Bundle::from_value(&json!({
            "pull": {"number": 9},
            "pr_template": {"content": "IyMgU3Vt\nbWFyeQo=\n", "encoding": "base64"}
        }))
        .unwrap();
        assert_eq!(bundle.pr_template.as_deref(), Some("## Summary\n"));
        let broken = Bundle::from_value(&json!({
            "pull": {"number": 9}, "pr_template": {"content": "%%%", "encoding": "base64"}
        }))
        .unwrap();
        assert_eq!(broken.pr_template, None);
    }

    #[test]
    fn old_bundles_without_the_sections_read_as_not_fetched() {
        let bundle = Bundle::from_value(&json!({"pull": {"number": 9}})).unwrap();
        assert!(bundle.linked_issues.is_none() && bundle.pr_template.is_none());
        let wrong = Bundle::from_value(&json!({"pull": {"number": 9}, "linked_issues": []}));
        assert!(wrong.is_err());
    }
}
