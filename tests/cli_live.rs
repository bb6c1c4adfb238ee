//! `prlens analyze <PR>` and `prlens queue` against the fake GitHub (tests/fake-github), over
//! real HTTPS with its certificate trusted through `--ca-cert`: a PR URL gives exactly the
//! signal of the bundle the fake serves; a second run within the freshness window sends no
//! request; `--save-bundle` round-trips; `queue` ranks review-first with and without a token;
//! `--fail-on` and every failure have their own exit code and one line on stderr.
//! Data: www/sample-bundle.json and bundles built here from it (project-owned only).

mod support;

#[path = "cli_live/harness.rs"]
mod harness;

use std::process::Output;

use harness::{
    offline_analyze, offline_analyze_value, prlens_command, sample_bundle, stderr, stdout,
    FakeGitHub,
};
use serde_json::{json, Value};

const SAMPLE_URL: &str = "https://github.com/huggingface/transformers/pull/43774/files#diff-a17a";
pub const NOW: &str = "2026-02-06T19:40:00Z";
const VALID_TOKEN: &str = "ghp_test_valid_cli";

#[test]
fn a_pull_request_url_gives_exactly_the_signal_of_the_bundle_the_fake_serves() {
    let served = sample_bundle();
    let github = FakeGitHub::start("same-signal", std::slice::from_ref(&served), None);
    let live = github.prlens(&["analyze", SAMPLE_URL, "--now", NOW], None);
    assert_eq!(live.status.code(), Some(0), "{}", stderr(&live));
    assert_eq!(stdout(&live), offline_analyze_value(&served, &github.dir));
    let short = github.prlens(
        &[
            "analyze",
            "huggingface/transformers#43774",
            "--now",
            NOW,
            "--no-cache",
        ],
        None,
    );
    assert_eq!(stdout(&short), stdout(&live), "o/r#N names the same PR");
    // Anonymous: the budget left is said on stderr.
    assert!(stderr(&live).contains("requests left"), "{}", stderr(&live));
}

#[test]
fn a_second_analyze_within_the_freshness_window_sends_no_request() {
    let github = FakeGitHub::start("cache", &[sample_bundle()], None);
    let first = github.prlens(&["analyze", SAMPLE_URL, "--now", NOW], None);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let cold = github.requests().len();
    assert!(cold >= 4, "the cold run asked GitHub ({cold} requests)");
    let second = github.prlens(&["analyze", SAMPLE_URL, "--now", NOW], None);
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    assert_eq!(
        github.requests().len(),
        cold,
        "the warm run sent no request"
    );
    assert_eq!(stdout(&second), stdout(&first));
    let bypass = github.prlens(&["analyze", SAMPLE_URL, "--now", NOW, "--no-cache"], None);
    assert_eq!(bypass.status.code(), Some(0));
    assert!(
        github.requests().len() > cold,
        "--no-cache asks GitHub again"
    );
}

#[test]
fn save_bundle_writes_the_fetched_bundle_which_gives_the_same_signal_offline() {
    let github = FakeGitHub::start("save", &[sample_bundle()], None);
    let saved = github.dir.join("saved.json");
    let saved_arg = saved.display().to_string();
    let live = github.prlens(
        &[
            "analyze",
            SAMPLE_URL,
            "--now",
            NOW,
            "--save-bundle",
            &saved_arg,
        ],
        None,
    );
    assert_eq!(live.status.code(), Some(0), "{}", stderr(&live));
    let bundle: Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).expect("saved")).expect("JSON");
    assert_eq!(bundle["format"], "prlens.bundle.v1");
    assert_eq!(bundle["pull"]["number"], 43774);
    assert_eq!(offline_analyze(&saved), stdout(&live));
}

