//! The words for every enum of the signal: `key()` is the JSON spelling (snake_case, what
//! `serde` writes and CSS classes use), `label()` the human word the panel, the Markdown
//! export and contributor badges show. One table, so the panel, the export and the tests
//! never drift apart ("Critical", "REQUEST CHANGES", "New Contributor" as in the reference).

use super::effort::{AgentEvidenceKind, CheckId, CheckOutcome};
use super::identity::IdentityKind;
use super::intent::{ClaimKind, ClaimOrigin, ClaimStatus, Found, Prose};
use super::model::{
    Effort, EvidenceSignal, FindingKind, PolicyOutcome, Priority, ReviewAction, RiskLevel, Role,
    Severity, SignalState, Staleness, TrustLevel,
};
use super::viewer::{ForYouKind, ViewerRole};

/// Declares `key()` and `label()` for a fieldless enum from `(variant, key, label)` rows.
macro_rules! words {
    ($enum:ident { $($variant:ident => $key:literal, $label:literal;)+ }) => {
        impl $enum {
            /// The JSON spelling of this value.
            pub fn key(self) -> &'static str {
                match self { $($enum::$variant => $key,)+ }
            }
            /// The word a reviewer reads.
            pub fn label(self) -> &'static str {
                match self { $($enum::$variant => $label,)+ }
            }
            /// The value whose JSON spelling is `key` (reading signals without serde).
            pub fn from_key(key: &str) -> Option<Self> {
                match key { $($key => Some($enum::$variant),)+ _ => None }
            }
            /// Every value, in declaration order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)+];
        }
    };
}

words!(ViewerRole {
    Reviewer => "reviewer", "Reviewer";
    Author => "author", "Author";
});

words!(ForYouKind {
    YouOwn => "you_own", "You own";
    YourTeamOwns => "your_team_owns", "Your team owns";
    YouWrote => "you_wrote", "You wrote";
    OwnedBy => "owned_by", "Owned by";
    NoOwner => "no_owner", "No owner";
});

words!(RiskLevel {
    Low => "low", "Low";
    Medium => "medium", "Medium";
    High => "high", "High";
    Critical => "critical", "Critical";
});

words!(ReviewAction {
    Approve => "approve", "APPROVE";
    Review => "review", "REVIEW";
    RequestChanges => "request_changes", "REQUEST CHANGES";
});

words!(Effort {
    Trivial => "trivial", "trivial";
    Light => "light", "light";
    Moderate => "moderate", "moderate";
    Substantial => "substantial", "substantial";
    Extensive => "extensive", "extensive";
    Unknown => "unknown", "unknown";
});

words!(Staleness {
    None => "none", "none";
    Low => "low", "low";
    Medium => "medium", "medium";
    High => "high", "high";
});

words!(Priority {
    Low => "low", "low";
    Medium => "medium", "medium";
    High => "high", "high";
    Critical => "critical", "critical";
});

words!(TrustLevel {
    Bot => "bot", "Bot";
    New => "new", "New Contributor";
    Low => "low", "Low Trust";
    Established => "established", "Established";
    Trusted => "trusted", "Trusted";
    Maintainer => "maintainer", "Maintainer";
});

words!(IdentityKind {
    PrBurst => "pr_burst", "PR burst";
    DormantThenActive => "dormant_then_active", "Dormant, then active";
    EmptyNewProfile => "empty_new_profile", "Empty new profile";
    UnsignedCommit => "unsigned_commit", "Unsigned commit";
    ForeignCommitter => "foreign_committer", "Other committer";
    UnlinkedEmail => "unlinked_email", "Unlinked e-mail";
    FutureTimestamp => "future_timestamp", "Date in the future";
    UnknownApp => "unknown_app", "Unknown app";
});

words!(Role {
    Author => "author", "PR Author";
    Committer => "committer", "Committer";
});

words!(SignalState {
    Passing => "passing", "Passing";
    Failing => "failing", "Failing";
    Pending => "pending", "Pending";
    Missing => "missing", "Missing";
});

words!(Severity {
    Low => "low", "low";
    Medium => "medium", "medium";
    High => "high", "high";
    Critical => "critical", "critical";
});

