//! The Intent section of the Markdown summary: the goal, "N of M claims confirmed by the diff",
//! each claim with its mark, where it was read and its evidence, what was left unticked, what
//! was not read, and the linked issues. Every claim, subject and path is the PR's text: all of
//! it goes through [`escape`].

use std::fmt::Write as _;

use super::escape::escape;
use crate::signal::Signal;

pub(super) fn write(out: &mut String, signal: &Signal) {
    let intent = &signal.intent;
    out.push_str("#### Intent\n\n");
    let _ = writeln!(
        out,
        "{} (goal from the {})",
        escape(&intent.goal),
        escape(&intent.source)
    );
    let end = if intent.claims.is_empty() { "." } else { ":" };
    let _ = writeln!(out, "\n{}{end}\n", escape(&intent.summary()));
    for claim in &intent.claims {
        let _ = writeln!(
            out,
            "- {} {} ({}; {})",
            claim.status.mark(),
            escape(&claim.text),
            escape(&claim.reading()),
            claim.status.label()
        );
        for line in claim.evidence_lines() {
            let _ = writeln!(out, "  - {}", escape(&line));
        }
    }
    if !intent.unticked.is_empty() {
        let items: Vec<String> = intent.unticked.iter().map(|item| escape(item)).collect();
        let _ = write!(out, "\nLeft unticked: {}\n", items.join("; "));
    }
    let _ = write!(out, "\n_{}_\n", escape(&intent.reading_note()));
    if !intent.linked_issues.is_empty() {
        let issues: Vec<String> = intent
            .linked_issues
            .iter()
            .map(|n| format!("\\#{n}"))
            .collect();
        let _ = write!(out, "\nLinked issues: {}\n", issues.join(", "));
    }
}