#[test]
fn a_token_goes_with_every_request_to_the_api_base() {
    let github = FakeGitHub::start("token", &[sample_bundle()], None);
    let live = github.prlens(&["analyze", SAMPLE_URL, "--now", NOW], Some(VALID_TOKEN));
    assert_eq!(live.status.code(), Some(0), "{}", stderr(&live));
    let requests = github.requests();
    assert!(!requests.is_empty());
    assert!(requests
        .iter()
        .all(|request| request["authorization"] == "Bearer"));
    assert!(
        !stderr(&live).contains(VALID_TOKEN),
        "the token is never printed"
    );
    let before = requests.len();
    let from_gh_token = prlens_command()
        .args(["analyze", SAMPLE_URL, "--now", NOW, "--no-cache"])
        .args(github.api_args())
        .env("GH_TOKEN", VALID_TOKEN)
        .output()
        .expect("prlens runs");
    assert_eq!(
        from_gh_token.status.code(),
        Some(0),
        "{}",
        stderr(&from_gh_token)
    );
    let later = &github.requests()[before..];
    assert!(
        !later.is_empty()
            && later
                .iter()
                .all(|request| request["authorization"] == "Bearer")
    );
    assert!(
        !stderr(&from_gh_token).contains("no GitHub token"),
        "no anonymous notice with a token"
    );
}

/// A pull of the sample's repository with the given size, state and labels.
fn pull_variant(number: u64, title: &str, lines: u64, draft: bool, label: &str) -> Value {
    let mut bundle = sample_bundle();
    let pull = &mut bundle["pull"];
    pull["number"] = json!(number);
    pull["title"] = json!(title);
    pull["draft"] = json!(draft);
    pull["additions"] = json!(lines);
    pull["changed_files"] = json!(1);
    pull["labels"] = json!([{"name": label}]);
    pull["head"]["sha"] = json!(format!("{number:040x}"));
    pull["html_url"] = json!(format!(
        "https://github.com/huggingface/transformers/pull/{number}"
    ));
    bundle["files"] = json!([{"filename": "docs/source/en/notes.md", "status": "modified",
        "additions": lines, "deletions": 0, "patch": "@@ -1 +1 @@\n+x"}]);
    bundle["check_runs"] = json!([]);
    bundle
}

fn queue_bundles() -> Vec<Value> {
    let mut closed = pull_variant(5, "Closed long ago", 2000, false, "docs");
    closed["pull"]["state"] = json!("closed");
    // 900 lines of prose weigh like 225 of code: the medium-sized change is configuration.
    let mut medium = pull_variant(4, "Medium rewrite", 900, false, "infra");
    medium["files"][0]["filename"] = json!("conf/notes.yaml");
    vec![
        pull_variant(1, "Small docs fix", 3, false, "docs"),
        pull_variant(2, "Huge draft", 3000, true, "docs"),
        sample_bundle(),
        medium,
        closed,
    ]
}

fn ranked_numbers(output: &Output) -> Vec<u64> {
    let answer: Value = serde_json::from_str(&stdout(output)).expect("queue JSON");
    answer["pulls"]
        .as_array()
        .expect("pulls")
        .iter()
        .map(|pull| pull["number"].as_u64().expect("number"))
        .collect()
}

#[test]
fn queue_ranks_open_pull_requests_riskiest_ready_first_and_drafts_last() {
    let github = FakeGitHub::start("queue", &queue_bundles(), None);
    let args = [
        "queue",
        "huggingface/transformers",
        "--format",
        "json",
        "--now",
        NOW,
    ];
    let with_token = github.prlens(&args, Some(VALID_TOKEN));
    assert_eq!(with_token.status.code(), Some(0), "{}", stderr(&with_token));
    assert_eq!(ranked_numbers(&with_token), vec![43774, 4, 1, 2]);
    let graphql: Vec<Value> = github
        .requests_including(|request| request["pathname"] == "/graphql")
        .into_iter()
        .filter(|request| request["pathname"] == "/graphql")
        .collect();
    assert_eq!(graphql.len(), 1, "one GraphQL query with a token");
    assert_eq!(github.requests().len(), 1, "and nothing else");

    let anonymous = github.prlens(&args, None);
    assert_eq!(anonymous.status.code(), Some(0), "{}", stderr(&anonymous));
    assert_eq!(
        ranked_numbers(&anonymous),
        vec![43774, 4, 1, 2],
        "REST gives the same order"
    );

    let limited = github.prlens(&[&args[..], &["--limit", "2"]].concat(), Some(VALID_TOKEN));
    assert_eq!(ranked_numbers(&limited), vec![43774, 4]);
    let labelled = github.prlens(
        &[&args[..], &["--label", "infra"]].concat(),
        Some(VALID_TOKEN),
    );
    assert_eq!(ranked_numbers(&labelled), vec![4]);
    let by_author = github.prlens(&[&args[..], &["--author", "nobody-here"]].concat(), None);
    assert_eq!(ranked_numbers(&by_author), Vec::<u64>::new());

    let table = github.prlens(
        &["queue", "huggingface/transformers", "--now", NOW],
        Some(VALID_TOKEN),
    );
    let text = stdout(&table);
    let first_row = text.lines().nth(2).expect("a first row");
    assert!(first_row.contains("#43774"), "{text}");
    assert!(text.contains("[draft]"), "{text}");
}

