//! One test per YAML/expression syntax variant of the workflow checks: each shape a line-by-line
//! reader once missed (quotes, flow mappings, index syntax, `toJSON`, `env:` indirection, …).

use super::super::testing::{changed, kinds};
use super::findings;
use super::FileView;
use crate::engine::files::classify_file;
use crate::signal::{FindingKind, Severity};

fn run_with(status: &str, patch: &str) -> Vec<(FindingKind, Severity)> {
    let file = changed(".github/workflows/x.yml", status, patch);
    kinds(findings(&FileView::new(&file, &classify_file(&file))))
}

fn run(patch: &str) -> Vec<(FindingKind, Severity)> {
    run_with("modified", patch)
}

const INJECTION_HIGH: (FindingKind, Severity) =
    (FindingKind::WorkflowScriptInjection, Severity::High);
const PWN_REQUEST: (FindingKind, Severity) =
    (FindingKind::WorkflowPrTargetCheckout, Severity::Critical);

#[test]
fn index_syntax_event_fields_in_run_are_injection() {
    assert_eq!(
        run("@@ -5,2 +5,3 @@\n     steps:\n+      - run: echo \"${{ github.event['pull_request'][\"title\"] }}\""),
        [INJECTION_HIGH]
    );
}

#[test]
fn to_json_of_the_whole_event_in_run_is_injection() {
    assert_eq!(
        run("@@ -5,2 +5,3 @@\n     steps:\n+      - run: echo '${{ toJSON(github.event) }}' > event.json"),
        [INJECTION_HIGH]
    );
}

#[test]
fn an_env_variable_set_from_an_event_field_and_expanded_in_run_is_injection() {
    assert_eq!(
        run("@@ -5,2 +5,6 @@\n     steps:\n+      - env:\n+          TITLE: ${{ github.event.issue.title }}\n+        run: |\n+          echo \"${{ env.TITLE }}\""),
        [INJECTION_HIGH]
    );
}

#[test]
fn an_env_variable_read_by_the_shell_is_the_safe_pattern_and_not_injection() {
    assert!(run("@@ -5,2 +5,6 @@\n     steps:\n+      - env:\n+          TITLE: ${{ github.event.issue.title }}\n+        run: |\n+          echo \"$TITLE\"").is_empty());
}

#[test]
fn a_double_quoted_run_value_is_read_as_a_script() {
    assert_eq!(
        run("@@ -5,2 +5,3 @@\n     steps:\n+      - \"run\": \"echo ${{ github.head_ref }}\""),
        [INJECTION_HIGH]
    );
}

#[test]
fn github_script_script_input_is_a_script() {
    assert_eq!(
        run("@@ -5,2 +5,5 @@\n     steps:\n+      - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea\n+        with:\n+          script: console.log(\"${{ github.event.comment.body }}\")"),
        [INJECTION_HIGH]
    );
}

#[test]
fn a_folded_block_scalar_is_a_script() {
    assert_eq!(run("@@ -5,2 +5,4 @@\n     steps:\n+      - run: >-\n+          echo ${{ github.event.review.body }}"), [INJECTION_HIGH]);
}

#[test]
fn a_flow_mapping_checkout_ref_under_pull_request_target_is_a_pwn_request() {
    assert_eq!(
        run("@@ -1,6 +1,6 @@\n on:\n-  pull_request:\n+  pull_request_target:\n jobs:\n   a:\n     steps:\n-      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n+      - { uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683, with: { ref: \"${{ github.event.pull_request.head.sha }}\" } }"),
        [PWN_REQUEST]
    );
}

#[test]
fn merge_commit_sha_checkout_under_pull_request_target_is_a_pwn_request() {
    assert_eq!(
        run("@@ -1,8 +1,8 @@\n on: pull_request_target\n jobs:\n   a:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n         with:\n-          ref: main\n+          ref: '${{ github.event.pull_request.merge_commit_sha }}'"),
        [PWN_REQUEST]
    );
}

