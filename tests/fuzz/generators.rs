//! Arbitrary inputs: hostile strings, extreme numbers, giant patches and nested JSON that uses
//! the field names the parser looks for.

use proptest::prelude::*;
use serde_json::{json, Number, Value};

/// Strings that have broken parsers, diff tools and renderers before.
pub(crate) fn weird_string() -> impl Strategy<Value = String> {
    let fixed: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\u{202E}gnp.exe".into(),
        "a\u{200B}b\u{200C}c\u{200D}d\u{FEFF}".into(),
        "<script>alert(1)</script>".into(),
        "\"><img src=x onerror=alert(1)>".into(),
        "javascript:alert(1)".into(),
        "data:text/html,<script>alert(1)</script>".into(),
        "🦀👩‍👩‍👧‍👦🏳️‍🌈".repeat(50),
        "x".repeat(10_240),
        "line\n".repeat(2_000),
        "\r\n\r\n\0\u{7}".into(),
        "../../../../etc/passwd".into(),
        "/".into(),
        "a/".repeat(500),
        "@@ -1,3 +1,4 @@\n-a\n+b\n c".into(),
        "@@ -99999999999999999999,1 +1 @@\n+x".into(),
        "@@ -1,-5 +0,0 @@\n".into(),
        "@@ @@\n+\n-\n \\ No newline at end of file".into(),
        "@@ -18446744073709551615,18446744073709551615 +18446744073709551615,18446744073709551615 @@\n+a"
            .into(),
        "diff --git a/x b/x\n--- a/x\n+++ b/x\n".into(),
        "2017-13-45T99:99:99Z".into(),
        "9999-12-31T23:59:59Z".into(),
        "0000-01-01T00:00:00Z".into(),
        "1970-01-01T00:00:00-23:59".into(),
        "2016-09-15 05:52:11 UTC".into(),
        "NaN".into(),
        "-1".into(),
        "18446744073709551616".into(),
        "1e309".into(),
        "Closes #0, fixes #18446744073709551616, resolves #-1".into(),
        "- [ ] \n- [x] \n- [".into(),
        "renovate[bot]".into(),
        "ghost".into(),
        "dependabot[bot]".into(),
        "package.json".into(),
        "Cargo.lock".into(),
        ".github/workflows/ci.yml".into(),
        "*.rs".into(),
        "**/[".into(),
        "src/\u{0}/x.rs".into(),
        "é́́́́́́́́́́́́".into(),
    ];
    prop_oneof![
        4 => proptest::sample::select(fixed),
        2 => "\\PC{0,40}",
        1 => ".{0,40}",
        1 => any::<String>(),
    ]
}

pub(crate) fn weird_number() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(1e308)),
        Just(json!(-1e308)),
        Just(json!(0.5)),
        Just(json!(-0.0)),
        Just(json!(2147483648u64)),
        Just(json!(99_999_999)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter_map("json needs finite", Number::from_f64)
            .prop_map(Value::Number),
    ]
}

/// A patch of `lines` lines with hunk headers, the shape GitHub sends.
pub(crate) fn giant_patch(lines: usize, seed: u32) -> String {
    let mut patch = format!("@@ -1,{lines} +1,{lines} @@\n");
    for index in 0..lines {
        let prefix = match (index as u32).wrapping_add(seed) % 3 {
            0 => '+',
            1 => '-',
            _ => ' ',
        };
        patch.push(prefix);
        patch.push_str(&format!("let value_{index} = {seed};\n"));
    }
    patch
}

/// Arbitrary JSON, nested a few levels, with hostile leaves.
pub(crate) fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        weird_number(),
        weird_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    3 => proptest::sample::select(FIELD_NAMES.to_vec()).prop_map(str::to_string),
                    1 => weird_string(),
                ],
                inner,
                0..8
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// Field names the parser looks for, so arbitrary objects hit real code paths.
pub(crate) const FIELD_NAMES: &[&str] = &[
    "format",
    "pull",
    "files",
    "commits",
    "users",
    "history",
    "check_runs",
    "status",
    "reviews",
    "familiarity",
    "page",
    "fetch_notes",
    "fetched_at",
    "files_truncated",
    "commits_truncated",
    "number",
    "title",
    "body",
    "user",
    "login",
    "type",
    "html_url",
    "url",
    "head",
    "base",
    "repo",
    "owner",
    "name",
    "ref",
    "sha",
    "state",
    "merged",
    "draft",
    "additions",
    "deletions",
    "changed_files",
    "created_at",
    "updated_at",
    "merged_at",
    "labels",
    "filename",
    "patch",
    "previous_filename",
    "status",
    "author",
    "commit",
    "message",
    "date",
    "parents",
    "conclusion",
    "statuses",
    "context",
    "target_url",
    "submitted_at",
    "author_association",
    "prs",
    "viewed_files",
    "generated_files",
];
