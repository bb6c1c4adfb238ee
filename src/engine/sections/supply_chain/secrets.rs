//! Credentials in added lines: the well-known token shapes of AWS, GitHub, Slack, Stripe and
//! Google, private-key headers and JWTs. A finding names the kind, the file, the line and the
//! format's public prefix only (`AKIA…[redacted]`): the value itself never reaches the signal,
//! the panel, the Markdown export or a log.
//!
//! Placeholders are not findings (the rule, in [`is_placeholder`]): a value containing
//! `EXAMPLE`, `XXXX`, `your`, `dummy`, `fake`, `sample`, `placeholder`, `redacted`, `<`, `${`,
//! `{{`, a run of 8 identical characters, or fewer than 6 distinct characters in its random
//! part (AWS's own documentation key `AKIAIOSFODNN7EXAMPLE`, `ghp_xxxxxxxx…`); JWTs in test
//! and fixture files (tests mint them) are not reported either. A real key in a test file is.
//!
//! Sources (read 2026-12-03): GitHub Docs "About authentication to GitHub" (token prefixes) and
//! "Supported secret scanning patterns"; AWS IAM User Guide "Understanding unique ID prefixes"
//! (`AKIA`, `ASIA`); Slack API "Token types" (`xoxb-`, `xoxp-`, `xapp-`); Stripe Docs "API
//! keys" (`sk_live_`, `rk_live_`); Google Cloud "API keys" (`AIza`, 39 characters);
//! RFC 7468 (PEM `-----BEGIN … PRIVATE KEY-----`); RFC 7519 (JWT, base64url `eyJ` headers);
//! the gitleaks default rule set (github.com/gitleaks/gitleaks, config/gitleaks.toml).

use crate::engine::diff::Patch;
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{Finding, FindingKind, Severity};

use super::model::{finding, on_line};

/// What a token shape stands for, with its public prefix and the characters that follow it.
struct Shape {
    label: &'static str,
    prefixes: &'static [&'static str],
    /// Characters of the token after the prefix.
    body: fn(char) -> bool,
    /// Fewest body characters; `exact` says the body is exactly that long.
    length: usize,
    exact: bool,
}

fn upper_alnum(c: char) -> bool {
    c.is_ascii_uppercase() || c.is_ascii_digit()
}
fn alnum(c: char) -> bool {
    c.is_ascii_alphanumeric()
}
fn word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}
fn base64url(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}
fn slack(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-'
}
fn webhook(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '/'
}

