//! Assembling the fetched sections into a `prlens.bundle.v1` JSON value.
//!
//! Why: the bundle is the reproducible record behind a panel ("download bundle", then
//! `prlens analyze` offline gives the same signal), so it embeds GitHub's raw objects
//! unchanged and says in `fetch_notes` why any section is missing or cut short. It never
//! contains the token. Format: `docs/bundle.md` and `src/bundle/`.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::bundle::BUNDLE_FORMAT;

/// Everything fetched for one PR so far. `None` = not fetched (the engine's "unknown").
#[derive(Debug, Default, Clone)]
pub struct BundleDraft {
    pub pull: Value,
    pub files: Option<Vec<Value>>,
    pub files_truncated: bool,
    pub commits: Option<Vec<Value>>,
    pub commits_truncated: bool,
    pub users: BTreeMap<String, Value>,
    pub users_fetched: bool,
    pub history: BTreeMap<String, Value>,
    pub history_fetched: bool,
    pub check_runs: Option<Value>,
    pub status: Option<Value>,
    pub reviews: Option<Vec<Value>>,
    pub familiarity: BTreeMap<String, BTreeMap<String, u64>>,
    pub familiarity_fetched: bool,
    /// Items of the PR's issue timeline (`GET /repos/{o}/{r}/issues/{n}/timeline`).
    pub timeline: Option<Vec<Value>>,
    /// Items of `GET /users/{login}/events/public` per login.
    pub events: BTreeMap<String, Vec<Value>>,
    pub events_fetched: bool,
    /// `{"<k>": {"issue": …, "timeline": […]}}` for the issues the PR says it closes.
    pub linked_issues: BTreeMap<String, Value>,
    pub linked_issues_fetched: bool,
    /// The raw contents response of `.github/pull_request_template.md` on the base branch.
    pub pr_template: Option<Value>,
    /// GitHub's comparison of the newest approval's commit with the head, without patches.
    pub since_approval: Option<Value>,
    /// `{"login", "teams"?, "history"?}`: whose view this is (issue #38).
    pub viewer: Option<Value>,
    /// The base branch's CODEOWNERS contents response, `{}` when none of GitHub's places has one.
    pub codeowners: Option<Value>,
    /// GitHub's comparison of the viewer's newest reviewed commit with the head, with patches.
    pub since_review: Option<Value>,
    /// The viewer's reviewed commit is the newest approval's: `since_approval`'s answer serves both.
    pub since_review_shares_approval: bool,
    pub page: Option<Value>,
    pub notes: Vec<String>,
}

impl BundleDraft {
    /// Adds a note once (several pages can fail for the same reason).
    pub fn note(&mut self, note: String) {
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
    }

    /// Distinct commit-author logins, in commit order.
    pub fn commit_authors(&self) -> Vec<String> {
        let mut logins: Vec<String> = Vec::new();
        for commit in self.commits.iter().flatten() {
            if let Some(login) = commit
                .get("author")
                .and_then(|author| author.get("login"))
                .and_then(Value::as_str)
            {
                if !logins.iter().any(|known| known == login) {
                    logins.push(login.to_string());
                }
            }
        }
        logins
    }

    /// The bundle JSON, stamped with `fetched_at`.
    pub fn to_bundle(&self, fetched_at: Option<String>) -> Value {
        let mut bundle = Map::new();
        bundle.insert("format".into(), json!(BUNDLE_FORMAT));
        if let Some(at) = fetched_at {
            bundle.insert("fetched_at".into(), json!(at));
        }
        bundle.insert("pull".into(), self.pull.clone());
        if let Some(files) = &self.files {
            bundle.insert("files".into(), Value::Array(files.clone()));
        }
        bundle.insert("files_truncated".into(), json!(self.files_truncated));
        if let Some(commits) = &self.commits {
            bundle.insert("commits".into(), Value::Array(commits.clone()));
        }
        bundle.insert("commits_truncated".into(), json!(self.commits_truncated));
        if self.users_fetched {
            bundle.insert("users".into(), json!(self.users));
        }
        if self.history_fetched {
            bundle.insert("history".into(), json!(self.history));
        }
        if let Some(check_runs) = &self.check_runs {
            bundle.insert("check_runs".into(), check_runs.clone());
        }
        if let Some(status) = &self.status {
            bundle.insert("status".into(), status.clone());
        }
        if let Some(reviews) = &self.reviews {
            bundle.insert("reviews".into(), Value::Array(reviews.clone()));
        }
        if self.familiarity_fetched {
            bundle.insert("familiarity".into(), json!(self.familiarity));
        }
        if let Some(timeline) = &self.timeline {
            bundle.insert("timeline".into(), Value::Array(timeline.clone()));
        }
        if self.events_fetched {
            bundle.insert("events".into(), json!(self.events));
        }
        if self.linked_issues_fetched {
            bundle.insert("linked_issues".into(), json!(self.linked_issues));
        }
        if let Some(template) = &self.pr_template {
            bundle.insert("pr_template".into(), template.clone());
        }
        if let Some(since) = &self.since_approval {
            bundle.insert("since_approval".into(), since.clone());
        }
        for (key, section) in [
            ("viewer", &self.viewer),
            ("codeowners", &self.codeowners),
            ("since_review", &self.since_review),
        ] {
            if let Some(section) = section {
                bundle.insert(key.into(), section.clone());
            }
        }
        if let Some(page) = &self.page {
            bundle.insert("page".into(), page.clone());
        }
        bundle.insert("fetch_notes".into(), json!(self.notes));
        Value::Object(bundle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::Bundle;

    #[test]
    fn assembled_bundle_reads_back_with_sections_and_notes() {
        let mut sections = BundleDraft {
            pull: json!({"number": 3, "title": "t", "user": {"login": "alice"}, "head": {"sha": "abc"}}),
            files: Some(vec![
                json!({"filename": "a.rs", "additions": 1, "deletions": 0, "status": "modified"}),
            ]),
            files_truncated: true,
            users_fetched: true,
            ..BundleDraft::default()
        };
        sections
            .users
            .insert("alice".into(), json!({"login": "alice", "type": "User"}));
        sections.note("history: skipped".into());
        sections.note("history: skipped".into());
        let value = sections.to_bundle(Some("2026-01-01T00:00:00Z".into()));
        let bundle = Bundle::from_value(&value).unwrap();
        assert_eq!(bundle.pull.number, 3);
        assert!(bundle.files_truncated);
        assert_eq!(bundle.files.unwrap().len(), 1);
        assert!(bundle.commits.is_none());
        assert!(bundle.users.unwrap().contains_key("alice"));
        assert_eq!(bundle.fetch_notes, vec!["history: skipped".to_string()]);
        assert!(bundle.fetched_at.is_some());
    }
}
