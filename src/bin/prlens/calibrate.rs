//! `prlens calibrate CLONE…`: how the risk score did on repositories' own history — merged PRs
//! rebuilt from git, scored by the engine, labelled by what happened next (reverted, fixed
//! soon), and ranked against counting changed lines (`prlens::calibrate`).

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::time::Instant;

use prlens::calibrate::fit::{self, Proposal};
use prlens::calibrate::metrics::BOOTSTRAP_ROUNDS;
use prlens::calibrate::report::{self, percent, share, FitReport, Report, Summary};
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
    /// Write each studied PR's bundle to DIR/<owner>+<name>-<number>.json (`prlens analyze
    /// FILE --now <merged_at>` gives the same signal).
    #[arg(long, value_name = "DIR")]
    save_bundles: Option<PathBuf>,
    /// Fit weights and size thresholds to this history and write them as a settings file
    /// (for one clone: that repository's entry, which the extension's popup and
    /// `prlens analyze --settings` import).
    #[arg(long, value_name = "SETTINGS_FILE")]
    fit: Option<PathBuf>,
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
            keep_bundles: args.fit.is_some(),
            keep_bundle_json: args.save_bundles.is_some(),
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
    if let Some(dir) = &args.save_bundles {
        save_bundles(&studies, dir)?;
    }
    let mut report = report::report(&studies, settings_name, args.top, args.rows && args.json);
    if let Some(path) = &args.fit {
        report.fit = Some(fit_and_write(&studies, &settings, &report, path)?);
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return Ok(format!("{}\n", serde_json::to_string_pretty(&report)?));
    }
    let mut out = text(&report);
    let _ = writeln!(out, "\n({seconds:.1} s)");
    Ok(out)
}

/// Writes every kept bundle as JSON.
fn save_bundles(studies: &[Study], dir: &std::path::Path) -> Result<(), Failure> {
    let failed = |error: std::io::Error| {
        Failure::new(
            Exit::BadInput,
            format!("cannot write to {}: {error}", dir.display()),
        )
    };
    std::fs::create_dir_all(dir).map_err(failed)?;
    for study in studies {
        let name = study.repository.replace('/', "+");
        for (pr, value) in study.prs.iter().zip(&study.bundle_values) {
            let path = dir.join(format!("{name}-{}.json", pr.number));
            std::fs::write(&path, format!("{}\n", serde_json::to_string_pretty(value)?))
                .map_err(failed)?;
        }
    }
    Ok(())
}

/// Fits, writes the settings file, and scores the corpus again with it.
fn fit_and_write(
    studies: &[Study],
    settings: &prlens::Settings,
    report: &Report,
    path: &std::path::Path,
) -> Result<FitReport, Failure> {
    let observations = fit::observe(studies, settings);
    let proposal = fit::propose(&observations, studies.len(), settings);
    let auc_before = report
        .pooled
        .auc
        .map_or(0.5, |comparison| comparison.score.value);
    let proposed = fit::proposed_settings(studies, settings, &proposal, auc_before);
    let text = format!(
        "{}\n",
        serde_json::to_string_pretty(&fit::settings_file(studies, &proposed))?
    );
    std::fs::write(path, &text).map_err(|error| {
        Failure::new(
            Exit::BadInput,
            format!("cannot write {}: {error}", path.display()),
        )
    })?;
    let after: Vec<Study> = studies
        .iter()
        .map(|study| study.rescored(&proposed))
        .collect();
    let after_report = report::report(&after, String::new(), 0, false);
    Ok(FitReport {
        proposal,
        settings_file: path.display().to_string(),
        settings: proposed,
        after: after_report.repositories,
        after_pooled: after_report.pooled,
    })
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
    if let Some(fit) = &report.fit {
        fit_text(&mut out, fit);
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

fn fit_text(out: &mut String, fit: &FitReport) {
    let proposal: &Proposal = &fit.proposal;
    let _ = writeln!(
        out,
        "\nProposed settings, written to {}:",
        safe(&fit.settings_file, 200)
    );
    let (before, after) = (proposal.thresholds_before, proposal.thresholds);
    for (name, old, new) in [
        (
            "large_diff_severe_lines",
            before.large_diff_severe_lines,
            after.large_diff_severe_lines,
        ),
        (
            "many_files_severe",
            before.many_files_severe,
            after.many_files_severe,
        ),
    ] {
        let _ = writeln!(out, "  threshold {name:<24} {old:>5} → {new:>5}");
    }
    let _ = writeln!(
        out,
        "  (in-sample AUC {:.3} with these thresholds, {:.3} with the current ones; a threshold moves for a gain of at least {})",
        proposal.thresholds_auc,
        proposal.thresholds_auc_before,
        fit::THRESHOLD_MARGIN
    );
    let _ = writeln!(
        out,
        "  {:<22} {:>6} {:>6} {:>11} {:>7} {:>22}",
        "driver", "before", "after", "coefficient", "fired", "CV AUC lost without it"
    );
    for change in &proposal.weights {
        let _ = writeln!(
            out,
            "  {:<22} {:>6.2} {:>6.2} {:>11.3} {:>7} {:>+22.4}{}",
            change.id,
            change.before,
            change.after,
            change.coefficient,
            percent(change.fired),
            change.auc_loss_without,
            if change.left_out {
                "  left out: no CV gain"
            } else {
                ""
            }
        );
    }
    let _ = writeln!(
        out,
        "  penalty λ {} (cross-validated), K {:.3}; cross-validated AUC of the fit {:.3}; high or critical {} as fitted",
        proposal.lambda,
        proposal.scale,
        proposal.cross_validated_auc,
        percent(proposal.high_share)
    );
    let _ = writeln!(
        out,
        "  security drivers and findings' level floors are not fitted and keep their values"
    );
    let _ = writeln!(out, "\nWith the proposed settings:");
    for repository in &fit.after {
        let _ = writeln!(out, "\n{}:", safe(&repository.repository, 80));
        summary_text(out, &repository.summary);
    }
    if fit.after.len() > 1 {
        let _ = writeln!(out, "\nall {} repositories:", fit.after.len());
        summary_text(out, &fit.after_pooled);
    }
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
    if let Some(auc) = &summary.auc_source_prs {
        let _ = writeln!(
            out,
            "  on the {} PRs that change source code: risk.score {:.3} [{:.3}, {:.3}]; lines changed {:.3} [{:.3}, {:.3}]",
            summary.source_prs,
            auc.score.value,
            auc.score.low,
            auc.score.high,
            auc.baseline.value,
            auc.baseline.low,
            auc.baseline.high
        );
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
