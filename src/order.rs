//! One stable sort for the whole crate, compiled once.
//!
//! Why not `slice::sort_by`: the standard library's driftsort/quicksort is generic over the
//! element type and the comparator, so every call site (and every `collect::<BTreeMap>()`,
//! which sorts) gets its own copy in the wasm module (docs/performance.md, "Measurements behind
//! code choices"). Here the sorting itself is a non-generic merge sort
//! of an index permutation with a `dyn` comparator; only a few lines per element type (the
//! comparator shim and the in-place permutation) are generic.
//!
//! Same semantics as `slice::sort_by`: stable (equal elements keep their order), and the
//! comparator must be a total order. O(n log n) comparisons, O(n) extra `usize`s.

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Sorts `items` stably by `compare`, like `slice::sort_by`.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order = sorted_indices(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    permute(items, &mut order);
}

/// Sorts `items` stably by the key `key` returns, like `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` ascending, like `slice::sort` (and `sort_unstable`: for a total order the
/// sorted sequence is the same, only the order of equal elements could differ).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The first `count` elements of `items` sorted stably by `compare`, in that order: exactly
/// `sort_by` followed by `truncate(count)`, without ordering the rest. Why: the focus list keeps
/// 50 of a 3,000-file PR, and sorting all of them by path was ~4 % of its analysis. Each element
/// costs one comparison with the last one kept unless it enters the list.
pub fn smallest<T>(
    items: Vec<T>,
    count: usize,
    mut compare: impl FnMut(&T, &T) -> Ordering,
) -> Vec<T> {
    let mut kept: Vec<T> = Vec::with_capacity(count.min(items.len()));
    for item in items {
        let full = kept.len() == count;
        // A tie with the last kept element ranks after it (stability), so it stays out.
        if full
            && kept
                .last()
                .is_none_or(|last| compare(&item, last) != Ordering::Less)
        {
            continue;
        }
        // After every element it does not rank before: equal elements keep their order.
        let position = kept.partition_point(|kept| compare(&item, kept) != Ordering::Less);
        if full {
            kept.pop();
        }
        kept.insert(position, item);
    }
    kept
}

/// Collects `(key, value)` pairs into a `BTreeMap` by inserting them one by one; a later
/// duplicate key wins, exactly as with `collect()`. `collect()` would first sort the pairs
/// (one more sort copy per pair type), which buys nothing for the small maps built here.
pub fn map_from<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    map.extend(pairs);
    map
}

/// The indices `0..len` in the order `compare` sorts them, ties in index order.
///
/// A bottom-up merge sort: runs of width 1, 2, 4, … are merged from `from` into `into`,
/// which then swap roles. Taking from the left run on ties keeps it stable.
pub fn sorted_indices(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut from: Vec<usize> = (0..len).collect();
    let mut into: Vec<usize> = vec![0; len];
    let mut width = 1;
    while width < len {
        let mut start = 0;
        while start < len {
            let middle = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            let (mut left, mut right) = (start, middle);
            for slot in &mut into[start..end] {
                let take_left = right == end
                    || (left < middle && compare(from[left], from[right]) != Ordering::Greater);
                if take_left {
                    *slot = from[left];
                    left += 1;
                } else {
                    *slot = from[right];
                    right += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut from, &mut into);
        width *= 2;
    }
    from
}

/// Reorders `items` so that position `k` holds the element that was at `order[k]`, by
/// following each cycle of the permutation with swaps. `order` is used up (set to
/// `usize::MAX` as positions are placed).
fn permute<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..items.len() {
        let mut position = start;
        while order[position] != usize::MAX {
            let source = order[position];
            order[position] = usize::MAX;
            if source == start {
                break;
            }
            items.swap(position, source);
            position = source;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic pseudo-random sequence (xorshift), so the tests need no crate.
    fn numbers(count: usize, seed: u64, modulo: u64) -> Vec<u64> {
        let mut state = seed.max(1);
        (0..count)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state % modulo
            })
            .collect()
    }

    #[test]
    fn sorts_like_the_standard_stable_sort_including_ties() {
        for len in [0, 1, 2, 3, 5, 8, 17, 64, 100, 1000] {
            for (seed, modulo) in [(1, 3), (7, 10), (42, 1_000_000)] {
                // (key, original position): equal keys must keep their original order.
                let mut ours: Vec<(u64, usize)> = numbers(len, seed, modulo)
                    .into_iter()
                    .enumerate()
                    .map(|(index, key)| (key, index))
                    .collect();
                let mut standard = ours.clone();
                sort_by_key(&mut ours, |item| item.0);
                // The standard library's stable sort is the reference this one must equal.
                #[allow(clippy::disallowed_methods)]
                standard.sort_by_key(|item| item.0);
                assert_eq!(ours, standard, "len {len}, seed {seed}, modulo {modulo}");
            }
        }
    }

    #[test]
    fn sorts_descending_and_with_owned_elements() {
        let mut words: Vec<String> = ["pear", "apple", "fig", "apple", "kiwi"]
            .iter()
            .map(|word| word.to_string())
            .collect();
        sort_by(&mut words, |a, b| b.cmp(a));
        assert_eq!(words, ["pear", "kiwi", "fig", "apple", "apple"]);
        sort(&mut words);
        assert_eq!(words, ["apple", "apple", "fig", "kiwi", "pear"]);
    }

    #[test]
    fn map_from_keeps_the_last_duplicate_like_collect() {
        let pairs = [("b", 1), ("a", 2), ("b", 3)];
        let collected: BTreeMap<&str, i32> = pairs.into_iter().collect();
        assert_eq!(map_from(pairs), collected);
    }

    #[test]
    fn smallest_equals_a_stable_sort_then_truncate() {
        for len in [0, 1, 2, 5, 17, 100, 1000] {
            for count in [0, 1, 3, 50, 2000] {
                for (seed, modulo) in [(3, 4), (11, 1_000_000)] {
                    let items: Vec<(u64, usize)> = numbers(len, seed, modulo)
                        .into_iter()
                        .enumerate()
                        .map(|(index, key)| (key, index))
                        .collect();
                    let mut expected = items.clone();
                    sort_by(&mut expected, |a, b| b.0.cmp(&a.0));
                    expected.truncate(count);
                    let kept = smallest(items, count, |a, b| b.0.cmp(&a.0));
                    assert_eq!(kept, expected, "len {len}, count {count}, seed {seed}");
                }
            }
        }
    }

    #[test]
    fn sorted_and_reversed_inputs() {
        let mut ascending: Vec<u32> = (0..50).collect();
        sort(&mut ascending);
        assert_eq!(ascending, (0..50).collect::<Vec<_>>());
        let mut descending: Vec<u32> = (0..50).rev().collect();
        sort(&mut descending);
        assert_eq!(descending, (0..50).collect::<Vec<_>>());
    }
}
