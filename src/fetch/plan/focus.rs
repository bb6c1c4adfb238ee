//! Which files to ask the author's history about, chosen before the patches are read.

use serde_json::Value;

use crate::fetch::limits::MAX_FAMILIARITY_FILES;

/// The files worth checking the author's history on: the files the panel's focus list puts
/// first, ranked by the focus section's own rule (`engine::sections::focus::priority`) from
/// what the file list says — path class, status and lines changed — without reading the
/// patches.
///
/// Why not a full analysis: this runs between wave 1 and wave 2, on the critical path of a
/// cold view, and a full analysis of a draft bundle (plus a `Value` → `Bundle` round trip)
/// cost ~50–100 ms there in the browser. The path classifier alone is microseconds per file;
/// it only misses what needs the patch (public API changes, generated-file markers), which at
/// worst swaps which of two source files is asked about.
pub(crate) fn focus_paths(files: &[Value]) -> Vec<String> {
    let critical_lines = crate::Settings::default().thresholds.critical_file_lines;
    let mut ranked: Vec<(crate::signal::Priority, u64, String)> = files
        .iter()
        .filter_map(|file| {
            let changed = crate::bundle::ChangedFile {
                filename: file.get("filename")?.as_str()?.to_string(),
                status: file
                    .get("status")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                additions: file.get("additions").and_then(Value::as_u64).unwrap_or(0),
                deletions: file.get("deletions").and_then(Value::as_u64).unwrap_or(0),
                // Without the patch the classifier decides from the path alone (cheap).
                patch: None,
                previous_filename: None,
                sha: None,
            };
            let facts = crate::engine::files::classify_file(&changed);
            let rank = crate::engine::sections::focus::priority(&facts, &changed, critical_lines);
            Some((rank, facts.changed_lines(), changed.filename))
        })
        .collect();
    // Most important first, then most changed, then by path (stable across runs).
    crate::order::sort_by(&mut ranked, |a, b| {
        b.0.cmp(&a.0)
            .then(b.1.cmp(&a.1))
            .then_with(|| a.2.cmp(&b.2))
    });
    ranked
        .into_iter()
        .take(MAX_FAMILIARITY_FILES)
        .map(|(_, _, path)| path)
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A file list item as GitHub sends it, without a patch.
    fn file(name: &str, status: &str, additions: u64, deletions: u64) -> Value {
        json!({"filename": name, "status": status, "additions": additions, "deletions": deletions})
    }

    fn mixed_files() -> Vec<Value> {
        vec![
            file("README.md", "modified", 300, 100),
            file("package-lock.json", "modified", 2500, 500),
            file("tests/test_api.py", "modified", 200, 50),
            file("src/auth/session.py", "modified", 6, 4),
            file("src/new_feature.py", "added", 40, 0),
            file("src/util.py", "modified", 20, 10),
            file(".github/workflows/ci.yml", "modified", 3, 2),
            file("docs/guide.md", "added", 100, 0),
            file("Cargo.toml", "modified", 2, 1),
        ]
    }

    #[test]
    fn familiarity_asks_about_big_new_sensitive_and_ci_files_before_docs_and_lockfiles() {
        assert_eq!(
            focus_paths(&mixed_files()),
            vec![
                "tests/test_api.py",
                "src/new_feature.py",
                "src/auth/session.py",
                ".github/workflows/ci.yml",
                "src/util.py",
            ]
        );
    }

    #[test]
    fn familiarity_paths_are_the_engines_focus_list_when_patches_say_nothing_more() {
        let files = mixed_files();
        let bundle = crate::Bundle::from_value(&json!({"pull": {"number": 1}, "files": files}))
            .expect("a valid bundle");
        let engine: Vec<String> = crate::analyze(&bundle, &crate::Settings::default(), Some(0))
            .focus
            .into_iter()
            .map(|focus| focus.path)
            .take(MAX_FAMILIARITY_FILES)
            .collect();
        assert_eq!(focus_paths(&files), engine);
    }

    #[test]
    fn familiarity_paths_skip_items_without_a_file_name() {
        let files = vec![
            json!({"status": "added"}),
            file("src/lib.rs", "modified", 1, 1),
        ];
        assert_eq!(focus_paths(&files), vec!["src/lib.rs"]);
    }
}
