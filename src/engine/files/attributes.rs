//! The PR's own `.gitattributes`: what its added lines claim about other files.
//!
//! Git reads `-diff` and `binary` to show "Binary files differ" instead of a diff, and GitHub's
//! linguist reads `linguist-generated` to collapse a file as generated (gitattributes(5);
//! https://github.com/github-linguist/linguist/blob/main/docs/overrides.md, read 2026-12-03).
//! Lines added by the PR are the author's claim, not the base branch's policy, so a match may
//! shorten minutes (generated) and is itself reported (hidden from the diff), never trusted to
//! lower risk. The base branch's attributes are not in the bundle today, so none are trusted.

use glob::{MatchOptions, Pattern};

use crate::bundle::ChangedFile;
use crate::engine::diff;

/// Patterns the PR's own `.gitattributes` files add, by what they claim.
#[derive(Default)]
pub(super) struct ClaimedAttributes {
    generated: Vec<Pattern>,
    hidden: Vec<Pattern>,
}

const OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: true,
    require_literal_separator: false,
    require_literal_leading_dot: false,
};

impl ClaimedAttributes {
    /// Reads the added lines of every `.gitattributes` in the PR (a pattern in a nested file
    /// is relative to its directory).
    pub(super) fn read(files: &[ChangedFile]) -> Self {
        let mut claimed = Self::default();
        for file in files {
            let path = file.filename.as_str();
            let (directory, basename) = path.rsplit_once('/').unwrap_or(("", path));
            if !basename.eq_ignore_ascii_case(".gitattributes") {
                continue;
            }
            let Some(patch) = file.patch.as_deref() else {
                continue;
            };
            for line in diff::parse(patch).added() {
                claimed.add_line(directory, line);
            }
        }
        claimed
    }

    fn add_line(&mut self, directory: &str, line: &str) {
        let mut words = line.split_whitespace();
        let Some(pattern) = words.next().filter(|word| !word.starts_with('#')) else {
            return;
        };
        let (mut generated, mut hidden) = (false, false);
        for attribute in words {
            match attribute {
                "linguist-generated"
                | "linguist-generated=true"
                | "linguist-vendored"
                | "linguist-vendored=true" => generated = true,
                "-diff" | "binary" | "diff=false" => hidden = true,
                _ => {}
            }
        }
        if !generated && !hidden {
            return;
        }
        // gitattributes: a pattern without a slash matches the basename at any depth.
        let pattern = pattern.trim_start_matches('/');
        let anchored = match (directory, pattern.contains('/')) {
            ("", true) => pattern.to_string(),
            ("", false) => format!("**/{pattern}"),
            (dir, true) => format!("{dir}/{pattern}"),
            (dir, false) => format!("{dir}/**/{pattern}"),
        };
        let Ok(compiled) = Pattern::new(&anchored) else {
            return;
        };
        // `**/x` must also match `x` at the root.
        let root = anchored
            .strip_prefix("**/")
            .and_then(|rest| Pattern::new(rest).ok());
        for pattern in std::iter::once(compiled).chain(root) {
            if generated {
                self.generated.push(pattern.clone());
            }
            if hidden {
                self.hidden.push(pattern);
            }
        }
    }

    /// The PR's own attributes mark this path generated or vendored.
    pub(super) fn claims_generated(&self, path: &str) -> bool {
        matches(&self.generated, path)
    }

    /// The PR's own attributes hide this path's diff (`-diff`, `binary`).
    pub(super) fn hides_diff(&self, path: &str) -> bool {
        matches(&self.hidden, path)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.generated.is_empty() && self.hidden.is_empty()
    }
}

fn matches(patterns: &[Pattern], path: &str) -> bool {
    patterns
        .iter()
        .any(|pattern| pattern.matches_with(path, OPTIONS))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claimed(lines: &str) -> ClaimedAttributes {
        let patch = format!(
            "@@ -0,0 +1,{} @@\n{}",
            lines.lines().count(),
            lines
                .lines()
                .map(|line| format!("+{line}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        let file = ChangedFile {
            filename: ".gitattributes".into(),
            patch: Some(patch),
            ..Default::default()
        };
        ClaimedAttributes::read(&[file])
    }

    #[test]
    fn added_attribute_lines_claim_generated_and_hidden_paths() {
        let attributes = claimed("src/gen/** linguist-generated\n*.dat -diff\n# *.rs binary");
        assert!(attributes.claims_generated("src/gen/client.rs"));
        assert!(!attributes.claims_generated("src/client.rs"));
        assert!(attributes.hides_diff("tests/files/good.dat"));
        assert!(attributes.hides_diff("good.dat"));
        assert!(
            !attributes.hides_diff("src/lib.rs"),
            "comments claim nothing"
        );
    }
}