words!(FindingKind {
    NewDependency => "new_dependency", "new dependency";
    RemovedDependency => "removed_dependency", "removed dependency";
    VersionChange => "version_change", "version change";
    VersionDowngrade => "version_downgrade", "version downgrade";
    GitDependency => "git_dependency", "git dependency";
    UrlDependency => "url_dependency", "URL dependency";
    LocalDependency => "local_dependency", "local dependency";
    PackageIndex => "package_index", "package index";
    GoReplace => "go_replace", "Go replace";
    LockfileNewPackages => "lockfile_new_packages", "new lockfile packages";
    MoreDependencyChanges => "more_dependency_changes", "more dependency changes";
    ManifestWithoutLockfile => "manifest_without_lockfile", "manifest without lockfile";
    LockfileWithoutManifest => "lockfile_without_manifest", "lockfile without manifest";
    LockfileUntrustedSource => "lockfile_untrusted_source", "untrusted lockfile source";
    InstallScript => "install_script", "install script";
    RemoteScript => "remote_script", "remote script";
    UnpinnedImage => "unpinned_image", "unpinned image";
    WorkflowPrTargetCheckout => "workflow_pr_target_checkout", "untrusted checkout with secrets";
    WorkflowPrHeadCheckout => "workflow_pr_head_checkout", "PR-head checkout";
    WorkflowScriptInjection => "workflow_script_injection", "script injection";
    UnpinnedAction => "unpinned_action", "unpinned action";
    WorkflowWritePermissions => "workflow_write_permissions", "write permissions";
    UnreviewableBulk => "unreviewable_bulk", "unreviewable in the diff view";
    PatchlessSource => "patchless_source", "source without a diff";
    DiffHidden => "diff_hidden", "diff hidden by the PR";
    DisguisedBinary => "disguised_binary", "binary with a text name";
    OpaqueBuildChange => "opaque_build_change", "opaque files with a build change";
    WorkflowSecretUse => "workflow_secret_use", "secret use";
    SecretInDiff => "secret_in_diff", "secret in diff";
    HiddenUnicode => "hidden_unicode", "hidden characters";
    MixedScriptIdentifier => "mixed_script_identifier", "look-alike letters";
    AgentInstructions => "agent_instructions", "agent instructions";
    PackageNameSquat => "package_name_squat", "look-alike package name";
    RegistrySwitch => "registry_switch", "registry switch";
    LockfileForeignSource => "lockfile_foreign_source", "lockfile source switch";
    AutorunConfig => "autorun_config", "autorun config";
    CiTestConfig => "ci_test_config", "CI-executed test config";
    WorkflowDangerousTrigger => "workflow_dangerous_trigger", "dangerous trigger";
    WorkflowCachePoisoning => "workflow_cache_poisoning", "cache poisoning";
    WorkflowArtipacked => "workflow_artipacked", "credentials kept in the checkout";
    ScriptMarks => "script_marks", "script marks (shown, not weighed)";
    LockfileIntegritySwap => "lockfile_integrity_swap", "lockfile bytes changed at the same version";
    CompiledBundleChange => "compiled_bundle_change", "compiled bundle without its source";
    MinifiedSource => "minified_source", "minified code in a source directory";
    WritesOutsideWorkTree => "writes_outside_work_tree", "test writes outside the work tree";
    TestFixtureSecret => "test_fixture_secret", "test fixture key (shown, not weighed)";
});

words!(EvidenceSignal {
    TestsPassing => "tests_passing", "Tests";
    CiPassing => "ci_passing", "CI";
    LintPassing => "lint_passing", "Lint";
    SecurityScanClean => "security_scan_clean", "Security scan";
    CoverageMaintained => "coverage_maintained", "Coverage";
    BuildSuccessful => "build_successful", "Build";
});

words!(PolicyOutcome {
    Pass => "pass", "Pass";
    Warn => "warn", "Warn";
    Fail => "fail", "Fail";
    NotApplicable => "not_applicable", "N/A";
});

#[cfg(test)]
mod tests {
    use super::*;

