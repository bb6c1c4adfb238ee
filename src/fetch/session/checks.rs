//! The head's checks from github.com's status-checks route
//! (`/{o}/{r}/pull/{n}/page_data/status_checks` asked for JSON), shaped like the API's check runs.
//!
//! Why: it is what the PR page's merge box shows, served to the signed-in browser without the
//! API quota, and it lists check runs and commit statuses together in one answer where the API
//! needs two requests (`…/check-runs`, `…/status`). Its shape, as a public reader decodes it
//! from recorded answers (seen via code search 2026-12-10): `statusChecks[]` with `displayName`,
//! `description` (string or null), `state` (one of a closed list of 16) and `targetUrl`.
//!
//! What it does not say: whether an entry is a check run or a commit status, nor the app that
//! made it. Every entry becomes a check run named by its `displayName`, completed with its state
//! as the conclusion when the state is one, pending otherwise; a commit status's `ERROR` is a
//! failure; and the combined status is left empty. Measured on the project bundles (their check
//! runs and statuses served this way and read back): the level and the action of every one is
//! unchanged (docs/sources.md "Session sources").

use serde_json::{json, Value};

use super::route::{array, nullable, parse, string, RouteError};

/// The states that are a finished check's conclusion (lower-cased, the API's words).
const CONCLUSIONS: [&str; 9] = [
    "SUCCESS",
    "FAILURE",
    "NEUTRAL",
    "CANCELLED",
    "TIMED_OUT",
    "ACTION_REQUIRED",
    "STARTUP_FAILURE",
    "STALE",
    "SKIPPED",
];

/// The states of a check not finished yet (or a required status not reported: `EXPECTED`).
const PENDING: [&str; 6] = [
    "PENDING",
    "IN_PROGRESS",
    "QUEUED",
    "WAITING",
    "REQUESTED",
    "EXPECTED",
];

/// `{"check_runs": {total_count, check_runs}, "status": {state, statuses}}` from the route's
/// answer `text`.
pub fn checks_from_route(text: &str) -> Result<Value, RouteError> {
    let root = parse(text)?;
    let mut runs = Vec::new();
    for check in array(&root, &["statusChecks"])? {
        runs.push(check_run(check)?);
    }
    Ok(json!({
        "check_runs": {"total_count": runs.len(), "check_runs": runs},
        "status": {"state": Value::Null, "statuses": []},
    }))
}

fn check_run(check: &Value) -> Result<Value, RouteError> {
    const WHAT: &str = "statusChecks";
    let name = string(check, "displayName", WHAT)?;
    let state = string(check, "state", WHAT)?;
    let description = nullable(check, "description", WHAT, false)?;
    let target = nullable(check, "targetUrl", WHAT, false)?;
    let (status, conclusion) = if CONCLUSIONS.contains(&state) {
        ("completed".to_string(), Some(state.to_ascii_lowercase()))
    } else if state == "ERROR" {
        ("completed".to_string(), Some("failure".to_string()))
    } else if state == "EXPECTED" {
        ("pending".to_string(), None)
    } else if PENDING.contains(&state) {
        (state.to_ascii_lowercase(), None)
    } else {
        return Err(RouteError::UnknownState(state.to_string()));
    };
    Ok(json!({
        "name": name,
        "status": status,
        "conclusion": conclusion,
        "html_url": target,
        "output": {"title": description},
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(checks: Value) -> String {
        json!({ "statusChecks": checks }).to_string()
    }

    fn check(name: &str, state: &str) -> Value {
        json!({"displayName": name, "description": "Build", "state": state, "isRequired": false,
               "targetUrl": "https://github.com/o/r/actions/runs/1", "durationInSeconds": 12})
    }

    #[test]
    fn finished_checks_carry_their_state_as_the_conclusion_and_others_are_pending() {
        let read = checks_from_route(&route(json!([
            check("tests", "SUCCESS"),
            check("lint", "FAILURE"),
            check("deploy", "IN_PROGRESS"),
            check("ci/legacy", "ERROR"),
            check("required", "EXPECTED"),
        ])))
        .unwrap();
        let runs = read["check_runs"]["check_runs"].as_array().unwrap();
        let pairs: Vec<(&str, &str, Value)> = runs
            .iter()
            .map(|run| {
                (
                    run["name"].as_str().unwrap(),
                    run["status"].as_str().unwrap(),
                    run["conclusion"].clone(),
                )
            })
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("tests", "completed", json!("success")),
                ("lint", "completed", json!("failure")),
                ("deploy", "in_progress", Value::Null),
                ("ci/legacy", "completed", json!("failure")),
                ("required", "pending", Value::Null),
            ]
        );
        assert_eq!(read["check_runs"]["total_count"], 5);
        assert_eq!(read["status"], json!({"state": null, "statuses": []}));
    }

    #[test]
    fn an_unknown_state_or_a_missing_field_is_refused() {
        assert_eq!(
            checks_from_route(&route(json!([check("x", "MAYBE")]))),
            Err(RouteError::UnknownState("MAYBE".into()))
        );
        let mut nameless = check("x", "SUCCESS");
        nameless.as_object_mut().unwrap().remove("displayName");
        assert!(checks_from_route(&route(json!([nameless]))).is_err());
        assert!(checks_from_route(&json!({"checks": []}).to_string()).is_err());
        assert_eq!(
            checks_from_route(&route(json!([])))
                .unwrap()
                .pointer("/check_runs/total_count"),
            Some(&json!(0))
        );
    }
}
