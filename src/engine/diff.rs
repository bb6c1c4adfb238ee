//! Unified-diff patches (GitHub's per-file `patch` field) parsed into hunks of context, removed
//! and added lines.
//!
//! Why: API-surface detection, generated-file markers, minified-code detection and every
//! supply-chain finding read what a PR changed line by line, and the patch is the only place
//! GitHub says so. The patch is hostile input: this parser never panics, skips what it cannot
//! read (a missing `@@` header, a stray line) and stops after [`MAX_PATCH_LINES`] lines, so a
//! 200 KB patch costs one linear pass.
//!
//! Source: the unified diff format (GNU diffutils manual, "Unified Format"); GitHub omits the
//! `---`/`+++` file header and starts at the first `@@`.
//!
//! ```
//! use prlens::engine::diff::{parse, LineKind};
//! let patch = parse("@@ -1,2 +1,2 @@ fn main\n keep\n-old\n+new");
//! assert_eq!(patch.hunks.len(), 1);
//! assert_eq!(patch.hunks[0].section, "fn main");
//! assert_eq!(patch.hunks[0].removed().collect::<Vec<_>>(), ["old"]);
//! assert_eq!(patch.hunks[0].lines[2].kind, LineKind::Added);
//! ```

/// Lines read from one patch at most; later lines are ignored (and `truncated` is set).
pub const MAX_PATCH_LINES: usize = 50_000;

/// What a patch line does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Context,
    Removed,
    Added,
}

/// One line of a hunk, without its leading marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    pub kind: LineKind,
    pub text: &'a str,
}

/// One `@@ -a,b +c,d @@ section` block.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hunk<'a> {
    /// First line number in the old file (0 when the header was unreadable).
    pub old_start: u64,
    /// First line number in the new file (0 when the header was unreadable).
    pub new_start: u64,
    /// The enclosing-definition text git prints after the second `@@` (e.g. `class Trainer:`).
    pub section: &'a str,
    pub lines: Vec<Line<'a>>,
}

impl<'a> Hunk<'a> {
    /// Removed lines, in order.
    pub fn removed(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.of_kind(LineKind::Removed)
    }

    /// Added lines, in order.
    pub fn added(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.of_kind(LineKind::Added)
    }

    /// The hunk as the old file had it (context and removed lines), each with "was it removed".
    pub fn old_view(&self) -> Vec<(&'a str, bool)> {
        self.view(LineKind::Removed)
    }

    /// The hunk as the new file has it (context and added lines), each with "was it added".
    pub fn new_view(&self) -> Vec<(&'a str, bool)> {
        self.view(LineKind::Added)
    }

    fn of_kind(&self, kind: LineKind) -> impl Iterator<Item = &'a str> + '_ {
        self.lines
            .iter()
            .filter(move |line| line.kind == kind)
            .map(|line| line.text)
    }

    fn view(&self, changed: LineKind) -> Vec<(&'a str, bool)> {
        self.lines
            .iter()
            .filter(|line| line.kind == LineKind::Context || line.kind == changed)
            .map(|line| (line.text, line.kind == changed))
            .collect()
    }
}

/// A parsed patch.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Patch<'a> {
    pub hunks: Vec<Hunk<'a>>,
    /// True when the patch had more than [`MAX_PATCH_LINES`] lines.
    pub truncated: bool,
}

impl<'a> Patch<'a> {
    /// Every added line of every hunk.
    pub fn added(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.hunks.iter().flat_map(|hunk| hunk.added())
    }

    /// Every removed line of every hunk.
    pub fn removed(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.hunks.iter().flat_map(|hunk| hunk.removed())
    }
}

/// Parses GitHub's patch text. Lines before the first `@@` header are ignored; a line with an
/// unknown marker is ignored; an empty line inside a hunk is an empty context line.
pub fn parse(text: &str) -> Patch<'_> {
    let mut patch = Patch::default();
    let mut current: Option<Hunk> = None;
    for (count, raw) in lines(text).enumerate() {
        if count >= MAX_PATCH_LINES {
            patch.truncated = true;
            break;
        }
        let line = without_cr(raw);
        if line.as_bytes().starts_with(b"@@") {
            if let Some(hunk) = current.take() {
                patch.hunks.push(hunk);
            }
            current = Some(header(line));
            continue;
        }
        let Some(hunk) = current.as_mut() else {
            continue;
        };
        if let Some(line) = hunk_line(line) {
            hunk.lines.push(line);
        }
    }
    if let Some(hunk) = current {
        patch.hunks.push(hunk);
    }
    patch
}

