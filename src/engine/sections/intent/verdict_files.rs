//! The verdicts on claims about files rather than names: tests added, docs updated, docs
//! only, no behaviour change, formatting only (rules in [`super::verdict`]).

use super::checker::{Checker, Pending, Verdict};
use super::diff_index::Hit;
use super::locate::{changed, path_matches, quoted};
use super::tokens::{Subject, SubjectKind};
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{ClaimStatus, Found};

/// Symbols named in a detail.
const NAMED_SYMBOLS: usize = 3;

impl Checker<'_> {
    pub(super) fn tests(&self, claim: &Pending) -> Verdict {
        let named_files: Vec<&Subject> = claim
            .primary
            .iter()
            .filter(|subject| subject.kind == SubjectKind::File)
            .collect();
        let tests: Vec<usize> = self
            .context
            .files
            .iter()
            .enumerate()
            .filter(|(_, file)| file.status != "removed" && changed(file))
            .filter(|(_, file)| {
                if named_files.is_empty() {
                    file.class == FileClass::Test
                } else {
                    named_files
                        .iter()
                        .any(|subject| path_matches(&file.path, &subject.text))
                }
            })
            .map(|(index, _)| index)
            .collect();
        let Some(first) = tests.first() else {
            let detail = match named_files.first() {
                Some(subject) => format!("{} is not among the changed files", quoted(subject)),
                None => "no test file changed".to_string(),
            };
            return self.missing(detail, named_files.is_empty() && self.list_truncated());
        };
        let names: Vec<&str> = claim
            .primary
            .iter()
            .filter(|subject| subject.kind != SubjectKind::File)
            .map(|subject| subject.text.as_str())
            .collect();
        let (wanted, named) = if names.is_empty() {
            (self.symbols.iter().map(String::as_str).collect(), false)
        } else {
            (names, true)
        };
        if wanted.is_empty() {
            return Verdict::new(
                ClaimStatus::Confirmed,
                vec![self.file_evidence(*first)],
                "no changed definition was read from the code, so the test file alone counts",
            );
        }
        // The first test file (in file order) naming one of them on an added line, and the
        // first such name: one walk over each name's hits, not over every file.
        let mut is_test = vec![false; self.context.files.len()];
        for file in &tests {
            is_test[*file] = true;
        }
        let mut exercised: Option<(usize, usize, &str, Hit)> = None;
        for (order, name) in wanted.iter().enumerate() {
            let Some(id) = self.index.name_id(name) else {
                continue;
            };
            let hit = self
                .index
                .hits_of(id)
                .find(|hit| is_test[hit.file] && hit.found == Found::Added);
            if let Some(hit) = hit {
                if exercised.is_none_or(|(file, seen, _, _)| (hit.file, order) < (file, seen)) {
                    exercised = Some((hit.file, order, name, *hit));
                }
            }
        }
        let exercised = exercised.map(|(file, _, name, hit)| (file, name, hit));
        match exercised {
            Some((file, name, hit)) => Verdict::new(
                ClaimStatus::Confirmed,
                vec![self.file_evidence(file), self.hit_evidence(name, &hit)],
                "",
            ),
            None => {
                let listed: Vec<String> = wanted
                    .iter()
                    .take(NAMED_SYMBOLS)
                    .map(|name| format!("`{name}`"))
                    .collect();
                let more = if wanted.len() > NAMED_SYMBOLS {
                    ", …"
                } else {
                    ""
                };
                let what = if named {
                    "the name the claim gives"
                } else {
                    "the symbols this PR changes"
                };
                Verdict::new(
                    ClaimStatus::NotInDiff,
                    vec![self.file_evidence(*first)],
                    format!(
                        "test files changed, but none names {what} ({}{more}) on an added line",
                        listed.join(", ")
                    ),
                )
            }
        }
    }

    /// Test data: any file added or changed under a test directory (binary fixtures are not
    /// test code, so their class is not `Test`; their directory still says what they are).
    pub(super) fn test_data(&self) -> Verdict {
        let found: Vec<usize> = self
            .context
            .files
            .iter()
            .enumerate()
            .filter(|(_, file)| file.status != "removed" && changed(file))
            .filter(|(_, file)| file.class == FileClass::Test || in_test_directory(&file.path))
            .map(|(index, _)| index)
            .collect();
        if found.is_empty() {
            return self.missing(
                "no file under a test directory changed".into(),
                self.list_truncated(),
            );
        }
        let evidence = found
            .iter()
            .take(2)
            .map(|file| self.file_evidence(*file))
            .collect();
        Verdict::new(ClaimStatus::Confirmed, evidence, "")
    }

    pub(super) fn docs(&self, claim: &Pending) -> Verdict {
        let docs: Vec<usize> = self
            .context
            .files
            .iter()
            .enumerate()
            .filter(|(_, file)| changed(file))
            .filter(|(_, file)| {
                if claim.primary.is_empty() {
                    file.class == FileClass::Docs
                } else {
                    claim
                        .primary
                        .iter()
                        .any(|subject| path_matches(&file.path, &subject.text))
                }
            })
            .map(|(index, _)| index)
            .collect();
        if docs.is_empty() {
            let detail = match claim.primary.first() {
                Some(subject) => format!("{} is not among the changed files", quoted(subject)),
                None => "no documentation file changed".to_string(),
            };
            return self.missing(detail, self.list_truncated());
        }
        let evidence = docs
            .iter()
            .take(2)
            .map(|file| self.file_evidence(*file))
            .collect();
        let detail = if docs.len() > 2 {
            format!("{} documentation files changed", docs.len())
        } else {
            String::new()
        };
        Verdict::new(ClaimStatus::Confirmed, evidence, detail)
    }

    pub(super) fn docs_only(&self) -> Verdict {
        let files = &self.context.files;
        match files.iter().position(|file| file.class != FileClass::Docs) {
            Some(index) => Verdict::new(
                ClaimStatus::Contradicted,
                vec![self.file_evidence(index)],
                format!("{} is not documentation", files[index].path),
            ),
            None if files.is_empty() => self.missing("no file changed".into(), false),
            None => Verdict::new(
                ClaimStatus::Confirmed,
                Vec::new(),
                match files.len() {
                    1 => "the one changed file is documentation".to_string(),
                    count => format!("all {count} changed files are documentation"),
                },
            ),
        }
    }

    pub(super) fn no_behaviour_change(&self) -> Verdict {
        let code = |file: &FileFacts| matches!(file.class, FileClass::Source | FileClass::Config);
        for (index, file) in self.context.files.iter().enumerate() {
            if !code(file) || !changed(file) {
                continue;
            }
            if let Some(at) = self.index.code_change[index] {
                let evidence = self.at_evidence(Found::CodeChanged, index, at);
                return Verdict::new(ClaimStatus::Contradicted, vec![evidence], "");
            }
            if !file.has_patch && !file.binary {
                return Verdict::new(
                    ClaimStatus::Contradicted,
                    vec![self.file_evidence(index)],
                    format!("{} is code and changed (its diff is not shown)", file.path),
                );
            }
        }
        Verdict::new(
            ClaimStatus::Confirmed,
            Vec::new(),
            "no code outside tests changed beyond whitespace and comments",
        )
    }

    pub(super) fn formatting_only(&self) -> Verdict {
        for (index, file) in self.context.files.iter().enumerate() {
            if let Some(at) = self.index.not_whitespace[index] {
                let evidence = self.at_evidence(Found::NotWhitespace, index, at);
                return Verdict::new(ClaimStatus::Contradicted, vec![evidence], "");
            }
            if !file.has_patch && changed(file) {
                return Verdict::new(
                    ClaimStatus::NotCheckable,
                    vec![self.file_evidence(index)],
                    format!("{} has no diff text to compare", file.path),
                );
            }
        }
        Verdict::new(
            ClaimStatus::Confirmed,
            Vec::new(),
            "every changed hunk is the same once whitespace is removed",
        )
    }
}

/// A path with a test directory segment (`tests/`, `testdata/`, `__fixtures__/`…).
fn in_test_directory(path: &str) -> bool {
    const DIRECTORIES: &str =
        "test tests testdata test_data testing spec specs __tests__ fixtures __fixtures__";
    let mut segments: Vec<&str> = path.split('/').collect();
    segments.pop();
    segments.iter().any(|segment| {
        DIRECTORIES
            .split(' ')
            .any(|name| segment.eq_ignore_ascii_case(name))
    })
}
