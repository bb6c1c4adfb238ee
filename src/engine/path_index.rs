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
    BINARY_EXTENSIONS, BUILD_SUFFIXES, BUILD_TREE_DIRS, CONFIG_EXTENSIONS, DOC_DIRS,
    DOC_EXTENSIONS, FRAMEWORK_SECURITY_PATHS, GENERATED_JS_DIRS, GENERATED_SUFFIXES, LANGUAGES,
    LOCKFILES, MANIFESTS, SENSITIVE_WORDS, TEST_CAMEL_SUFFIXES, TEST_DIRS, TEST_SUFFIXES,
    TRANSLATION_DIRS, VENDORED_DIRS, VENDORED_SEGMENTS,
};

/// FNV-1a: the indexes hold fixed table entries (no attacker chooses the keys, so no flooding
/// to defend against) and are probed ~10 times per file; SipHash, the std default, cost more
/// than the lookups it protects, notably in wasm. `files::reading` fingerprints token edits with it.
pub(crate) struct Fnv(u64);

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
    /// The first segment of a [`VENDORED_SEGMENTS`] entry (`carthage` of `carthage/build/`).
    VendoredSegmentHead,
    /// The first segment of a [`GENERATED_JS_DIRS`] entry (`public` of `public/assets/`).
    GeneratedJsHead,
    /// The first segment of a directory entry of [`FRAMEWORK_SECURITY_PATHS`].
    FrameworkSecurityHead,
}

impl DirTable {
    /// The tables of whole directory names.
    const NAMES: [(DirTable, &'static [&'static str]); 5] = [
        (DirTable::Test, TEST_DIRS),
        (DirTable::Vendored, VENDORED_DIRS),
        (DirTable::Doc, DOC_DIRS),
        (DirTable::Translation, TRANSLATION_DIRS),
        (DirTable::BuildTree, BUILD_TREE_DIRS),
    ];

    /// The tables whose entries are directory paths (`a/b/`), by the first segment of each:
    /// a path can be under an entry only when one of its directories is named so, which one
    /// bit answers before a scan of the path does.
    fn heads() -> [(DirTable, Vec<&'static str>); 3] {
        let directory_entries = FRAMEWORK_SECURITY_PATHS
            .iter()
            .map(|(path, _)| *path)
            .filter(|path| path.ends_with('/'));
        [
            (
                DirTable::VendoredSegmentHead,
                first_segments(VENDORED_SEGMENTS.iter().copied()),
            ),
            (
                DirTable::GeneratedJsHead,
                first_segments(GENERATED_JS_DIRS.iter().copied()),
            ),
            (
                DirTable::FrameworkSecurityHead,
                first_segments(directory_entries),
            ),
        ]
    }

    fn bit(self) -> u16 {
        1 << self as u16
    }
}

fn first_segments(entries: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    entries
        .map(|entry| entry.split('/').next().unwrap_or(entry))
        .collect()
}

/// The directory tables that name at least one of a path's directory segments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DirTables(u16);

impl DirTables {
    /// The tables naming any of the lower-case `segments`: one lookup per segment instead of a
    /// scan of each table per segment per question.
    pub fn of<'s>(segments: impl IntoIterator<Item = &'s str>) -> Self {
        static INDEX: OnceLock<Map<u16>> = OnceLock::new();
        let index = INDEX.get_or_init(|| {
            let mut index = Map::default();
            let names = DirTable::NAMES.map(|(table, names)| (table, names.to_vec()));
            for (table, names) in names.into_iter().chain(DirTable::heads()) {
                for name in names {
                    *index.entry(name).or_insert(0) |= table.bit();
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

/// A table of basename endings (`_test.go`, `.min.js`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuffixTable {
    /// [`TEST_SUFFIXES`] (for lower-case basenames).
    Test,
    /// [`TEST_CAMEL_SUFFIXES`] (for basenames as given: matched case-sensitively).
    CamelTest,
    /// [`GENERATED_SUFFIXES`].
    Generated,
    /// [`BUILD_SUFFIXES`].
    Build,
}

impl SuffixTable {
    const ALL: [(SuffixTable, &'static [&'static str]); 4] = [
        (SuffixTable::Test, TEST_SUFFIXES),
        (SuffixTable::CamelTest, TEST_CAMEL_SUFFIXES),
        (SuffixTable::Generated, GENERATED_SUFFIXES),
        (SuffixTable::Build, BUILD_SUFFIXES),
    ];
}

type Candidates = Vec<(SuffixTable, &'static str)>;

/// The entries of the suffix tables a basename may end with, found once per file: a name ends
/// with an entry holding a `.` only when the text after the name's last `.` is the entry's, so
/// one lookup by that text leaves a few entries to compare instead of a scan of ~80 per file.
/// Entries without a `.` are always candidates.
#[derive(Debug, Clone, Copy)]
pub struct SuffixCandidates {
    by_tail: &'static [(SuffixTable, &'static str)],
    undotted: &'static [(SuffixTable, &'static str)],
}

