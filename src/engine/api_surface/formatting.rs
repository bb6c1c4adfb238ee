//! Formatting-only changes: hunks whose removed and added lines differ only in whitespace,
//! indentation or wrapping, and the re-indented lines inside hunks with real changes (sized as
//! formatting, not as changed code). In languages where indentation is syntax (Python, YAML,
//! Makefiles, …) a changed indentation is a real change, never formatting.

/// Whether leading whitespace is syntax in a file's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Indentation {
    /// Blocks are delimited by tokens: re-indenting a line changes nothing it means.
    Free,
    /// Leading whitespace is syntax (Python's blocks, YAML's nesting, a Makefile's recipe tab):
    /// re-indenting a line can move it into or out of a block.
    Layout,
}

/// Languages (`settings::paths::LANGUAGES` values) whose blocks are their indentation.
const LAYOUT_LANGUAGES: &[&str] = &["python", "haskell", "fsharp", "nim"];
/// Extensions and file names (lower-case) of layout-sensitive formats without a language entry.
const LAYOUT_EXTENSIONS: &[&str] = &["yaml", "yml", "mk"];
const LAYOUT_BASENAMES: &[&str] = &["makefile", "gnumakefile"];

impl Indentation {
    /// The rule for a file: `language` from `LANGUAGES` ("" when none), its lower-case
    /// `basename` and `extension`. Sources: Python's "Indentation" (The Python Language
    /// Reference, 2.1.8); YAML 1.2.2 §6.1 "Indentation Spaces"; GNU make manual 5.1 "Recipe
    /// Syntax" (a recipe line starts with a tab).
    pub fn of(language: &str, basename: &str, extension: &str) -> Self {
        if LAYOUT_LANGUAGES.contains(&language)
            || LAYOUT_EXTENSIONS.contains(&extension)
            || LAYOUT_BASENAMES.contains(&basename)
        {
            Indentation::Layout
        } else {
            Indentation::Free
        }
    }
}

/// The formatting facts of one file: how many changed hunks were formatting only, and how many
/// lines need no review because they were only re-spaced, re-indented or re-wrapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FormattingFacts {
    /// Hunks whose change was whitespace, indentation or line wrapping only.
    pub formatting_only_hunks: usize,
    /// Hunks with any removed or added line.
    pub changed_hunks: usize,
    /// Removed plus added lines that were formatting only (size that needs no review).
    pub lines: u64,
}

impl FormattingFacts {
    /// Every changed hunk was formatting-only (and there was at least one).
    pub fn formatting_only(&self) -> bool {
        self.changed_hunks > 0 && self.formatting_only_hunks == self.changed_hunks
    }

    /// Counts one changed hunk; true when it was formatting only (then it holds no API change).
    pub(super) fn count_hunk(
        &mut self,
        removed: &[&str],
        added: &[&str],
        indentation: Indentation,
    ) -> bool {
        self.changed_hunks += 1;
        if is_formatting_only_in(removed, added, indentation) {
            self.formatting_only_hunks += 1;
            self.lines = self
                .lines
                .saturating_add((removed.len() + added.len()) as u64);
            return true;
        }
        self.lines = self
            .lines
            .saturating_add(reformatted_lines(removed, added, indentation));
        false
    }
}

/// True when removed and added lines differ only in whitespace, blank lines or wrapping; under
/// `Layout` every logical line must also keep its leading whitespace (continuation lines
/// inside brackets may move freely).
pub(super) fn is_formatting_only_in(
    removed: &[&str],
    added: &[&str],
    indentation: Indentation,
) -> bool {
    if !free_formatting_only(removed, added) {
        return false;
    }
    indentation == Indentation::Free || logical_indents(removed) == logical_indents(added)
}

