//! The advisory parts of the Markdown summary: the authorship label (under Contributors) and
//! the low-effort checks.

use std::fmt::Write as _;

use super::escape::escape;
use crate::signal::{agents_named, CheckOutcome, Signal};

/// "Written with an AI agent" lines under Contributors (nothing when there is no evidence).
pub(super) fn write_authorship(out: &mut String, signal: &Signal) {
    if signal.authorship.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nWritten with an AI agent ({}), a label, not a risk:",
        escape(&agents_named(&signal.authorship).join(", "))
    );
    for evidence in &signal.authorship {
        let _ = writeln!(
            out,
            "- {}: {}",
            evidence.kind.label(),
            escape(&evidence.detail)
        );
    }
}

fn mark(outcome: CheckOutcome) -> &'static str {
    match outcome {
        CheckOutcome::Pass => "✓",
        CheckOutcome::Fail => "✗",
        CheckOutcome::NotChecked => "–",
    }
}

/// The Checks block; left out of the summary when every check is switched off.
pub(super) fn write_checks(out: &mut String, signal: &Signal, standalone: bool) {
    if signal.checks.is_empty() {
        if standalone {
            out.push_str("#### Checks\n\nAll low-effort checks are switched off.\n");
        }
        return;
    }
    out.push_str("#### Checks (advice, no weight)\n\n");
    for check in &signal.checks {
        let _ = writeln!(
            out,
            "- {} {}: {}",
            mark(check.outcome),
            check.id.label(),
            escape(&check.detail)
        );
    }
}
