//! How the changed lines of a file read: comments and doc comments, code moved from elsewhere
//! in the same PR, and mechanical sweeps (one small edit repeated across the PR).
//!
//! **What it does.** Every added or removed line of a file in a language with a comment syntax
//! ([`CommentSyntax::of`]) is *blank*, a *comment* (a line comment such as `#`, `//`, `///`,
//! `--`; a line of a block comment whose opening the hunk shows; a Python docstring that opens
//! right after a `def`/`class` header or on a module's first line) or *code*. A hunk may start
//! inside a block comment or a string: that unknown state reads as code, never as a comment. Across the whole PR,
//! a code line removed in one place and added, unchanged but for whitespace, in another
//! ([`MOVE_MIN_CHARS`] characters or more) is *moved*; a removed/added pair of code lines at the
//! same position of a change block whose token edit (what was taken out, what was put in)
//! repeats at least [`SWEEP_MIN_REPEATS`] times in the PR is a *sweep* (`Optional[X]` →
//! `X | None`, a renamed function called in thirty places, an import path).
//!
//! **Why.** Size drives risk, and not every changed line is code to review: 326 lines of `///`
//! doc comments, a 71-line move, or a `typing` sweep over 40 files read in minutes (issue #37;
//! SmartBear's 500 LOC/h is for code). Such lines weigh
//! [`crate::settings::weights::LIGHT_READING_FACTOR`] in `large_diff`. A change made only of
//! line comments ([`ReadingFacts::only_comments`]) cannot change what runs, so identity drivers
//! weigh less on it (issue #32, item 6).
//!
//! **Source.** Comment syntax from each language's reference (Python "Comments" §2.1.3 and PEP
//! 257 docstrings; Rust reference "Comments"; ECMAScript §12.4; Go spec "Comments"; YAML 1.2.2
//! §6.6). Moves and sweeps: the refactoring-aware diff literature treats moved and
//! systematically edited lines as one change (Kim et al., "Ref-Finder", FSE 2010; Meng et al.,
//! "Systematic editing", PLDI 2011).

mod annotations;

use std::collections::HashMap;
use std::hash::Hasher;

use crate::engine::api_surface::squeezed_fingerprint;
use crate::engine::diff::{Hunk, LineKind, Patch};
use crate::engine::path_index::Fnv;

/// A code line shorter than this (whitespace removed) is never counted as moved: `}` or
/// `return None` removed in one place and added in another is no move.
pub const MOVE_MIN_CHARS: usize = 10;
/// A token edit repeated this often in one PR is a sweep.
pub const SWEEP_MIN_REPEATS: usize = 4;
/// Tokens an edit may take out and put in, together, to be a sweep candidate.
pub const SWEEP_MAX_TOKENS: usize = 8;
/// Change blocks with more lines than this are not paired for sweeps (a rewrite).
const SWEEP_MAX_BLOCK: usize = 40;

/// How one file's changed lines read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadingFacts {
    /// Changed lines that hold nothing but whitespace.
    pub blank_lines: u64,
    /// Changed lines that are comments, doc comments or docstrings.
    pub comment_lines: u64,
    /// Changed code lines moved from or to another place in the PR.
    pub moved_lines: u64,
    /// Changed code lines of a mechanical sweep.
    pub sweep_lines: u64,
    /// Changed code lines that only change type annotations, or import what annotations need
    /// ([`annotations`]).
    pub annotation_lines: u64,
    /// Changed import statements (`import`, `from … import`, `use`), multi-line ones whole.
    pub import_lines: u64,
    /// Changed code lines inside a Rust `#[cfg(test)] mod tests` (tests written in a source
    /// file): they weigh as test code.
    pub test_lines: u64,
    /// Changed lines read at all (added + removed) when a comment syntax is known.
    pub read_lines: u64,
}

impl ReadingFacts {
    /// Changed lines that read faster than code: blank, comments, moved code, sweeps.
    pub fn light_lines(&self) -> u64 {
        self.blank_lines
            .saturating_add(self.comment_lines)
            .saturating_add(self.moved_lines)
            .saturating_add(self.sweep_lines)
            .saturating_add(self.annotation_lines)
            .saturating_add(self.import_lines)
            .min(self.read_lines)
    }

