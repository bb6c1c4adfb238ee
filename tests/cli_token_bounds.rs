//! The CLI keeps what a token fetched to that token and that user, and sends the token only
//! where the pull request lives (security round 3, issue #33 items 4 and 5), against the fake
//! GitHub (tests/fake-github) over real HTTPS:
//!  - the disk cache is `0700` folders and `0600` files from creation, even under `umask 000`
//!    and with an older, wider folder in place; a folder that cannot be made private stops the
//!    run with an error; the files hold no token;
//!  - two tokens get two caches: a run with another token is never answered from the first
//!    one's responses, and each token's second run is;
//!  - a GitHub Enterprise Server URL (`https://HOST/o/r/pull/N`, no `--api-url`) is analysed with
//!    that server's API (`https://HOST/api/v3`), not github.com's repository of the same name;
//!  - `--api-url` naming another host than the URL's is followed, and said once on stderr; a
//!    token from the environment going to a host that is neither api.github.com nor the URL's
//!    own is warned about once, and never printed.
//!
//! Data: www/sample-bundle.json (project-owned).

mod support;

#[path = "cli_live/harness.rs"]
#[allow(dead_code)] // shared with tests/cli_live.rs, which uses all of it
mod harness;

use harness::{offline_analyze_value, prlens_command, sample_bundle, stderr, stdout, FakeGitHub};

pub const NOW: &str = "2026-02-06T19:40:00Z";
const TOKEN_A: &str = "ghp_test_valid_cli_first";
const TOKEN_B: &str = "ghp_test_valid_cli_second";
const GITHUB_URL: &str = "https://github.com/huggingface/transformers/pull/43774";

/// `prlens ARGS` under `sh -c 'umask 000; exec prlens …'` with the fake's API and certificate,
/// the cache in `cache`, and `token` in GITHUB_TOKEN.
#[cfg(unix)]
fn under_open_umask(
    github: &FakeGitHub,
    cache: &std::path::Path,
    token: &str,
) -> std::process::Output {
    let binary = env!("CARGO_BIN_EXE_prlens");
    let mut shell = std::process::Command::new("sh");
    shell
        .current_dir(support::repo_root())
        .env_remove("GH_TOKEN")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env("GITHUB_TOKEN", token)
        .env("XDG_CACHE_HOME", cache)
        .arg("-c")
        .arg("umask 000; exec \"$0\" \"$@\"")
        .arg(binary)
        .args(["analyze", "huggingface/transformers#43774", "--now", NOW])
        .args(github.api_args());
    shell.output().expect("sh runs prlens")
}

#[cfg(unix)]
#[test]
fn the_cache_is_private_from_creation_one_per_token_and_never_holds_the_token() {
    use std::os::unix::fs::PermissionsExt;

    let github = FakeGitHub::start("private-cache", &[sample_bundle()], None);
    let cache = github.dir.join("cache");
    // An older prlens left a wider folder.
    std::fs::create_dir_all(cache.join("prlens/http")).expect("folder");
    std::fs::set_permissions(
        cache.join("prlens/http"),
        std::fs::Permissions::from_mode(0o755),
    )
    .expect("chmod");

    let first = under_open_umask(&github, &cache, TOKEN_A);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let cold = github.requests().len();
    assert!(cold >= 4, "the cold run asked GitHub ({cold} requests)");

    let mut entries = Vec::new();
    let mut pending = vec![cache.join("prlens")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path.clone());
            }
            entries.push(path);
        }
    }
    assert!(
        entries.iter().any(|path| path.is_file()),
        "the run cached answers"
    );
    let prlens_mode = std::fs::metadata(cache.join("prlens"))
        .expect("stat")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(prlens_mode, 0o700, "the cache's own folder");
    for path in &entries {
        let mode = std::fs::metadata(path).expect("stat").permissions().mode() & 0o777;
        let wanted = if path.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(mode, wanted, "{} is {mode:o}", path.display());
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        assert!(!name.contains(TOKEN_A), "{name}");
        if path.is_file() {
            let text = std::fs::read(path).expect("readable");
            assert!(
                !String::from_utf8_lossy(&text).contains(TOKEN_A),
                "{} holds the token",
                path.display()
            );
        }
    }

    // Another token: its own cache, so GitHub is asked again.
    let second = under_open_umask(&github, &cache, TOKEN_B);
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    let after_b = github.requests().len();
    assert!(after_b >= cold * 2, "a run with another token is not answered from the first one's cache ({cold} then {after_b} requests)");
    assert_eq!(stdout(&second), stdout(&first), "same PR, same signal");
    let host_dir = std::fs::read_dir(cache.join("prlens/http"))
        .expect("host folder")
        .flatten()
        .next()
        .expect("one host")
        .path();
    let mut folders: Vec<String> = std::fs::read_dir(&host_dir)
        .expect("access folders")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    prlens::order::sort(&mut folders);
    assert_eq!(folders.len(), 2, "{folders:?}");
    assert!(
        folders
            .iter()
            .all(|name| name.starts_with("token-") && name.len() == "token-".len() + 16),
        "{folders:?}"
    );

    // Each token's second run is answered from its own cache.
    let again = under_open_umask(&github, &cache, TOKEN_A);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(
        github.requests().len(),
        after_b,
        "the first token's cache still answers it"
    );
}

