//! Where the diff names things: one pass over every patch that records, for each name a claim
//! asks about, the first added, removed and context line (or hunk header) in each file, with
//! its line number; and, when a claim needs them, each file's first code change, first change
//! beyond whitespace, and first added line saying "deprecated".
//!
//! Why one pass: a claim list names a handful of identifiers and a 3,000-file PR has megabytes
//! of patch; each line is split into words once and each word looked up in the sorted list of
//! names (a few comparisons), so the cost is one linear read whatever the number of claims.

use crate::engine::context::Context;
use crate::engine::diff::{self, Hunk, LineKind};
use crate::engine::files::FileClass;
use crate::signal::Found;

/// What the index must compute beyond the named hits.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Needs {
    /// First code change and first non-whitespace change per file.
    pub(super) changes: bool,
    /// First added line saying "deprecat…" per file.
    pub(super) deprecation: bool,
}

/// The first occurrence of a name in one file with one [`Found`] (added, removed, context).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Hit {
    pub(super) name: usize,
    pub(super) file: usize,
    pub(super) found: Found,
    pub(super) line: u64,
}

/// A line of a file: its number and whether it is the old file's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct At {
    pub(super) line: u64,
    pub(super) old_side: bool,
}

/// Sorted, distinct names with a filter on (first byte, length): most words of a diff line
/// share neither with any name, and are dismissed without a string comparison.
#[derive(Debug, Default)]
struct NameSet {
    names: Vec<String>,
    /// Per first byte, a bit per length (lengths over 63 share bit 63).
    filter: Vec<u64>,
}

impl NameSet {
    fn new(mut names: Vec<String>) -> Self {
        crate::order::sort(&mut names);
        names.dedup();
        let mut filter = vec![0u64; 256];
        for name in &names {
            if let Some(first) = name.as_bytes().first() {
                filter[usize::from(*first)] |= 1 << name.len().min(63);
            }
        }
        NameSet { names, filter }
    }

    fn find(&self, token: &str) -> Option<usize> {
        let first = usize::from(*token.as_bytes().first()?);
        if self.filter.get(first)? & (1 << token.len().min(63)) == 0 {
            return None;
        }
        self.names
            .binary_search_by(|name| name.as_str().cmp(token))
            .ok()
    }
}

#[derive(Debug, Default)]
pub(super) struct DiffIndex {
    /// Identifier names looked for in every file, literal names, and names looked for only in
    /// test files (the symbols a test may exercise): a name's id is its position in that order.
    words: NameSet,
    literals: Vec<String>,
    test_words: NameSet,
    /// Per name id, its hits in file order.
    hits: Vec<Vec<Hit>>,
    pub(super) code_change: Vec<Option<At>>,
    pub(super) not_whitespace: Vec<Option<At>>,
    pub(super) deprecation: Vec<Option<u64>>,
}

impl DiffIndex {
    /// Reads every patch once for `words` (identifiers, found as whole tokens), `literals`
    /// (found as substrings with no name character around them) and, in test files only,
    /// `test_words`.
    pub(super) fn build(
        context: &Context,
        words: Vec<String>,
        literals: Vec<String>,
        test_words: Vec<String>,
        needs: Needs,
    ) -> Self {
        let count = context.files.len();
        let mut index = DiffIndex {
            words: NameSet::new(words),
            literals,
            test_words: NameSet::new(test_words),
            hits: Vec::new(),
            code_change: vec![None; count],
            not_whitespace: vec![None; count],
            deprecation: vec![None; count],
        };
        let names = index.words.names.len() + index.literals.len() + index.test_words.names.len();
        index.hits = vec![Vec::new(); names];
        let bundle_files = context.bundle.files.as_deref().unwrap_or(&[]);
        let mut seen = vec![false; names * 3];
        let everywhere = !index.words.names.is_empty()
            || !index.literals.is_empty()
            || needs.changes
            || needs.deprecation;
        let in_tests = !index.test_words.names.is_empty();
        for (file_index, facts) in context.files.iter().enumerate() {
            let test_names_here = in_tests && facts.class == FileClass::Test;
            // A file nothing is looked for in is not read (the test-only names of a large PR).
            if !(everywhere || test_names_here) {
                continue;
            }
            let Some(patch) = bundle_files
                .get(facts.index)
                .and_then(|file| file.patch.as_deref())
            else {
                continue;
            };
            // Only literal names wanted here, and none in the patch: nothing to record.
            let literals_only = !(test_names_here
                || !index.words.names.is_empty()
                || needs.changes
                || needs.deprecation);
            if literals_only
                && !index
                    .literals
                    .iter()
                    .any(|literal| occurrences(patch, literal).next().is_some())
            {
                continue;
            }
            seen.iter_mut().for_each(|flag| *flag = false);
            let markers = comment_markers(facts.language, &facts.path);
            let mut scan = Scan {
                index: &mut index,
                seen: &mut seen,
                file: file_index,
                test: facts.class == FileClass::Test,
            };
            for hunk in &diff::parse(patch).hunks {
                scan.hunk(hunk, needs, markers);
            }
        }
        index
    }

