use super::*;
use crate::engine::diff::parse;

fn read(patch: &str, language: &str) -> ReadingFacts {
    let syntax = CommentSyntax::of(Some(language), "", "").expect("known language");
    read_file(&parse(patch), syntax).0
}

fn pr(files: &[(&str, &str)]) -> Vec<ReadingFacts> {
    let parsed: Vec<_> = files.iter().map(|(patch, _)| parse(patch)).collect();
    let mut facts: Vec<(ReadingFacts, CodeLines)> = parsed
        .iter()
        .zip(files)
        .map(|(patch, (_, language))| {
            read_file(patch, CommentSyntax::of(Some(language), "", "").unwrap())
        })
        .collect();
    let mut refs: Vec<(&mut ReadingFacts, CodeLines)> = facts
        .iter_mut()
        .map(|(facts, code)| {
            let code = std::mem::take(code);
            (facts, code)
        })
        .collect();
    mark_moves_and_sweeps(&mut refs);
    facts.into_iter().map(|(facts, _)| facts).collect()
}

#[test]
fn rust_doc_comments_and_python_comments_read_as_comments() {
    let doc = read(
        "@@ -1,2 +1,4 @@\n+/// Parses the input.\n+///\n+/// Returns an error on bad input.\n pub fn parse() {}",
        "rust",
    );
    assert_eq!(
        (doc.comment_lines, doc.blank_lines, doc.read_lines),
        (3, 0, 3)
    );
    assert!(doc.only_comments());
    let python = read(
        "@@ -3,2 +3,2 @@ def f():\n-    # recieve the value\n+    # receive the value\n     return 1",
        "python",
    );
    assert!(python.only_comments());
    let code = read(
        "@@ -3,2 +3,3 @@ def f():\n+    # receive\n+    x = 2\n     return 1",
        "python",
    );
    assert!(!code.only_comments());
    assert_eq!(code.comment_lines, 1);
}

#[test]
fn docstrings_open_only_after_a_header_or_at_the_top_of_a_module() {
    let docstring = read(
        "@@ -10,3 +10,6 @@ class A:\n     def run(self):\n+        \"\"\"Run it.\n+\n+        Twice.\n+        \"\"\"\n         return 1",
        "python",
    );
    assert_eq!(docstring.comment_lines, 4, "{docstring:?}");
    assert!(docstring.only_comments());
    // A hunk that starts inside a string: its closing quotes do not open a docstring.
    let inside = read(
        "@@ -20,3 +20,4 @@\n     text\n \"\"\"\n+os.system(cmd)\n x = 1",
        "python",
    );
    assert_eq!(inside.comment_lines, 0);
    let module = read(
        "@@ -1,2 +1,2 @@\n-\"\"\"Old summary.\"\"\"\n+\"\"\"New summary.\"\"\"\n import os",
        "python",
    );
    assert!(module.only_comments());
}

#[test]
fn a_block_comment_counts_only_once_its_opening_is_seen() {
    let block = read(
        "@@ -1,2 +1,5 @@\n+/**\n+ * Adds two numbers.\n+ */\n export function add(a, b) {}",
        "typescript",
    );
    assert_eq!(block.comment_lines, 3);
    // A hunk starting inside a comment: the close is not known to close anything.
    let unknown = read(
        "@@ -5,2 +5,3 @@\n  * old text\n+ run(); */ steal();\n  */",
        "typescript",
    );
    assert_eq!(unknown.comment_lines, 0);
}

#[test]
fn a_yaml_comment_is_a_comment_and_a_step_is_not() {
    let syntax = CommentSyntax::of(None, "yml", "ci.yml").unwrap();
    let comment = read_file(
        &parse("@@ -1,2 +1,2 @@\n-# Buidl on push\n+# Build on push\n on: push"),
        syntax,
    )
    .0;
    assert!(comment.only_comments());
    let step = read_file(
        &parse("@@ -1,2 +1,3 @@\n on: push\n+# build\n+      - run: make"),
        syntax,
    )
    .0;
    assert!(!step.only_comments());
    assert!(CommentSyntax::of(None, "json", "package.json").is_none());
}

#[test]
fn code_moved_between_files_reads_as_moved() {
    let facts = pr(&[
        (
            "@@ -1,3 +0,0 @@\n-def helper_function(value):\n-    return value * 2 + offset\n-x = 1",
            "python",
        ),
        (
            "@@ -0,0 +1,3 @@\n+def helper_function(value):\n+    return value * 2 + offset\n+y = 2",
            "python",
        ),
    ]);
    assert_eq!(facts[0].moved_lines, 2, "x = 1 is too short to count");
    assert_eq!(facts[1].moved_lines, 2);
    assert_eq!(facts[0].light_lines(), 2);
}

