//! The signal as a review-comment-ready Markdown summary (the panel's "Copy Markdown" and the
//! CLI's `--format markdown`).
//!
//! Everything that came from the PR (titles, paths, logins, check names, criteria, policy
//! text, claims) is hostile: it is escaped so that nothing renders as Markdown or HTML — no links,
//! images, headings, tables, mentions or autolinks can be injected into the reviewer's comment.
//! Links are built only from validated parts, and every link target passes the panel's own
//! check (`crate::links::is_safe_github_url`; anything else links to GitHub's home page): a
//! shared bundle cannot put a link to another site into a review comment.
//!
//! ```
//! # let bundle = prlens::Bundle::from_json_str(r#"{"pull":{"number":1,"title":"<img src=x> *hi*","user":{"login":"a"}}}"#).unwrap();
//! # let signal = prlens::analyze(&bundle, &prlens::Settings::default(), Some(0));
//! let text = prlens::markdown::render(&signal);
//! assert!(text.contains("&lt;img src=x&gt; \\*hi\\*"));
//! ```

mod advice;
mod escape;
mod intent;
mod since_approval;
mod viewer;

use std::fmt::Write as _;

pub use escape::escape;
use escape::{canonical_url, escape_code};

use crate::engine::sections::pr::{number_label, NOT_OPENED_NUMBER};
use crate::signal::{Section, Signal, SignalState};

/// Focus files listed in the summary; the rest are counted.
const MAX_FOCUS_ROWS: usize = 10;

fn percent(value: f64) -> String {
    format!("{:.0}%", (value * 100.0).clamp(0.0, 100.0))
}

fn state_word(state: SignalState) -> &'static str {
    match state {
        SignalState::Passing => "✅ passing",
        SignalState::Failing => "❌ failing",
        SignalState::Pending => "⏳ pending",
        SignalState::Missing => "➖ missing",
    }
}

/// Renders a signal as Markdown.
///
/// `write!` into one `String` (which cannot fail, hence `let _`) rather than
/// `push_str(&format!(..))`: no temporary string per line, and less wasm.
pub fn render(signal: &Signal) -> String {
    let mut out = String::new();
    write_summary(&mut out, signal);
    for (index, section) in Section::ALL.iter().copied().enumerate() {
        let mut block = String::new();
        write_section(&mut block, signal, section, false);
        if block.is_empty() {
            continue;
        }
        if index > 0 {
            out.push('\n');
        }
        out.push_str(&block);
    }
    let _ = write!(
        out,
        "\n<sub>prlens {} · computed for {} · deterministic, computed locally</sub>\n",
        escape(&signal.meta.engine_version),
        escape(&signal.meta.generated_at)
    );
    out
}

/// One section as Markdown, for "copy as Markdown" on that section: the same text the full
/// summary has for it, or a sentence saying it is empty (the summary leaves empty
/// conventions, governance and next steps out).
pub fn section(signal: &Signal, section: Section) -> String {
    let mut out = String::new();
    write_section(&mut out, signal, section, true);
    out
}

fn write_summary(out: &mut String, signal: &Signal) {
    let pr = &signal.pr;
    let action = signal.review.action.label();
    let _ = write!(
        out,
        "### prlens: {} risk ({}) for [{}/{}{}]({})\n\n",
        signal.risk.level.label(),
        percent(signal.risk.score),
        escape(&pr.owner),
        escape(&pr.repo),
        if pr.number == NOT_OPENED_NUMBER {
            format!(" ({})", number_label(pr.number))
        } else {
            number_label(pr.number)
        },
        if pr.number == NOT_OPENED_NUMBER {
            crate::links::safe_or_home(&pr.url)
        } else {
            canonical_url(&pr.owner, &pr.repo, pr.number)
        },
    );
    let _ = write!(
        out,
        "**{}** by {}{}\n\n",
        escape(&pr.title),
        escape(pr.author.as_deref().unwrap_or("unknown")),
        if pr.draft { " (draft)" } else { "" }
    );
    let _ = write!(
        out,
        "**Recommendation: {action}** · readiness {}% · {}\n\n",
        signal.review.readiness,
        escape(&signal.review.rationale)
    );
}

