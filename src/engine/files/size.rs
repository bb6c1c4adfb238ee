//! How much there is to review, as `large_diff` (size) and `many_files` (spread) weigh it.
//!
//! **What it counts.** Every changed line of every file except lockfiles (the supply-chain
//! findings weigh them) and binaries (`binary_files`), each as what it is:
//!
//! | line | weighs |
//! |---|---|
//! | code in a source file | 1 |
//! | code in a test file, or in a Rust `#[cfg(test)] mod tests` | [`TEST_LINES_FACTOR`] |
//! | prose, translations, test data, example code; comments, doc comments and docstrings; type annotations; blank lines; code moved within the PR; a mechanical sweep ([`super::reading`]); configuration and other non-source files | [`LIGHT_READING_FACTOR`] |
//! | whitespace-only re-formatting where whitespace is not syntax | 0 |
//! | generated code, when every contributor is a maintainer or collaborator | [`LIGHT_READING_FACTOR`] |
//!
//! Generated and vendored files otherwise count as code: the PR's author decides what looks
//! generated, so that claim may shorten the minutes, never the risk — unless the people
//! committing are the repository's own (a member regenerating an API client, issue #32 item 6).
//! Lines of files GitHub did not list (its list stops at 3,000) count as code, and those files
//! as spread. *Spread* is the number of source files with code to review, a file with fewer
//! than [`SPREAD_FILE_LINES`] lines of code counting as that fraction of one.
//!
//! **Source.** The factors were chosen on the calibration corpus (docs/calibration.md, "The
//! size measure"): among the weightings tried, this one ranked the PRs that went wrong best,
//! and it reads as a reviewer reads (SmartBear/Cisco's 500 LOC/h is for code).

use super::{FileClass, FileFacts};
use crate::settings::weights::{LIGHT_READING_FACTOR, SPREAD_FILE_LINES, TEST_LINES_FACTOR};

/// The size and spread of a change.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ReviewSize {
    /// Lines to review, each weighed as the table above says.
    pub lines: f64,
    /// Source files with code to review, unlisted files included…
    pub code_files: u64,
    /// …and as spread: a file with fewer than [`SPREAD_FILE_LINES`] lines of code counts as
    /// that fraction of a file.
    pub spread: f64,
    /// Code lines of test files.
    pub test_lines: u64,
    /// Lines read lightly (prose, comments, blank, moved, sweeps, configuration).
    pub light_lines: u64,
    /// Whitespace-only lines, not counted.
    pub formatting_lines: u64,
    /// Generated lines read lightly because the repository's own people committed them.
    pub generated_light_lines: u64,
    /// Lines of files marked generated or vendored that count as code.
    pub authors_word_lines: u64,
    /// Lockfile lines, not counted here.
    pub lockfile_lines: u64,
    /// Lines and files GitHub did not list.
    pub unlisted_lines: u64,
    pub unlisted_files: u64,
}