#[test]
fn fail_on_exits_3_at_or_above_the_level_and_0_below_with_the_signal_printed() {
    let sample = support::repo_root().join("www/sample-bundle.json");
    let sample = sample.display().to_string();
    // The sample's level comes from the calibrated weights (docs/calibration.md): read it, then
    // check --fail-on below, at and above it.
    let signal = prlens_command()
        .args(["analyze", &sample])
        .output()
        .expect("prlens runs");
    let signal: serde_json::Value = serde_json::from_slice(&signal.stdout).expect("JSON");
    let actual = signal["risk"]["level"]
        .as_str()
        .expect("a level")
        .to_string();
    let order = ["low", "medium", "high", "critical"];
    let rank = |level: &str| order.iter().position(|l| *l == level).unwrap_or(0);
    assert!(
        rank(&actual) >= rank("high"),
        "the sample is at least high: {actual}"
    );
    let title = format!(
        "### prlens: {}{} risk",
        actual[..1].to_uppercase(),
        &actual[1..]
    );
    for level in ["critical", "high", "low"] {
        let code = if rank(&actual) >= rank(level) { 3 } else { 0 };
        let output = prlens_command()
            .args([
                "analyze",
                &sample,
                "--format",
                "markdown",
                "--fail-on",
                level,
            ])
            .output()
            .expect("prlens runs");
        assert_eq!(output.status.code(), Some(code), "--fail-on {level}");
        assert!(stdout(&output).starts_with(&title), "{}", stdout(&output));
        if code == 3 {
            assert_eq!(
                stderr(&output).trim(),
                format!("prlens: risk is {actual}, at or above --fail-on {level}")
            );
        } else {
            assert_eq!(stderr(&output).trim(), "");
        }
    }
    let mut small = pull_variant(1, "Small docs fix", 3, false, "docs");
    small["users"] = sample_bundle()["users"].clone();
    let path =
        std::env::temp_dir().join(format!("prlens-cli-live-{}-small.json", std::process::id()));
    std::fs::write(&path, small.to_string()).expect("written");
    let output = prlens_command()
        .args([
            "analyze",
            &path.display().to_string(),
            "--now",
            NOW,
            "--fail-on",
            "critical",
        ])
        .output()
        .expect("prlens runs");
    let _ = std::fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let bad = prlens_command()
        .args(["analyze", &sample, "--fail-on", "severe"])
        .output()
        .expect("prlens runs");
    assert_eq!(bad.status.code(), Some(2), "an unknown level is bad input");
}

#[test]
fn github_step_summary_receives_the_markdown_when_set() {
    let summary =
        std::env::temp_dir().join(format!("prlens-cli-live-{}-summary.md", std::process::id()));
    let _ = std::fs::remove_file(&summary);
    let sample = support::repo_root().join("www/sample-bundle.json");
    let output = prlens_command()
        .args(["analyze", &sample.display().to_string()])
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .expect("prlens runs");
    assert_eq!(output.status.code(), Some(0));
    let written = std::fs::read_to_string(&summary).expect("summary written");
    let _ = std::fs::remove_file(&summary);
    assert!(
        written.starts_with("### prlens: High risk")
            || written.starts_with("### prlens: Critical risk"),
        "{written}"
    );
    assert!(
        stdout(&output).starts_with('{'),
        "stdout keeps the chosen format"
    );
}

