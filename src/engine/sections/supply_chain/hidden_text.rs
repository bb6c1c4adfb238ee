//! Text that reads differently from what it does: invisible characters and look-alike letters
//! in added lines, file names and the PR description, and changes to the files AI coding
//! agents take instructions from.
//!
//! What it detects:
//! - in code (source and test files, build scripts, CI config): any bidi control or invisible
//!   character in an identifier, string or comment — high, a **Trojan Source** finding that
//!   says what the character does ("override: reverses the displayed line"): the reviewer reads
//!   one program and the compiler runs another (CVE-2021-42574);
//! - elsewhere: bidi controls and Unicode tag characters (U+E0000–E007F) — high (tag characters
//!   carry instructions an LLM reads and a human cannot see, "ASCII smuggling"); other
//!   zero-width and format characters (U+200B–200F, U+2060–2064, U+FEFF mid-line, …) — medium,
//!   shown as `⟪U+200B⟫`;
//! - not findings: an emoji's zero-width joiner and variation selector (part of the emoji), and
//!   marks that belong to the script of natural-language text — direction marks and isolates in
//!   Hebrew or Arabic, the zero-width non-joiner in Persian or Hindi, the zero-width space in
//!   Thai ([`super::text_marks`]) — in translations and prose; they are listed, made visible,
//!   as one `script_marks` note per file that no driver weighs. In the PR's description a
//!   zero-width space right after `@` (bots write `@\u{200B}name` so as not to notify) is not
//!   hidden text either;
//! - identifiers mixing Latin letters with Cyrillic or Greek ones (`pаypal` with a Cyrillic
//!   `а`) — medium: homoglyphs make two names look equal (CVE-2021-42694; Unicode TS #39
//!   "mixed-script confusables"); in source files a string literal counts too (`role ==
//!   "аdmin"` compares with a look-alike), in test files it does not: a test's strings are its
//!   data (internationalised host names and paths, encoding round trips), while its
//!   identifiers still are;
//! - any change to agent instruction files (`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`,
//!   `.cursorrules`, `.cursor/rules/*`, `.windsurfrules`, `.clinerules`,
//!   `.github/copilot-instructions.md`, `.github/instructions/*`) — medium: what agents working
//!   in this repository will do next is decided there, and those files are prompt-injection
//!   targets.
//!
//! Sources (read 2026-12-03): Boucher & Anderson, "Trojan Source: Invisible Vulnerabilities"
//! (2021, trojansource.codes); Unicode TS #39 "Unicode Security Mechanisms"; Unicode 15
//! "Tags" block; GitHub Docs "Adding repository custom instructions for GitHub Copilot";
//! agents.md.

use crate::bundle::Bundle;
use crate::engine::diff::Patch;
use crate::engine::files::FileClass;
use crate::signal::{Finding, FindingKind, Severity};
use crate::text::{code_point_mark, is_invisible};

use super::model::{finding, on_line};
use super::text_marks;
use super::view::FileView;

/// The path shown for findings in the PR's title or description.
pub const PR_TEXT: &str = "PR title and description";

/// Findings kept per file and kind.
const MAX_FINDINGS: usize = 10;

/// Base names of agent instruction files (lower-case).
const AGENT_FILES: &[&str] = &[
    "agents.md",
    "claude.md",
    "gemini.md",
    ".cursorrules",
    ".windsurfrules",
    ".clinerules",
    "copilot-instructions.md",
];

/// Folders whose every file is an agent instruction (lower-case, with the trailing slash).
const AGENT_FOLDERS: &[&str] = &[".cursor/rules/", ".github/instructions/", ".clinerules/"];

fn is_bidi_or_tag(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{E0000}'..='\u{E007F}')
}

/// A hidden character that is not part of an emoji (the joiner and variation selectors after
/// a pictograph are, Unicode TS #51), nor a byte-order mark at the start of a file.
fn hidden_characters(text: &str, line_start: bool) -> Vec<char> {
    if text.is_ascii() || !text.chars().any(is_invisible) {
        return Vec::new();
    }
    let visible = crate::text::show_invisibles(text);
    let mut found: Vec<char> = text
        .chars()
        .enumerate()
        .filter(|(at, c)| is_invisible(*c) && !(line_start && *at == 0 && *c == '\u{FEFF}'))
        .map(|(_, c)| c)
        .filter(|c| visible.contains(&code_point_mark(*c)))
        .collect();
    found.dedup();
    found
}

fn shown(characters: &[char]) -> String {
    let mut marks: Vec<String> = characters.iter().map(|c| code_point_mark(*c)).collect();
    marks.dedup();
    marks.truncate(4);
    marks.join(" ")
}