    /// Every changed line is blank or a comment, and at least one is a comment.
    pub fn only_comments(&self) -> bool {
        self.comment_lines > 0
            && self.comment_lines.saturating_add(self.blank_lines) >= self.read_lines
    }
}

/// How a file's language writes comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommentSyntax {
    line: &'static [&'static str],
    block: Option<(&'static str, &'static str)>,
    /// Python: docstrings, and type annotations weigh like comments.
    docstrings: bool,
    /// The keyword that starts an import statement (and, for Python, `from … import`).
    imports: Option<&'static str>,
    /// Tests live in the source file (Rust's `#[cfg(test)] mod tests`).
    inline_tests: bool,
}

const HASH: CommentSyntax = CommentSyntax {
    line: &["#"],
    block: None,
    docstrings: false,
    imports: None,
    inline_tests: false,
};
const C_LIKE: CommentSyntax = CommentSyntax {
    line: &["//"],
    block: Some(("/*", "*/")),
    docstrings: false,
    imports: None,
    inline_tests: false,
};

impl CommentSyntax {
    /// The syntax of a language (`settings::paths::LANGUAGES` value) or, without one, of a
    /// configuration format by extension or file name; `None` when unknown.
    pub fn of(language: Option<&str>, extension: &str, basename: &str) -> Option<Self> {
        let syntax = match language {
            Some("python") => CommentSyntax {
                docstrings: true,
                imports: Some("import"),
                ..HASH
            },
            Some("ruby" | "shell" | "perl" | "r" | "julia" | "elixir" | "nim" | "powershell") => {
                HASH
            }
            // Rust's `#[doc = "…"]` attributes are doc comments written another way.
            Some("rust") => CommentSyntax {
                line: &["//", "#[doc", "#![doc"],
                imports: Some("use"),
                inline_tests: true,
                ..C_LIKE
            },
            Some(
                "javascript" | "typescript" | "go" | "java" | "kotlin" | "scala" | "groovy"
                | "swift" | "dart",
            ) => CommentSyntax {
                imports: Some("import"),
                ..C_LIKE
            },
            Some(
                "c" | "cpp" | "objective-c" | "csharp" | "fsharp" | "zig" | "solidity" | "protobuf"
                | "php",
            ) => C_LIKE,
            Some("hcl") => CommentSyntax {
                line: &["#", "//"],
                ..C_LIKE
            },
            Some("sql" | "lua" | "haskell") => CommentSyntax {
                line: &["--"],
                block: None,
                docstrings: false,
                imports: None,
                inline_tests: false,
            },
            Some("erlang") => CommentSyntax {
                line: &["%"],
                block: None,
                docstrings: false,
                imports: None,
                inline_tests: false,
            },
            Some(_) => return None,
            None => match extension {
                "yaml" | "yml" | "toml" | "cfg" | "conf" | "properties" | "env" | "mk" => HASH,
                "ini" => CommentSyntax {
                    line: &["#", ";"],
                    block: None,
                    docstrings: false,
                    imports: None,
                    inline_tests: false,
                },
                _ if matches!(basename, "makefile" | "gnumakefile" | "dockerfile")
                    || basename.starts_with("dockerfile.") =>
                {
                    HASH
                }
                _ => return None,
            },
        };
        Some(syntax)
    }

    fn is_line_comment(self, trimmed: &str) -> bool {
        self.line.iter().any(|marker| trimmed.starts_with(marker))
    }

    /// `Some(close)` when `trimmed` is an import statement of the file's language (`close`:
    /// the token that ends a multi-line one it opens, if it opens one), else `None`.
    fn import_opening(self, trimmed: &str) -> Option<Option<&'static str>> {
        let keyword = self.imports?;
        let rest = trimmed.strip_prefix(keyword).or_else(|| {
            (self.docstrings && trimmed.contains(" import "))
                .then(|| trimmed.strip_prefix("from"))
                .flatten()
        })?;
        // `import(…)` is a dynamic import call, `from` alone a word.
        if !rest.starts_with(' ') {
            return None;
        }
        let close = match keyword {
            "use" if trimmed.ends_with('{') => Some("}"),
            _ if trimmed.ends_with('(') => Some(")"),
            _ => None,
        };
        Some(close)
    }
}

