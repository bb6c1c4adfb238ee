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

#[cfg(test)]
mod tests {
    use super::clip;

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
}
