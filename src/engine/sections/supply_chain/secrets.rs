//! Credentials in added lines: the well-known token shapes of AWS, GitHub, Slack, Stripe and
//! Google, PEM private keys (a header *with* key material after it) and JWTs — high (a Stripe
//! test-mode key medium) — plus keyword assignments and env-file passwords
//! ([`super::secret_keywords`]). A finding names the kind, the file, the line and the format's
//! public prefix only (`AKIA…[redacted]`): the value itself never reaches the signal, the panel,
//! the Markdown export or a log.
//!
//! Placeholders are not findings (the rule, in [`is_placeholder`]): a value containing
//! `EXAMPLE`, `XXXX`, `your`, `dummy`, `fake`, `sample`, `placeholder`, `redacted` (as a word:
//! all lower-case, all upper-case or capitalised, so `…FaKe…` inside a random token is not one),
//! `<`, `${`, `{{`, a run of 8 identical characters, a run of 6 consecutive letters
//! (`abcdef`, `ABCDEF`), or fewer than 6 distinct characters in its random part (AWS's own
//! documentation key `AKIAIOSFODNN7EXAMPLE`, `ghp_xxxxxxxx…`); JWTs and keyword assignments
//! in test code (test and fixture files, a Rust `mod tests` inside a source file) and in
//! documentation examples (`///`, `//!`, `/** … */` lines and `>>>` doctests of code files) are
//! not reported either: tests mint them and docs show how a credential is passed. A service
//! token in a test file (`AKIA…`, `ghp_…`) is still a high finding: those formats are live
//! credentials wherever they are pasted.
//!
//! A private key in test data (a test file, or a `testdata/`, `fixtures/`, `test/`, `tests/`
//! directory) is a `test_fixture_secret` finding, low and weighed by no driver: TLS and SSH
//! tests need a key pair, and such a key guards nothing; it is still named, so that a reviewer
//! can check it is a throwaway one. The practice is the scanners': GitHub's push protection
//! lets a secret through with the reason "It's used in tests", and GitHub's secret scanning
//! `paths-ignore` is documented for "directories that contain tests"; the Go tool ignores
//! `testdata` directories because they hold test fixtures.
//!
//! Sources (read 2026-12-03): GitHub Docs "About authentication to GitHub" (token prefixes) and
//! "Supported secret scanning patterns"; AWS IAM User Guide "Understanding unique ID prefixes"
//! (`AKIA`, `ASIA`); Slack API "Token types" (`xoxb-`, `xoxp-`, `xapp-`); Stripe Docs "API
//! keys" (`sk_live_`, `rk_live_`); Google Cloud "API keys" (`AIza`, 39 characters);
//! RFC 7468 (PEM `-----BEGIN … PRIVATE KEY-----`); RFC 7519 (JWT, base64url `eyJ` headers);
//! the gitleaks default rule set (github.com/gitleaks/gitleaks, config/gitleaks.toml, and the
//! true and false positives of each rule in cmd/generate/config/rules/*.go); GitHub Docs
//! "Working with push protection" (bypass reasons) and "Excluding folders and files from secret
//! scanning" (read 2026-12-06); `go help packages` (`testdata` directories).

use crate::engine::diff::Patch;
use crate::engine::files::reading::is_test_module;
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{Finding, FindingKind, Severity};

use super::model::{finding, on_line};
use super::secret_keywords;
use super::secret_placeholders::is_placeholder;

/// What a token shape stands for, with its public prefix and the characters that follow it.
struct Shape {
    label: &'static str,
    prefixes: &'static [&'static str],
    /// Characters of the token after the prefix.
    body: fn(char) -> bool,
    /// Fewest body characters; `exact` says the body is exactly that long.
    length: usize,
    exact: bool,
    severity: Severity,
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
        prefixes: &["AKIA", "ASIA", "ABIA", "ACCA"],
        body: upper_alnum,
        length: 16,
        exact: true,
        severity: Severity::High,
    },
    Shape {
        label: "a GitHub token",
        prefixes: &["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
        body: alnum,
        length: 36,
        exact: false,
        severity: Severity::High,
    },
    Shape {
        label: "a GitHub fine-grained token",
        prefixes: &["github_pat_"],
        body: word,
        length: 40,
        exact: false,
        severity: Severity::High,
    },
    Shape {
        label: "a Slack token",
        prefixes: &[
            "xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-", "xoxe.", "xapp-",
        ],
        body: slack,
        length: 20,
        exact: false,
        severity: Severity::High,
    },
    Shape {
        label: "a Slack webhook URL",
        prefixes: &[
            "hooks.slack.com/services/",
            "hooks.slack.com/workflows/",
            "hooks.slack.com/triggers/",
        ],
        body: webhook,
        length: 20,
        exact: false,
        severity: Severity::High,
    },
    Shape {
        label: "a Stripe live key",
        prefixes: &["sk_live_", "rk_live_", "sk_prod_", "rk_prod_"],
        body: alnum,
        length: 10,
        exact: false,
        severity: Severity::High,
    },
    Shape {
        label: "a Stripe test-mode key",
        prefixes: &["sk_test_", "rk_test_"],
        body: alnum,
        length: 10,
        exact: false,
        severity: Severity::Medium,
    },
    Shape {
        label: "a Google API key",
        prefixes: &["AIza"],
        body: base64url,
        length: 35,
        exact: true,
        severity: Severity::High,
    },
];