const SHAPES: &[Shape] = &[
    Shape {
        label: "an AWS access key ID",
        prefixes: &["AKIA", "ASIA"],
        body: upper_alnum,
        length: 16,
        exact: true,
    },
    Shape {
        label: "a GitHub token",
        prefixes: &["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
        body: alnum,
        length: 36,
        exact: false,
    },
    Shape {
        label: "a GitHub fine-grained token",
        prefixes: &["github_pat_"],
        body: word,
        length: 40,
        exact: false,
    },
    Shape {
        label: "a Slack token",
        prefixes: &["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xapp-"],
        body: slack,
        length: 20,
        exact: false,
    },
    Shape {
        label: "a Slack webhook URL",
        prefixes: &["hooks.slack.com/services/"],
        body: webhook,
        length: 20,
        exact: false,
    },
    Shape {
        label: "a Stripe live key",
        prefixes: &["sk_live_", "rk_live_"],
        body: alnum,
        length: 20,
        exact: false,
    },
    Shape {
        label: "a Google API key",
        prefixes: &["AIza"],
        body: base64url,
        length: 35,
        exact: true,
    },
];

/// Findings kept per file.
const MAX_FINDINGS: usize = 10;

/// The shortest token shape (an AWS key ID: 4 + 16 characters).
const MIN_TOKEN_CHARS: usize = 20;

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

pub fn findings(facts: &FileFacts, patch: &Patch) -> Vec<Finding> {
    if patch.hunks.is_empty() {
        return Vec::new();
    }
    let testing = facts.class == FileClass::Test
        || crate::text::ascii_lowercase(&facts.path).contains("fixture");
    let mut found = Vec::new();
    for hunk in &patch.hunks {
        let mut line_number = hunk.new_start;
        for (line, added) in hunk.new_view() {
            if added && line.len() >= MIN_TOKEN_CHARS {
                for (label, shown) in secrets_in(line, testing) {
                    if found.len() < MAX_FINDINGS {
                        found.push(finding(
                            FindingKind::SecretInDiff,
                            &facts.path,
                            format!("adds what looks like {label} ({shown}) on line {line_number}; revoke it and remove it from the history"),
                            Severity::High,
                        ));
                        on_line(&mut found, line_number);
                    }
                }
            }
            line_number = line_number.saturating_add(1);
        }
    }
    found
}

/// Whether an added line can hold a credential: a cheap check before the patch is parsed.
pub fn may_hold(line: &str) -> bool {
    line.len() >= MIN_TOKEN_CHARS
        && (has_token_run(line) || starts_of(line, PRIVATE_KEY).next().is_some())
        && !secrets_in(line, false).is_empty()
}

/// The marker of a PEM private key, the one credential [`secrets_in`] finds outside a token run.
const PRIVATE_KEY: &str = "PRIVATE KEY";

/// Whether the line has a run of token characters as long as the shortest shape: every other
/// credential (a JWT too: three parts of ≥ 10 characters joined by dots) lies in one. Without
/// the run splitting of [`secrets_in`]: most added lines of a 3,000-file PR have no such run and
/// stop here. Token characters are ASCII, so any byte of a multi-byte character ends a run,
/// exactly as the character itself does in [`token_runs`].
///
/// Every run of [`MIN_TOKEN_CHARS`] bytes covers one of the bytes at `MIN_TOKEN_CHARS - 1`,
/// `2 * MIN_TOKEN_CHARS - 1`, …; so only those bytes are probed, and a run is measured only
/// around a probe that is a token character (a twentieth of the bytes instead of all of them).
fn has_token_run(line: &str) -> bool {
    let bytes = line.as_bytes();
    let is_token = |byte: &u8| token_char(char::from(*byte));
    let mut probe = MIN_TOKEN_CHARS - 1;
    while let Some(byte) = bytes.get(probe) {
        if is_token(byte) {
            let before = bytes.get(..probe).unwrap_or_default();
            let after = bytes.get(probe + 1..).unwrap_or_default();
            let left = before
                .iter()
                .rev()
                .take_while(|byte| is_token(byte))
                .count();
            let right = after.iter().take_while(|byte| is_token(byte)).count();
            if left + 1 + right >= MIN_TOKEN_CHARS {
                return true;
            }
        }
        probe += MIN_TOKEN_CHARS;
    }
    false
}

/// Where `needle` starts in `text`, left to right and without overlaps (`match_indices`),
/// found bytewise: the texts are short runs and lines, where building a substring searcher per
/// needle (seven shapes, twenty prefixes) cost more than the scan.
fn starts_of<'a>(text: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    let (text, needle) = (text.as_bytes(), needle.as_bytes());
    let mut from = 0;
    std::iter::from_fn(move || {
        let rest = text.get(from..)?;
        let found = rest
            .windows(needle.len().max(1))
            .position(|window| window.first() == needle.first() && window == needle)?;
        let at = from + found;
        from = at + needle.len().max(1);
        Some(at)
    })
}

/// A character that can continue a credential: see [`token_runs`].
fn token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | ':')
}

/// Runs of token characters long enough to hold the shortest shape.
fn token_runs(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !token_char(c))
        .filter(|run| run.len() >= MIN_TOKEN_CHARS)
}

