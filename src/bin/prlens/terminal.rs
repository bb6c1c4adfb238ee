//! The compact terminal view of a signal (`--format text`) and of a queue, with colour only when
//! standard output is a terminal (and `NO_COLOR` is unset).
//!
//! Everything from a PR is hostile here too: a title can carry escape sequences that would
//! recolour, move the cursor or rewrite the screen, and bidi controls that reorder what is
//! shown. [`safe`] shows every control, bidi and invisible character as `⟪U+XXXX⟫` instead of
//! sending it to the terminal, and keeps each text to one clipped line.

use std::fmt::Write as _;
use std::io::IsTerminal;

use prlens::signal::{Prose, RiskLevel, Section, Signal, SignalState};
use prlens::text::{code_point_mark, is_invisible};

/// Focus files and drivers listed; the rest are counted.
const MAX_ROWS: usize = 5;

/// Whether to colour standard output (https://no-color.org, 2026-12).
pub fn colour_stdout() -> bool {
    std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}

/// ANSI styling that is a no-op when colour is off.
#[derive(Clone, Copy)]
pub struct Style {
    pub colour: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    pub fn level(self, level: RiskLevel, text: &str) -> String {
        let code = match level {
            RiskLevel::Critical => "1;31",
            RiskLevel::High => "31",
            RiskLevel::Medium => "33",
            RiskLevel::Low => "32",
        };
        self.paint(code, text)
    }
}

/// Untrusted text made safe for a terminal: one line, at most `max` characters, with control,
/// bidi and invisible characters shown as `⟪U+XXXX⟫` (`prlens::text`, shared with the panel).
pub fn safe(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() || is_invisible(c) => out.push_str(&code_point_mark(c)),
            c => out.push(c),
        }
    }
    prlens::text::clip(&out, max)
}

fn state_word(state: SignalState) -> &'static str {
    state.key()
}

/// The compact view of one signal.
pub fn render(signal: &Signal, style: Style) -> String {
    let mut out = String::new();
    let pr = &signal.pr;
    let level = signal.risk.level;
    let _ = writeln!(
        out,
        "{} {}",
        style.bold(&safe(
            &format!("{}/{}#{}", pr.owner, pr.repo, pr.number),
            120
        )),
        safe(&pr.title, 100)
    );
    let state = if pr.draft {
        "draft".to_string()
    } else {
        safe(&pr.state, 20)
    };
    let author = pr
        .author
        .as_deref()
        .map_or("unknown".to_string(), |login| safe(login, 40));
    let _ = writeln!(
        out,
        "  by {author} · {state} · +{} −{} in {} files · {} min review ({})",
        pr.additions,
        pr.deletions,
        pr.changed_files,
        signal.triage.minutes_text(),
        signal.triage.effort.label()
    );
    let _ = writeln!(
        out,
        "  Risk {} {:.2} · {} (readiness {}/100)",
        style.level(level, &level.label().to_uppercase()),
        signal.risk.score,
        signal.review.action.label(),
        signal.review.readiness
    );
    if let Some(note) = &signal.meta.calibration {
        let _ = writeln!(out, "  {}", style.dim(&safe(note, 200)));
    }
    if let Some(viewer) = signal.viewer.as_ref().filter(|viewer| viewer.is_shown()) {
        write_viewer(&mut out, signal, viewer, style);
    }
    if let Some(changed) = &signal.review.changed_since_approval {
        if let (Some(summary), Some(diff)) = (changed.diff_summary(), &changed.diff) {
            let _ = writeln!(out, "  {}", safe(&summary, 160));
            for file in diff.files.iter().take(MAX_ROWS) {
                let _ = writeln!(out, "    {} {}", safe(&file.path, 100), file.counts());
            }
            more(&mut out, diff.total_files as usize, "files", style);
        }
    }
    // The sections this compact view shows, in the signal's reading order.
    for section in Section::ALL {
        match section {
            Section::Risk => drivers(&mut out, signal, style),
            Section::Intent => intent(&mut out, signal, style),
            Section::Evidence => evidence(&mut out, signal),
            Section::Focus => focus(&mut out, signal, style),
            _ => {}
        }
    }
    if !signal.meta.missing.is_empty() {
        let missing: Vec<String> = signal
            .meta
            .missing
            .iter()
            .map(|item| safe(item, 120))
            .collect();
        let _ = writeln!(
            out,
            "  {}",
            style.dim(&format!("Not fetched: {}", missing.join("; ")))
        );
    }
    let _ = writeln!(out, "  {}", style.dim(&safe(&pr.url, 200)));
    out
}

/// "Intent: 6 of 6 claims confirmed by the diff", then each claim on one line with its mark
/// and its first evidence (or why it does not hold).
fn intent(out: &mut String, signal: &Signal, style: Style) {
    let intent = &signal.intent;
    let _ = writeln!(out, "  Intent: {}", intent.summary());
    if intent.prose == Prose::Other {
        let _ = writeln!(
            out,
            "    {}",
            style.dim("(not in English: only the names it gives were checked)")
        );
    }
    for claim in intent.claims.iter().take(MAX_ROWS) {
        let evidence = claim
            .evidence_lines()
            .first()
            .map(|line| format!(" — {}", style.dim(&safe(line, 90))))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "    {} {}{evidence}",
            claim.status.mark(),
            safe(&claim.text, 70)
        );
    }
    more(
        out,
        intent.claims.len() + intent.claims_more as usize,
        "claims",
        style,
    );
}