/// Measures `files`; `generated_lightly` when every contributor is the repository's own.
pub fn review_size(
    files: &[FileFacts],
    generated_lightly: bool,
    unlisted_lines: u64,
    unlisted_files: u64,
) -> ReviewSize {
    let mut size = ReviewSize {
        unlisted_lines,
        unlisted_files,
        code_files: unlisted_files,
        spread: unlisted_files as f64,
        lines: unlisted_lines as f64,
        ..ReviewSize::default()
    };
    for file in files {
        if file.lockfile {
            size.lockfile_lines = size.lockfile_lines.saturating_add(file.changed_lines());
        }
        let lines = file.risk_lines();
        if lines == 0 {
            continue;
        }
        let generated = file.generated && !file.vendored;
        if file.light_reading || file.example {
            size.light_lines = size.light_lines.saturating_add(lines);
            size.lines += lines as f64 * LIGHT_READING_FACTOR;
            continue;
        }
        if generated && generated_lightly {
            size.generated_light_lines = size.generated_light_lines.saturating_add(lines);
            size.lines += lines as f64 * LIGHT_READING_FACTOR;
            continue;
        }
        if file.excluded_on_authors_word() {
            size.authors_word_lines = size.authors_word_lines.saturating_add(lines);
        }
        let formatting = file.formatting.lines.min(lines);
        let light = file.reading.light_lines().min(lines - formatting);
        // Tests written inside a source file (Rust's `mod tests`) weigh as tests.
        let inline_tests = file.reading.test_lines.min(lines - formatting - light);
        let code = lines - formatting - light - inline_tests;
        size.test_lines = size.test_lines.saturating_add(inline_tests);
        size.lines += inline_tests as f64 * TEST_LINES_FACTOR;
        size.formatting_lines = size.formatting_lines.saturating_add(formatting);
        size.light_lines = size.light_lines.saturating_add(light);
        size.lines += light as f64 * LIGHT_READING_FACTOR;
        match file.class {
            FileClass::Source => {
                size.lines += code as f64;
                if code > 0 {
                    size.code_files = size.code_files.saturating_add(1);
                    size.spread += (code as f64 / SPREAD_FILE_LINES as f64).min(1.0);
                }
            }
            FileClass::Test => {
                size.test_lines = size.test_lines.saturating_add(code);
                size.lines += code as f64 * TEST_LINES_FACTOR;
            }
            _ => {
                size.light_lines = size.light_lines.saturating_add(code);
                size.lines += code as f64 * LIGHT_READING_FACTOR;
            }
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::Bundle;
    use crate::engine::files::classify_all;
    use crate::settings::Settings;

    fn size_of(files: serde_json::Value, generated_lightly: bool) -> ReviewSize {
        let bundle =
            Bundle::from_value(&serde_json::json!({"pull": {"number": 1}, "files": files}))
                .unwrap();
        review_size(
            &classify_all(&bundle, &Settings::default()),
            generated_lightly,
            0,
            0,
        )
    }

    fn added(path: &str, lines: &[&str]) -> serde_json::Value {
        let mut patch = format!("@@ -0,0 +1,{} @@", lines.len());
        for line in lines {
            patch.push_str("\n+");
            patch.push_str(line);
        }
        serde_json::json!({"filename": path, "status": "added", "additions": lines.len(), "deletions": 0, "patch": patch})
    }

    #[test]
    fn code_counts_fully_tests_half_and_comments_docs_and_config_a_quarter() {
        let size = size_of(
            serde_json::json!([
                added(
                    "src/app.rs",
                    &[
                        "/// Adds.",
                        "/// Twice.",
                        "pub fn add() -> u32 {",
                        "    2",
                        "}"
                    ]
                ),
                added(
                    "tests/app.rs",
                    &["#[test]", "fn adds() {", "    assert_eq!(add(), 2);", "}"]
                ),
                added("docs/guide.md", &["# Guide", "Text."]),
                added("config/app.yml", &["port: 80", "host: x"]),
                added("Cargo.lock", &["[[package]]"]),
            ]),
            false,
        );
        assert_eq!(size.code_files, 1);
        assert!(
            (size.spread - 3.0 / SPREAD_FILE_LINES as f64).abs() < 1e-9,
            "3 lines of code"
        );
        assert_eq!(size.test_lines, 4);
        assert_eq!(size.light_lines, 2 + 2 + 2);
        assert_eq!(size.lockfile_lines, 1);
        assert!(
            (size.lines - (3.0 + 4.0 * TEST_LINES_FACTOR + 6.0 * LIGHT_READING_FACTOR)).abs()
                < 1e-9,
            "{size:?}"
        );
    }

    #[test]
    fn generated_code_counts_fully_unless_the_repositorys_own_people_committed_it() {
        let files = serde_json::json!([added(
            "api/client.pb.go",
            &["package api", "func Call() {}", "func Other() {}"]
        )]);
        let outsider = size_of(files.clone(), false);
        assert_eq!(
            (
                outsider.lines,
                outsider.code_files,
                outsider.authors_word_lines
            ),
            (3.0, 1, 3)
        );
        let member = size_of(files, true);
        assert_eq!(member.code_files, 0);
        assert_eq!(member.generated_light_lines, 3);
        assert!((member.lines - 3.0 * LIGHT_READING_FACTOR).abs() < 1e-9);
    }
}
