//! Public API surface changes per language, found by diffing each hunk's removed vs added lines.
//!
//! What it detects: public definitions (functions, methods, types, exported constants, config
//! fields) that a patch adds, removes, or whose signature changes, in Python, Rust, JS/TS, Go,
//! Java/Kotlin/C#/Swift/Scala/PHP, Ruby and C/C++ headers. Hunks whose only change is
//! whitespace, indentation or line wrapping are recognised as formatting-only (low risk) and
//! contribute no API change.
//!
//! Why it matters: a changed public signature breaks callers outside the diff, which a reviewer
//! cannot see in the PR; the Heimdall rubric rates "breaking API changes" as high risk and the
//! reference product fired `api_surface_change` on trainer.py/training_args.py.
//!
//! How: for each hunk, the whitespace-normalised removed lines are compared with the added ones;
//! in hunks with real changes, `similar`'s line diff of those normalised lines finds the lines
//! that were only re-indented, so they are sized as formatting too;
//! if every line matches (or the joined text matches, i.e. it was only re-wrapped) the hunk is
//! formatting-only. (A line diff would answer the same question — "are all operations equal?" —
//! only slower: it holds exactly when the two line lists are equal, which one linear comparison
//! decides. A full Myers diff of a big rewritten hunk cost tens of ms in wasm, where `similar`
//! has no deadline.) Otherwise definitions are read from the hunk's old view (context +
//! removed) and new view (context + added); a definition whose signature lines were touched is
//! paired by name with its counterpart on the other side.
//!
//! Source: language visibility rules (Python's leading-underscore convention, Rust `pub`, ES
//! `export`, Go's exported identifiers, Java/C# `public`, Kotlin's public default).
//!
//! ```
//! use prlens::engine::{api_surface, diff};
//! let patch = diff::parse("@@ -1,2 +1,2 @@\n-pub fn parse(input: &str) -> Ast {\n+pub fn parse(input: &str, strict: bool) -> Ast {\n     todo()");
//! let surface = api_surface::analyze(&patch, "rust", "rs");
//! assert_eq!(surface.changes[0].describe(), "signature changed: pub fn parse(input: &str, strict: bool) -> Ast");
//! ```

use std::collections::BTreeMap;

use crate::engine::diff::{Hunk, Patch};

/// Lines a signature may span (multi-line parameter lists).
const MAX_SIGNATURE_LINES: usize = 12;
/// Characters of a signature kept for display.
const MAX_DISPLAY_CHARS: usize = 100;

/// What happened to a public definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ApiChangeKind {
    Removed,
    SignatureChanged,
    Added,
}

/// One public definition that changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiChange {
    pub kind: ApiChangeKind,
    pub name: String,
    /// The signature as it reads after the change (before it, for removals), whitespace collapsed.
    pub signature: String,
}

impl ApiChange {
    /// "removed pub fn parse(…)", "added def offload(…)", "signature changed: def train(self, args)".
    pub fn describe(&self) -> String {
        match self.kind {
            ApiChangeKind::Removed => format!("removed {}", elide_parameters(&self.signature)),
            ApiChangeKind::Added => format!("added {}", elide_parameters(&self.signature)),
            ApiChangeKind::SignatureChanged => format!("signature changed: {}", self.signature),
        }
    }

    /// Removals and signature changes break callers; additions do not.
    pub fn is_breaking(&self) -> bool {
        self.kind != ApiChangeKind::Added
    }
}

/// The API-surface facts of one file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApiSurface {
    /// Ordered: removals, signature changes, additions; then by name.
    pub changes: Vec<ApiChange>,
    /// Hunks whose change was whitespace, indentation or line wrapping only.
    pub formatting_only_hunks: usize,
    /// Hunks with any removed or added line.
    pub changed_hunks: usize,
    /// Removed plus added lines inside formatting-only hunks (size that needs no review).
    pub formatting_lines: u64,
}

impl ApiSurface {
    /// Every changed hunk was formatting-only (and there was at least one).
    pub fn formatting_only(&self) -> bool {
        self.changed_hunks > 0 && self.formatting_only_hunks == self.changed_hunks
    }

