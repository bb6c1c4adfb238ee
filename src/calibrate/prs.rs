//! Which mainline commits are merged pull requests, and what later commits say about them.
//!
//! **Merged pull requests.** GitHub writes two shapes onto the default branch: a squash merge,
//! whose subject is the PR title followed by ` (#N)`, and a merge commit, `Merge pull request
//! #N from OWNER/BRANCH`, with the PR title as the first line of its body (GitHub Docs, "About
//! pull request merges", read 2026-12-06). Rebase merges leave no number and are counted as
//! direct commits; bors/homu merges (`Merge #N`, `Auto merge of #N`) are not read.
//!
//! **Reverts.** `git revert` writes `Revert "<subject>"` and `This reverts commit <sha>.`; some
//! projects write `revert: <subject>` (Conventional Commits) or `Revert #N`. A PR is reverted
//! when a later commit names its mainline sha, its number after "revert", or its exact subject.
//!
//! **Fixes.** A later commit is a fix when its subject says so: a Conventional Commits `fix:`
//! type or one of [`FIX_WORDS`] as a word (case-insensitive). This is the keyword half of the
//! SZZ heuristic (Śliwerski, Zimmermann, Zeller, "When do changes induce fixes?", MSR 2005);
//! `docs/calibration.md` says what it misses.

/// How a mainline commit reached the default branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Merged {
    /// `Title (#N)`.
    Squash { number: u64, title: String },
    /// `Merge pull request #N from OWNER/BRANCH`; `head_owner` is OWNER.
    MergeCommit {
        number: u64,
        title: String,
        head_owner: String,
    },
}

impl Merged {
    pub fn number(&self) -> u64 {
        match self {
            Merged::Squash { number, .. } | Merged::MergeCommit { number, .. } => *number,
        }
    }

    pub fn title(&self) -> &str {
        match self {
            Merged::Squash { title, .. } | Merged::MergeCommit { title, .. } => title,
        }
    }
}

/// Words that make a subject a fix (whole words, any case).
pub const FIX_WORDS: &[&str] = &[
    "fix",
    "fixes",
    "fixed",
    "fixing",
    "bug",
    "bugfix",
    "hotfix",
    "regression",
    "crash",
    "broken",
];

/// Reads a mainline commit: a merged pull request, or `None` for a direct commit.
pub fn merged_pull_request(message: &str, parents: usize) -> Option<Merged> {
    let mut lines = message.lines();
    let subject = lines.next().unwrap_or("").trim();
    if parents >= 2 {
        if let Some(rest) = subject.strip_prefix("Merge pull request #") {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let number = digits.parse().ok().filter(|number| *number > 0)?;
            let head = rest[digits.len()..].trim_start().strip_prefix("from ")?;
            let head_owner = head.split('/').next().unwrap_or("").to_string();
            let title = lines
                .map(str::trim)
                .find(|line| !line.is_empty())
                .unwrap_or(subject)
                .to_string();
            return Some(Merged::MergeCommit {
                number,
                title,
                head_owner,
            });
        }
        return None;
    }
    let (title, number) = trailing_number(subject)?;
    Some(Merged::Squash {
        number,
        title: title.to_string(),
    })
}

/// `("Title", N)` of `Title (#N)`.
fn trailing_number(subject: &str) -> Option<(&str, u64)> {
    let inner = subject.strip_suffix(')')?;
    let open = inner.rfind("(#")?;
    let number = inner[open + 2..]
        .parse()
        .ok()
        .filter(|number| *number > 0)?;
    Some((inner[..open].trim_end(), number))
}

/// What a later commit says it reverts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RevertClaims {
    /// Commit ids (full or abbreviated) after "This reverts commit".
    pub shas: Vec<String>,
    /// PR numbers after "Revert #", "Reverts #", "Revert PR #", "revert pull request #".
    pub numbers: Vec<u64>,
    /// The reverted subject, `(#N)` removed and lower-cased.
    pub subject: Option<String>,
}

impl RevertClaims {
    pub fn is_empty(&self) -> bool {
        self.shas.is_empty() && self.numbers.is_empty() && self.subject.is_none()
    }
}

