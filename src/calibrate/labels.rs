//! What happened to a merged pull request afterwards: reverted, or fixed soon.
//!
//! **Reverted.** A later mainline commit names the PR's commit ("This reverts commit <sha>"),
//! its number ("Revert #N") or its exact title (`Revert "<title>"`, `revert: <title>`), at any
//! time after the merge.
//!
//! **Fixed soon.** A later mainline commit within [`FIX_WINDOW_DAYS`] whose subject is a fix
//! ([`super::prs::is_fix`]) and that touches at least one *source* file the PR changed
//! (source as the engine classifies paths: not tests, docs, configuration, lockfiles,
//! generated or vendored files). It is a proxy — the keyword half of SZZ without blame — and
//! `docs/calibration.md` lists its biases: a fix of an older change to a busy file blames
//! whoever touched that file last month, so PRs touching many or busy source files are labelled
//! more often; fixes that do not say "fix" are missed; PRs merged less than the window before
//! the newest commit are left out because their window is not over.

use std::collections::HashMap;

use super::prs::{is_fix, revert_claims, revert_key, RevertClaims};
use crate::timestamp::SECONDS_PER_DAY;

/// Days after a merge in which a fix to the same source file labels the PR.
pub const FIX_WINDOW_DAYS: i64 = 30;

/// A mainline commit, as far as labels care.
#[derive(Debug, Clone)]
pub struct LaterCommit {
    pub sha: String,
    pub time: i64,
    pub subject: String,
    pub claims: RevertClaims,
    pub fix: bool,
    pub source_paths: Vec<String>,
}

impl LaterCommit {
    pub fn new(sha: &str, time: i64, message: &str, source_paths: Vec<String>) -> Self {
        let subject = message.lines().next().unwrap_or("").trim().to_string();
        let claims = revert_claims(message);
        let fix = claims.is_empty() && is_fix(&subject);
        LaterCommit {
            sha: sha.to_string(),
            time,
            subject,
            claims,
            fix,
            source_paths,
        }
    }
}

/// The outcome of one PR.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Label {
    /// The commit that reverted it.
    pub reverted_by: Option<String>,
    /// The first fix commit within the window touching one of its source files.
    pub fixed_by: Option<String>,
}

impl Label {
    /// Reverted or fixed soon: the positive class.
    pub fn bad(&self) -> bool {
        self.reverted_by.is_some() || self.fixed_by.is_some()
    }
}

/// What a PR is known by, for labelling.
#[derive(Debug, Clone)]
pub struct Labelled<'a> {
    pub sha: &'a str,
    pub number: u64,
    pub title: &'a str,
    pub time: i64,
    pub source_paths: &'a [String],
}

/// Every mainline commit after the first PR under study, indexed for labelling.
#[derive(Debug, Default)]
pub struct Labeller {
    commits: Vec<LaterCommit>,
    reverts: Vec<usize>,
    fixes_by_path: HashMap<String, Vec<usize>>,
    by_sha: HashMap<String, usize>,
}

impl Labeller {
    /// Adds a commit; commits arrive oldest first.
    pub fn push(&mut self, commit: LaterCommit) {
        let index = self.commits.len();
        if !commit.claims.is_empty() {
            self.reverts.push(index);
        }
        if commit.fix {
            for path in &commit.source_paths {
                self.fixes_by_path
                    .entry(path.clone())
                    .or_default()
                    .push(index);
            }
        }
        self.by_sha.insert(commit.sha.clone(), index);
        self.commits.push(commit);
    }

    /// The source paths a pushed commit touched (empty for an unknown commit).
    pub fn source_paths_of(&self, sha: &str) -> &[String] {
        self.by_sha
            .get(sha)
            .map_or(&[], |index| self.commits[*index].source_paths.as_slice())
    }

    /// The newest commit time seen.
    pub fn newest(&self) -> Option<i64> {
        self.commits.iter().map(|commit| commit.time).max()
    }

