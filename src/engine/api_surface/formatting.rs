//! Formatting-only changes: hunks whose removed and added lines differ only in whitespace,
//! indentation or wrapping, and the re-indented lines inside hunks with real changes (sized as
//! formatting, not as changed code).

/// True when removed and added lines differ only in whitespace, blank lines or wrapping.
pub fn is_formatting_only(removed: &[&str], added: &[&str]) -> bool {
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
/// one-line fix is then sized as a one-line fix.
pub(super) fn reformatted_lines(removed: &[&str], added: &[&str]) -> u64 {
    if removed.is_empty()
        || added.is_empty()
        || removed.len().saturating_mul(added.len()) > MAX_DIFF_CELLS
    {
        return 0;
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
    let old: Vec<String> = removed.iter().map(|line| squeeze(line)).collect();
    let new: Vec<String> = added.iter().map(|line| squeeze(line)).collect();
    let old_lines: std::collections::HashSet<&str> = old
        .iter()
        .map(String::as_str)
        .filter(|line| !line.is_empty())
        .collect();
    if !new.iter().any(|line| old_lines.contains(line.as_str())) {
        return 0;
    }
    similar::capture_diff_slices(similar::Algorithm::Myers, &old, &new)
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
pub(super) fn squeezed_fingerprint(line: &str) -> Option<u64> {
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

/// Removes all whitespace (comparison form of a line).
pub(super) fn squeeze(line: &str) -> String {
    line.chars()
        .filter(|character| !character.is_whitespace())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
