//! The calibration report: what `prlens calibrate` prints (text) or writes (`--json`).

use serde::Serialize;
use std::collections::BTreeMap;

use super::metrics::{compare, lifts, Comparison, DriverLift, Ranked};
use super::study::{Studied, Study};
use crate::signal::{ReviewAction, RiskLevel};

/// The report format tag.
pub const REPORT_FORMAT: &str = "prlens.calibration.v1";

/// Everything one run measured.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub format: &'static str,
    pub engine_version: &'static str,
    /// Which settings scored the PRs ("defaults", or the file given).
    pub settings: String,
    pub repositories: Vec<RepositoryReport>,
    /// All repositories together (AUC pooled within repositories).
    pub pooled: Summary,
    /// The highest-scored high/critical PRs that were never reverted or fixed, for a person to judge.
    pub unconfirmed_top: Vec<TopPr>,
    /// One row per studied PR (`--rows`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<Row>,
    /// What `--fit` proposed, and the corpus scored with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<FitReport>,
}

/// `--fit`: the proposal with its evidence, where it was written, and the numbers after.
#[derive(Debug, Clone, Serialize)]
pub struct FitReport {
    pub proposal: super::fit::Proposal,
    pub settings_file: String,
    /// The proposed settings as written.
    pub settings: crate::settings::Settings,
    /// Every repository scored with the proposed settings.
    pub after: Vec<RepositoryReport>,
    pub after_pooled: Summary,
}

/// One repository.
#[derive(Debug, Clone, Serialize)]
pub struct RepositoryReport {
    pub repository: String,
    pub head: String,
    pub head_date: String,
    pub mainline_commits: usize,
    pub merged_prs: usize,
    pub first_merged: Option<String>,
    pub last_merged: Option<String>,
    /// Paths left out: the clone lacks some version of them.
    pub missing_paths: Vec<String>,
    pub summary: Summary,
}

/// Distributions, labels, AUC and drivers of a set of PRs.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub prs: usize,
    pub reverted: usize,
    pub fixed_soon: usize,
    /// Reverted or fixed soon.
    pub bad: usize,
    pub levels: BTreeMap<&'static str, usize>,
    pub actions: BTreeMap<&'static str, usize>,
    /// Share of PRs at high or critical.
    pub high_or_critical: f64,
    /// `None` when one class is empty.
    pub auc: Option<Comparison>,
    /// The same, on the PRs that change at least one source file only: "fixed soon" needs a
    /// source file, so a score that weighs code over docs gains from the label's definition;
    /// here it does not.
    pub auc_source_prs: Option<Comparison>,
    /// How many PRs change at least one source file.
    pub source_prs: usize,
    pub drivers: Vec<DriverLift>,
}

/// A PR to judge.
#[derive(Debug, Clone, Serialize)]
pub struct TopPr {
    pub repository: String,
    pub number: u64,
    pub title: String,
    pub author: String,
    pub score: f64,
    pub level: &'static str,
    pub lines: u64,
    pub drivers: Vec<String>,
    pub url: String,
}

/// One studied PR.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub repository: String,
    pub number: u64,
    pub sha: String,
    pub author: String,
    pub merged_at: String,
    pub lines: u64,
    pub files: usize,
    pub score: f64,
    pub level: &'static str,
    pub action: &'static str,
    pub bad: bool,
    pub reverted_by: Option<String>,
    pub fixed_by: Option<String>,
    pub drivers: BTreeMap<String, f64>,
}

