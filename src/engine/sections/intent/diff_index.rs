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

#[derive(Debug, Default)]
pub(super) struct DiffIndex {
    /// Identifier names (sorted, distinct), then literal names: a name's id is its position.
    words: Vec<String>,
    literals: Vec<String>,
    /// Per name id, its hits in file order.
    hits: Vec<Vec<Hit>>,
    /// Per file (in `context.files` order): its first changed line.
    pub(super) first_change: Vec<Option<At>>,
    pub(super) code_change: Vec<Option<At>>,
    pub(super) not_whitespace: Vec<Option<At>>,
    pub(super) deprecation: Vec<Option<u64>>,
}

impl DiffIndex {
    /// Reads every patch once for `words` (identifiers, found as whole tokens) and `literals`
    /// (found as substrings with no name character around them).
    pub(super) fn build(
        context: &Context,
        words: Vec<String>,
        literals: Vec<String>,
        needs: Needs,
    ) -> Self {
        let mut words = words;
        crate::order::sort(&mut words);
        words.dedup();
        let count = context.files.len();
        let mut index = DiffIndex {
            words,
            literals,
            hits: Vec::new(),
            first_change: vec![None; count],
            code_change: vec![None; count],
            not_whitespace: vec![None; count],
            deprecation: vec![None; count],
        };
        let names = index.words.len() + index.literals.len();
        index.hits = vec![Vec::new(); names];
        let bundle_files = context.bundle.files.as_deref().unwrap_or(&[]);
        let mut seen = vec![false; names * 3];
        for (file_index, facts) in context.files.iter().enumerate() {
            let Some(patch) = bundle_files
                .get(facts.index)
                .and_then(|file| file.patch.as_deref())
            else {
                continue;
            };
            seen.iter_mut().for_each(|flag| *flag = false);
            let markers = comment_markers(facts.language, &facts.path);
            let mut scan = Scan {
                index: &mut index,
                seen: &mut seen,
                file: file_index,
            };
            for hunk in &diff::parse(patch).hunks {
                scan.hunk(hunk, needs, markers);
            }
        }
        index
    }

    /// The id of a name given to [`DiffIndex::build`].
    pub(super) fn name_id(&self, name: &str) -> Option<usize> {
        self.words
            .binary_search_by(|word| word.as_str().cmp(name))
            .ok()
            .or_else(|| {
                self.literals
                    .iter()
                    .position(|literal| literal == name)
                    .map(|at| self.words.len() + at)
            })
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
}

impl Scan<'_> {
    fn hunk(&mut self, hunk: &Hunk, needs: Needs, markers: &[&str]) {
        self.line(hunk.section, Found::Context, hunk.new_start);
        let (mut old, mut new) = (hunk.old_start, hunk.new_start);
        for line in &hunk.lines {
            match line.kind {
                LineKind::Added => {
                    self.line(line.text, Found::Added, new);
                    self.first(At {
                        line: new,
                        old_side: false,
                    });
                    if needs.deprecation && says_deprecated(line.text) {
                        self.index.deprecation[self.file].get_or_insert(new);
                    }
                    new = new.saturating_add(1);
                }
                LineKind::Removed => {
                    self.line(line.text, Found::Removed, old);
                    self.first(At {
                        line: old,
                        old_side: true,
                    });
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

    fn first(&mut self, at: At) {
        self.index.first_change[self.file].get_or_insert(at);
    }

    /// Records the names of one line.
    fn line(&mut self, text: &str, found: Found, line: u64) {
        let slot = match found {
            Found::Added => 0,
            Found::Removed => 1,
            _ => 2,
        };
        let words = self.index.words.len();
        if words > 0 {
            for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
                if token.is_empty() {
                    continue;
                }
                if let Ok(name) = self
                    .index
                    .words
                    .binary_search_by(|word| word.as_str().cmp(token))
                {
                    self.hit(name, slot, found, line);
                }
            }
        }
        for literal in 0..self.index.literals.len() {
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

/// `needle` in `haystack` with no name character (letter, digit, `_`, `-`) around it.
fn contains_name(haystack: &str, needle: &str) -> bool {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    !needle.is_empty()
        && haystack.match_indices(needle).any(|(at, _)| {
            let before = haystack[..at].chars().next_back();
            let after = haystack[at + needle.len()..].chars().next();
            !before.is_some_and(is_name) && !after.is_some_and(is_name)
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
    fn comments_are_known_by_language_or_extension() {
        assert_eq!(comment_markers(Some("python"), "a.py"), ["#"]);
        assert_eq!(comment_markers(None, "ci.yml"), ["#"]);
        assert!(comment_markers(None, "data.json").is_empty());
        assert_eq!(comment_markers(Some("rust"), "a.rs")[0], "//");
    }
}