/// Findings kept per file.
const MAX_FINDINGS: usize = 10;

/// The shortest token shape (an AWS key ID: 4 + 16 characters).
const MIN_TOKEN_CHARS: usize = 20;

/// Lines after a PEM header searched for its key material.
const PEM_LINES: usize = 60;
/// Fewest base64 characters of key material after a PEM header (gitleaks: 64).
const PEM_MATERIAL: usize = 64;

pub fn findings(facts: &FileFacts, patch: &Patch) -> Vec<Finding> {
    if patch.hunks.is_empty() {
        return Vec::new();
    }
    let lower_path = crate::text::ascii_lowercase(&facts.path);
    let testing = facts.class == FileClass::Test || lower_path.contains("fixture");
    let test_data = testing || in_test_directory(&lower_path);
    let code = facts.class == FileClass::Source;
    let env_file = secret_keywords::is_env_file(&lower_path);
    let mut found = Vec::new();
    let push = |found: &mut Vec<Finding>,
                kind: FindingKind,
                detail: String,
                severity: Severity,
                line: u64| {
        if found.len() < MAX_FINDINGS {
            found.push(finding(kind, &facts.path, detail, severity));
            on_line(found, line);
        }
    };
    for hunk in &patch.hunks {
        let view = hunk.new_view();
        // git names the enclosing item after the `@@`: a hunk inside `mod tests` is test code,
        // and so is everything after a `mod tests {` the hunk shows (as `files::reading` reads it).
        let mut in_tests = code && is_test_module(hunk.section);
        for (index, (line, added)) in view.iter().enumerate() {
            let line_number = hunk.new_start.saturating_add(index as u64);
            in_tests |= code && is_test_module(line.trim());
            if !added {
                continue;
            }
            let test_line = testing || in_tests || (code && doc_example(line));
            let mut named = false;
            if line.len() >= MIN_TOKEN_CHARS {
                for (label, shown, severity) in secrets_in(line, test_line) {
                    named = true;
                    push(&mut found, FindingKind::SecretInDiff, format!("adds what looks like {label} ({shown}) on line {line_number}; revoke it and remove it from the history"), severity, line_number);
                }
            }
            if private_key(line, view.iter().skip(index + 1).map(|(text, _)| *text)) {
                named = true;
                if test_data {
                    push(&mut found, FindingKind::TestFixtureSecret, format!("adds a private key (-----BEGIN … PRIVATE KEY-----) to test data on line {line_number}; make sure it is a throwaway test key, not a copy of a real one"), Severity::Low, line_number);
                } else {
                    push(&mut found, FindingKind::SecretInDiff, format!("adds what looks like a private key (-----BEGIN … PRIVATE KEY-----) on line {line_number}; revoke it and remove it from the history"), Severity::High, line_number);
                }
            }
            if named || test_line {
                continue;
            }
            if env_file {
                if let Some(name) = secret_keywords::env_assignment(line) {
                    push(&mut found, FindingKind::SecretInDiff, format!("gives {name} a value in an env file on line {line_number}; rotate it and load it from a secret store instead"), Severity::High, line_number);
                    continue;
                }
            }
            let next = line
                .trim_end()
                .ends_with('>')
                .then(|| view.get(index + 1).map(|(text, _)| *text))
                .flatten();
            if let Some(name) = secret_keywords::keyword_secret(line, next) {
                push(&mut found, FindingKind::SecretInDiff, format!("assigns what looks like a credential to {name} (a secret's name and a random-looking value) on line {line_number}; if it is one, rotate it and load it from a secret store"), Severity::Medium, line_number);
            }
        }
    }
    found
}

/// Directories that hold test data (lower-case path segments): a private key there is a test
/// fixture ([`FindingKind::TestFixtureSecret`]).
const TEST_DIRECTORIES: &[&str] = &[
    "test",
    "tests",
    "testdata",
    "test-data",
    "test_data",
    "__tests__",
    "fixtures",
    "__fixtures__",
];

/// Whether a directory of `lower_path` (lower-case) holds test data.
fn in_test_directory(lower_path: &str) -> bool {
    let directories = lower_path.rsplit_once('/').map_or("", |(dirs, _)| dirs);
    directories
        .split('/')
        .any(|segment| TEST_DIRECTORIES.contains(&segment))
}

/// A documentation-comment line of a code file: Rust `///` and `//!`, a `*` line of a
/// `/** … */` block (Javadoc, JSDoc, KDoc), a Python `>>>` doctest. Its values are examples.
fn doc_example(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.starts_with("///")
        || trimmed.starts_with("//!")
        || trimmed.starts_with("* ")
        || trimmed.starts_with(">>> ")
}

