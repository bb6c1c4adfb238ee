//! English claim phrases: which statements say "adds X", "removes X", "renames X to Y",
//! "deprecates X", "adds tests", "updates the docs", "docs only", "no behaviour change",
//! "formatting only", "fixes #N" — read from word lists, never guessed.
//!
//! A statement in another language matches none of these and keeps only what it names
//! (identifiers, files, issues), which the diff still checks; [`is_english`] tells the Intent
//! section to say so. A negation just before the verb ("does not add") drops the verb.

use super::description::CLOSING_KEYWORDS;
use super::tokens::{listed, Subject, SubjectKind, Token, MAX_SUBJECTS};
use crate::signal::ClaimKind;

/// How much a statement is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Prose: a claim only where the diff can check something.
    Prose,
    /// An item of the author's own list of criteria, or of a linked issue's: always a claim,
    /// "cannot be checked" when it names nothing the diff can show.
    Listed,
    /// A ticked box of a template checklist: only the tests, docs, docs-only, behaviour and
    /// formatting phrases are read (its other words are the template's, not the author's).
    TemplateBox,
}

/// One claim read from a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Reading {
    pub(super) kind: ClaimKind,
    /// What the claim is about (for a rename: old, then new).
    pub(super) primary: Vec<Subject>,
    /// Where it happens ("… to `TrainingArguments`"): must be in the diff, anywhere.
    pub(super) containers: Vec<Subject>,
}

const ADD: &str =
    "add adds added adding introduce introduces introduced introducing implement implements \
     implemented implementing create creates created new expose exposes exposed";
const REMOVE: &str =
    "remove removes removed removing delete deletes deleted deleting drop drops dropped \
     dropping";
const RENAME: &str = "rename renames renamed renaming";
const DEPRECATE: &str = "deprecate deprecates deprecated deprecating deprecation";
/// Words after which the names are where something happens, not what.
const PREPOSITIONS: &str = "to into in on for from under inside within as across";
/// "adds support for `x`": the preposition after these words does not end what is added.
const OBJECT_NOUNS: &str = "support supports handling";
const BE: &str = "is are was were been be gets got";
const NEGATORS: &str = "not no never without cannot none neither nor";
/// Words before a verb that make it a wish or a possibility, not a claim of what the PR does.
const MODALS: &str = "should could would might may must shall can will want plan";
/// How many words before a verb a negator or modal still governs it ("should not be
/// deprecated", "would like to add").
const VERB_WINDOW: usize = 3;

const TEST_NOUNS: &str = "test tests unittest unittests testcase testcases spec specs";
/// With a test noun: the statement is about test data, not test code.
const TEST_DATA: &str =
    "data fixture fixtures corpus corpora sample samples vectors inputs assets file files";
const DOC_NOUNS: &str =
    "doc docs documentation readme changelog docstring docstrings guide manual notes";
/// Words that say the work is done (not only needed).
const DONE: &str =
    "add adds added adding include includes included including write writes wrote written \
     update updates updated updating extend extends extended cover covers covered create \
     creates created modify modifies modified made make improve improves improved expand \
     expanded rewrite rewrote fix fixes fixed";
const DOCUMENT_VERBS: &str = "document documents documented";
/// Past forms: the work is done even if the statement also says what was needed ("I wrote the
/// tests this change needs").
const DONE_PAST: &str =
    "added included wrote written updated extended covered created modified made improved \
     expanded rewrote fixed documented rewritten";
/// Words that say it still has to happen.
const NOT_DONE: &str = "requires require required needs need needed will todo later planned";
/// What happens when the code runs: the diff cannot show it.
const RUNTIME: &str =
    "pass passes passed passing run runs ran green locally manually faster slower \
     performance memory latency speed speedup throughput crash crashes works working \
     benchmark benchmarks verified tested reproduce reproduced compiles builds";
