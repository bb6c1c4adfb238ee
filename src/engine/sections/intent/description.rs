//! Reads the structure of a Markdown PR description: sections under headings, paragraphs,
//! task items and bullets, with HTML comments and inline markup removed.

/// GitHub's closing keywords (docs: "Linking a pull request to an issue").
pub(super) const CLOSING_KEYWORDS: [&str; 9] = [
    "close", "closes", "closed", "fix", "fixes", "fixed", "resolve", "resolves", "resolved",
];

/// One block of the description: the heading above it (lower-cased, without `#`/`**`/`:`)
/// and its lines.
pub(crate) struct Section {
    pub(crate) heading: Option<String>,
    pub(crate) lines: Vec<String>,
}

/// Removes `<!-- … -->` (PR templates are full of them); an unclosed comment runs to the end.
pub fn strip_html_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        match rest[start..].find("-->") {
            Some(end) => rest = &rest[start + end + 3..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// A heading line: `## Summary`, `**Summary**`, `Summary:` (short, alone on its line).
pub(crate) fn heading_of(line: &str) -> Option<String> {
    let trimmed = line.trim();
    let text = if let Some(rest) = trimmed.strip_prefix('#') {
        rest.trim_start_matches('#').trim()
    } else if trimmed.len() > 4
        && ((trimmed.starts_with("**") && trimmed.ends_with("**"))
            || (trimmed.starts_with("__") && trimmed.ends_with("__")))
    {
        &trimmed[2..trimmed.len() - 2]
    } else if trimmed.ends_with(':')
        && trimmed.chars().count() <= 40
        && trimmed.split_whitespace().count() <= 4
        && !trimmed.starts_with(['-', '*', '+', '>'])
    {
        trimmed
    } else {
        return None;
    };
    let text = text
        .trim()
        .trim_end_matches(':')
        .trim_matches(['*', '_', ' '])
        .trim_end_matches('?')
        .trim();
    let normalized: String = text
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    (!normalized.is_empty()).then_some(normalized)
}

pub(crate) fn split_sections(body: &str) -> Vec<Section> {
    let mut sections = vec![Section {
        heading: None,
        lines: Vec::new(),
    }];
    let mut in_code_block = false;
    for line in body.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_code_block = !in_code_block;
            continue;
        }
        if in_code_block {
            continue;
        }
        match heading_of(line) {
            Some(heading) => sections.push(Section {
                heading: Some(heading),
                lines: Vec::new(),
            }),
            None => {
                if let Some(current) = sections.last_mut() {
                    current.lines.push(line.to_string());
                }
            }
        }
    }
    sections
}

pub(crate) fn heading_matches(heading: &str, names: &[&str]) -> bool {
    names
        .iter()
        .any(|name| heading == *name || heading.starts_with(&format!("{name} ")))
}

/// The first paragraph that says something: not a task item, image, badge, bare link, quote,
/// table or closing-keyword line.
pub(super) fn first_paragraph<'a>(lines: impl Iterator<Item = &'a String>) -> Option<String> {
    let mut paragraph: Vec<String> = Vec::new();
    let accept = |paragraph: &[String]| {
        let text = paragraph.join(" ").trim().to_string();
        (text.chars().filter(|c| c.is_alphanumeric()).count() >= 3 && !is_reference_only(&text))
            .then_some(text)
    };
    for line in lines {
        let trimmed = line.trim();
        if trimmed.is_empty() || !is_meaningful(trimmed) {
            if let Some(text) = accept(&paragraph) {
                return Some(text);
            }
            paragraph.clear();
            continue;
        }
        let text = trimmed.trim_start_matches(['-', '*', '+']).trim();
        paragraph.push(plain_text(text));
    }
    accept(&paragraph)
}

/// "Full context: #382", "See #284 for more context.": a pointer elsewhere, not a goal.
fn is_reference_only(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let references = words
        .iter()
        .filter(|word| word.contains('#') || word.contains("://"))
        .count();
    references > 0 && words.len() <= 6
}

