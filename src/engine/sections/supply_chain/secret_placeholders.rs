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
    let mut distinct: Vec<char> = body.chars().collect();
    crate::order::sort(&mut distinct);
    distinct.dedup();
    let repeated = body
        .as_bytes()
        .windows(8)
        .any(|run| run.iter().all(|byte| *byte == run[0]));
    let sequence = body.as_bytes().windows(SEQUENCE_RUN).any(|run| {
        run.iter().all(u8::is_ascii_alphabetic)
            && run
                .windows(2)
                .all(|pair| pair[1] == pair[0].wrapping_add(1))
    });
    // A mark as a word: lower-case, upper-case or capitalised (`example`, `EXAMPLE`, `Your`),
    // not a mixed-case accident inside a random token.
    let marked = |text: &str, at_start: bool| {
        PLACEHOLDER_MARKS.iter().any(|mark| {
            let upper = mark.to_ascii_uppercase();
            let capital = format!(
                "{}{}",
                upper.get(..1).unwrap_or(""),
                mark.get(1..).unwrap_or("")
            );
            [mark.to_string(), upper, capital].iter().any(|form| {
                if at_start {
                    text.starts_with(form.as_str())
                } else {
                    text.contains(form.as_str())
                }
            })
        })
    };
    marked(body, false)
        || marked(next, true)
        || repeated
        || sequence
        || distinct.len() < MIN_DISTINCT
}
