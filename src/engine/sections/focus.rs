//! `focus`: which files to read first, and why.
//!
//! **What it does.** Ranks every changed file critical → high → medium → low, then by lines
//! changed. Critical: a new source file, or a source/test file with at least
//! `critical_file_lines` changed lines. High: a sensitive path (auth, crypto, secrets,
//! migrations, infra, permissions…), a public API change, a CI workflow. Medium: other source
//! changes, dependency manifests, build scripts. Low: tests under the threshold, docs,
//! lockfiles, generated, vendored, binary and other files. Each file gets its reasons
//! ("700 lines changed", "New file", "Source code", "Public API change", "Sensitive path:
//! auth"…), GitHub's Files-tab anchor (`diff-` + hex SHA-256 of the path) and whether the
//! viewer ticked "Viewed".
//!
//! **Why it matters.** Review attention is finite (SmartBear: defect discovery falls after
//! 400 lines); reading the riskiest file first is the cheapest risk reduction. The reference
//! product ranked a new 700-line source file and a 206-line new test critical, small source
//! edits medium and a one-line doc change low (its signal for huggingface/transformers#43774;
//! docs/sources.md, "The reference product").

use std::collections::HashSet;

use sha2::{Digest, Sha256};

use crate::engine::context::Context;
use crate::engine::files::{FileClass, FileFacts};
use crate::settings::section_tables::MAX_FOCUS_FILES;
use crate::signal::{FocusFile, Priority};

/// Lower-case hex digits, indexed by nibble (a table instead of `format!` per byte: anchors
/// are computed for every file, and formatting was a fifth of the analysis of a big PR).
const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// GitHub's Files-tab anchor for a path: `diff-` followed by the hex SHA-256 of the path.
pub fn anchor(path: &str) -> String {
    let digest = Sha256::digest(path.as_bytes());
    let mut anchor = String::with_capacity(5 + 64);
    anchor.push_str("diff-");
    for byte in digest {
        anchor.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
        anchor.push(char::from(HEX_DIGITS[usize::from(byte & 0x0f)]));
    }
    anchor
}

/// The top [`MAX_FOCUS_FILES`] files, most important first; the engine reports how many more
/// were ranked (`focus_more`). Anchors are hashed only for the files kept.
pub fn assess(context: &Context) -> Vec<FocusFile> {
    let Some(files) = context.bundle.files.as_ref() else {
        return Vec::new();
    };
    let viewed: HashSet<&str> = context
        .bundle
        .page
        .iter()
        .flat_map(|page| page.viewed_files.iter().map(String::as_str))
        .collect();
    // Rank every file by priority alone, then write the reasons of the kept ones only: a
    // 3,000-file PR keeps 50, and the reasons (formatted strings) were ~3 % of its analysis.
    let critical_lines = context.settings.thresholds.critical_file_lines;
    let ranked: Vec<(Priority, &FileFacts, &crate::bundle::ChangedFile)> = context
        .files
        .iter()
        .filter_map(|facts| {
            let file = files.get(facts.index)?;
            Some((priority(facts, file, critical_lines), facts, file))
        })
        .collect();
    let lines = |file: &crate::bundle::ChangedFile| file.additions + file.deletions;
    let ranked = crate::order::smallest(
        ranked,
        MAX_FOCUS_FILES,
        |(a_priority, a_facts, a_file), (b_priority, b_facts, b_file)| {
            b_priority
                .cmp(a_priority)
                .then_with(|| lines(b_file).cmp(&lines(a_file)))
                .then_with(|| a_facts.path.cmp(&b_facts.path))
        },
    );
    ranked
        .into_iter()
        .map(|(priority, facts, file)| {
            let mut reasons = Vec::new();
            rank(facts, file, critical_lines, Some(&mut reasons));
            FocusFile {
                path: facts.path.clone(),
                priority,
                additions: file.additions,
                deletions: file.deletions,
                status: file.status.clone(),
                reasons,
                anchor: anchor(&facts.path),
                viewed: viewed.contains(facts.path.as_str()),
            }
        })
        .collect()
}

/// Where [`rank`] writes its reasons, if anywhere: the text is built only when it is wanted, so
/// ranking the files that are not kept formats nothing.
struct Reasons<'a>(Option<&'a mut Vec<String>>);

