//! Claim reading on the description shapes large projects' PR templates produce (read with
//! the project's code search in 2026-12: kubernetes' "what type of PR / what this PR does /
//! which issue / user-facing change (release-note block)", huggingface/transformers' "What does
//! this PR do? / Before submitting" boxes, django's "ticket / branch description / checklist",
//! rust-lang/rust's prose with `r? @reviewer` and `try-job:` lines, react's "Summary / How did
//! you test this change?", and the common "Type of change / Checklist" template), plus a
//! conventional-commit PR and an agent-written one. The wording of every example is ours.

use serde_json::{json, Value};

use super::assess;
use crate::bundle::Bundle;
use crate::engine::context::Context;
use crate::engine::files::classify_all;
use crate::settings::Settings;
use crate::signal::{ClaimKind, ClaimKind::*, ClaimOrigin, ClaimStatus, ClaimStatus::*, Intent};

/// A modified file whose patch is one hunk of `lines` (`+`/`-`/` ` prefixed) under `section`.
fn changed(path: &str, section: &str, lines: &[&str]) -> Value {
    let old = lines.iter().filter(|line| !line.starts_with('+')).count();
    let new = lines.iter().filter(|line| !line.starts_with('-')).count();
    let additions = lines.iter().filter(|line| line.starts_with('+')).count();
    let deletions = lines.iter().filter(|line| line.starts_with('-')).count();
    json!({"filename": path, "status": "modified", "additions": additions, "deletions": deletions,
           "patch": format!("@@ -10,{old} +10,{new} @@ {section}\n{}", lines.join("\n"))})
}

fn intent(title: &str, body: &str, files: Vec<Value>) -> Intent {
    let bundle = Bundle::from_value(&json!({
        "pull": {"number": 7, "title": title, "body": body, "user": {"login": "a"},
                 "base": {"repo": {"full_name": "o/r"}}, "changed_files": files.len()},
        "files": files,
    }))
    .expect("a valid bundle");
    let settings = Settings::default();
    let context = Context {
        bundle: &bundle,
        settings: &settings,
        now: 0,
        files: classify_all(&bundle, &settings),
    };
    assess(&context)
}

fn rows(intent: &Intent) -> Vec<(ClaimOrigin, ClaimKind, ClaimStatus)> {
    intent
        .claims
        .iter()
        .map(|claim| (claim.origin, claim.kind, claim.status))
        .collect()
}

#[test]
fn kubernetes_shape_reads_the_change_and_the_issue_not_commands_or_release_notes() {
    let body = "#### What kind of change is this?\n\n/kind bug\n\n\
        #### What this change does, and why\n\n\
        The `podReaper` removed pods whose `DeletionTimestamp` was still in the grace period.\n\n\
        #### Issues it fixes\n\nFixes #1234\n\n#### Notes for the reviewer\n\n\
        #### Is there a user-facing change?\n\n```release-note\nThe `reaper_v2` flag is gone.\n```\n";
    let files = vec![
        changed(
            "pkg/reaper/reaper.go",
            "func (r *podReaper) sweep() {",
            &[
                "-\tif pod.DeletionTimestamp != nil {",
                "+\tif pod.DeletionTimestamp != nil && r.pastGrace(pod) {",
            ],
        ),
        changed(
            "pkg/reaper/reaper_test.go",
            "",
            &["+func TestSweepWaitsForGrace(t *testing.T) { r := &podReaper{}; r.sweep() }"],
        ),
    ];
    let intent = intent("Wait for the grace period before reaping", body, files);
    assert_eq!(
        rows(&intent),
        [
            (ClaimOrigin::Description, Names, Confirmed),
            (ClaimOrigin::Description, FixesIssue, NotCheckable),
        ]
    );
    assert_eq!(
        intent.claims[0].subjects,
        ["podReaper", "DeletionTimestamp"]
    );
    assert!(
        !intent
            .claims
            .iter()
            .any(|claim| claim.text.contains("reaper_v2")),
        "the release-note block is code, not a claim"
    );
}

