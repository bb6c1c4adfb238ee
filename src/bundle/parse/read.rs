//! Field readers over [`Raw`] values: lenient where GitHub is lenient, errors where a signal
//! computed from the value would be untrustworthy.

use std::collections::BTreeMap;

use super::super::json::Raw;
use super::error::BundleError;
use crate::timestamp;

/// Larger than any diff GitHub serves (3,000 files); beyond it a count is absurd.
const MAX_PLAUSIBLE_LINES: u64 = 100_000_000;

/// The text at `key` (numbers and booleans are rendered as text).
pub(super) fn string(value: &Raw, key: &str) -> Option<String> {
    value
        .field(key)
        .scalar()
        .text()
        .map(std::borrow::Cow::into_owned)
}

pub(super) fn unsigned(value: &Raw, key: &str) -> Option<u64> {
    value.field(key).scalar().unsigned()
}

pub(super) fn as_unsigned(value: &Raw) -> Option<u64> {
    value.scalar().unsigned()
}

pub(super) fn boolean(value: &Raw, key: &str) -> Option<bool> {
    value.field(key).scalar().boolean()
}

/// The text at a path of keys.
pub(super) fn path_string(value: &Raw, keys: &[&str]) -> Option<String> {
    let (last, parents) = keys.split_last()?;
    string(value.path(parents), last)
}

pub(super) fn array<'a>(value: &'a Raw, key: &str) -> &'a [Raw] {
    value.field(key).items()
}

pub(super) fn wrong_type(field: &str, expected: &'static str, found: &Raw) -> BundleError {
    BundleError::WrongType {
        field: field.to_string(),
        expected,
        found: found.kind(),
    }
}

/// The section at `key` if present and not null.
pub(super) fn section<'a>(root: &'a Raw, key: &str) -> Option<&'a Raw> {
    root.get(key).filter(|value| !value.is_null())
}

/// A section that must be an array of objects; non-object items are skipped.
pub(super) fn object_items<'a>(
    root: &'a Raw,
    key: &str,
) -> Result<Option<Vec<&'a Raw>>, BundleError> {
    match section(root, key) {
        None => Ok(None),
        Some(Raw::Array(items)) => Ok(Some(items.iter().filter(|item| item.is_object()).collect())),
        Some(other) => Err(wrong_type(key, "an array", other)),
    }
}

/// A section that must be an object keyed by login.
pub(super) fn object_map<'a>(
    root: &'a Raw,
    key: &str,
) -> Result<Option<&'a [(String, Raw)]>, BundleError> {
    match section(root, key) {
        None => Ok(None),
        Some(Raw::Entries(entries)) => Ok(Some(entries)),
        Some(other) => Err(wrong_type(key, "an object", other)),
    }
}

pub(super) fn time_at(value: &Raw, key: &str) -> Option<i64> {
    value
        .field(key)
        .scalar()
        .text()
        .and_then(|text| timestamp::parse(&text))
}

/// Builds a map by login from entries in input order, as a `Value` map would: the last of
/// repeated keys decides, including deciding that there is no entry (`read` gives `None`).
/// `BTreeMap::insert` replaces the value of a repeated key, so the index keeps the last one.
pub(super) fn by_key<T>(
    entries: &[(String, Raw)],
    mut read: impl FnMut(&str, &Raw) -> Option<T>,
) -> BTreeMap<String, T> {
    let mut last: BTreeMap<&str, &Raw> = BTreeMap::new();
    for (key, value) in entries {
        last.insert(key, value);
    }
    crate::order::map_from(
        last.into_iter()
            .filter_map(|(key, value)| Some((key.to_string(), read(key, value)?))),
    )
}

pub(super) fn plausible_lines(field: &str, count: Option<u64>) -> Result<Option<u64>, BundleError> {
    match count {
        Some(lines) if lines > MAX_PLAUSIBLE_LINES => Err(BundleError::Absurd {
            field: field.to_string(),
            detail: format!("{lines} lines exceeds any diff GitHub serves"),
        }),
        other => Ok(other),
    }
}

pub(super) fn strings(value: &Raw, key: &str) -> Vec<String> {
    array(value, key)
        .iter()
        .filter_map(|item| item.scalar().as_str().map(str::to_string))
        .collect()
}
