//! Reading one of github.com's JSON routes strictly: the fields prlens uses must be there with
//! the expected types, or the whole answer is refused ([`RouteError`]) and the plan falls back to
//! the API with a note. Fields prlens does not read are ignored (GitHub adding to a payload is
//! not a change of shape; removing or renaming what prlens reads is).
//!
//! Why strict: these routes serve GitHub's own pages and have no published contract
//! (docs/sources.md "Session sources"); a payload that changed shape must never be read as
//! "no commits" or "no checks". The strings in it are never parsed as prose: each is a value
//! (a SHA, a login, a date, a state from a closed list) or text shown as text.

use serde_json::Value;

/// The headers GitHub's own page sends to these routes: JSON, and the XHR marker without which
/// GitHub answers 406 (public readers of the routes, seen via code search 2026-12-10).
pub const ROUTE_HEADERS: [(&str, &str); 2] = [
    ("accept", "application/json"),
    ("x-requested-with", "XMLHttpRequest"),
];

/// Why an answer of a JSON route cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteError {
    /// The body is not JSON (a sign-in page, an error page).
    NotJson,
    /// A field prlens reads is missing or has another type (its dotted path).
    Shape(String),
    /// A state outside the closed list prlens knows (the value).
    UnknownState(String),
    /// The route says it left part of the list out.
    Truncated,
    /// A commit's author is linked to no GitHub account: the route gives no e-mail for them,
    /// which the commit-identity notes need (the API has it).
    UnlinkedAuthor,
}

impl RouteError {
    /// A short phrase for the fetch note.
    pub fn describe(&self) -> String {
        match self {
            RouteError::NotJson => "not JSON".to_string(),
            RouteError::Shape(path) => format!("{path} is missing or not as expected"),
            RouteError::UnknownState(state) => format!("unknown state {state:?}"),
            RouteError::Truncated => "GitHub left part of the list out".to_string(),
            RouteError::UnlinkedAuthor => {
                "a commit author is linked to no GitHub account, whose e-mail only the API gives"
                    .to_string()
            }
        }
    }
}

/// Parses `text` as JSON.
pub fn parse(text: &str) -> Result<Value, RouteError> {
    serde_json::from_str(text).map_err(|_| RouteError::NotJson)
}

/// The value at `path` (object keys), or a [`RouteError::Shape`] naming it.
pub fn at<'a>(value: &'a Value, path: &[&str]) -> Result<&'a Value, RouteError> {
    let mut current = value;
    for key in path {
        current = current
            .get(key)
            .ok_or_else(|| RouteError::Shape(path.join(".")))?;
    }
    Ok(current)
}

/// The array at `path`.
pub fn array<'a>(value: &'a Value, path: &[&str]) -> Result<&'a Vec<Value>, RouteError> {
    at(value, path)?
        .as_array()
        .ok_or_else(|| RouteError::Shape(path.join(".")))
}

/// The string at `key` of `value`; `what` names it in the error.
pub fn string<'a>(value: &'a Value, key: &str, what: &str) -> Result<&'a str, RouteError> {
    value
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| RouteError::Shape(format!("{what}.{key}")))
}

/// The string or null at `key` (absent counts as null only when `optional`).
pub fn nullable<'a>(
    value: &'a Value,
    key: &str,
    what: &str,
    optional: bool,
) -> Result<Option<&'a str>, RouteError> {
    match value.get(key) {
        Some(Value::String(text)) => Ok(Some(text)),
        Some(Value::Null) => Ok(None),
        None if optional => Ok(None),
        _ => Err(RouteError::Shape(format!("{what}.{key}"))),
    }
}

/// Whether `text` is a full commit SHA (40 hex digits, SHA-1; 64 for SHA-256 repositories).
pub fn is_sha(text: &str) -> bool {
    matches!(text.len(), 40 | 64) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_missing_or_mistyped_field_is_named_by_its_path() {
        let value = json!({"payload": {"route": {"list": 3}}});
        assert_eq!(
            array(&value, &["payload", "route", "list"]),
            Err(RouteError::Shape("payload.route.list".into()))
        );
        assert_eq!(
            at(&value, &["payload", "other"]),
            Err(RouteError::Shape("payload.other".into()))
        );
        assert_eq!(parse("<!DOCTYPE html>"), Err(RouteError::NotJson));
    }

    #[test]
    fn only_full_hex_shas_count() {
        assert!(is_sha(&"a".repeat(40)));
        assert!(is_sha(&"0".repeat(64)));
        assert!(!is_sha(&"g".repeat(40)));
        assert!(!is_sha("abc123"));
    }
}
