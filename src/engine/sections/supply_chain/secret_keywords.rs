//! Credentials without a well-known prefix, found the way secret scanners find them: a name
//! that says "secret" (`api_token`, `client_secret`, `DB_PASSWORD`, `<accessKey>`) assigned a
//! value that looks random, and any password or token given a value in an env file.
//!
//! What it detects:
//! - **keyword assignments** (gitleaks' `generic-api-key` approach): an identifier one of whose
//!   words is `access`, `auth`, `api`, `credential(s)`, `creds`, `key`, `password`, `passwd`,
//!   `secret(s)` or `token`, then an assignment (`=`, `:`, `:=`, `=>`, `?=`, `.=`, `,` as in
//!   `setProperty("X", …)`, or an XML element), then a value of 10–150 token characters whose
//!   Shannon entropy is at least 3.5 bits per character — medium: without a known format it
//!   may be an id, and it still should not be in a diff;
//! - **env files** (`.env`, `.env.production`, `prod.env`, …; not `.env.example`, `.sample`,
//!   `.template`, `.dist`): `NAME=value` where the name says password, secret, token or key
//!   and the value is a literal (not `$OTHER`, not a placeholder) — high, whatever its entropy:
//!   `DB_PASSWORD=hunter2prod` is a real password.
//!
//! Not findings — the scanners' documented false positives: names that say what the value is
//! *about* rather than the secret itself (`access_id`, `api_version`, `apiUrl`, `key_name`,
//! `keyLength`, `KeyPair`, `primaryKey`, `public_key`, `publicToken`, `csrf_token`,
//! `credentialsId`, `TokenFile`, `keyVault…`, `random access`), values made of words
//! (`NRG0-Hermes-INTERNAL-API`, `jetbrains.mps.v8_elimination`, `rc0.15.0-SNAPSHOT`), values
//! with only letters, low-entropy values, references (`$VAR`, `${{ … }}`, `%s`), the
//! placeholders of [`super::secrets`], and anything in test or fixture files. The value is never
//! shown: a finding names the identifier and the line.
//!
//! Sources (read 2026-12-06): gitleaks `cmd/generate/config/rules/generic.go` (keywords,
//! entropy 3.5, its allowlist and documented false positives); Yelp detect-secrets
//! "KeywordDetector"; the dotenv format (motdotla/dotenv README); OWASP Secrets Management
//! Cheat Sheet.

/// Words of an identifier that say it holds a credential.
const KEYWORDS: &[&str] = &[
    "access",
    "auth",
    "api",
    "apikey",
    "credential",
    "credentials",
    "creds",
    "key",
    "password",
    "passwd",
    "pwd",
    "secret",
    "secrets",
    "token",
];

/// Words after a keyword that make the identifier about the credential, not the credential.
const ABOUT_WORDS: &[&str] = &[
    "id",
    "ids",
    "name",
    "names",
    "version",
    "url",
    "uri",
    "endpoint",
    "file",
    "path",
    "length",
    "size",
    "type",
    "alias",
    "hash",
    "field",
    "format",
    "prefix",
    "suffix",
    "count",
    "index",
    "mode",
    "policy",
    "region",
    "vault",
    "store",
    "storetype",
    "ring",
    "pair",
    "code",
    "press",
    "pressed",
    "event",
    "up",
    "down",
    "left",
    "right",
    "board",
    "frame",
    "selector",
    "signature",
    "signatures",
    "word",
    "chars",
    "mesh",
    "meshing",
    "header",
    "expiry",
    "expires",
    "ttl",
    "timeout",
    "label",
    "description",
    "env",
    "var",
    "variable",
    "location",
    "dir",
    "kind",
    "or",
    "stone",
    "iterator",
    "source",
    "results",
];

/// Words before a keyword that make it something other than a credential.
const NOT_SECRET_BEFORE: &[&str] = &[
    "public",
    "pub",
    "primary",
    "foreign",
    "bucket",
    "hot",
    "idx",
    "natural",
    "schema",
    "sequence",
    "sort",
    "partition",
    "cache",
    "map",
    "row",
    "column",
    "unique",
    "composite",
    "csrf",
    "xsrf",
    "random",
    "issuer",
    "no",
    "is",
    "has",
    "with",
    "use",
    "open",
];

/// Whole words of an identifier that rule it out (they contain a keyword only by accident).
const NOT_SECRET_WORDS: &[&str] = &["author", "accessor", "accessibility", "keyword", "keying"];

