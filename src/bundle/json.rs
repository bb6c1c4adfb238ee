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
//! of the engine's time. Here the parser fills the typed views directly: fields the engine
//! reads are kept (strings moved, not cloned), every other field is skipped without being
//! built ([`IgnoredAny`]: syntax-checked only).
//!
//! The readings equal those of a `Value` tree, so hostile input behaves as before: a repeated
//! key keeps its last value, a field of the wrong type reads as unknown (and remembers its
//! kind for error messages), numbers are `serde_json::Number`s read exactly as `Value` does.

use std::borrow::Cow;
use std::fmt;

use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::Number;

/// One JSON value as the reader keeps it: scalars as read, containers only as their kind
/// (their content is skipped). `Null` also stands for an absent field: every reading treats
/// the two alike.
#[derive(Debug, Default, Clone, PartialEq)]
pub enum Scalar {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array,
    Object,
}

impl Scalar {
    /// How an error message names the value's type.
    pub fn kind(&self) -> &'static str {
        match self {
            Scalar::Null => "null",
            Scalar::Bool(_) => "a boolean",
            Scalar::Number(_) => "a number",
            Scalar::String(_) => "a string",
            Scalar::Array => "an array",
            Scalar::Object => "an object",
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

/// A place the reader fills while it walks the JSON text: a [`Scalar`], a [`Node`], the fields
/// of a GitHub object. Object-safe, so the whole bundle is read by one visitor type (`Seed`)
/// calling through `dyn Slot`: serde's parser code is generic over the visitor, and one
/// visitor per struct type would copy it into the wasm once per type (~100 KB).
pub trait Slot {
    /// The value is a scalar (or null).
    fn set_scalar(&mut self, value: Scalar);
    /// The value is an object; its fields follow.
    fn begin_object(&mut self) {}
    /// Where the value of `key` goes (`None`: skip it). A repeated key is read again and wins.
    fn field(&mut self, _key: &str) -> Option<&mut dyn Slot> {
        None
    }
    /// The value is an array; its items follow.
    fn begin_array(&mut self) {}
    /// Where the next item goes (`None`: skip it).
    fn next_item(&mut self) -> Option<&mut dyn Slot> {
        None
    }
    /// The slot [`Slot::next_item`] made had no item after all (end of the array).
    fn drop_last_item(&mut self) {}
}

impl Slot for Scalar {
    fn set_scalar(&mut self, value: Scalar) {
        *self = value;
    }

    fn begin_object(&mut self) {
        *self = Scalar::Object;
    }

    fn begin_array(&mut self) {
        *self = Scalar::Array;
    }
}

/// Reads `text` into a fresh `S`; syntax errors (anywhere, skipped fields included) are errors.
pub fn from_str<S: Slot + Default>(text: &str) -> Result<S, serde_json::Error> {
    let mut value = S::default();
    let mut deserializer = serde_json::Deserializer::from_str(text);
    Seed(&mut value).deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// The one visitor: fills the slot it holds.
struct Seed<'a>(&'a mut dyn Slot);

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<(), E> {
        self.0.set_scalar(Scalar::Bool(value));
        Ok(())
    }

    fn visit_i64<E>(self, value: i64) -> Result<(), E> {
        self.0.set_scalar(Scalar::Number(value.into()));
        Ok(())
    }

    fn visit_u64<E>(self, value: u64) -> Result<(), E> {
        self.0.set_scalar(Scalar::Number(value.into()));
        Ok(())
    }

    fn visit_f64<E>(self, value: f64) -> Result<(), E> {
        // As `serde_json::Value` keeps it (JSON text never yields a non-finite float).
        self.0
            .set_scalar(Number::from_f64(value).map_or(Scalar::Null, Scalar::Number));
        Ok(())
    }

    fn visit_str<E>(self, value: &str) -> Result<(), E> {
        self.0.set_scalar(Scalar::String(value.to_owned()));
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        self.0.set_scalar(Scalar::Null);
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.0.begin_array();
        loop {
            let more = match self.0.next_item() {
                Some(item) => seq.next_element_seed(Seed(item))?.is_some(),
                None => seq.next_element::<IgnoredAny>()?.is_some(),
            };
            if !more {
                self.0.drop_last_item();
                return Ok(());
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.0.begin_object();
        while let Some(key) = map.next_key::<Key>()? {
            match self.0.field(&key.0) {
                Some(slot) => map.next_value_seed(Seed(slot))?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A JSON value expected to be an object of fields `T` (or, for sections that accept both, an
/// array of `E`); anything else is kept as a [`Scalar`] so errors can name its kind.
#[derive(Debug)]
pub enum Node<T, E = Skipped> {
    Object(T),
    Array(Vec<E>),
    Scalar(Scalar),
}

/// A JSON value expected to be an array of `E`.
pub type List<E> = Node<Skipped, E>;

impl<T, E> Default for Node<T, E> {
    fn default() -> Self {
        Node::Scalar(Scalar::Null)
    }
}

impl<T, E> Node<T, E> {
    /// How an error message names the value's type.
    pub fn kind(&self) -> &'static str {
        match self {
            Node::Object(_) => "an object",
            Node::Array(_) => "an array",
            Node::Scalar(scalar) => scalar.kind(),
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Node::Scalar(Scalar::Null))
    }

    /// The fields, when the value is an object.
    pub fn object(&self) -> Option<&T> {
        match self {
            Node::Object(fields) => Some(fields),
            _ => None,
        }
    }

    /// The fields, when the value is an object (taken).
    pub fn into_object(self) -> Option<T> {
        match self {
            Node::Object(fields) => Some(fields),
            _ => None,
        }
    }

    /// The items of an array; an empty list for anything else.
    pub fn items(self) -> Vec<E> {
        match self {
            Node::Array(items) => items,
            _ => Vec::new(),
        }
    }

    /// Number of items of an array (0 for anything else).
    pub fn item_count(&self) -> usize {
        match self {
            Node::Array(items) => items.len(),
            _ => 0,
        }
    }
}

impl<T: Slot + Default, E: Slot + Default> Slot for Node<T, E> {
    fn set_scalar(&mut self, value: Scalar) {
        *self = Node::Scalar(value);
    }

    fn begin_object(&mut self) {
        *self = Node::Object(T::default());
    }

    fn field(&mut self, key: &str) -> Option<&mut dyn Slot> {
        match self {
            Node::Object(fields) => fields.field(key),
            _ => None,
        }
    }

    fn begin_array(&mut self) {
        *self = Node::Array(Vec::new());
    }

    fn next_item(&mut self) -> Option<&mut dyn Slot> {
        match self {
            Node::Array(items) => {
                items.push(E::default());
                items.last_mut().map(|item| item as &mut dyn Slot)
            }
            _ => None,
        }
    }

    fn drop_last_item(&mut self) {
        if let Node::Array(items) = self {
            items.pop();
        }
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

/// A value whose content is skipped (the "object" side of an array-only [`List`], the items of
/// an object-only [`Node`]).
#[derive(Debug, Default)]
pub struct Skipped;

impl Slot for Skipped {
    fn set_scalar(&mut self, _value: Scalar) {}
}

/// Every entry of an object keyed by data (logins, paths), in input order; a repeated key
/// appears twice and the reader keeps the last (see [`Entries::last_wins`]).
#[derive(Debug)]
pub struct Entries<E>(pub Vec<(String, E)>);

impl<E> Default for Entries<E> {
    fn default() -> Self {
        Entries(Vec::new())
    }
}

impl<E> Entries<E> {
    /// The entries by key, the last of repeated keys winning, in key order.
    pub fn last_wins(self) -> std::collections::BTreeMap<String, E> {
        self.0.into_iter().collect()
    }
}

impl<E: Slot + Default> Slot for Entries<E> {
    fn set_scalar(&mut self, _value: Scalar) {}

    fn field(&mut self, key: &str) -> Option<&mut dyn Slot> {
        self.0.push((key.to_owned(), E::default()));
        self.0.last_mut().map(|(_, value)| value as &mut dyn Slot)
    }
}

/// Declares a struct of the fields one GitHub object contributes, read by JSON key; unknown keys
/// are skipped.
macro_rules! fields {
    ($(#[$doc:meta])* $name:ident { $($key:literal => $field:ident: $kind:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Default)]
        pub struct $name {
            $(pub $field: $kind,)*
        }

        impl $crate::bundle::json::Slot for $name {
            fn set_scalar(&mut self, _value: $crate::bundle::json::Scalar) {}

            fn field(&mut self, key: &str) -> Option<&mut dyn $crate::bundle::json::Slot> {
                match key {
                    $($key => Some(&mut self.$field),)*
                    _ => None,
                }
            }
        }
    };
}

pub(crate) use fields;

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(text: &str) -> Scalar {
        from_str(text).unwrap()
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
        assert_eq!(scalar("[1, {\"a\": 2}]"), Scalar::Array);
        assert_eq!(scalar("{\"a\": [2]}").kind(), "an object");
    }

    fields!(
        /// A test object with one known field.
        Probe {
            "name" => name: Scalar,
        }
    );

    #[test]
    fn repeated_keys_keep_the_last_value_and_unknown_fields_are_skipped() {
        let node: Node<Probe> =
            from_str(r#"{"name": "a", "junk": [[{"x": 1e400}]], "name": "b"}"#).unwrap();
        assert_eq!(node.object().unwrap().name.as_str(), Some("b"));
        let entries: Node<Entries<Scalar>> = from_str(r#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
        let map = entries.into_object().unwrap().last_wins();
        assert_eq!(map.len(), 2);
        assert_eq!(map["b"].unsigned(), Some(3));
    }
}