const BEHAVIOUR: &str =
    "behaviour behavior behaviours behaviors behavioural behavioral functional \
     functionality logic semantics semantic";
const UNCHANGED: &str = "unchanged same preserved identical intact";
const FORMATTING: &str =
    "formatting format formatted reformat reformats reformatted reformatting whitespace \
     indentation cosmetic rustfmt prettier";
const ONLY: &str = "only just purely pure solely";
/// Words English prose has and other languages' prose, written in the Latin alphabet, lacks.
/// [inferred] Function words of English that are not words of the common European languages
/// ("will", "also", "was", "by", "in", "is", "a" are left out for that reason).
const ENGLISH: &str =
    "the and of this that with for are were it its when which should can now from not has \
     have been into our your you these there does doesn't adds";

/// Every lower-case word part with the index of its token.
fn words(tokens: &[Token]) -> Vec<(&str, usize)> {
    tokens
        .iter()
        .enumerate()
        .flat_map(|(index, token)| token.words.iter().map(move |word| (word.as_str(), index)))
        .collect()
}

fn any(words: &[(&str, usize)], set: &str) -> bool {
    words.iter().any(|(word, _)| listed(set, word))
}

fn negator(word: &str) -> bool {
    listed(NEGATORS, word) || word.ends_with("n't")
}

/// A negator among the `window` words before position `at`.
fn negated_before(words: &[(&str, usize)], at: usize, window: usize) -> bool {
    words[at.saturating_sub(window)..at]
        .iter()
        .any(|(word, _)| negator(word))
}

/// A negator or a modal among the [`VERB_WINDOW`] words before position `at`.
fn hedged_before(words: &[(&str, usize)], at: usize) -> bool {
    words[at.saturating_sub(VERB_WINDOW)..at]
        .iter()
        .any(|(word, _)| negator(word) || listed(MODALS, word))
}

/// Whether a word of `set` occurs without a negator just before it.
fn affirmed(words: &[(&str, usize)], set: &str) -> bool {
    words
        .iter()
        .enumerate()
        .any(|(at, (word, _))| listed(set, word) && !negated_before(words, at, 2))
}

/// The issues the statement closes: a closing keyword followed by `#N`.
pub(super) fn closed_issues(tokens: &[Token]) -> Vec<Subject> {
    let mut issues = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let closing = token
            .words
            .last()
            .is_some_and(|word| CLOSING_KEYWORDS.contains(&word.as_str()));
        if !closing {
            continue;
        }
        if let Some(next) = tokens.get(index + 1) {
            for subject in &next.subjects {
                if subject.kind == SubjectKind::Issue && !issues.contains(subject) {
                    issues.push(subject.clone());
                }
            }
        }
    }
    issues
}

/// `Some(true)` for English prose, `Some(false)` for prose in another language, `None` when
/// the statement is too short to tell.
pub(super) fn is_english(tokens: &[Token]) -> Option<bool> {
    let words = words(tokens);
    // Prose is words of letters: markup, code, emoji and numbers say nothing about a language.
    let prose: Vec<&str> = words
        .iter()
        .map(|(word, _)| *word)
        .filter(|word| {
            word.chars().count() > 1 && word.chars().all(|c| c.is_alphabetic() || c == '\'')
        })
        .collect();
    let foreign_letters: usize = prose
        .iter()
        .flat_map(|word| word.chars())
        .filter(|c| !c.is_ascii())
        .count();
    let prose_words = prose.len();
    if prose_words < 3 && foreign_letters < 6 {
        return None;
    }
    Some(
        any(&words, ENGLISH)
            || any(&words, ADD)
            || any(&words, REMOVE)
            || any(&words, RENAME)
            || any(&words, DONE),
    )
}

