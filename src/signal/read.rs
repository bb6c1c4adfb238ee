//! Reads a signal back from its JSON text without serde's derived `Deserialize`.
//!
//! Why: in the wasm module the only reader of signal JSON is `renderPanel` (the panel also
//! re-renders cached signals). serde's derive monomorphises `serde_json`'s struct, sequence
//! and enum visitors for each of the 29 signal types, which cost ~90 KB of optimised wasm
//! (docs/performance.md, "Size work"). This reader goes through `serde_json::Value` (already
//! in the module for the fetcher) with a handful of non-generic accessors instead.
//!
//! It accepts exactly what the derived `Deserialize` accepts (the native build keeps the
//! derive, and the tests below compare both on every field of a full signal, removed, nulled
//! and given every wrong JSON type): required fields must be present, `Option` fields may be
//! missing or `null`, `#[serde(default)]` fields may be missing, numbers must fit their Rust
//! type, enums must be one of their JSON spellings, unknown fields are ignored. What differs: the
//! error text names the path (`risk.drivers[2].weight`) instead of a line and column, and a
//! key repeated within one object takes its last value instead of being an error (the engine
//! never writes one).

use std::cell::Cell;
use std::fmt;

use serde_json::{Map, Value};

use super::effort::{AgentEvidence, AgentEvidenceKind, CheckId, CheckOutcome, EffortCheck};
use super::identity::{ChangedSinceApproval, IdentityKind, IdentityNote};
use super::model::{
    CheckSummary, Contributor, ConventionCheck, Criterion, Driver, Evidence, EvidenceSignals,
    Finding, FocusFile, GovernanceResult, Intent, Meta, NextSteps, PrInfo, ReadinessItem,
    ReviewAdvice, Risk, Signal, SupplyChain, Triage,
};

/// Why a signal could not be read: bad JSON, or a field missing or of the wrong type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

/// Parses signal JSON text (`prlens.signal.v1`, as written by `serde_json::to_string`).
pub fn from_json(text: &str) -> Result<Signal, ReadError> {
    let value: Value = serde_json::from_str(text).map_err(|error| ReadError(error.to_string()))?;
    let first_error = Cell::new(None);
    let signal = read_signal(&Obj::of(&value, String::from("signal"), &first_error));
    match first_error.into_inner() {
        Some(error) => Err(error),
        None => Ok(signal),
    }
}

/// One JSON object of the signal, where it sits (for error messages), and the first error
/// found anywhere in the signal.
///
/// Why accessors return plain values (a default after recording the error) instead of
/// `Result`: with `?` inside the struct literals, every field needs its own cleanup path
/// dropping the fields read before it, which made this reader ~22 KB of wasm; read
/// straight through and checked once at the end, it is a fraction of that.
struct Obj<'a> {
    map: Option<&'a Map<String, Value>>,
    path: String,
    first_error: &'a Cell<Option<ReadError>>,
}

impl<'a> Obj<'a> {
    fn of(value: &'a Value, path: String, first_error: &'a Cell<Option<ReadError>>) -> Self {
        let object = Obj {
            map: value.as_object(),
            path,
            first_error,
        };
        if object.map.is_none() {
            object.fail(format!("`{}` is not an object", object.path));
        }
        object
    }

    /// Records `message` unless an earlier error was recorded already.
    #[cold]
    fn fail(&self, message: String) {
        let earlier = self.first_error.take();
        self.first_error
            .set(Some(earlier.unwrap_or(ReadError(message))));
    }

    /// Records that `key` is not what the signal needs.
    #[cold]
    fn wrong(&self, key: &str, expected: &str) {
        self.fail(format!("`{}.{key}` is not {expected}", self.path));
    }

