//! Path rules: what a path (and, for a few rules, the head of its patch) says a file is.
//!
//! Each predicate answers one question from the tables of [`crate::settings::paths`] over a
//! [`PathName`], the path split once the ways the tables need it; `classify` in the parent
//! combines the answers with the user's globs into [`super::FileFacts`].

use crate::bundle::ChangedFile;
use crate::engine::diff;
use crate::engine::path_index::{self, DirTable, DirTables, SuffixCandidates, SuffixTable};
use crate::settings::paths::*;

/// A path split the ways the tables need it, all lower-case (ASCII letters: every table entry
/// is ASCII). Borrows the two strings the caller owns, so splitting allocates nothing.
pub(super) struct PathName<'a> {
    /// The whole path, lower-case, `/`-separated, without a leading `./` or `/`.
    pub(super) lower: &'a str,
    pub(super) basename: &'a str,
    /// Extension without the dot ("" when none; dotfiles like `.env` have none).
    pub(super) extension: &'a str,
    /// The directory part of `lower` (before the last `/`), `None` without one.
    pub(super) directory: Option<&'a str>,
    /// The path as given, `/`-separated (for camelCase word splitting).
    pub(super) original: &'a str,
    /// The basename as given (for case-sensitive suffixes such as `Test.java`).
    pub(super) original_basename: &'a str,
    /// The directory tables (tests, vendored, docs, …) naming one of the directory segments.
    dir_tables: DirTables,
    /// The suffix-table entries the basename may end with.
    suffixes: SuffixCandidates,
}

/// The path with `/` separators (`\` replaced), borrowed when it already has them.
pub(super) fn slashed(path: &str) -> std::borrow::Cow<'_, str> {
    if path.contains('\\') {
        std::borrow::Cow::Owned(path.replace('\\', "/"))
    } else {
        std::borrow::Cow::Borrowed(path)
    }
}

/// The lower-case form [`PathName::new`] expects: no leading `./` or `/`, ASCII lower-case.
/// Borrowed when already so (most paths are): no copy per file.
pub(super) fn lower_path(original: &str) -> std::borrow::Cow<'_, str> {
    // `trim_start_matches("./")` without its substring searcher.
    let mut path = original;
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    crate::text::ascii_lowercase(path.trim_start_matches('/'))
}

impl<'a> PathName<'a> {
    /// `original` is [`slashed`], `lower` its [`lower_path`].
    pub(super) fn new(original: &'a str, lower: &'a str) -> Self {
        // Found bytewise: `rfind` calls `memrchr` (a function call per search, in wasm too) for
        // a few bytes at the end of the path.
        let last = |text: &str, wanted: u8| text.bytes().rposition(|byte| byte == wanted);
        let (directory, basename) = match last(lower, b'/') {
            Some(slash) => (lower.get(..slash), lower.get(slash + 1..).unwrap_or("")),
            None => (None, lower),
        };
        let extension = match last(basename, b'.') {
            Some(0) | None => "",
            Some(dot) => basename.get(dot + 1..).unwrap_or(""),
        };
        Self {
            lower,
            basename,
            extension,
            directory,
            original,
            // `lower` is a lower-cased tail of `original`: the basenames have the same bytes.
            original_basename: original
                .get(original.len().saturating_sub(basename.len())..)
                .unwrap_or(basename),
            suffixes: SuffixCandidates::of(basename),
            dir_tables: DirTables::of(
                directory
                    .into_iter()
                    .flat_map(|dir| crate::text::split_ascii(dir, b'/')),
            ),
        }
    }

    /// The entries of `table` the basename ends with (the lower-case basename; the basename as
    /// given for [`SuffixTable::CamelTest`]).
    pub(super) fn suffixes(&self, table: SuffixTable) -> impl Iterator<Item = &'static str> + 'a {
        let name = match table {
            SuffixTable::CamelTest => self.original_basename,
            _ => self.basename,
        };
        self.suffixes.ending(table, name)
    }