/// A line inside a hunk (`\r` already stripped); `None` for a line with an unknown marker.
fn hunk_line(line: &str) -> Option<Line<'_>> {
    let kind = match line.as_bytes().first() {
        Some(b'+') => LineKind::Added,
        Some(b'-') => LineKind::Removed,
        Some(b' ') | None => LineKind::Context,
        _ => return None,
    };
    Some(Line {
        kind,
        text: line.get(1..).unwrap_or(""),
    })
}

/// The first `count` lines of the first hunk, exactly as [`parse`] reads them, without reading
/// the rest: checks of a file's head (generated-code markers) need no more, and most files
/// need no full parse at all.
pub fn first_hunk_lines(text: &str, count: usize) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let mut in_first_hunk = false;
    for (index, raw) in self::lines(text).enumerate() {
        if index >= MAX_PATCH_LINES || lines.len() >= count {
            break;
        }
        let line = without_cr(raw);
        if line.as_bytes().starts_with(b"@@") {
            if in_first_hunk {
                break;
            }
            in_first_hunk = true;
            continue;
        }
        if in_first_hunk {
            lines.extend(hunk_line(line));
        }
    }
    lines
}

/// `text.split('\n')` ([`crate::text::split_ascii`]: most patch lines are tens of bytes).
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    crate::text::split_ascii(text, b'\n')
}

/// The line without one trailing `\r` (`strip_suffix('\r')` without a char pattern).
fn without_cr(line: &str) -> &str {
    match line.as_bytes().last() {
        Some(b'\r') => line.get(..line.len() - 1).unwrap_or(line),
        _ => line,
    }
}

/// Reads `@@ -a,b +c,d @@ section`; unreadable numbers become 0.
fn header(line: &str) -> Hunk<'_> {
    let rest = line.get(2..).unwrap_or("");
    // The closing `@@`, found bytewise (`find("@@")` builds a substring searcher per hunk).
    let (ranges, section) = match rest
        .as_bytes()
        .windows(2)
        .position(|pair| matches!(pair, [b'@', b'@']))
    {
        Some(end) => (
            rest.get(..end).unwrap_or(""),
            rest.get(end + 2..).unwrap_or("").trim(),
        ),
        None => (rest, ""),
    };
    let mut old_start = 0;
    let mut new_start = 0;
    let read = |range: &str| {
        if let Some(old) = crate::text::strip_ascii_prefix(range, b'-') {
            old_start = range_start(old);
        } else if let Some(new) = crate::text::strip_ascii_prefix(range, b'+') {
            new_start = range_start(new);
        }
    };
    words(ranges).for_each(read);
    Hunk {
        old_start,
        new_start,
        section,
        lines: Vec::new(),
    }
}

/// `text.split_whitespace()`, split on bytes when the text is ASCII (as hunk headers are):
/// the same pieces (vertical tab included, as `char::is_whitespace` has it) without decoding
/// chars, which costs more than the header's numbers themselves.
pub(crate) fn words(text: &str) -> Words<'_> {
    if text.is_ascii() {
        Words::Ascii(text)
    } else {
        Words::Unicode(text.split_whitespace())
    }
}

fn is_ascii_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// The pieces of [`words`].
pub(crate) enum Words<'a> {
    /// The rest of an ASCII text: every byte offset is a char boundary.
    Ascii(&'a str),
    Unicode(std::str::SplitWhitespace<'a>),
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match self {
            Words::Ascii(rest) => {
                let text: &'a str = rest;
                let start = text.bytes().position(|byte| !is_ascii_space(byte));
                let word = text.get(start.unwrap_or(text.len())..).unwrap_or("");
                let end = word.bytes().position(is_ascii_space).unwrap_or(word.len());
                *rest = word.get(end..).unwrap_or("");
                word.get(..end).filter(|word| !word.is_empty())
            }
            Words::Unicode(pieces) => pieces.next(),
        }
    }
}

