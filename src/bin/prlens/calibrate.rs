//! `prlens calibrate CLONE…`: how the risk score did on repositories' own history — merged PRs
//! rebuilt from git, scored by the engine, labelled by what happened next (reverted, fixed
//! soon), and ranked against counting changed lines (`prlens::calibrate`).

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::time::Instant;

use prlens::calibrate::metrics::BOOTSTRAP_ROUNDS;
use prlens::calibrate::report::{self, percent, share, Report, Summary};
use prlens::calibrate::study::{study, Progress, Study, StudyOptions};

use crate::analyze::read_input;
use crate::failure::{Exit, Failure};
use crate::terminal::safe;

#[derive(clap::Args)]
pub struct CalibrateArgs {
    /// Git clones to study (a work tree or a bare repository); AUC is pooled within each.
    #[arg(value_name = "CLONE", required = true)]
    clones: Vec<PathBuf>,
    /// OWNER/NAME of each clone, in order (default: from remote.origin.url).
    #[arg(long = "repo", value_name = "OWNER/NAME")]
    repos: Vec<String>,
    /// The tip to walk back from.
    #[arg(long, default_value = "HEAD")]
    rev: String,
    /// Study the newest N merged PRs of each clone (0: all) that are at least 30 days old.
    #[arg(long, default_value_t = 1000)]
    max_prs: usize,
    /// Settings JSON to score with (default: the built-in defaults).
    #[arg(long, value_name = "FILE")]
    settings: Option<PathBuf>,
    /// Print the prlens.calibration.v1 JSON instead of text.
    #[arg(long)]
    json: bool,
    /// With --json: one row per studied PR.
    #[arg(long)]
    rows: bool,
    /// How many unconfirmed high/critical PRs to list for judging.
    #[arg(long, default_value_t = 20)]
    top: usize,
    /// Never show progress (it shows on a terminal's standard error by default).
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: CalibrateArgs) -> Result<String, Failure> {
    if !args.repos.is_empty() && args.repos.len() != args.clones.len() {
        return Err(Failure::new(
            Exit::BadInput,
            format!(
                "--repo was given {} times for {} clones: give it once per clone, in order, or not at all",
                args.repos.len(),
                args.clones.len()
            ),
        ));
    }
    let (settings, settings_name) = match &args.settings {
        None => (prlens::Settings::default(), "defaults".to_string()),
        Some(path) => {
            let text = read_input(&path.display().to_string())?;
            (
                prlens::Settings::from_json_str(&text)?,
                path.display().to_string(),
            )
        }
    };
    let show_progress = !args.quiet && std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut studies: Vec<Study> = Vec::new();
    for (index, clone) in args.clones.iter().enumerate() {
        let options = StudyOptions {
            repository: args.repos.get(index).cloned(),
            rev: args.rev.clone(),
            max_prs: args.max_prs,
            settings: settings.clone(),
            keep_bundles: false,
        };
        let label = clone.display().to_string();
        let mut progress = |step: Progress| {
            if show_progress {
                let Progress::Walking { done, total } = step;
                let mut stderr = std::io::stderr().lock();
                let _ = write!(stderr, "\r{label}: {done}/{total} mainline commits");
                let _ = stderr.flush();
            }
        };
        let result = study(clone, &options, &mut progress);
        if show_progress {
            eprintln!();
        }
        studies.push(result.map_err(|error| Failure::new(Exit::BadInput, error.to_string()))?);
    }
    let report = report::report(&studies, settings_name, args.top, args.rows && args.json);
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return Ok(format!("{}\n", serde_json::to_string_pretty(&report)?));
    }
    let mut out = text(&report);
    let _ = writeln!(out, "\n({seconds:.1} s)");
    Ok(out)
}

/// The report as a person reads it; titles and names from history shown safely.
fn text(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "prlens calibrate — engine {}, settings: {}",
        report.engine_version,
        safe(&report.settings, 120)
    );
    for repository in &report.repositories {
        let _ = writeln!(
            out,
            "\n{} at {} ({}): {} mainline commits, {} merged PRs recognised; {} studied, merged {} … {}",
            safe(&repository.repository, 80),
            &repository.head[..repository.head.len().min(12)],
            repository.head_date,
            repository.mainline_commits,
            repository.merged_prs,
            repository.summary.prs,
            repository.first_merged.as_deref().unwrap_or("-"),
            repository.last_merged.as_deref().unwrap_or("-"),
        );
        if !repository.missing_paths.is_empty() {
            let _ = writeln!(
                out,
                "  left out (the clone lacks their content): {}",
                safe(&prlens::text::name_list(&repository.missing_paths), 200)
            );
        }
        summary_text(&mut out, &repository.summary);
    }
    if report.repositories.len() > 1 {
        let _ = writeln!(
            out,
            "\nall {} repositories (AUC pooled within each repository):",
            report.repositories.len()
        );
        summary_text(&mut out, &report.pooled);
    }
    let _ = writeln!(
        out,
        "\nThe {} highest-scored high/critical PRs never reverted or fixed soon: do they deserve their level?",
        report.unconfirmed_top.len()
    );
    for pr in &report.unconfirmed_top {
        let _ = writeln!(
            out,
            "  {:.2} {:<8} {}#{} {} ({}, {} lines): {}",
            pr.score,
            pr.level,
            safe(&pr.repository, 60),
            pr.number,
            safe(&pr.title, 70),
            safe(&pr.author, 40),
            pr.lines,
            pr.drivers.join(", ")
        );
    }
    out
}

fn summary_text(out: &mut String, summary: &Summary) {
    let _ = writeln!(
        out,
        "  labels: {} reverted, {} fixed soon (a fix to one of their source files within 30 days): {} bad of {} ({})",
        summary.reverted,
        summary.fixed_soon,
        summary.bad,
        summary.prs,
        percent(share(summary.bad, summary.prs))
    );
    let list = |map: &std::collections::BTreeMap<&str, usize>| {
        map.iter()
            .map(|(key, count)| format!("{key} {count}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "  levels: {}; high or critical {}\n  actions: {}",
        list(&summary.levels),
        percent(summary.high_or_critical),
        list(&summary.actions)
    );
    match &summary.auc {
        Some(auc) => {
            let _ = writeln!(
                out,
                "  ROC AUC, 95 % bootstrap ({BOOTSTRAP_ROUNDS} rounds): risk.score {:.3} [{:.3}, {:.3}]; lines changed {:.3} [{:.3}, {:.3}]; difference {:+.3} [{:+.3}, {:+.3}]",
                auc.score.value,
                auc.score.low,
                auc.score.high,
                auc.baseline.value,
                auc.baseline.low,
                auc.baseline.high,
                auc.difference.value,
                auc.difference.low,
                auc.difference.high
            );
        }
        None => {
            let _ = writeln!(out, "  ROC AUC: not defined (no bad PR, or no good one)");
        }
    }
    let _ = writeln!(
        out,
        "  {:<26} {:>6} {:>7} {:>10} {:>11} {:>6}",
        "driver", "fired", "rate", "bad|fired", "bad|silent", "lift"
    );
    for lift in &summary.drivers {
        let rate = |value: Option<f64>| value.map_or("-".to_string(), percent);
        let _ = writeln!(
            out,
            "  {:<26} {:>6} {:>7} {:>10} {:>11} {:>6}",
            lift.id,
            lift.fired,
            percent(lift.rate),
            rate(lift.bad_rate_fired),
            rate(lift.bad_rate_silent),
            lift.lift
                .map_or("-".to_string(), |lift| format!("{lift:.2}"))
        );
    }
}
