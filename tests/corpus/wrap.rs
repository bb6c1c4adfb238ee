//! One corpus input as one new file of a harmless PR, and whether the engine names it.

use std::sync::OnceLock;

use prlens::Settings;
use serde_json::{json, Value};

use super::{support, Case};

/// The harmless PR every input joins: an established contributor's two-file fix, approved on
/// its head commit, checks green (`tests/bundles/approved-on-head-steady-author.json`).
pub const BASE_BUNDLE: &str = "approved-on-head-steady-author";

fn base() -> &'static Value {
    static BASE: OnceLock<Value> = OnceLock::new();
    BASE.get_or_init(|| support::project_bundle_value(BASE_BUNDLE))
}

/// The bundle with `path` added, holding `content` (the whole file as added lines).
pub fn bundle_with(path: &str, content: &str) -> Value {
    let mut bundle = base().clone();
    let lines: Vec<&str> = content.lines().collect();
    let mut patch = format!("@@ -0,0 +1,{} @@", lines.len());
    for line in &lines {
        patch.push_str("\n+");
        patch.push_str(line);
    }
    let file = json!({
        "filename": path, "status": "added", "additions": lines.len(), "deletions": 0,
        "changes": lines.len(), "patch": patch,
    });
    if let Some(files) = bundle.get_mut("files").and_then(Value::as_array_mut) {
        files.push(file);
    }
    bundle
}

/// Whether the signal of the case's PR holds a finding of the case's kind on its file.
pub fn raised(case: &Case) -> bool {
    let value = bundle_with(&case.path, &case.content);
    let bundle = prlens::Bundle::from_value(&value).expect("a corpus bundle is valid");
    let signal = prlens::analyze(&bundle, &Settings::default(), None);
    signal
        .supply_chain
        .findings
        .iter()
        .any(|finding| finding.id.key() == case.kind && finding.path == case.path)
}

/// The first 300 characters of an input, for the miss listing.
pub fn clip(text: &str) -> String {
    text.chars().take(300).collect()
}
