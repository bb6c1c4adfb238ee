//! Type-annotation-only edits: a line that differs from its old form only in its type
//! annotations (`def f(x: Optional[int]) -> Optional[str]:` → `def f(x: int | None) -> str |
//! None:`, `def f(x):` → `def f(x: int) -> None:`), and the imports annotations need.
//!
//! **Why.** A sweep that adds or modernises annotations changes no behaviour at run time
//! (Python: PEP 484 "no type checking happens at runtime"; PEP 563/649 defer their evaluation),
//! yet it touches hundreds of lines in dozens of files (issue #37: an `Optional[X] → X | None`
//! sweep was read as API and auth changes). Such lines weigh like comments.
//!
//! **How.** Python only: both lines are stripped of their annotations — a `-> T` return
//! annotation before a `def`'s final `:`, and `: T` after a parameter or a variable name, up to
//! the next top-level `,`, `=` or `)` — and compared without whitespace. Only `def` lines,
//! bare parameter lines (`name: T = default,`) and annotated assignments (`name: T = value`)
//! are read; anything else is code.

/// True when the removed lines `old` and the added lines `new` of one change block (Python)
/// differ only in annotations: line by line, or — a signature re-wrapped as it was annotated
/// — as one joined statement.
pub fn python_block_annotation_only(old: &[&str], new: &[&str]) -> bool {
    if old.is_empty() || new.is_empty() {
        return false;
    }
    if old.len() == new.len()
        && old
            .iter()
            .zip(new)
            .all(|(a, b)| python_annotation_only(a, b))
    {
        return true;
    }
    let join = |lines: &[&str]| {
        lines
            .iter()
            .map(|line| without_comment(line).trim())
            .collect::<Vec<_>>()
            .join(" ")
    };
    python_annotation_only(&join(old), &join(new))
}

/// True when `old` and `new` (one changed line each, Python) differ only in annotations.
pub fn python_annotation_only(old: &str, new: &str) -> bool {
    let (Some(old), Some(new)) = (strip(old), strip(new)) else {
        return false;
    };
    old == new
}

/// A line that only serves annotations: `from typing import …`, `import typing`, `from
/// __future__ import annotations`, `if TYPE_CHECKING:`.
pub fn python_annotation_support(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with("from typing import ")
        || trimmed.starts_with("from typing_extensions import ")
        || trimmed == "import typing"
        || trimmed == "from __future__ import annotations"
        || trimmed == "if TYPE_CHECKING:"
        || trimmed == "if typing.TYPE_CHECKING:"
        || trimmed == "if t.TYPE_CHECKING:"
}

/// The line without annotations and whitespace, or `None` when it is not a line this reads.
fn strip(line: &str) -> Option<String> {
    let trimmed = without_comment(line).trim();
    let is_def = trimmed.starts_with("def ") || trimmed.starts_with("async def ");
    // The closing line of a multi-line signature: `) -> None:` / `):`.
    let closes_def = trimmed.starts_with(')') && trimmed.ends_with(':');
    if closes_def {
        return Some(
            without_return(trimmed)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect(),
        );
    }
    if trimmed.is_empty() {
        return None;
    }
    let mut text: String = if is_def {
        without_return(trimmed)
    } else {
        trimmed.to_string()
    };
    if !is_def && !is_parameter_or_assignment(&text) {
        return None;
    }
    text = without_colon_annotations(&text, is_def);
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // A trailing comma before the closing parenthesis comes with re-wrapping.
    Some(squeezed.replace(",)", ")"))
}

/// The line without a trailing `#` comment (outside strings): `# type: ignore` and friends.
fn without_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') => return &line[..at],
            _ => {}
        }
    }
    line
}

/// `name`, `name: T`, `name = v`, `name: T = v`, each with an optional trailing `,` (a bare
/// parameter line) — a first identifier, then nothing or `:`/`=`.
fn is_parameter_or_assignment(text: &str) -> bool {
    let name_end = text
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || matches!(c, '_' | '*' | '.')))
        .map_or(text.len(), |(at, _)| at);
    if name_end == 0 {
        return false;
    }
    let rest = text[name_end..].trim_start();
    rest.is_empty()
        || rest == ","
        || rest.starts_with(':') && !rest.starts_with(":=")
        || (rest.starts_with('=') && !rest.starts_with("=="))
}

