//! What a public definition looks like in each language family: comment syntax, visibility
//! rules and the readers that pull a definition's name and kind out of a line.

use crate::engine::diff::Hunk;

pub(super) fn strip_comment(line: &str, rules: Rules) -> &str {
    let marker = if rules == Rules::Python || rules == Rules::Ruby {
        "#"
    } else {
        "//"
    };
    match line.find(marker) {
        Some(at) => line.get(..at).unwrap_or(line),
        None => line,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Read until brackets balance and the signature terminator.
    Signature,
    /// The first line is the whole declaration (types, constants, fields).
    SingleLine,
}

/// Visibility and syntax rules per language family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rules {
    Python,
    Rust,
    JavaScript,
    Go,
    /// Java, C#, Scala, PHP, Swift, Groovy: explicit `public`/`open`.
    ExplicitPublic,
    Kotlin,
    Ruby,
    CHeader,
}

impl Rules {
    pub(super) fn for_language(language: &str, extension: &str) -> Option<Self> {
        Some(match language {
            "python" => Self::Python,
            "rust" => Self::Rust,
            "javascript" | "typescript" => Self::JavaScript,
            "go" => Self::Go,
            "java" | "csharp" | "scala" | "php" | "swift" | "groovy" => Self::ExplicitPublic,
            "kotlin" => Self::Kotlin,
            "ruby" => Self::Ruby,
            "c" | "cpp" | "objective-c" if matches!(extension, "h" | "hh" | "hpp" | "hxx") => {
                Self::CHeader
            }
            _ => return None,
        })
    }

    pub(super) fn ends_signature(self, line: &str) -> bool {
        match self {
            Self::Python => line.ends_with(':'),
            Self::Ruby => true,
            _ => {
                line.contains('{')
                    || line.ends_with(';')
                    || line.contains("=>")
                    || line.ends_with('=')
            }
        }
    }

    pub(super) fn trim_signature(self, signature: &str) -> String {
        let mut signature = signature.trim();
        for suffix in ["{", ":", ";", "="] {
            if self == Self::Python && suffix != ":" {
                continue;
            }
            signature = signature
                .strip_suffix(suffix)
                .unwrap_or(signature)
                .trim_end();
        }
        if self != Self::Python {
            if let Some(brace) = signature.find(" {") {
                signature = signature.get(..brace).unwrap_or(signature);
            }
        }
        signature.to_string()
    }

    /// The public definition starting on `view[index]`, if any.
    /// `scope`: where a Python line sits (ignored for other languages).
    pub(super) fn definition(self, line: &str, scope: PythonScope) -> Option<(String, Kind)> {
        let trimmed = line.trim_start();
        match self {
            Self::Python => python(line, trimmed, scope),
            Self::Rust => rust(trimmed),
            Self::JavaScript => javascript(trimmed),
            Self::Go => go(line, trimmed),
            Self::ExplicitPublic => explicit_public(trimmed),
            Self::Kotlin => kotlin(trimmed),
            Self::Ruby => ruby(trimmed),
            Self::CHeader => c_header(line, trimmed),
        }
    }
}

/// A leading identifier (letters, digits, `_`, `$`).
pub(super) fn identifier(text: &str) -> Option<String> {
    let name: String = text
        .trim_start()
        .chars()
        .take_while(|character| {
            character.is_alphanumeric() || *character == '_' || *character == '$'
        })
        .collect();
    (!name.is_empty() && !name.starts_with(|character: char| character.is_ascii_digit()))
        .then_some(name)
}

/// The identifier just before the first `(`.
pub(super) fn name_before_paren(text: &str) -> Option<String> {
    let before = text.get(..text.find('(')?)?.trim_end();
    let start = before
        .rfind(|character: char| {
            !(character.is_alphanumeric() || character == '_' || character == '$')
        })
        .map_or(0, |at| at + 1);
    identifier(before.get(start..)?)
}

pub(super) fn strip_any<'a>(text: &'a str, prefixes: &[&str]) -> &'a str {
    let mut text = text;
    loop {
        let before = text;
        for prefix in prefixes {
            if let Some(rest) = text.strip_prefix(prefix) {
                text = rest.trim_start();
            }
        }
        if before == text {
            return text;
        }
    }
}

pub(super) fn python(line: &str, trimmed: &str, scope: PythonScope) -> Option<(String, Kind)> {
    let public =
        |name: &str| !name.starts_with('_') || (name.starts_with("__") && name.ends_with("__"));
    let indent = line.len() - trimmed.len();
    let rest = strip_any(trimmed, &["async "]);
    for keyword in ["def ", "class "] {
        if let Some(after) = rest.strip_prefix(keyword) {
            // Module level, or a method of a class; deeper defs are nested helpers.
            let reachable = indent == 0 || (indent == 4 && !scope.in_function);
            let name = identifier(after)?;
            return (reachable && public(&name)).then_some((name, Kind::Signature));
        }
    }
    // Annotated class attributes (dataclass / pydantic fields): `    name: Type = default`.
    if indent != 4 || !scope.class_body {
        return None;
    }
    let name = identifier(trimmed)?;
    let after = trimmed.get(name.len()..)?.trim_start();
    let annotation = after.strip_prefix(':')?;
    let is_field = !annotation.trim().is_empty() && !annotation.starts_with('=') && public(&name);
    is_field.then_some((name, Kind::SingleLine))
}

