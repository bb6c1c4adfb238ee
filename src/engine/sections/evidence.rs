//! `evidence`: OWNER engine-sections helper.
use crate::engine::Context;
use crate::signal::{Evidence, EvidenceSignals, SignalState};

pub fn assess(context: &Context) -> Evidence {
    let _ = context;
    let missing = SignalState::Missing;
    Evidence {
        completeness: 0.0,
        signals: EvidenceSignals {
            tests_passing: missing,
            ci_passing: missing,
            lint_passing: missing,
            security_scan_clean: missing,
            coverage_maintained: missing,
            build_successful: missing,
        },
        note: String::new(),
        checks: vec![],
    }
}
