//! Code nobody reads in review: a compiled bundle changed without the source it is built from,
//! and minified code added where source code lives.
//!
//! What it detects:
//! - a JavaScript bundle under `dist/` (`dist/index.js`, the entry of a compiled GitHub Action,
//!   and other `dist/**/*.js`) added or changed while no source file outside `dist/` changes —
//!   high for a top-level `dist/`, medium for a package's: what runs is the bundle, and the
//!   review cannot tie it to a source change (the tj-actions/changed-files and reviewdog
//!   compromises of 2025 shipped through rebuilt `dist/` files);
//! - minified code (a line of 500 or more characters that is nearly all code, or added lines
//!   averaging over the file classifier's minified length) added to a JavaScript or CSS file in a source
//!   directory (not `dist/`, `build/`, `vendor/`, `public/`, `static/`, `assets/` or a `.min.`
//!   file) — medium: a reviewer cannot read it, and source directories hold no build output.
//!
//! Sources (read 2026-12-06): GitHub Docs, "Creating a JavaScript action" (commit `dist/`
//! built with `ncc`); CISA alert on tj-actions/changed-files (CVE-2025-30066); StepSecurity,
//! "reviewdog/action-setup compromise" (CVE-2025-30154); the xz-utils backdoor (CVE-2024-3094)
//! for unreadable build inputs.

use crate::bundle::ChangedFile;
use crate::engine::files::FileFacts;
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use crate::settings::paths::{MINIFIABLE_EXTENSIONS, MINIFIED_AVERAGE_LINE_LENGTH};

const SCRIPT_EXTENSIONS: &[&str] = &[".js", ".cjs", ".mjs"];
const SOURCE_EXTENSIONS: &[&str] = &[".js", ".cjs", ".mjs", ".ts", ".tsx", ".jsx", ".mts", ".cts"];

/// Folders that hold build output, third-party or static files rather than source.
const NOT_SOURCE: &[&str] = &[
    "dist/",
    "build/",
    "vendor/",
    "public/",
    "static/",
    "assets/",
    "node_modules/",
    "out/",
];

/// A line this long with little whitespace is minified (the average-length rule is the file
/// classifier's, `settings::paths::generated`).
const MINIFIED_LINE: usize = 500;

fn under(lower: &str, folder: &str) -> bool {
    lower.starts_with(folder) || lower.contains(&format!("/{folder}"))
}

/// Bundles under `dist/` changed with no source change beside them.
pub fn bundles(files: &[FileFacts]) -> Vec<Finding> {
    let present = |file: &&FileFacts| file.status != "removed";
    let lower = |file: &FileFacts| crate::text::ascii_lowercase(&file.path).into_owned();
    let source_changed = files.iter().filter(present).any(|file| {
        let path = lower(file);
        SOURCE_EXTENSIONS.iter().any(|ext| path.ends_with(ext))
            && !NOT_SOURCE.iter().any(|folder| under(&path, folder))
            && !path.ends_with(".d.ts")
    });
    if source_changed {
        return Vec::new();
    }
    files
        .iter()
        .filter(present)
        .filter(|file| {
            let path = lower(file);
            under(&path, "dist/") && SCRIPT_EXTENSIONS.iter().any(|ext| path.ends_with(ext))
        })
        .take(5)
        .map(|file| {
            let top = file.path.to_ascii_lowercase().starts_with("dist/");
            finding(
                FindingKind::CompiledBundleChange,
                &file.path,
                "a compiled bundle changes while no source file does: what runs cannot be tied to a reviewed change; rebuild it in CI from the source".into(),
                if top { Severity::High } else { Severity::Medium },
            )
        })
        .collect()
}

/// Minified code added to a source file.
pub fn minified(file: &ChangedFile, facts: &FileFacts) -> Option<Finding> {
    let lower = crate::text::ascii_lowercase(&facts.path);
    let extension = lower.rsplit_once('.').map_or("", |(_, ext)| ext);
    let minifiable = MINIFIABLE_EXTENSIONS.contains(&extension)
        && !lower.contains(".min.")
        && !NOT_SOURCE.iter().any(|folder| under(&lower, folder));
    let patch = file.patch.as_deref().filter(|_| minifiable)?;
    let added: Vec<&str> = crate::engine::diff::lines(patch)
        .filter_map(|line| line.strip_prefix('+'))
        .filter(|line| !line.starts_with("++"))
        .collect();
    // A data URI (`url(data:…;base64,…)`) is long and spaceless without being code.
    let added: Vec<&str> = added
        .into_iter()
        .filter(|line| !line.contains("base64,"))
        .collect();
    let dense = added.iter().any(|line| {
        let spaces = line.chars().filter(|c| c.is_whitespace()).count();
        line.len() >= MINIFIED_LINE && spaces * 20 < line.len()
    });
    let total: usize = added.iter().map(|line| line.len()).sum();
    let average = total.checked_div(added.len()).unwrap_or(0);
    (dense || average > MINIFIED_AVERAGE_LINE_LENGTH).then(|| {
        finding(
            FindingKind::MinifiedSource,
            &facts.path,
            "adds minified code to a source file: nobody can review it, and source directories hold no build output".into(),
            Severity::Medium,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::changed;
    use super::*;
    use crate::engine::files::classify_file;

    fn facts(path: &str) -> FileFacts {
        classify_file(&changed(path, "modified", "@@ -1 +1 @@\n-a\n+b"))
    }

    #[test]
    fn a_dist_bundle_without_source_is_found_and_one_with_its_source_is_not() {
        let alone = bundles(&[facts("dist/index.js"), facts("README.md")]);
        assert_eq!(alone.len(), 1);
        assert_eq!(alone[0].severity, Severity::High);
        assert!(bundles(&[facts("dist/index.js"), facts("src/main.ts")]).is_empty());
    }

    #[test]
    fn minified_code_in_a_source_file_is_found_and_readable_code_is_not() {
        let long = format!("var a=function(b){{return b*2}};{}", "x=1;".repeat(150));
        let file = changed(
            "src/widget/index.js",
            "modified",
            &format!("@@ -1 +1,2 @@\n context\n+{long}"),
        );
        assert!(minified(&file, &classify_file(&file)).is_some());
        let vendored = changed(
            "public/lib.js",
            "modified",
            &format!("@@ -1 +1,2 @@\n context\n+{long}"),
        );
        assert!(minified(&vendored, &classify_file(&vendored)).is_none());
        let plain = changed(
            "src/widget/index.js",
            "modified",
            "@@ -1 +1,2 @@\n context\n+const a = 1;",
        );
        assert!(minified(&plain, &classify_file(&plain)).is_none());
    }
}
