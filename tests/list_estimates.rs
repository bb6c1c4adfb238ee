//! List estimates against full signals over every project bundle (issue #35, "Honest list
//! estimates"): a list badge and `prlens queue` score the list query's bundle (files without
//! patches; no commits, PR history or familiarity), and a section that bundle marks as not
//! fetched is never evidence. So, for every project bundle taken as an open PR:
//! - the estimate is never above the full signal's level, unless the drivers that lift it
//!   count listed lines or files the patches would weigh down and say so in their detail;
//! - it names no unreviewable content (nor any finding) the full signal does not;
//! - its minutes are unknown ("–"), and `meta.missing` names the patches;
//! - `prlens queue` against the fake GitHub (whose GraphQL answer is built by
//!   tests/fake-github/graphql.mjs, not by this file) gives the same levels, drivers and
//!   unknown minutes.

mod support;

#[allow(dead_code)] // the harness serves tests/cli_live.rs too
#[path = "cli_live/harness.rs"]
mod harness;

use std::collections::BTreeMap;

use harness::{stderr, stdout, FakeGitHub};
use prlens::engine::drivers::{COUNTED_BEFORE_PATCHES, PATCHES_NOT_READ};
use prlens::engine::sections::risk;
use prlens::fetch::graphql::bundle_of;
use prlens::signal::RiskLevel;
use prlens::{Settings, Signal};
use serde_json::{json, Value};

/// The harness's default reference time (unused here: every run names its own).
pub const NOW: &str = "2026-02-06T19:40:00Z";
const TOKEN: &str = "ghp_test_valid_estimates";
/// The queue query reads 50 PRs per repository: the bundles are spread over repositories.
const PER_REPOSITORY: usize = 40;

fn upper(value: Option<&Value>) -> Value {
    value
        .and_then(Value::as_str)
        .map_or(Value::Null, |text| json!(text.to_ascii_uppercase()))
}

fn actor(user: Option<&Value>, users: Option<&Value>) -> Value {
    let Some(login) = user
        .and_then(|user| user.get("login"))
        .and_then(Value::as_str)
    else {
        return Value::Null;
    };
    let bot = user.and_then(|u| u.get("type")).and_then(Value::as_str) == Some("Bot")
        || login.ends_with("[bot]");
    if bot {
        return json!({"__typename": "Bot", "login": login.trim_end_matches("[bot]")});
    }
    let mut node = json!({"__typename": "User", "login": login});
    if let Some(created) = users
        .and_then(|users| users.get(login))
        .and_then(|u| u.get("created_at"))
    {
        node["createdAt"] = created.clone();
    }
    node
}

