//! Tests of `hidden_text.rs`.

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
fn zero_width_characters_are_high_in_code_medium_in_prose_and_emoji_joiners_are_not_hidden() {
    assert_eq!(
        scan("src/a.py", "modified", "is_admin\u{200B} = True"),
        [(FindingKind::HiddenUnicode, Severity::High)]
    );
    assert_eq!(
        scan("docs/setup.md", "modified", "Run the\u{200B} installer"),
        [(FindingKind::HiddenUnicode, Severity::Medium)]
    );
    assert!(scan("docs/team.md", "modified", "Family: 👩\u{200D}👧 ❤\u{FE0F}").is_empty());
}

#[test]
fn trojan_source_in_code_says_what_the_character_does() {
    let file = changed(
        "src/auth.js",
        "modified",
        &added_after(
            " context",
            "if (role != \"admin\u{202E} \u{2066}// check\u{2069} \u{2066}\") {",
        ),
    );
    let found = findings(
        &FileView::new(&file, &classify_file(&file)),
        &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
    );
    assert!(
        found[0].detail.starts_with(
            "line 2: Trojan Source — ⟪U+202E⟫ (override: reverses the displayed line)"
        ),
        "{}",
        found[0].detail
    );
}

#[test]
fn script_marks_in_translations_are_a_note_not_a_finding() {
    assert_eq!(
        scan(
            "locales/he/common.json",
            "modified",
            "\"save\": \"\u{05E9}\u{05DE}\u{05D5}\u{05E8}\u{200F}\","
        ),
        [(FindingKind::ScriptMarks, Severity::Low)]
    );
    assert_eq!(
        scan(
            "docs/fa/guide.md",
            "modified",
            "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}"
        ),
        [(FindingKind::ScriptMarks, Severity::Low)]
    );
    assert_eq!(
        scan(
            "locales/he/common.json",
            "modified",
            "\"save\": \"\u{05E9}\u{202E}\u{05DE}\","
        ),
        [(FindingKind::HiddenUnicode, Severity::High)],
        "an override is never part of the script"
    );
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
fn look_alike_text_in_a_tests_string_is_data_but_in_its_identifiers_or_in_source_it_is_found() {
    let idn = "    environ[\"HTTP_HOST\"] = \"\u{0105}\u{015B}\u{017A}\u{00E4}\u{00FC}\u{0436}\u{0160}\u{00DF}\u{044F}.com\"";
    assert!(scan("tests/test_reqctx.py", "modified", idn).is_empty());
    // The same string in source code compares against a look-alike.
    assert_eq!(
        scan("src/flask/host.py", "modified", idn),
        [(FindingKind::MixedScriptIdentifier, Severity::Medium)]
    );
    // A test's identifiers are code.
    assert_eq!(
        scan(
            "tests/test_pay.py",
            "modified",
            "def test_p\u{0430}ypal(): assert \"x\""
        ),
        [(FindingKind::MixedScriptIdentifier, Severity::Medium)]
    );
    assert_eq!(
        scan(
            "tests/test_pay.py",
            "modified",
            "x = 'a'; p\u{0430}ypal = \"it\\\"s\""
        ),
        [(FindingKind::MixedScriptIdentifier, Severity::Medium)]
    );
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
