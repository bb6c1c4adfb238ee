//! What the repository knew before a commit: each person's earlier contributions and the
//! files they had touched.
//!
//! **What it keeps.** Walking the default branch oldest first, every mainline commit is
//! recorded under its author (for a merged pull request: the PR's author, not the merger) with
//! the paths it touched (both sides of a rename). A pull request is turned into a bundle
//! *before* its own commit is recorded, so nothing from its future leaks into it.
//!
//! **How it maps to GitHub.** `contributions` stands for GitHub's `author_association`
//! (FIRST_TIME_CONTRIBUTOR: "has not previously committed to the repository") and for the
//! search counts of `history`; `familiarity` for `GET …/commits?path=P&author=U` (prior commits
//! by the author on that path). GitHub also counts commits that reached the default branch
//! inside merge commits; this walk attributes the whole merge to the PR's author, which is the
//! same for the files the PR changed.

use std::collections::HashMap;

use super::people::PersonId;

/// Contributions and touched paths per person, as of the commit being read.
#[derive(Debug, Default)]
pub struct History {
    contributions: HashMap<PersonId, u64>,
    touched: HashMap<PersonId, HashMap<String, u64>>,
}

impl History {
    /// Mainline commits by this person before now (merged PRs and direct commits).
    pub fn contributions(&self, person: PersonId) -> u64 {
        self.contributions.get(&person).copied().unwrap_or(0)
    }

    /// Earlier mainline commits by this person that touched `path`.
    pub fn familiarity(&self, person: PersonId, path: &str) -> u64 {
        self.touched
            .get(&person)
            .and_then(|paths| paths.get(path))
            .copied()
            .unwrap_or(0)
    }

    /// Records one mainline commit by `person` touching `paths`.
    pub fn record<'a>(&mut self, person: PersonId, paths: impl IntoIterator<Item = &'a str>) {
        *self.contributions.entry(person).or_default() += 1;
        let touched = self.touched.entry(person).or_default();
        for path in paths {
            match touched.get_mut(path) {
                Some(count) => *count += 1,
                None => {
                    touched.insert(path.to_string(), 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_contributions_and_per_path_familiarity() {
        let mut history = History::default();
        assert_eq!(history.contributions(1), 0);
        history.record(1, ["src/a.rs", "README.md"]);
        history.record(1, ["src/a.rs"]);
        history.record(2, ["src/b.rs"]);
        assert_eq!(history.contributions(1), 2);
        assert_eq!(history.familiarity(1, "src/a.rs"), 2);
        assert_eq!(history.familiarity(1, "src/b.rs"), 0);
        assert_eq!(history.familiarity(2, "src/b.rs"), 1);
    }
}
