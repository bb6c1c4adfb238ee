//! The seeds the fuzzer mutates: the project's own bundles, the playground sample and, with
//! the recorded layer, the recorded PR cases.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

pub(crate) fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The seeds the mutations start from: the project's own bundles, plus the recorded fixture
/// cases when the recorded layer is built.
pub(crate) fn seed_bundles() -> Vec<Value> {
    let project: Vec<Value> = sorted_entries(&repo_root().join("tests/bundles"))
        .into_iter()
        .chain([repo_root().join("www/sample-bundle.json")])
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("project bundle is readable");
            let mut bundle: Value = serde_json::from_str(&text).expect("project bundle is JSON");
            bundle["page"] = json!({"title": "page title", "viewer": "octocat",
                "viewed_files": ["README.md"], "generated_files": ["Cargo.lock"]});
            bundle
        })
        .collect();
    #[cfg(feature = "recorded-fixtures")]
    let project = project.into_iter().chain(recorded_bundles()).collect();
    project
}

#[cfg(feature = "recorded-fixtures")]
pub(crate) fn fixtures_dir() -> PathBuf {
    repo_root().join("../shared/fixtures")
}

/// The response body of one recorded fixture file.
#[cfg(feature = "recorded-fixtures")]
pub(crate) fn body(path: &Path) -> Option<Value> {
    let text = fs::read_to_string(path).ok()?;
    let value: Value = serde_json::from_str(&text).ok()?;
    value.get("body").cloned()
}

/// Every PR case directory (one holding a `pull.json`) assembled into a bundle, plus the
/// shared users, check runs and statuses so mutations have every section to work on.
#[cfg(feature = "recorded-fixtures")]
pub(crate) fn recorded_bundles() -> Vec<Value> {
    let root = fixtures_dir();
    let mut users = serde_json::Map::new();
    let mut check_runs = Vec::new();
    let mut statuses = Vec::new();
    let mut case_dirs = Vec::new();
    for source in sorted_entries(&root) {
        for dir in sorted_entries(&source) {
            if dir.file_name().is_some_and(|name| name == "users") {
                for user_file in sorted_entries(&dir) {
                    if let Some(user) = body(&user_file).filter(Value::is_object) {
                        if let Some(login) = user.get("login").and_then(Value::as_str) {
                            users.insert(login.to_string(), user.clone());
                        }
                    }
                }
            } else if dir.join("pull.json").exists() {
                case_dirs.push(dir);
            } else {
                for file in sorted_entries(&dir) {
                    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    if name.starts_with("check_runs") {
                        if let Some(body) = body(&file) {
                            check_runs.push(body);
                        }
                    } else if name.starts_with("combined_status") {
                        if let Some(body) = body(&file) {
                            statuses.push(body);
                        }
                    }
                }
            }
        }
    }
    let mut bundles = Vec::new();
    for (index, dir) in case_dirs.iter().enumerate() {
        let Some(pull) = body(&dir.join("pull.json")) else {
            continue;
        };
        let mut bundle = json!({"format": "prlens.bundle.v1", "pull": pull,
            "fetched_at": "2026-02-10T12:00:00Z"});
        for (section, file) in [
            ("files", "files.json"),
            ("commits", "commits.json"),
            ("reviews", "reviews.json"),
            ("check_runs", "check_runs.json"),
            ("status", "combined_status.json"),
        ] {
            if let Some(value) = body(&dir.join(file)) {
                bundle[section] = value;
            }
        }
        if bundle.get("check_runs").is_none() && !check_runs.is_empty() {
            bundle["check_runs"] = check_runs[index % check_runs.len()].clone();
        }
        if bundle.get("status").is_none() && !statuses.is_empty() {
            bundle["status"] = statuses[index % statuses.len()].clone();
        }
        bundle["users"] = Value::Object(users.clone());
        bundle["history"] = json!({"octocat": {"prs": 3, "merged": 2}});
        bundle["page"] = json!({"title": "page title", "viewer": "octocat",
            "viewed_files": ["README.md"], "generated_files": ["Cargo.lock"]});
        bundles.push(bundle);
    }
    bundles
}

pub(crate) fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .map(|read| {
            read.filter_map(|entry| entry.ok().map(|e| e.path()))
                .collect()
        })
        .unwrap_or_default();
    prlens::order::sort(&mut entries);
    entries
}
