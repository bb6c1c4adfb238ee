//! Hash indexes over the path tables of [`crate::settings::paths`], built once per process.
//!
//! What it does: answers "which language is this extension?", "is this a binary/config/docs
//! extension?", "which lockfile or manifest is this basename?" and "which sensitive area does
//! any of these path words name?" with one hash lookup instead of a linear scan of the table.
//!
//! Why it matters: classification runs for every changed file, and scanning tables of 30–130
//! strings per question per file was the largest share of the engine's time on a 3,000-file PR
//! (docs/performance.md). The tables stay the single source of truth; the answers are the same
//! as a first-match scan (the first entry of a duplicated key wins, and for sensitive words the
//! area listed first in the table wins).
//!
//! Source: the tables in `src/settings/paths/`; `std::sync::OnceLock` for the one-time build.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::settings::paths::{
    BINARY_EXTENSIONS, BUILD_TREE_DIRS, CONFIG_EXTENSIONS, DOC_DIRS, DOC_EXTENSIONS, LANGUAGES,
    LOCKFILES, MANIFESTS, SENSITIVE_WORDS, TEST_DIRS, TRANSLATION_DIRS, VENDORED_DIRS,
};

/// FNV-1a: the indexes hold fixed table entries (no attacker chooses the keys, so no flooding
/// to defend against) and are probed ~10 times per file; SipHash, the std default, cost more
/// than the lookups it protects, notably in wasm.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
        for byte in bytes {
            self.0 = (self.0 ^ u64::from(*byte)).wrapping_mul(FNV_PRIME);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Map<V> = HashMap<&'static str, V, BuildHasherDefault<Fnv>>;
type Set = HashSet<&'static str, BuildHasherDefault<Fnv>>;

type PairTable = [(&'static str, &'static str)];

fn pair_index(
    cell: &'static OnceLock<Map<&'static str>>,
    table: &'static PairTable,
) -> &'static Map<&'static str> {
    cell.get_or_init(|| {
        let mut index = Map::with_capacity_and_hasher(table.len(), Default::default());
        for (key, value) in table {
            index.entry(*key).or_insert(*value);
        }
        index
    })
}

fn set_index(cell: &'static OnceLock<Set>, table: &'static [&'static str]) -> &'static Set {
    cell.get_or_init(|| table.iter().copied().collect())
}

/// Programming language of a lower-case extension (without the dot).
pub fn language(extension: &str) -> Option<&'static str> {
    static INDEX: OnceLock<Map<&'static str>> = OnceLock::new();
    pair_index(&INDEX, LANGUAGES).get(extension).copied()
}

/// Ecosystem of a lockfile, by lower-case basename.
pub fn lockfile(basename: &str) -> Option<&'static str> {
    static INDEX: OnceLock<Map<&'static str>> = OnceLock::new();
    pair_index(&INDEX, LOCKFILES).get(basename).copied()
}

/// Ecosystem of a dependency manifest, by lower-case basename.
pub fn manifest(basename: &str) -> Option<&'static str> {
    static INDEX: OnceLock<Map<&'static str>> = OnceLock::new();
    pair_index(&INDEX, MANIFESTS).get(basename).copied()
}

/// A binary-content extension (images, archives, executables, …).
pub fn is_binary_extension(extension: &str) -> bool {
    static INDEX: OnceLock<Set> = OnceLock::new();
    set_index(&INDEX, BINARY_EXTENSIONS).contains(extension)
}

/// A configuration-file extension.
pub fn is_config_extension(extension: &str) -> bool {
    static INDEX: OnceLock<Set> = OnceLock::new();
    set_index(&INDEX, CONFIG_EXTENSIONS).contains(extension)
}

/// A documentation extension.
pub fn is_doc_extension(extension: &str) -> bool {
    static INDEX: OnceLock<Set> = OnceLock::new();
    set_index(&INDEX, DOC_EXTENSIONS).contains(extension)
}

/// A table of directory names (lower-case segments) that says what a file under one is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirTable {
    Test,
    Vendored,
    Doc,
    Translation,
    BuildTree,
}

