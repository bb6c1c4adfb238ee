//! The `prlens` command line: `analyze` prints a signal; bad input exits with code 2 and ONE
//! clear line on stderr (never a panic or backtrace, nothing on stdout); `bundle-fixture`
//! needs the recorded fixtures folder named explicitly (the recorded layer,
//! `tests/recorded/cli_bundle_fixture.rs`, checks what it prints).

mod support;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn prlens() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_prlens"));
    command.current_dir(support::repo_root());
    // A panic would print a backtrace; the contract says it never happens.
    command.env("RUST_BACKTRACE", "1");
    command
}

fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = prlens()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlens runs");
    // The child may exit before reading everything; a broken pipe here is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prlens-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// Exit code 2, nothing on stdout, exactly one non-empty line on stderr that contains `needle`.
fn assert_rejected(output: &Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(output.stdout.is_empty(), "stdout must stay empty");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line, got: {stderr:?}");
    assert!(lines[0].starts_with("prlens: "), "{stderr}");
    assert!(
        lines[0].to_lowercase().contains(&needle.to_lowercase()),
        "{needle:?} not in {stderr:?}"
    );
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"));
}

const MINIMAL: &str = r#"{"format":"prlens.bundle.v1","fetched_at":"2026-02-06T19:26:00Z","pull":{"number":7,"title":"Fix typo in README","user":{"login":"octocat"},"html_url":"https://github.com/octo/repo/pull/7"}}"#;

#[test]
fn analyze_prints_the_signal_json_from_stdin() {
    let output = run_with_stdin(&["analyze", "-"], MINIMAL.as_bytes());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let signal: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(signal["version"], "prlens.signal.v1");
    assert_eq!(signal["pr"]["number"], 7);
    assert_eq!(signal["meta"]["generated_at"], "2026-02-06T19:26:00Z");
    assert!(output.stderr.is_empty());
}