#[test]
fn a_repeated_small_edit_is_a_sweep_and_a_one_off_is_not() {
    let sweep = |name: &str| {
        format!("@@ -1,2 +1,2 @@\n-def {name}(a: Optional[int]) -> Optional[str]:\n+def {name}(a: int | None) -> str | None:\n     pass")
    };
    let files: Vec<String> = ["one", "two", "three", "four"]
        .iter()
        .map(|name| sweep(name))
        .collect();
    let mut listed: Vec<(&str, &str)> = files
        .iter()
        .map(|patch| (patch.as_str(), "python"))
        .collect();
    listed.push((
        "@@ -1 +1 @@\n-    total = price * count\n+    total = price * count * tax",
        "python",
    ));
    let facts = pr(&listed);
    for file in &facts[..4] {
        assert_eq!(file.sweep_lines, 2, "{file:?}");
    }
    assert_eq!(facts[4].sweep_lines, 0);
    assert_eq!(facts[4].light_lines(), 0);
}

#[test]
fn an_annotation_only_sweep_reads_lightly_and_a_real_edit_does_not() {
    let sweep = read(
        "@@ -1,5 +1,5 @@\n-from typing import Optional\n+from __future__ import annotations\n class A:\n-    def get(self, key: Optional[str] = None) -> Optional[int]:\n+    def get(self, key: str | None = None) -> int | None:\n         return None",
        "python",
    );
    assert_eq!(
        (sweep.annotation_lines, sweep.import_lines),
        (2, 2),
        "{sweep:?}"
    );
    assert_eq!(sweep.light_lines(), 4);
    let real = read(
        "@@ -2,2 +2,2 @@ class A:\n-    def get(self, key=None):\n+    def get(self, key=1):\n         return None",
        "python",
    );
    assert_eq!(real.annotation_lines, 0);
}

#[test]
fn rust_doc_attributes_are_doc_comments() {
    let facts = read(
        "@@ -1,3 +1,3 @@\n-#[doc = \"Parses input.\"]\n+/// Parses input.\n pub fn parse() {}",
        "rust",
    );
    assert_eq!(facts.comment_lines, 2);
    assert!(facts.only_comments());
}

#[test]
fn import_statements_read_lightly_multi_line_ones_whole() {
    let python = read(
        "@@ -1,6 +1,3 @@\n-from .helpers import (\n-    url_for,\n-    flash,\n-)\n+from .helpers import flash\n+from .helpers import url_for\n import os",
        "python",
    );
    assert_eq!(
        (python.import_lines, python.light_lines()),
        (6, 6),
        "{python:?}"
    );
    let rust = read(
        "@@ -1,2 +1,4 @@\n-use std::io;\n+use std::{\n+    fmt, io,\n+};\n fn main() {}",
        "rust",
    );
    assert_eq!(rust.import_lines, 4);
    let call = read(
        "@@ -1 +1 @@\n-const m = import('./a.js');\n+const m = import('./b.js');",
        "javascript",
    );
    assert_eq!(call.import_lines, 0, "a dynamic import is a call");
}

#[test]
fn rust_tests_inside_a_source_file_are_test_lines() {
    let inside = read(
        "@@ -120,3 +120,6 @@ mod tests {\n     #[test]\n+    fn parses_empty() {\n+        assert!(parse(\"\").is_ok());\n+    }\n     fn other() {}",
        "rust",
    );
    assert_eq!(inside.test_lines, 3);
    let new_module = read(
        "@@ -10,2 +10,7 @@ pub fn parse() {}\n+\n+#[cfg(test)]\n+mod tests {\n+    #[test]\n+    fn works() {}\n+}",
        "rust",
    );
    assert_eq!(new_module.test_lines, 4, "{new_module:?}");
    let code = read(
        "@@ -1,2 +1,3 @@ pub fn parse() {\n+    check();\n     todo!()",
        "rust",
    );
    assert_eq!(code.test_lines, 0);
}

#[test]
fn a_copyright_line_in_the_module_docstring_is_a_comment() {
    let header = read(
        "@@ -5,9 +5,10 @@\n \n     This module implements the central WSGI application object.\n \n-    :copyright: (c) 2015 by Armin Ronacher.\n+    :copyright: © 2010 by the Pallets team.\n     :license: BSD, see LICENSE for more details.\n \"\"\"\n+\n import os",
        "python",
    );
    assert_eq!(
        (header.comment_lines, header.blank_lines),
        (2, 1),
        "{header:?}"
    );
    // Deep in a file, a closing quote says nothing about what came before.
    let deep = read(
        "@@ -300,4 +300,4 @@\n     query = f(\n-    x = 1\n+    x = 2\n \"\"\"",
        "python",
    );
    assert_eq!(deep.comment_lines, 0);
}

#[test]
fn ascii_lines_tokenise_the_same_byte_by_byte_as_character_by_character() {
    for line in [
        "    let config_12 = config::new(12).map_err(Error::from)?;",
        "x: Optional[int]\t=\x0bNone\r",
        "  a_b1+2  ",
        "",
        "   ",
        "fn f<'a>(x: &'a str) -> Vec<&'a str> { x.split(',').collect() }",
    ] {
        let (mut by_byte, mut by_char) = (Vec::new(), Vec::new());
        super::ascii_tokens(line, &mut by_byte);
        super::char_tokens(line, &mut by_char);
        assert_eq!(by_byte, by_char, "{line:?}");
    }
}
