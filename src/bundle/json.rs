//! Lenient readers over GitHub's raw JSON.
//!
//! Bundles embed GitHub responses verbatim, recorded across a decade of API versions (no
//! `author_association` before 2017, Ruby-style timestamps in some recordings, numbers sent
//! as strings by some proxies). These helpers read a field when a sensible reading exists
//! and return `None` otherwise, so a surprising field never crashes the engine.

use serde_json::Value;

/// The string at `key`, if it is a string (numbers and booleans are rendered as text).
pub fn string(value: &Value, key: &str) -> Option<String> {
    match value.get(key)? {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
}

/// A non-negative integer at `key`: accepts JSON numbers (integral floats too) and numeric strings.
pub fn unsigned(value: &Value, key: &str) -> Option<u64> {
    as_unsigned(value.get(key)?)
}

/// Reads a JSON value as a non-negative integer, when it sensibly is one.
pub fn as_unsigned(value: &Value) -> Option<u64> {
    match value {
        Value::Number(number) => number.as_u64().or_else(|| {
            number
                .as_f64()
                .filter(|float| float.is_finite() && *float >= 0.0 && float.fract() == 0.0)
                .map(|float| float.min(u64::MAX as f64) as u64)
        }),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// A boolean at `key`: accepts `true`/`false` and the strings "true"/"false".
pub fn boolean(value: &Value, key: &str) -> Option<bool> {
    match value.get(key)? {
        Value::Bool(flag) => Some(*flag),
        Value::String(text) => match text.trim() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The object or value at a path of keys, e.g. `path(pull, &["head", "sha"])`.
pub fn path<'a>(value: &'a Value, keys: &[&str]) -> Option<&'a Value> {
    keys.iter()
        .try_fold(value, |current, key| current.get(*key))
}

/// A string at a path of keys.
pub fn path_string(value: &Value, keys: &[&str]) -> Option<String> {
    let (last, parents) = keys.split_last()?;
    string(path(value, parents)?, last)
}

/// The array at `key`, or an empty slice when absent or not an array.
pub fn array<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numeric_strings_and_integral_floats_read_as_integers() {
        let value = json!({"a": "42", "b": 7.0, "c": -1, "d": 1.5, "e": null});
        assert_eq!(unsigned(&value, "a"), Some(42));
        assert_eq!(unsigned(&value, "b"), Some(7));
        assert_eq!(unsigned(&value, "c"), None);
        assert_eq!(unsigned(&value, "d"), None);
        assert_eq!(unsigned(&value, "e"), None);
    }

    #[test]
    fn paths_reach_nested_strings() {
        let value = json!({"head": {"sha": "abc", "repo": null}});
        assert_eq!(
            path_string(&value, &["head", "sha"]).as_deref(),
            Some("abc")
        );
        assert_eq!(path_string(&value, &["head", "repo", "name"]), None);
    }
}