    /// Any removal or signature change.
    pub fn breaking(&self) -> bool {
        self.changes.iter().any(ApiChange::is_breaking)
    }
}

/// A definition read from one side of a hunk.
#[derive(Debug, Clone)]
struct Definition {
    name: String,
    /// Whitespace-collapsed signature for display.
    signature: String,
    /// Whitespace-free signature (trailing commas dropped) for comparison.
    key: String,
    touched: bool,
}

/// Analyses one file's patch. `language` is a [`crate::settings::paths::LANGUAGES`] value and
/// `extension` the lower-case file extension (C/C++ are analysed only in headers).
pub fn analyze(patch: &Patch, language: &str, extension: &str) -> ApiSurface {
    // Languages without visibility rules (C sources, SQL, …) still get the formatting pass.
    let rules = Rules::for_language(language, extension);
    let mut surface = ApiSurface::default();
    let mut old_touched: BTreeMap<String, Definition> = BTreeMap::new();
    let mut new_touched: BTreeMap<String, Definition> = BTreeMap::new();
    let mut old_all: BTreeMap<String, Definition> = BTreeMap::new();
    let mut new_all: BTreeMap<String, Definition> = BTreeMap::new();
    for hunk in &patch.hunks {
        let removed: Vec<&str> = hunk.removed().collect();
        let added: Vec<&str> = hunk.added().collect();
        if removed.is_empty() && added.is_empty() {
            continue;
        }
        surface.changed_hunks += 1;
        if is_formatting_only(&removed, &added) {
            surface.formatting_only_hunks += 1;
            surface.formatting_lines = surface
                .formatting_lines
                .saturating_add((removed.len() + added.len()) as u64);
            continue;
        }
        surface.formatting_lines = surface
            .formatting_lines
            .saturating_add(reformatted_lines(&removed, &added));
        let Some(rules) = rules else {
            continue;
        };
        for definition in definitions(hunk, &hunk.old_view(), rules) {
            if definition.touched {
                old_touched
                    .entry(definition.name.clone())
                    .or_insert(definition.clone());
            }
            old_all.entry(definition.name.clone()).or_insert(definition);
        }
        for definition in definitions(hunk, &hunk.new_view(), rules) {
            if definition.touched {
                new_touched
                    .entry(definition.name.clone())
                    .or_insert(definition.clone());
            }
            new_all.entry(definition.name.clone()).or_insert(definition);
        }
    }
    for (name, old) in &old_touched {
        match new_all.get(name) {
            Some(new) if new.key != old.key => surface.changes.push(ApiChange {
                kind: ApiChangeKind::SignatureChanged,
                name: name.clone(),
                signature: new.signature.clone(),
            }),
            Some(_) => {}
            None => surface.changes.push(ApiChange {
                kind: ApiChangeKind::Removed,
                name: name.clone(),
                signature: old.signature.clone(),
            }),
        }
    }
    for (name, new) in &new_touched {
        match old_all.get(name) {
            Some(old) if old_touched.contains_key(name) || old.key == new.key => {}
            Some(_) => surface.changes.push(ApiChange {
                kind: ApiChangeKind::SignatureChanged,
                name: name.clone(),
                signature: new.signature.clone(),
            }),
            None => surface.changes.push(ApiChange {
                kind: ApiChangeKind::Added,
                name: name.clone(),
                signature: new.signature.clone(),
            }),
        }
    }
    crate::order::sort_by(&mut surface.changes, |a, b| {
        a.kind.cmp(&b.kind).then_with(|| a.name.cmp(&b.name))
    });
    surface
}