#[test]
fn transformers_shape_a_docs_only_box_on_a_code_change_is_contradicted() {
    let body = "# What does this PR do?\n\nAdds `rope_scaling` to `LlamaConfig`.\n\n\
        Fixes # (issue)\n\n## Before submitting\n\
        - [x] This PR fixes a typo or improves the docs (you can skip the other checks then).\n\
        - [x] Did you read the contributor guideline?\n\
        - [ ] Did you write any new necessary tests?\n\n## Who can review?\n\n@someone\n";
    let files = vec![changed(
        "src/models/llama/config.py",
        "class LlamaConfig:",
        &["+        self.rope_scaling = rope_scaling"],
    )];
    let intent = intent("Add rope scaling", body, files);
    assert_eq!(
        rows(&intent),
        [
            (ClaimOrigin::Description, Adds, Confirmed),
            (ClaimOrigin::TickedBox, DocsOnly, Contradicted),
            (ClaimOrigin::TickedBox, AuthorsWord, NotCheckable),
        ]
    );
    assert_eq!(
        intent.claims[1].evidence_lines(),
        [
            "src/models/llama/config.py:+10 changed",
            "src/models/llama/config.py is not documentation"
        ]
    );
    assert!(
        intent.unticked.is_empty(),
        "the template's unticked boxes are not the author's to-do"
    );
}

#[test]
fn django_shape_checklist_boxes_are_checked_for_tests_and_docs_only() {
    let body = "#### Ticket\n\nticket-35012\n\n#### What this branch does\n\n\
        Makes `bulk_update` skip rows whose fields did not change.\n\n#### Checklist\n\
        - [x] This PR targets the `main` branch.\n\
        - [x] The commit message is in the past tense and names the ticket.\n\
        - [x] I have added or updated relevant tests.\n\
        - [x] I have added or updated relevant docs, including release notes.\n\
        - [ ] I have attached screenshots in both light and dark modes for any UI changes.\n";
    let files = vec![
        changed(
            "django/db/models/query.py",
            "    def bulk_update(self, objs, fields, batch_size=None):",
            &["+        objs = [obj for obj in objs if obj._changed(fields)]"],
        ),
        changed(
            "tests/queries/test_bulk_update.py",
            "",
            &[
                "+    def test_unchanged_rows_are_skipped(self):",
                "+        Note.objects.bulk_update([], [\"note\"])",
            ],
        ),
        changed(
            "docs/releases/5.2.txt",
            "",
            &["+* ``bulk_update()`` skips unchanged rows."],
        ),
    ];
    let intent = intent(
        "Fixed #35012 -- Skipped unchanged rows in bulk_update().",
        body,
        files,
    );
    assert_eq!(
        rows(&intent),
        [
            (ClaimOrigin::Title, Names, Confirmed),
            (ClaimOrigin::TickedBox, TestsAdded, Confirmed),
            (ClaimOrigin::TickedBox, DocsUpdated, Confirmed),
            (ClaimOrigin::Title, FixesIssue, NotCheckable),
            (ClaimOrigin::TickedBox, AuthorsWord, NotCheckable),
            (ClaimOrigin::TickedBox, AuthorsWord, NotCheckable),
        ],
        "`bulk_update` in the description is the title's claim said again"
    );
    assert_eq!(
        intent.claims[1].evidence_lines()[1],
        "`bulk_update` added in tests/queries/test_bulk_update.py:+11"
    );
}

#[test]
fn rust_shape_prose_with_reviewer_and_try_job_lines() {
    let body = "Fixes #120031\n\n`VecDeque::rotate_left` read past the end when `mid == len`; \
        it now returns early.\n\nr? @someone\n\ntry-job: x86_64-gnu-debug\n";
    let files = vec![changed(
        "library/alloc/src/collections/vec_deque/mod.rs",
        "    pub fn rotate_left(&mut self, n: usize) {",
        &["+        if n == self.len { return; }"],
    )];
    let intent = intent("Fix `VecDeque::rotate_left` at the end", body, files);
    assert_eq!(
        rows(&intent),
        [
            (ClaimOrigin::Title, Names, Confirmed),
            (ClaimOrigin::Description, FixesIssue, NotCheckable),
        ]
    );
    assert_eq!(
        intent.claims[0].evidence_lines(),
        ["`rotate_left` next to the change in library/alloc/src/collections/vec_deque/mod.rs:10"]
    );
}

#[test]
fn react_shape_testing_bullets_are_listed_claims() {
    let body =
        "## Summary\n\nControlled `<input type=\"number\">` lost the caret on re-render.\n\n\
        ## How did you test this change?\n\n- Added a regression test to `ReactDOMInput-test.js`\n\
        - Checked the fixture by hand in two browsers\n";
    let files = vec![
        changed(
            "packages/react-dom/src/client/ReactDOMInput.js",
            "export function updateInput(",
            &["+  if (node.type === 'number' && node.value === value) return;"],
        ),
        changed(
            "packages/react-dom/src/__tests__/ReactDOMInput-test.js",
            "",
            &["+  it('keeps the caret in a number input', () => { updateInput(node); });"],
        ),
    ];
    let intent = intent("Keep the caret in number inputs", body, files);
    assert_eq!(
        rows(&intent),
        [
            (ClaimOrigin::Description, TestsAdded, Confirmed),
            (ClaimOrigin::Description, AuthorsWord, NotCheckable),
        ]
    );
    assert_eq!(
        intent.claims[0].evidence_lines()[1],
        "`updateInput` added in packages/react-dom/src/__tests__/ReactDOMInput-test.js:+10"
    );
}