fn is_meaningful(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let is_task = task_item(line).is_some();
    let is_image = line.starts_with("![") || lower.starts_with("<img");
    let is_badge = line.starts_with("[![");
    let is_link_only =
        (line.starts_with("http://") || line.starts_with("https://")) && !line.contains(' ');
    let is_markup = line.starts_with('>') || line.starts_with('|') || line.starts_with('<');
    let is_rule = line
        .chars()
        .all(|c| matches!(c, '-' | '*' | '_' | '=' | ' '));
    let is_closing = CLOSING_KEYWORDS
        .iter()
        .any(|keyword| lower.starts_with(&format!("{keyword} #")))
        && line.split_whitespace().count() <= 3;
    !(is_task || is_image || is_badge || is_link_only || is_markup || is_rule || is_closing)
}

/// Removes inline Markdown emphasis and code marks, and link targets (`[text](url)` → text).
pub(crate) fn plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' | '`' => {}
            '_' if out.ends_with(' ') || out.is_empty() || chars.peek() == Some(&' ') => {}
            ']' if chars.peek() == Some(&'(') => {
                // Skip the link target.
                for next in chars.by_ref() {
                    if next == ')' {
                        break;
                    }
                }
            }
            '[' => {}
            other => out.push(other),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `- [x] text` → `(true, text)`; `* [ ] text` → `(false, text)`.
pub(crate) fn task_item(line: &str) -> Option<(bool, String)> {
    let trimmed = line.trim_start();
    let rest = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
        .or_else(|| trimmed.strip_prefix("+ "))?
        .trim_start();
    let (met, text) = if let Some(text) = rest.strip_prefix("[ ]") {
        (false, text)
    } else if let Some(text) = rest
        .strip_prefix("[x]")
        .or_else(|| rest.strip_prefix("[X]"))
    {
        (true, text)
    } else {
        return None;
    };
    let text = plain_text(text.trim());
    (!text.is_empty()).then_some((met, text))
}

/// A list item as written (Markdown kept): `- [x] text` → `(Some(true), "text")`,
/// `* [ ] text` → `(Some(false), …)`, `- text` or `1. text` → `(None, "text")`.
pub(crate) fn list_item(line: &str) -> Option<(Option<bool>, &str)> {
    let trimmed = line.trim_start();
    let rest = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
        .or_else(|| trimmed.strip_prefix("+ "))
        .or_else(|| {
            let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
            (digits > 0)
                .then(|| {
                    trimmed[digits..]
                        .strip_prefix(". ")
                        .or_else(|| trimmed[digits..].strip_prefix(") "))
                })
                .flatten()
        })?
        .trim_start();
    let item = if let Some(text) = rest.strip_prefix("[ ]") {
        (Some(false), text)
    } else if let Some(text) = rest
        .strip_prefix("[x]")
        .or_else(|| rest.strip_prefix("[X]"))
    {
        (Some(true), text)
    } else {
        (None, rest)
    };
    let text = item.1.trim();
    (!text.is_empty()).then_some((item.0, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_comments_are_removed_even_when_unclosed() {
        assert_eq!(strip_html_comments("a<!-- x -->b<!-- y"), "ab");
    }

    #[test]
    fn task_items_read_checked_and_unchecked() {
        assert_eq!(task_item("- [x] Docs"), Some((true, "Docs".into())));
        assert_eq!(task_item("  * [ ] Tests"), Some((false, "Tests".into())));
        assert_eq!(task_item("- [link](x)"), None);
    }

    #[test]
    fn list_items_keep_their_markdown() {
        assert_eq!(
            list_item("- [x] Adds `a_b`"),
            Some((Some(true), "Adds `a_b`"))
        );
        assert_eq!(list_item("  2) Drops `c`"), Some((None, "Drops `c`")));
        assert_eq!(list_item("* [ ]"), None);
        assert_eq!(list_item("-not a list"), None);
    }
}