/// True when removed and added lines differ only in whitespace, blank lines or wrapping.
pub fn is_formatting_only(removed: &[&str], added: &[&str]) -> bool {
    if removed.is_empty() || added.is_empty() {
        // Pure additions/removals of blank lines are formatting too.
        return removed
            .iter()
            .chain(added)
            .all(|line| line.trim().is_empty());
    }
    // Both exact checks below imply the same text once whitespace and commas are dropped; most
    // hunks are real changes and fail this allocation-free check.
    if !same_tokens(removed, added) {
        return false;
    }
    let old: Vec<String> = removed
        .iter()
        .map(|line| squeeze(line))
        .filter(|line| !line.is_empty())
        .collect();
    let new: Vec<String> = added
        .iter()
        .map(|line| squeeze(line))
        .filter(|line| !line.is_empty())
        .collect();
    // Line by line the same after squeezing: only indentation or spacing changed.
    if old == new {
        return true;
    }
    // Re-wrapped: the same tokens, split over different lines (a wrap may add the "magic"
    // trailing comma of black/rustfmt/prettier).
    let joined = |lines: &[String]| lines.concat().replace(",)", ")").replace(",]", "]");
    joined(&old) == joined(&new)
}

/// Above this many removed × added lines a mixed hunk is not diffed (its re-indented lines
/// then count as changed): keeps the work per hunk bounded on wasm, where `similar` has no
/// deadline. 200 × 200 lines covers ordinary hunks.
const MAX_DIFF_CELLS: usize = 40_000;

/// Lines of a hunk with real changes that were only re-indented or re-spaced: `similar`'s Myers
/// diff of the whitespace-free removed lines against the added ones pairs them as `Equal`
/// (both the removed and the added copy count). A hunk that re-indents 40 lines around a
/// one-line fix is then sized as a one-line fix.
fn reformatted_lines(removed: &[&str], added: &[&str]) -> u64 {
    if removed.is_empty()
        || added.is_empty()
        || removed.len().saturating_mul(added.len()) > MAX_DIFF_CELLS
    {
        return 0;
    }
    // Cheap rejection, before squeezing any line into a new String: most real hunks share no
    // squeezed line at all, so no added line's fingerprint is among the removed lines'.
    // (Equal lines have equal fingerprints; a rare collision only costs the exact check below.)
    let mut old_fingerprints: Vec<u64> = removed
        .iter()
        .filter_map(|line| squeezed_fingerprint(line))
        .collect();
    crate::order::sort(&mut old_fingerprints);
    let shares_a_line = added.iter().any(|line| {
        squeezed_fingerprint(line)
            .is_some_and(|fingerprint| old_fingerprints.binary_search(&fingerprint).is_ok())
    });
    if !shares_a_line {
        return 0;
    }
    let old: Vec<String> = removed.iter().map(|line| squeeze(line)).collect();
    let new: Vec<String> = added.iter().map(|line| squeeze(line)).collect();
    let old_lines: std::collections::HashSet<&str> = old
        .iter()
        .map(String::as_str)
        .filter(|line| !line.is_empty())
        .collect();
    if !new.iter().any(|line| old_lines.contains(line.as_str())) {
        return 0;
    }
    similar::capture_diff_slices(similar::Algorithm::Myers, &old, &new)
        .iter()
        .filter(|operation| operation.tag() == similar::DiffTag::Equal)
        .map(|operation| {
            // An equal run of squeezed lines that are blank is not a formatting change worth counting.
            let lines = operation
                .old_range()
                .filter(|index| !old[*index].is_empty())
                .count();
            2 * lines as u64
        })
        .sum()
}