#[test]
fn type_of_change_template_ticked_tests_and_docs_the_diff_lacks_are_raised() {
    let body = "## Description\n\nCaches the parsed settings.\n\n## Type of change\n\n\
        - [x] Bug fix (non-breaking change which fixes an issue)\n\
        - [ ] New feature (non-breaking change which adds functionality)\n\
        - [x] This change requires a documentation update\n\n## Checklist:\n\n\
        - [x] My code follows the style guidelines of this project\n\
        - [x] I have made corresponding changes to the documentation\n\
        - [x] I have added tests that prove my fix is effective or that my feature works\n\
        - [x] New and existing unit tests pass locally with my changes\n";
    let files = vec![changed(
        "app/settings.py",
        "def load():",
        &["+    return _CACHE or _parse()"],
    )];
    let intent = intent("Cache settings", body, files);
    let checkable: Vec<_> = rows(&intent)
        .into_iter()
        .filter(|(_, _, status)| *status != NotCheckable)
        .collect();
    assert_eq!(
        checkable,
        [
            (ClaimOrigin::TickedBox, DocsUpdated, NotInDiff),
            (ClaimOrigin::TickedBox, TestsAdded, NotInDiff),
        ]
    );
    let unprovable: Vec<ClaimKind> = intent
        .claims
        .iter()
        .filter(|claim| claim.status == NotCheckable)
        .map(|claim| claim.kind)
        .collect();
    assert_eq!(unprovable, [AuthorsWord, AuthorsWord, AuthorsWord, Runtime]);
    assert!(intent
        .claims
        .iter()
        .all(|claim| claim.origin == ClaimOrigin::TickedBox));
}

#[test]
fn conventional_commit_changes_list_adds_removes_and_deprecates() {
    let body =
        "## Changes\n\n- Add `--resume` to `harbor upload`\n- Remove the `--continue` alias\n\
        - Deprecate `UploadSession.restart()`\n";
    let files = vec![changed(
        "harbor/cli.py",
        "def upload_command(args):",
        &[
            "-    parser.add_argument(\"--continue\", dest=\"resume\")",
            "+    parser.add_argument(\"--resume\", action=\"store_true\")",
            "+    warnings.warn(\"UploadSession.restart is deprecated\", DeprecationWarning)",
            "+    session.restart()",
        ],
    )];
    let intent = intent("feat(upload): add --resume", body, files);
    assert_eq!(
        rows(&intent),
        [
            (ClaimOrigin::Description, Adds, Confirmed),
            (ClaimOrigin::Description, Removes, Confirmed),
            (ClaimOrigin::Description, Deprecates, Confirmed),
        ]
    );
    assert_eq!(
        intent.claims[0].evidence_lines()[0],
        "`--resume` added in harbor/cli.py:+10"
    );
    assert_eq!(
        intent.claims[1].evidence_lines(),
        ["`--continue` removed in harbor/cli.py:-10"]
    );
}

#[test]
fn agent_written_description_claiming_tests_and_readme_the_diff_lacks() {
    let body = "## Summary\n\nThis PR adds comprehensive validation with full test coverage.\n\n\
        ## Changes\n\n- ✅ Added `validate_config()` to `harbor/config.py`\n\
        - ✅ Added unit tests in `tests/test_config.py`\n\
        - ✅ Updated `README.md` with usage examples\n";
    let files = vec![changed(
        "harbor/config.py",
        "",
        &["+def validate_config(config):", "+    return bool(config)"],
    )];
    let intent = intent("Add config validation", body, files);
    assert_eq!(
        rows(&intent),
        [
            // "… with full test coverage" claims tests as well.
            (ClaimOrigin::Description, TestsAdded, NotInDiff),
            (ClaimOrigin::Description, Adds, Confirmed),
            (ClaimOrigin::Description, TestsAdded, NotInDiff),
            (ClaimOrigin::Description, Names, NotInDiff),
        ]
    );
    assert_eq!(intent.claims[0].detail, "no test file changed");
    assert_eq!(
        intent.claims[2].detail,
        "tests/test_config.py is not among the changed files"
    );
    assert_eq!(intent.claims[3].detail, "README.md is not in the diff");
}
