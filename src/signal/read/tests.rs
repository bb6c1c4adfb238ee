//! The reader accepts exactly what the derived `Deserialize` accepts (compared field by field).

use super::*;
use serde_json::{json, Map};

/// A signal with every list non-empty and every `Option` both set and unset somewhere.
fn full_signal() -> Value {
    let mut signal = core_signal();
    signal["viewer"] = viewer_view();
    signal
}

/// `signal.viewer` with every field set (its own `json!`: one macro would be too deep).
fn viewer_view() -> Value {
    json!({"login": "mona", "role": "reviewer", "codeowners": ".github/CODEOWNERS",
                   "notes": ["n"], "reviewed_on_head": false,
                   "for_you": [{"path": "a.rs", "anchor": "diff-00",                                 "reasons": [{"kind": "you_own", "detail": "line 2"}]}],
                   "since_review": {"state": "approved", "reviewed_commit": "abc1234", "head": "def5678",
                                    "commits": ["def5678 x"], "rewritten": false, "compare_url": null,
                                    "diff": {"total_files": 1, "additions": 2, "deletions": 1, "truncated": false,
                                             "files": [{"path": "a.rs", "status": "modified", "additions": 2,
                                                        "deletions": 1, "focus": true}]},
                                    "diff_note": "d", "level": "medium",
                                    "drivers": [{"id": "large_diff", "label": "L", "detail": "x"}],
                                    "findings": [0],
                                    "full_read": false, "answer": "No"}})
}

fn core_signal() -> Value {
    json!({
        "version": "prlens.signal.v1",
        "pr": {"owner": "octo", "repo": "demo", "number": 7, "title": "Fix <b>", "author": "mona",
               "url": "https://github.com/octo/demo/pull/7", "head_sha": "abc", "base": "main",
               "head": null, "state": "open", "draft": false, "additions": 12, "deletions": 3,
               "changed_files": 2, "created_at": "2024-01-02T03:04:05Z"},
        "risk": {"level": "high", "score": 0.72, "formula": "1 - Π(1 - w)",
                 "drivers": [{"id": "large_diff", "label": "Large change", "weight": 0.5,
                              "detail": "930 lines", "paths": ["a.rs", "b.rs"]},
                             {"id": "no_tests", "label": "No tests", "weight": 1, "detail": "none"}]},
        "contributors": [
            {"login": "mona", "role": "author", "association": "MEMBER", "trust_level": "maintainer",
             "account_age_days": 900, "prior_prs": 40, "merged_prs": 38, "commits": 3,
             "unfamiliar_files": 1, "badges": ["PR Author"], "summary": "long-time member"},
            {"login": "bot", "role": "committer", "association": null, "trust_level": "bot",
             "commits": 1, "badges": [], "summary": "a bot"}],
        "intent": {"goal": "fix", "linked_issues": [4, 5], "source": "title", "claims_more": 2,
                   "unticked": ["later"], "statements": 4, "unread_statements": 1, "prose": "english",
                   "claims": [{"text": "Adds `a`", "origin": "description", "kind": "adds",
                               "subjects": ["a"], "status": "confirmed", "detail": "",
                               "evidence": [{"found": "added", "subject": "a", "path": "a.rs", "line": 3},
                                            {"found": "code_changed", "subject": "", "path": "a.rs",
                                             "line": null, "old_side": true, "from": "b.rs"}]},
                              {"text": "b", "origin": "linked_issue", "issue": 4, "kind": "authors_word",
                               "subjects": [], "status": "not_checkable", "evidence": [], "detail": "d"}]},
        "evidence": {"completeness": 0.25, "note": "running",
                     "signals": {"tests_passing": "passing", "ci_passing": "failing",
                                 "lint_passing": "pending", "security_scan_clean": "missing",
                                 "coverage_maintained": "missing", "build_successful": "passing"},
                     "checks": [{"name": "ci", "feeds": ["ci_passing"], "state": "failing",
                                 "conclusion": "failure"}]},
        "supply_chain": {"dependencies": true, "lockfile": false, "ci_config": true,
                         "build_scripts": false,
                         "findings": [{"id": "git_dependency", "path": "Cargo.toml",
                                       "detail": "git", "severity": "high"}]},
        "focus": [{"path": "a.rs", "priority": "critical", "additions": 10, "deletions": 2,
                   "status": "modified", "reasons": ["core"], "anchor": "diff-00", "viewed": true}],
        "focus_more": 4,
        "triage": {"minutes": 12, "effort": "light", "staleness": "none", "counted_lines": 15, "reading_lines": 15,
                   "excluded_lines": 0, "formula": "f", "remaining_minutes": 6, "age_days": null,
                   "advice": "go"},
        "conventions": [{"id": "title", "ok": true, "detail": "fine"}],
        "governance": [{"policy": "p", "rule": "r", "outcome": "not_applicable", "detail": "d"}],
        "review": {"action": "request_changes", "readiness": 55, "rationale": "why",
                   "checklist": [{"id": "tests", "label": "Tests", "points": 20, "earned": 0}]},
        "next_steps": {"concerns": ["c"], "questions": ["q"]},
        "meta": {"engine_version": "1", "generated_at": "2024-01-02T03:04:05Z",
                 "inputs": ["pull"], "missing": ["checks: not fetched"], "notes": [],
                 "calibration": "Calibrated for o/r"},
        "unknown_extra": {"ignored": true}
    })
}