/// Where a Python line sits, from the lines above it in the hunk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct PythonScope {
    /// Directly in a class body (attributes count as API).
    class_body: bool,
    /// The nearest less-indented code line is not a class, so an indented `def` here is a
    /// nested helper, not a method.
    in_function: bool,
}

/// The scope of each line of a view, decided by the nearest earlier code line that is less
/// indented (a `class` or not) or, for attributes, a method at the class-body indentation; with
/// none in view, by the hunk's section header (a `def` section may be a method, so it settles
/// nothing). One linear pass, so huge hunks cost no more than small ones.
pub(super) fn python_scopes(hunk: &Hunk, view: &[(&str, bool)]) -> Vec<PythonScope> {
    let mut scope = PythonScope {
        class_body: hunk.section.starts_with("class "),
        in_function: false,
    };
    let mut scopes = Vec::with_capacity(view.len());
    for (line, _) in view {
        scopes.push(scope);
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('@') {
            continue;
        }
        let indent = line.len() - trimmed.len();
        if indent < 4 {
            let is_class = trimmed.starts_with("class ");
            scope.class_body = is_class;
            scope.in_function = !is_class;
        } else if indent == 4 && (trimmed.starts_with("def ") || trimmed.starts_with("async def "))
        {
            scope.class_body = false;
        }
    }
    scopes
}

pub(super) fn rust(trimmed: &str) -> Option<(String, Kind)> {
    let rest = trimmed.strip_prefix("pub ")?;
    let rest = strip_any(
        rest,
        &["async ", "unsafe ", "default ", "extern \"C\" ", "extern "],
    );
    if let Some(after) = rest
        .strip_prefix("const fn ")
        .or_else(|| rest.strip_prefix("fn "))
    {
        return Some((identifier(after)?, Kind::Signature));
    }
    for keyword in [
        "struct ", "enum ", "trait ", "type ", "const ", "static ", "mod ", "union ", "use ",
    ] {
        if let Some(after) = rest.strip_prefix(keyword) {
            let after = after.strip_prefix("mut ").unwrap_or(after);
            let name = if keyword == "use " {
                after.trim_end_matches(';').trim().to_string()
            } else {
                identifier(after)?
            };
            return Some((name, Kind::SingleLine));
        }
    }
    None
}

pub(super) fn javascript(trimmed: &str) -> Option<(String, Kind)> {
    if let Some(rest) = trimmed
        .strip_prefix("module.exports.")
        .or_else(|| trimmed.strip_prefix("exports."))
    {
        return Some((identifier(rest)?, Kind::SingleLine));
    }
    // TypeScript class members marked `public` (exported classes' API).
    if trimmed.starts_with("public ") {
        return explicit_public(trimmed);
    }
    let rest = trimmed.strip_prefix("export ")?;
    let rest = strip_any(rest, &["declare ", "default ", "async ", "abstract "]);
    if let Some(after) = rest
        .strip_prefix("function* ")
        .or_else(|| rest.strip_prefix("function "))
    {
        let name = identifier(after).unwrap_or_else(|| "default".to_string());
        return Some((name, Kind::Signature));
    }
    for keyword in [
        "class ",
        "interface ",
        "type ",
        "enum ",
        "const enum ",
        "namespace ",
    ] {
        if let Some(after) = rest.strip_prefix(keyword) {
            return Some((identifier(after)?, Kind::SingleLine));
        }
    }
    for keyword in ["const ", "let ", "var "] {
        if let Some(after) = rest.strip_prefix(keyword) {
            let name = identifier(after)?;
            // `export const f = (a, b) => …` is a function: read its parameter list.
            let arrow = after.contains("=>")
                || after.trim_end().ends_with('(')
                || after.contains("= (")
                || after.contains("= async (");
            return Some((
                name,
                if arrow {
                    Kind::Signature
                } else {
                    Kind::SingleLine
                },
            ));
        }
    }
    None
}

pub(super) fn go(line: &str, trimmed: &str) -> Option<(String, Kind)> {
    if line.len() != trimmed.len() {
        return None; // Only top-level declarations.
    }
    let exported = |name: &str| name.starts_with(|character: char| character.is_uppercase());
    if let Some(after) = trimmed.strip_prefix("func ") {
        let after = if after.starts_with('(') {
            after.get(after.find(')')? + 1..)?.trim_start()
        } else {
            after
        };
        let name = identifier(after)?;
        return exported(&name).then_some((name, Kind::Signature));
    }
    for keyword in ["type ", "var ", "const "] {
        if let Some(after) = trimmed.strip_prefix(keyword) {
            let name = identifier(after)?;
            return exported(&name).then_some((name, Kind::SingleLine));
        }
    }
    None
}