/// The claims a statement makes, in the order checked; empty when it makes none.
pub(super) fn classify(tokens: &[Token], mode: Mode) -> Vec<Reading> {
    let words = words(tokens);
    let subjects: Vec<(usize, Subject)> = tokens
        .iter()
        .enumerate()
        .flat_map(|(index, token)| token.subjects.iter().map(move |s| (index, s.clone())))
        .filter(|(_, subject)| subject.kind != SubjectKind::Issue)
        .collect();
    let all: Vec<Subject> = distinct(subjects.iter().map(|(_, subject)| subject.clone()));
    let mut readings = Vec::new();
    let plain = |kind| Reading {
        kind,
        primary: Vec::new(),
        containers: Vec::new(),
    };
    if no_behaviour_change(&words) {
        readings.push(plain(ClaimKind::NoBehaviourChange));
    }
    if any(&words, FORMATTING) && any(&words, ONLY) {
        readings.push(plain(ClaimKind::FormattingOnly));
    }
    let docs = any(&words, DOC_NOUNS) || any(&words, DOCUMENT_VERBS);
    let not_done = any(&words, NOT_DONE) && !affirmed(&words, DONE_PAST);
    let files: Vec<Subject> = all
        .iter()
        .filter(|subject| subject.kind == SubjectKind::File)
        .cloned()
        .collect();
    let mut consumed = false;
    if docs && !not_done && (any(&words, ONLY) || any(&words, "typo typos")) {
        readings.push(plain(ClaimKind::DocsOnly));
    } else if docs
        && !not_done
        && (affirmed(&words, DONE) || affirmed(&words, DOCUMENT_VERBS) || mode != Mode::Prose)
    {
        readings.push(Reading {
            kind: ClaimKind::DocsUpdated,
            primary: files.clone(),
            containers: Vec::new(),
        });
        consumed = true;
    }
    if tests_added(&words, mode != Mode::Prose) && !not_done {
        let kind = if any(&words, TEST_DATA) {
            ClaimKind::TestDataAdded
        } else {
            ClaimKind::TestsAdded
        };
        readings.push(Reading {
            kind,
            primary: all.clone(),
            containers: Vec::new(),
        });
        consumed = true;
    }
    if mode == Mode::TemplateBox {
        if readings.is_empty() {
            readings.push(plain(unprovable(&words)));
        }
        return readings;
    }
    if !consumed && !all.is_empty() {
        readings.push(verb_claim(tokens, &words, &subjects).unwrap_or(Reading {
            kind: ClaimKind::Names,
            primary: all,
            containers: Vec::new(),
        }));
    }
    if readings.is_empty() && mode == Mode::Listed {
        readings.push(plain(unprovable(&words)));
    }
    readings
}

fn unprovable(words: &[(&str, usize)]) -> ClaimKind {
    if any(words, RUNTIME) {
        ClaimKind::Runtime
    } else {
        ClaimKind::AuthorsWord
    }
}

/// The distinct subjects, in order, at most [`MAX_SUBJECTS`].
fn distinct(subjects: impl Iterator<Item = Subject>) -> Vec<Subject> {
    let mut out: Vec<Subject> = Vec::new();
    for subject in subjects {
        if !out.contains(&subject) && out.len() < MAX_SUBJECTS {
            out.push(subject);
        }
    }
    out
}

/// "no behaviour change", "does not change the behavior", "behaviour is unchanged",
/// "non-functional", "pure refactor", "[NFC]".
fn no_behaviour_change(words: &[(&str, usize)]) -> bool {
    let near_behaviour = words.iter().enumerate().any(|(at, (word, _))| {
        listed(BEHAVIOUR, word)
            && (words[at.saturating_sub(3)..at]
                .iter()
                .any(|(before, _)| negator(before) || *before == "non")
                || words[at + 1..(at + 4).min(words.len())]
                    .iter()
                    .any(|(after, _)| listed(UNCHANGED, after)))
    });
    let refactor =
        any(words, "refactor refactoring refactors") && any(words, "only pure purely just");
    near_behaviour || refactor || any(words, "nfc nfci")
}