    /// The raw field, `None` when missing (only `Option` and default fields may be).
    fn field(&self, key: &str) -> Option<&'a Value> {
        self.map.and_then(|map| map.get(key))
    }

    /// A required field; `Null` (recorded as an error) when missing.
    fn get(&self, key: &str) -> &'a Value {
        match self.field(key) {
            Some(value) => value,
            None => {
                if self.map.is_some() {
                    self.fail(format!("`{}` has no field `{key}`", self.path));
                }
                &Value::Null
            }
        }
    }

    /// An `Option` field: missing and `null` both read as `None`.
    fn optional(&self, key: &str) -> Option<&'a Value> {
        self.field(key).filter(|value| !value.is_null())
    }

    fn obj(&self, key: &str) -> Obj<'a> {
        let value = self.get(key);
        Obj::of(value, format!("{}.{key}", self.path), self.first_error)
    }

    fn string(&self, key: &str) -> String {
        self.as_string(key, self.get(key))
    }

    fn opt_string(&self, key: &str) -> Option<String> {
        self.optional(key).map(|value| self.as_string(key, value))
    }

    fn as_string(&self, key: &str, value: &Value) -> String {
        match value.as_str() {
            Some(text) => text.to_string(),
            None => {
                self.wrong(key, "a string");
                String::new()
            }
        }
    }

    fn u64(&self, key: &str) -> u64 {
        self.as_u64(key, self.get(key))
    }

    fn opt_u64(&self, key: &str) -> Option<u64> {
        self.optional(key).map(|value| self.as_u64(key, value))
    }

    /// A `#[serde(default)]` count: missing reads as 0, but `null` is still an error.
    fn u64_or_zero(&self, key: &str) -> u64 {
        self.field(key).map_or(0, |value| self.as_u64(key, value))
    }

    fn as_u64(&self, key: &str, value: &Value) -> u64 {
        value.as_u64().unwrap_or_else(|| {
            self.wrong(key, "a whole number ≥ 0");
            0
        })
    }

    fn u8(&self, key: &str) -> u8 {
        u8::try_from(self.u64(key)).unwrap_or_else(|_| {
            self.wrong(key, "a number from 0 to 255");
            0
        })
    }

    fn f64(&self, key: &str) -> f64 {
        self.get(key).as_f64().unwrap_or_else(|| {
            self.wrong(key, "a number");
            0.0
        })
    }

    fn bool(&self, key: &str) -> bool {
        self.get(key).as_bool().unwrap_or_else(|| {
            self.wrong(key, "true or false");
            false
        })
    }

    fn opt_bool(&self, key: &str) -> Option<bool> {
        let value = self.optional(key)?;
        let flag = value.as_bool();
        if flag.is_none() {
            self.wrong(key, "true, false or null");
        }
        flag
    }

    fn array(&self, key: &str) -> &'a [Value] {
        self.as_array(key, self.get(key))
    }

    fn as_array(&self, key: &str, value: &'a Value) -> &'a [Value] {
        match value.as_array() {
            Some(items) => items,
            None => {
                self.wrong(key, "a list");
                &[]
            }
        }
    }

    /// A `#[serde(default)]` list of objects: missing reads as empty.
    fn list_or_empty<T>(&self, key: &str, read: fn(&Obj<'a>) -> T) -> Vec<T> {
        match self.field(key) {
            Some(_) => self.list(key, read),
            None => Vec::new(),
        }
    }

    fn list<T>(&self, key: &str, read: fn(&Obj<'a>) -> T) -> Vec<T> {
        let items = self.array(key);
        let mut out = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let path = format!("{}.{key}[{index}]", self.path);
            out.push(read(&Obj::of(item, path, self.first_error)));
        }
        out
    }

    fn strings(&self, key: &str) -> Vec<String> {
        self.strings_in(key, self.array(key))
    }

    /// An `Option` object field, read by `read`.
    fn opt_obj<T>(&self, key: &str, read: fn(&Obj<'a>) -> T) -> Option<T> {
        self.optional(key).map(|value| {
            read(&Obj::of(
                value,
                format!("{}.{key}", self.path),
                self.first_error,
            ))
        })
    }

    /// A `#[serde(default)]` list of strings: missing reads as empty.
    fn strings_or_empty(&self, key: &str) -> Vec<String> {
        match self.field(key) {
            Some(value) => self.strings_in(key, self.as_array(key, value)),
            None => Vec::new(),
        }
    }

    fn strings_in(&self, key: &str, items: &[Value]) -> Vec<String> {
        items.iter().map(|item| self.as_string(key, item)).collect()
    }

    fn numbers(&self, key: &str) -> Vec<u64> {
        let items = self.array(key);
        items.iter().map(|item| self.as_u64(key, item)).collect()
    }

    /// An enum field, by its JSON spelling (`from_key` comes from `words.rs`); `fallback`
    /// only stands in after an error has been recorded.
    fn word<T>(&self, key: &str, from_key: fn(&str) -> Option<T>, fallback: T) -> T {
        match self.get(key).as_str().and_then(from_key) {
            Some(word) => word,
            None => {
                self.wrong(key, "one of its known words");
                fallback
            }
        }
    }
}

fn read_signal(o: &Obj) -> Signal {
    Signal {
        version: o.string("version"),
        pr: read_pr(&o.obj("pr")),
        risk: read_risk(&o.obj("risk")),
        contributors: o.list("contributors", read_contributor),
        intent: read_intent(&o.obj("intent")),
        evidence: read_evidence(&o.obj("evidence")),
        supply_chain: read_supply_chain(&o.obj("supply_chain")),
        focus: o.list("focus", read_focus_file),
        focus_more: o.u64_or_zero("focus_more"),
        triage: read_triage(&o.obj("triage")),
        conventions: o.list("conventions", read_convention),
        governance: o.list("governance", read_governance),
        review: read_review(&o.obj("review")),
        next_steps: read_next_steps(&o.obj("next_steps")),
        meta: read_meta(&o.obj("meta")),
        authorship: o.list_or_empty("authorship", read_agent_evidence),
        checks: o.list_or_empty("checks", read_effort_check),
    }
}

fn read_agent_evidence(o: &Obj) -> AgentEvidence {
    AgentEvidence {
        agent: o.string("agent"),
        kind: o.word(
            "kind",
            AgentEvidenceKind::from_key,
            AgentEvidenceKind::AuthorLogin,
        ),
        detail: o.string("detail"),
    }
}

fn read_effort_check(o: &Obj) -> EffortCheck {
    EffortCheck {
        id: o.word("id", CheckId::from_key, CheckId::TemplateFilled),
        outcome: o.word("outcome", CheckOutcome::from_key, CheckOutcome::NotChecked),
        detail: o.string("detail"),
    }
}

fn read_pr(o: &Obj) -> PrInfo {
    PrInfo {
        owner: o.string("owner"),
        repo: o.string("repo"),
        number: o.u64("number"),
        title: o.string("title"),
        author: o.opt_string("author"),
        url: o.string("url"),
        head_sha: o.opt_string("head_sha"),
        base: o.opt_string("base"),
        head: o.opt_string("head"),
        state: o.string("state"),
        draft: o.bool("draft"),
        additions: o.u64("additions"),
        deletions: o.u64("deletions"),
        changed_files: o.u64("changed_files"),
        created_at: o.opt_string("created_at"),
    }
}

fn read_risk(o: &Obj) -> Risk {
    Risk {
        level: o.word(
            "level",
            super::model::RiskLevel::from_key,
            super::model::RiskLevel::Low,
        ),
        score: o.f64("score"),
        drivers: o.list("drivers", read_driver),
        formula: o.string("formula"),
    }
}

fn read_driver(o: &Obj) -> Driver {
    Driver {
        id: o.string("id"),
        label: o.string("label"),
        weight: o.f64("weight"),
        detail: o.string("detail"),
        paths: o.strings_or_empty("paths"),
    }
}

fn read_contributor(o: &Obj) -> Contributor {
    Contributor {
        login: o.string("login"),
        role: o.word(
            "role",
            super::model::Role::from_key,
            super::model::Role::Author,
        ),
        association: o.opt_string("association"),
        trust_level: o.word(
            "trust_level",
            super::model::TrustLevel::from_key,
            super::model::TrustLevel::New,
        ),
        account_age_days: o.opt_u64("account_age_days"),
        prior_prs: o.opt_u64("prior_prs"),
        merged_prs: o.opt_u64("merged_prs"),
        commits: o.u64("commits"),
        unfamiliar_files: o.opt_u64("unfamiliar_files"),
        badges: o.strings("badges"),
        summary: o.string("summary"),
        identity: o.list_or_empty("identity", read_identity_note),
    }
}

fn read_identity_note(o: &Obj) -> IdentityNote {
    IdentityNote {
        kind: o.word("kind", IdentityKind::from_key, IdentityKind::PrBurst),
        detail: o.string("detail"),
    }
}

fn read_changed_since_approval(o: &Obj) -> ChangedSinceApproval {
    ChangedSinceApproval {
        approved_by: o.string("approved_by"),
        approved_commit: o.string("approved_commit"),
        head: o.string("head"),
        commits: o.strings("commits"),
        approved_commit_gone: o.bool("approved_commit_gone"),
        compare_url: o.opt_string("compare_url"),
    }
}

fn read_intent(o: &Obj) -> Intent {
    Intent {
        goal: o.string("goal"),
        criteria: o.list("criteria", read_criterion),
        linked_issues: o.numbers("linked_issues"),
        confidence: o.f64("confidence"),
        source: o.string("source"),
    }
}

fn read_criterion(o: &Obj) -> Criterion {
    Criterion {
        text: o.string("text"),
        met: o.opt_bool("met"),
        evidence: o.string("evidence"),
    }
}

fn read_evidence(o: &Obj) -> Evidence {
    let signals = o.obj("signals");
    let state = |key| {
        signals.word(
            key,
            super::model::SignalState::from_key,
            super::model::SignalState::Missing,
        )
    };
    Evidence {
        completeness: o.f64("completeness"),
        signals: EvidenceSignals {
            tests_passing: state("tests_passing"),
            ci_passing: state("ci_passing"),
            lint_passing: state("lint_passing"),
            security_scan_clean: state("security_scan_clean"),
            coverage_maintained: state("coverage_maintained"),
            build_successful: state("build_successful"),
        },
        note: o.string("note"),
        checks: o.list("checks", read_check),
    }
}

fn read_check(o: &Obj) -> CheckSummary {
    CheckSummary {
        name: o.string("name"),
        feeds: o.strings("feeds"),
        state: o.word(
            "state",
            super::model::SignalState::from_key,
            super::model::SignalState::Missing,
        ),
        conclusion: o.string("conclusion"),
    }
}

fn read_supply_chain(o: &Obj) -> SupplyChain {
    SupplyChain {
        dependencies: o.bool("dependencies"),
        lockfile: o.bool("lockfile"),
        ci_config: o.bool("ci_config"),
        build_scripts: o.bool("build_scripts"),
        findings: o.list("findings", read_finding),
    }
}

fn read_finding(o: &Obj) -> Finding {
    Finding {
        id: o.word(
            "id",
            super::model::FindingKind::from_key,
            super::model::FindingKind::NewDependency,
        ),
        path: o.string("path"),
        detail: o.string("detail"),
        severity: o.word(
            "severity",
            super::model::Severity::from_key,
            super::model::Severity::Low,
        ),
    }
}

fn read_focus_file(o: &Obj) -> FocusFile {
    FocusFile {
        path: o.string("path"),
        priority: o.word(
            "priority",
            super::model::Priority::from_key,
            super::model::Priority::Low,
        ),
        additions: o.u64("additions"),
        deletions: o.u64("deletions"),
        status: o.string("status"),
        reasons: o.strings("reasons"),
        anchor: o.string("anchor"),
        viewed: o.bool("viewed"),
    }
}

fn read_triage(o: &Obj) -> Triage {
    Triage {
        minutes: o.u64("minutes"),
        effort: o.word(
            "effort",
            super::model::Effort::from_key,
            super::model::Effort::Trivial,
        ),
        staleness: o.word(
            "staleness",
            super::model::Staleness::from_key,
            super::model::Staleness::None,
        ),
        counted_lines: o.u64("counted_lines"),
        excluded_lines: o.u64("excluded_lines"),
        reading_lines: o.u64("reading_lines"),
        formula: o.string("formula"),
        remaining_minutes: o.u64("remaining_minutes"),
        age_days: o.opt_u64("age_days"),
        advice: o.string("advice"),
    }
}

fn read_convention(o: &Obj) -> ConventionCheck {
    ConventionCheck {
        id: o.string("id"),
        ok: o.bool("ok"),
        detail: o.string("detail"),
    }
}

fn read_governance(o: &Obj) -> GovernanceResult {
    GovernanceResult {
        policy: o.string("policy"),
        rule: o.string("rule"),
        outcome: o.word(
            "outcome",
            super::model::PolicyOutcome::from_key,
            super::model::PolicyOutcome::NotApplicable,
        ),
        detail: o.string("detail"),
    }
}

fn read_review(o: &Obj) -> ReviewAdvice {
    ReviewAdvice {
        action: o.word(
            "action",
            super::model::ReviewAction::from_key,
            super::model::ReviewAction::Review,
        ),
        readiness: o.u8("readiness"),
        rationale: o.string("rationale"),
        checklist: o.list("checklist", read_readiness_item),
        changed_since_approval: o.opt_obj("changed_since_approval", read_changed_since_approval),
    }
}

fn read_readiness_item(o: &Obj) -> ReadinessItem {
    ReadinessItem {
        id: o.string("id"),
        label: o.string("label"),
        points: o.u8("points"),
        earned: o.u8("earned"),
    }
}

fn read_next_steps(o: &Obj) -> NextSteps {
    NextSteps {
        concerns: o.strings("concerns"),
        questions: o.strings("questions"),
    }
}

fn read_meta(o: &Obj) -> Meta {
    Meta {
        engine_version: o.string("engine_version"),
        generated_at: o.string("generated_at"),
        inputs: o.strings("inputs"),
        missing: o.strings("missing"),
        notes: o.strings("notes"),
    }
}

// Native only: the tests compare with the derived `Deserialize`, which wasm builds lack.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use serde_json::json;

    /// A signal with every list non-empty and every `Option` both set and unset somewhere.
    fn full_signal() -> Value {
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
            "intent": {"goal": "fix", "linked_issues": [4, 5], "confidence": 0.5, "source": "title",
                       "criteria": [{"text": "a", "met": true, "evidence": "e"},
                                    {"text": "b", "met": null, "evidence": ""}]},
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
                     "inputs": ["pull"], "missing": ["checks: not fetched"], "notes": []},
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
}
