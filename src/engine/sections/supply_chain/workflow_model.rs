//! A changed workflow as the workflow checks read it: its entries ([`super::workflow_yaml`]),
//! the triggers it declares, its steps (the action each uses, its `with:` inputs, its scripts),
//! and the actions the PR's removed lines used (so a version bump is told from a new action).

use std::collections::BTreeMap;

use crate::engine::diff::Patch;

use super::workflow_yaml::{entries, Entry};

/// Events an outsider (anyone who can open an issue, a PR or a comment) can fire.
const OUTSIDER_TRIGGERS: &[&str] = &[
    "pull_request",
    "pull_request_target",
    "pull_request_review",
    "pull_request_review_comment",
    "issues",
    "issue_comment",
    "discussion",
    "discussion_comment",
    "workflow_run",
    "fork",
    "watch",
    "gollum",
];

pub(crate) struct Workflow {
    pub entries: Vec<Entry>,
    /// `uses:` values on the PR's removed lines, without their `@ref`, lower-case, with whether
    /// that old reference was pinned to a commit SHA.
    pub removed_uses: Vec<(String, bool)>,
}

/// One step: its entries in file order.
pub(crate) struct Step<'a> {
    pub entries: Vec<&'a Entry>,
}

impl<'a> Step<'a> {
    /// The `uses:` of the step itself (not a `with:` input named `uses`).
    pub fn uses(&self) -> Option<&'a Entry> {
        self.entries
            .iter()
            .copied()
            .find(|entry| entry.key() == "uses" && entry.parent(1) != "with")
    }

    /// The action the step uses, lower-case, without its `@ref` (`actions/checkout`).
    pub fn action(&self) -> Option<String> {
        self.uses().map(|entry| action_name(&entry.value))
    }

    /// The `with:` input `name` (case-insensitive).
    pub fn input(&self, name: &str) -> Option<&'a Entry> {
        self.entries
            .iter()
            .copied()
            .find(|entry| entry.parent(1) == "with" && entry.key().eq_ignore_ascii_case(name))
    }

    /// The step's `run:` lines.
    pub fn scripts(&self) -> impl Iterator<Item = &'a Entry> + '_ {
        self.entries
            .iter()
            .copied()
            .filter(|entry| entry.key() == "run")
    }

    /// Whether any of the step's lines were added by the PR.
    pub fn added(&self) -> bool {
        self.entries.iter().any(|entry| entry.added)
    }
}

/// `owner/name[/path]` of a `uses:` value, lower-case and without `@ref`.
pub(crate) fn action_name(reference: &str) -> String {
    let reference = reference.trim().trim_matches(['"', '\'']);
    reference
        .split('@')
        .next()
        .unwrap_or(reference)
        .to_ascii_lowercase()
}

/// Whether a `uses:` value is pinned to a 40-hex commit SHA.
pub(crate) fn pinned(reference: &str) -> bool {
    let version = reference.trim().split_once('@').map_or("", |(_, v)| v);
    let version = version.split_whitespace().next().unwrap_or("");
    version.len() == 40 && version.chars().all(|c| c.is_ascii_hexdigit())
}

impl Workflow {
    pub fn read(patch: &Patch) -> Self {
        let removed_uses = patch
            .removed()
            .filter_map(|line| {
                let (_, value) = line.split_once("uses:")?;
                let value = value.split(" #").next().unwrap_or(value).trim();
                let value = value.trim_matches(['"', '\'']);
                (!value.is_empty()).then(|| (action_name(value), pinned(value)))
            })
            .collect();
        Workflow {
            entries: entries(patch),
            removed_uses,
        }
    }

