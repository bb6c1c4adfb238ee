//! Build steps that download something and run it, and tests that write outside the work tree.
//!
//! What it detects, on added lines:
//! - a Makefile, CMake, Gradle or shell build step that downloads (`curl`, `wget`,
//!   `Invoke-WebRequest`, CMake `file(DOWNLOAD …)`, Gradle `ant.get`/`URL(…)`/`download`) and
//!   then runs what it fetched (`sh`/`bash`/`./file`/`chmod +x`/`source`, CMake
//!   `execute_process`/`include`, Gradle `exec`/`commandLine`/`.execute()`), or a Gradle
//!   `apply from:` a URL — high (`remote_script`): what runs at build time is whatever the
//!   server returns, and nobody reviews it;
//! - a test, fixture or `conftest.py` that writes into the home directory or the system
//!   (`~/.ssh`, `authorized_keys`, shell profiles, `~/.npmrc`, `~/.gitconfig`, `crontab`,
//!   `/etc/`) — high (`writes_outside_work_tree`): CI and every developer run the tests, so the
//!   write persists a key, a command or a credential outside the repository.
//!
//! Sources (read 2026-12-06): OpenSSF Scorecard Pinned-Dependencies ("download then run");
//! CMake `file(DOWNLOAD)` and `execute_process` docs; Gradle "Applying script plugins"
//! (`apply from:`); MITRE ATT&CK T1098.004 (SSH authorized keys) and T1546.004 (shell
//! configuration modification).

use crate::engine::diff::Patch;
use crate::engine::files::{FileClass, FileFacts};
use crate::signal::{Finding, FindingKind, Severity};

use super::model::finding;

/// Calls and commands that fetch.
const FETCHES: &[&str] = &[
    "curl ",
    "wget ",
    "invoke-webrequest",
    "iwr ",
    "file(download",
    "ant.get(",
    "url(\"http",
    "new url(",
    ".tourl()",
    "download {",
    "download(",
];

/// Calls and commands that run what is in the work tree.
const RUNS: &[&str] = &[
    "| sh",
    "|sh",
    "| bash",
    "|bash",
    "bash ",
    "sh ./",
    "./",
    "chmod +x",
    "source ",
    "execute_process(",
    "include(",
    "exec {",
    "commandline",
    ".execute()",
    "processbuilder",
    "python ",
    "node ",
    "eval ",
];

/// Where a test has no business writing.
const OUTSIDE: &[&str] = &[
    ".ssh/",
    "authorized_keys",
    ".bashrc",
    ".bash_profile",
    ".zshrc",
    ".profile",
    ".npmrc",
    ".pypirc",
    ".gitconfig",
    ".docker/config.json",
    "crontab",
    "/etc/",
    "launchagents",
];

/// Calls and shell forms that write a file.
const WRITES: &[&str] = &[
    "open(", "write", "append", ">>", "> ~", "> $home", "copyfile", "copy(", "tee ",
];

/// Findings for one changed build script (download and run).
pub fn download_and_run(facts: &FileFacts, patch: &Patch) -> Option<Finding> {
    let added: Vec<String> = patch.added().map(str::to_ascii_lowercase).collect();
    let remote_plugin = added
        .iter()
        .position(|line| line.contains("apply from:") && line.contains("http"));
    let fetch = added
        .iter()
        .position(|line| FETCHES.iter().any(|call| line.contains(call)))
        .or(remote_plugin)?;
    let runs = added.iter().skip(fetch).any(|line| {
        RUNS.iter().any(|call| line.contains(call))
            || super::workflow_checkout::runs_code(line.trim_start_matches(['\t', ' ', '@', '-']))
    });
    let shown = patch.added().nth(fetch).unwrap_or("").trim();
    (runs || remote_plugin.is_some()).then(|| {
        finding(
            FindingKind::RemoteScript,
            &facts.path,
            format!(
                "downloads something and runs it at build time: {}",
                crate::text::clip(shown, 80)
            ),
            Severity::High,
        )
    })
}

/// Whether a path is test code or a fixture (where a write outside the work tree is out of place).
pub(super) fn test_code(facts: &FileFacts) -> bool {
    facts.class == FileClass::Test
        || crate::text::contains_any_ignore_case(&facts.path, &["fixture", "/test/", "/tests/"])
        || crate::text::ascii_lowercase(&facts.path).ends_with("conftest.py")
}

/// A test that writes into the home directory or the system.
pub fn writes_outside(facts: &FileFacts, patch: &Patch) -> Option<Finding> {
    if !test_code(facts) {
        return None;
    }
    let (number, line) = patch.hunks.iter().find_map(|hunk| {
        hunk.new_view()
            .into_iter()
            .enumerate()
            .find(|(_, (line, added))| {
                let lower = line.to_ascii_lowercase();
                *added
                    && OUTSIDE.iter().any(|target| lower.contains(target))
                    && WRITES.iter().any(|write| lower.contains(write))
            })
            .map(|(at, (line, _))| (hunk.new_start.saturating_add(at as u64), line))
    })?;
    Some(finding(
        FindingKind::WritesOutsideWorkTree,
        &facts.path,
        format!(
            "line {number} writes outside the work tree, where tests and CI leave it behind: {}",
            crate::text::clip(line.trim(), 80)
        ),
        Severity::High,
    ))
}

#[cfg(test)]
mod tests {
    use super::super::testing::changed;
    use super::*;
    use crate::engine::files::classify_file;

    fn run(path: &str, added: &[&str]) -> Vec<FindingKind> {
        let patch = format!(
            "@@ -1 +1,{} @@\n context{}",
            added.len() + 1,
            added
                .iter()
                .map(|line| format!("\n+{line}"))
                .collect::<String>()
        );
        let file = changed(path, "modified", &patch);
        let facts = classify_file(&file);
        let parsed = crate::engine::diff::parse(file.patch.as_deref().unwrap_or(""));
        download_and_run(&facts, &parsed)
            .into_iter()
            .chain(writes_outside(&facts, &parsed))
            .map(|finding| finding.id)
            .collect()
    }

    #[test]
    fn build_steps_that_download_then_run_are_remote_scripts() {
        for (path, lines) in [
            (
                "Makefile",
                &[
                    "\tcurl -fsSLo tool.sh https://x.example/tool.sh",
                    "\tsh ./tool.sh",
                ][..],
            ),
            (
                "CMakeLists.txt",
                &[
                    "file(DOWNLOAD https://x.example/gen.cmake ${CMAKE_BINARY_DIR}/gen.cmake)",
                    "include(${CMAKE_BINARY_DIR}/gen.cmake)",
                ][..],
            ),
            (
                "build.gradle",
                &["apply from: 'https://x.example/setup.gradle'"][..],
            ),
        ] {
            assert_eq!(run(path, lines), [FindingKind::RemoteScript], "{path}");
        }
        assert!(run(
            "Makefile",
            &["\tcurl -fsSLo data.json https://x.example/data.json"]
        )
        .is_empty());
    }

    #[test]
    fn a_test_writing_into_the_home_directory_is_found_and_a_temp_file_is_not() {
        assert_eq!(
            run(
                "tests/test_setup.py",
                &["    with open(os.path.expanduser('~/.ssh/authorized_keys'), 'a') as f:"]
            ),
            [FindingKind::WritesOutsideWorkTree]
        );
        assert!(run(
            "tests/test_setup.py",
            &["    with open(tmp_path / 'config.json', 'w') as f:"]
        )
        .is_empty());
        assert!(run(
            "src/ssh.py",
            &["    with open(os.path.expanduser('~/.ssh/config'), 'a') as f:"]
        )
        .is_empty());
    }
}