fn write_section(out: &mut String, signal: &Signal, section: Section, standalone: bool) {
    match section {
        Section::Risk => write_risk(out, signal),
        Section::Contributors => write_contributors(out, signal),
        Section::Intent => intent::write(out, signal),
        Section::Evidence => write_evidence(out, signal),
        Section::SupplyChain => write_supply_chain(out, signal),
        Section::Focus => write_focus(out, signal),
        Section::Triage => write_triage(out, signal),
        Section::Conventions => write_conventions(out, signal, standalone),
        Section::Checks => advice::write_checks(out, signal, standalone),
        Section::Governance => write_governance(out, signal, standalone),
        Section::NextSteps => write_next_steps(out, signal, standalone),
    }
}

fn write_risk(out: &mut String, signal: &Signal) {
    out.push_str("#### Risk drivers\n\n");
    if signal.risk.drivers.is_empty() {
        out.push_str("No risk drivers fired.\n");
    }
    for driver in &signal.risk.drivers {
        // Details often repeat the label ("Large change: 930 lines …"); show it once.
        let detail = driver
            .detail
            .strip_prefix(&format!("{}: ", driver.label))
            .unwrap_or(&driver.detail);
        let _ = writeln!(
            out,
            "- **{}** (`{}`, weight {:.2}): {}",
            escape(&driver.label),
            escape_code(&driver.id),
            driver.weight,
            escape(detail)
        );
    }
    if !signal.risk.formula.is_empty() {
        let _ = write!(out, "\nScore: {}\n", escape(&signal.risk.formula));
    }
    if let Some(note) = &signal.meta.calibration {
        let _ = write!(out, "\n{}\n", escape(note));
    }
}

fn write_contributors(out: &mut String, signal: &Signal) {
    out.push_str("#### Contributors\n\n");
    for person in &signal.contributors {
        let age = person
            .account_age_days
            .map_or(String::new(), |days| format!(", account {days} days old"));
        let _ = writeln!(
            out,
            "- {} ({}, trust {}{age}): {}",
            escape(&person.login),
            escape(&person.badges.join(", ")),
            person.trust_level.key(),
            escape(&person.summary)
        );
        for note in &person.identity {
            let _ = writeln!(out, "  - {}: {}", note.kind.label(), escape(&note.detail));
        }
    }
    advice::write_authorship(out, signal);
}

fn write_evidence(out: &mut String, signal: &Signal) {
    let evidence = &signal.evidence;
    let signals = &evidence.signals;
    let _ = write!(
        out,
        "#### Evidence ({} complete)\n\n",
        percent(evidence.completeness)
    );
    for (signal, state) in signals.entries() {
        let _ = writeln!(out, "- `{}`: {}", signal.key(), state_word(state));
    }
    if !evidence.note.is_empty() {
        let _ = write!(out, "\n{}\n", escape(&evidence.note));
    }
}

fn write_supply_chain(out: &mut String, signal: &Signal) {
    let supply = &signal.supply_chain;
    out.push_str("#### Supply chain\n\n");
    let flags: Vec<&str> = [
        ("dependencies", supply.dependencies),
        ("lockfile", supply.lockfile),
        ("CI config", supply.ci_config),
        ("build scripts", supply.build_scripts),
    ]
    .iter()
    .filter(|(_, on)| *on)
    .map(|(name, _)| *name)
    .collect();
    if flags.is_empty() && supply.findings.is_empty() {
        out.push_str("Modifies no dependencies, lockfiles, CI config or build scripts.\n");
    } else if flags.is_empty() {
        // Findings in the code itself (a secret, hidden text): the files list says nothing else.
        out.push_str(
            "No dependency, lockfile, CI or build-script change; findings in the changed files:\n",
        );
    } else {
        let _ = writeln!(out, "Modifies: {}.", flags.join(", "));
    }
    for finding in &supply.findings {
        let _ = writeln!(
            out,
            "- {} `{}` in {}: {}",
            escape(finding.severity.key()),
            escape_code(finding.id.key()),
            escape(&finding.path),
            escape(&finding.detail)
        );
    }
}

