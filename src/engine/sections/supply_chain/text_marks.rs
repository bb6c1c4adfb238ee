//! What an invisible or bidi character does, and when it is simply part of the writing system.
//!
//! - **Effects** (for the finding's wording): embeddings and overrides (U+202A–202E) and
//!   isolates (U+2066–2069) reorder the displayed line — a reviewer reads one order, a compiler
//!   another (Trojan Source); direction marks (U+200E, U+200F, U+061C) move neighbouring
//!   neutral characters; zero-width characters (U+200B–200D, U+2060, U+FEFF) make two different
//!   names or strings look the same; tag characters (U+E0000–E007F) carry text an LLM reads and
//!   a person cannot see.
//! - **Script-appropriate marks** in natural-language text — translations and prose — are part
//!   of the writing: direction marks and isolates on lines with right-to-left letters (Hebrew,
//!   Arabic, Syriac, Thaana, N'Ko: Unicode's bidi algorithm, UAX #9, and CLDR/Fluent place
//!   them), the zero-width non-joiner and joiner next to letters of scripts that use them
//!   (Persian and Arabic, the Indic scripts, Sinhala, Khmer, Myanmar, Mongolian: Unicode core
//!   spec. §23.2), and the zero-width space next to scripts written without spaces (Thai, Lao,
//!   Khmer, Myanmar, Tibetan, CJK). Overrides (U+202D, U+202E) and tag characters never are.
//!
//! Sources (read 2026-12-06): Boucher & Anderson, "Trojan Source" (2021); Unicode Standard
//! Annex #9 "Unicode Bidirectional Algorithm" §2 (explicit formatting characters); The Unicode
//! Standard 15.0 §23.2 "Layout Controls"; Unicode TS #51 (emoji ZWJ sequences); Project Fluent,
//! "Unicode isolation" (bidi isolates around placeables).

/// What one invisible character does, in a reviewer's words.
pub fn effect(c: char) -> &'static str {
    match c {
        '\u{202A}' | '\u{202B}' => "embedding: reorders the displayed line",
        '\u{202D}' | '\u{202E}' => "override: reverses the displayed line",
        '\u{2066}'..='\u{2068}' => "isolate: reorders the displayed line",
        '\u{202C}' | '\u{2069}' => "ends a reordering",
        '\u{200E}' | '\u{200F}' | '\u{061C}' => "direction mark: moves neighbouring characters",
        '\u{200B}' | '\u{2060}' | '\u{FEFF}' => {
            "zero-width: two names or strings that look the same differ"
        }
        '\u{200C}' | '\u{200D}' => "zero-width joiner: invisible inside a name or string",
        '\u{E0000}'..='\u{E007F}' => {
            "tag character: text an AI agent reads and a person cannot see"
        }
        _ => "invisible: hides what is there",
    }
}

/// Reorders or hides text as a whole: never part of a writing system.
pub fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{E0000}'..='\u{E007F}')
}

fn right_to_left(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFC}'
        | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// Scripts whose spelling uses the zero-width non-joiner and joiner.
fn joining_script(c: char) -> bool {
    matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}'
        | '\u{FB50}'..='\u{FDFF}' | '\u{0900}'..='\u{0DFF}' | '\u{1000}'..='\u{109F}'
        | '\u{1780}'..='\u{18AF}' | '\u{A8E0}'..='\u{A8FF}' | '\u{11000}'..='\u{111FF}')
}

/// Scripts written without spaces, where a zero-width space marks a word break.
fn unspaced_script(c: char) -> bool {
    matches!(c, '\u{0E00}'..='\u{0EFF}' | '\u{0F00}'..='\u{0FFF}' | '\u{1000}'..='\u{109F}'
        | '\u{1780}'..='\u{17FF}' | '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7AF}')
}

/// Whether every invisible character of `line` is a script-appropriate mark there (see the
/// module doc). `hidden` are the line's invisible characters (emoji parts already left out).
pub fn script_appropriate(line: &str, hidden: &[char]) -> bool {
    if hidden.is_empty() {
        return false;
    }
    let characters: Vec<char> = line.chars().collect();
    let rtl_line = characters.iter().any(|c| right_to_left(*c));
    let beside = |at: usize, script: fn(char) -> bool| {
        let before = at.checked_sub(1).and_then(|i| characters.get(i)).copied();
        let after = characters.get(at + 1).copied();
        before.is_some_and(script) || after.is_some_and(script)
    };
    characters.iter().enumerate().all(|(at, c)| {
        if !hidden.contains(c) {
            return true;
        }
        match c {
            '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{2066}'..='\u{2069}' => rtl_line,
            '\u{200C}' | '\u{200D}' => beside(at, joining_script),
            '\u{200B}' => beside(at, unspaced_script),
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_of_the_script_are_appropriate_and_overrides_never_are() {
        assert!(script_appropriate(
            "shalom: \u{05E9}\u{05DC}\u{05D5}\u{05DD}\u{200F}!",
            &['\u{200F}']
        ));
        assert!(script_appropriate(
            "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}",
            &['\u{200C}']
        ));
        assert!(script_appropriate(
            "\u{0E2A}\u{0E27}\u{200B}\u{0E31}\u{0E2A}",
            &['\u{200B}']
        ));
        assert!(!script_appropriate(
            "is_admin\u{200B} = True",
            &['\u{200B}']
        ));
        assert!(!script_appropriate("\u{05E9}\u{202E}abc", &['\u{202E}']));
        assert!(!script_appropriate("Fix \u{200F} typo", &['\u{200F}']));
    }

    #[test]
    fn each_kind_of_character_says_what_it_does() {
        assert!(effect('\u{202E}').contains("reverses the displayed line"));
        assert!(effect('\u{2066}').contains("reorders the displayed line"));
        assert!(effect('\u{200B}').contains("look the same"));
    }
}