#[test]
fn analyze_honours_now_settings_and_markdown_format() {
    let bundle = temp_file("bundle.json", MINIMAL.as_bytes());
    let settings = temp_file(
        "settings.json",
        br#"{"policies":[{"id":"P","rules":[{"id":"R","require":{"field":"risk.level","operator":"eq","value":"low"}}]}]}"#,
    );
    let output = prlens()
        .args([
            "analyze",
            bundle.to_str().unwrap(),
            "--now",
            "2026-03-01T00:00:00Z",
        ])
        .args(["--settings", settings.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let signal: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(signal["meta"]["generated_at"], "2026-03-01T00:00:00Z");
    assert_eq!(signal["governance"][0]["outcome"], "pass");

    let output = prlens()
        .args(["analyze", bundle.to_str().unwrap(), "--format", "markdown"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("### prlens: "), "{text}");
    assert!(text.contains("https://github.com/octo/repo/pull/7"));
}

#[test]
fn input_that_is_not_json_exits_2() {
    assert_rejected(
        &run_with_stdin(&["analyze", "-"], b"<html>oops</html>"),
        "not JSON",
    );
    assert_rejected(&run_with_stdin(&["analyze", "-"], b""), "not JSON");
    assert_rejected(
        &run_with_stdin(&["analyze", "-"], &[0xff, 0xfe, 0x00]),
        "standard input",
    );
}

#[test]
fn json_that_is_not_a_bundle_exits_2() {
    assert_rejected(
        &run_with_stdin(&["analyze", "-"], b"[1,2]"),
        "must be a JSON object",
    );
    assert_rejected(&run_with_stdin(&["analyze", "-"], b"{}"), "no \"pull\"");
    assert_rejected(
        &run_with_stdin(&["analyze", "-"], br#"{"pull": "seven"}"#),
        "\"pull\" must be an object",
    );
    assert_rejected(
        &run_with_stdin(
            &["analyze", "-"],
            br#"{"pull": {"number": 1}, "files": "x"}"#,
        ),
        "\"files\" must be an array",
    );
    assert_rejected(
        &run_with_stdin(
            &["analyze", "-"],
            br#"{"format": "other.v9", "pull": {"number": 1}}"#,
        ),
        "unsupported bundle format",
    );
}

#[test]
fn huge_quoted_values_still_give_one_short_line() {
    let format = "x".repeat(100_000);
    let input = format!(r#"{{"format": "{format}", "pull": {{"number": 1}}}}"#);
    let output = run_with_stdin(&["analyze", "-"], input.as_bytes());
    assert_rejected(&output, "unsupported bundle format");
    assert!(output.stderr.len() < 600, "{} bytes", output.stderr.len());
}

#[test]
fn absurd_values_exit_2() {
    assert_rejected(
        &run_with_stdin(&["analyze", "-"], br#"{"pull": {"number": 0}}"#),
        "absurd",
    );
    assert_rejected(
        &run_with_stdin(
            &["analyze", "-"],
            br#"{"pull": {"number": 1, "additions": 1e15}}"#,
        ),
        "absurd",
    );
}

#[test]
fn unreadable_files_and_bad_options_exit_2() {
    assert_rejected(
        &prlens()
            .args(["analyze", "/nonexistent/bundle.json"])
            .output()
            .unwrap(),
        "cannot read /nonexistent/bundle.json",
    );
    let bundle = temp_file("ok.json", MINIMAL.as_bytes());
    let path = bundle.to_str().unwrap();
    assert_rejected(
        &prlens()
            .args(["analyze", path, "--now", "yesterday"])
            .output()
            .unwrap(),
        "--now",
    );
    assert_rejected(
        &prlens()
            .args(["analyze", path, "--settings", "/nonexistent/s.json"])
            .output()
            .unwrap(),
        "cannot read",
    );
    let bad_settings = temp_file("bad-settings.json", br#"{"weights": {"large_diff": 7}}"#);
    assert_rejected(
        &prlens()
            .args([
                "analyze",
                path,
                "--settings",
                bad_settings.to_str().unwrap(),
            ])
            .output()
            .unwrap(),
        "large_diff",
    );
    let misspelt = temp_file(
        "misspelt-settings.json",
        br#"{"weights": {"larg_diff": 0.5}}"#,
    );
    assert_rejected(
        &prlens()
            .args(["analyze", path, "--settings", misspelt.to_str().unwrap()])
            .output()
            .unwrap(),
        "unknown driver weight `larg_diff`: did you mean `large_diff`?",
    );
    assert_rejected(
        &prlens()
            .args(["analyze", path, "--format", "html"])
            .output()
            .unwrap(),
        "html",
    );
    assert_rejected(&prlens().args(["analyze"]).output().unwrap(), "required");
    assert_rejected(
        &prlens().args(["frobnicate"]).output().unwrap(),
        "frobnicate",
    );
}

#[test]
fn bundle_fixture_has_no_default_fixtures_folder() {
    // The recorded fixtures live outside the repository; the CLI never guesses where.
    assert_rejected(
        &prlens()
            .args(["bundle-fixture", "PyGithub-PyGithub-31-large"])
            .output()
            .unwrap(),
        "--fixtures",
    );
}

/// The text view lists the seed sample's claims with the file and line that confirm each (the
/// reference product's four criteria come first), and says so when a description is not in
/// English.
#[test]
fn text_format_lists_the_claims_with_their_evidence() {
    let output = prlens()
        .args(["analyze", "www/sample-bundle.json", "--format", "text"])
        .output()
        .expect("prlens runs");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("  Intent: 6 of 6 claims confirmed by the diff\n"),
        "{text}"
    );
    for evidence in [
        "— `activation_offloading` added in src/transformers/training_args.py:+613",
        "— `get_act_offloading_ctx_manager` added in src/transformers/trainer.py:+69",
        "— docs/source/en/trainer.md:+303 changed",
        "— tests/utils/test_activation_offloading.py added",
    ] {
        assert!(text.contains(evidence), "{evidence}: {text}");
    }
    let output = prlens()
        .args([
            "analyze",
            "tests/bundles/claims-non-english.json",
            "--format",
            "text",
        ])
        .output()
        .expect("prlens runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("(not in English: only the names it gives were checked)"),
        "{text}"
    );
}