#[cfg(unix)]
#[test]
fn a_cache_folder_that_cannot_be_made_private_stops_the_run() {
    let github = FakeGitHub::start("unprivate-cache", &[sample_bundle()], None);
    let cache = github.dir.join("cache");
    std::fs::create_dir_all(&cache).expect("folder");
    std::fs::write(cache.join("prlens"), "not a folder").expect("file");
    let output = under_open_umask(&github, &cache, TOKEN_A);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("cannot make the cache folder"),
        "{}",
        stderr(&output)
    );
    assert!(
        github.requests().is_empty(),
        "nothing was fetched without a private cache"
    );
}

#[test]
fn a_github_enterprise_server_url_is_analysed_with_that_servers_api() {
    let github = FakeGitHub::start("ghes-url", &[sample_bundle()], None);
    let url = format!(
        "https://127.0.0.1:{}/huggingface/transformers/pull/43774/files",
        github.port
    );
    let cert = github.dir.join("cert.pem").display().to_string();
    let output = prlens_command()
        .args([
            "analyze",
            &url,
            "--now",
            NOW,
            "--no-cache",
            "--ca-cert",
            &cert,
        ])
        .env("GITHUB_TOKEN", TOKEN_A)
        .output()
        .expect("prlens runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        offline_analyze_value(&sample_bundle(), &github.dir)
    );
    let requests = github.requests();
    assert!(!requests.is_empty());
    for request in &requests {
        let path = request["path"].as_str().unwrap_or_default();
        assert!(path.starts_with("/api/v3/"), "GHES's REST API: {path}");
        assert_eq!(request["authorization"], "Bearer");
    }
    assert!(
        stderr(&output).is_empty(),
        "the token goes to the URL's own host: no warning ({})",
        stderr(&output)
    );
}

#[test]
fn an_api_url_on_another_host_is_followed_and_said_once_and_an_environment_token_to_it_is_warned() {
    let github = FakeGitHub::start("host-mismatch", &[sample_bundle()], None);
    let output = prlens_command()
        .args(["analyze", GITHUB_URL, "--now", NOW, "--no-cache"])
        .args(github.api_args())
        .env("GITHUB_TOKEN", TOKEN_A)
        .output()
        .expect("prlens runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stderr(&output);
    let api = format!("127.0.0.1:{}", github.port);
    let notes: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("prlens: note:"))
        .collect();
    assert_eq!(notes.len(), 1, "{text}");
    assert!(
        notes[0].contains("github.com") && notes[0].contains(&api),
        "{text}"
    );
    let warnings: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("prlens: warning:"))
        .collect();
    assert_eq!(warnings.len(), 1, "{text}");
    assert!(
        warnings[0].contains("GITHUB_TOKEN") && warnings[0].contains(&api),
        "{text}"
    );
    assert!(!text.contains(TOKEN_A), "the token is never printed");
    assert!(!github.requests().is_empty(), "--api-url is followed");

    // Anonymous: nothing to warn about. `o/r#N` names no host: nothing to note.
    let anonymous = github.prlens(&["analyze", GITHUB_URL, "--now", NOW, "--no-cache"], None);
    assert_eq!(anonymous.status.code(), Some(0), "{}", stderr(&anonymous));
    assert!(
        !stderr(&anonymous).contains("warning:"),
        "{}",
        stderr(&anonymous)
    );
    let short = github.prlens(
        &[
            "analyze",
            "huggingface/transformers#43774",
            "--now",
            NOW,
            "--no-cache",
        ],
        Some(TOKEN_A),
    );
    assert_eq!(short.status.code(), Some(0), "{}", stderr(&short));
    assert!(!stderr(&short).contains("note:"), "{}", stderr(&short));
    assert_eq!(
        stderr(&short).matches("warning:").count(),
        1,
        "{}",
        stderr(&short)
    );
}
