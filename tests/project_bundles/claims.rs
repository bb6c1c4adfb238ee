//! The Intent section's claims on the `claims-*` bundles (built by
//! `tests/project_bundles/claims-bundles.mjs`): what the description says, held against the
//! diff — confirmed with the file and line, not in the diff, contradicted, or not checkable —
//! and the next steps and the low-effort check that follow from it.

use super::*;
use prlens::signal::{CheckId, CheckOutcome, Claim, ClaimKind, ClaimOrigin, ClaimStatus, Prose};

fn rows(signal: &prlens::Signal) -> Vec<(ClaimOrigin, ClaimKind, ClaimStatus)> {
    signal
        .intent
        .claims
        .iter()
        .map(|claim| (claim.origin, claim.kind, claim.status))
        .collect()
}

fn claim(signal: &prlens::Signal, kind: ClaimKind, origin: ClaimOrigin) -> &Claim {
    signal
        .intent
        .claims
        .iter()
        .find(|claim| claim.kind == kind && claim.origin == origin)
        .unwrap_or_else(|| panic!("no {kind:?} claim from {origin:?}: {:?}", rows(signal)))
}

fn check(signal: &prlens::Signal) -> (CheckOutcome, String) {
    let check = signal
        .checks
        .iter()
        .find(|check| check.id == CheckId::DescriptionClaimsHold)
        .expect("the claims check is on by default");
    (check.outcome, check.detail.clone())
}

#[test]
fn tests_and_docs_claimed_but_absent_are_not_in_the_diff_and_raised() {
    let signal = project_signal("claims-tests-and-docs-missing");
    use ClaimKind::*;
    use ClaimOrigin::*;
    use ClaimStatus::*;
    assert_eq!(
        rows(&signal),
        [
            (Description, Adds, Confirmed),
            (Description, TestsAdded, NotInDiff),
            (Description, DocsUpdated, NotInDiff),
            (TickedBox, TestsAdded, NotInDiff),
            (TickedBox, DocsUpdated, NotInDiff),
        ]
    );
    assert_eq!(
        claim(&signal, Adds, Description).evidence_lines()[0],
        "`RetryBudget` added in harbor/upload.py:+4"
    );
    assert_eq!(
        claim(&signal, TestsAdded, TickedBox).detail,
        "no test file changed"
    );
    assert_eq!(
        signal.intent.summary(),
        "1 of 5 claims confirmed by the diff"
    );
    let concerns = &signal.next_steps.concerns;
    for expected in [
        "The description says tests were added; no test file changed",
        "The description says the documentation was updated; no documentation file changed",
        "A ticked box says tests were added; no test file changed",
    ] {
        assert!(
            concerns.iter().any(|c| c == expected),
            "{expected}: {concerns:?}"
        );
    }
    let (outcome, detail) = check(&signal);
    assert_eq!(outcome, CheckOutcome::Fail, "{detail}");
    assert!(
        detail.starts_with("The description says tests were added; no test file changed."),
        "{detail}"
    );
    // Advice, not risk: the claims add no driver by default.
    assert!(!driver_ids(&signal).contains(&"low_effort_checks"));
}

#[test]
fn no_behaviour_change_on_a_code_change_is_contradicted_at_the_changed_line() {
    let signal = project_signal("claims-no-behaviour-change-on-code");
    let claim = claim(
        &signal,
        ClaimKind::NoBehaviourChange,
        ClaimOrigin::Description,
    );
    assert_eq!(claim.status, ClaimStatus::Contradicted);
    assert_eq!(
        claim.evidence_lines(),
        ["code changed in harbor/pagination.py:+13"]
    );
    // Said twice ("Pure refactor", "No behaviour change"): one claim.
    let behaviour = signal
        .intent
        .claims
        .iter()
        .filter(|claim| claim.kind == ClaimKind::NoBehaviourChange)
        .count();
    assert_eq!(behaviour, 1);
    assert!(signal.next_steps.concerns.contains(
        &"The description says there is no behaviour change; code changed in harbor/pagination.py:+13"
            .to_string()
    ));
    assert_eq!(check(&signal).0, CheckOutcome::Fail);
}

#[test]
fn a_rename_is_confirmed_by_the_removed_and_added_names_and_a_missing_one_is_raised() {
    let signal = project_signal("claims-renamed-identifier");
    let renames: Vec<&Claim> = signal
        .intent
        .claims
        .iter()
        .filter(|claim| claim.kind == ClaimKind::Renames)
        .collect();
    assert_eq!(renames.len(), 3, "{:?}", rows(&signal));
    assert_eq!(renames[0].subjects, ["fetch_all", "fetch_pages"]);
    assert_eq!(renames[0].status, ClaimStatus::Confirmed);
    assert_eq!(
        renames[0].evidence_lines(),
        [
            "`fetch_all` removed in harbor/client.py:-30",
            "`fetch_pages` added in harbor/client.py:+30"
        ]
    );
    assert_eq!(
        renames[1].evidence_lines(),
        ["harbor/paging.py renamed from harbor/old_paging.py"]
    );
    assert_eq!(renames[2].subjects, ["close_all", "shutdown"]);
    assert_eq!(renames[2].status, ClaimStatus::NotInDiff);
    assert_eq!(
        renames[2].detail,
        "`close_all` is on no removed line; `shutdown` is on no added line"
    );
    assert!(signal.next_steps.concerns.iter().any(|c| c
        == "The description says it renames `close_all` to `shutdown`; `close_all` is on no removed line; `shutdown` is on no added line"));
}