    /// Whether one of the directory segments is named in `table`.
    pub(super) fn in_table(&self, table: DirTable) -> bool {
        self.dir_tables.contains(table)
    }

    /// Directory segments (not the basename), outermost first.
    pub(super) fn dirs(&self) -> impl Iterator<Item = &'a str> {
        self.directory
            .into_iter()
            .flat_map(|directory| crate::text::split_ascii(directory, b'/'))
    }

    pub(super) fn in_dir(&self, names: &[&str]) -> bool {
        match self.directory {
            Some(directory) => {
                crate::text::split_ascii(directory, b'/').any(|dir| names.contains(&dir))
            }
            None => false,
        }
    }

    /// `prefix` is a directory path ending in `/`, matched at the root or after any `/`
    /// ([`crate::text::under`]: this runs for every table entry of every file).
    pub(super) fn under(&self, prefix: &str) -> bool {
        crate::text::under(self.lower, prefix)
    }
}

pub(super) use crate::text::{ends_with, starts_with};

pub(super) fn lookup(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(_, value)| *value)
}

pub(super) fn manifest_ecosystem(name: &PathName) -> Option<&'static str> {
    if let Some(ecosystem) = path_index::manifest(name.basename) {
        return Some(ecosystem);
    }
    if let Some((_, ecosystem)) = MANIFEST_SUFFIXES
        .iter()
        .find(|(suffix, _)| ends_with(name.basename, suffix))
    {
        return Some(ecosystem);
    }
    let requirement_file = (name.basename.starts_with(REQUIREMENTS_PREFIX)
        && (name.extension == "txt" || name.extension == "in"))
        || (name.extension == "txt" && name.in_dir(&["requirements"]))
        || name.basename == "constraints.txt";
    requirement_file.then_some("pip")
}

pub(super) fn is_vendored(name: &PathName) -> bool {
    name.in_table(DirTable::Vendored)
        || (name.in_table(DirTable::VendoredSegmentHead)
            && VENDORED_SEGMENTS.iter().any(|segment| name.under(segment)))
}

/// A module its language keeps private by its path, so its definitions are no public API:
/// Python's leading underscore on a module or package (`_utils.py`, `pkg/_internal/`; PEP 8,
/// "Public and internal interfaces": "internal interfaces … prefixed with a single leading
/// underscore"), except dunder files such as `__init__.py`; Go's `internal/` directories (The
/// Go Programming Language Specification and `go help internal`: importable only from the
/// tree rooted at its parent).
pub(super) fn is_private_module(name: &PathName, language: Option<&str>) -> bool {
    let segments = || name.lower.split('/');
    match language {
        Some("python") => segments().any(|segment| {
            let stem = segment.split('.').next().unwrap_or(segment);
            stem.starts_with('_') && !(stem.starts_with("__") && stem.ends_with("__"))
        }),
        Some("go") => {
            let mut directories = segments();
            directories.next_back();
            directories.any(|segment| segment == "internal")
        }
        _ => false,
    }
}

/// Example or demo code: under a top-level [`EXAMPLE_DIRS`] directory.
pub(super) fn is_example(name: &PathName) -> bool {
    name.dirs()
        .next()
        .is_some_and(|top| EXAMPLE_DIRS.contains(&top))
}

pub(super) fn is_generated_path(name: &PathName) -> bool {
    name.suffixes(SuffixTable::Generated).next().is_some()
        || (matches!(name.extension, "js" | "mjs" | "cjs")
            && name.in_table(DirTable::GeneratedJsHead)
            && GENERATED_JS_DIRS.iter().any(|dir| name.under(dir)))
}

/// Lines of the first hunk searched for a generated-code marker.
pub(super) const GENERATED_MARKER_LINES: usize = 12;