impl Reasons<'_> {
    fn text(&mut self, reason: &str) {
        self.format(|| reason.to_string());
    }

    fn format(&mut self, reason: impl FnOnce() -> String) {
        if let Some(list) = self.0.as_deref_mut() {
            list.push(reason());
        }
    }
}

/// A file's place in the focus order. Also used by the fetch planner, before any patch is
/// read, to choose the files worth asking the author's history about (`fetch::plan`).
pub fn priority(
    facts: &FileFacts,
    file: &crate::bundle::ChangedFile,
    critical_lines: u64,
) -> Priority {
    rank(facts, file, critical_lines, None)
}

/// The file's priority; when `reasons` is given, also the reasons behind it, in reading order.
/// One function for both, so the list a reviewer reads can never disagree with the ranking.
fn rank(
    facts: &FileFacts,
    file: &crate::bundle::ChangedFile,
    critical_lines: u64,
    reasons: Option<&mut Vec<String>>,
) -> Priority {
    let lines = file.additions.saturating_add(file.deletions);
    let is_new = file.status.eq_ignore_ascii_case("added");
    let code = matches!(facts.class, FileClass::Source | FileClass::Test);
    // Generated and vendored are the author's word: they rank like any other code.
    let counted = !facts.lockfile && !facts.binary;
    // A new file's definitions are all new: "New file" says it; the API reason is for changes
    // to existing modules that callers already depend on.
    let api_change = !is_new && !facts.api.changes.is_empty();
    let mut priority = Priority::Low;
    let mut raise = |to: Priority| priority = priority.max(to);
    let mut say = Reasons(reasons);

    if counted && code && lines >= critical_lines {
        say.format(|| format!("{lines} lines changed"));
        raise(Priority::Critical);
    }
    if is_new {
        say.text("New file");
    } else if file.status.eq_ignore_ascii_case("removed") {
        say.text("Deleted file");
    } else if file.status.eq_ignore_ascii_case("renamed") {
        say.format(|| match &file.previous_filename {
            Some(previous) => format!("Renamed from {previous}"),
            None => "Renamed".to_string(),
        });
    }
    if facts.lockfile {
        say.text("Lockfile");
    } else if facts.binary {
        say.text("Binary");
    } else {
        if facts.generated {
            say.text("Generated");
        } else if facts.vendored {
            say.text("Vendored");
        }
        match facts.class {
            FileClass::Source => {
                say.text("Source code");
                raise(if is_new {
                    Priority::Critical
                } else {
                    Priority::Medium
                });
            }
            FileClass::Test => say.text("Test"),
            FileClass::Docs => say.text("Docs"),
            FileClass::Config => say.text("Config"),
            FileClass::Asset => say.text("Asset"),
            FileClass::Other => say.text("Standard file"),
        }
    }
    if facts.manifest {
        say.text("Dependency manifest");
        raise(Priority::Medium);
    }
    if facts.build_script {
        say.text("Build script");
        raise(Priority::Medium);
    }
    if facts.ci_config {
        say.text("CI configuration");
        raise(Priority::High);
    }
    if api_change {
        say.text("Public API change");
        raise(Priority::High);
    }
    if let Some(area) = facts.sensitive {
        say.format(|| format!("Sensitive path: {area}"));
        // Test data and docs about auth are worth a look, not the first look.
        raise(
            if matches!(facts.class, FileClass::Test | FileClass::Docs)
                && !facts.moved_from_sensitive
            {
                Priority::Medium
            } else {
                Priority::High
            },
        );
    }
    if let Some(boundary) = facts.trust_boundary {
        say.format(|| format!("Trust boundary: {}", boundary.label()));
        raise(Priority::High);
    }
    if facts.diff_hidden {
        say.text("The PR's own .gitattributes hides this diff");
        raise(Priority::High);
    }
    if facts.patch_withheld && lines > 0 && !facts.binary {
        say.text("GitHub sent no diff for this file");
    }
    priority
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchor_is_github_files_tab_hash_of_the_path() {
        // sha256("README.md"), as GitHub uses in `#diff-…` links.
        assert_eq!(
            anchor("README.md"),
            "diff-b335630551682c19a781afebcf4d07bf978fb1f8ac04c6bf87428ed5106870f5"
        );
    }
}