/// `(kind, redacted form)` of each credential on a line.
fn secrets_in(line: &str, testing: bool) -> Vec<(&'static str, String)> {
    let mut found = Vec::new();
    // Only runs of token characters at least as long as the shortest shape can hold one; most
    // lines have none, which keeps this scan cheap on 3,000-file PRs.
    for run in token_runs(line) {
        let offset = run.as_ptr() as usize - line.as_ptr() as usize;
        for shape in SHAPES {
            for prefix in shape.prefixes {
                for at in starts_of(run, prefix) {
                    let at = offset + at;
                    let boundary = line
                        .get(..at)
                        .and_then(|before| before.chars().next_back())
                        .is_none_or(|c| !word(c));
                    let after = line.get(at + prefix.len()..).unwrap_or("");
                    let body_len = after
                        .find(|c: char| !(shape.body)(c))
                        .unwrap_or(after.len());
                    let body = after.get(..body_len).unwrap_or("");
                    let fits = if shape.exact {
                        body_len == shape.length
                    } else {
                        body_len >= shape.length
                    };
                    let webhook = prefix.contains('/');
                    if (boundary || webhook) && fits && !is_placeholder(body, after) {
                        found.push((shape.label, crate::redact::mask(prefix)));
                    }
                }
            }
        }
    }
    if starts_of(line, PRIVATE_KEY).next().is_some()
        && starts_of(line, "-----BEGIN ").next().is_some()
    {
        found.push(("a private key", "-----BEGIN … PRIVATE KEY-----".to_string()));
    }
    if !testing && has_jwt(line) {
        found.push(("a JSON Web Token", crate::redact::mask("eyJ")));
    }
    found
}

/// A documented placeholder rather than a credential (see the module doc).
fn is_placeholder(body: &str, rest_of_line: &str) -> bool {
    let lower = body.to_ascii_lowercase();
    let next = rest_of_line
        .get(body.len()..)
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut distinct: Vec<char> = body.chars().collect();
    crate::order::sort(&mut distinct);
    distinct.dedup();
    let repeated = body
        .as_bytes()
        .windows(8)
        .any(|run| run.iter().all(|byte| *byte == run[0]));
    PLACEHOLDER_MARKS
        .iter()
        .any(|mark| lower.contains(mark) || next.starts_with(mark))
        || repeated
        || distinct.len() < MIN_DISTINCT
}