fn tests_added(words: &[(&str, usize)], listed_item: bool) -> bool {
    let Some(noun) = words.iter().position(|(word, _)| listed(TEST_NOUNS, word)) else {
        return false;
    };
    if negated_before(words, noun, 2) {
        return false;
    }
    // "fixed failing tests" may be fixed in the code, not in a test file.
    let strong = words.iter().enumerate().any(|(at, (word, _))| {
        listed(DONE, word)
            && !matches!(*word, "fix" | "fixes" | "fixed")
            && !hedged_before(words, at)
    });
    let new = words.iter().any(|(word, _)| *word == "new");
    // In a list of criteria or a ticked box the item itself says it is done ("Tests for every
    // resource"); "tests pass" is still about running them.
    strong || ((new || listed_item) && !any(words, RUNTIME))
}

/// "adds/removes/deprecates X (to Y)", "renames X to Y", "X → Y".
fn verb_claim(
    tokens: &[Token],
    words: &[(&str, usize)],
    subjects: &[(usize, Subject)],
) -> Option<Reading> {
    if let Some(arrow) = tokens.iter().position(|token| token.arrow) {
        let old = subjects.iter().rev().find(|(index, _)| *index < arrow);
        let new = subjects.iter().find(|(index, _)| *index > arrow);
        if let (Some((_, old)), Some((_, new))) = (old, new) {
            return Some(rename(old, new));
        }
    }
    let (at, (verb, verb_token)) = words.iter().enumerate().find(|(at, (word, _))| {
        (listed(ADD, word)
            || listed(REMOVE, word)
            || listed(RENAME, word)
            || listed(DEPRECATE, word))
            && !hedged_before(words, *at)
    })?;
    let verb_token = *verb_token;
    let boundary = words[at + 1..]
        .iter()
        .enumerate()
        .find(|(offset, (word, _))| {
            // `words[at + offset]` is the word just before this one.
            listed(PREPOSITIONS, word) && !listed(OBJECT_NOUNS, words[at + *offset].0)
        })
        .map_or(usize::MAX, |(_, (_, token))| *token);
    let between: Vec<Subject> = subjects
        .iter()
        .filter(|(index, _)| *index > verb_token && *index < boundary)
        .map(|(_, subject)| subject.clone())
        .collect();
    let after: Vec<Subject> = subjects
        .iter()
        .filter(|(index, _)| *index > boundary)
        .map(|(_, subject)| subject.clone())
        .collect();
    let before: Vec<Subject> = subjects
        .iter()
        .filter(|(index, _)| *index < verb_token)
        .map(|(_, subject)| subject.clone())
        .collect();
    if listed(RENAME, verb) {
        return match (between.first(), after.first()) {
            (Some(old), Some(new)) => Some(rename(old, new)),
            _ => None,
        };
    }
    let kind = if listed(ADD, verb) {
        ClaimKind::Adds
    } else if listed(REMOVE, verb) {
        ClaimKind::Removes
    } else {
        ClaimKind::Deprecates
    };
    let passive = at > 0 && listed(BE, words[at - 1].0);
    // "The `podReaper` removed pods …" narrates what the code did: a claim of change has the
    // PR (or nobody) as its subject, not a named identifier.
    if !passive && !before.is_empty() {
        return None;
    }
    let (primary, containers) = if !between.is_empty() {
        (between, after)
    } else if passive && !before.is_empty() {
        (before, after)
    } else {
        return None;
    };
    let primary = distinct(primary.into_iter());
    let containers = distinct(
        containers
            .into_iter()
            .filter(|subject| !primary.contains(subject)),
    );
    Some(Reading {
        kind,
        primary,
        containers,
    })
}

fn rename(old: &Subject, new: &Subject) -> Reading {
    Reading {
        kind: ClaimKind::Renames,
        primary: vec![old.clone(), new.clone()],
        containers: Vec::new(),
    }
}

#[cfg(test)]
#[path = "phrases_tests.rs"]
mod tests;