/// A PEM private-key header on `line` followed, on it or the next lines, by key material.
fn private_key<'a>(line: &'a str, after: impl Iterator<Item = &'a str>) -> bool {
    let Some(header) = starts_of(line, "-----BEGIN ").next() else {
        return false;
    };
    let rest = line.get(header..).unwrap_or("");
    let Some(end) = rest.find(PRIVATE_KEY).map(|at| at + PRIVATE_KEY.len()) else {
        return false;
    };
    let body_start = rest
        .get(end..)
        .and_then(|tail| tail.find("-----").map(|at| end + at + 5))
        .unwrap_or(rest.len());
    let mut material = 0;
    for text in std::iter::once(rest.get(body_start..).unwrap_or("")).chain(after.take(PEM_LINES)) {
        let (body, done) = match text.find("-----END") {
            Some(at) => (text.get(..at).unwrap_or(""), true),
            None => (text, false),
        };
        material += body
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
            .count();
        if done || material >= PEM_MATERIAL {
            break;
        }
    }
    material >= PEM_MATERIAL
}

/// Whether an added line can hold a credential: a cheap check before the patch is parsed.
pub fn may_hold(line: &str) -> bool {
    let line = line.strip_prefix('+').unwrap_or(line);
    (line.len() >= MIN_TOKEN_CHARS
        && (has_token_run(line) || starts_of(line, PRIVATE_KEY).next().is_some())
        && (!secrets_in(line, false).is_empty() || starts_of(line, PRIVATE_KEY).next().is_some()))
        || secret_keywords::keyword_secret(line, None).is_some()
        || (line.trim_end().ends_with('>') && secret_keywords::may_hold(line))
        || line.contains('=') && secret_keywords::env_assignment(line).is_some()
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

/// `(kind, redacted form, severity)` of each credential on a line (PEM keys are read across
/// lines by [`private_key`]); `testing` (a line of test code or a documentation example) leaves
/// JWTs out.
fn secrets_in(line: &str, testing: bool) -> Vec<(&'static str, String, Severity)> {
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
                    if (boundary || webhook)
                        && fits
                        && slack_ids(prefix, body)
                        && !is_placeholder(body, after)
                    {
                        found.push((shape.label, crate::redact::mask(prefix), shape.severity));
                    }
                }
            }
        }
    }
    if !testing && has_jwt(line) {
        found.push((
            "a JSON Web Token",
            crate::redact::mask("ey"),
            Severity::High,
        ));
    }
    found
}

/// Slack user and bot tokens start with numeric team and user ids (`xoxp-` three of them, then
/// a 28–34-character secret; `xoxb-` at least one of 8 or more digits): gitleaks' shapes, which
/// keep `xoxp-1234-1234-…` and `…-####` out.
fn slack_ids(prefix: &str, body: &str) -> bool {
    let segments: Vec<&str> = body.split('-').collect();
    let numeric = |segment: &&str, min: usize| {
        segment.len() >= min && segment.chars().all(|c| c.is_ascii_digit())
    };
    match prefix {
        "xoxp-" => {
            segments.len() >= 4
                && segments.iter().take(3).all(|segment| numeric(segment, 9))
                && segments.get(3).is_some_and(|last| last.len() >= 28)
        }
        "xoxb-" => segments.first().is_some_and(|first| numeric(first, 8)),
        _ => true,
    }
}

/// `ey…` header, `.ey…` payload and an optional signature: gitleaks' JWT shape (17 or more
/// characters in each of the first two parts, 10 or more in the signature).
fn has_jwt(line: &str) -> bool {
    starts_of(line, "ey").any(|at| {
        let boundary = line
            .get(..at)
            .and_then(|before| before.chars().next_back())
            .is_none_or(|c| !word(c));
        let token = line.get(at..).unwrap_or("");
        let end = token
            .find(|c: char| !(base64url(c) || matches!(c, '.' | '/' | '\\' | '=')))
            .unwrap_or(token.len());
        let parts: Vec<&str> = token.get(..end).unwrap_or("").split('.').collect();
        let header = parts.first().is_some_and(|part| {
            part.len() >= 19 && part.chars().all(|c| c.is_ascii_alphanumeric())
        });
        let payload = parts
            .get(1)
            .is_some_and(|part| part.starts_with("ey") && part.len() >= 19);
        let signature = parts
            .get(2)
            .is_none_or(|part| part.is_empty() || part.len() >= 10);
        boundary
            && (2..=3).contains(&parts.len())
            && header
            && payload
            && signature
            && super::secret_keywords::entropy(token.get(..end).unwrap_or("")) >= 3.0
            && !is_placeholder(parts.get(2).copied().unwrap_or(""), "")
    })
}

#[cfg(test)]
#[path = "secrets_tests.rs"]
mod tests;