/// One line on stderr, starting `prlens: ` and containing `needle`; nothing on stdout. (The
/// fake's `--api-url` is not the PR URL's host, so a note and, with an environment token, a
/// warning come first: tests/cli_token_bounds.rs checks those.)
fn assert_failure(output: &Output, code: i32, needle: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(code), "{text}");
    assert!(
        output.stdout.is_empty(),
        "stdout stays empty: {}",
        stdout(output)
    );
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with("prlens: note:") && !line.starts_with("prlens: warning:"))
        .collect();
    assert_eq!(lines.len(), 1, "one line: {text:?}");
    assert!(
        lines[0].starts_with("prlens: ") && lines[0].contains(needle),
        "{needle:?} not in {text:?}"
    );
    assert!(!text.contains("panicked"));
}

#[test]
fn each_github_failure_is_one_line_with_its_own_exit_code() {
    let analyze = ["analyze", SAMPLE_URL, "--no-cache"];
    let github = FakeGitHub::start("faults", &[sample_bundle()], None);
    assert_failure(
        &github.prlens(&analyze, Some("ghp_revoked")),
        4,
        "GitHub rejected the token from GITHUB_TOKEN (401",
    );
    assert_failure(
        &github.prlens(
            &["analyze", "huggingface/transformers#999", "--no-cache"],
            None,
        ),
        6,
        "huggingface/transformers#999 was not found without a token (404)",
    );
    assert_failure(
        &github.prlens(
            &["analyze", "huggingface/transformers#999", "--no-cache"],
            Some(VALID_TOKEN),
        ),
        6,
        "cannot read it (404)",
    );
    drop(github);

    let limited = FakeGitHub::start("rate", &[sample_bundle()], Some("403-rate-limit"));
    let output = limited.prlens(&analyze, None);
    assert_failure(&output, 5, "GitHub's API rate limit is used up until ");
    assert!(stderr(&output).contains(" UTC"), "{}", stderr(&output));
    drop(limited);

    let secondary = FakeGitHub::start("secondary", &[sample_bundle()], Some("secondary-limit"));
    assert_failure(
        &secondary.prlens(&analyze, Some(VALID_TOKEN)),
        5,
        "rate limit is used up until ",
    );
    drop(secondary);

    let broken = FakeGitHub::start("server", &[sample_bundle()], Some("502"));
    assert_failure(&broken.prlens(&analyze, None), 8, "502");
    drop(broken);

    let silent = FakeGitHub::start("timeout", &[sample_bundle()], Some("timeout"));
    assert_failure(
        &silent.prlens(&[&analyze[..], &["--timeout", "1"]].concat(), None),
        7,
        "cannot reach",
    );
    drop(silent);

    // Network down: nothing listens on the port any more.
    let gone = FakeGitHub::start("down", &[sample_bundle()], None);
    let mut dead = prlens_command();
    dead.args(analyze)
        .args(["--anonymous", "--api-url"])
        .arg(format!("https://127.0.0.1:{}", gone.port));
    drop(gone);
    assert_failure(
        &dead.output().expect("prlens runs"),
        7,
        "cannot reach https://127.0.0.1:",
    );
}

#[test]
fn a_certificate_that_is_not_trusted_is_refused() {
    let github = FakeGitHub::start("untrusted", &[sample_bundle()], None);
    let output = prlens_command()
        .args([
            "analyze",
            SAMPLE_URL,
            "--anonymous",
            "--no-cache",
            "--api-url",
        ])
        .arg(format!("https://127.0.0.1:{}", github.port))
        .output()
        .expect("prlens runs");
    assert_failure(&output, 7, "certificate");
    assert!(github.requests().is_empty(), "no request got through");
}