/// Env-file names that document a configuration rather than hold one.
const ENV_EXAMPLES: &[&str] = &["example", "sample", "template", "dist", "defaults", "tmpl"];

/// Words of an env-file variable that say it holds a credential.
const ENV_KEYWORDS: &[&str] = &[
    "password",
    "passwd",
    "pwd",
    "pass",
    "secret",
    "token",
    "apikey",
    "credentials",
    "private",
];

/// Values that stand for "fill this in".
const ENV_PLACEHOLDERS: &[&str] = &[
    "changeme",
    "change_me",
    "change-me",
    "password",
    "secret",
    "todo",
    "none",
    "null",
    "true",
    "false",
    "xxx",
];

/// Gitleaks' entropy floor for generic keys (bits per character).
const MIN_ENTROPY: f64 = 3.5;
/// Value lengths gitleaks' generic rule accepts.
const MIN_VALUE: usize = 10;
const MAX_VALUE: usize = 150;

/// Whether the line may hold a keyword assignment (a cheap check before the patch is parsed).
pub fn may_hold(line: &str) -> bool {
    line.len() >= MIN_VALUE + 4
        && crate::text::contains_any_ignore_case(
            line,
            &[
                "key", "token", "secret", "pass", "auth", "api", "cred", "access", "pwd",
            ],
        )
}

/// The words of an identifier: split at `_ . - $` and at lower→upper case changes, lower-cased.
fn words(identifier: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous = ' ';
    for c in identifier.chars() {
        if !c.is_ascii_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
        } else {
            if c.is_ascii_uppercase() && previous.is_ascii_lowercase() && !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            current.push(c.to_ascii_lowercase());
        }
        previous = c;
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Whether an identifier names a credential itself.
fn names_secret(identifier: &str) -> bool {
    let words = words(identifier);
    if words
        .iter()
        .any(|word| NOT_SECRET_WORDS.contains(&word.as_str()))
    {
        return false;
    }
    let Some(at) = words
        .iter()
        .rposition(|word| KEYWORDS.contains(&word.as_str()))
    else {
        return false;
    };
    let before = at
        .checked_sub(1)
        .and_then(|before| words.get(before))
        .is_some_and(|word| NOT_SECRET_BEFORE.contains(&word.as_str()));
    let about = words
        .iter()
        .skip(at + 1)
        .any(|word| ABOUT_WORDS.contains(&word.as_str()));
    !before && !about
}

/// Shannon entropy in bits per character.
pub(crate) fn entropy(value: &str) -> f64 {
    let mut counts = [0usize; 256];
    for byte in value.bytes() {
        counts[usize::from(byte)] += 1;
    }
    let length = value.len() as f64;
    counts
        .iter()
        .filter(|count| **count > 0)
        .map(|count| {
            let p = *count as f64 / length;
            -p * p.log2()
        })
        .sum()
}

/// A value made of words and numbers (`NRG0-Hermes-INTERNAL-API`, `rc0.15.0_2023-SNAPSHOT`):
/// each part is letters followed by digits, or digits only.
fn word_like(value: &str) -> bool {
    value
        .split(['.', '_', '-', '/', ':', '='])
        .filter(|part| !part.is_empty())
        .all(|part| {
            let letters = part.len()
                - part
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                    .len();
            part.get(letters..)
                .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()))
        })
}

fn value_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '=' | '+' | '/' | '-')
}

fn identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '$')
}

/// Assignment operators, longest first.
const OPERATORS: &[&str] = &[":::=", "::=", ":=", "?=", ".=", "=>", "=", ":", ",", ">"];

/// The identifier before `at` (skipping blanks and up to three quotes).
fn identifier_before(line: &str, at: usize) -> &str {
    let before = line.get(..at).unwrap_or("");
    let trimmed = before.trim_end_matches([' ', '\t']);
    let unquoted = trimmed.trim_end_matches(['"', '\'', '`']);
    let unquoted = if trimmed.len() - unquoted.len() <= 3 {
        unquoted
    } else {
        trimmed
    };
    let start = unquoted
        .char_indices()
        .rev()
        .find(|(_, c)| !identifier_char(*c))
        .map_or(0, |(at, c)| at + c.len_utf8());
    unquoted.get(start..).unwrap_or("")
}

