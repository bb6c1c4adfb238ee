//! The signal's types (the `prlens.signal.v1` JSON shape, documented in `docs/signal.md`).

// `Deserialize` is derived for native builds only (CLI, tests): the wasm module reads signal
// JSON with `read::from_json`, which is far smaller than the derived visitors (docs/performance.md).
#[cfg(not(target_arch = "wasm32"))]
use serde::Deserialize;
use serde::Serialize;

use super::effort::{AgentEvidence, EffortCheck};
use super::intent::Intent;

/// The version tag of every signal.
pub const SIGNAL_VERSION: &str = "prlens.signal.v1";

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Signal {
    pub version: String,
    pub pr: PrInfo,
    pub risk: Risk,
    pub contributors: Vec<Contributor>,
    pub intent: Intent,
    pub evidence: Evidence,
    pub supply_chain: SupplyChain,
    pub focus: Vec<FocusFile>,
    /// Ranked files beyond those kept in `focus` (0 when `focus` lists every file).
    #[serde(default)]
    pub focus_more: u64,
    pub triage: Triage,
    pub conventions: Vec<ConventionCheck>,
    pub governance: Vec<GovernanceResult>,
    pub review: ReviewAdvice,
    pub next_steps: NextSteps,
    pub meta: Meta,
    /// Evidence that an AI coding agent wrote or co-wrote the PR (a label, not a risk).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub authorship: Vec<AgentEvidence>,
    /// The low-effort checks the user has not switched off (advice, not risk).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<EffortCheck>,
    /// The viewer's own view (who is looking, what is theirs, what changed since their review);
    /// absent when the bundle names no viewer. Never part of risk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewer: Option<super::viewer::ViewerView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct PrInfo {
    pub owner: String,
    pub repo: String,
    pub number: u64,
    pub title: String,
    pub author: Option<String>,
    pub url: String,
    pub head_sha: Option<String>,
    pub base: Option<String>,
    pub head: Option<String>,
    /// open, closed or merged.
    pub state: String,
    pub draft: bool,
    pub additions: u64,
    pub deletions: u64,
    pub changed_files: u64,
    pub created_at: Option<String>,
}

pub use super::level::RiskLevel;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Risk {
    pub level: RiskLevel,
    /// 0.0–1.0, rounded to two decimals.
    pub score: f64,
    /// Sorted by weight, heaviest first.
    pub drivers: Vec<Driver>,
    /// How the score was composed, e.g. "1 - Π(1 - w) over 4 drivers = 0.90".
    pub formula: String,
}