#[test]
fn text_format_is_compact_uncoloured_when_piped_and_shows_control_characters_of_pr_text() {
    let mut bundle = sample_bundle();
    bundle["pull"]["title"] = json!("Fix \u{1b}[2J\u{1b}[31mthis\u{202e}txt.exe");
    let path = std::env::temp_dir().join(format!(
        "prlens-cli-live-{}-hostile.json",
        std::process::id()
    ));
    std::fs::write(&path, bundle.to_string()).expect("written");
    let output = prlens_command()
        .args(["analyze", &path.display().to_string(), "--format", "text"])
        .output()
        .expect("prlens runs");
    let _ = std::fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{202e}'),
        "{text:?}"
    );
    let first = text.lines().next().expect("a first line");
    assert_eq!(
        first,
        "huggingface/transformers#43774 Fix ⟪U+001B⟫[2J⟪U+001B⟫[31mthis⟪U+202E⟫txt.exe"
    );
    assert!(text.contains("Risk CRITICAL"), "{text}");
    // The bidi override in the title is itself a finding, shown as a code point.
    assert!(
        text.contains(
            "Hidden text — PR title and description: contains hidden characters ⟪U+202E⟫"
        ),
        "{text}"
    );
    // At most five rows each of drivers, claims (Intent) and focus files, plus one line each.
    assert!(text.lines().count() < 32, "compact: {text}");
}

#[test]
fn a_github_enterprise_server_api_url_is_used_for_rest_and_graphql_with_the_token() {
    let github = FakeGitHub::start("ghes", &queue_bundles(), None);
    let ghes = format!("https://127.0.0.1:{}/api/v3", github.port);
    let cert = github.dir.join("cert.pem").display().to_string();
    let run = |args: &[&str]| {
        prlens_command()
            .args(args)
            .args([
                "--api-url",
                &ghes,
                "--ca-cert",
                &cert,
                "--no-cache",
                "--now",
                NOW,
            ])
            .env("GITHUB_TOKEN", VALID_TOKEN)
            .output()
            .expect("prlens runs")
    };
    let live = run(&["analyze", "huggingface/transformers#43774"]);
    assert_eq!(live.status.code(), Some(0), "{}", stderr(&live));
    assert_eq!(
        stdout(&live),
        offline_analyze_value(&sample_bundle(), &github.dir)
    );
    let queue = run(&["queue", "huggingface/transformers", "--format", "json"]);
    assert_eq!(
        ranked_numbers(&queue),
        vec![43774, 4, 1, 2],
        "{}",
        stderr(&queue)
    );
    let requests = github.requests_including(|request| request["path"] == "/api/graphql");
    assert!(requests.iter().all(|request| {
        let path = request["path"].as_str().unwrap_or_default();
        (path.starts_with("/api/v3/") || path == "/api/graphql")
            && request["authorization"] == "Bearer"
    }));
    assert!(requests
        .iter()
        .any(|request| request["path"] == "/api/graphql"));
}

/// The reviewer's queue (issue #38): PRs of the sample's repository, all the same small docs
/// change, that ask the token's user (`prlens-tester`) for a review — one whose files CODEOWNERS
/// gives them, one they reviewed before a new push, one they reviewed on its head, one never
/// reviewed — and one that asks someone else.
fn mine_bundles() -> Vec<Value> {
    let asked = |number: u64| {
        let mut bundle = pull_variant(number, &format!("Docs change {number}"), 3, false, "docs");
        bundle["pull"]["requested_reviewers"] = json!([{"login": "prlens-tester"}]);
        bundle
    };
    let mut owned = asked(14);
    owned["files"][0]["filename"] = json!("docs/owned/notes.md");
    owned["codeowners"] = json!({"path": ".github/CODEOWNERS", "encoding": "base64",
        // "/docs/owned/ @prlens-tester\n"
        "content": "L2RvY3Mvb3duZWQvIEBwcmxlbnMtdGVzdGVyCg=="});
    let mut changed = asked(12);
    changed["reviews"] = json!([{"user": {"login": "prlens-tester"}, "state": "COMMENTED", "commit_id": "a".repeat(40)}]);
    let mut on_head = asked(13);
    on_head["reviews"] = json!([{"user": {"login": "prlens-tester"}, "state": "APPROVED", "commit_id": format!("{:040x}", 13)}]);
    let mut elsewhere = pull_variant(15, "Someone else's review", 3, false, "docs");
    elsewhere["pull"]["requested_reviewers"] = json!([{"login": "mona"}]);
    vec![asked(11), changed, on_head, owned, elsewhere]
}

