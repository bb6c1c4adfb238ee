//! Display helpers for hostile text: everything shown to a user from a PR is clipped so a
//! 10 KB title or a crafted error value can never flood a message, a driver detail or a log.

/// `text` on one line (newlines and tabs become spaces), at most `max_chars` characters;
/// longer text ends with "…". Counts characters, not bytes, so it never splits a code point.
pub fn clip(text: &str, max_chars: usize) -> String {
    let one_line = text.replace(['\n', '\r', '\t'], " ");
    if one_line.chars().count() <= max_chars {
        return one_line;
    }
    let mut kept: String = one_line.chars().take(max_chars.saturating_sub(1)).collect();
    kept.push('…');
    kept
}

/// Whether `text` is a git commit id, full or abbreviated: 7 to 64 hex digits (SHA-1 ids
/// have 40, SHA-256 ids 64). Commit ids from a bundle go into links and API paths only when
/// they pass this.
pub fn is_commit_sha(text: &str) -> bool {
    (7..=64).contains(&text.len()) && text.chars().all(|c| c.is_ascii_hexdigit())
}

/// Whether `text` is a GitHub login as the API spells one: 1 to 39 ASCII letters, digits and
/// hyphens, not starting with a hyphen (the rule `fetch::urls::PullRef` applies to owners).
pub fn is_github_login(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 39
        && text.starts_with(|c: char| c.is_ascii_alphanumeric())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Bidi controls, zero-width and other format characters that render as nothing (Unicode
/// `Default_Ignorable_Code_Point` plus the bidi marks; CVE-2021-42574 "Trojan Source" for why).
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// How an invisible or control character is shown: `⟪U+202E⟫`.
pub fn code_point_mark(c: char) -> String {
    format!("⟪U+{:04X}⟫", c as u32)
}

/// `text` with every invisible (bidi, zero-width, format) character shown as `⟪U+XXXX⟫`, so a
/// path, branch or check name cannot reorder or hide what is around it. The one helper the
/// panel, the CLI and the Markdown export use. Other characters are unchanged.
pub fn show_invisibles(text: &str) -> String {
    if !text.chars().any(is_invisible) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if is_invisible(c) && !joins_emoji(previous, c) {
            out.push_str(&code_point_mark(c));
        } else {
            out.push(c);
        }
        previous = Some(c);
    }
    out
}

/// The zero-width joiner and the emoji variation selectors right after a pictograph are part of
/// the emoji (👩‍👧, ❤️; Unicode TS #51), not hidden text: they stay.
fn joins_emoji(previous: Option<char>, c: char) -> bool {
    let pictograph = |p: char| {
        matches!(p, '\u{2190}'..='\u{21FF}' | '\u{2300}'..='\u{23FF}' | '\u{2600}'..='\u{27BF}'
            | '\u{2B00}'..='\u{2BFF}' | '\u{1F000}'..='\u{1FAFF}' | '\u{FE0F}')
    };
    matches!(c, '\u{200D}' | '\u{FE0E}' | '\u{FE0F}') && previous.is_some_and(pictograph)
}

/// `text.to_ascii_lowercase()`, borrowed when `text` has no ASCII capital: most paths are
/// lower-case already, and path rules ask for the lower-case form of every file of a large PR.
pub fn ascii_lowercase(text: &str) -> std::borrow::Cow<'_, str> {
    if has_ascii_uppercase(text.as_bytes()) {
        std::borrow::Cow::Owned(text.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Whether any byte is an ASCII capital, eight bytes per step: [`ascii_lowercase`] checks every
/// path of a large PR several times (classification, supply-chain finders), and a byte loop
/// costs about six instructions a byte, in wasm too (which has 64-bit integers, not SIMD here).
fn has_ascii_uppercase(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    // Per byte, with no carry or borrow between bytes: the high bit of `at_least_a` is set when
    // the low seven bits are `b'A'` or more, that of `at_most_z` when they are `b'Z'` or less;
    // `!word` drops bytes whose own high bit is set (not ASCII).
    let has_capital = |word: u64| {
        let low = word & (ONES * 0x7f);
        let at_least_a = low + ONES * (0x80 - u64::from(b'A'));
        let at_most_z = ONES * (0x80 + u64::from(b'Z')) - low;
        at_least_a & at_most_z & !word & (ONES * 0x80) != 0
    };
    let mut chunks = bytes.chunks_exact(8);
    chunks.by_ref().any(|chunk| {
        <[u8; 8]>::try_from(chunk).is_ok_and(|eight| has_capital(u64::from_ne_bytes(eight)))
    }) || chunks.remainder().iter().any(u8::is_ascii_uppercase)
}

/// Whether `haystack` holds any of `needles` (ASCII, lower-case), ignoring ASCII case: one pass
/// that compares only where a needle's first letter stands, without a lower-cased copy. The
/// per-file and per-line scans of a 3,000-file PR made tens of thousands of `contains` calls,
/// each setting up a substring searcher, about a tenth of the engine's time in wasm.
pub fn contains_any_ignore_case(haystack: &str, needles: &[&str]) -> bool {
    let mut first = [false; 256];
    for byte in needles.iter().filter_map(|needle| needle.bytes().next()) {
        first[usize::from(byte)] = true;
        first[usize::from(byte.to_ascii_uppercase())] = true;
    }
    let bytes = haystack.as_bytes();
    bytes.iter().enumerate().any(|(at, byte)| {
        first[usize::from(*byte)]
            && needles.iter().any(|needle| {
                bytes
                    .get(at..at.saturating_add(needle.len()))
                    .is_some_and(|head| head.eq_ignore_ascii_case(needle.as_bytes()))
            })
    })
}

/// `text.ends_with(suffix)`, compared byte by byte from the end: the path tables are scanned
/// for every file with short entries that mostly differ in their last bytes, so a miss stops
/// there and no comparison makes a `memcmp` call (a function call in wasm too).
pub fn ends_with(text: &str, suffix: &str) -> bool {
    text.len() >= suffix.len()
        && text
            .bytes()
            .rev()
            .zip(suffix.bytes().rev())
            .all(|(a, b)| a == b)
}

/// `text.starts_with(prefix)`, compared byte by byte from the start (see [`ends_with`]).
pub fn starts_with(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len() && text.bytes().zip(prefix.bytes()).all(|(a, b)| a == b)
}

/// `text.strip_prefix(marker)` for an ASCII marker, compared as one byte: the char pattern
/// encodes the char and compares slices for every word of every hunk header.
pub fn strip_ascii_prefix(text: &str, marker: u8) -> Option<&str> {
    match text.as_bytes().first() {
        Some(first) if *first == marker => text.get(1..),
        _ => None,
    }
}

/// `text.split(separator)` for an ASCII separator, found with a byte loop: the char searcher
/// behind `split` costs more than the short pieces it finds (path segments, patch lines), and
/// wasm has no SIMD `memchr` to make up for it. An ASCII byte is never inside a multi-byte
/// character, so every piece is on a char boundary.
pub fn split_ascii(text: &str, separator: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.bytes().position(|byte| byte == separator) {
            Some(at) => {
                rest = current.get(at + 1..);
                current.get(..at)
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// The last `/`-separated segment of `path` (`rsplit('/').next()`), found bytewise: asked for
/// every file by several path checks, where the reverse char searcher costs more than the
/// check it serves.
pub fn basename(path: &str) -> &str {
    let start = path
        .bytes()
        .rposition(|byte| byte == b'/')
        .map_or(0, |slash| slash + 1);
    path.get(start..).unwrap_or("")
}

/// Whether the `/`-separated `path` has the directory path `prefix` (ending in `/`) at its root
/// or after any `/`: `starts_with(prefix) || contains("/" + prefix)` without a substring
/// searcher, which wasm builds anew for every call (there is no SIMD fast path as on x86-64).
/// A plain byte loop, not `match_indices('/')`: the char searcher costs hundreds of
/// instructions per path and this runs several times for every file (docs/performance-history.md,
/// "Engine speed, round 3").
pub fn under(path: &str, prefix: &str) -> bool {
    let Some(first) = prefix.as_bytes().first() else {
        return true;
    };
    let mut rest = path;
    // Segment by segment: `position` is a tight byte loop, and a segment costs one byte
    // comparison unless its first byte matches.
    loop {
        if rest.as_bytes().first() == Some(first) && rest.starts_with(prefix) {
            return true;
        }
        match rest.bytes().position(|byte| byte == b'/') {
            Some(slash) => rest = rest.get(slash + 1..).unwrap_or_default(),
            None => return false,
        }
    }
}

/// Items listed in a detail before "and N more".
const NAMED_IN_DETAIL: usize = 3;

/// "a, b, c and 2 more" (the first [`NAMED_IN_DETAIL`] items): how drivers and findings name
/// the files they are about.
pub fn name_list<S: AsRef<str>>(items: &[S]) -> String {
    let named: Vec<&str> = items
        .iter()
        .take(NAMED_IN_DETAIL)
        .map(AsRef::as_ref)
        .collect();
    let mut text = named.join(", ");
    if items.len() > NAMED_IN_DETAIL {
        text.push_str(&format!(" and {} more", items.len() - NAMED_IN_DETAIL));
    }
    text
}

/// Percent-encodes everything but unreserved characters (and `/` when `keep_slash`): API paths
/// (`crate::fetch::urls`) and the compare-page links of PRs not opened yet
/// (`crate::engine::sections::pr`).
pub fn percent_encode(text: &str, keep_slash: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        let unreserved = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~');
        if unreserved || (keep_slash && byte == b'/') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{
        ascii_lowercase, basename, clip, contains_any_ignore_case, ends_with, show_invisibles,
        split_ascii, starts_with, under,
    };

    #[test]
    fn byte_wise_prefix_and_suffix_checks_agree_with_std() {
        for text in ["", "a", "ab", "abc", "é", "xé", "_test.go", "x_test.go"] {
            for part in ["", "a", "b", "ab", "c", "é", "_test.go", "abcd"] {
                assert_eq!(ends_with(text, part), text.ends_with(part), "{text} {part}");
                assert_eq!(
                    starts_with(text, part),
                    text.starts_with(part),
                    "{text} {part}"
                );
            }
        }
    }

    #[test]
    fn strip_ascii_prefix_strips_like_strip_prefix() {
        for text in ["", "+", "+1,2", "-3", "é+", "+é"] {
            for marker in [b'+', b'-'] {
                assert_eq!(
                    super::strip_ascii_prefix(text, marker),
                    text.strip_prefix(char::from(marker)),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn split_ascii_splits_like_split() {
        for text in ["", "/", "a", "a/b", "/a//b/", "é/ü", "x y  z "] {
            for separator in [b'/', b' '] {
                assert_eq!(
                    split_ascii(text, separator).collect::<Vec<_>>(),
                    text.split(char::from(separator)).collect::<Vec<_>>(),
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn basename_is_the_last_slash_separated_segment() {
        for path in ["", "a", "a/b.rs", "a/b/", "/x", "é/ü.txt", "a//b"] {
            assert_eq!(
                basename(path),
                path.rsplit('/').next().unwrap_or(""),
                "{path}"
            );
        }
    }

    #[test]
    fn under_matches_a_directory_prefix_at_the_root_or_after_a_slash_only() {
        for (path, prefix, expected) in [
            ("dist/app.js", "dist/", true),
            ("web/dist/app.js", "dist/", true),
            ("web/redist/app.js", "dist/", false),
            ("dist", "dist/", false),
            ("a/b/", "b/", true),
            ("", "dist/", false),
            ("x/y", "", true),
            ("é/dist/a", "dist/", true),
            ("/dist/a", "dist/", true),
        ] {
            let naive = path.starts_with(prefix) || path.contains(&format!("/{prefix}"));
            assert_eq!(under(path, prefix), expected, "{path} {prefix}");
            assert_eq!(naive, expected, "{path} {prefix}");
        }
    }

    #[test]
    fn capitals_are_found_at_every_position_of_any_length() {
        // Fillers next to the byte under test: no capital, but bytes around both range limits
        // and with the high bit set, which must not spill into their neighbours.
        for filler in [b'a', b'@', b'[', 0x00, 0x80, 0xc1, 0xda, 0xff] {
            for length in 0..20 {
                for position in 0..length {
                    for byte in 0..=255u8 {
                        let mut bytes = vec![filler; length];
                        bytes[position] = byte;
                        assert_eq!(
                            super::has_ascii_uppercase(&bytes),
                            byte.is_ascii_uppercase(),
                            "{filler} {length} {position} {byte}"
                        );
                    }
                }
            }
        }
        assert!(!super::has_ascii_uppercase("ÀÉÎõü/@[`{".as_bytes()));
    }

    #[test]
    fn ascii_lowercase_borrows_lower_case_text_and_lowers_the_rest() {
        assert!(matches!(
            ascii_lowercase("src/app.rs"),
            std::borrow::Cow::Borrowed("src/app.rs")
        ));
        assert_eq!(ascii_lowercase(".Husky/Pre-Commit"), ".husky/pre-commit");
        assert_eq!(ascii_lowercase("Éa/B"), "Éa/b");
    }

    #[test]
    fn bidi_and_zero_width_characters_are_shown_as_code_points() {
        assert_eq!(
            show_invisibles("src/\u{202E}gnp.exe\u{200B}"),
            "src/⟪U+202E⟫gnp.exe⟪U+200B⟫"
        );
        assert_eq!(show_invisibles("feature/\u{2066}x"), "feature/⟪U+2066⟫x");
        assert_eq!(show_invisibles("plain/path é 🙂"), "plain/path é 🙂");
        assert_eq!(
            show_invisibles("👩\u{200D}👧 ❤\u{FE0F}"),
            "👩\u{200D}👧 ❤\u{FE0F}",
            "emoji joiners stay"
        );
        assert_eq!(show_invisibles("a\u{200D}b"), "a⟪U+200D⟫b");
    }

    #[test]
    fn short_text_is_unchanged_and_long_text_ends_with_an_ellipsis() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 4), "abc…");
    }

    #[test]
    fn multibyte_text_is_cut_between_characters_and_kept_on_one_line() {
        assert_eq!(clip("é\né\né", 3), "é …");
        assert_eq!(clip("🙂🙂🙂", 2), "🙂…");
    }

    #[test]
    fn any_of_several_words_is_found_in_any_case_and_a_split_one_is_not() {
        let words = ["token", "api", "/etc/"];
        assert!(contains_any_ignore_case("let API_URL = x", &words));
        assert!(contains_any_ignore_case("echo x >> /ETC/hosts", &words));
        assert!(contains_any_ignore_case("getToken()", &words));
        assert!(!contains_any_ignore_case("tok en ap i /etc", &words));
        assert!(!contains_any_ignore_case("", &words));
        assert!(!contains_any_ignore_case("anything", &[]));
        // Non-ASCII text is compared byte by byte and never matches an ASCII word by accident.
        assert!(!contains_any_ignore_case("tökèn äpi", &words));
        assert!(contains_any_ignore_case("ключ token", &words));
    }
}