/// Builds the report of these studies; `top` PRs to judge, per-PR `rows` when asked.
pub fn report(studies: &[Study], settings: String, top: usize, rows: bool) -> Report {
    let repositories = studies
        .iter()
        .map(|study| RepositoryReport {
            repository: study.repository.clone(),
            head: study.head.clone(),
            head_date: date(study.head_time),
            mainline_commits: study.mainline_commits,
            merged_prs: study.merged_prs,
            first_merged: study.prs.iter().map(|pr| pr.merged_at).min().map(date),
            last_merged: study.prs.iter().map(|pr| pr.merged_at).max().map(date),
            missing_paths: study.missing_paths.clone(),
            summary: summarise(&[study]),
        })
        .collect();
    let all: Vec<&Study> = studies.iter().collect();
    let mut candidates: Vec<(&Study, &Studied)> = studies
        .iter()
        .flat_map(|study| study.prs.iter().map(move |pr| (study, pr)))
        .filter(|(_, pr)| pr.level >= RiskLevel::High && !pr.label.bad())
        .collect();
    crate::order::sort_by(&mut candidates, |a, b| {
        b.1.score
            .total_cmp(&a.1.score)
            .then(b.1.lines.cmp(&a.1.lines))
            .then_with(|| a.0.repository.cmp(&b.0.repository))
            .then(a.1.number.cmp(&b.1.number))
    });
    let unconfirmed_top = candidates
        .into_iter()
        .take(top)
        .map(|(study, pr)| TopPr {
            repository: study.repository.clone(),
            number: pr.number,
            title: pr.title.clone(),
            author: pr.author.clone(),
            score: pr.score,
            level: pr.level.key(),
            lines: pr.lines,
            drivers: pr
                .drivers
                .iter()
                .map(|(id, weight)| format!("{id} {weight:.2}"))
                .collect(),
            url: format!("https://github.com/{}/pull/{}", study.repository, pr.number),
        })
        .collect();
    let rows = if rows {
        studies
            .iter()
            .flat_map(|study| study.prs.iter().map(move |pr| row(study, pr)))
            .collect()
    } else {
        Vec::new()
    };
    Report {
        format: REPORT_FORMAT,
        engine_version: crate::engine::ENGINE_VERSION,
        settings,
        repositories,
        pooled: summarise(&all),
        unconfirmed_top,
        rows,
        fit: None,
    }
}

/// The per-repository reports of these studies.
pub fn repository_reports(studies: &[Study]) -> Vec<RepositoryReport> {
    report(studies, String::new(), 0, false).repositories
}

fn row(study: &Study, pr: &Studied) -> Row {
    Row {
        repository: study.repository.clone(),
        number: pr.number,
        sha: pr.sha.clone(),
        author: pr.author.clone(),
        merged_at: date(pr.merged_at),
        lines: pr.lines,
        files: pr.files,
        score: pr.score,
        level: pr.level.key(),
        action: pr.action.key(),
        bad: pr.label.bad(),
        reverted_by: pr.label.reverted_by.clone(),
        fixed_by: pr.label.fixed_by.clone(),
        drivers: pr.drivers.iter().cloned().collect(),
    }
}

/// The summary of the PRs of these studies (AUC pooled within each study).
pub fn summarise(studies: &[&Study]) -> Summary {
    let prs: Vec<&Studied> = studies.iter().flat_map(|study| study.prs.iter()).collect();
    let count = |keep: &dyn Fn(&Studied) -> bool| prs.iter().filter(|pr| keep(pr)).count();
    let mut levels = BTreeMap::new();
    for level in RiskLevel::ALL {
        levels.insert(level.key(), count(&|pr| pr.level == *level));
    }
    let mut actions = BTreeMap::new();
    for action in ReviewAction::ALL {
        actions.insert(action.key(), count(&|pr| pr.action == *action));
    }
    let groups = |source_only: bool| -> Vec<Ranked> {
        studies
            .iter()
            .map(|study| {
                let mut group = Ranked::default();
                for pr in study
                    .prs
                    .iter()
                    .filter(|pr| !source_only || pr.source_files > 0)
                {
                    group.push(pr.score, pr.lines as f64, pr.label.bad());
                }
                group
            })
            .collect()
    };
    let mut ids: Vec<String> = crate::engine::drivers::CATALOGUE
        .iter()
        .map(|spec| spec.id.to_string())
        .collect();
    for pr in &prs {
        for (id, _) in &pr.drivers {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
    }
    let table: Vec<(Vec<&str>, bool)> = prs
        .iter()
        .map(|pr| {
            (
                pr.drivers.iter().map(|(id, _)| id.as_str()).collect(),
                pr.label.bad(),
            )
        })
        .collect();
    let drivers = lifts(&ids, &table)
        .into_iter()
        .filter(|lift| lift.fired > 0)
        .collect();
    let high = count(&|pr| pr.level >= RiskLevel::High);
    Summary {
        prs: prs.len(),
        reverted: count(&|pr| pr.label.reverted_by.is_some()),
        fixed_soon: count(&|pr| pr.label.fixed_by.is_some()),
        bad: count(&|pr| pr.label.bad()),
        levels,
        actions,
        high_or_critical: share(high, prs.len()),
        auc: compare(&groups(false)),
        auc_source_prs: compare(&groups(true)),
        source_prs: count(&|pr| pr.source_files > 0),
        drivers,
    }
}

pub fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

fn date(seconds: i64) -> String {
    crate::timestamp::format(seconds)
        .map(|text| text.chars().take(10).collect())
        .unwrap_or_default()
}

pub fn percent(value: f64) -> String {
    format!("{:.1} %", value * 100.0)
}
