//! Random mutations of real bundles: replace, remove, repeat, giant and hostile values at a
//! random path.

use proptest::prelude::*;
use serde_json::Value;

use crate::generators::{arbitrary_json, giant_patch, weird_string};

#[derive(Debug, Clone)]
pub(crate) enum Mutation {
    /// Replace the value at the path with arbitrary JSON.
    Replace(Vec<u32>, Value),
    /// Remove the key or item at the path.
    Remove(Vec<u32>),
    /// Repeat an array (the one at or above the path) up to `times` times.
    Repeat(Vec<u32>, u16),
    /// Put a giant patch (or a giant string) at the path.
    Giant(Vec<u32>, u32, u32),
    /// Set the value at the path to a hostile string.
    Text(Vec<u32>, String),
}

pub(crate) fn mutation() -> impl Strategy<Value = Mutation> {
    let path = || proptest::collection::vec(any::<u32>(), 0..6);
    prop_oneof![
        4 => (path(), arbitrary_json()).prop_map(|(p, v)| Mutation::Replace(p, v)),
        2 => path().prop_map(Mutation::Remove),
        1 => (path(), 2u16..400).prop_map(|(p, n)| Mutation::Repeat(p, n)),
        1 => (path(), 1u32..40_000, any::<u32>()).prop_map(|(p, n, s)| Mutation::Giant(p, n, s)),
        4 => (path(), weird_string()).prop_map(|(p, s)| Mutation::Text(p, s)),
    ]
}

/// Follows `choices` down the tree (each picks a key or index), stopping at a leaf.
pub(crate) fn walk<'a>(value: &'a mut Value, choices: &[u32]) -> &'a mut Value {
    let Some((first, rest)) = choices.split_first() else {
        return value;
    };
    let is_container = match value {
        Value::Object(map) => !map.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => false,
    };
    if !is_container {
        return value;
    }
    match value {
        Value::Object(map) => {
            let index = *first as usize % map.len();
            let key = map.keys().nth(index).cloned().unwrap_or_default();
            walk(map.get_mut(&key).expect("key exists"), rest)
        }
        Value::Array(items) => {
            let index = *first as usize % items.len();
            walk(&mut items[index], rest)
        }
        _ => value,
    }
}

pub(crate) fn apply(bundle: &mut Value, mutation: &Mutation) {
    match mutation {
        Mutation::Replace(path, replacement) => *walk(bundle, path) = replacement.clone(),
        Mutation::Text(path, text) => *walk(bundle, path) = Value::String(text.clone()),
        Mutation::Giant(path, lines, seed) => {
            let target = walk(bundle, path);
            *target = if seed % 2 == 0 {
                Value::String(giant_patch(*lines as usize, *seed))
            } else {
                Value::String("y".repeat(*lines as usize * 8))
            };
        }
        Mutation::Remove(path) => {
            let Some((last, parent_path)) = path.split_last() else {
                return;
            };
            match walk(bundle, parent_path) {
                Value::Object(map) if !map.is_empty() => {
                    let key = map.keys().nth(*last as usize % map.len()).cloned();
                    if let Some(key) = key {
                        map.remove(&key);
                    }
                }
                Value::Array(items) if !items.is_empty() => {
                    let index = *last as usize % items.len();
                    items.remove(index);
                }
                _ => {}
            }
        }
        Mutation::Repeat(path, times) => {
            if let Value::Array(items) = walk(bundle, path) {
                if let Some(first) = items.first().cloned() {
                    let target = (*times as usize).min(3_500);
                    while items.len() < target {
                        let mut copy = first.clone();
                        if let Some(name) = copy.get_mut("filename") {
                            *name = Value::String(format!("src/gen/file_{}.rs", items.len()));
                        }
                        items.push(copy);
                    }
                }
            }
        }
    }
}