/// True when the patch's first hunk starts at the first line of the new file: only then are
/// its first lines the file's head, where generated-code headers live.
pub(super) fn first_hunk_starts_the_file(patch: &str) -> bool {
    let Some(header) = diff::lines(patch).find(|line| line.as_bytes().starts_with(b"@@")) else {
        return false;
    };
    let new_start = diff::words(header)
        .find_map(|range| crate::text::strip_ascii_prefix(range, b'+'))
        .and_then(|range| crate::text::split_ascii(range, b',').next())
        .and_then(|start| start.parse::<u64>().ok());
    matches!(new_start, Some(0 | 1))
}

/// Looks for a generated-code marker in the *added* lines of the file's head: `head` is
/// [`diff::first_hunk_lines`] of a patch whose first hunk starts the file
/// ([`first_hunk_starts_the_file`]). A marker on a removed or context line says nothing about
/// what this PR adds, and one deeper in the file is not a header.
pub(super) fn has_generated_marker(head: &[diff::Line]) -> bool {
    head.iter().take(GENERATED_MARKER_LINES).any(|line| {
        if line.kind != diff::LineKind::Added {
            return false;
        }
        // Every marker contains "generated" (a test pins it); most lines do not, and this check
        // needs neither a lower-cased copy nor a substring search per marker.
        if !contains_ascii_case_insensitive(line.text.as_bytes(), GENERATED_WORD) {
            return false;
        }
        let text = line.text.to_ascii_lowercase();
        (text.contains("code generated") && text.contains("do not edit"))
            || GENERATED_MARKERS.iter().any(|marker| text.contains(marker))
    })
}

/// The word every generated-code marker contains (lower-case ASCII).
pub(super) const GENERATED_WORD: &[u8] = b"generated";

/// True when `haystack` contains the lower-case ASCII `needle`, ignoring ASCII case: exactly
/// `to_ascii_lowercase().contains(needle)`, without the lower-cased copy.
pub(super) fn contains_ascii_case_insensitive(haystack: &[u8], needle: &[u8]) -> bool {
    let Some((first, rest)) = needle.split_first() else {
        return true;
    };
    // Compare whole windows only where the first byte matches (rare in code lines).
    haystack.windows(needle.len()).any(|window| {
        window
            .first()
            .is_some_and(|byte| byte.to_ascii_lowercase() == *first)
            && window
                .get(1..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(rest))
    })
}

pub(super) fn is_minified(name: &PathName, patch: &diff::Patch) -> bool {
    if !MINIFIABLE_EXTENSIONS.contains(&name.extension) {
        return false;
    }
    let (lines, characters) = patch
        .added()
        .fold((0usize, 0usize), |(lines, chars), line| {
            (lines + 1, chars + line.chars().count())
        });
    lines > 0 && characters / lines > MINIFIED_AVERAGE_LINE_LENGTH
}

/// A binary extension, or (`patch_withheld`) GitHub sent no patch for a 0/0 change of a name
/// not known as text.
pub(super) fn is_binary(
    file: &ChangedFile,
    name: &PathName,
    language: Option<&str>,
    patch_withheld: bool,
) -> bool {
    if path_index::is_binary_extension(name.extension) {
        return true;
    }
    let known_text = language.is_some()
        || path_index::is_doc_extension(name.extension)
        || path_index::is_config_extension(name.extension);
    patch_withheld
        && file.additions == 0
        && file.deletions == 0
        && !known_text
        && matches!(
            file.status.as_str(),
            "added" | "modified" | "removed" | "changed"
        )
}

pub(super) fn is_test(name: &PathName) -> bool {
    // Few directories have a `.`; it is looked for once before the segments are split.
    let dotted_directory = name
        .directory
        .is_some_and(|directory| directory.as_bytes().contains(&b'.'));
    name.in_table(DirTable::Test)
        || (dotted_directory
            && name.dirs().any(|dir| {
                ends_with(dir, ".tests") || ends_with(dir, ".test") || ends_with(dir, ".unittests")
            }))
        || TEST_BASENAMES.contains(&name.basename)
        || TEST_BASENAME_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.basename, prefix))
        || name
            .suffixes(SuffixTable::Test)
            .any(|suffix| name.basename.len() > suffix.len())
        || name
            .suffixes(SuffixTable::CamelTest)
            .any(|suffix| name.original_basename.len() > suffix.len())
}

