//! Where a claim's subjects are: hits of names in the index, files by path or stem, the file
//! that names most of a claim's subjects; the evidence records built from them; and what a
//! test may exercise (the PR's changed symbols).

use super::checker::Checker;
use super::diff_index::{first_change, At, Hit};
use super::tokens::{Subject, SubjectKind};
use crate::engine::api_surface::ApiChangeKind;
use crate::engine::context::Context;
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{ClaimEvidence, Found};

/// Changed symbols looked for in test files.
const MAX_SYMBOLS: usize = 200;
/// File stems too common to say a test exercises the file.
const GENERIC_STEMS: [&str; 13] = [
    "index", "main", "mod", "lib", "init", "__init__", "utils", "util", "common", "types", "setup",
    "config", "test",
];

impl Checker<'_> {
    pub(super) fn list_truncated(&self) -> bool {
        let pull = &self.context.bundle.pull;
        pull.changed_files
            .is_some_and(|total| total > self.context.files.len() as u64)
    }

    /// The file with hits for most of the subjects, then defining most of them (where a name
    /// is added as a public definition); the first one on a tie.
    pub(super) fn best_file(&self, subjects: &[&Subject]) -> Option<usize> {
        if subjects.len() < 2 {
            return None;
        }
        let mut scores = vec![(0usize, 0usize); self.context.files.len()];
        for subject in subjects {
            for file in self.files_naming(subject) {
                scores[file].0 += 1;
                let defines = self.context.files[file].api.changes.iter().any(|change| {
                    change.kind != ApiChangeKind::Removed && change.name == subject.text
                });
                scores[file].1 += usize::from(defines);
            }
        }
        let best = scores.iter().copied().max().unwrap_or((0, 0));
        (best.0 > 0)
            .then(|| scores.iter().position(|score| *score == best))
            .flatten()
    }

    /// Files whose diff names the subject (or that are the subject), in order, distinct.
    pub(super) fn files_naming(&self, subject: &Subject) -> Vec<usize> {
        let mut files: Vec<usize> = match subject.kind {
            SubjectKind::File => self.matching_files(&subject.text),
            _ => match self.index.name_id(&subject.text) {
                Some(id) => self.index.hits_of(id).map(|hit| hit.file).collect(),
                None => Vec::new(),
            },
        };
        if subject.kind == SubjectKind::Identifier {
            files.extend(self.stem_files(&subject.text));
        }
        crate::order::sort(&mut files);
        files.dedup();
        files
    }

    /// Where a subject is, preferring the kinds in `wanted` (any when empty) and the file
    /// `prefer`. Files and module-like identifiers (a changed file's stem) count too.
    pub(super) fn locate(
        &self,
        subject: &Subject,
        wanted: &[Found],
        prefer: Option<usize>,
    ) -> Option<ClaimEvidence> {
        let fits_file = |file: &FileFacts| match wanted.first() {
            None => true,
            Some(Found::Added) => file.status != "removed",
            Some(Found::Removed) => file.status == "removed" || file.status == "renamed",
            Some(_) => false,
        };
        if subject.kind == SubjectKind::File {
            return self
                .matching_files(&subject.text)
                .into_iter()
                .find(|index| fits_file(&self.context.files[*index]))
                .map(|index| self.file_evidence(index));
        }
        let id = self.index.name_id(&subject.text);
        let hits: Vec<&Hit> = id
            .map(|id| self.index.hits_of(id).collect())
            .unwrap_or_default();
        let rank = |hit: &&&Hit| {
            let kind = if wanted.is_empty() {
                [Found::Added, Found::Removed, Found::Context]
                    .iter()
                    .position(|found| *found == hit.found)
            } else {
                wanted.iter().position(|found| *found == hit.found)
            };
            kind.map(|kind| (prefer != Some(hit.file), kind, hit.file))
        };
        if let Some(hit) = hits
            .iter()
            .filter(|hit| rank(hit).is_some())
            .min_by_key(|hit| rank(hit))
        {
            return Some(self.hit_evidence(&subject.text, hit));
        }
        if subject.kind == SubjectKind::Identifier {
            return self
                .stem_files(&subject.text)
                .into_iter()
                .find(|index| fits_file(&self.context.files[*index]))
                .map(|index| self.file_evidence(index));
        }
        None
    }

    pub(super) fn matching_files(&self, text: &str) -> Vec<usize> {
        self.context
            .files
            .iter()
            .enumerate()
            .filter(|(index, file)| {
                path_matches(&file.path, text)
                    || self
                        .previous_path(*index)
                        .is_some_and(|previous| path_matches(previous, text))
            })
            .map(|(index, _)| index)
            .collect()
    }

    /// Changed files whose stem is the identifier (`activation_offloading` → `…/activation_offloading.py`).
    pub(super) fn stem_files(&self, name: &str) -> Vec<usize> {
        self.context
            .files
            .iter()
            .enumerate()
            .filter(|(_, file)| stem(&file.path).eq_ignore_ascii_case(name))
            .map(|(index, _)| index)
            .collect()
    }

    pub(super) fn previous_path(&self, index: usize) -> Option<&str> {
        let facts = &self.context.files[index];
        self.context
            .bundle
            .files
            .as_deref()?
            .get(facts.index)?
            .previous_filename
            .as_deref()
    }

    pub(super) fn hit_evidence(&self, name: &str, hit: &Hit) -> ClaimEvidence {
        self.line_evidence(hit.found, name, hit.file, hit.line)
    }

    pub(super) fn line_evidence(
        &self,
        found: Found,
        name: &str,
        file: usize,
        line: u64,
    ) -> ClaimEvidence {
        ClaimEvidence {
            found,
            subject: name.to_string(),
            path: self.context.files[file].path.clone(),
            line: Some(line),
            from: None,
            old_side: false,
        }
    }

    pub(super) fn at_evidence(&self, found: Found, file: usize, at: At) -> ClaimEvidence {
        ClaimEvidence {
            found,
            subject: String::new(),
            path: self.context.files[file].path.clone(),
            line: Some(at.line),
            from: None,
            old_side: at.old_side,
        }
    }

    /// The file as a whole: added, removed, renamed, or changed at its first added line.
    pub(super) fn file_evidence(&self, index: usize) -> ClaimEvidence {
        let file = &self.context.files[index];
        let (found, from) = match file.status.as_str() {
            "added" => (Found::FileAdded, None),
            "removed" => (Found::FileRemoved, None),
            "renamed" => (
                Found::FileRenamed,
                self.previous_path(index).map(str::to_string),
            ),
            _ => (Found::FileChanged, None),
        };
        let first = self
            .context
            .bundle
            .files
            .as_deref()
            .and_then(|files| files.get(file.index))
            .and_then(|changed| changed.patch.as_deref())
            .and_then(first_change);
        ClaimEvidence {
            found,
            subject: String::new(),
            path: file.path.clone(),
            line: first.filter(|at| !at.old_side).map(|at| at.line),
            from,
            old_side: false,
        }
    }
}

