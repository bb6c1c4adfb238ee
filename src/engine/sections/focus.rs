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
//! edits medium and a one-line doc change low (scoring-reference §2.2).

use std::collections::HashSet;

use sha2::{Digest, Sha256};

use crate::engine::{Context, FileClass, FileFacts};
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
    let mut ranked: Vec<(
        Priority,
        &FileFacts,
        &crate::bundle::ChangedFile,
        Vec<String>,
    )> = context
        .files
        .iter()
        .filter_map(|facts| {
            let file = files.get(facts.index)?;
            let (priority, reasons) = rank(context, facts, file);
            Some((priority, facts, file, reasons))
        })
        .collect();
    let lines = |file: &crate::bundle::ChangedFile| file.additions + file.deletions;
    crate::order::sort_by(
        &mut ranked,
        |(a_priority, a_facts, a_file, _), (b_priority, b_facts, b_file, _)| {
            b_priority
                .cmp(a_priority)
                .then_with(|| lines(b_file).cmp(&lines(a_file)))
                .then_with(|| a_facts.path.cmp(&b_facts.path))
        },
    );
    ranked.truncate(MAX_FOCUS_FILES);
    ranked
        .into_iter()
        .map(|(priority, facts, file, reasons)| FocusFile {
            path: facts.path.clone(),
            priority,
            additions: file.additions,
            deletions: file.deletions,
            status: file.status.clone(),
            reasons,
            anchor: anchor(&facts.path),
            viewed: viewed.contains(facts.path.as_str()),
        })
        .collect()
}

fn rank(
    context: &Context,
    facts: &FileFacts,
    file: &crate::bundle::ChangedFile,
) -> (Priority, Vec<String>) {
    let lines = file.additions.saturating_add(file.deletions);
    let critical_lines = context.settings.thresholds.critical_file_lines;
    let is_new = file.status.eq_ignore_ascii_case("added");
    let code = matches!(facts.class, FileClass::Source | FileClass::Test);
    let counted = !facts.excluded_from_size;
    // A new file's definitions are all new: "New file" says it; the API reason is for changes
    // to existing modules that callers already depend on.
    let api_change = !is_new && !facts.api.changes.is_empty();
    let mut reasons = Vec::new();
    let mut priority = Priority::Low;
    let mut raise = |to: Priority| priority = priority.max(to);

    if counted && code && lines >= critical_lines {
        reasons.push(format!("{lines} lines changed"));
        raise(Priority::Critical);
    }
    match file.status.to_ascii_lowercase().as_str() {
        "added" => reasons.push("New file".to_string()),
        "removed" => reasons.push("Deleted file".to_string()),
        "renamed" => reasons.push(match &file.previous_filename {
            Some(previous) => format!("Renamed from {previous}"),
            None => "Renamed".to_string(),
        }),
        _ => {}
    }
    if facts.lockfile {
        reasons.push("Lockfile".into());
    } else if facts.generated {
        reasons.push("Generated".into());
    } else if facts.vendored {
        reasons.push("Vendored".into());
    } else if facts.binary {
        reasons.push("Binary".into());
    } else {
        match facts.class {
            FileClass::Source => {
                reasons.push("Source code".into());
                raise(if is_new {
                    Priority::Critical
                } else {
                    Priority::Medium
                });
            }
            FileClass::Test => reasons.push("Test".into()),
            FileClass::Docs => reasons.push("Docs".into()),
            FileClass::Config => reasons.push("Config".into()),
            FileClass::Asset => reasons.push("Asset".into()),
            FileClass::Other => reasons.push("Standard file".into()),
        }
    }
    if facts.manifest {
        reasons.push("Dependency manifest".into());
        raise(Priority::Medium);
    }
    if facts.build_script {
        reasons.push("Build script".into());
        raise(Priority::Medium);
    }
    if facts.ci_config {
        reasons.push("CI configuration".into());
        raise(Priority::High);
    }
    if api_change {
        reasons.push("Public API change".into());
        raise(Priority::High);
    }
    if let Some(area) = facts.sensitive {
        reasons.push(format!("Sensitive path: {area}"));
        // Test data and docs about auth are worth a look, not the first look.
        raise(
            if matches!(facts.class, FileClass::Test | FileClass::Docs) {
                Priority::Medium
            } else {
                Priority::High
            },
        );
    }
    if file.patch.is_none() && lines > 0 && !facts.binary {
        reasons.push("GitHub sent no diff for this file".into());
    }
    (priority, reasons)
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