    /// The id of a name given to [`DiffIndex::build`] (its first list, if in several).
    pub(super) fn name_id(&self, name: &str) -> Option<usize> {
        let words = self.words.names.len();
        let literals = self.literals.len();
        self.words
            .find(name)
            .or_else(|| {
                self.literals
                    .iter()
                    .position(|literal| literal == name)
                    .map(|at| words + at)
            })
            .or_else(|| self.test_words.find(name).map(|at| words + literals + at))
    }

    /// The hits of one name, in file order.
    pub(super) fn hits_of(&self, name: usize) -> impl Iterator<Item = &Hit> + '_ {
        self.hits.get(name).into_iter().flatten()
    }
}

struct Scan<'a> {
    index: &'a mut DiffIndex,
    seen: &'a mut Vec<bool>,
    file: usize,
    /// A test file: its lines are searched for `test_words` too.
    test: bool,
}

impl Scan<'_> {
    fn hunk(&mut self, hunk: &Hunk, needs: Needs, markers: &[&str]) {
        self.line(hunk.section, Found::Context, hunk.new_start);
        let (mut old, mut new) = (hunk.old_start, hunk.new_start);
        for line in &hunk.lines {
            match line.kind {
                LineKind::Added => {
                    self.line(line.text, Found::Added, new);
                    if needs.deprecation && says_deprecated(line.text) {
                        self.index.deprecation[self.file].get_or_insert(new);
                    }
                    new = new.saturating_add(1);
                }
                LineKind::Removed => {
                    self.line(line.text, Found::Removed, old);
                    old = old.saturating_add(1);
                }
                LineKind::Context => {
                    self.line(line.text, Found::Context, new);
                    old = old.saturating_add(1);
                    new = new.saturating_add(1);
                }
            }
        }
        if needs.changes {
            self.changes(hunk, markers);
        }
    }

    /// Records the names of one line.
    fn line(&mut self, text: &str, found: Found, line: u64) {
        let slot = match found {
            Found::Added => 0,
            Found::Removed => 1,
            _ => 2,
        };
        let words = self.index.words.names.len();
        let literals = self.index.literals.len();
        let test_words = self.test && !self.index.test_words.names.is_empty();
        if words > 0 || test_words {
            for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
                if let Some(name) = self.index.words.find(token) {
                    self.hit(name, slot, found, line);
                }
                if test_words {
                    if let Some(name) = self.index.test_words.find(token) {
                        self.hit(words + literals + name, slot, found, line);
                    }
                }
            }
        }
        for literal in 0..literals {
            if contains_name(text, &self.index.literals[literal]) {
                self.hit(words + literal, slot, found, line);
            }
        }
    }

    fn hit(&mut self, name: usize, slot: usize, found: Found, line: u64) {
        let flag = &mut self.seen[name * 3 + slot];
        if !*flag {
            *flag = true;
            self.index.hits[name].push(Hit {
                name,
                file: self.file,
                found,
                line,
            });
        }
    }

    /// The hunk's first change beyond whitespace, and its first changed line that is code (not
    /// blank, not a comment), unless the hunk only re-spaces or re-wraps.
    fn changes(&mut self, hunk: &Hunk, markers: &[&str]) {
        let squeezed = |kind: LineKind| -> String {
            hunk.lines
                .iter()
                .filter(|line| line.kind == kind)
                .flat_map(|line| line.text.chars())
                .filter(|c| !c.is_whitespace())
                .collect()
        };
        if squeezed(LineKind::Removed) == squeezed(LineKind::Added) {
            return;
        }
        let (mut old, mut new) = (hunk.old_start, hunk.new_start);
        let mut first_changed = None;
        let mut first_code = None;
        for line in &hunk.lines {
            let at = match line.kind {
                LineKind::Added => At {
                    line: new,
                    old_side: false,
                },
                LineKind::Removed => At {
                    line: old,
                    old_side: true,
                },
                LineKind::Context => {
                    old = old.saturating_add(1);
                    new = new.saturating_add(1);
                    continue;
                }
            };
            if line.kind == LineKind::Added {
                new = new.saturating_add(1);
            } else {
                old = old.saturating_add(1);
            }
            // The new code is what a reader checks: an added line wins over a removed one.
            let better =
                |current: Option<At>| current.is_none_or(|seen: At| seen.old_side && !at.old_side);
            if better(first_changed) {
                first_changed = Some(at);
            }
            let text = line.text.trim();
            if better(first_code)
                && !text.is_empty()
                && !markers.iter().any(|marker| text.starts_with(marker))
            {
                first_code = Some(at);
            }
        }
        if let Some(at) = first_changed {
            self.index.not_whitespace[self.file].get_or_insert(at);
        }
        if let Some(at) = first_code {
            self.index.code_change[self.file].get_or_insert(at);
        }
    }
}