#[test]
fn queue_mine_orders_the_prs_asking_for_your_review_by_ownership_and_changes_since_your_review() {
    let github = FakeGitHub::start("queue-mine", &mine_bundles(), None);
    let args = [
        "queue",
        "huggingface/transformers",
        "--mine",
        "--format",
        "json",
        "--now",
        NOW,
    ];
    let mine = github.prlens(&args, Some(VALID_TOKEN));
    assert_eq!(mine.status.code(), Some(0), "{}", stderr(&mine));
    assert_eq!(
        ranked_numbers(&mine),
        vec![14, 12, 11, 13],
        "yours, then changed since your review, then not reviewed, then reviewed on the head; #15 asks someone else"
    );
    // The fake appends its log asynchronously: wait for the query's line, then count.
    let logged = github.requests_including(|request| request["pathname"] == "/graphql");
    assert_eq!(logged.len(), 1, "one GraphQL query: {logged:?}");
    let answer: Value = serde_json::from_str(&stdout(&mine)).expect("JSON");
    assert_eq!(answer["pulls"][0]["for_you"]["owns"], 2);
    assert_eq!(answer["pulls"][1]["for_you"]["changed_since_review"], true);

    let plain = github.prlens(
        &[
            "queue",
            "huggingface/transformers",
            "--format",
            "json",
            "--now",
            NOW,
        ],
        Some(VALID_TOKEN),
    );
    assert_eq!(
        ranked_numbers(&plain),
        vec![11, 12, 13, 14, 15],
        "without --mine: no viewer, the usual order"
    );

    let table = stdout(&github.prlens(
        &["queue", "huggingface/transformers", "--mine", "--now", NOW],
        Some(VALID_TOKEN),
    ));
    assert!(
        table
            .lines()
            .nth(2)
            .is_some_and(|row| row.contains("#14") && row.ends_with("[yours]")),
        "{table}"
    );
    assert!(
        table.contains("[changed since your review]") && table.contains("[reviewed]"),
        "{table}"
    );

    let anonymous = github.prlens(&args, None);
    assert_eq!(anonymous.status.code(), Some(2), "--mine needs a token");
    assert!(
        stderr(&anonymous).contains("--mine needs a token"),
        "{}",
        stderr(&anonymous)
    );
}

#[test]
fn analyze_as_a_login_fetches_that_reviewers_view_of_a_live_pr() {
    let owner: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/bundles/review-owner.json"
        ))
        .expect("the review-owner bundle"),
    )
    .expect("JSON");
    let github = FakeGitHub::start("analyze-as", &[owner], None);
    let url = "https://github.com/tidewater/harbor-client/pull/240";
    let text = github.prlens(
        &["analyze", url, "--as", "mara-lindqvist", "--format", "text"],
        None,
    );
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let out = stdout(&text);
    assert!(out.contains("For you (@mara-lindqvist):"), "{out}");
    assert!(
        out.contains("harbor/auth/session.py — You own it (CODEOWNERS line 4: /harbor/auth/)"),
        "{out}"
    );
    let codeowners = "/repos/tidewater/harbor-client/contents/.github/CODEOWNERS";
    assert!(
        github
            .requests_including(|request| request["pathname"] == codeowners)
            .iter()
            .any(|request| request["pathname"] == codeowners),
        "CODEOWNERS read from the base branch"
    );
    let plain = stdout(&github.prlens(&["analyze", url, "--format", "text"], None));
    assert!(!plain.contains("For you"), "no --as, no viewer: {plain}");
    let bad = github.prlens(&["analyze", url, "--as", "not a login"], None);
    assert_eq!(bad.status.code(), Some(2));
}
