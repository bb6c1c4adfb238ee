//! The signal as a SARIF 2.1.0 log (`prlens analyze --format sarif`), for GitHub code scanning
//! and any other SARIF reader.
//!
//! One result per supply-chain finding (rule `prlens/<finding id>`, level from its severity,
//! `security-severity` for GitHub's severity scale) and one per focus file, the files the
//! signal says to review first (rule `prlens/review-focus`, level from its priority). Each
//! result names its file as a repository-relative URI and, when the finder knows it, the line
//! (`Finding::line`); findings about the PR's title and description name no file. The run's
//! `properties.prlens` carry the risk level and score, so a reader sees the overall verdict.
//! Text from the PR (paths, details) is hostile: it goes into JSON strings only, with invisible
//! and bidi characters shown as `⟪U+XXXX⟫` (`text::show_invisibles`), and paths are
//! percent-encoded into URIs. Output is deterministic: no timestamps, stable order.
//!
//! Source: OASIS "Static Analysis Results Interchange Format (SARIF) Version 2.1.0" (errata 01),
//! §3.13 (sarifLog), §3.27 (result), §3.28 (location), §3.30 (region), §3.49 (reportingDescriptor);
//! GitHub Docs, "SARIF support for code scanning" (`security-severity`, `partialFingerprints`),
//! read 2026-12. tests/ship/sarif.test.mjs validates the output against the official schema.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::engine::sections::supply_chain::PR_TEXT;
use crate::report_issue::REPOSITORY_URL;
use crate::signal::{Finding, FindingKind, FocusFile, Priority, Severity, Signal};
use crate::text::percent_encode;
use crate::text::show_invisibles;

/// The schema URI SARIF files name (the OASIS errata 01 location).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The rule of the focus results.
pub const FOCUS_RULE: &str = "prlens/review-focus";

/// The SARIF log of `signal`, pretty-printed, ending in a newline.
pub fn render(signal: &Signal) -> String {
    let log = log(signal);
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_else(|_| "{}".to_string());
    text.push('\n');
    text
}

/// The SARIF log of `signal` as a JSON value.
pub fn log(signal: &Signal) -> Value {
    let mut kinds: Vec<FindingKind> = signal.supply_chain.findings.iter().map(|f| f.id).collect();
    crate::order::sort(&mut kinds);
    kinds.dedup();
    let mut rules: Vec<Value> = kinds.iter().map(|kind| finding_rule(*kind)).collect();
    if !signal.focus.is_empty() {
        rules.push(focus_rule());
    }
    let rule_index = |id: &str| {
        rules
            .iter()
            .position(|rule| rule["id"] == id)
            .unwrap_or_default()
    };
    let mut results: Vec<Value> = Vec::new();
    for finding in &signal.supply_chain.findings {
        let id = rule_id(finding.id);
        results.push(finding_result(finding, &id, rule_index(&id)));
    }
    for file in &signal.focus {
        results.push(focus_result(file, rule_index(FOCUS_RULE)));
    }
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "prlens",
                    "version": signal.meta.engine_version,
                    "semanticVersion": signal.meta.engine_version,
                    "informationUri": REPOSITORY_URL,
                    "rules": rules,
                }
            },
            "originalUriBaseIds": {
                "%SRCROOT%": { "description": { "text": "The root of the pull request's repository." } }
            },
            "results": results,
            "properties": {
                "prlens": {
                    "pr": signal.pr.url,
                    "risk": signal.risk.level.key(),
                    "score": signal.risk.score,
                    "review": signal.review.action.key(),
                    "drivers": signal.risk.drivers.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(),
                    "generated_at": signal.meta.generated_at,
                }
            }
        }]
    })
}

fn rule_id(kind: FindingKind) -> String {
    format!("prlens/{}", kind.key())
}

/// SARIF `level` of a finding: critical and high are errors, medium a warning, low a note.
fn finding_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low => "note",
    }
}

/// GitHub's `security-severity` scale: over 9.0 critical, 7.0–8.9 high, 4.0–6.9 medium,
/// 0.1–3.9 low (GitHub Docs, "SARIF support for code scanning", reportingDescriptor).
fn security_severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical => "9.5",
        Severity::High => "8.0",
        Severity::Medium => "5.5",
        Severity::Low => "2.0",
    }
}

fn finding_rule(kind: FindingKind) -> Value {
    json!({
        "id": rule_id(kind),
        "name": kind.key(),
        "shortDescription": { "text": format!("Supply chain: {}", kind.label()) },
        "helpUri": format!("{REPOSITORY_URL}/blob/main/docs/scoring.md"),
        "properties": { "tags": ["security", "supply-chain", "prlens"] }
    })
}

fn focus_rule() -> Value {
    json!({
        "id": FOCUS_RULE,
        "name": "review_focus",
        "shortDescription": { "text": "A file to review first" },
        "fullDescription": { "text": "prlens ranks the changed files a reviewer should read first, with the reasons (sensitive paths, dependency and CI changes, size, findings)." },
        "helpUri": format!("{REPOSITORY_URL}/blob/main/docs/signal.md"),
        "defaultConfiguration": { "level": "note" },
        "properties": { "tags": ["review", "prlens"] }
    })
}

