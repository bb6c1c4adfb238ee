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
//! let (surface, _formatting) = api_surface::analyze(&patch, "rust", "rs");
//! assert_eq!(surface.changes[0].describe(), "signature changed: pub fn parse(input: &str, strict: bool) -> Ast");
//! ```

mod formatting;
mod languages;

use std::collections::BTreeMap;

use crate::engine::diff::{Hunk, Patch};

pub(crate) use formatting::squeezed_fingerprint;
pub use formatting::FormattingFacts;
use formatting::{squeeze, Indentation};
use languages::{python_scopes, strip_comment, Kind, Rules};

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
}

impl ApiSurface {
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

/// Analyses one file's patch: its API changes, and its formatting facts (formatting-only hunks
/// hold no API change). `language` is a [`crate::settings::paths::LANGUAGES`] value and
/// `extension` the lower-case file extension (C/C++ are analysed only in headers).
pub fn analyze(patch: &Patch, language: &str, extension: &str) -> (ApiSurface, FormattingFacts) {
    // Languages without visibility rules (C sources, SQL, …) still get the formatting pass.
    let rules = Rules::for_language(language, extension);
    let indentation = Indentation::of(language, "", extension);
    let mut surface = ApiSurface::default();
    let mut formatting = FormattingFacts::default();
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
        if formatting.count_hunk(&removed, &added, indentation) {
            continue;
        }
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
    (surface, formatting)
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::diff::parse;

    fn changes(patch: &str, language: &str, extension: &str) -> Vec<String> {
        analyze(&parse(patch), language, extension)
            .0
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
        let (surface, formatting) = analyze(&parse(patch), "python", "py");
        assert!(surface.changes.is_empty(), "{:?}", surface.changes);
        assert!(formatting.formatting_only());
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

    proptest::proptest! {
        #[test]
        fn arbitrary_patches_never_panic_in_any_language(text in "(@@ -[0-9]{1,3} \\+[0-9]{1,3} @@[ a-z:]{0,12}\n)?([-+ ]?(pub |export |def |func |public |class |fun |#define |typedef )?[ -~é日]{0,40}\n){0,30}") {
            let patch = parse(&text);
            for (language, extension) in [("python", "py"), ("rust", "rs"), ("typescript", "ts"), ("go", "go"), ("java", "java"), ("kotlin", "kt"), ("ruby", "rb"), ("c", "h")] {
                let (_, formatting) = analyze(&patch, language, extension);
                proptest::prop_assert!(formatting.formatting_only_hunks <= formatting.changed_hunks);
            }
        }
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