/// `eyJ…` header, `.eyJ…` payload and a signature, each base64url of at least 10 characters.
fn has_jwt(line: &str) -> bool {
    starts_of(line, "eyJ").any(|at| {
        let token = line.get(at..).unwrap_or("");
        let end = token
            .find(|c: char| !(base64url(c) || c == '.'))
            .unwrap_or(token.len());
        let parts: Vec<&str> = token.get(..end).unwrap_or("").split('.').collect();
        parts.len() == 3
            && parts
                .get(1)
                .is_some_and(|payload| payload.starts_with("eyJ"))
            && parts.iter().all(|part| part.len() >= 10)
            && !is_placeholder(parts.get(2).copied().unwrap_or(""), "")
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{added_after, changed};
    use super::*;
    use crate::engine::files::classify_file;

    fn scan(path: &str, added: &str) -> Vec<Finding> {
        let file = changed(path, "modified", &added_after(" context", added));
        findings(
            &classify_file(&file),
            &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
        )
    }

    // Assembled at run time so this file holds no token-shaped literal a scanner would flag.
    fn token(prefix: &str, body: &str) -> String {
        format!("{prefix}{body}")
    }

    #[test]
    fn the_line_pre_check_fires_exactly_when_a_credential_is_on_the_line() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
        for line in [
            "    let metrics_150 = metrics::new(150).map_err(Error::from)?;",
            "-----BEGIN RSA PRIVATE KEY-----",
            "token = \"ghp_Zq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSd\"",
            &format!("Authorization: Bearer {jwt}"),
            "use crate::engine::sections::supply_chain::secrets;",
            "é AKIAZQ8XK2LMN4PR7TV9 é",
        ] {
            assert_eq!(
                may_hold(line),
                !secrets_in(line, false).is_empty(),
                "{line}"
            );
        }
        assert!(may_hold("-----BEGIN RSA PRIVATE KEY-----"));
        assert!(!may_hold(
            "    let metrics_150 = metrics::new(150).map_err(Error::from)?;"
        ));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
        #[test]
        fn probing_for_token_runs_agrees_with_counting_every_byte(line in "[a-z_ .:(é]{0,80}") {
            let longest = line
                .split(|c: char| !token_char(c))
                .map(str::len)
                .max()
                .unwrap_or(0);
            proptest::prop_assert_eq!(has_token_run(&line), longest >= MIN_TOKEN_CHARS);
        }

        #[test]
        fn bytewise_needle_search_agrees_with_match_indices(text in "[aAeyJK ]{0,40}", needle in "(AKIA|eyJ|a|aa|y)") {
            let expected: Vec<usize> = text.match_indices(needle.as_str()).map(|(at, _)| at).collect();
            proptest::prop_assert_eq!(starts_of(&text, &needle).collect::<Vec<_>>(), expected);
        }
    }

    #[test]
    fn each_token_shape_is_found_and_shown_only_by_its_prefix() {
        let cases = [
            token("AKIA", "Q3ZJ7WXK2M5NB4PT"),
            token("ghp_", "a8Kd93JfQ0zLmP2xR7tY5vB1nC4wE6uHsGiO"),
            token(
                "github_pat_",
                "11ABCDE2F0gH7kLmN9pQrS_tUvWxYz0123456789abcdEFG",
            ),
            token("xoxb-", "2931-88412-Zq7Lm3Nx9Pk2Rt"),
            token(
                "https://hooks.slack.com/services/",
                "T0A1B2C3D/B4E5F6G7H/q9W8e7R6t5Y4",
            ),
            token("sk_live_", "4eC39HqLyjWDarjtT1zdp7dc"),
            token("AIza", "SyD3k9Lm2Qp8Rt5Vx7Zb1Nc4Hg6Jf0Ws-Yu"),
            "-----BEGIN OPENSSH PRIVATE KEY-----".to_string(),
            token(
                "eyJhbGciOiJIUzI1NiJ9.",
                "eyJzdWIiOiI0MiIsInJvbGUiOiJhZG1pbiJ9.k3Vd9Qx7Lm2PzR8tW5yB1nC4",
            ),
        ];
        for secret in cases {
            let found = scan("src/config.py", &format!("KEY = \"{secret}\""));
            assert_eq!(found.len(), 1, "{secret}: {found:?}");
            assert_eq!(
                (found[0].id, found[0].severity),
                (FindingKind::SecretInDiff, Severity::High)
            );
            assert!(found[0]
                .detail
                .ends_with("on line 2; revoke it and remove it from the history"));
            let tail = secret.get(secret.len().saturating_sub(8)..).unwrap_or("");
            let header = secret.starts_with("-----");
            assert!(
                header || !found[0].detail.contains(tail),
                "the value is never shown: {}",
                found[0].detail
            );
        }
    }

    #[test]
    fn documented_placeholders_are_not_secrets() {
        for line in [
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
            "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "STRIPE_KEY=sk_live_<your-key-here-0000000000>",
            "GITHUB_TOKEN=ghp_${{ secrets.TOKEN }}",
            "key = AIza00000000000000000000000000000000000",
            "commit 0123456789abcdef0123456789abcdef01234567",
        ] {
            assert!(scan("docs/setup.md", line).is_empty(), "{line}");
        }
    }

    #[test]
    fn jwts_in_tests_are_fixtures_but_keys_in_tests_are_leaks() {
        let jwt = token(
            "eyJhbGciOiJIUzI1NiJ9.",
            "eyJzdWIiOiI0MiIsInJvbGUiOiJhZG1pbiJ9.k3Vd9Qx7Lm2PzR8tW5yB1nC4",
        );
        assert!(scan("tests/test_auth.py", &jwt).is_empty());
        let key = token("AKIA", "Q3ZJ7WXK2M5NB4PT");
        assert_eq!(scan("tests/test_auth.py", &key).len(), 1);
    }
}
