//! Fuzzing the claim reader: descriptions (and linked issues' bodies) built from the shapes PR
//! templates and authors use — headings, ticked and unticked boxes, bullets, claim phrases,
//! names of the seed's own files and identifiers — mixed with hostile text (unclosed and
//! nested backticks, bidi and zero-width characters, HTML comments, fences, CRLF, other
//! scripts, huge lines). Every signal must keep the claim invariants of [`check_claims`], and
//! every piece of evidence must point at a file the bundle changed.

use proptest::prelude::*;
use serde_json::{json, Value};

use prlens::signal::{ClaimKind, ClaimStatus, Found, Signal};

/// At most this many claims are listed (`engine::sections::intent::claims::MAX_CLAIMS`).
const MAX_CLAIMS: usize = 20;

/// Fragments a description is built from; `{a}`/`{b}` become names from the seed bundle.
const FRAGMENTS: &[&str] = &[
    "## What does this PR do?",
    "# Summary",
    "**Changes**",
    "Summary:",
    "## Before submitting",
    "## Acceptance criteria",
    "### How has this been tested?",
    "## Who can review?",
    "- [x] ",
    "- [ ] ",
    "* [X] ",
    "1. ",
    "- ",
    "  ",
    "Adds `{a}` to `{b}`.",
    "Removes `{a}` from {b}.",
    "Renames `{a}` to `{b}`.",
    "`{a}` → `{b}`",
    "Deprecates `{a}`.",
    "No behaviour change.",
    "Formatting only.",
    "Adds tests for `{a}`.",
    "I updated the documentation.",
    "Did you write any new necessary tests?",
    "This PR only fixes a typo in the docs.",
    "Fixes #12",
    "Closes #0 and fixes #18446744073709551616",
    "Updates {a} and {b}",
    "Añade `{a}` a `{b}`.",
    "新增 `{a}` 选项。",
    "Добавляет `{a}` в {b}.",
    "`unclosed {a}",
    "``{a}`` and ```{b}",
    "[`{a}`](https://github.com/o/r/blob/x/{b})",
    "<!-- hidden `{a}` -->",
    "<!-- unclosed",
    "```\n- [x] Adds `{a}`\n```",
    "\u{202E}`{a}`\u{202C} \u{200B}{b}",
    "> quoted `{a}`",
    "| `{a}` | `{b}` |",
    "/kind bug",
    "r? @someone",
    "\r\n",
    "\n",
    "\n\n",
    "e.g. `{a}`. i.e. {b}.",
];

/// A description: fragments with names from `names`.
fn description(names: Vec<String>) -> impl Strategy<Value = String> {
    let names = if names.is_empty() {
        vec!["fetch_all".to_string(), "src/a.rs".to_string()]
    } else {
        names
    };
    proptest::collection::vec(
        (
            proptest::sample::select(FRAGMENTS.to_vec()),
            proptest::sample::select(names.clone()),
            proptest::sample::select(names),
            prop_oneof![8 => Just(String::new()), 1 => "\\PC{0,30}", 1 => Just("x".repeat(5_000))],
        ),
        0..40,
    )
    .prop_map(|parts| {
        let mut text = String::new();
        for (fragment, a, b, noise) in parts {
            text.push_str(&fragment.replace("{a}", &a).replace("{b}", &b));
            text.push_str(&noise);
            text.push('\n');
        }
        text
    })
}

/// Names the seed bundle's diff holds: its paths, their stems and words of its added lines.
pub(crate) fn names_of(bundle: &Value) -> Vec<String> {
    let mut names = Vec::new();
    for file in bundle["files"].as_array().into_iter().flatten().take(20) {
        if let Some(path) = file["filename"].as_str() {
            names.push(path.to_string());
            let base = path.rsplit('/').next().unwrap_or(path);
            names.push(base.split('.').next().unwrap_or(base).to_string());
        }
        let patch = file["patch"].as_str().unwrap_or("");
        for word in patch
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|word| word.contains('_') && word.len() > 3)
            .take(5)
        {
            names.push(word.to_string());
        }
    }
    names.dedup();
    names
}

pub(crate) fn description_case() -> impl Strategy<Value = (usize, String, String)> {
    let bundles = crate::seeds::seed_bundles();
    let count = bundles.len();
    (0..count).prop_flat_map(move |index| {
        let names = names_of(&bundles[index]);
        (Just(index), description(names.clone()), description(names))
    })
}

/// The seed with `body` as its description and `issue` as the body of linked issue #12.
pub(crate) fn with_description(seed: &Value, body: &str, issue: &str) -> Value {
    let mut bundle = seed.clone();
    bundle["pull"]["body"] = json!(body);
    bundle["linked_issues"] =
        json!({"12": {"issue": {"number": 12, "state": "open", "body": issue}}});
    bundle
}

/// What every signal's claims satisfy, whatever the description.
pub(crate) fn check_claims(signal: &Signal) -> Result<(), String> {
    let intent = &signal.intent;
    if intent.claims.len() > MAX_CLAIMS {
        return Err(format!(
            "{} claims listed (max {MAX_CLAIMS})",
            intent.claims.len()
        ));
    }
    if intent.confirmed() > intent.checkable() {
        return Err("more claims confirmed than checkable".into());
    }
    let mut seen_uncheckable = false;
    for claim in &intent.claims {
        let context = || format!("claim {:?}", claim.text);
        if claim.text.contains(['\n', '\r']) || claim.text.chars().count() > 200 {
            return Err(format!("{}: text not one clipped line", context()));
        }
        if claim.evidence.len() > 4 || claim.subjects.len() > 8 {
            return Err(format!(
                "{}: too much evidence or too many subjects",
                context()
            ));
        }
        if matches!(claim.kind, ClaimKind::Runtime | ClaimKind::AuthorsWord)
            && claim.status != ClaimStatus::NotCheckable
        {
            return Err(format!("{}: an unprovable claim was judged", context()));
        }
        if claim.status == ClaimStatus::Confirmed
            && claim.evidence.is_empty()
            && claim.detail.is_empty()
        {
            return Err(format!("{}: confirmed without evidence", context()));
        }
        if claim.status == ClaimStatus::NotCheckable {
            seen_uncheckable = true;
        } else if seen_uncheckable {
            return Err(format!(
                "{}: checkable claim after an uncheckable one",
                context()
            ));
        }
        for evidence in &claim.evidence {
            let lined = matches!(
                evidence.found,
                Found::Added | Found::Removed | Found::Context
            );
            if lined && evidence.line.is_none() {
                return Err(format!("{}: a line finding without its line", context()));
            }
        }
    }
    let raised = intent.claims.iter().filter(|claim| claim.raised()).count();
    let check = signal
        .checks
        .iter()
        .find(|check| check.id == prlens::signal::CheckId::DescriptionClaimsHold);
    if let Some(check) = check {
        let failed = check.outcome == prlens::signal::CheckOutcome::Fail;
        if failed != (raised > 0) {
            return Err(format!(
                "description_claims_hold is {:?} with {raised} raised claims",
                check.outcome
            ));
        }
    }
    Ok(())
}

/// Every piece of evidence names a file the bundle changed.
pub(crate) fn check_evidence_paths(bundle: &Value, signal: &Signal) -> Result<(), String> {
    let paths: Vec<&str> = bundle["files"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|file| file["filename"].as_str())
        .collect();
    for claim in &signal.intent.claims {
        for evidence in &claim.evidence {
            if !paths.contains(&evidence.path.as_str()) {
                return Err(format!(
                    "claim {:?}: evidence in {:?}, not a changed file",
                    claim.text, evidence.path
                ));
            }
        }
    }
    Ok(())
}