pub(super) fn is_docs(name: &PathName, manifest: bool, language: Option<&str>) -> bool {
    if manifest || name.basename == "cmakelists.txt" {
        return false;
    }
    if path_index::is_doc_extension(name.extension) {
        return true;
    }
    let stem = name.basename.split('.').next().unwrap_or("");
    // `LICENSE`, `AUTHORS.rst`, `LICENSE-MIT` are prose; `config/packages/security.yaml` (Symfony's
    // firewall) and `security.py` are configuration and code.
    if DOC_BASENAME_PREFIXES.contains(&stem)
        && language.is_none()
        && !path_index::is_config_extension(name.extension)
    {
        return true;
    }
    if !name.in_table(DirTable::Doc) {
        return false;
    }
    // Anything under a top-level docs tree (including `docs/conf.py`) is documentation;
    // deeper `doc/` folders hold docs only when the file is not code.
    let top_level_docs = name
        .dirs()
        .next()
        .is_some_and(|top| DOC_DIRS.contains(&top));
    top_level_docs || language.is_none()
}

/// Translation catalogues: gettext `.po`/`.pot`, XLIFF, and anything under a locale directory
/// that is not code (GNU gettext manual; https://docs.oasis-open.org/xliff/).
pub(super) fn is_translation(name: &PathName) -> bool {
    TRANSLATION_EXTENSIONS.contains(&name.extension)
        || (name.in_table(DirTable::Translation) && path_index::language(name.extension).is_none())
}

pub(super) fn is_ci_config(name: &PathName) -> bool {
    CI_BASENAMES.contains(&name.basename)
        || CI_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.lower, prefix))
        || CI_BASENAME_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.basename, prefix))
        || (name.directory.is_none() && matches!(name.basename, "action.yml" | "action.yaml"))
}

pub(super) fn is_build_script(name: &PathName, language: Option<&str>) -> bool {
    if BUILD_BASENAMES.contains(&name.basename)
        || BUILD_BASENAME_PREFIXES
            .iter()
            .any(|prefix| starts_with(name.basename, prefix))
        || name.suffixes(SuffixTable::Build).next().is_some()
    {
        return true;
    }
    if name.in_table(DirTable::BuildTree) {
        return true;
    }
    let script = SCRIPT_EXTENSIONS.contains(&name.extension);
    let in_build_dir = BUILD_DIRS.iter().any(|dir| starts_with(name.lower, dir))
        || name.lower.starts_with(".husky/");
    (script && in_build_dir)
        || name.lower.starts_with(".husky/")
        || (language == Some("shell") && name.directory.is_none())
}

/// True when an added or removed line of `package.json` lies inside its `"scripts"` object,
/// tracked through the new-file view of each hunk (context lines carry the nesting).
pub fn package_json_scripts_changed(patch: &diff::Patch) -> bool {
    for hunk in &patch.hunks {
        let mut inside = hunk.section.contains("\"scripts\"");
        for line in &hunk.lines {
            let text = line.text.trim();
            let opens_scripts = text.starts_with("\"scripts\"") && text.contains('{');
            if line.kind != diff::LineKind::Context && (inside || opens_scripts) {
                return true;
            }
            if opens_scripts && !text.contains('}') {
                inside = true;
            } else if inside && text.starts_with('}') {
                inside = false;
            }
        }
    }
    false
}