/// Reads what a commit message claims to revert.
pub fn revert_claims(message: &str) -> RevertClaims {
    let mut claims = RevertClaims::default();
    let lower = message.to_ascii_lowercase();
    for (at, _) in lower.match_indices("this reverts commit ") {
        let sha: String = lower[at + "this reverts commit ".len()..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        if sha.len() >= 7 {
            claims.shas.push(sha);
        }
    }
    let subject = lower.lines().next().unwrap_or("").trim();
    let after = ["revert \"", "revert: ", "revert \u{201c}"]
        .iter()
        .find_map(|prefix| subject.strip_prefix(prefix));
    if let Some(rest) = after {
        let rest = rest
            .trim_end_matches(|c: char| c == ')' || c.is_ascii_digit() || c == '#' || c == '(')
            .trim_end();
        let quoted = rest.trim_end_matches(['"', '\u{201d}']);
        let reverted = trailing_number(&format!("{quoted})"))
            .map(|(title, _)| title.to_string())
            .unwrap_or_else(|| strip_number(quoted));
        if !reverted.is_empty() {
            claims.subject = Some(reverted);
        }
    }
    for prefix in [
        "revert #",
        "reverts #",
        "revert pr #",
        "revert pull request #",
    ] {
        for (at, _) in lower.match_indices(prefix) {
            let digits: String = lower[at + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(number) = digits.parse() {
                claims.numbers.push(number);
            }
        }
    }
    claims
}

/// `title (#N)` → `title` (lower-cased already).
fn strip_number(text: &str) -> String {
    trailing_number(text)
        .map(|(title, _)| title.to_string())
        .unwrap_or_else(|| text.trim().to_string())
}

/// The subject a revert would quote: the PR's title without ` (#N)`, lower-cased.
pub fn revert_key(subject: &str) -> String {
    let lower = subject.trim().to_ascii_lowercase();
    strip_number(&lower)
}

/// Words that make a fix a fix of something other than behaviour (a typo, the docs, the
/// linter), which is no defect.
pub const NOT_DEFECT_WORDS: &[&str] = &[
    "typo",
    "typos",
    "spelling",
    "grammar",
    "wording",
    "lint",
    "linter",
    "linting",
    "format",
    "formatting",
    "whitespace",
    "doc",
    "docs",
    "docstring",
    "docstrings",
    "documentation",
    "changelog",
    "comment",
    "comments",
];

/// True when the subject is a fix ([`FIX_WORDS`], or a Conventional Commits `fix` type) of
/// behaviour, not of [`NOT_DEFECT_WORDS`].
pub fn is_fix(subject: &str) -> bool {
    let lower = subject.to_ascii_lowercase();
    let words = || lower.split(|c: char| !c.is_ascii_alphanumeric());
    if words().any(|word| NOT_DEFECT_WORDS.contains(&word)) {
        return false;
    }
    lower.starts_with("fix:")
        || lower.starts_with("fix(")
        || lower.starts_with("fix!:")
        || words().any(|word| FIX_WORDS.contains(&word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squash_and_merge_commits_are_pull_requests_direct_commits_are_not() {
        assert_eq!(
            merged_pull_request("Add offloading (#43774)\n\nbody", 1),
            Some(Merged::Squash {
                number: 43774,
                title: "Add offloading".into()
            })
        );
        assert_eq!(
            merged_pull_request(
                "Merge pull request #12 from alice/fix-parser\n\nFix the parser",
                2
            ),
            Some(Merged::MergeCommit {
                number: 12,
                title: "Fix the parser".into(),
                head_owner: "alice".into()
            })
        );
        assert_eq!(merged_pull_request("Bump version", 1), None);
        assert_eq!(merged_pull_request("Merge branch 'main' into dev", 2), None);
        assert_eq!(merged_pull_request("Mention (#0)", 1), None);
    }

    #[test]
    fn reverts_name_a_sha_a_number_or_a_subject() {
        let claims = revert_claims(
            "Revert \"Add offloading (#43774)\" (#43800)\n\nThis reverts commit 7b64ad3ec7ddd1ad.",
        );
        assert_eq!(claims.shas, ["7b64ad3ec7ddd1ad"]);
        assert_eq!(claims.subject.as_deref(), Some("add offloading"));
        assert_eq!(revert_key("Add offloading (#43774)"), "add offloading");
        let conventional = revert_claims("revert: fix(runtime): keep refs (#99)");
        assert_eq!(
            conventional.subject.as_deref(),
            Some("fix(runtime): keep refs")
        );
        assert_eq!(
            revert_claims("Revert #123 because it broke CI").numbers,
            [123]
        );
        assert!(revert_claims("Fix the revert button").is_empty());
    }

    #[test]
    fn fixes_are_told_by_their_subject() {
        for subject in [
            "fix: crash on empty input (#3)",
            "fix(parser): x",
            "Avoid a regression in 3.1",
            "hotfix for #12",
        ] {
            assert!(is_fix(subject), "{subject}");
        }
        for subject in [
            "Add prefix support",
            "Refactor fixtures",
            "docs: suffixes",
            "feat: bugle",
            "Fix typo",
            "fix(docs): link",
        ] {
            assert!(!is_fix(subject), "{subject}");
        }
    }
}