    /// The events under `on:` (a key below it, or its scalar or list value), with whether the
    /// line naming each was added.
    pub fn triggers(&self) -> Vec<(String, bool)> {
        let mut found: Vec<(String, bool)> = Vec::new();
        for entry in &self.entries {
            let Some(at) = entry.path.iter().position(|key| key == "on") else {
                continue;
            };
            if entry.anchored && at != 0 {
                continue;
            }
            let names: Vec<String> = match entry.path.get(at + 1) {
                Some(event) => vec![event.clone()],
                None => entry
                    .value
                    .split([',', ' ', '[', ']'])
                    .filter(|word| !word.is_empty())
                    .map(str::to_string)
                    .collect(),
            };
            for name in names {
                match found.iter_mut().find(|(known, _)| *known == name) {
                    Some((_, added)) => *added |= entry.added,
                    None => found.push((name, entry.added)),
                }
            }
        }
        found
    }

    /// The first declared trigger among `events`, with whether its line was added.
    pub fn trigger_among(&self, events: &[&str]) -> Option<(String, bool)> {
        self.triggers()
            .into_iter()
            .find(|(name, _)| events.contains(&name.as_str()))
    }

    /// Whether the workflow's triggers are known (an `on:` is in view) and none of them can be
    /// fired by an outsider (push, release, schedule, manual runs): then event text was written
    /// by someone with write access.
    pub fn maintainer_only(&self) -> bool {
        let triggers = self.triggers();
        !triggers.is_empty()
            && triggers.iter().all(|(name, _)| {
                !OUTSIDER_TRIGGERS.contains(&name.as_str()) && name != "workflow_call"
            })
    }

    /// The steps in file order.
    pub fn steps(&self) -> Vec<Step<'_>> {
        let mut steps: BTreeMap<usize, Vec<&Entry>> = BTreeMap::new();
        for entry in &self.entries {
            if let Some(step) = entry.step {
                steps.entry(step).or_default().push(entry);
            }
        }
        steps
            .into_values()
            .map(|entries| Step { entries })
            .collect()
    }

    /// Whether the PR's removed lines used `action` already (a bump of an existing reference),
    /// and whether that old reference was pinned.
    pub fn removed_use_of(&self, action: &str) -> Option<bool> {
        self.removed_uses
            .iter()
            .find(|(name, _)| name == action)
            .map(|(_, pinned)| *pinned)
    }

    /// Whether the patch holds the whole file (every entry anchored and added): then what is
    /// absent from it is absent from the workflow.
    pub fn whole(&self) -> bool {
        !self.entries.is_empty()
            && self
                .entries
                .iter()
                .all(|entry| entry.anchored && entry.added)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff;

    #[test]
    fn steps_are_grouped_and_triggers_read_in_every_shape() {
        let patch = diff::parse("@@ -0,0 +1,12 @@\n+on: [push, pull_request_target]\n+jobs:\n+  a:\n+    steps:\n+      - uses: actions/checkout@v4\n+        with:\n+          ref: x\n+      - run: make\n+  b:\n+    steps:\n+      - {uses: actions/cache@v4, with: {path: x}}\n+      - run: echo");
        let workflow = Workflow::read(&patch);
        let names: Vec<String> = workflow.triggers().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["push", "pull_request_target"]);
        let steps = workflow.steps();
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[0].action().as_deref(), Some("actions/checkout"));
        assert_eq!(steps[0].input("ref").map(|e| e.value.as_str()), Some("x"));
        assert_eq!(steps[2].input("path").map(|e| e.value.as_str()), Some("x"));
        assert!(workflow.whole());
    }

    #[test]
    fn a_hunk_reads_steps_and_the_removed_side_names_bumped_actions() {
        let patch = diff::parse("@@ -10,4 +10,5 @@ jobs:\n     steps:\n-      - uses: actions/checkout@v4\n+      - uses: actions/checkout@v5\n         with:\n+          persist-credentials: false\n       - run: make");
        let workflow = Workflow::read(&patch);
        let steps = workflow.steps();
        assert_eq!(steps.len(), 2);
        assert!(steps[0].input("persist-credentials").is_some());
        assert_eq!(workflow.removed_use_of("actions/checkout"), Some(false));
        assert!(!workflow.whole());
    }
}