/// Where the words of an ASCII `path` are: runs of letters and digits, split before a capital
/// that follows a lower-case letter or a digit (camelCase). The same rules as
/// [`words_of_chars`] (for ASCII, `is_alphanumeric`, `is_uppercase` and `is_lowercase` are their
/// `is_ascii_*` forms), as ranges of `path`: the lower-case words are then slices of the
/// lower-case path, with no string built per file.
pub(super) fn ascii_word_ranges(path: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let bytes = path.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while bytes
            .get(at)
            .is_some_and(|byte| !byte.is_ascii_alphanumeric())
        {
            at += 1;
        }
        let start = at;
        let mut previous_lower = false;
        while let Some(&byte) = bytes.get(at) {
            if !byte.is_ascii_alphanumeric() || (byte.is_ascii_uppercase() && previous_lower) {
                break;
            }
            previous_lower = byte.is_ascii_lowercase() || byte.is_ascii_digit();
            at += 1;
        }
        (at > start).then_some(start..at)
    })
}

/// Splits a path into lower-case words at `/ . _ -` and camelCase boundaries, written into one
/// string with a space between words: [`ascii_word_ranges`] for ASCII paths, else
/// [`words_of_chars`] (tests compare the two).
#[cfg(test)]
pub(super) fn words(path: &str) -> String {
    if !path.is_ascii() {
        return words_of_chars(path);
    }
    let mut words = String::with_capacity(path.len() + 8);
    let mut end = 0;
    for range in ascii_word_ranges(path) {
        if !words.is_empty() {
            words.push(' ');
        }
        end = range.end;
        words.push_str(&path.get(range).unwrap_or("").to_ascii_lowercase());
    }
    // A separator after the last word ends it with a space, as in the char loop.
    if !words.is_empty() && end < path.len() {
        words.push(' ');
    }
    words
}

/// [`words`] for any text, char by char.
pub(super) fn words_of_chars(path: &str) -> String {
    let mut words = String::with_capacity(path.len() + 8);
    let mut in_word = false;
    let mut previous_lower = false;
    for character in path.chars() {
        if !character.is_alphanumeric() {
            if in_word {
                words.push(' ');
                in_word = false;
            }
            previous_lower = false;
            continue;
        }
        if character.is_uppercase() && previous_lower && in_word {
            words.push(' ');
        }
        previous_lower = character.is_lowercase() || character.is_ascii_digit();
        words.push(character.to_ascii_lowercase());
        in_word = true;
    }
    words
}

pub(super) fn sensitive_category(name: &PathName) -> Option<&'static str> {
    if name.basename == "codeowners" {
        return Some("permissions");
    }
    if SECRET_BASENAMES.contains(&name.basename)
        || name.basename.starts_with(".env.")
        || SECRET_EXTENSIONS.contains(&name.extension)
    {
        return Some("secrets");
    }
    if let Some(category) = lookup(SENSITIVE_EXTENSIONS, name.extension) {
        return Some(category);
    }
    let path = name.original;
    // Found bytewise (`rfind` builds a reverse char searcher; this runs for every file).
    let last = |wanted: u8| path.bytes().rposition(|byte| byte == wanted);
    let without_extension = match last(b'.') {
        Some(dot) if dot > last(b'/').map_or(0, |slash| slash + 1) => {
            path.get(..dot).unwrap_or(path)
        }
        _ => path,
    };
    if !path.is_ascii() {
        let words = words_of_chars(without_extension);
        return path_index::sensitive_area(
            crate::text::split_ascii(&words, b' ').filter(|word| !word.is_empty()),
        );
    }
    // `name.lower` is `path` lower-cased after a prefix of `.` and `/`, which holds no word.
    let offset = path.len().saturating_sub(name.lower.len());
    path_index::sensitive_area(ascii_word_ranges(without_extension).filter_map(|word| {
        name.lower
            .get(word.start.checked_sub(offset)?..word.end.checked_sub(offset)?)
    }))
}

/// Splits a path (original case) into words; exposed for camelCase-aware sensitive matching.
#[cfg(test)]
pub(super) fn words_of(path: &str) -> Vec<String> {
    words(path).split_whitespace().map(String::from).collect()
}
