//! What every section and driver reads: the [`Context`] (bundle, settings, "now", classified
//! files) and the [`Sections`] computed before risk. A leaf of the engine, so the sections and
//! drivers depend on it and not on the pipeline in `engine/mod.rs` that calls them.

use crate::bundle::Bundle;
use crate::engine::files::FileFacts;
use crate::settings::Settings;
use crate::signal::{
    AgentEvidence, Contributor, ConventionCheck, EffortCheck, Evidence, FocusFile, Intent,
    SupplyChain, Triage,
};

/// The engine version written into every signal's `meta`.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Everything a section or driver may read: the bundle, the settings, the reference time and
/// the classified files (computed once).
pub struct Context<'a> {
    pub bundle: &'a Bundle,
    pub settings: &'a Settings,
    /// Reference time, Unix seconds.
    pub now: i64,
    /// One entry per changed file, in bundle order.
    pub files: Vec<FileFacts>,
}

/// The sections computed before risk; drivers read them instead of recomputing.
pub struct Sections {
    pub contributors: Vec<Contributor>,
    pub intent: Intent,
    pub evidence: Evidence,
    pub supply_chain: SupplyChain,
    pub triage: Triage,
    pub focus: Vec<FocusFile>,
    pub conventions: Vec<ConventionCheck>,
    pub authorship: Vec<AgentEvidence>,
    pub checks: Vec<EffortCheck>,
}