/// What keeps part of the change out of sight, if anything: files without diff text (too
/// large, or GitHub sent none) or a file list cut short.
pub(super) fn hidden_part(context: &Context) -> Option<String> {
    let patchless = context
        .files
        .iter()
        .filter(|file| !file.has_patch && !file.binary && file.changed_lines() > 0)
        .count();
    let listed = context.files.len() as u64;
    let total = context.bundle.pull.changed_files.unwrap_or(listed);
    match (patchless, total > listed) {
        (0, false) => None,
        (0, true) => Some(format!(
            "only {listed} of the {total} changed files were listed"
        )),
        (1, _) => Some("1 changed file has no diff text".into()),
        (count, _) => Some(format!("{count} changed files have no diff text")),
    }
}

/// Symbols a test may exercise: public definitions the PR's non-test code adds or changes, the
/// definitions enclosing its changed hunks (git's hunk header: `def backoff(attempt):`), and
/// the stems of its changed non-test sources (a test imports the module).
pub(super) fn changed_symbols(context: &Context) -> Vec<String> {
    let files = &context.files;
    let bundle_files = context.bundle.files.as_deref().unwrap_or(&[]);
    let mut symbols: Vec<String> = Vec::new();
    for file in files.iter().filter(|file| file.class != FileClass::Test) {
        let mut push = |name: &str| {
            if name.chars().count() >= 3 && !symbols.iter().any(|symbol| symbol == name) {
                symbols.push(name.to_string());
            }
        };
        for change in &file.api.changes {
            if change.kind != ApiChangeKind::Removed {
                push(&change.name);
            }
        }
        if file.class == FileClass::Source {
            let patch = bundle_files
                .get(file.index)
                .and_then(|changed| changed.patch.as_deref())
                .unwrap_or("");
            for header in
                crate::text::split_ascii(patch, b'\n').filter(|line| line.starts_with("@@"))
            {
                if let Some(name) = defined_name(header) {
                    push(name);
                }
            }
        }
        let stem = stem(&file.path);
        if file.class == FileClass::Source
            && stem.chars().count() >= 4
            && !GENERIC_STEMS.contains(&stem)
            && !symbols.iter().any(|symbol| symbol == stem)
        {
            symbols.push(stem.to_string());
        }
        if symbols.len() >= MAX_SYMBOLS {
            break;
        }
    }
    symbols.truncate(MAX_SYMBOLS);
    symbols
}