/// What the PR-wide pass needs of one file: fingerprints of its removed and added code lines
/// (long enough to be a move) and the token edits of its paired lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CodeLines {
    removed: Vec<u64>,
    added: Vec<u64>,
    /// One token-edit fingerprint per paired (removed, added) code line.
    edits: Vec<u64>,
}

/// Reads one file's patch.
pub fn read_file(patch: &Patch, syntax: CommentSyntax) -> (ReadingFacts, CodeLines) {
    let mut facts = ReadingFacts::default();
    let mut code = CodeLines::default();
    for hunk in &patch.hunks {
        let kinds = line_kinds(hunk, syntax);
        // git names the enclosing item after the `@@`; a hunk inside `mod tests` is test code,
        // and so is everything after a `mod tests {` the hunk shows.
        let mut in_tests = syntax.inline_tests && is_test_module(hunk.section);
        let mut block_removed: Vec<&str> = Vec::new();
        let mut block_added: Vec<&str> = Vec::new();
        for (line, kind) in hunk.lines.iter().zip(&kinds) {
            if syntax.inline_tests && is_test_module(line.text.trim()) {
                in_tests = true;
            }
            if line.kind == LineKind::Context {
                pair_block(&mut code, &block_removed, &block_added);
                block_removed.clear();
                block_added.clear();
                continue;
            }
            facts.read_lines += 1;
            match kind {
                Kind::Blank => facts.blank_lines += 1,
                Kind::Import => facts.import_lines += 1,
                Kind::Comment => facts.comment_lines += 1,
                Kind::Code
                    if syntax.docstrings && annotations::python_annotation_support(line.text) =>
                {
                    facts.annotation_lines += 1;
                }
                Kind::Code if in_tests => facts.test_lines += 1,
                Kind::Code => {
                    let long =
                        line.text.split_whitespace().map(str::len).sum::<usize>() >= MOVE_MIN_CHARS;
                    let fingerprint = squeezed_fingerprint(line.text).filter(|_| long);
                    match line.kind {
                        LineKind::Removed => {
                            code.removed.extend(fingerprint);
                            block_removed.push(line.text);
                        }
                        _ => {
                            code.added.extend(fingerprint);
                            block_added.push(line.text);
                        }
                    }
                }
            }
        }
        pair_block(&mut code, &block_removed, &block_added);
    }
    if syntax.docstrings {
        facts.annotation_lines += annotation_lines(patch);
    }
    (facts, code)
}

/// Removed and added lines that differ only in their Python type annotations: pairs at the
/// same position of a change block, or a whole block whose statement was re-wrapped.
fn annotation_lines(patch: &Patch) -> u64 {
    let mut lines = 0;
    for hunk in &patch.hunks {
        let mut removed: Vec<&str> = Vec::new();
        let mut added: Vec<&str> = Vec::new();
        for line in hunk.lines.iter().map(Some).chain([None]) {
            match line.map(|line| line.kind) {
                Some(LineKind::Removed) if added.is_empty() => {
                    removed.push(line.map_or("", |line| line.text));
                    continue;
                }
                Some(LineKind::Added) => {
                    added.push(line.map_or("", |line| line.text));
                    continue;
                }
                _ => {}
            }
            if removed.len() == added.len() {
                lines += removed
                    .iter()
                    .zip(&added)
                    .filter(|(old, new)| annotations::python_annotation_only(old, new))
                    .count() as u64
                    * 2;
            } else if annotations::python_block_annotation_only(&removed, &added) {
                lines += (removed.len() + added.len()) as u64;
            }
            removed.clear();
            added.clear();
            if let Some(line) = line.filter(|line| line.kind == LineKind::Removed) {
                removed.push(line.text);
            }
        }
    }
    lines
}

