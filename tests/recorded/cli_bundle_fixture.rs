//! Recorded fixture cases through the CLI: `prlens bundle-fixture` prints exactly the bundle
//! the Rust tests assemble, and `--all` writes one analysable bundle per case.

use std::process::{Command, Output};

use super::support;

const FIXTURES: &str = "../shared/fixtures";

fn prlens() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_prlens"));
    command.current_dir(support::repo_root());
    command.env("RUST_BACKTRACE", "1");
    command
}

/// Exit code 2, nothing on stdout, one line on stderr that contains `needle`.
fn assert_rejected(output: &Output, needle: &str) {
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains(needle), "{stderr}");
}

#[test]
fn bundle_fixture_prints_exactly_the_bundle_the_tests_assemble() {
    for name in [
        "PyGithub-PyGithub-31-large",
        "PyGithub-PyGithub-691-huge-squash-commit",
    ] {
        let output = prlens()
            .args(["bundle-fixture", name, "--fixtures", FIXTURES])
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let printed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(printed, support::bundle_value(name), "{name}");
        // Stable text: the same bytes every run.
        let again = prlens()
            .args(["bundle-fixture", name, "--fixtures", FIXTURES])
            .output()
            .unwrap();
        assert_eq!(again.stdout, output.stdout);
    }
    let list = prlens()
        .args(["bundle-fixture", "--list", "--fixtures", FIXTURES])
        .output()
        .unwrap();
    let names: Vec<String> = String::from_utf8(list.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(names, support::cases().names());
    assert_rejected(
        &prlens()
            .args(["bundle-fixture", "no-such-case", "--fixtures", FIXTURES])
            .output()
            .unwrap(),
        "no fixture case named",
    );
}

#[test]
fn bundle_fixture_all_writes_one_bundle_per_case() {
    let dir = std::env::temp_dir().join(format!("prlens-bundles-{}", std::process::id()));
    let output = prlens()
        .args([
            "bundle-fixture",
            "--all",
            "--out-dir",
            dir.to_str().unwrap(),
            "--fixtures",
            FIXTURES,
        ])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for name in support::cases().names() {
        let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
        let analysed = prlens::analyze_json(&text, "", None);
        assert!(analysed.is_ok(), "{name}: {analysed:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