/// The name a hunk header's enclosing definition defines: `@@ … @@ def backoff(attempt):` →
/// `backoff`, `class Trainer:` → `Trainer`, `pub fn parse(…)` → `parse`.
fn defined_name(header: &str) -> Option<&str> {
    const KEYWORDS: [&str; 14] = [
        "def",
        "fn",
        "function",
        "func",
        "class",
        "struct",
        "enum",
        "trait",
        "impl",
        "interface",
        "module",
        "sub",
        "type",
        "object",
    ];
    let section = header.get(2..)?.split_once("@@")?.1.trim();
    let head = section.split('(').next().unwrap_or(section);
    let words: Vec<&str> = head
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|word| !word.is_empty())
        .collect();
    if let Some(at) = words.iter().position(|word| KEYWORDS.contains(word)) {
        return words.get(at + 1).copied();
    }
    // `public void run(` and the like: the last name before the parameter list.
    section
        .contains('(')
        .then(|| words.last().copied())
        .flatten()
}

/// A file with a change (a pure rename or a mode change counts as one).
pub(super) fn changed(file: &FileFacts) -> bool {
    file.changed_lines() > 0 || matches!(file.status.as_str(), "added" | "removed" | "renamed")
}

/// The file name before its first `.`.
pub(super) fn stem(path: &str) -> &str {
    let name = crate::text::basename(path);
    name.split('.').next().unwrap_or(name)
}

/// `path` is `named`, ends with `/named`, or lies under the directory `named/`.
pub(super) fn path_matches(path: &str, named: &str) -> bool {
    let named = named.trim_start_matches("./");
    if named.is_empty() {
        return false;
    }
    if let Some(directory) = named.strip_suffix('/') {
        return path.starts_with(named) || path.contains(&format!("/{directory}/"));
    }
    path == named || (path.ends_with(named) && path[..path.len() - named.len()].ends_with('/'))
}

pub(super) fn quoted(subject: &Subject) -> String {
    match subject.kind {
        SubjectKind::File | SubjectKind::Issue => subject.text.clone(),
        _ => format!("`{}`", subject.text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_paths_match_whole_segments_and_directories() {
        assert!(path_matches("docs/source/en/trainer.md", "trainer.md"));
        assert!(path_matches("docs/source/en/trainer.md", "en/trainer.md"));
        assert!(!path_matches("docs/source/en/mytrainer.md", "trainer.md"));
        assert!(path_matches("src/engine/diff.rs", "src/engine/"));
        assert!(path_matches("x/src/engine/diff.rs", "engine/"));
        assert!(!path_matches("a.rs", ""));
        assert_eq!(
            stem("src/a/activation_offloading.py"),
            "activation_offloading"
        );
    }

    #[test]
    fn hunk_headers_name_the_enclosing_definition() {
        let name = |header| defined_name(header);
        assert_eq!(
            name("@@ -10,6 +10,10 @@ def backoff(attempt):"),
            Some("backoff")
        );
        assert_eq!(name("@@ -1 +1 @@ class Trainer:"), Some("Trainer"));
        assert_eq!(
            name("@@ -1 +1 @@ pub fn parse(input: &str) -> Ast {"),
            Some("parse")
        );
        assert_eq!(name("@@ -1 +1 @@ public void run(int a) {"), Some("run"));
        assert_eq!(name("@@ -1 +1 @@"), None);
        assert_eq!(name("@@ -1 +1 @@ ## Memory"), None);
    }
}