fn derived(value: &Value) -> Option<Signal> {
    serde_json::from_str(&value.to_string()).ok()
}

fn ours(value: &Value) -> Option<Signal> {
    from_json(&value.to_string()).ok()
}

#[test]
fn reads_a_full_signal_exactly_like_the_derived_deserialize() {
    let value = full_signal();
    let signal = ours(&value).expect("the full signal reads");
    assert_eq!(Some(signal.clone()), derived(&value));
    assert_eq!(signal.contributors[1].association, None);
    assert_eq!(signal.risk.drivers[1].paths, Vec::<String>::new());
    // And what the engine writes reads back to the same value.
    let written = serde_json::to_string(&signal).unwrap();
    assert_eq!(from_json(&written), Ok(signal));
}

/// Every object in `value`, as a path of keys and indices from the root.
fn object_paths(value: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match value {
        Value::Object(map) => {
            out.push(path.clone());
            for (key, child) in map {
                path.push(Value::String(key.clone()));
                object_paths(child, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                path.push(Value::from(index));
                object_paths(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn object_at<'v>(value: &'v mut Value, path: &[Value]) -> &'v mut Map<String, Value> {
    let mut here = value;
    for step in path {
        here = match step {
            Value::String(key) => &mut here[key.as_str()],
            _ => &mut here[step.as_u64().unwrap() as usize],
        };
    }
    here.as_object_mut().unwrap()
}

/// Every field of every object removed, nulled, or replaced by each JSON type (including
/// out-of-range numbers and unknown enum words): both readers accept or reject alike, and
/// what they accept is equal.
#[test]
fn accepts_and_rejects_exactly_what_the_derived_deserialize_does() {
    let full = full_signal();
    let mut paths = Vec::new();
    object_paths(&full, &mut Vec::new(), &mut paths);
    let replacements = [
        Value::Null,
        json!(true),
        json!(0),
        json!(1),
        json!(-1),
        json!(1.5),
        json!(300),
        json!(u64::MAX),
        json!("low"),
        json!("nonsense"),
        json!([]),
        json!(["x"]),
        json!([1]),
        json!({}),
    ];
    let mut compared = 0;
    for path in &paths {
        let keys: Vec<String> = object_at(&mut full.clone(), path).keys().cloned().collect();
        for key in keys {
            let mut removed = full.clone();
            object_at(&mut removed, path).remove(&key);
            assert_eq!(ours(&removed), derived(&removed), "{path:?} without {key}");
            for replacement in &replacements {
                let mut changed = full.clone();
                object_at(&mut changed, path).insert(key.clone(), replacement.clone());
                assert_eq!(
                    ours(&changed),
                    derived(&changed),
                    "{path:?}.{key} = {replacement}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 1500, "only {compared} cases compared");
    for not_an_object in [json!([]), json!("signal"), Value::Null] {
        assert_eq!(ours(&not_an_object), None);
    }
}

#[test]
fn errors_name_the_field() {
    let mut value = full_signal();
    value["risk"]["drivers"][1]["weight"] = json!("heavy");
    let error = from_json(&value.to_string()).unwrap_err().to_string();
    assert_eq!(error, "`signal.risk.drivers[1].weight` is not a number");
    value["risk"]["drivers"][1]
        .as_object_mut()
        .unwrap()
        .remove("weight");
    let error = from_json(&value.to_string()).unwrap_err().to_string();
    assert_eq!(error, "`signal.risk.drivers[1]` has no field `weight`");
    assert!(from_json("{\"version\":").is_err());
}