#[test]
fn a_trigger_in_a_flow_sequence_counts() {
    assert_eq!(
        run("@@ -1,3 +1,3 @@\n-on: [push]\n+on: [push, workflow_run]\n jobs:\n@@ -20,2 +20,3 @@\n         with:\n+          repository: ${{ github.event.workflow_run.head_repository.full_name }}"),
        [PWN_REQUEST]
    );
}

#[test]
fn gh_pr_checkout_in_a_pull_request_target_script_is_a_pwn_request() {
    assert_eq!(
        run("@@ -1,6 +1,7 @@\n on:\n   pull_request_target:\n jobs:\n   a:\n     steps:\n+      - run: gh pr checkout ${{ github.event.number }} && make"),
        [PWN_REQUEST]
    );
}

#[test]
fn a_head_checkout_on_plain_pull_request_is_not_a_finding_and_one_with_the_trigger_out_of_view_is_medium(
) {
    assert!(run("@@ -1,6 +1,7 @@\n on:\n   pull_request:\n jobs:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n+        with: { ref: \"${{ github.event.pull_request.head.sha }}\" }").is_empty());
    assert_eq!(
        run("@@ -20,3 +20,4 @@ jobs:\n     steps:\n       - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n+        with: { ref: \"${{ github.event.pull_request.head.sha }}\" }"),
        [(FindingKind::WorkflowPrHeadCheckout, Severity::Medium)]
    );
}

#[test]
fn a_new_workflow_file_is_parsed_whole() {
    let patch = "@@ -0,0 +1,12 @@\n+\"on\":\n+  pull_request_target: {types: [opened]}\n+permissions: \"write-all\"\n+jobs:\n+  a:\n+    runs-on: ubuntu-latest\n+    steps:\n+      - uses: \"someone/setup@v1\"\n+      - uses: actions/checkout@v4\n+        with:\n+          ref: >-\n+            ${{ github.event.pull_request.head.ref }}";
    let found = run_with("added", patch);
    assert_eq!(
        found,
        [
            PWN_REQUEST,
            (FindingKind::UnpinnedAction, Severity::Medium),
            (FindingKind::UnpinnedAction, Severity::Low),
            (FindingKind::WorkflowWritePermissions, Severity::High),
            (FindingKind::WorkflowArtipacked, Severity::Low),
        ]
    );
}

#[test]
fn flow_mapping_permissions_grant_write() {
    assert_eq!(
        run("@@ -1,2 +1,2 @@\n-permissions: { contents: read }\n+permissions: { contents: write, checks: write }"),
        [
            (FindingKind::WorkflowWritePermissions, Severity::High),
            (FindingKind::WorkflowWritePermissions, Severity::Medium)
        ]
    );
}

#[test]
fn quoted_and_flow_mapping_uses_are_checked_for_pins() {
    assert_eq!(
        run("@@ -5,2 +5,4 @@\n     steps:\n+      - uses: 'someone/deploy@main'\n+      - { uses: \"someone/other@v2\" }"),
        [(FindingKind::UnpinnedAction, Severity::Medium), (FindingKind::UnpinnedAction, Severity::Medium)]
    );
}

#[test]
fn new_secret_uses_are_noted_but_the_run_token_is_not() {
    assert_eq!(
        run("@@ -5,2 +5,5 @@\n     steps:\n+      - env:\n+          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n+          GH: ${{ secrets.GITHUB_TOKEN }}"),
        [(FindingKind::WorkflowSecretUse, Severity::Medium)]
    );
    assert_eq!(
        run("@@ -5,2 +5,3 @@\n     uses: ./.github/workflows/release.yml\n+    secrets: inherit"),
        [(FindingKind::WorkflowSecretUse, Severity::Medium)]
    );
}

#[test]
fn expressions_in_a_comment_are_not_read() {
    assert!(run(
        "@@ -5,2 +5,3 @@\n     steps:\n+      - run: make # ${{ github.event.issue.title }}"
    )
    .is_empty());
}