/// A repository-relative file location, with the line when known; none for the PR's own text.
fn location(path: &str, line: Option<u64>) -> Option<Value> {
    if path.is_empty() || path == PR_TEXT {
        return None;
    }
    let mut physical = json!({
        "artifactLocation": { "uri": percent_encode(path, true), "uriBaseId": "%SRCROOT%" }
    });
    if let Some(line) = line.filter(|line| *line > 0) {
        physical["region"] = json!({ "startLine": line });
    }
    Some(json!({ "physicalLocation": physical }))
}

fn fingerprint(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hasher
        .finalize()
        .iter()
        .take(16)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn finding_result(finding: &Finding, rule: &str, rule_index: usize) -> Value {
    let line = finding
        .line
        .map(|line| line.to_string())
        .unwrap_or_default();
    let mut result = json!({
        "ruleId": rule,
        "ruleIndex": rule_index,
        "level": finding_level(finding.severity),
        "message": { "text": show_invisibles(&finding.detail) },
        "partialFingerprints": {
            "prlensFinding/v1": fingerprint(&[rule, &finding.path, &line, &finding.detail])
        },
        "properties": {
            "severity": finding.severity.key(),
            "security-severity": security_severity(finding.severity)
        }
    });
    match location(&finding.path, finding.line) {
        Some(location) => result["locations"] = json!([location]),
        None => {
            result["message"]["text"] = json!(format!(
                "{}: {}",
                show_invisibles(&finding.path),
                show_invisibles(&finding.detail)
            ))
        }
    }
    result
}

fn focus_level(priority: Priority) -> &'static str {
    match priority {
        Priority::Critical | Priority::High => "warning",
        Priority::Medium | Priority::Low => "note",
    }
}

fn focus_result(file: &FocusFile, rule_index: usize) -> Value {
    let reasons = if file.reasons.is_empty() {
        String::new()
    } else {
        format!(": {}", file.reasons.join("; "))
    };
    let mut result = json!({
        "ruleId": FOCUS_RULE,
        "ruleIndex": rule_index,
        "level": focus_level(file.priority),
        "message": {
            "text": show_invisibles(&format!(
                "Review first ({} priority, +{} −{}){reasons}",
                file.priority.key(),
                file.additions,
                file.deletions
            ))
        },
        "partialFingerprints": {
            "prlensFocus/v1": fingerprint(&[FOCUS_RULE, &file.path])
        },
        "properties": { "priority": file.priority.key() }
    });
    if let Some(location) = location(&file.path, None) {
        result["locations"] = json!([location]);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signal_of(bundle: &str) -> Signal {
        crate::analyze_json(bundle, "", None).expect("the project's bundle scores")
    }

    #[test]
    fn one_result_per_finding_and_per_focus_file_with_file_and_line_where_known() {
        let signal = signal_of(include_str!("../tests/bundles/scan-secret-in-config.json"));
        let log = log(&signal);
        let run = &log["runs"][0];
        let results = run["results"].as_array().cloned().unwrap_or_default();
        assert_eq!(
            results.len(),
            signal.supply_chain.findings.len() + signal.focus.len()
        );
        let secret = results
            .iter()
            .find(|r| r["ruleId"] == "prlens/secret_in_diff")
            .expect("a secret_in_diff result");
        assert_eq!(secret["level"], "error");
        let finding = signal
            .supply_chain
            .findings
            .iter()
            .find(|f| f.id == FindingKind::SecretInDiff)
            .expect("the finding");
        let physical = &secret["locations"][0]["physicalLocation"];
        assert_eq!(physical["artifactLocation"]["uri"], finding.path.as_str());
        assert!(finding.line.is_some(), "the secret finder knows its line");
        assert_eq!(
            physical["region"]["startLine"],
            finding.line.unwrap_or_default()
        );
        // Every result's ruleIndex points at its rule.
        for result in &results {
            let index = result["ruleIndex"].as_u64().unwrap_or(u64::MAX) as usize;
            assert_eq!(
                run["tool"]["driver"]["rules"][index]["id"],
                result["ruleId"]
            );
        }
        assert_eq!(run["properties"]["prlens"]["risk"], signal.risk.level.key());
    }

    #[test]
    fn the_same_signal_gives_the_same_bytes() {
        let bundle = include_str!("../tests/bundles/owner-45-files.json");
        assert_eq!(render(&signal_of(bundle)), render(&signal_of(bundle)));
    }

    #[test]
    fn hostile_paths_become_encoded_uris_and_invisible_characters_are_shown() {
        let mut signal = signal_of(include_str!("../tests/bundles/scan-secret-in-config.json"));
        if let Some(finding) = signal.supply_chain.findings.first_mut() {
            finding.path = "src/a b/\u{202e}evil?.rs".into();
            finding.detail = "line 1 \u{202e}reversed".into();
        }
        let text = render(&signal);
        assert!(!text.contains('\u{202e}'), "no raw bidi control in the log");
        assert!(
            text.contains("src/a%20b/%E2%80%AEevil%3F.rs"),
            "the path is percent-encoded"
        );
        assert!(text.contains("⟪U+202E⟫"));
    }

    #[test]
    fn a_finding_about_the_pr_text_names_no_file() {
        let finding = Finding {
            id: FindingKind::HiddenUnicode,
            path: PR_TEXT.to_string(),
            detail: "contains hidden characters".into(),
            severity: Severity::High,
            line: None,
        };
        let result = finding_result(&finding, "prlens/hidden_unicode", 0);
        assert!(result.get("locations").is_none());
        assert_eq!(
            result["message"]["text"],
            format!("{PR_TEXT}: contains hidden characters")
        );
    }
}
