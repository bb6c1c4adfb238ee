//! CI mode: `--fail-on LEVEL` (exit 3 when the risk is at or above it), the Markdown summary
//! in `$GITHUB_STEP_SUMMARY` (shown on the workflow run's page), and in GitHub Actions
//! (`GITHUB_ACTIONS=true`) one `::warning file=…,line=…::` annotation per high or critical
//! finding on stderr (the runner reads workflow commands from both streams, so stdout keeps
//! only the chosen format, e.g. a SARIF file). prlens posts nothing to the PR.
//! PR text in an annotation is hostile: values are escaped as the runner's own toolkit does
//! (`%`, CR, LF; in properties also `:` and `,`), so no text can end the command early or start
//! another one, and invisible characters are shown as `⟪U+XXXX⟫`.
//! Source: docs.github.com "Workflow commands for GitHub Actions" ("Adding a job summary",
//! "Setting a warning message"), and the escaping of actions/toolkit `core/src/command.ts`
//! (`escapeData`, `escapeProperty`), read 2026-12.

use std::io::Write;

use clap::ValueEnum;
use prlens::signal::{RiskLevel, Severity, Signal};

use crate::failure::{Exit, Failure};

#[derive(Clone, Copy, ValueEnum)]
pub enum Level {
    Low,
    Medium,
    High,
    Critical,
}

impl Level {
    fn risk(self) -> RiskLevel {
        match self {
            Level::Low => RiskLevel::Low,
            Level::Medium => RiskLevel::Medium,
            Level::High => RiskLevel::High,
            Level::Critical => RiskLevel::Critical,
        }
    }
}

#[derive(clap::Args)]
pub struct FailOn {
    /// Exit with code 3 when the risk level is at or above LEVEL (for CI).
    #[arg(long, value_enum, value_name = "LEVEL")]
    fail_on: Option<Level>,
}

impl FailOn {
    /// The failure to report after printing, when the level is reached.
    pub fn check(&self, level: RiskLevel) -> Option<Failure> {
        let threshold = self.fail_on?.risk();
        (level >= threshold).then(|| {
            Failure::new(
                Exit::RiskAtOrAbove,
                format!(
                    "risk is {}, at or above --fail-on {}",
                    level.key(),
                    threshold.key()
                ),
            )
        })
    }
}

/// Appends `markdown` to `$GITHUB_STEP_SUMMARY` when it is set (in GitHub Actions).
pub fn write_step_summary(markdown: &str) -> Result<(), Failure> {
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|path| !path.is_empty()) else {
        return Ok(());
    };
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut file| file.write_all(format!("{markdown}\n").as_bytes()))
        .map_err(|error| {
            Failure::new(
                Exit::Output,
                format!(
                    "cannot write GITHUB_STEP_SUMMARY ({}): {error}",
                    path.to_string_lossy()
                ),
            )
        })
}

/// Prints the annotations of `signal` on stderr when running in GitHub Actions.
pub fn write_annotations(signal: &Signal) {
    if std::env::var("GITHUB_ACTIONS").as_deref() != Ok("true") {
        return;
    }
    let mut stderr = std::io::stderr().lock();
    for line in annotations(signal) {
        // A closed stderr only loses the annotations; the signal is still printed.
        let _ = writeln!(stderr, "{line}");
    }
}

/// One `::warning` workflow command per high or critical supply-chain finding, on its file and
/// line when known.
pub fn annotations(signal: &Signal) -> Vec<String> {
    signal
        .supply_chain
        .findings
        .iter()
        .filter(|finding| finding.severity >= Severity::High)
        .map(|finding| {
            let mut properties = Vec::new();
            if !finding.path.is_empty()
                && finding.path != prlens::engine::sections::supply_chain::PR_TEXT
            {
                properties.push(format!("file={}", escape_property(&finding.path)));
                if let Some(line) = finding.line {
                    properties.push(format!("line={line}"));
                }
            }
            properties.push(format!(
                "title={}",
                escape_property(&format!(
                    "prlens: {} ({})",
                    finding.id.label(),
                    finding.severity.key()
                ))
            ));
            let message = if properties.len() == 1 && !finding.path.is_empty() {
                format!("{}: {}", finding.path, finding.detail)
            } else {
                finding.detail.clone()
            };
            format!(
                "::warning {}::{}",
                properties.join(","),
                escape_data(&message)
            )
        })
        .collect()
}

/// actions/toolkit `escapeData`, after showing invisible and bidi characters.
fn escape_data(text: &str) -> String {
    prlens::text::show_invisibles(text)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// actions/toolkit `escapeProperty`.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signal_of(bundle: &str) -> Signal {
        prlens::analyze_json(bundle, "", None).expect("the project's bundle scores")
    }

    #[test]
    fn high_and_critical_findings_become_warnings_on_their_file_and_line() {
        let signal = signal_of(include_str!(
            "../../../tests/bundles/scan-secret-in-config.json"
        ));
        let lines = annotations(&signal);
        let serious: Vec<_> = signal
            .supply_chain
            .findings
            .iter()
            .filter(|f| f.severity >= Severity::High)
            .collect();
        assert!(!serious.is_empty());
        assert_eq!(lines.len(), serious.len());
        let first = serious[0];
        let line = first.line.expect("the secret finder knows the line");
        assert!(
            lines[0].starts_with(&format!(
                "::warning file={},line={line},title=prlens%3A secret in diff (high)::",
                first.path
            )),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn no_pr_text_can_end_the_command_or_start_another() {
        let mut signal = signal_of(include_str!(
            "../../../tests/bundles/scan-secret-in-config.json"
        ));
        for finding in &mut signal.supply_chain.findings {
            finding.path = "a,line=1::x\n::error::owned".into();
            finding.detail = "100% done\r\n::add-mask::x \u{202e}".into();
        }
        for line in annotations(&signal) {
            assert!(!line.contains('\n') && !line.contains('\r'), "{line}");
            // The command's own `::` pair is the only one before the message.
            let (command, message) = line
                .split_once("::warning ")
                .map(|(_, rest)| rest)
                .and_then(|rest| rest.split_once("::"))
                .expect("a warning command");
            assert!(
                command.starts_with("file=a%2Cline=1%3A%3Ax%0A%3A%3Aerror%3A%3Aowned,"),
                "{command}"
            );
            assert_eq!(message, "100%25 done%0D%0A::add-mask::x ⟪U+202E⟫");
        }
    }

    #[test]
    fn low_and_medium_findings_make_no_annotation() {
        let mut signal = signal_of(include_str!(
            "../../../tests/bundles/scan-secret-in-config.json"
        ));
        for finding in &mut signal.supply_chain.findings {
            finding.severity = Severity::Medium;
        }
        assert!(annotations(&signal).is_empty());
    }
}