/// The first changed line of a patch: its first added line, else its first removed one.
pub(super) fn first_change(patch: &str) -> Option<At> {
    let mut removed = None;
    for hunk in &diff::parse(patch).hunks {
        let (mut old, mut new) = (hunk.old_start, hunk.new_start);
        for line in &hunk.lines {
            match line.kind {
                LineKind::Added => {
                    return Some(At {
                        line: new,
                        old_side: false,
                    })
                }
                LineKind::Removed => {
                    removed.get_or_insert(At {
                        line: old,
                        old_side: true,
                    });
                    old = old.saturating_add(1);
                }
                LineKind::Context => {
                    old = old.saturating_add(1);
                    new = new.saturating_add(1);
                }
            }
        }
    }
    removed
}

/// `needle` in `haystack` with no name character (letter, digit, `_`, `-`) around it. Found
/// byte by byte from the needle's first byte (rare in code for `#123` and `--flag`), without
/// building a substring searcher for every line.
fn contains_name(haystack: &str, needle: &str) -> bool {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    occurrences(haystack, needle).any(|at| {
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + needle.len()..].chars().next();
        !before.is_some_and(is_name) && !after.is_some_and(is_name)
    })
}

/// Where `needle` starts in `haystack`: its first character found with `str::find(char)`
/// (a word-at-a-time byte search), then the rest compared.
fn occurrences<'h>(haystack: &'h str, needle: &'h str) -> impl Iterator<Item = usize> + 'h {
    let first = needle.chars().next();
    let mut from = 0;
    std::iter::from_fn(move || {
        let first = first?;
        while let Some(offset) = haystack.get(from..)?.find(first) {
            let at = from + offset;
            from = at + first.len_utf8();
            if haystack[at..].starts_with(needle) {
                return Some(at);
            }
        }
        from = haystack.len() + 1;
        None
    })
}

fn says_deprecated(text: &str) -> bool {
    ["deprecat", "Deprecat", "DEPRECAT"]
        .iter()
        .any(|word| text.contains(word))
}

/// How a line comment or a comment continuation starts in this file's language.
fn comment_markers(language: Option<&str>, path: &str) -> &'static [&'static str] {
    const HASH: &[&str] = &["#"];
    const SLASH: &[&str] = &["//", "/*", "*", "*/"];
    const DASH: &[&str] = &["--"];
    const MARKUP: &[&str] = &["<!--", "-->"];
    match language {
        Some("python" | "ruby" | "perl" | "r" | "elixir" | "julia" | "shell" | "nim") => HASH,
        Some("lua" | "haskell" | "sql" | "elm") => DASH,
        Some(_) => SLASH,
        None => {
            let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
            match extension {
                "yaml" | "yml" | "toml" | "cfg" | "conf" | "sh" | "bash" | "ini" | "txt" => HASH,
                "html" | "htm" | "xml" | "md" | "svg" => MARKUP,
                _ => &[],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_whole_words_and_flags_have_no_name_character_around() {
        assert!(contains_name("run --dry-run now", "--dry-run"));
        assert!(!contains_name("run --dry-run-all", "--dry-run"));
        assert!(contains_name("serde-json = \"1\"", "serde-json"));
        assert!(!contains_name("", ""));
    }

    #[test]
    fn the_first_change_is_the_first_added_line_else_the_first_removed() {
        let at = |patch| first_change(patch).map(|at: At| (at.line, at.old_side));
        assert_eq!(at("@@ -5,2 +5,2 @@\n ctx\n-old\n+new"), Some((6, false)));
        assert_eq!(at("@@ -5,2 +5,1 @@\n ctx\n-old"), Some((6, true)));
        assert_eq!(at(""), None);
    }

    #[test]
    fn comments_are_known_by_language_or_extension() {
        assert_eq!(comment_markers(Some("python"), "a.py"), ["#"]);
        assert_eq!(comment_markers(None, "ci.yml"), ["#"]);
        assert!(comment_markers(None, "data.json").is_empty());
        assert_eq!(comment_markers(Some("rust"), "a.rs")[0], "//");
    }
}
