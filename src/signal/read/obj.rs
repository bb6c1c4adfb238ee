//! The reader's accessors: one JSON object of the signal, where it sits, and the first error.

use std::cell::Cell;
use std::fmt;

use serde_json::{Map, Value};

/// Why a signal could not be read: bad JSON, or a field missing or of the wrong type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(pub(super) String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

/// One JSON object of the signal, where it sits (for error messages), and the first error
/// found anywhere in the signal.
///
/// Why accessors return plain values (a default after recording the error) instead of
/// `Result`: with `?` inside the struct literals every field needs its own cleanup path, which
/// made the reader several times larger (docs/performance.md); read straight through and
/// checked once at the end instead.
pub(super) struct Obj<'a> {
    map: Option<&'a Map<String, Value>>,
    path: String,
    first_error: &'a Cell<Option<ReadError>>,
}

impl<'a> Obj<'a> {
    pub(super) fn of(
        value: &'a Value,
        path: String,
        first_error: &'a Cell<Option<ReadError>>,
    ) -> Self {
        let object = Obj {
            map: value.as_object(),
            path,
            first_error,
        };
        if object.map.is_none() {
            object.fail(format!("`{}` is not an object", object.path));
        }
        object
    }

    /// Records `message` unless an earlier error was recorded already.
    #[cold]
    fn fail(&self, message: String) {
        let earlier = self.first_error.take();
        self.first_error
            .set(Some(earlier.unwrap_or(ReadError(message))));
    }

    /// Records that `key` is not what the signal needs.
    #[cold]
    pub(super) fn wrong(&self, key: &str, expected: &str) {
        self.fail(format!("`{}.{key}` is not {expected}", self.path));
    }

    /// The raw field, `None` when missing (only `Option` and default fields may be).
    pub(super) fn field(&self, key: &str) -> Option<&'a Value> {
        self.map.and_then(|map| map.get(key))
    }

    /// A required field; `Null` (recorded as an error) when missing.
    pub(super) fn get(&self, key: &str) -> &'a Value {
        match self.field(key) {
            Some(value) => value,
            None => {
                if self.map.is_some() {
                    self.fail(format!("`{}` has no field `{key}`", self.path));
                }
                &Value::Null
            }
        }
    }

    /// An `Option` field: missing and `null` both read as `None`.
    pub(super) fn optional(&self, key: &str) -> Option<&'a Value> {
        self.field(key).filter(|value| !value.is_null())
    }

    pub(super) fn obj(&self, key: &str) -> Obj<'a> {
        let value = self.get(key);
        Obj::of(value, format!("{}.{key}", self.path), self.first_error)
    }

    pub(super) fn string(&self, key: &str) -> String {
        self.as_string(key, self.get(key))
    }

    pub(super) fn opt_string(&self, key: &str) -> Option<String> {
        self.optional(key).map(|value| self.as_string(key, value))
    }

    pub(super) fn as_string(&self, key: &str, value: &Value) -> String {
        match value.as_str() {
            Some(text) => text.to_string(),
            None => {
                self.wrong(key, "a string");
                String::new()
            }
        }
    }

    pub(super) fn u64(&self, key: &str) -> u64 {
        self.as_u64(key, self.get(key))
    }

    pub(super) fn opt_u64(&self, key: &str) -> Option<u64> {
        self.optional(key).map(|value| self.as_u64(key, value))
    }

    /// A `#[serde(default)]` count: missing reads as 0, but `null` is still an error.
    pub(super) fn u64_or_zero(&self, key: &str) -> u64 {
        self.field(key).map_or(0, |value| self.as_u64(key, value))
    }

    pub(super) fn as_u64(&self, key: &str, value: &Value) -> u64 {
        value.as_u64().unwrap_or_else(|| {
            self.wrong(key, "a whole number ≥ 0");
            0
        })
    }

    pub(super) fn u8(&self, key: &str) -> u8 {
        u8::try_from(self.u64(key)).unwrap_or_else(|_| {
            self.wrong(key, "a number from 0 to 255");
            0
        })
    }

    pub(super) fn f64(&self, key: &str) -> f64 {
        self.get(key).as_f64().unwrap_or_else(|| {
            self.wrong(key, "a number");
            0.0
        })
    }

    pub(super) fn bool(&self, key: &str) -> bool {
        self.get(key).as_bool().unwrap_or_else(|| {
            self.wrong(key, "true or false");
            false
        })
    }

    pub(super) fn opt_bool(&self, key: &str) -> Option<bool> {
        let value = self.optional(key)?;
        let flag = value.as_bool();
        if flag.is_none() {
            self.wrong(key, "true, false or null");
        }
        flag
    }

    pub(super) fn array(&self, key: &str) -> &'a [Value] {
        self.as_array(key, self.get(key))
    }

    pub(super) fn as_array(&self, key: &str, value: &'a Value) -> &'a [Value] {
        match value.as_array() {
            Some(items) => items,
            None => {
                self.wrong(key, "a list");
                &[]
            }
        }
    }

    /// A `#[serde(default)]` list of objects: missing reads as empty.
    pub(super) fn list_or_empty<T>(&self, key: &str, read: fn(&Obj<'a>) -> T) -> Vec<T> {
        match self.field(key) {
            Some(_) => self.list(key, read),
            None => Vec::new(),
        }
    }

    /// An `Option` object field, read by `read`.
    pub(super) fn opt_obj<T>(&self, key: &str, read: fn(&Obj<'a>) -> T) -> Option<T> {
        self.optional(key).map(|value| {
            read(&Obj::of(
                value,
                format!("{}.{key}", self.path),
                self.first_error,
            ))
        })
    }

    /// A list of objects, each read by `read`.
    pub(super) fn list<T>(&self, key: &str, read: fn(&Obj<'a>) -> T) -> Vec<T> {
        let items = self.array(key);
        let mut out = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let path = format!("{}.{key}[{index}]", self.path);
            out.push(read(&Obj::of(item, path, self.first_error)));
        }
        out
    }

    pub(super) fn strings(&self, key: &str) -> Vec<String> {
        self.strings_in(key, self.array(key))
    }

    /// A `#[serde(default)]` list of strings: missing reads as empty.
    pub(super) fn strings_or_empty(&self, key: &str) -> Vec<String> {
        match self.field(key) {
            Some(value) => self.strings_in(key, self.as_array(key, value)),
            None => Vec::new(),
        }
    }

    pub(super) fn strings_in(&self, key: &str, items: &[Value]) -> Vec<String> {
        items.iter().map(|item| self.as_string(key, item)).collect()
    }

    pub(super) fn numbers(&self, key: &str) -> Vec<u64> {
        let items = self.array(key);
        items.iter().map(|item| self.as_u64(key, item)).collect()
    }

    /// An enum field, by its JSON spelling (`from_key` comes from `words.rs`); `fallback`
    /// only stands in after an error has been recorded.
    pub(super) fn word<T>(&self, key: &str, from_key: fn(&str) -> Option<T>, fallback: T) -> T {
        match self.get(key).as_str().and_then(from_key) {
            Some(word) => word,
            None => {
                self.wrong(key, "one of its known words");
                fallback
            }
        }
    }
}