fn write_focus(out: &mut String, signal: &Signal) {
    out.push_str("#### Focus files\n\n");
    if let Some(view) = signal.viewer.as_ref().filter(|view| view.is_shown()) {
        viewer::write(out, signal, view);
    }
    if signal.focus.is_empty() {
        out.push_str("File list not available.\n");
    }
    for file in signal.focus.iter().take(MAX_FOCUS_ROWS) {
        let _ = writeln!(
            out,
            "- **{}** {} (+{} −{}): {}",
            file.priority.key(),
            escape(&file.path),
            file.additions,
            file.deletions,
            escape(&file.reasons.join("; "))
        );
    }
    // Files past the rows shown here, including those the signal itself did not keep.
    let more = u64::try_from(signal.focus.len().saturating_sub(MAX_FOCUS_ROWS))
        .unwrap_or(u64::MAX)
        .saturating_add(signal.focus_more);
    if more > 0 {
        let _ = writeln!(out, "- … and {more} more file(s)");
    }
}

fn write_triage(out: &mut String, signal: &Signal) {
    let triage = &signal.triage;
    let effort = triage.effort.label();
    let staleness = triage.staleness.label();
    let time = match triage.minutes {
        Some(minutes) => format!("{minutes} min to review ({effort})"),
        None => "Review time unknown".to_string(),
    };
    let _ = write!(
        out,
        "#### Triage\n\n{time}, staleness {staleness}. {}. {}.\n",
        escape(&triage.formula),
        escape(&triage.advice)
    );
}

fn write_conventions(out: &mut String, signal: &Signal, standalone: bool) {
    let failed: Vec<_> = signal.conventions.iter().filter(|c| !c.ok).collect();
    if !failed.is_empty() {
        out.push_str("#### Conventions\n\n");
        for check in failed {
            let _ = writeln!(
                out,
                "- `{}`: {}",
                escape_code(&check.id),
                escape(&check.detail)
            );
        }
    } else if standalone {
        out.push_str("#### Conventions\n\nEvery convention check passes.\n");
    }
}

fn write_governance(out: &mut String, signal: &Signal, standalone: bool) {
    if !signal.governance.is_empty() {
        out.push_str("#### Governance\n\n");
        for result in &signal.governance {
            let outcome = serde_json::to_value(result.outcome)
                .ok()
                .and_then(|value| value.as_str().map(str::to_string))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "- {} / {}: **{}**: {}",
                escape(&result.policy),
                escape(&result.rule),
                escape(&outcome),
                escape(&result.detail)
            );
        }
    } else if standalone {
        out.push_str("#### Governance\n\nNo governance policy applies.\n");
    }
}

fn write_next_steps(out: &mut String, signal: &Signal, standalone: bool) {
    let steps = &signal.next_steps;
    let changed = signal.review.changed_since_approval.as_ref();
    if !steps.concerns.is_empty() || !steps.questions.is_empty() || changed.is_some() {
        out.push_str("#### Next steps\n\n");
        for concern in &steps.concerns {
            let _ = writeln!(out, "- Concern: {}", escape(concern));
        }
        for question in &steps.questions {
            let _ = writeln!(out, "- Question: {}", escape(question));
        }
        if let Some(changed) = changed {
            since_approval::write(out, &signal.pr, changed);
        }
    } else if standalone {
        out.push_str("#### Next steps\n\nNo concerns or questions.\n");
    }
}

#[cfg(test)]
mod tests;