/// `⟪U+202E⟫ (override: reverses the displayed line), ⟪U+2066⟫ ⟪U+2067⟫ (isolate: …)` for the
/// distinct characters (the first four), grouped by what they do.
fn explained(characters: &[char]) -> String {
    let mut distinct: Vec<char> = Vec::new();
    for c in characters {
        if !distinct.contains(c) && distinct.len() < 4 {
            distinct.push(*c);
        }
    }
    let mut groups: Vec<(&'static str, Vec<String>)> = Vec::new();
    for c in distinct {
        let effect = text_marks::effect(c);
        match groups.iter_mut().find(|(known, _)| *known == effect) {
            Some((_, marks)) => marks.push(code_point_mark(c)),
            None => groups.push((effect, vec![code_point_mark(c)])),
        }
    }
    groups
        .iter()
        .map(|(effect, marks)| format!("{} ({effect})", marks.join(" ")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Directories and extensions of translation files (lower-case).
const TRANSLATION_FOLDERS: &[&str] = &[
    "/locale/",
    "/locales/",
    "/i18n/",
    "/l10n/",
    "/translations/",
    "/lang/",
    "/langs/",
];
const TRANSLATION_EXTENSIONS: &[&str] = &[
    ".po",
    ".pot",
    ".xliff",
    ".xlf",
    ".arb",
    ".strings",
    ".stringsdict",
    ".resx",
    ".ftl",
];

/// Natural-language text: a translation file or prose (docs).
fn natural_language(view: &FileView) -> bool {
    let lower = view.lower_path();
    // A folder at the top of the path has no `/` before it.
    matches!(view.facts.class, FileClass::Docs)
        || crate::text::contains_any_ignore_case(lower, TRANSLATION_FOLDERS)
        || TRANSLATION_FOLDERS
            .iter()
            .any(|folder| folder.get(1..).is_some_and(|top| lower.starts_with(top)))
        || TRANSLATION_EXTENSIONS
            .iter()
            .any(|ext| lower.ends_with(ext))
}

/// Code a compiler, interpreter or runner reads.
fn code(view: &FileView) -> bool {
    let facts = view.facts;
    (facts.language.is_some() && matches!(facts.class, FileClass::Source | FileClass::Test))
        || facts.build_script
        || facts.ci_config
}

fn severity_of(characters: &[char]) -> Severity {
    if characters.iter().any(|c| is_bidi_or_tag(*c)) {
        Severity::High
    } else {
        Severity::Medium
    }
}

/// Findings for one changed file: its name, its added lines, and agent instruction files.
pub fn findings(view: &FileView, patch: &Patch) -> Vec<Finding> {
    let (file, facts) = (view.file, view.facts);
    let mut found = Vec::new();
    let path = view.path();
    let in_name = hidden_characters(path, false);
    if !in_name.is_empty() {
        found.push(finding(
            FindingKind::HiddenUnicode,
            path,
            format!(
                "the file name contains hidden characters {}",
                shown(&in_name)
            ),
            severity_of(&in_name),
        ));
    }
    let mixed_name = (!path.is_ascii())
        .then(|| {
            path.split(['/', '.', '-', '_'])
                .find(|word| mixes_scripts(word))
        })
        .flatten();
    if let Some(word) = mixed_name {
        found.push(finding(
            FindingKind::MixedScriptIdentifier,
            path,
            format!("the file name mixes Latin with Cyrillic or Greek letters ({word})"),
            Severity::Medium,
        ));
    }
    if is_agent_instructions(view) && file.status != "removed" {
        found.push(finding(
            FindingKind::AgentInstructions,
            path,
            format!(
                "{} the instructions AI coding agents follow in this repository",
                if file.status == "added" {
                    "adds"
                } else {
                    "changes"
                }
            ),
            Severity::Medium,
        ));
    }
    let mut hidden = 0;
    let mut mixed = 0;
    let natural = natural_language(view);
    let in_code = code(view) && !natural;
    let mut marks: Vec<(u64, Vec<char>)> = Vec::new();
    for hunk in &patch.hunks {
        let mut line_number = hunk.new_start;
        for (line, added) in hunk.new_view() {
            if added {
                let characters = hidden_characters(line, line_number == 1);
                if characters.is_empty() {
                } else if natural && text_marks::script_appropriate(line, &characters) {
                    marks.push((line_number, characters));
                } else if hidden < MAX_FINDINGS {
                    hidden += 1;
                    found.push(hidden_finding(path, line_number, &characters, in_code));
                    on_line(&mut found, line_number);
                }
                let prose = matches!(facts.class, FileClass::Docs) || line.is_ascii();
                // A test's string literals are its data (an IDN host name, a Cyrillic URL).
                let quoted = if facts.class == FileClass::Test {
                    string_spans(line)
                } else {
                    Vec::new()
                };
                let mixed_word = (!prose)
                    .then(|| {
                        identifiers(line).find(|word| {
                            let at = word.as_ptr() as usize - line.as_ptr() as usize;
                            mixes_scripts(word) && !quoted.iter().any(|span| span.contains(&at))
                        })
                    })
                    .flatten();
                if let Some(word) = mixed_word {
                    if mixed < MAX_FINDINGS {
                        mixed += 1;
                        found.push(finding(
                            FindingKind::MixedScriptIdentifier,
                            path,
                            format!(
                                "line {line_number}: {} mixes Latin with Cyrillic or Greek letters",
                                crate::text::clip(word, 40)
                            ),
                            Severity::Medium,
                        ));
                        on_line(&mut found, line_number);
                    }
                }
            }
            line_number = line_number.saturating_add(1);
        }
    }
    if let Some((first, characters)) = marks.first() {
        found.push(finding(
            FindingKind::ScriptMarks,
            path,
            format!(
                "{} line(s) hold direction or joiner marks that belong to the script of the text (line {first}: {}); shown, not weighed",
                marks.len(),
                shown(characters)
            ),
            Severity::Low,
        ));
        on_line(&mut found, *first);
    }
    found
}

/// The finding for one line's hidden characters: Trojan Source in code, by effect elsewhere.
fn hidden_finding(path: &str, line_number: u64, characters: &[char], in_code: bool) -> Finding {
    let reorders = characters.iter().any(|c| text_marks::reorders(*c));
    let detail = if in_code {
        format!(
            "line {line_number}: Trojan Source — {}; the code runs differently from how it reads",
            explained(characters)
        )
    } else {
        format!(
            "line {line_number} contains hidden characters {}",
            explained(characters)
        )
    };
    let severity = if in_code || reorders {
        Severity::High
    } else {
        severity_of(characters)
    };
    finding(FindingKind::HiddenUnicode, path, detail, severity)
}

/// Hidden characters in the PR's title and description (what a reviewer and an agent read),
/// except a zero-width space right after `@` (a mention kept from notifying) and marks that
/// belong to the script of the line.
pub fn pr_text_findings(bundle: &Bundle) -> Vec<Finding> {
    let text = format!("{}\n{}", bundle.pull.title, bundle.pull.body);
    let unmentioned = text.replace("@\u{200B}", "@");
    let characters: Vec<char> = unmentioned
        .lines()
        .flat_map(|line| {
            let found = hidden_characters(line, false);
            if text_marks::script_appropriate(line, &found) {
                Vec::new()
            } else {
                found
            }
        })
        .collect();
    if characters.is_empty() {
        return Vec::new();
    }
    vec![finding(
        FindingKind::HiddenUnicode,
        PR_TEXT,
        format!("contains hidden characters {}", explained(&characters)),
        severity_of(&characters),
    )]
}

fn is_agent_instructions(view: &FileView) -> bool {
    let lower = view.lower_path();
    let name = view.lower_name();
    AGENT_FILES.contains(&name)
        || AGENT_FOLDERS
            .iter()
            .any(|folder| crate::text::starts_with(lower, folder))
}

/// Maximal runs of letters, digits and `_`.
fn identifiers(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
}

/// Byte ranges of the string literals on one line (`"…"`, `'…'`, `` `…` ``, backslash escapes
/// honoured); a literal left open runs to the end of the line.
fn string_spans(line: &str) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut open: Option<(char, usize)> = None;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match open {
            Some((quote, start)) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == quote {
                    spans.push(start..at);
                    open = None;
                }
            }
            None if matches!(c, '"' | '\'' | '`') => open = Some((c, at + c.len_utf8())),
            None => {}
        }
    }
    if let Some((_, start)) = open {
        spans.push(start..line.len());
    }
    spans
}

fn is_latin(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '\u{00C0}'..='\u{024F}')
}

fn is_cyrillic_or_greek(c: char) -> bool {
    matches!(c, '\u{0370}'..='\u{03FF}' | '\u{0400}'..='\u{04FF}' | '\u{0500}'..='\u{052F}')
}

fn mixes_scripts(word: &str) -> bool {
    word.chars().any(is_latin) && word.chars().any(is_cyrillic_or_greek)
}

#[cfg(test)]
#[path = "hidden_text_tests.rs"]
mod tests;