    /// Labels one PR from the commits after it.
    pub fn label(&self, pr: &Labelled) -> Label {
        let key = revert_key(pr.title);
        let reverted_by = self
            .reverts
            .iter()
            .map(|index| &self.commits[*index])
            .filter(|commit| commit.time >= pr.time && commit.sha != pr.sha)
            .find(|commit| {
                commit
                    .claims
                    .shas
                    .iter()
                    .any(|sha| pr.sha.starts_with(sha.as_str()))
                    || commit.claims.numbers.contains(&pr.number)
                    || (!key.is_empty() && commit.claims.subject.as_deref() == Some(key.as_str()))
            })
            .map(|commit| commit.sha.clone());
        let end = pr.time + FIX_WINDOW_DAYS * SECONDS_PER_DAY;
        let fixed_by = pr
            .source_paths
            .iter()
            .filter_map(|path| self.fixes_by_path.get(path))
            .flatten()
            .map(|index| &self.commits[*index])
            .filter(|commit| commit.time > pr.time && commit.time <= end && commit.sha != pr.sha)
            .min_by_key(|commit| (commit.time, commit.sha.clone()))
            .map(|commit| commit.sha.clone());
        Label {
            reverted_by,
            fixed_by,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = SECONDS_PER_DAY;

    fn labeller(commits: &[(&str, i64, &str, &[&str])]) -> Labeller {
        let mut labeller = Labeller::default();
        for (sha, time, message, paths) in commits {
            labeller.push(LaterCommit::new(
                sha,
                *time,
                message,
                paths.iter().map(|path| path.to_string()).collect(),
            ));
        }
        labeller
    }

    fn pr<'a>(sha: &'a str, number: u64, title: &'a str, paths: &'a [String]) -> Labelled<'a> {
        Labelled {
            sha,
            number,
            title,
            time: 10 * DAY,
            source_paths: paths,
        }
    }

    #[test]
    fn a_revert_by_sha_number_or_title_labels_the_pr() {
        let later = labeller(&[
            (
                "r1",
                11 * DAY,
                "Revert \"Add cache (#5)\" (#9)\n\nThis reverts commit abcdef1234.",
                &[],
            ),
            ("r2", 400 * DAY, "Revert #6", &[]),
        ]);
        let none: Vec<String> = vec![];
        assert_eq!(
            later
                .label(&pr("abcdef1234567", 5, "Add cache (#5)", &none))
                .reverted_by
                .as_deref(),
            Some("r1")
        );
        assert_eq!(
            later
                .label(&pr("ffff", 6, "Other", &none))
                .reverted_by
                .as_deref(),
            Some("r2")
        );
        assert_eq!(
            later
                .label(&pr("eeee", 7, "Add cache", &none))
                .reverted_by
                .as_deref(),
            Some("r1"),
            "same title"
        );
        assert!(!later.label(&pr("dddd", 8, "Unrelated", &none)).bad());
    }

    #[test]
    fn a_fix_to_the_same_source_file_within_the_window_labels_the_pr() {
        let later = labeller(&[
            ("f1", 20 * DAY, "fix: crash in parser", &["src/parser.py"]),
            ("f2", 12 * DAY, "Fix typo in parser", &["src/parser.py"]),
            ("f3", 50 * DAY, "Fix lexer crash", &["src/lexer.py"]),
            ("c1", 11 * DAY, "Refactor lexer", &["src/lexer.py"]),
        ]);
        let parser = vec!["src/parser.py".to_string()];
        let lexer = vec!["src/lexer.py".to_string()];
        assert_eq!(
            later
                .label(&pr("p", 1, "Parser", &parser))
                .fixed_by
                .as_deref(),
            Some("f1"),
            "a typo fix is no defect"
        );
        assert!(
            !later.label(&pr("l", 2, "Lexer", &lexer)).bad(),
            "fix after 30 days"
        );
    }
}
