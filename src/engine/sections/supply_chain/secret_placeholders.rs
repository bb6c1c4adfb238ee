//! Whether a credential-shaped value is a documented placeholder: the rule the token shapes of
//! [`super::secrets`] and the keyword assignments of [`super::secret_keywords`] share (a leaf:
//! it imports neither).
//!
//! A placeholder holds `EXAMPLE`, `XXXX`, `your`, `dummy`, `fake`, `sample`, `placeholder`,
//! `redacted` as a word (all lower-case, all upper-case or capitalised), `<`, `${` or `{{`; or
//! a run of 8 identical characters, a run of 6 consecutive letters (`abcdef`), or fewer than 6
//! distinct characters. Sources: AWS's documentation key `AKIAIOSFODNN7EXAMPLE`; gitleaks'
//! documented false positives (cmd/generate/config/rules/*.go), read 2026-12-06.

/// Lowercase fragments that mark a documented placeholder, not a credential.
const PLACEHOLDER_MARKS: &[&str] = &[
    "example",
    "xxxx",
    "your",
    "dummy",
    "fake",
    "sample",
    "placeholder",
    "redacted",
    "<",
    "${",
    "{{",
];

/// Fewest distinct characters in a real token's random part.
const MIN_DISTINCT: usize = 6;

/// Fewest consecutive ascending letters that mark a made-up value (`abcdef`); digits are left
/// out, team and account ids in real tokens count up (`xoxb-123456789012-…`).
const SEQUENCE_RUN: usize = 6;

/// A documented placeholder rather than a credential (see the module doc).
pub(crate) fn is_placeholder(body: &str, rest_of_line: &str) -> bool {
    let next = rest_of_line.get(body.len()..).unwrap_or("");
    // Cheapest first: every test is pure, so the order changes only the time (a keyword scan
    // asks this of most `=` lines of a large PR).
    marked(body, false)
        || marked(next, true)
        || repeated_run(body)
        || ascending_run(body)
        || distinct_characters(body) < MIN_DISTINCT
}

/// A mark as a word: lower-case, upper-case or capitalised (`example`, `EXAMPLE`, `Example`),
/// not a mixed-case accident inside a random token; `at_start`: only where `text` begins.
fn marked(text: &str, at_start: bool) -> bool {
    PLACEHOLDER_MARKS.iter().any(|mark| {
        let mark = mark.as_bytes();
        let is_form = |window: &[u8]| {
            window == mark
                || window
                    .iter()
                    .zip(mark)
                    .all(|(have, want)| *have == want.to_ascii_uppercase())
                || (window.first() == mark.first().map(u8::to_ascii_uppercase).as_ref()
                    && window.get(1..) == mark.get(1..))
        };
        let bytes = text.as_bytes();
        if at_start {
            bytes.get(..mark.len()).is_some_and(is_form)
        } else {
            bytes.windows(mark.len()).any(is_form)
        }
    })
}

/// A run of 8 identical bytes (`xxxxxxxx`, `00000000`).
fn repeated_run(body: &str) -> bool {
    body.as_bytes()
        .windows(8)
        .any(|run| run.iter().all(|byte| *byte == run[0]))
}

/// A run of [`SEQUENCE_RUN`] consecutive ascending letters (`abcdef`).
fn ascending_run(body: &str) -> bool {
    body.as_bytes().windows(SEQUENCE_RUN).any(|run| {
        run.iter().all(u8::is_ascii_alphabetic)
            && run
                .windows(2)
                .all(|pair| pair[1] == pair[0].wrapping_add(1))
    })
}

/// How many distinct characters `body` holds, counted up to [`MIN_DISTINCT`].
fn distinct_characters(body: &str) -> usize {
    let mut seen: Vec<char> = Vec::with_capacity(MIN_DISTINCT);
    for character in body.chars() {
        if !seen.contains(&character) {
            seen.push(character);
            if seen.len() >= MIN_DISTINCT {
                break;
            }
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::is_placeholder;

    #[test]
    fn a_mark_counts_lower_upper_or_capitalised_and_not_in_mixed_case() {
        for placeholder in [
            "k9Qz2example7Lp",
            "k9Qz2EXAMPLE7Lp",
            "Yourk9Qz2Lp7wT",
            "k9Qz2Dummy7Lpw",
        ] {
            assert!(is_placeholder(placeholder, ""), "{placeholder}");
        }
        // `FaKe` and `eXaMpLe` inside a random token are accidents, not marks.
        for token in ["k9Qz2FaKe7LpwT", "k9Qz2eXaMpLe7Lp"] {
            assert!(!is_placeholder(token, ""), "{token}");
        }
        // What follows the value on its line counts only when a mark starts right there.
        assert!(is_placeholder("k9Qz2Lp7wTx8Rv", "k9Qz2Lp7wTx8RvEXAMPLE"));
        assert!(!is_placeholder("k9Qz2Lp7wTx8Rv", "k9Qz2Lp7wTx8Rv-EXAMPLE"));
    }
}
