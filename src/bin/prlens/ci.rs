//! CI mode: `--fail-on LEVEL` (exit 3 when the risk is at or above it) and the Markdown summary
//! in `$GITHUB_STEP_SUMMARY` (shown on the workflow run's page). prlens posts nothing to the PR.
//! Source: docs.github.com "Workflow commands for GitHub Actions", "Adding a job summary" (2026-12).

use std::io::Write;

use clap::ValueEnum;
use prlens::signal::RiskLevel;

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