#[test]
fn a_description_in_another_language_still_has_its_names_checked_and_says_so() {
    let signal = project_signal("claims-non-english");
    let intent = &signal.intent;
    assert_eq!(intent.prose, Prose::Other);
    assert!(intent.reading_note().starts_with(
        "The description is not in English: only the identifiers, files and issue links it names were checked"
    ));
    // Nothing is read from the prose: every claim is a bare list of names.
    assert!(intent
        .claims
        .iter()
        .all(|claim| claim.kind == ClaimKind::Names));
    let lines: Vec<String> = intent
        .claims
        .iter()
        .flat_map(Claim::evidence_lines)
        .collect();
    for expected in [
        "`chunk_size` added in harbor/upload.py:+8",
        "tests/test_upload.py:+41 changed",
        "`max_parallel` is not in the diff",
    ] {
        assert!(
            lines.iter().any(|line| line == expected),
            "{expected}: {lines:?}"
        );
    }
    assert_eq!(intent.summary(), "2 of 3 claims confirmed by the diff");
    // A bare name the diff lacks is shown, not raised (it may be context).
    assert_eq!(check(&signal).0, CheckOutcome::Pass);
    assert!(!signal
        .next_steps
        .concerns
        .iter()
        .any(|c| c.contains(" says ")));
}

#[test]
fn a_description_with_no_checkable_claim_says_so_and_invents_none() {
    let signal = project_signal("claims-nothing-checkable");
    let intent = &signal.intent;
    assert!(intent.claims.is_empty(), "{:?}", rows(&signal));
    assert_eq!(intent.summary(), "No claim the diff can check");
    assert_eq!(intent.unread_statements, 3, "title and two sentences");
    assert!(intent
        .reading_note()
        .ends_with("3 statements name nothing the diff can check and were not checked."));
    assert_eq!(check(&signal).0, CheckOutcome::NotChecked);
    let markdown = prlens::markdown::render(&signal);
    assert!(
        markdown.contains("No claim the diff can check."),
        "{markdown}"
    );
}

/// The seed's shape (a new option, the code using it, docs, tests) with the acceptance list in
/// the linked issue: each criterion confirmed by the file that shows it, the runtime one not
/// checkable, and "Fixes #88" pointing at the list.
#[test]
fn a_linked_issues_acceptance_list_is_checked_item_by_item() {
    let signal = project_signal("claims-seed-like-issue-criteria");
    let issue: Vec<(ClaimKind, ClaimStatus, Vec<String>)> = signal
        .intent
        .claims
        .iter()
        .filter(|claim| claim.origin == ClaimOrigin::LinkedIssue)
        .map(|claim| (claim.kind, claim.status, claim.evidence_lines()))
        .collect();
    assert!(signal
        .intent
        .claims
        .iter()
        .filter(|claim| claim.origin == ClaimOrigin::LinkedIssue)
        .all(|claim| claim.issue == Some(88)));
    use ClaimKind::*;
    use ClaimStatus::*;
    let first = |line: &str| vec![line.to_string()];
    assert_eq!(issue[0].0, Names);
    assert_eq!(
        issue[0].2[0],
        "`stream_threshold` added in harbor/options.py:+21"
    );
    assert_eq!((issue[1].0, issue[1].1), (Names, Confirmed));
    assert_eq!(
        issue[1].2,
        first("`upload` next to the change in harbor/upload.py:50")
    );
    assert_eq!((issue[2].0, issue[2].1), (DocsUpdated, Confirmed));
    assert_eq!(issue[2].2, first("docs/uploads.md:+32 changed"));
    assert_eq!((issue[3].0, issue[3].1), (TestsAdded, Confirmed));
    assert_eq!(issue[3].2[0], "tests/test_streaming.py added");
    assert_eq!((issue[4].0, issue[4].1), (Runtime, NotCheckable));
    assert_eq!(
        signal.intent.summary(),
        "4 of 4 claims confirmed by the diff"
    );
    let fixes = claim(&signal, FixesIssue, ClaimOrigin::Description);
    assert!(
        fixes
            .detail
            .ends_with("its acceptance list is checked item by item"),
        "{}",
        fixes.detail
    );
}

#[test]
fn claims_are_read_from_the_title_the_description_and_the_issue_and_no_other_bundle_raises_one() {
    // Every other project bundle: no claim is raised by accident (their descriptions were
    // written before claims were checked, and describe their diffs truthfully).
    for name in project_bundle_names() {
        if name.starts_with("claims-") {
            continue;
        }
        let signal = project_signal(&name);
        let raised: Vec<&str> = signal
            .intent
            .claims
            .iter()
            .filter(|claim| claim.raised())
            .map(|claim| claim.text.as_str())
            .collect();
        assert!(raised.is_empty(), "{name}: {raised:?}");
    }
}