    /// `key()` must be exactly what serde writes, or CSS hooks and JSON disagree.
    #[test]
    fn keys_are_the_json_spellings() {
        fn json<T: serde::Serialize>(value: T) -> String {
            serde_json::to_value(value)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        }
        for level in [
            RiskLevel::Low,
            RiskLevel::Medium,
            RiskLevel::High,
            RiskLevel::Critical,
        ] {
            assert_eq!(level.key(), json(level));
        }
        for action in [
            ReviewAction::Approve,
            ReviewAction::Review,
            ReviewAction::RequestChanges,
        ] {
            assert_eq!(action.key(), json(action));
        }
        for trust in [
            TrustLevel::Bot,
            TrustLevel::New,
            TrustLevel::Low,
            TrustLevel::Established,
            TrustLevel::Trusted,
            TrustLevel::Maintainer,
        ] {
            assert_eq!(trust.key(), json(trust));
        }
        for state in [
            SignalState::Passing,
            SignalState::Failing,
            SignalState::Pending,
            SignalState::Missing,
        ] {
            assert_eq!(state.key(), json(state));
        }
        for outcome in [
            PolicyOutcome::Pass,
            PolicyOutcome::Warn,
            PolicyOutcome::Fail,
            PolicyOutcome::NotApplicable,
        ] {
            assert_eq!(outcome.key(), json(outcome));
        }
        for role in [Role::Author, Role::Committer] {
            assert_eq!(role.key(), json(role));
        }
    }
}

words!(AgentEvidenceKind {
    AuthorLogin => "author_login", "PR opened by the agent's account";
    CommitAccount => "commit_account", "Commit by the agent's account";
    CoAuthorTrailer => "co_author_trailer", "Co-authored-by trailer";
    CommitEmail => "commit_email", "Commit e-mail of the agent";
    GeneratedFooter => "generated_footer", "\"Generated with\" footer";
    BranchPrefix => "branch_prefix", "Agent branch name";
});

words!(CheckId {
    TemplateFilled => "template_filled", "Description filled in (not the bare template)";
    TopicBranch => "topic_branch", "Opened from a topic branch, not the fork's default branch";
    DescriptionNamesChanges => "description_names_changes", "Description names what changed";
    LinkedIssueAvailable => "linked_issue_available", "Linked issue open and not assigned to someone else";
    NoCompetingPr => "no_competing_pr", "No other open PR mentions the same issue";
    DescriptionClaimsHold => "description_claims_hold", "The description's claims hold in the diff";
});

words!(CheckOutcome {
    Pass => "pass", "passed";
    Fail => "fail", "advice";
    NotChecked => "not_checked", "not checked";
});

words!(ClaimOrigin {
    Title => "title", "title";
    Description => "description", "description";
    TickedBox => "ticked_box", "ticked box";
    LinkedIssue => "linked_issue", "linked issue's acceptance list";
});

words!(ClaimKind {
    Adds => "adds", "adds";
    Removes => "removes", "removes";
    Renames => "renames", "renames";
    Deprecates => "deprecates", "deprecates";
    Names => "names", "names";
    TestsAdded => "tests_added", "tests added";
    TestDataAdded => "test_data_added", "test data added";
    DocsUpdated => "docs_updated", "docs updated";
    DocsOnly => "docs_only", "docs only";
    NoBehaviourChange => "no_behaviour_change", "no behaviour change";
    FormattingOnly => "formatting_only", "formatting only";
    FixesIssue => "fixes_issue", "fixes an issue";
    Runtime => "runtime", "runtime behaviour";
    AuthorsWord => "authors_word", "the author's word";
});

words!(ClaimStatus {
    Confirmed => "confirmed", "confirmed by the diff";
    NotInDiff => "not_in_diff", "not in the diff";
    Contradicted => "contradicted", "contradicted by the diff";
    NotCheckable => "not_checkable", "cannot be checked from the diff";
});

words!(Found {
    Added => "added", "added";
    Removed => "removed", "removed";
    Context => "context", "next to the change";
    FileAdded => "file_added", "file added";
    FileChanged => "file_changed", "file changed";
    FileRemoved => "file_removed", "file removed";
    FileRenamed => "file_renamed", "file renamed";
    CodeChanged => "code_changed", "code changed";
    NotWhitespace => "not_whitespace", "more than whitespace changed";
});

words!(Prose {
    English => "english", "English";
    Other => "other", "not English";
    None => "none", "none";
});