/// The `a` of `a,b` (or of `a`) as a number; 0 when unreadable.
fn range_start(range: &str) -> u64 {
    let end = range
        .bytes()
        .position(|byte| byte == b',')
        .unwrap_or(range.len());
    range
        .get(..end)
        .and_then(|number| number.parse::<u64>().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_hunks_with_numbers_sections_and_line_kinds() {
        let patch = parse(
            "@@ -10,3 +10,4 @@ class Trainer:\n     def a(self):\n-        return 1\n+        return 2\n+        # two\n@@ -40 +41 @@\n-x\n+y",
        );
        assert_eq!(patch.hunks.len(), 2);
        let first = &patch.hunks[0];
        assert_eq!((first.old_start, first.new_start), (10, 10));
        assert_eq!(first.section, "class Trainer:");
        assert_eq!(first.removed().collect::<Vec<_>>(), ["        return 1"]);
        assert_eq!(first.added().count(), 2);
        assert_eq!(first.old_view().len(), 2);
        assert_eq!(first.new_view().len(), 3);
        assert_eq!(
            (patch.hunks[1].old_start, patch.hunks[1].new_start),
            (40, 41)
        );
        assert!(!patch.truncated);
    }

    #[test]
    fn garbage_never_panics_and_yields_no_or_partial_hunks() {
        for garbage in [
            "",
            "@@",
            "@@@@",
            "@@ -x,y +z @@",
            "not a patch at all\n+ but looks like one",
            "@@ -1 +1 @@\n\\ No newline at end of file\n\u{0}\u{7f}é\n+ok",
            "@@ -99999999999999999999999,1 +1 @@\n-",
            "\r\n\r\n@@ -1,1 +1,1 @@\r\n-a\r\n+b\r\n",
        ] {
            let patch = parse(garbage);
            for hunk in &patch.hunks {
                for line in &hunk.lines {
                    assert!(!line.text.ends_with('\r'));
                }
            }
        }
        assert_eq!(parse("not a patch\n+x").hunks.len(), 0);
        let crlf = parse("@@ -1,1 +1,1 @@\r\n-a\r\n+b\r\n");
        assert_eq!(crlf.removed().collect::<Vec<_>>(), ["a"]);
        assert_eq!(crlf.added().collect::<Vec<_>>(), ["b"]);
        assert_eq!(parse("@@ -x,y +z @@\n+a").hunks[0].old_start, 0);
    }

    #[test]
    fn huge_patches_are_read_in_bounded_work() {
        let mut text = String::from("@@ -1,1 +1,60000 @@\n");
        for index in 0..60_000 {
            text.push_str(&format!("+line {index}\n"));
        }
        assert!(text.len() > 200_000);
        let patch = parse(&text);
        assert!(patch.truncated);
        assert_eq!(patch.added().count(), MAX_PATCH_LINES - 1);
    }

    #[test]
    fn first_hunk_lines_are_the_parsed_first_hunk_head() {
        for text in [
            "",
            "no header\n+a",
            "junk\n@@ -1 +1 @@ x\r\n+a\r\n-b\n c\n\n?skip\n+d\n@@ -9 +9 @@\n+e",
            "@@ -0,0 +1,3 @@\n+1\n+2\n+3\n+4\n+5\n+6\n+7\n+8\n+9\n+10\n+11\n+12\n+13\n+14",
            "@@\n@@\n+x",
            "+before\n@@ -1 +1 @@",
        ] {
            let parsed = parse(text);
            let head: Vec<Line> = parsed
                .hunks
                .first()
                .map(|hunk| hunk.lines.iter().take(12).copied().collect())
                .unwrap_or_default();
            assert_eq!(first_hunk_lines(text, 12), head, "{text:?}");
        }
    }

    #[test]
    fn headers_read_like_split_whitespace_and_lines_like_split() {
        // The byte-level readers must agree with the std definitions they replace.
        for (text, old, new) in [
            ("@@ -3,4 +5,6 @@ fn x", 3, 5),
            ("@@ -3\x0b+5 @@", 3, 5),
            ("@@ -3\u{a0}+5 @@", 3, 5),
            ("@@\t-+7,1\t++8 @@", 7, 8),
            ("@@ -1 +2 -9 @", 9, 2),
            ("@@ -,1 +x, @@", 0, 0),
            ("@@@@ -1 +1", 0, 0),
        ] {
            let hunk = &parse(text).hunks[0];
            assert_eq!((hunk.old_start, hunk.new_start), (old, new), "{text:?}");
        }
        for text in [
            "",
            "  ",
            " a",
            "a ",
            "a \t\x0b b\r\n",
            "é  ü\u{a0}x",
            "@@ -1 +1 @@",
        ] {
            assert_eq!(
                words(text).collect::<Vec<_>>(),
                text.split_whitespace().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
        for text in ["", "\n", "a\nb", "a\n\nb\n", "é\r\nü"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.split('\n').collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn multibyte_text_is_kept_intact() {
        let patch = parse("@@ -1 +1 @@\n-héllo\n+日本語");
        assert_eq!(patch.removed().collect::<Vec<_>>(), ["héllo"]);
        assert_eq!(patch.added().collect::<Vec<_>>(), ["日本語"]);
    }
}