/// Counts moved and sweep lines across every file of the PR, into each file's facts.
pub fn mark_moves_and_sweeps(files: &mut [(&mut ReadingFacts, CodeLines)]) {
    let mut removed: HashMap<u64, usize> = HashMap::new();
    let mut added: HashMap<u64, usize> = HashMap::new();
    let mut edits: HashMap<u64, usize> = HashMap::new();
    for (_, code) in files.iter() {
        for fingerprint in &code.removed {
            *removed.entry(*fingerprint).or_default() += 1;
        }
        for fingerprint in &code.added {
            *added.entry(*fingerprint).or_default() += 1;
        }
        for fingerprint in &code.edits {
            *edits.entry(*fingerprint).or_default() += 1;
        }
    }
    // Each removed line pairs with at most one added line: the first ones claim the matches.
    let mut removed_left: HashMap<u64, usize> = HashMap::new();
    let mut added_left: HashMap<u64, usize> = HashMap::new();
    for (fingerprint, count) in &removed {
        let matches = (*count).min(added.get(fingerprint).copied().unwrap_or(0));
        if matches > 0 {
            removed_left.insert(*fingerprint, matches);
            added_left.insert(*fingerprint, matches);
        }
    }
    for (facts, code) in files.iter_mut() {
        let mut moved = 0u64;
        for (lines, left) in [
            (&code.removed, &mut removed_left),
            (&code.added, &mut added_left),
        ] {
            for fingerprint in lines {
                if let Some(count) = left.get_mut(fingerprint).filter(|count| **count > 0) {
                    *count -= 1;
                    moved += 1;
                }
            }
        }
        let sweeps = code
            .edits
            .iter()
            .filter(|edit| edits.get(edit).copied().unwrap_or(0) >= SWEEP_MIN_REPEATS)
            .count() as u64;
        facts.moved_lines = moved;
        // A pair is two lines; a moved line is never part of a sweep pair (it is unchanged).
        facts.sweep_lines = sweeps.saturating_mul(2);
    }
}

/// `mod tests {` / `mod test {` (optionally `pub`): a Rust test module.
pub(crate) fn is_test_module(text: &str) -> bool {
    let text = text
        .trim_start_matches("pub ")
        .trim_start_matches("pub(crate) ");
    text.starts_with("mod tests") || text.starts_with("mod test ") || text.starts_with("mod test{")
}

/// The kind of one hunk line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Blank,
    Comment,
    Import,
    Code,
}

/// Classifies every line of a hunk, tracking block comments and docstrings separately in the
/// old view (context + removed) and the new view (context + added). A hunk is assumed to start
/// outside them: an unknown state reads as code, never as a comment.
fn line_kinds(hunk: &Hunk, syntax: CommentSyntax) -> Vec<Kind> {
    let mut old = ViewState::starting(hunk.old_start <= 1);
    let mut new = ViewState::starting(hunk.new_start <= 1);
    if syntax.docstrings {
        old.in_docstring = inside_module_docstring(hunk, hunk.old_start, LineKind::Removed);
        new.in_docstring = inside_module_docstring(hunk, hunk.new_start, LineKind::Added);
    }
    hunk.lines
        .iter()
        .map(|line| {
            let trimmed = line.text.trim();
            match line.kind {
                LineKind::Removed => old.kind(trimmed, syntax),
                LineKind::Added => new.kind(trimmed, syntax),
                LineKind::Context => {
                    let kind = old.kind(trimmed, syntax);
                    new.kind(trimmed, syntax);
                    kind
                }
            }
        })
        .collect()
}

/// A Python hunk near the top of a file that starts inside the module docstring: the first
/// triple quote its view shows is a bare, unindented `"""` (or `'''`) — the docstring's close
/// — and the view starts within [`MODULE_HEADER_LINES`] of the top (a license or copyright
/// header edit). The quote it is inside, or `None`.
fn inside_module_docstring(hunk: &Hunk, start: u64, changed: LineKind) -> Option<&'static str> {
    if start <= 1 || start > MODULE_HEADER_LINES {
        return None;
    }
    let first = hunk
        .lines
        .iter()
        .filter(|line| line.kind == LineKind::Context || line.kind == changed)
        .find(|line| line.text.contains("\"\"\"") || line.text.contains("'''"))?;
    ["\"\"\"", "'''"]
        .into_iter()
        .find(|quote| first.text.trim_end() == *quote)
}