/// A REST bundle as a `PullRequest` node of the queue query (tests/fake-github/graphql.mjs's `pullNode`).
fn pull_node(bundle: &Value) -> Value {
    let pull = &bundle["pull"];
    let files = bundle["files"].as_array().cloned().unwrap_or_default();
    let runs = match &bundle["check_runs"] {
        Value::Array(runs) => runs.clone(),
        other => other["check_runs"].as_array().cloned().unwrap_or_default(),
    };
    let statuses = bundle["status"]["statuses"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let has_checks = bundle.get("check_runs").is_some() || bundle.get("status").is_some();
    let mut contexts: Vec<Value> = runs
        .iter()
        .map(|run| json!({"__typename": "CheckRun", "name": run["name"], "status": upper(Some(run.get("status").unwrap_or(&json!("completed")))), "conclusion": upper(run.get("conclusion"))}))
        .collect();
    contexts.extend(statuses.iter().map(|status| json!({"__typename": "StatusContext", "context": status["context"], "state": upper(status.get("state"))})));
    let change_type = |status: &str| match status {
        "added" => "ADDED",
        "removed" => "DELETED",
        "renamed" => "RENAMED",
        "copied" => "COPIED",
        "changed" => "CHANGED",
        _ => "MODIFIED",
    };
    let sum = |key: &str| {
        files
            .iter()
            .map(|file| file[key].as_u64().unwrap_or(0))
            .sum::<u64>()
    };
    json!({
        "number": pull["number"],
        "title": pull.get("title").cloned().unwrap_or(json!("")),
        "body": pull["body"],
        "url": pull["html_url"],
        "isDraft": pull["draft"].as_bool().unwrap_or(false),
        "state": if pull["merged_at"].is_string() { json!("MERGED") } else { upper(Some(pull.get("state").unwrap_or(&json!("open")))) },
        "createdAt": pull["created_at"],
        "updatedAt": pull["updated_at"],
        "additions": pull.get("additions").cloned().unwrap_or(json!(sum("additions"))),
        "deletions": pull.get("deletions").cloned().unwrap_or(json!(sum("deletions"))),
        "changedFiles": pull.get("changed_files").cloned().unwrap_or(json!(files.len())),
        "authorAssociation": pull.get("author_association").cloned().unwrap_or(json!("NONE")),
        "baseRefName": pull["base"]["ref"],
        "headRefName": pull["head"]["ref"],
        "headRefOid": pull["head"]["sha"],
        "author": actor(pull.get("user"), bundle.get("users")),
        "labels": {"nodes": pull["labels"].as_array().cloned().unwrap_or_default().iter().take(20).map(|l| json!({"name": l["name"]})).collect::<Vec<_>>()},
        "commits": {"totalCount": pull.get("commits").cloned().unwrap_or(json!(bundle["commits"].as_array().map_or(0, Vec::len)))},
        "files": {"totalCount": files.len(), "nodes": files.iter().take(100).map(|f| json!({"path": f["filename"], "additions": f["additions"].as_u64().unwrap_or(0), "deletions": f["deletions"].as_u64().unwrap_or(0), "changeType": change_type(f["status"].as_str().unwrap_or(""))})).collect::<Vec<_>>()},
        "reviews": {"nodes": bundle["reviews"].as_array().cloned().unwrap_or_default().iter().take(100).map(|r| json!({"state": r["state"], "submittedAt": r["submitted_at"], "author": actor(r.get("user"), None), "commit": r["commit_id"].as_str().map(|oid| json!({"oid": oid}))})).collect::<Vec<_>>()},
        "headCommit": {"nodes": [{"commit": {"oid": pull["head"]["sha"], "statusCheckRollup": if has_checks && !contexts.is_empty() { json!({"contexts": {"nodes": contexts}}) } else { Value::Null }}}]},
    })
}

/// Every project bundle as an open PR `number` of `owner/repo` (a queue lists open PRs only).
fn as_open_pr(mut bundle: Value, owner: &str, repo: &str, number: u64) -> Value {
    let pull = &mut bundle["pull"];
    pull["number"] = json!(number);
    pull["html_url"] = json!(format!("https://github.com/{owner}/{repo}/pull/{number}"));
    pull["url"] = json!(format!(
        "https://api.github.com/repos/{owner}/{repo}/pulls/{number}"
    ));
    pull["state"] = json!("open");
    pull["merged"] = json!(false);
    pull["merged_at"] = Value::Null;
    pull["closed_at"] = Value::Null;
    pull["base"]["repo"] =
        json!({"name": repo, "full_name": format!("{owner}/{repo}"), "owner": {"login": owner}});
    bundle
}

struct Case {
    name: String,
    owner: String,
    repo: String,
    bundle: Value,
}

/// The project bundles as open PRs, [`PER_REPOSITORY`] to a repository.
fn cases() -> Vec<Case> {
    support::project_bundle_names()
        .into_iter()
        .enumerate()
        .map(|(index, name)| {
            let owner = "tidewater".to_string();
            let repo = format!("every-bundle-{}", index / PER_REPOSITORY);
            let bundle = as_open_pr(
                support::project_bundle_value(&name),
                &owner,
                &repo,
                1000 + index as u64,
            );
            Case {
                name,
                owner,
                repo,
                bundle,
            }
        })
        .collect()
}

/// One reference time for both signals: the newest `fetched_at` of the project bundles.
fn reference_time(cases: &[Case]) -> i64 {
    cases
        .iter()
        .filter_map(|case| case.bundle["fetched_at"].as_str())
        .filter_map(prlens::timestamp::parse)
        .max()
        .expect("project bundles say when they were fetched")
}

fn analyze(bundle: &Value, now: i64) -> Signal {
    let parsed = prlens::Bundle::from_value(bundle).expect("a bundle");
    prlens::analyze(&parsed, &Settings::default(), Some(now))
}

fn estimate_of(case: &Case, now: i64) -> Signal {
    let answer = bundle_of(&pull_node(&case.bundle), &case.owner, &case.repo, None);
    analyze(&answer, now)
}

/// Checks the rule on one PR; returns what is wrong.
fn broken_rules(name: &str, full: &Signal, estimate: &Signal) -> Vec<String> {
    let mut wrong = Vec::new();
    if estimate.risk.level > full.risk.level {
        let full_weights: BTreeMap<&str, f64> = full
            .risk
            .drivers
            .iter()
            .map(|driver| (driver.id.as_str(), driver.weight))
            .collect();
        let (lifting, kept): (Vec<_>, Vec<_>) =
            estimate.risk.drivers.iter().cloned().partition(|driver| {
                full_weights
                    .get(driver.id.as_str())
                    .is_none_or(|weight| driver.weight > *weight)
            });
        let unnamed: Vec<&str> = lifting
            .iter()
            .filter(|driver| {
                !(COUNTED_BEFORE_PATCHES.contains(&driver.id.as_str())
                    && driver.detail.ends_with(PATCHES_NOT_READ))
            })
            .map(|driver| driver.id.as_str())
            .collect();
        let without = risk::floor_by_findings(risk::compose(kept), &estimate.supply_chain.findings);
        if !unnamed.is_empty() || without.level > full.risk.level {
            wrong.push(format!(
                "{name}: estimate {:?} above full {:?}, lifted by {unnamed:?} without naming the listed count ({})",
                estimate.risk.level, full.risk.level, estimate.risk.formula
            ));
        }
    }
    for finding in &estimate.supply_chain.findings {
        let in_full = full
            .supply_chain
            .findings
            .iter()
            .any(|known| known.id == finding.id && known.path == finding.path);
        if !in_full {
            wrong.push(format!(
                "{name}: the estimate's finding {:?} on {} is not in the full signal",
                finding.id, finding.path
            ));
        }
    }
    let names = |signal: &Signal| {
        signal
            .risk
            .drivers
            .iter()
            .any(|driver| driver.id == "unreviewable_content")
    };
    if names(estimate) && !names(full) {
        wrong.push(format!(
            "{name}: the estimate names unreviewable content, the panel does not"
        ));
    }
    if estimate.triage.minutes.is_some() || estimate.triage.remaining_minutes.is_some() {
        wrong.push(format!(
            "{name}: the estimate's minutes are not unknown: {}",
            estimate.triage.formula
        ));
    }
    if !estimate.meta.missing.iter().any(|part| part == "patches") {
        wrong.push(format!(
            "{name}: meta.missing does not name the patches: {:?}",
            estimate.meta.missing
        ));
    }
    wrong
}

#[test]
fn no_list_estimate_of_a_project_bundle_stands_above_its_full_signal_on_absent_sections() {
    let cases = cases();
    let now = reference_time(&cases);
    let mut wrong = Vec::new();
    let mut above = Vec::new();
    for case in &cases {
        let full = analyze(&case.bundle, now);
        let estimate = estimate_of(case, now);
        wrong.extend(broken_rules(&case.name, &full, &estimate));
        if estimate.risk.level > full.risk.level {
            above.push(case.name.as_str());
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Measured, not bounded: since the calibrated size model (calib, #37) reads comments,
    // regenerated code, moves and reformatting from the patches, a PR whose patches would weigh
    // its lines down can stand above its full signal on the list; `broken_rules` holds each one
    // to lifting only by a listed count that says the patches were not read.
    eprintln!(
        "list estimates above their full signal: {} of {} ({above:?})",
        above.len(),
        cases.len()
    );
}

#[test]
fn a_missing_patch_is_evidence_only_when_the_patches_were_fetched() {
    let mut bundle = json!({"pull": {"number": 1}, "files": [
        {"filename": "src/engine.rs", "status": "modified", "additions": 40, "deletions": 2},
        {"filename": "assets/blob", "status": "added", "additions": 0, "deletions": 0}]});
    let fetched = analyze(&bundle, 0);
    assert!(fetched
        .risk
        .drivers
        .iter()
        .any(|driver| driver.id == "unreviewable_content"));
    assert!(fetched.triage.minutes.is_some());
    bundle["patches_fetched"] = json!(false);
    let listed = analyze(&bundle, 0);
    assert!(
        listed.supply_chain.findings.is_empty(),
        "{:?}",
        listed.supply_chain.findings
    );
    assert!(listed
        .risk
        .drivers
        .iter()
        .all(|driver| driver.id != "unreviewable_content" && driver.id != "binary_files"));
    assert_eq!(listed.triage.minutes, None);
    assert_eq!(listed.triage.minutes_text(), "–");
    assert!(
        listed.triage.formula.contains("at most round(42 lines"),
        "{}",
        listed.triage.formula
    );
}

#[test]
fn prlens_queue_gives_each_project_bundle_the_same_estimate() {
    let cases = cases();
    let now = reference_time(&cases);
    let now_text = prlens::timestamp::format(now).expect("a time");
    let served: Vec<Value> = cases.iter().map(|case| case.bundle.clone()).collect();
    let github = FakeGitHub::start("estimates", &served, None);
    let mut repositories: Vec<&str> = cases.iter().map(|case| case.repo.as_str()).collect();
    repositories.dedup();
    let mut queued: BTreeMap<u64, Value> = BTreeMap::new();
    for repo in repositories {
        let output = github.prlens(
            &[
                "queue",
                &format!("tidewater/{repo}"),
                "--format",
                "json",
                "--limit",
                "50",
                "--now",
                &now_text,
            ],
            Some(TOKEN),
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let answer: Value = serde_json::from_str(&stdout(&output)).expect("queue JSON");
        for pull in answer["pulls"].as_array().expect("pulls") {
            queued.insert(pull["number"].as_u64().expect("a number"), pull.clone());
        }
    }
    assert_eq!(queued.len(), cases.len(), "every project bundle is queued");
    let mut wrong = Vec::new();
    for case in &cases {
        let number = case.bundle["pull"]["number"].as_u64().unwrap_or(0);
        let Some(pull) = queued.get(&number) else {
            continue;
        };
        let estimate = estimate_of(case, now);
        let full = analyze(&case.bundle, now);
        let level: RiskLevel =
            serde_json::from_value(pull["risk"]["level"].clone()).expect("a level");
        let drivers: Vec<&str> = pull["risk"]["drivers"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let expected: Vec<&str> = estimate
            .risk
            .drivers
            .iter()
            .map(|driver| driver.id.as_str())
            .collect();
        if level != estimate.risk.level || drivers != expected || !pull["review_minutes"].is_null()
        {
            wrong.push(format!(
                "{}: queue {level:?} {drivers:?} {} min, estimate {:?} {expected:?}",
                case.name, pull["review_minutes"], estimate.risk.level
            ));
        }
        if level > full.risk.level
            && broken_rules(&case.name, &full, &estimate)
                .iter()
                .any(|rule| rule.contains("above full"))
        {
            wrong.push(format!(
                "{}: queue {level:?} above full {:?}",
                case.name, full.risk.level
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let table = github.prlens(
        &["queue", "tidewater/every-bundle-0", "--now", &now_text],
        Some(TOKEN),
    );
    assert!(
        stdout(&table)
            .lines()
            .nth(2)
            .is_some_and(|row| row.contains(" – ")),
        "{}",
        stdout(&table)
    );
}
