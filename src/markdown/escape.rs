//! Escaping hostile PR text so that nothing in it renders as Markdown or HTML.

use crate::links;

/// Escapes untrusted text for Markdown: HTML-significant characters become entities,
/// Markdown punctuation is backslash-escaped, line breaks become spaces, `@` cannot mention
/// and `://` cannot autolink.
pub fn escape(text: &str) -> String {
    // Invisible characters from the PR are shown first: the joiners added below
    // are ours and must stay invisible.
    let text = crate::text::show_invisibles(text);
    // A zero-width word joiner inside `://` and `www.` stops GitHub's autolinking.
    let text = text
        .replace("://", ":\u{2060}//")
        .replace("www.", "www\u{2060}.")
        .replace("WWW.", "WWW\u{2060}.");
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\\' | '`' | '*' | '_' | '{' | '}' | '[' | ']' | '(' | ')' | '#' | '+' | '-' | '.'
            | '!' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            // A zero-width word joiner after `@` stops GitHub's @mention.
            '@' => out.push_str("@\u{2060}"),
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Text inside a code span: backticks and line breaks removed (a code span cannot escape them).
pub(super) fn escape_code(text: &str) -> String {
    crate::text::show_invisibles(text)
        .chars()
        .filter(|c| *c != '`' && !c.is_control())
        .collect()
}

/// The PR link, built only from validated parts (`crate::links`, the panel's rules); anything
/// else yields the GitHub home page.
pub(super) fn canonical_url(owner: &str, repo: &str, number: u64) -> String {
    match links::repo_url(owner, repo) {
        Some(base) if number > 0 => links::safe_or_home(&format!("{base}/pull/{number}")),
        _ => links::safe_or_home(""),
    }
}