/// True when `removed` and `added` read the same with all whitespace and commas removed: a
/// necessary condition for a formatting-only hunk (line-equal after squeezing, or re-wrapped with
/// only trailing commas added or dropped), checked without allocating.
fn same_tokens(removed: &[&str], added: &[&str]) -> bool {
    fn significant<'a>(lines: &'a [&'a str]) -> impl Iterator<Item = char> + 'a {
        lines
            .iter()
            .flat_map(|line| line.chars())
            .filter(|character| !character.is_whitespace() && *character != ',')
    }
    fn significant_bytes<'a>(lines: &'a [&'a str]) -> impl Iterator<Item = u8> + 'a {
        lines
            .iter()
            .flat_map(|line| line.bytes())
            .filter(|byte| !is_ascii_space(*byte) && *byte != b',')
    }
    // Code is nearly always ASCII: then bytes are characters and no UTF-8 decoding is needed.
    let ascii = |lines: &[&str]| lines.iter().all(|line| line.is_ascii());
    if ascii(removed) && ascii(added) {
        return significant_bytes(removed).eq(significant_bytes(added));
    }
    significant(removed).eq(significant(added))
}

/// `char::is_whitespace` for an ASCII byte (space, tab, line feed, vertical tab, form feed,
/// carriage return; `u8::is_ascii_whitespace` leaves out the vertical tab).
fn is_ascii_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t'..=b'\r')
}

/// FNV-1a of a line's non-whitespace characters (the [`squeeze`]d line, without building it);
/// `None` when the squeezed line is empty.
fn squeezed_fingerprint(line: &str) -> Option<u64> {
    const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut fingerprint = FNV_OFFSET;
    let mut empty = true;
    let mut add = |code: u32| {
        empty = false;
        fingerprint = (fingerprint ^ u64::from(code)).wrapping_mul(FNV_PRIME);
    };
    // An ASCII byte is its own code point: both loops give the same fingerprint.
    if line.is_ascii() {
        for byte in line.bytes().filter(|byte| !is_ascii_space(*byte)) {
            add(u32::from(byte));
        }
    } else {
        for character in line.chars().filter(|character| !character.is_whitespace()) {
            add(u32::from(character));
        }
    }
    (!empty).then_some(fingerprint)
}

/// Removes all whitespace (comparison form of a line).
fn squeeze(line: &str) -> String {
    line.chars()
        .filter(|character| !character.is_whitespace())
        .collect()
}

/// Collapses runs of whitespace and tidies bracket spacing (display form).
fn collapse(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    joined
        .replace("( ", "(")
        .replace(" )", ")")
        .replace(",)", ")")
}

/// `def train(self, args)` → `def train(…)`.
fn elide_parameters(signature: &str) -> String {
    match (signature.find('('), matching_paren(signature)) {
        (Some(open), Some(close)) if close > open + 1 => format!(
            "{}(…){}",
            signature.get(..open).unwrap_or(""),
            signature.get(close + 1..).unwrap_or("")
        ),
        _ => signature.to_string(),
    }
}

/// A one-line declaration whose value continues on later lines (`x: bool = field(`) is shown
/// and compared up to its ` = `: the name and type are the API, the open call is noise.
fn declaration_head(signature: &str) -> String {
    let opens = signature.matches(['(', '[', '{']).count();
    let closes = signature.matches([')', ']', '}']).count();
    match signature.find(" = ") {
        Some(equals) if opens > closes => signature.get(..equals).unwrap_or(signature).to_string(),
        _ => signature.to_string(),
    }
}

/// Byte index of the `)` closing the first `(`.
fn matching_paren(text: &str) -> Option<usize> {
    let open = text.find('(')?;
    let mut depth = 0usize;
    for (at, character) in text.char_indices().skip_while(|(at, _)| *at < open) {
        match character {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// Reads every public definition of a view, with its full signature and whether any of its
/// signature lines changed.
fn definitions(hunk: &Hunk, view: &[(&str, bool)], rules: Rules) -> Vec<Definition> {
    let mut found = Vec::new();
    let class_body = if rules == Rules::Python {
        python_scopes(hunk, view)
    } else {
        Vec::new()
    };
    for (index, (line, _)) in view.iter().enumerate() {
        let scope = class_body.get(index).copied().unwrap_or_default();
        let Some((name, kind)) = rules.definition(line, scope) else {
            continue;
        };
        let mut text = String::new();
        let mut touched = false;
        let mut depth: i64 = 0;
        for (offset, (part, changed)) in view
            .iter()
            .skip(index)
            .take(MAX_SIGNATURE_LINES)
            .enumerate()
        {
            let part = strip_comment(part, rules);
            touched |= *changed;
            for character in part.chars() {
                match character {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    _ => {}
                }
            }
            text.push(' ');
            text.push_str(part.trim());
            if kind == Kind::SingleLine || (depth <= 0 && rules.ends_signature(part.trim_end())) {
                break;
            }
            if offset + 1 == MAX_SIGNATURE_LINES {
                break;
            }
        }
        let mut signature = rules.trim_signature(&collapse(&text));
        if kind == Kind::SingleLine {
            signature = declaration_head(&signature);
        }
        found.push(Definition {
            key: squeeze(&signature).replace(",)", ")"),
            signature: crate::text::clip(&signature, MAX_DISPLAY_CHARS),
            name,
            touched,
        });
    }
    found
}

fn strip_comment(line: &str, rules: Rules) -> &str {
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
enum Kind {
    /// Read until brackets balance and the signature terminator.
    Signature,
    /// The first line is the whole declaration (types, constants, fields).
    SingleLine,
}

/// Visibility and syntax rules per language family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rules {
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
    fn for_language(language: &str, extension: &str) -> Option<Self> {
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

    fn ends_signature(self, line: &str) -> bool {
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

    fn trim_signature(self, signature: &str) -> String {
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
    fn definition(self, line: &str, scope: PythonScope) -> Option<(String, Kind)> {
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
fn identifier(text: &str) -> Option<String> {
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
fn name_before_paren(text: &str) -> Option<String> {
    let before = text.get(..text.find('(')?)?.trim_end();
    let start = before
        .rfind(|character: char| {
            !(character.is_alphanumeric() || character == '_' || character == '$')
        })
        .map_or(0, |at| at + 1);
    identifier(before.get(start..)?)
}

fn strip_any<'a>(text: &'a str, prefixes: &[&str]) -> &'a str {
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

fn python(line: &str, trimmed: &str, scope: PythonScope) -> Option<(String, Kind)> {
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
struct PythonScope {
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
fn python_scopes(hunk: &Hunk, view: &[(&str, bool)]) -> Vec<PythonScope> {
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

fn rust(trimmed: &str) -> Option<(String, Kind)> {
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

fn javascript(trimmed: &str) -> Option<(String, Kind)> {
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

fn go(line: &str, trimmed: &str) -> Option<(String, Kind)> {
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

const TYPE_KEYWORDS: &[&str] = &[
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

fn explicit_public(trimmed: &str) -> Option<(String, Kind)> {
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

fn kotlin(trimmed: &str) -> Option<(String, Kind)> {
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

fn ruby(trimmed: &str) -> Option<(String, Kind)> {
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

const C_NOT_DECLARATIONS: &[&str] = &[
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

fn c_header(line: &str, trimmed: &str) -> Option<(String, Kind)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_fast_paths_read_whitespace_like_char_is_whitespace() {
        for byte in 0u8..128 {
            assert_eq!(
                is_ascii_space(byte),
                char::from(byte).is_whitespace(),
                "{byte}"
            );
        }
        assert_eq!(squeezed_fingerprint(" a\x0bb "), squeezed_fingerprint("ab"));
        assert_eq!(
            squeezed_fingerprint("é b"),
            squeezed_fingerprint("é\u{a0}b")
        );
        assert_eq!(squeezed_fingerprint(" \t"), None);
        assert!(same_tokens(&["f(a, b)"], &["f(a,", "  b)"]));
        assert!(!same_tokens(&["f(a)"], &["f(b)"]));
        assert!(same_tokens(&["é,\u{a0}x"], &["éx"]));
    }
    use crate::engine::diff::parse;

    fn changes(patch: &str, language: &str, extension: &str) -> Vec<String> {
        analyze(&parse(patch), language, extension)
            .changes
            .iter()
            .map(ApiChange::describe)
            .collect()
    }

    #[test]
    fn python_signature_change_addition_and_private_helpers() {
        let patch = "@@ -10,4 +10,8 @@ class Trainer:\n-    def train(self, args):\n+    def train(self, args, offload=False):\n         pass\n+\n+    def offload(self, model):\n+        pass\n+    def _helper(self):\n+        pass";
        assert_eq!(
            changes(patch, "python", "py"),
            [
                "signature changed: def train(self, args, offload=False)",
                "added def offload(…)"
            ]
        );
    }

    #[test]
    fn python_multiline_signature_rewrap_is_formatting_only() {
        let patch = "@@ -1,2 +1,5 @@\n-def train(self, args, resume=None):\n+def train(\n+    self, args,\n+    resume=None,\n+):\n     pass";
        let surface = analyze(&parse(patch), "python", "py");
        assert!(surface.changes.is_empty(), "{:?}", surface.changes);
        assert!(surface.formatting_only());
    }

    #[test]
    fn python_removed_function_and_dataclass_field() {
        let patch = "@@ -1,3 +1,2 @@\n-def legacy_api(x):\n-    return x\n def keep():\n@@ -40,3 +39,6 @@ class TrainingArguments:\n     output_dir: str = field(default=None)\n+    activation_offloading: bool = field(\n+        default=False,\n+    )\n     def __post_init__(self):";
        assert_eq!(
            changes(patch, "python", "py"),
            [
                "removed def legacy_api(…)",
                "added activation_offloading: bool"
            ]
        );
    }

    #[test]
    fn python_nested_helpers_are_not_api_but_methods_are() {
        let patch = "@@ -1,3 +1,7 @@\n def train(args):\n+    def helper(x):\n+        return x\n     return 1\n class Model:\n+    def forward(self, x):\n+        def inner():\n+            pass";
        assert_eq!(changes(patch, "python", "py"), ["added def forward(…)"]);
    }

    #[test]
    fn python_body_only_change_is_not_an_api_change() {
        let patch = "@@ -1,3 +1,3 @@\n def train(self, args):\n-    return 1\n+    return 2";
        assert!(changes(patch, "python", "py").is_empty());
    }

    #[test]
    fn rust_pub_items_and_private_items() {
        let patch = "@@ -1,5 +1,5 @@\n-pub fn parse(input: &str) -> Ast {\n+pub fn parse(input: &str, strict: bool) -> Ast {\n-pub struct Old;\n+pub(crate) fn internal() {}\n+fn private() {}\n+pub async fn fetch(\n+    url: &str,\n+) -> Result<(), Error> {";
        assert_eq!(
            changes(patch, "rust", "rs"),
            [
                "removed pub struct Old",
                "signature changed: pub fn parse(input: &str, strict: bool) -> Ast",
                "added pub async fn fetch(…) -> Result<(), Error>"
            ]
        );
    }

    #[test]
    fn javascript_and_typescript_exports() {
        let patch = "@@ -1,4 +1,4 @@\n-export function render(node, opts) {\n+export function render(node, opts, theme) {\n-export const VERSION = '1';\n+export interface Theme {\n+const local = 1;\n+export const pick = (a, b) => a;";
        assert_eq!(
            changes(patch, "typescript", "ts"),
            [
                "removed export const VERSION = '1'",
                "signature changed: export function render(node, opts, theme)",
                "added export interface Theme",
                "added export const pick = (…) => a"
            ]
        );
    }

    #[test]
    fn typescript_public_class_members() {
        let patch = "@@ -3,3 +3,3 @@ export class Client {\n-  public send(body: string): void {\n+  public send(body: string, retries: number): void {\n   private log(x: string) {";
        assert_eq!(
            changes(patch, "typescript", "ts"),
            ["signature changed: public send(body: string, retries: number): void"]
        );
    }

    #[test]
    fn go_exported_identifiers_only() {
        let patch = "@@ -1,3 +1,4 @@\n-func (s *Server) Serve(addr string) error {\n+func (s *Server) Serve(ctx context.Context, addr string) error {\n+func helper() {\n+type Config struct {\n+var DefaultTimeout = 5";
        assert_eq!(
            changes(patch, "go", "go"),
            [
                "signature changed: func (s *Server) Serve(ctx context.Context, addr string) error",
                "added type Config struct",
                "added var DefaultTimeout = 5"
            ]
        );
    }

    #[test]
    fn java_public_members_and_kotlin_default_public() {
        let java = "@@ -1,3 +1,3 @@\n-    public List<Item> find(String query) {\n+    public List<Item> find(String query, int limit) {\n+    private void helper() {\n+public class Repository {";
        assert_eq!(
            changes(java, "java", "java"),
            [
                "signature changed: public List<Item> find(String query, int limit)",
                "added public class Repository"
            ]
        );
        let kotlin = "@@ -1,2 +1,3 @@\n-fun greet(name: String): String {\n+fun greet(name: String, loud: Boolean): String {\n+private fun secret() {\n+data class User(val id: Int)";
        assert_eq!(
            changes(kotlin, "kotlin", "kt"),
            [
                "signature changed: fun greet(name: String, loud: Boolean): String",
                "added data class User(…)"
            ]
        );
    }

    #[test]
    fn c_header_declarations_but_not_sources_or_include_guards() {
        let header = "@@ -1,4 +1,5 @@\n+#ifndef API_H\n+#define API_H\n-int parse(const char *text);\n+int parse(const char *text, size_t length);\n+#define API_VERSION 2\n+typedef struct options options_t;";
        assert_eq!(
            changes(header, "c", "h"),
            [
                "signature changed: int parse(const char *text, size_t length)",
                "added #define API_VERSION 2",
                "added typedef struct options options_t"
            ]
        );
        assert!(
            changes(header, "c", "c").is_empty(),
            "C sources are not API surface"
        );
    }

    #[test]
    fn whitespace_only_hunks_are_formatting_only() {
        let patch =
            "@@ -1,2 +1,2 @@\n-def run(a,b):\n-  return a+b\n+def run(a, b):\n+    return a + b";
        let surface = analyze(&parse(patch), "python", "py");
        assert!(surface.formatting_only());
        assert!(surface.changes.is_empty());
        assert!(is_formatting_only(&["x = 1"], &["x  =  1", ""]));
        assert!(!is_formatting_only(&["x = 1"], &["x = 2"]));
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_patches_never_panic_in_any_language(text in "(@@ -[0-9]{1,3} \\+[0-9]{1,3} @@[ a-z:]{0,12}\n)?([-+ ]?(pub |export |def |func |public |class |fun |#define |typedef )?[ -~é日]{0,40}\n){0,30}") {
            let patch = parse(&text);
            for (language, extension) in [("python", "py"), ("rust", "rs"), ("typescript", "ts"), ("go", "go"), ("java", "java"), ("kotlin", "kt"), ("ruby", "rb"), ("c", "h")] {
                let surface = analyze(&patch, language, extension);
                proptest::prop_assert!(surface.formatting_only_hunks <= surface.changed_hunks);
            }
        }
    }

    #[test]
    fn reindented_lines_around_a_real_change_count_as_formatting() {
        let removed = ["if ready {", "    go();", "    stop();", "}"];
        let added = ["if ready {", "        go();", "        stop(now);", "}"];
        // `if ready {`, `go();` and `}` only moved: 3 pairs; `stop(now)` is a real change.
        assert_eq!(reformatted_lines(&removed, &added), 6);
        assert_eq!(reformatted_lines(&["a = 1"], &["a = 2"]), 0);
    }

    #[test]
    fn formatting_lines_are_counted_in_every_language() {
        let surface = analyze(&parse("@@ -1,2 +1,2 @@\n-int f(int a,int b){\n+int f(int a, int b) {\n@@ -9 +9 @@\n-x = 1;\n+x = 2;"), "c", "c");
        assert_eq!(
            (
                surface.changed_hunks,
                surface.formatting_only_hunks,
                surface.formatting_lines
            ),
            (2, 1, 2)
        );
        assert!(surface.changes.is_empty());
    }

    #[test]
    fn unknown_languages_and_garbage_give_no_findings() {
        assert!(changes("@@ -1 +1 @@\n-a\n+b", "sql", "sql").is_empty());
        for garbage in [
            "@@\n+def (",
            "@@ -1 +1 @@\n+pub fn",
            "@@ -1 +1 @@\n+export function",
            "@@ -1 +1 @@\n+func (",
            "@@ -1 +1 @@\n+public (",
            "@@ -1 +1 @@\n+int ((",
        ] {
            for (language, extension) in [
                ("python", "py"),
                ("rust", "rs"),
                ("javascript", "js"),
                ("go", "go"),
                ("java", "java"),
                ("c", "h"),
                ("kotlin", "kt"),
            ] {
                let _ = analyze(&parse(garbage), language, extension);
            }
        }
    }
}
