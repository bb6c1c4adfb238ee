//! The harness of `tests/cli_live.rs`: a fake GitHub process per test and the `prlens` command.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

use crate::support;
use crate::NOW;

/// A fake GitHub on 127.0.0.1 serving the bundles in its own folder; stopped on drop (and by
/// itself when this process or its stdin goes away).
pub struct FakeGitHub {
    child: Child,
    pub port: u16,
    pub dir: PathBuf,
}

impl FakeGitHub {
    pub fn start(name: &str, bundles: &[Value], fault: Option<&str>) -> FakeGitHub {
        let dir =
            std::env::temp_dir().join(format!("prlens-cli-live-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("bundles")).expect("temp dir");
        for (index, bundle) in bundles.iter().enumerate() {
            std::fs::write(
                dir.join("bundles").join(format!("{index}.json")),
                bundle.to_string(),
            )
            .expect("bundle written");
        }
        let mut command = Command::new("node");
        command
            .current_dir(support::repo_root())
            .arg("tests/fake-github/server.mjs")
            .arg("--bundles")
            .arg(dir.join("bundles"))
            .args(["--port", "0", "--max-lifetime-s", "120"])
            .arg("--cert-out")
            .arg(dir.join("cert.pem"))
            .arg("--log")
            .arg(dir.join("requests.jsonl"));
        if let Some(fault) = fault {
            command.args(["--fault", fault]);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node runs the fake GitHub");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the fake GitHub says it is ready");
        let ready: Value = serde_json::from_str(&line).expect("a ready line");
        let port = ready["port"].as_u64().expect("a port") as u16;
        FakeGitHub { child, port, dir }
    }

    pub fn api_args(&self) -> Vec<String> {
        vec![
            "--api-url".into(),
            format!("https://127.0.0.1:{}", self.port),
            "--ca-cert".into(),
            self.dir.join("cert.pem").display().to_string(),
        ]
    }

    /// Requests the fake has received so far.
    pub fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(self.dir.join("requests.jsonl"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect()
    }

    /// The request log once a request matching `wanted` is in it (the server appends each line
    /// asynchronously, so the last request of a run can land just after the run ends); the log as
    /// it is after 5 s otherwise.
    pub fn requests_including(&self, wanted: impl Fn(&Value) -> bool) -> Vec<Value> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let requests = self.requests();
            if requests.iter().any(&wanted) || std::time::Instant::now() > deadline {
                return requests;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// `prlens ARGS` against this server, with its own cache folder and no token unless given.
    pub fn prlens(&self, args: &[&str], token: Option<&str>) -> Output {
        let mut command = prlens_command();
        command
            .args(args)
            .args(self.api_args())
            .env("XDG_CACHE_HOME", self.dir.join("cache"));
        match token {
            Some(token) => command.env("GITHUB_TOKEN", token),
            None => command.arg("--anonymous"),
        };
        command.output().expect("prlens runs")
    }
}

impl Drop for FakeGitHub {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn prlens_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_prlens"));
    command
        .current_dir(support::repo_root())
        .env_remove("GITHUB_TOKEN")
        .env_remove("GH_TOKEN")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env("RUST_BACKTRACE", "1");
    command
}

/// The playground's sample bundle, plus what the live fetch also asks GitHub for that the
/// sample does not record: the PR's timeline (its commits, as GitHub lists them) and the public
/// events of its people (none). Served as is, so the live signal is the served bundle's.
pub fn sample_bundle() -> Value {
    let path = support::repo_root().join("www/sample-bundle.json");
    let mut bundle: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("sample bundle")).expect("JSON");
    let commits = bundle["commits"].as_array().cloned().unwrap_or_default();
    let mut events = serde_json::Map::new();
    let mut timeline = Vec::new();
    for commit in &commits {
        timeline.push(serde_json::json!({
            "event": "committed",
            "sha": commit["sha"],
            "message": commit["commit"]["message"],
            "author": commit["commit"]["author"],
        }));
        if let Some(login) = commit["author"]["login"].as_str() {
            events.insert(login.to_string(), Value::Array(Vec::new()));
        }
    }
    if let Some(author) = bundle["pull"]["user"]["login"].as_str() {
        events.insert(author.to_string(), Value::Array(Vec::new()));
    }
    bundle["timeline"] = Value::Array(timeline);
    bundle["events"] = Value::Object(events);
    bundle
}

/// `prlens analyze` of a bundle value (written next to the fake's files).
pub fn offline_analyze_value(bundle: &Value, dir: &Path) -> String {
    let path = dir.join("served-bundle.json");
    std::fs::write(&path, bundle.to_string()).expect("bundle written");
    offline_analyze(&path)
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn offline_analyze(path: &Path) -> String {
    let output = prlens_command()
        .args(["analyze", &path.display().to_string(), "--now", NOW])
        .output()
        .expect("prlens runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
}