/// How far from the top a hunk may start and still be read as inside the module docstring.
const MODULE_HEADER_LINES: u64 = 30;

/// Block-comment and docstring state of one view of a hunk.
#[derive(Debug, Default)]
struct ViewState {
    in_block: bool,
    in_docstring: Option<&'static str>,
    /// Inside a multi-line import (`from x import (`, `import (`, `use a::{`): its closing token.
    in_import: Option<&'static str>,
    /// A docstring may open on the next non-blank line: the previous code line was a
    /// `def`/`class` header, or the view starts at the file's first line (a module docstring).
    docstring_may_open: bool,
}

impl ViewState {
    fn starting(at_file_start: bool) -> Self {
        ViewState {
            docstring_may_open: at_file_start,
            ..ViewState::default()
        }
    }

    fn kind(&mut self, trimmed: &str, syntax: CommentSyntax) -> Kind {
        if let Some(quote) = self.in_docstring {
            if trimmed.contains(quote) {
                self.in_docstring = None;
            }
            return Kind::Comment;
        }
        if self.in_block {
            if let Some((_, close)) = syntax.block {
                if trimmed.contains(close) {
                    self.in_block = false;
                }
            }
            return Kind::Comment;
        }
        if trimmed.is_empty() {
            return Kind::Blank;
        }
        if syntax.is_line_comment(trimmed) {
            return Kind::Comment;
        }
        if let Some((open, close)) = syntax.block {
            if let Some(rest) = trimmed.strip_prefix(open) {
                if !rest.contains(close) {
                    self.in_block = true;
                    return Kind::Comment;
                }
                if trimmed.ends_with(close) {
                    return Kind::Comment;
                }
            }
        }
        if syntax.docstrings && self.docstring_may_open {
            let body = trimmed.trim_start_matches(['r', 'R', 'u', 'U', 'b', 'B']);
            for quote in ["\"\"\"", "'''"] {
                if let Some(rest) = body.strip_prefix(quote) {
                    if !rest.contains(quote) {
                        self.in_docstring = Some(quote);
                    }
                    self.docstring_may_open = false;
                    return Kind::Comment;
                }
            }
        }
        if let Some(close) = self.in_import {
            if trimmed.contains(close) {
                self.in_import = None;
            }
            return Kind::Import;
        }
        if let Some(close) = syntax.import_opening(trimmed) {
            self.in_import = close;
            return Kind::Import;
        }
        self.docstring_may_open = syntax.docstrings
            && (trimmed.starts_with("def ")
                || trimmed.starts_with("async def ")
                || trimmed.starts_with("class "))
            && trimmed.ends_with(':');
        Kind::Code
    }
}

/// Pairs the removed and added code lines of one change block line by line (same count, not a
/// rewrite) and records each pair's token edit.
fn pair_block(code: &mut CodeLines, removed: &[&str], added: &[&str]) {
    if removed.is_empty() || removed.len() != added.len() || removed.len() > SWEEP_MAX_BLOCK {
        return;
    }
    // One pair of token buffers for the whole block: a large PR pairs tens of thousands of lines.
    let mut old_tokens = Vec::new();
    let mut new_tokens = Vec::new();
    for (old, new) in removed.iter().zip(added) {
        // Equal lines have equal tokens: no edit (a line removed and added back unchanged).
        if old == new {
            continue;
        }
        tokens(old, &mut old_tokens);
        tokens(new, &mut new_tokens);
        if let Some(edit) = token_edit(&old_tokens, &new_tokens) {
            code.edits.push(edit);
        }
    }
}