/// The leading whitespace of each logical line that starts outside brackets and after no
/// backslash continuation (blank lines skipped). A hunk may start inside a bracket: depth is
/// clamped at zero.
fn logical_indents<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let mut depth: usize = 0;
    let mut continued = false;
    let mut indents = Vec::new();
    for line in lines {
        if line.trim().is_empty() {
            continue;
        }
        if depth == 0 && !continued {
            let body = line.trim_start();
            indents.push(&line[..line.len() - body.len()]);
        }
        for byte in line.bytes() {
            match byte {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        continued = line.trim_end().ends_with('\\');
    }
    indents
}

fn free_formatting_only(removed: &[&str], added: &[&str]) -> bool {
    if removed.is_empty() || added.is_empty() {
        // Pure additions/removals of blank lines are formatting too.
        return removed
            .iter()
            .chain(added)
            .all(|line| line.trim().is_empty());
    }
    // Both exact checks below imply the same text once whitespace and commas are dropped; most
    // hunks are real changes and fail this allocation-free check.
    if !same_tokens(removed, added) {
        return false;
    }
    let old: Vec<String> = removed
        .iter()
        .map(|line| squeeze(line))
        .filter(|line| !line.is_empty())
        .collect();
    let new: Vec<String> = added
        .iter()
        .map(|line| squeeze(line))
        .filter(|line| !line.is_empty())
        .collect();
    // Line by line the same after squeezing: only indentation or spacing changed.
    if old == new {
        return true;
    }
    // Re-wrapped: the same tokens, split over different lines (a wrap may add the "magic"
    // trailing comma of black/rustfmt/prettier).
    let joined = |lines: &[String]| lines.concat().replace(",)", ")").replace(",]", "]");
    joined(&old) == joined(&new)
}

/// Above this many removed × added lines a mixed hunk is not diffed (its re-indented lines
/// then count as changed): keeps the work per hunk bounded on wasm, where `similar` has no
/// deadline. 200 × 200 lines covers ordinary hunks.
pub(super) const MAX_DIFF_CELLS: usize = 40_000;

/// Lines of a hunk with real changes that were only re-indented or re-spaced: `similar`'s Myers
/// diff of the whitespace-free removed lines against the added ones pairs them as `Equal`
/// (both the removed and the added copy count). A hunk that re-indents 40 lines around a
/// one-line fix is then sized as a one-line fix. Under `Layout` a line that moved to another
/// indentation is a real change, so lines are compared with their leading whitespace.
pub(super) fn reformatted_lines(removed: &[&str], added: &[&str], indentation: Indentation) -> u64 {
    if removed.is_empty()
        || added.is_empty()
        || removed.len().saturating_mul(added.len()) > MAX_DIFF_CELLS
    {
        return 0;
    }
    // One line replaced by one (the most common hunk): they share a squeezed line only when
    // the two squeezed lines are equal and not blank, which one comparison answers exactly,
    // stopping at the first difference, before any fingerprint.
    if let ([old], [new]) = (removed, added) {
        if old.trim().is_empty() || !squeezed_equal(old, new) {
            return 0;
        }
    }
    // Cheap rejection, before squeezing any line into a new String: most real hunks share no
    // squeezed line at all, so no added line's fingerprint is among the removed lines'.
    // (Equal lines have equal fingerprints; a rare collision only costs the exact check below.)
    let mut old_fingerprints: Vec<u64> = removed
        .iter()
        .filter_map(|line| squeezed_fingerprint(line))
        .collect();
    crate::order::sort(&mut old_fingerprints);
    let shares_a_line = added.iter().any(|line| {
        squeezed_fingerprint(line)
            .is_some_and(|fingerprint| old_fingerprints.binary_search(&fingerprint).is_ok())
    });
    if !shares_a_line {
        return 0;
    }
    let compared = |line: &&str| match indentation {
        Indentation::Free => squeeze(line),
        Indentation::Layout => {
            let body = line.trim_start();
            let squeezed = squeeze(body);
            if squeezed.is_empty() {
                squeezed
            } else {
                format!("{}{squeezed}", &line[..line.len() - body.len()])
            }
        }
    };
    let old: Vec<String> = removed.iter().map(compared).collect();
    let new: Vec<String> = added.iter().map(compared).collect();
    let old_lines: std::collections::HashSet<&str> = old
        .iter()
        .map(String::as_str)
        .filter(|line| !line.is_empty())
        .collect();
    if !new.iter().any(|line| old_lines.contains(line.as_str())) {
        return 0;
    }
    myers_ops(&old, &new)
        .iter()
        .filter(|operation| operation.tag() == similar::DiffTag::Equal)
        .map(|operation| {
            // An equal run of squeezed lines that are blank is not a formatting change worth counting.
            let lines = operation
                .old_range()
                .filter(|index| !old[*index].is_empty())
                .count();
            2 * lines as u64
        })
        .sum()
}

/// The Myers diff of two line lists, as `similar::capture_diff_slices(Algorithm::Myers, …)`
/// returns it (the same Compact, Replace and Capture hooks). Calling the algorithm's module
/// directly links only Myers; the `Algorithm` value would link Patience and LCS too.
fn myers_ops(old: &[String], new: &[String]) -> Vec<similar::DiffOp> {
    use similar::algorithms::{myers, Capture, Compact, Replace};
    let mut hooks = Compact::new(Replace::new(Capture::new()), old, new);
    match myers::diff(&mut hooks, old, 0..old.len(), new, 0..new.len()) {
        Ok(()) => hooks.into_inner().into_inner().into_ops(),
        Err(never) => match never {},
    }
}

/// True when `removed` and `added` read the same with all whitespace and commas removed: a
/// necessary condition for a formatting-only hunk (line-equal after squeezing, or re-wrapped with
/// only trailing commas added or dropped), checked without allocating.
pub(super) fn same_tokens(removed: &[&str], added: &[&str]) -> bool {
    fn significant<'a>(lines: &'a [&'a str]) -> impl Iterator<Item = char> + 'a {
        lines
            .iter()
            .flat_map(|line| line.chars())
            .filter(|character| !character.is_whitespace() && *character != ',')
    }
    fn significant_bytes<'a>(lines: &'a [&'a str]) -> impl Iterator<Item = u8> + 'a {
        lines
            .iter()
            .flat_map(|line| line.bytes())
            .filter(|byte| !is_ascii_space(*byte) && *byte != b',')
    }
    // Code is nearly always ASCII: then bytes are characters and no UTF-8 decoding is needed.
    let ascii = |lines: &[&str]| lines.iter().all(|line| line.is_ascii());
    if ascii(removed) && ascii(added) {
        return significant_bytes(removed).eq(significant_bytes(added));
    }
    significant(removed).eq(significant(added))
}

/// `char::is_whitespace` for an ASCII byte (space, tab, line feed, vertical tab, form feed,
/// carriage return; `u8::is_ascii_whitespace` leaves out the vertical tab).
pub(super) fn is_ascii_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t'..=b'\r')
}

/// FNV-1a of a line's non-whitespace characters (the [`squeeze`]d line, without building it);
/// `None` when the squeezed line is empty.
pub(crate) fn squeezed_fingerprint(line: &str) -> Option<u64> {
    const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut fingerprint = FNV_OFFSET;
    let mut empty = true;
    let mut add = |code: u32| {
        empty = false;
        fingerprint = (fingerprint ^ u64::from(code)).wrapping_mul(FNV_PRIME);
    };
    // An ASCII byte is its own code point: both loops give the same fingerprint.
    if line.is_ascii() {
        for byte in line.bytes().filter(|byte| !is_ascii_space(*byte)) {
            add(u32::from(byte));
        }
    } else {
        for character in line.chars().filter(|character| !character.is_whitespace()) {
            add(u32::from(character));
        }
    }
    (!empty).then_some(fingerprint)
}

/// `squeeze(a) == squeeze(b)`, without building either.
fn squeezed_equal(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        a.bytes()
            .filter(|byte| !is_ascii_space(*byte))
            .eq(b.bytes().filter(|byte| !is_ascii_space(*byte)))
    } else {
        a.chars()
            .filter(|character| !character.is_whitespace())
            .eq(b.chars().filter(|character| !character.is_whitespace()))
    }
}

/// Removes all whitespace (comparison form of a line).
pub(super) fn squeeze(line: &str) -> String {
    line.chars()
        .filter(|character| !character.is_whitespace())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::api_surface::analyze;
    use crate::engine::diff::parse;

    #[test]
    fn whitespace_only_hunks_are_formatting_only_where_indentation_is_not_syntax() {
        let patch = "@@ -1,2 +1,2 @@\n-function run(a,b){\n-  return a+b }\n+function run(a, b) {\n+    return a + b }";
        let (surface, formatting) = analyze(&parse(patch), "javascript", "js");
        assert!(formatting.formatting_only());
        assert!(surface.changes.is_empty());
        assert!(is_formatting_only_in(
            &["x = 1"],
            &["x  =  1", ""],
            Indentation::Free
        ));
        assert!(!is_formatting_only_in(
            &["x = 1"],
            &["x = 2"],
            Indentation::Free
        ));
    }

    #[test]
    fn reindenting_python_is_a_real_change_but_respacing_within_a_line_is_not() {
        // Moving `return` out of the `if` block changes what the function does.
        let moved = "@@ -1,3 +1,3 @@\n def run(a, b):\n-    if a:\n-        return b\n+    if a:\n+    return b";
        let (_, formatting) = analyze(&parse(moved), "python", "py");
        assert!(!formatting.formatting_only());
        // Only the `if a:` pair kept its place; the moved `return` counts as changed code.
        assert_eq!(formatting.lines, 2);
        let respaced =
            "@@ -1,2 +1,2 @@\n-def run(a,b):\n-    return a+b\n+def run(a, b):\n+    return a + b";
        let (_, formatting) = analyze(&parse(respaced), "python", "py");
        assert!(formatting.formatting_only());
        assert_eq!(formatting.lines, 4);
        // The same re-indentation in a brace language is formatting.
        let braces =
            "@@ -1,2 +1,2 @@\n-if (a) {\n-        return b; }\n+if (a) {\n+    return b; }";
        assert!(analyze(&parse(braces), "javascript", "js")
            .1
            .formatting_only());
    }

    #[test]
    fn yaml_and_makefile_indentation_is_syntax_and_continuation_lines_may_move() {
        for (language, basename, extension) in [
            ("", "ci.yml", "yml"),
            ("", "config.yaml", "yaml"),
            ("", "makefile", ""),
            ("", "rules.mk", "mk"),
            ("python", "x.py", "py"),
        ] {
            assert_eq!(
                Indentation::of(language, basename, extension),
                Indentation::Layout,
                "{basename}"
            );
        }
        assert_eq!(Indentation::of("rust", "lib.rs", "rs"), Indentation::Free);
        // YAML: a key moved under another mapping.
        let yaml = (
            ["jobs:", "  build:", "  test:"],
            ["jobs:", "  build:", "    test:"],
        );
        assert!(is_formatting_only_in(&yaml.0, &yaml.1, Indentation::Free));
        assert!(!is_formatting_only_in(
            &yaml.0,
            &yaml.1,
            Indentation::Layout
        ));
        // Makefile: a recipe line (tab) turned into a rule line.
        let make = (
            ["build:", "\tcc -o app app.c"],
            ["build:", "cc -o app app.c"],
        );
        assert!(!is_formatting_only_in(
            &make.0,
            &make.1,
            Indentation::Layout
        ));
        // Trailing spaces and blank lines stay formatting.
        assert!(is_formatting_only_in(
            &["key: 1  "],
            &["key: 1", ""],
            Indentation::Layout
        ));
        // Inside brackets (implicit line joining) and after a backslash, indentation is free.
        let rewrap = (["x = f(a, b)"], ["x = f(", "        a,", "  b)"]);
        assert!(is_formatting_only_in(
            &rewrap.0,
            &rewrap.1,
            Indentation::Layout
        ));
        let backslash = (["y = a + \\", "    b"], ["y = a + \\", "        b"]);
        assert!(is_formatting_only_in(
            &backslash.0,
            &backslash.1,
            Indentation::Layout
        ));
    }

    #[test]
    fn reindented_lines_around_a_real_change_count_as_formatting() {
        let removed = ["if ready {", "    go();", "    stop();", "}"];
        let added = ["if ready {", "        go();", "        stop(now);", "}"];
        // `if ready {`, `go();` and `}` only moved: 3 pairs; `stop(now)` is a real change.
        assert_eq!(reformatted_lines(&removed, &added, Indentation::Free), 6);
        assert_eq!(
            reformatted_lines(&["a = 1"], &["a = 2"], Indentation::Free),
            0
        );
        // Where indentation is syntax, only `if ready {` and `}` kept their place.
        assert_eq!(reformatted_lines(&removed, &added, Indentation::Layout), 4);
    }

    #[test]
    fn a_line_replaced_by_one_counts_only_when_it_was_merely_respaced() {
        assert_eq!(
            reformatted_lines(&["  x = 1"], &["x=1"], Indentation::Free),
            2
        );
        assert_eq!(
            reformatted_lines(&["  x = 1"], &["    x = 1"], Indentation::Layout),
            0
        );
        assert_eq!(
            reformatted_lines(&["x = 1"], &["x = 1"], Indentation::Layout),
            2
        );
        assert_eq!(reformatted_lines(&[" "], &["\t"], Indentation::Free), 0);
        assert_eq!(
            reformatted_lines(&["é b"], &["é\u{a0}b"], Indentation::Free),
            2
        );
        assert!(squeezed_equal("a b", "ab ") && !squeezed_equal("a", "b"));
    }

    #[test]
    fn formatting_lines_are_counted_in_every_language() {
        let (surface, formatting) = analyze(&parse("@@ -1,2 +1,2 @@\n-int f(int a,int b){\n+int f(int a, int b) {\n@@ -9 +9 @@\n-x = 1;\n+x = 2;"), "c", "c");
        assert_eq!(
            (
                formatting.changed_hunks,
                formatting.formatting_only_hunks,
                formatting.lines
            ),
            (2, 1, 2)
        );
        assert!(surface.changes.is_empty());
    }

    #[test]
    fn ascii_fast_paths_read_whitespace_like_char_is_whitespace() {
        for byte in 0u8..128 {
            assert_eq!(
                is_ascii_space(byte),
                char::from(byte).is_whitespace(),
                "{byte}"
            );
        }
        assert_eq!(squeezed_fingerprint(" a\x0bb "), squeezed_fingerprint("ab"));
        assert_eq!(
            squeezed_fingerprint("é b"),
            squeezed_fingerprint("é\u{a0}b")
        );
        assert_eq!(squeezed_fingerprint(" \t"), None);
        assert!(same_tokens(&["f(a, b)"], &["f(a,", "  b)"]));
        assert!(!same_tokens(&["f(a)"], &["f(b)"]));
        assert!(same_tokens(&["é,\u{a0}x"], &["éx"]));
    }
}
