//! Redaction of anything shaped like a GitHub credential, for text that may leave the engine
//! (panic messages shown in the panel, logs).
//!
//! Shapes, per GitHub's "About authentication to GitHub" (docs.github.com, token formats,
//! read 2026-12-03): prefixed tokens (`ghp_` classic PAT, `github_pat_` fine-grained PAT,
//! `gho_` OAuth, `ghu_` user-to-server, `ghs_` server-to-server, `ghr_` refresh) and the older
//! unprefixed OAuth and personal tokens: exactly 40 hexadecimal digits. A commit SHA has that
//! shape too and is redacted with them: a panic message loses little by it.

/// Prefixes of GitHub token formats; the token runs on while `[A-Za-z0-9_]` follow.
const TOKEN_PREFIXES: [&str; 6] = ["github_pat_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_"];
const LEGACY_TOKEN_HEX_DIGITS: usize = 40;
pub const REDACTED: &str = "[redacted]";

/// How a credential found in a diff is shown: its format's public prefix only
/// (`AKIA…[redacted]`), never a character of the secret part.
pub fn mask(public_prefix: &str) -> String {
    format!("{public_prefix}…{REDACTED}")
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `text` with every token-shaped word replaced by `[redacted]`. Words are maximal runs of
/// `[A-Za-z0-9_]`; a word is redacted when it contains a known prefix (from that prefix on) or
/// is exactly 40 hex digits.
pub fn redact_tokens(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(is_word) {
        out.push_str(&rest[..start]);
        let word_len = rest[start..]
            .find(|c: char| !is_word(c))
            .unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        out.push_str(&redact_word(word));
        rest = &rest[start + word_len..];
    }
    out.push_str(rest);
    out
}

fn redact_word(word: &str) -> String {
    if word.len() == LEGACY_TOKEN_HEX_DIGITS && word.chars().all(|c| c.is_ascii_hexdigit()) {
        return REDACTED.to_string();
    }
    match TOKEN_PREFIXES
        .iter()
        .filter_map(|prefix| word.find(prefix))
        .min()
    {
        Some(at) => format!("{}{REDACTED}", &word[..at]),
        None => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact_tokens;

    #[test]
    fn prefixed_tokens_of_every_kind_are_redacted() {
        for token in [
            "ghp_AbC123secret",
            "gho_16C7e42F292c6912E7710c838347Ae178B4a",
            "github_pat_11AB_cdef_ghijk",
            "ghu_x1",
            "ghs_y2",
            "ghr_z3",
        ] {
            let text = format!("token={token}, next");
            assert_eq!(redact_tokens(&text), "token=[redacted], next", "{token}");
        }
    }

    #[test]
    fn forty_hex_digit_oauth_tokens_are_redacted_but_other_hex_is_not() {
        let legacy = "0123456789abcdef0123456789ABCDEF01234567";
        assert_eq!(
            redact_tokens(&format!("Bearer {legacy}.")),
            "Bearer [redacted]."
        );
        let short = "0123456789abcdef0123456789abcdef";
        assert_eq!(redact_tokens(short), short, "a 32-hex nonce is no token");
        let long = format!("{legacy}0");
        assert_eq!(redact_tokens(&long), long, "41 hex digits are no token");
        assert_eq!(redact_tokens("plain words stay"), "plain words stay");
    }

    #[test]
    fn non_ascii_text_around_tokens_survives() {
        assert_eq!(redact_tokens("é ghp_x é"), "é [redacted] é");
    }
}