impl DirTable {
    const ALL: [(DirTable, &'static [&'static str]); 5] = [
        (DirTable::Test, TEST_DIRS),
        (DirTable::Vendored, VENDORED_DIRS),
        (DirTable::Doc, DOC_DIRS),
        (DirTable::Translation, TRANSLATION_DIRS),
        (DirTable::BuildTree, BUILD_TREE_DIRS),
    ];

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The directory tables that name at least one of a path's directory segments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DirTables(u8);

impl DirTables {
    /// The tables naming any of the lower-case `segments`: one lookup per segment instead of a
    /// scan of each table per segment per question.
    pub fn of<'s>(segments: impl IntoIterator<Item = &'s str>) -> Self {
        static INDEX: OnceLock<Map<u8>> = OnceLock::new();
        let index = INDEX.get_or_init(|| {
            let mut index = Map::default();
            for (table, names) in DirTable::ALL {
                for name in names {
                    *index.entry(*name).or_insert(0) |= table.bit();
                }
            }
            index
        });
        DirTables(
            segments
                .into_iter()
                .filter_map(|segment| index.get(segment))
                .fold(0, |tables, bits| tables | bits),
        )
    }

    pub fn contains(self, table: DirTable) -> bool {
        self.0 & table.bit() != 0
    }
}

/// The sensitive area named by any of the lower-case `words`: the area listed first in
/// `SENSITIVE_WORDS` among those that list one of the words.
pub fn sensitive_area<'w>(words: impl IntoIterator<Item = &'w str>) -> Option<&'static str> {
    static INDEX: OnceLock<Map<usize>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = Map::default();
        for (position, (_, list)) in SENSITIVE_WORDS.iter().enumerate() {
            for word in *list {
                index.entry(*word).or_insert(position);
            }
        }
        index
    });
    words
        .into_iter()
        .filter_map(|word| index.get(word).copied())
        .min()
        .and_then(|position| SENSITIVE_WORDS.get(position))
        .map(|(area, _)| *area)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_match(table: &PairTable, key: &str) -> Option<&'static str> {
        table
            .iter()
            .find(|(name, _)| *name == key)
            .map(|(_, value)| *value)
    }

    #[test]
    fn indexes_answer_like_a_first_match_scan_of_the_tables() {
        for (table, indexed) in [
            (LANGUAGES, language as fn(&str) -> Option<&'static str>),
            (LOCKFILES, lockfile),
            (MANIFESTS, manifest),
        ] {
            for (key, _) in table {
                assert_eq!(indexed(key), first_match(table, key), "{key}");
            }
            assert_eq!(indexed("no-such-entry"), None);
        }
        for extension in BINARY_EXTENSIONS {
            assert!(is_binary_extension(extension));
        }
        for extension in CONFIG_EXTENSIONS {
            assert!(is_config_extension(extension));
        }
        for extension in DOC_EXTENSIONS {
            assert!(is_doc_extension(extension));
        }
        assert!(!is_binary_extension("rs") && !is_doc_extension("rs"));
    }

    #[test]
    fn dir_tables_answer_like_a_scan_of_each_table() {
        for (table, names) in DirTable::ALL {
            for name in names {
                let found = DirTables::of(["src", name, "x"]);
                for (other, other_names) in DirTable::ALL {
                    assert_eq!(found.contains(other), other_names.contains(name), "{name}");
                }
                assert!(found.contains(table));
            }
        }
        assert_eq!(DirTables::of(["src", "lib"]), DirTables::default());
        assert_eq!(DirTables::of([]), DirTables::default());
    }

    #[test]
    fn sensitive_area_prefers_the_area_listed_first() {
        for (position, (area, list)) in SENSITIVE_WORDS.iter().enumerate() {
            for word in *list {
                let first = SENSITIVE_WORDS
                    .iter()
                    .take(position + 1)
                    .find(|(_, earlier)| earlier.contains(word))
                    .map(|(earlier_area, _)| *earlier_area);
                assert_eq!(sensitive_area([*word, "plain"]), first, "{word} in {area}");
            }
        }
        assert_eq!(sensitive_area(["src", "readme"]), None);
        let (first_area, first_list) = SENSITIVE_WORDS[0];
        let (_, last_list) = SENSITIVE_WORDS[SENSITIVE_WORDS.len() - 1];
        assert_eq!(
            sensitive_area([last_list[0], first_list[0]]),
            Some(first_area)
        );
    }
}