/// Drops `-> T` before the final top-level `:` of a `def` line.
fn without_return(line: &str) -> String {
    match top_level(line, "->") {
        Some(arrow) => {
            let tail_colon = line.rfind(':').filter(|colon| *colon > arrow);
            match tail_colon {
                Some(colon) => format!("{}{}", &line[..arrow], &line[colon..]),
                None => line[..arrow].to_string(),
            }
        }
        None => line.to_string(),
    }
}

/// Drops `: T` annotations: inside the first `(…)` of a `def` line, or at the top level of a
/// parameter or assignment line. A `def`'s closing `:` stays.
fn without_colon_annotations(line: &str, is_def: bool) -> String {
    let mut out = String::with_capacity(line.len());
    let mut depth = 0i32;
    let mut skipping = false;
    let annotation_depth = if is_def { 1 } else { 0 };
    let chars: Vec<char> = line.chars().collect();
    for (index, c) in chars.iter().enumerate() {
        let c = *c;
        if skipping {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth > annotation_depth => depth -= 1,
                ',' | '=' | ')' if depth == annotation_depth => {
                    skipping = false;
                    if c == ')' {
                        depth -= 1;
                    }
                    out.push(c);
                }
                _ => {}
            }
            continue;
        }
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ':' if depth == annotation_depth && chars.get(index + 1) != Some(&'=') => {
                // A def's own closing colon is the last character (or before a comment).
                let last = chars[index + 1..].iter().all(|c| c.is_whitespace());
                if !(is_def && last) {
                    skipping = true;
                    continue;
                }
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Byte index of `needle` outside brackets and strings.
fn top_level(line: &str, needle: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth -= 1,
            (None, _) if depth <= 0 && line[at..].starts_with(needle) => return Some(at),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modernised_and_added_annotations_are_annotation_only() {
        assert!(python_annotation_only(
            "def get(self, key: Optional[str] = None) -> Optional[int]:",
            "def get(self, key: str | None = None) -> int | None:"
        ));
        assert!(python_annotation_only(
            "    def run(self, app, debug=False):",
            "    def run(self, app: Flask, debug: bool = False) -> None:"
        ));
        assert!(python_annotation_only(
            "    name: Optional[str] = None,",
            "    name: str | None = None,"
        ));
        assert!(python_annotation_only(
            "    timeout,",
            "    timeout: float,"
        ));
        assert!(python_annotation_only(
            "x: List[int] = []",
            "x: list[int] = []"
        ));
        assert!(python_annotation_only(
            "        self.name = name",
            "        self.name: str = name"
        ));
        assert!(python_annotation_only("    ):", "    ) -> None:"));
        assert!(python_annotation_only(
            "    def max_content_length(self):",
            "    def max_content_length(self) -> t.Optional[int]:  # type: ignore"
        ));
        assert!(python_block_annotation_only(
            &["def stream_with_context(generator_or_function):"],
            &[
                "def stream_with_context(",
                "    generator_or_function: t.Union[t.Generator, t.Callable]",
                ") -> t.Iterator:",
            ]
        ));
        assert!(python_annotation_support("from typing import Optional"));
        assert!(python_annotation_support("    if TYPE_CHECKING:"));
    }

    #[test]
    fn changed_defaults_names_or_bodies_are_not() {
        assert!(!python_annotation_only(
            "def get(self, key=None):",
            "def get(self, key=1):"
        ));
        assert!(!python_annotation_only(
            "def get(self, key):",
            "def get(self, name):"
        ));
        assert!(!python_annotation_only("x: int = 1", "x: int = 2"));
        assert!(!python_annotation_only("return a[1:2]", "return a[1:3]"));
        assert!(!python_annotation_only("if ready:", "if done:"));
        assert!(!python_annotation_only("    ):", "    ), x:"));
        assert!(!python_annotation_only("value = f(a)", "value = f(b)"));
    }
}