/// A fingerprint of what an edit took out and put in, token by token; `None` when the lines
/// have equal tokens (a whitespace change) or the edit is too large for a sweep.
fn token_edit(old_tokens: &[&str], new_tokens: &[&str]) -> Option<u64> {
    let prefix = old_tokens
        .iter()
        .zip(new_tokens)
        .take_while(|(a, b)| a == b)
        .count();
    let suffix = old_tokens[prefix..]
        .iter()
        .rev()
        .zip(new_tokens[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let taken = &old_tokens[prefix..old_tokens.len() - suffix];
    let put = &new_tokens[prefix..new_tokens.len() - suffix];
    if taken.is_empty() && put.is_empty() {
        return None;
    }
    // Inside the changed middle, tokens both sides share (the `X` of `Optional[X]` → `X | None`)
    // are not part of the edit, and a token taken out or put in twice is one kind of edit.
    let taken_only = distinct(taken, put, SWEEP_MAX_TOKENS)?;
    let put_only = distinct(put, taken, SWEEP_MAX_TOKENS - taken_only.len())?;
    if taken_only.is_empty() && put_only.is_empty() {
        return None;
    }
    Some(edit_fingerprint(&taken_only, &put_only))
}

/// FNV-1a of the tokens taken out and put in, with a separator between tokens and another
/// between the two sides, so `a b` → `c` and `a` → `b c` differ.
fn edit_fingerprint(taken: &[&str], put: &[&str]) -> u64 {
    let mut fingerprint = Fnv::default();
    for (side, tokens) in [taken, put].into_iter().enumerate() {
        if side == 1 {
            fingerprint.write_u8(0x1e);
        }
        for (at, token) in tokens.iter().enumerate() {
            if at > 0 {
                fingerprint.write_u8(0x1f);
            }
            fingerprint.write(token.as_bytes());
        }
    }
    fingerprint.finish()
}

/// The distinct tokens of `side` that `other` lacks, sorted; `None` when there are more than
/// `limit` (a rewrite, not a sweep: the rest of the line is not compared).
fn distinct<'a>(side: &[&'a str], other: &[&str], limit: usize) -> Option<Vec<&'a str>> {
    let mut only: Vec<&'a str> = Vec::new();
    for token in side {
        if !other.contains(token) && !only.contains(token) {
            if only.len() == limit {
                return None;
            }
            only.push(*token);
        }
    }
    crate::order::sort(&mut only);
    Some(only)
}

/// Identifier/number runs and single punctuation characters; whitespace separates. Into
/// `out`, which is cleared first.
fn tokens<'a>(line: &'a str, out: &mut Vec<&'a str>) {
    out.clear();
    if line.is_ascii() {
        ascii_tokens(line, out);
    } else {
        char_tokens(line, out);
    }
}

/// [`tokens`] of any line, character by character.
fn char_tokens<'a>(line: &'a str, out: &mut Vec<&'a str>) {
    let mut start: Option<usize> = None;
    for (at, character) in line.char_indices() {
        let word = character.is_alphanumeric() || character == '_';
        match (word, start) {
            (true, None) => start = Some(at),
            (true, Some(_)) => {}
            (false, Some(begin)) => {
                out.push(&line[begin..at]);
                start = None;
            }
            (false, None) => {}
        }
        if !word && !character.is_whitespace() {
            out.push(&line[at..at + character.len_utf8()]);
        }
    }
    if let Some(begin) = start {
        out.push(&line[begin..]);
    }
}

/// [`tokens`] of an ASCII line, byte by byte (the same tokens: an ASCII byte is its own
/// character, and `\t`..=`\r` and the space are exactly the ASCII whitespace of
/// [`char::is_whitespace`]); most code lines are ASCII, and a large PR tokenises tens of
/// thousands of them.
fn ascii_tokens<'a>(line: &'a str, out: &mut Vec<&'a str>) {
    let bytes = line.as_bytes();
    let word = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let begin = at;
        at += 1;
        if word(byte) {
            while bytes.get(at).is_some_and(|byte| word(*byte)) {
                at += 1;
            }
        } else if matches!(byte, b' ' | b'\t'..=b'\r') {
            continue;
        }
        out.extend(line.get(begin..at));
    }
}

#[cfg(test)]
mod tests;