impl SuffixCandidates {
    /// Candidates for a lower-case `basename`. Every table entry's text after its last `.` is
    /// lower-case (a test pins it), so this also serves the case-sensitive table: a name that
    /// ends with an entry has that text lower-cased at the end of its lower-case form.
    pub fn of(basename: &str) -> Self {
        static INDEX: OnceLock<(Map<Candidates>, Candidates)> = OnceLock::new();
        let (by_tail, undotted) = INDEX.get_or_init(|| {
            let mut by_tail: Map<Candidates> = Map::default();
            let mut undotted = Candidates::new();
            for (table, suffixes) in SuffixTable::ALL {
                for suffix in suffixes {
                    match suffix.rsplit_once('.') {
                        Some((_, tail)) => by_tail.entry(tail).or_default().push((table, suffix)),
                        None => undotted.push((table, suffix)),
                    }
                }
            }
            (by_tail, undotted)
        });
        let tail = basename
            .bytes()
            .rposition(|byte| byte == b'.')
            .and_then(|dot| basename.get(dot + 1..));
        SuffixCandidates {
            by_tail: tail
                .and_then(|tail| by_tail.get(tail))
                .map_or(&[], Vec::as_slice),
            undotted,
        }
    }

    /// The entries of `table` that `name` ends with, in table order for entries with a `.`
    /// (then those without). `name` is the lower-case basename the candidates were found for,
    /// or for [`SuffixTable::CamelTest`] that basename as given.
    pub fn ending<'a>(
        self,
        table: SuffixTable,
        name: &'a str,
    ) -> impl Iterator<Item = &'static str> + 'a {
        self.by_tail
            .iter()
            .chain(self.undotted)
            .filter(move |(of, suffix)| *of == table && crate::text::ends_with(name, suffix))
            .map(|(_, suffix)| *suffix)
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
        let names = DirTable::NAMES.map(|(table, names)| (table, names.to_vec()));
        let all: Vec<_> = names.into_iter().chain(DirTable::heads()).collect();
        for (table, names) in &all {
            for name in names {
                let found = DirTables::of(["src", name, "x"]);
                for (other, other_names) in &all {
                    assert_eq!(found.contains(*other), other_names.contains(name), "{name}");
                }
                assert!(found.contains(*table));
            }
        }
        assert!(DirTables::of(["web", "public"]).contains(DirTable::GeneratedJsHead));
        assert!(DirTables::of(["carthage"]).contains(DirTable::VendoredSegmentHead));
        assert!(DirTables::of(["middleware"]).contains(DirTable::FrameworkSecurityHead));
        assert_eq!(DirTables::of(["src", "lib"]), DirTables::default());
        assert_eq!(DirTables::of([]), DirTables::default());
    }

    #[test]
    fn suffix_candidates_answer_like_a_scan_of_each_table() {
        let mut names: Vec<String> = ["", ".", "x", "a.b", ".map", "x.map", "README", "Makefile"]
            .map(String::from)
            .to_vec();
        for (_, table) in SuffixTable::ALL {
            for suffix in table {
                for name in [
                    suffix.to_string(),
                    format!("x{suffix}"),
                    format!("{suffix}x"),
                ] {
                    names.push(name.to_uppercase());
                    names.push(name.to_lowercase());
                    names.push(name);
                }
            }
        }
        for name in &names {
            let lower = name.to_ascii_lowercase();
            let candidates = SuffixCandidates::of(&lower);
            for (table, entries) in SuffixTable::ALL {
                let given = if table == SuffixTable::CamelTest {
                    name
                } else {
                    &lower
                };
                let scanned: Vec<&str> = entries
                    .iter()
                    .copied()
                    .filter(|suffix| given.ends_with(suffix))
                    .collect();
                assert_eq!(
                    candidates.ending(table, given).collect::<Vec<_>>(),
                    scanned,
                    "{name}"
                );
            }
        }
        for (_, table) in SuffixTable::ALL {
            for suffix in table {
                let tail = suffix.rsplit_once('.').map_or("", |(_, tail)| tail);
                assert_eq!(tail, tail.to_ascii_lowercase(), "{suffix}");
            }
        }
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