/// The value after an operator ending at `from` (skipping blanks, quotes and `=`).
fn value_after(line: &str, from: usize) -> &str {
    let rest = line.get(from..).unwrap_or("");
    let skipped = rest.trim_start_matches([' ', '\t', '"', '\'', '`', '=']);
    if rest.len() - skipped.len() > 5 {
        return "";
    }
    let end = skipped
        .find(|c: char| !value_char(c))
        .unwrap_or(skipped.len());
    skipped.get(..end).unwrap_or("")
}

/// A random-looking value (see the module doc).
fn random_value(value: &str) -> bool {
    let length_ok = (MIN_VALUE..=MAX_VALUE).contains(&value.len());
    let letters_only = value
        .chars()
        .all(|c| c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '-'));
    length_ok
        && !letters_only
        && !word_like(value)
        && entropy(value) >= MIN_ENTROPY
        && !super::secret_placeholders::is_placeholder(value, "")
}

/// The identifier of a keyword assignment with a random-looking value on `line`; `next` is the
/// following line, read when `line` ends with an opening XML element (`<apiToken>`).
pub fn keyword_secret(line: &str, next: Option<&str>) -> Option<String> {
    if !may_hold(line) && next.is_none() {
        return None;
    }
    let mut at = 0;
    while at < line.len() {
        // Every operator starts with one of these bytes: the positions between them hold none.
        let Some(skip) = line
            .get(at..)
            .and_then(|rest| rest.find([':', '?', '.', '=', ',', '>']))
        else {
            break;
        };
        at += skip;
        let rest = line.get(at..).unwrap_or("");
        let Some(operator) = OPERATORS.iter().find(|op| rest.starts_with(**op)) else {
            at += 1;
            continue;
        };
        let end = at + operator.len();
        let comparison = line.get(end..).is_some_and(|after| after.starts_with('='))
            || line
                .get(..at)
                .is_some_and(|before| before.ends_with(['=', '!', '<', '>']));
        let identifier = if *operator == ">" {
            let before = line.get(..at).unwrap_or("");
            let name = identifier_before(line, at);
            before
                .get(..before.len() - name.len())
                .filter(|open| open.ends_with('<'))
                .map(|_| name)
                .unwrap_or("")
        } else {
            // `genericToken string = "…"`: a type between the name and the operator.
            let last = identifier_before(line, at);
            let start = line
                .get(..at)
                .map_or(0, |before| before.trim_end().len() - last.len());
            let previous = identifier_before(line, start);
            if names_secret(last) || !line.get(..start).is_some_and(|b| b.ends_with([' ', '\t'])) {
                last
            } else {
                previous
            }
        };
        if !comparison && !identifier.is_empty() && names_secret(identifier) {
            let mut value = value_after(line, end);
            if value.is_empty() && *operator == ">" {
                value = next.map_or("", |next| value_after(next, 0));
            }
            if random_value(value) {
                return Some(crate::text::clip(identifier.trim_start_matches('$'), 40));
            }
        }
        at = end;
    }
    None
}

/// Whether a path is an env file that holds configuration (not an example of one).
pub fn is_env_file(lower_path: &str) -> bool {
    let name = crate::text::basename(lower_path);
    let env = name == ".env" || name.starts_with(".env.") || name.ends_with(".env");
    env && !ENV_EXAMPLES.iter().any(|example| name.contains(example))
}

/// The variable of an env-file line that gives a credential a literal value.
pub fn env_assignment(line: &str) -> Option<String> {
    let line = line.trim();
    let line = line.strip_prefix("export ").unwrap_or(line);
    if line.starts_with('#') {
        return None;
    }
    let (name, value) = line.split_once('=')?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let lower_name = name.to_ascii_lowercase();
    let secret = words(&lower_name)
        .iter()
        .any(|word| ENV_KEYWORDS.contains(&word.as_str()))
        || ["api_key", "private_key", "access_key"]
            .iter()
            .any(|key| lower_name.contains(key));
    // Most `=` lines of a large PR's code name no credential: the value is not read then.
    if !secret {
        return None;
    }
    let value = value.split(" #").next().unwrap_or(value).trim();
    let value = value.trim_matches(['"', '\'']);
    let lower = value.to_ascii_lowercase();
    let placeholder = ENV_PLACEHOLDERS.contains(&lower.as_str())
        || value.starts_with(['$', '<', '%', '{'])
        || super::secret_placeholders::is_placeholder(value, "");
    (value.len() >= 6 && !placeholder).then(|| name.to_string())
}

#[cfg(test)]
#[path = "secret_keywords_tests.rs"]
mod tests;