/// One reason the PR is risky.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Driver {
    /// snake_case id, e.g. `large_diff`.
    pub id: String,
    /// Short human label, e.g. "Large change".
    pub label: String,
    /// Contribution 0.0–1.0.
    pub weight: f64,
    /// One-sentence explanation with the numbers, e.g. "930 lines modified (threshold 400)".
    pub detail: String,
    /// Paths that triggered it, when file-based.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Author,
    Committer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum TrustLevel {
    Bot,
    New,
    Low,
    Established,
    Trusted,
    Maintainer,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Contributor {
    pub login: String,
    pub role: Role,
    pub association: Option<String>,
    pub trust_level: TrustLevel,
    pub account_age_days: Option<u64>,
    pub prior_prs: Option<u64>,
    pub merged_prs: Option<u64>,
    pub commits: u64,
    /// Changed files this person never committed to before; `None` when not fetched.
    pub unfamiliar_files: Option<u64>,
    /// e.g. "PR Author", "New Contributor", "Fresh Account", "Bot".
    pub badges: Vec<String>,
    /// One-line explanation of the trust level.
    pub summary: String,
    /// Identity and account-behaviour evidence about this person (empty: nothing noted).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub identity: Vec<super::identity::IdentityNote>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum SignalState {
    Passing,
    Failing,
    Pending,
    Missing,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct EvidenceSignals {
    pub tests_passing: SignalState,
    pub ci_passing: SignalState,
    pub lint_passing: SignalState,
    pub security_scan_clean: SignalState,
    pub coverage_maintained: SignalState,
    pub build_successful: SignalState,
}

/// One of the six evidence signals, named as its field of [`EvidenceSignals`]; `ALL` is the
/// one list every reader (engine, drivers, Markdown, panel) walks, in the order shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EvidenceSignal {
    TestsPassing,
    CiPassing,
    LintPassing,
    SecurityScanClean,
    CoverageMaintained,
    BuildSuccessful,
}

impl EvidenceSignals {
    /// Builds the six states from one function of the signal.
    pub fn from_fn(mut state: impl FnMut(EvidenceSignal) -> SignalState) -> Self {
        Self {
            tests_passing: state(EvidenceSignal::TestsPassing),
            ci_passing: state(EvidenceSignal::CiPassing),
            lint_passing: state(EvidenceSignal::LintPassing),
            security_scan_clean: state(EvidenceSignal::SecurityScanClean),
            coverage_maintained: state(EvidenceSignal::CoverageMaintained),
            build_successful: state(EvidenceSignal::BuildSuccessful),
        }
    }

    /// The state of one signal.
    pub fn get(&self, signal: EvidenceSignal) -> SignalState {
        match signal {
            EvidenceSignal::TestsPassing => self.tests_passing,
            EvidenceSignal::CiPassing => self.ci_passing,
            EvidenceSignal::LintPassing => self.lint_passing,
            EvidenceSignal::SecurityScanClean => self.security_scan_clean,
            EvidenceSignal::CoverageMaintained => self.coverage_maintained,
            EvidenceSignal::BuildSuccessful => self.build_successful,
        }
    }

    /// Every signal with its state, in [`EvidenceSignal::ALL`] order.
    pub fn entries(&self) -> impl Iterator<Item = (EvidenceSignal, SignalState)> + '_ {
        EvidenceSignal::ALL
            .iter()
            .map(move |signal| (*signal, self.get(*signal)))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Evidence {
    /// 0.0–1.0.
    pub completeness: f64,
    pub signals: EvidenceSignals,
    /// Why signals are missing (awaiting approval, running, not configured, not fetched).
    pub note: String,
    /// The checks behind each signal, for display.
    pub checks: Vec<CheckSummary>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct CheckSummary {
    pub name: String,
    /// Which evidence signals this check feeds (e.g. ["tests_passing"]).
    pub feeds: Vec<String>,
    pub state: SignalState,
    /// Raw GitHub conclusion or status.
    pub conclusion: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct SupplyChain {
    pub dependencies: bool,
    pub lockfile: bool,
    pub ci_config: bool,
    pub build_scripts: bool,
    pub findings: Vec<Finding>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Finding {
    /// What was found (its JSON spelling is the finding's `id`).
    pub id: FindingKind,
    pub path: String,
    pub detail: String,
    pub severity: Severity,
    /// The line in the new version of `path` the finding is about, when the finder knows it
    /// (SARIF regions and GitHub annotations point there). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
}

/// How much a supply-chain finding weighs (ordered: `Critical` is the greatest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

/// Every kind of supply-chain finding; the finders in `engine::sections::supply_chain` are
/// the only producers, and each driver that weighs findings names the kinds it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    NewDependency,
    RemovedDependency,
    VersionChange,
    VersionDowngrade,
    GitDependency,
    UrlDependency,
    LocalDependency,
    PackageIndex,
    GoReplace,
    LockfileNewPackages,
    MoreDependencyChanges,
    ManifestWithoutLockfile,
    LockfileWithoutManifest,
    LockfileUntrustedSource,
    InstallScript,
    RemoteScript,
    UnpinnedImage,
    WorkflowPrTargetCheckout,
    WorkflowPrHeadCheckout,
    WorkflowScriptInjection,
    UnpinnedAction,
    WorkflowWritePermissions,
    UnreviewableBulk,
    PatchlessSource,
    DiffHidden,
    DisguisedBinary,
    OpaqueBuildChange,
    WorkflowSecretUse,
    SecretInDiff,
    HiddenUnicode,
    MixedScriptIdentifier,
    AgentInstructions,
    PackageNameSquat,
    RegistrySwitch,
    LockfileForeignSource,
    AutorunConfig,
    CiTestConfig,
    WorkflowDangerousTrigger,
    WorkflowCachePoisoning,
    WorkflowArtipacked,
    ScriptMarks,
    LockfileIntegritySwap,
    CompiledBundleChange,
    MinifiedSource,
    WritesOutsideWorkTree,
    TestFixtureSecret,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Low,
    Medium,
    High,
    Critical,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct FocusFile {
    pub path: String,
    pub priority: Priority,
    pub additions: u64,
    pub deletions: u64,
    pub status: String,
    pub reasons: Vec<String>,
    /// GitHub's Files-tab anchor: `diff-` + hex SHA-256 of the path.
    pub anchor: String,
    /// Whether the viewer ticked "Viewed" for this file (from the page).
    pub viewed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Effort {
    Trivial,
    Light,
    Moderate,
    Substantial,
    Extensive,
    /// The minutes are unknown (the patches or the file list were not fetched).
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum Staleness {
    None,
    Low,
    Medium,
    High,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Triage {
    /// `None` when they cannot be known: the file list and the PR's totals were not fetched,
    /// or the files were listed without patches (a list estimate), so whitespace-only,
    /// generated and minified lines cannot be told apart (the formula says so).
    pub minutes: Option<u64>,
    pub effort: Effort,
    pub staleness: Staleness,
    pub counted_lines: u64,
    pub excluded_lines: u64,
    /// Counted lines weighed by how they are read (prose, translations, test data and
    /// whitespace-only lines weigh less): the minutes follow from these.
    pub reading_lines: u64,
    /// The computation with its inputs, e.g. "round(930 lines × 60 / 500 LOC/h) = 112 min".
    pub formula: String,
    /// Minutes left counting only files not yet marked Viewed (`None` as `minutes`).
    pub remaining_minutes: Option<u64>,
    pub age_days: Option<u64>,
    /// e.g. "Schedule dedicated review time; consider pair review".
    pub advice: String,
}

/// How unknown minutes read everywhere (panel, sheet, list badge, Markdown, CLI).
pub const UNKNOWN_MINUTES: &str = "–";

impl Triage {
    /// The minutes as shown: the number, or [`UNKNOWN_MINUTES`].
    pub fn minutes_text(&self) -> String {
        minutes_text(self.minutes)
    }
}

/// `minutes` as shown: the number, or [`UNKNOWN_MINUTES`].
pub fn minutes_text(minutes: Option<u64>) -> String {
    minutes.map_or_else(
        || UNKNOWN_MINUTES.to_string(),
        |minutes| minutes.to_string(),
    )
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ConventionCheck {
    pub id: String,
    pub ok: bool,
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum PolicyOutcome {
    Pass,
    Warn,
    Fail,
    NotApplicable,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct GovernanceResult {
    pub policy: String,
    pub rule: String,
    pub outcome: PolicyOutcome,
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
#[serde(rename_all = "snake_case")]
pub enum ReviewAction {
    Approve,
    Review,
    RequestChanges,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ReviewAdvice {
    pub action: ReviewAction,
    /// 0–100.
    pub readiness: u8,
    pub rationale: String,
    /// The readiness checklist: what counted and how much.
    pub checklist: Vec<ReadinessItem>,
    /// What was pushed after the newest approval (absent: no approval, or it is on the head).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed_since_approval: Option<super::identity::ChangedSinceApproval>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct ReadinessItem {
    pub id: String,
    pub label: String,
    pub points: u8,
    pub earned: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct NextSteps {
    pub concerns: Vec<String>,
    pub questions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Deserialize))]
pub struct Meta {
    pub engine_version: String,
    /// The reference time ("now") the signal was computed for, RFC 3339.
    pub generated_at: String,
    /// Bundle sections that were present.
    pub inputs: Vec<String>,
    /// Bundle sections that were missing, with why where known.
    pub missing: Vec<String>,
    /// Fetcher notes carried over from the bundle.
    pub notes: Vec<String>,
    /// Which repository's fitted settings scored this PR and how they were fitted
    /// (`settings.repositories`; `prlens calibrate --fit`); absent with general settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<String>,
}
