//! Lenient, streaming readers over GitHub's raw JSON.
//!
//! Bundles embed GitHub responses verbatim, recorded across a decade of API versions (no
//! `author_association` before 2017, Ruby-style timestamps in some recordings, numbers sent
//! as strings by some proxies). These types read a field when a sensible reading exists and
//! return `None` otherwise, so a surprising field never crashes the engine.
//!
//! Why streaming: a 3,000-file bundle is ~1.3 MB of JSON. Decoding it into a
//! `serde_json::Value` tree first (a map per object, a `String` per key and per value, most of
//! them GitHub fields the engine never reads) and then copying the fields out cost about a third
//! of the engine's time. Here the parser keeps only the fields a static [`Shape`] names, in a
//! small tree ([`Raw`]) whose keys are the shape's `&'static str`s; every other field is skipped
//! without being built ([`IgnoredAny`]: syntax-checked only).
//!
//! The readings equal those of a `Value` tree, so hostile input behaves as before: a repeated
//! key keeps its last value, a field of the wrong type reads as unknown (and keeps its kind for
//! error messages), numbers are `serde_json::Number`s read exactly as `Value` does.

use std::borrow::Cow;
use std::fmt;

use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::Number;

/// One JSON scalar as read. `Null` also stands for an absent field: every reading treats the
/// two alike.
#[derive(Debug, Default, Clone, PartialEq)]
pub enum Scalar {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
}