/// The viewer's own view (`--as LOGIN`, or a bundle fetched with a viewer): "For you" and
/// "Since your review", in the panel's words.
fn write_viewer(
    out: &mut String,
    signal: &Signal,
    viewer: &prlens::signal::ViewerView,
    style: Style,
) {
    let _ = writeln!(
        out,
        "  {} (@{}):",
        style.bold(viewer.heading()),
        safe(&viewer.login, 40)
    );
    if let Some(line) = viewer.empty_line() {
        let _ = writeln!(out, "    {line}");
    }
    for file in viewer.for_you.iter().take(MAX_ROWS) {
        let _ = writeln!(
            out,
            "    {:<8} {} — {}",
            signal
                .focus_priority(&file.path)
                .map_or("focus", |priority| priority.label()),
            safe(&file.path, 100),
            safe(&file.why(), 160)
        );
    }
    more(out, viewer.for_you.len(), "files", style);
    for note in &viewer.notes {
        let _ = writeln!(out, "    {}", style.dim(&safe(note, 200)));
    }
    if viewer.reviewed_on_head {
        let _ = writeln!(
            out,
            "    Your last review is on the head commit: nothing new since."
        );
    }
    if let Some(since) = &viewer.since_review {
        let _ = writeln!(
            out,
            "  {} {}",
            style.bold("Since your review:"),
            safe(&since.lead(), 160)
        );
        let _ = writeln!(out, "    {}", safe(&since.answer, 240));
        if let (Some(summary), Some(diff)) = (since.diff_summary(), &since.diff) {
            let _ = writeln!(out, "    {}", safe(&summary, 160));
            for file in diff.files.iter().take(MAX_ROWS) {
                let _ = writeln!(out, "      {} {}", safe(&file.path, 100), file.counts());
            }
            more(out, diff.total_files as usize, "files", style);
        }
        for driver in &since.drivers {
            let _ = writeln!(
                out,
                "    New since your review: {} — {}",
                safe(&driver.label, 40),
                safe(&driver.detail, 120)
            );
        }
        for finding in signal.since_review_findings(since) {
            let _ = writeln!(
                out,
                "    New finding: {} {} {}",
                finding.severity.label(),
                safe(&finding.path, 100),
                safe(&finding.detail, 120)
            );
        }
    }
}

/// The risk drivers, heaviest first.
fn drivers(out: &mut String, signal: &Signal, style: Style) {
    for driver in signal.risk.drivers.iter().take(MAX_ROWS) {
        // Most details already start with the label ("Large change: 930 lines…").
        let line = if driver.detail.starts_with(&driver.label) {
            safe(&driver.detail, 120)
        } else {
            format!(
                "{} — {}",
                safe(&driver.label, 40),
                safe(&driver.detail, 110)
            )
        };
        let _ = writeln!(out, "    {:.2} {line}", driver.weight);
    }
    more(out, signal.risk.drivers.len(), "drivers", style);
}

/// The evidence signals in one line.
fn evidence(out: &mut String, signal: &Signal) {
    let signals = &signal.evidence.signals;
    let _ = writeln!(
        out,
        "  {} {:.0}% · tests {} · CI {} · lint {} · security {}",
        Section::Evidence.label(),
        signal.evidence.completeness * 100.0,
        state_word(signals.tests_passing),
        state_word(signals.ci_passing),
        state_word(signals.lint_passing),
        state_word(signals.security_scan_clean)
    );
}

/// The files to read first.
fn focus(out: &mut String, signal: &Signal, style: Style) {
    if !signal.focus.is_empty() {
        let _ = writeln!(out, "  Read first:");
        for file in signal.focus.iter().take(MAX_ROWS) {
            let _ = writeln!(
                out,
                "    {:<8} {} +{} −{}",
                file.priority.label(),
                safe(&file.path, 100),
                file.additions,
                file.deletions
            );
        }
        let total = signal.focus.len() + signal.focus_more as usize;
        more(out, total, "files", style);
    }
}

fn more(out: &mut String, total: usize, what: &str, style: Style) {
    if total > MAX_ROWS {
        let _ = writeln!(
            out,
            "    {}",
            style.dim(&format!("… {} more {what}", total - MAX_ROWS))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn escape_sequences_and_bidi_controls_are_shown_not_obeyed() {
        assert_eq!(safe("a\u{1b}[31mb", 80), "a⟪U+001B⟫[31mb");
        assert_eq!(safe("x\u{202E}y\u{200B}", 80), "x⟪U+202E⟫y⟪U+200B⟫");
        assert_eq!(safe("one\ntwo", 80), "one two");
    }
}
