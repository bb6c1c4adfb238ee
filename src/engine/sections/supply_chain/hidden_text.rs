//! Text that reads differently from what it does: invisible characters and look-alike letters
//! in added lines, file names and the PR description, and changes to the files AI coding
//! agents take instructions from.
//!
//! What it detects:
//! - bidi controls (U+202A–202E, U+2066–2069) and Unicode tag characters (U+E0000–E007F) —
//!   high: "Trojan Source" reorders code for the reviewer but not the compiler
//!   (CVE-2021-42574), and tag characters carry instructions an LLM reads and a human cannot
//!   see ("ASCII smuggling");
//! - other zero-width and format characters (U+200B–200F, U+2060–2064, U+FEFF mid-line, …) —
//!   medium, shown as `⟪U+200B⟫`; an emoji's zero-width joiner is part of the emoji, not hidden;
//! - identifiers mixing Latin letters with Cyrillic or Greek ones (`pаypal` with a Cyrillic
//!   `а`) — medium: homoglyphs make two names look equal (CVE-2021-42694; Unicode TS #39
//!   "mixed-script confusables");
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
    for hunk in &patch.hunks {
        let mut line_number = hunk.new_start;
        for (line, added) in hunk.new_view() {
            if added {
                let characters = hidden_characters(line, line_number == 1);
                if !characters.is_empty() && hidden < MAX_FINDINGS {
                    hidden += 1;
                    found.push(finding(
                        FindingKind::HiddenUnicode,
                        path,
                        format!(
                            "line {line_number} contains hidden characters {}",
                            shown(&characters)
                        ),
                        severity_of(&characters),
                    ));
                    on_line(&mut found, line_number);
                }
                let prose = matches!(facts.class, FileClass::Docs) || line.is_ascii();
                let mixed_word = (!prose)
                    .then(|| identifiers(line).find(|word| mixes_scripts(word)))
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
    found
}

/// Hidden characters in the PR's title and description (what a reviewer and an agent read).
pub fn pr_text_findings(bundle: &Bundle) -> Vec<Finding> {
    let text = format!("{}\n{}", bundle.pull.title, bundle.pull.body);
    let characters: Vec<char> = text
        .lines()
        .flat_map(|line| hidden_characters(line, false))
        .collect();
    if characters.is_empty() {
        return Vec::new();
    }
    vec![finding(
        FindingKind::HiddenUnicode,
        PR_TEXT,
        format!("contains hidden characters {}", shown(&characters)),
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
mod tests {
    use super::super::testing::{added_after, changed, kinds};
    use super::*;
    use crate::engine::files::classify_file;

    fn scan(path: &str, status: &str, added: &str) -> Vec<(FindingKind, Severity)> {
        let file = changed(path, status, &added_after(" context", added));
        kinds(findings(
            &FileView::new(&file, &classify_file(&file)),
            &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
        ))
    }

    #[test]
    fn bidi_and_tag_characters_in_added_lines_are_high() {
        assert_eq!(
            scan(
                "src/auth.js",
                "modified",
                "if (role != \"admin\u{202E} \u{2066}// check\u{2069} \u{2066}\") {"
            ),
            [(FindingKind::HiddenUnicode, Severity::High)]
        );
        assert_eq!(
            scan(
                "README.md",
                "modified",
                "Thanks!\u{E0049}\u{E0067}\u{E006E}"
            ),
            [(FindingKind::HiddenUnicode, Severity::High)]
        );
    }

    #[test]
    fn zero_width_characters_are_medium_and_emoji_joiners_are_not_hidden() {
        assert_eq!(
            scan("src/a.py", "modified", "is_admin\u{200B} = True"),
            [(FindingKind::HiddenUnicode, Severity::Medium)]
        );
        assert!(scan("docs/team.md", "modified", "Family: 👩\u{200D}👧 ❤\u{FE0F}").is_empty());
    }

    #[test]
    fn homoglyph_identifiers_in_code_are_found_and_prose_in_other_scripts_is_not() {
        assert_eq!(
            scan("src/pay.py", "modified", "def p\u{0430}ypal_verify(token):"),
            [(FindingKind::MixedScriptIdentifier, Severity::Medium)]
        );
        assert!(scan("src/i18n.py", "modified", "GREETING = \"Привет, world\"").is_empty());
        assert!(scan("docs/ru/index.md", "modified", "API-ключ").is_empty());
    }

    #[test]
    fn hidden_characters_in_file_names_are_found() {
        assert_eq!(
            scan("assets/invoice\u{202E}fdp.exe", "added", "x"),
            [(FindingKind::HiddenUnicode, Severity::High)]
        );
    }

    #[test]
    fn agent_instruction_files_are_noted_whatever_the_change() {
        for path in [
            "AGENTS.md",
            "CLAUDE.md",
            ".cursorrules",
            ".github/copilot-instructions.md",
            ".cursor/rules/style.mdc",
        ] {
            assert_eq!(
                scan(path, "modified", "Be concise."),
                [(FindingKind::AgentInstructions, Severity::Medium)],
                "{path}"
            );
        }
        assert!(scan("docs/agents-overview.md", "modified", "Be concise.").is_empty());
    }
}