pub(super) const TYPE_KEYWORDS: &[&str] = &[
    "class",
    "interface",
    "enum",
    "record",
    "struct",
    "protocol",
    "trait",
    "object",
    "extension",
];

pub(super) fn explicit_public(trimmed: &str) -> Option<(String, Kind)> {
    let tokens: Vec<&str> = trimmed.split_whitespace().collect();
    if !tokens
        .iter()
        .any(|token| matches!(*token, "public" | "open" | "protected"))
    {
        return None;
    }
    if let Some(position) = tokens
        .iter()
        .position(|token| TYPE_KEYWORDS.contains(token))
    {
        let name = identifier(tokens.get(position + 1)?)?;
        return Some((name, Kind::SingleLine));
    }
    let paren = trimmed.find('(');
    let equals = trimmed.find('=');
    match (paren, equals) {
        (Some(paren), equals) if equals.is_none_or(|equals| paren < equals) => {
            Some((name_before_paren(trimmed)?, Kind::Signature))
        }
        _ => {
            // A public field or property: the identifier before `=`, `;`, `{` or `:`.
            let end = trimmed.find(['=', ';', '{', ':']).unwrap_or(trimmed.len());
            let head = trimmed.get(..end)?.trim_end();
            let name = head.rsplit(char::is_whitespace).next()?;
            Some((identifier(name)?, Kind::SingleLine))
        }
    }
}

pub(super) fn kotlin(trimmed: &str) -> Option<(String, Kind)> {
    let tokens: Vec<&str> = trimmed.split_whitespace().collect();
    if tokens.iter().any(|token| {
        matches!(
            *token,
            "private" | "internal" | "protected" | "val" | "var" | "return"
        )
    }) {
        return None;
    }
    if let Some(position) = tokens.iter().position(|token| *token == "fun") {
        let rest = tokens.get(position + 1..)?.join(" ");
        let before_paren = rest.get(..rest.find('(')?)?;
        let name = before_paren.rsplit('.').next()?;
        let name = name
            .rsplit(|character: char| character == '>' || character.is_whitespace())
            .next()?;
        return Some((identifier(name)?, Kind::Signature));
    }
    let position = tokens
        .iter()
        .position(|token| TYPE_KEYWORDS.contains(token))?;
    Some((identifier(tokens.get(position + 1)?)?, Kind::Signature))
}

pub(super) fn ruby(trimmed: &str) -> Option<(String, Kind)> {
    if let Some(after) = trimmed.strip_prefix("def ") {
        let after = after.strip_prefix("self.").unwrap_or(after);
        return Some((identifier(after)?, Kind::SingleLine));
    }
    for keyword in ["class ", "module "] {
        if let Some(after) = trimmed.strip_prefix(keyword) {
            return Some((identifier(after)?, Kind::SingleLine));
        }
    }
    None
}

pub(super) const C_NOT_DECLARATIONS: &[&str] = &[
    "return",
    "if",
    "else",
    "for",
    "while",
    "switch",
    "case",
    "do",
    "goto",
    "sizeof",
    "static_assert",
    "using",
];

pub(super) fn c_header(line: &str, trimmed: &str) -> Option<(String, Kind)> {
    if let Some(after) = trimmed.strip_prefix("#define ") {
        let name = identifier(after)?;
        let guard = ["_H", "_H_", "_HPP", "_HPP_", "_INCLUDED", "_H__"]
            .iter()
            .any(|suffix| name.ends_with(suffix));
        return (!guard).then_some((name, Kind::SingleLine));
    }
    if trimmed.starts_with('#')
        || trimmed.starts_with("//")
        || trimmed.starts_with('*')
        || trimmed.starts_with("/*")
    {
        return None;
    }
    let first = trimmed
        .split(|character: char| !(character.is_alphanumeric() || character == '_'))
        .next()?;
    if C_NOT_DECLARATIONS.contains(&first) || line.starts_with("        ") {
        return None;
    }
    if let Some(after) = trimmed.strip_prefix("typedef ") {
        if !after.contains('(') && after.trim_end().ends_with(';') {
            let head = after.trim_end().trim_end_matches(';');
            let name = head
                .rsplit(|character: char| !(character.is_alphanumeric() || character == '_'))
                .next()?;
            return Some((identifier(name)?, Kind::SingleLine));
        }
    }
    for keyword in [
        "struct ",
        "class ",
        "enum ",
        "union ",
        "typedef struct ",
        "enum class ",
    ] {
        if let Some(after) = trimmed.strip_prefix(keyword) {
            let name = identifier(after)?;
            return (!after.contains('(')).then_some((name, Kind::SingleLine));
        }
    }
    let paren = trimmed.find('(')?;
    let head = trimmed.get(..paren)?;
    if head.contains('=')
        || head.contains("->")
        || head.contains('.')
        || head.split_whitespace().count() < 2
    {
        return None;
    }
    let name = name_before_paren(trimmed)?;
    if C_NOT_DECLARATIONS.contains(&name.as_str()) {
        return None;
    }
    Some((name, Kind::Signature))
}