impl Scalar {
    /// How an error message names the value's type.
    pub fn kind(&self) -> &'static str {
        match self {
            Scalar::Null => "null",
            Scalar::Bool(_) => "a boolean",
            Scalar::Number(_) => "a number",
            Scalar::String(_) => "a string",
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Scalar::Null)
    }

    /// The text of a string (no conversion).
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Scalar::String(text) => Some(text),
            _ => None,
        }
    }

    /// The value as text, if it is a string (numbers and booleans are rendered as text).
    pub fn text(&self) -> Option<Cow<'_, str>> {
        match self {
            Scalar::String(text) => Some(Cow::Borrowed(text)),
            Scalar::Number(number) => Some(Cow::Owned(number.to_string())),
            Scalar::Bool(flag) => Some(Cow::Borrowed(if *flag { "true" } else { "false" })),
            _ => None,
        }
    }

    /// [`Scalar::text`], taking the string instead of copying it.
    pub fn into_string(self) -> Option<String> {
        match self {
            Scalar::String(text) => Some(text),
            other => other.text().map(Cow::into_owned),
        }
    }

    /// A non-negative integer: accepts JSON numbers (integral floats too) and numeric strings.
    pub fn unsigned(&self) -> Option<u64> {
        match self {
            Scalar::Number(number) => number.as_u64().or_else(|| {
                number
                    .as_f64()
                    .filter(|float| float.is_finite() && *float >= 0.0 && float.fract() == 0.0)
                    .map(|float| float.min(u64::MAX as f64) as u64)
            }),
            Scalar::String(text) => text.trim().parse().ok(),
            _ => None,
        }
    }

    /// A boolean: accepts `true`/`false` and the strings "true"/"false".
    pub fn boolean(&self) -> Option<bool> {
        match self {
            Scalar::Bool(flag) => Some(*flag),
            Scalar::String(text) => match text.trim() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Which fields of an object the reader keeps, and how to read their values. A static tree per
/// bundle section (see `parse/shapes.rs`); what it does not name is skipped.
#[derive(Debug)]
pub struct Shape {
    /// Object fields to keep, each with the shape of its value.
    pub fields: &'static [(&'static str, &'static Shape)],
    /// Array items to keep, with their shape (`None`: an array reads as empty).
    pub items: Option<&'static Shape>,
    /// For objects keyed by data (logins, paths): keep every entry, values of this shape.
    pub entries: Option<&'static Shape>,
}

/// A value read as a scalar; an object or array here keeps only its kind.
pub static LEAF: Shape = Shape {
    fields: &[],
    items: None,
    entries: None,
};

/// A JSON value as the reader keeps it: a small `Value` with only the fields a [`Shape`] names
/// (keys are the shape's `&'static str`s, so nothing is allocated per key).
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    Scalar(Scalar),
    /// Known fields in input order; a repeated key appears twice and the last one counts.
    Object(Vec<(&'static str, Raw)>),
    Array(Vec<Raw>),
    /// Every entry of an object keyed by data, in input order.
    Entries(Vec<(String, Raw)>),
}

static NULL: Raw = Raw::Scalar(Scalar::Null);

impl Raw {
    /// How an error message names the value's type.
    pub fn kind(&self) -> &'static str {
        match self {
            Raw::Scalar(scalar) => scalar.kind(),
            Raw::Object(_) | Raw::Entries(_) => "an object",
            Raw::Array(_) => "an array",
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Raw::Scalar(Scalar::Null))
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Raw::Object(_) | Raw::Entries(_))
    }

    /// The scalar, or null for containers.
    pub fn scalar(&self) -> &Scalar {
        match self {
            Raw::Scalar(scalar) => scalar,
            _ => &Scalar::Null,
        }
    }

    /// The field `key` of an object (the last one when repeated).
    pub fn get(&self, key: &str) -> Option<&Raw> {
        match self {
            Raw::Object(fields) => fields
                .iter()
                .rev()
                .find(|(name, _)| *name == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The field `key`, null when absent.
    pub fn field(&self, key: &str) -> &Raw {
        self.get(key).unwrap_or(&NULL)
    }

    /// The value at a path of keys, e.g. `path(&["head", "sha"])`; null when any step is missing.
    pub fn path(&self, keys: &[&str]) -> &Raw {
        keys.iter().fold(self, |current, key| current.field(key))
    }

    /// The items of an array (empty for anything else).
    pub fn items(&self) -> &[Raw] {
        match self {
            Raw::Array(items) => items,
            _ => &[],
        }
    }

    /// The entries of an object keyed by data (empty for anything else).
    pub fn entries(&self) -> &[(String, Raw)] {
        match self {
            Raw::Entries(entries) => entries,
            _ => &[],
        }
    }

    /// Takes the string of field `key` out (for the big texts: patches, bodies, messages), as
    /// [`Scalar::into_string`] reads it.
    pub fn take_string(&mut self, key: &str) -> Option<String> {
        let Raw::Object(fields) = self else {
            return None;
        };
        let (_, value) = fields.iter_mut().rev().find(|(name, _)| *name == key)?;
        match std::mem::replace(value, Raw::Scalar(Scalar::Null)) {
            Raw::Scalar(scalar) => scalar.into_string(),
            _ => None,
        }
    }
}

/// Reads `text` with `shape`; syntax errors (anywhere, skipped fields included) are errors.
pub fn from_str(text: &str, shape: &'static Shape) -> Result<Raw, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = Seed(shape).deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// Reads an already-decoded `value` with `shape`: the same visitor as [`from_str`], fed by
/// serde_json's `Value` deserializer instead of its text parser, so a bundle the fetcher built
/// as a `Value` is read once, not printed and parsed again. A `Value` has no repeated keys and
/// holds numbers exactly as the text parser yields them, so the readings are the same.
pub fn from_value(
    value: &serde_json::Value,
    shape: &'static Shape,
) -> Result<Raw, serde_json::Error> {
    Seed(shape).deserialize(value)
}

/// The one visitor: reads a value of the shape it holds. One non-generic type, so serde's
/// parser code is instantiated once in the wasm.
#[derive(Clone, Copy)]
struct Seed(&'static Shape);

impl<'de> DeserializeSeed<'de> for Seed {
    type Value = Raw;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Raw, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed {
    type Value = Raw;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Raw, E> {
        Ok(Raw::Scalar(Scalar::Bool(value)))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Raw, E> {
        Ok(Raw::Scalar(Scalar::Number(value.into())))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Raw, E> {
        Ok(Raw::Scalar(Scalar::Number(value.into())))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Raw, E> {
        // As `serde_json::Value` keeps it (JSON text never yields a non-finite float).
        Ok(Raw::Scalar(
            Number::from_f64(value).map_or(Scalar::Null, Scalar::Number),
        ))
    }

    fn visit_str<E>(self, value: &str) -> Result<Raw, E> {
        Ok(Raw::Scalar(Scalar::String(value.to_owned())))
    }

    fn visit_unit<E>(self) -> Result<Raw, E> {
        Ok(Raw::Scalar(Scalar::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw, A::Error> {
        let mut items = Vec::new();
        match self.0.items {
            Some(shape) => {
                while let Some(item) = seq.next_element_seed(Seed(shape))? {
                    items.push(item);
                }
            }
            None => while seq.next_element::<IgnoredAny>()?.is_some() {},
        }
        Ok(Raw::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw, A::Error> {
        if let Some(shape) = self.0.entries {
            let mut entries = Vec::new();
            while let Some(key) = map.next_key::<Key>()? {
                let value = map.next_value_seed(Seed(shape))?;
                entries.push((key.0.into_owned(), value));
            }
            return Ok(Raw::Entries(entries));
        }
        // Sized for every field the shape keeps: one allocation per object instead of a
        // doubling series (a file entry keeps seven, ~3,000 times in a large PR).
        let mut fields = Vec::with_capacity(self.0.fields.len());
        while let Some(key) = map.next_key::<Key>()? {
            match self.0.fields.iter().find(|(name, _)| *name == key.0) {
                Some((name, shape)) => {
                    let value = map.next_value_seed(Seed(shape))?;
                    fields.push((*name, value));
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Raw::Object(fields))
    }
}

/// An object key, borrowed from the input when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("an object key")
            }

            fn visit_borrowed_str<E>(self, value: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(value)))
            }

            fn visit_str<E>(self, value: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(value.to_owned())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(text: &str) -> Scalar {
        from_str(text, &LEAF).unwrap().scalar().clone()
    }

    #[test]
    fn numeric_strings_and_integral_floats_read_as_integers() {
        assert_eq!(scalar("\"42\"").unsigned(), Some(42));
        assert_eq!(scalar("7.0").unsigned(), Some(7));
        assert_eq!(scalar("-1").unsigned(), None);
        assert_eq!(scalar("1.5").unsigned(), None);
        assert_eq!(scalar("null").unsigned(), None);
        assert_eq!(scalar("1e30").unsigned(), Some(u64::MAX));
    }

    #[test]
    fn numbers_and_booleans_read_as_text_like_a_value_tree_prints_them() {
        for text in ["12", "-3", "1.5", "7.0", "1e30", "true", "false"] {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                scalar(text).into_string(),
                Some(value.to_string()),
                "{text}"
            );
        }
        assert_eq!(
            from_str("[1, {\"a\": 2}]", &LEAF).unwrap(),
            Raw::Array(vec![])
        );
        assert_eq!(from_str("{\"a\": [2]}", &LEAF).unwrap().kind(), "an object");
    }

    static PROBE: Shape = Shape {
        fields: &[("name", &LEAF)],
        items: None,
        entries: None,
    };
    static LOGINS: Shape = Shape {
        fields: &[],
        items: None,
        entries: Some(&LEAF),
    };

    #[test]
    fn a_value_reads_as_its_printed_text_does() {
        static ALL: Shape = Shape {
            fields: &[
                ("name", &LEAF),
                ("n", &LEAF),
                ("f", &LEAF),
                ("neg", &LEAF),
                ("t", &LEAF),
                ("junk", &LEAF),
            ],
            items: None,
            entries: None,
        };
        for (text, shape) in [
            (
                r#"{"name": "a", "junk": [1, {"x": 2.5}], "n": 7, "f": 1.5, "neg": -3, "t": true}"#,
                &ALL,
            ),
            (r#"{"b": 1, "a": {"c": 2}, "c": null}"#, &LOGINS),
            (r#"[1, 2]"#, &LEAF),
        ] {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                from_value(&value, shape).unwrap(),
                from_str(&value.to_string(), shape).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn repeated_keys_keep_the_last_value_and_unknown_fields_are_skipped() {
        let mut node = from_str(
            r#"{"name": "a", "junk": [[{"x": 1e400}]], "name": "b"}"#,
            &PROBE,
        )
        .unwrap();
        assert_eq!(node.field("name").scalar().as_str(), Some("b"));
        assert_eq!(node.take_string("name").as_deref(), Some("b"));
        assert_eq!(node.get("junk"), None);
        let entries = from_str(r#"{"b": 1, "a": 2, "b": 3}"#, &LOGINS).unwrap();
        assert_eq!(entries.entries().len(), 3);
    }
}
