//! `prlens calibrate --fit`: the weights and size thresholds that rank a repository's own
//! PRs best, in a form a person can read and check.
//!
//! **What is fitted.** The defect-risk drivers of [`FITTED`] — size (`large_diff`), spread
//! (`many_files`), API surface, missing tests, newness — each a value in [0, 1] per PR (the
//! driver's scale: its weight with the weight set to 1), and where the two size drivers reach
//! full weight, tried on the grid [`LINE_SEVERE`] × [`FILE_SEVERE`]. Security drivers and every finding's level floor are not fitted and never
//! changed: history holds too few attacks to weigh them, so they keep their defaults. Hygiene
//! findings add nothing ([`crate::settings::weights::HYGIENE_FINDINGS`]).
//!
//! **How.** A logistic regression with non-negative coefficients, an L2 penalty and one
//! intercept per repository ([`model`]). The thresholds are the grid point whose fit ranks best
//! (pooled within-repository AUC), when it beats the current ones by [`THRESHOLD_MARGIN`]; the
//! penalty is chosen by cross-validation — leaving one
//! repository out when there are several, five folds of one otherwise — and the reported AUC
//! is that cross-validated one, so it is an estimate for PRs the fit did not see. A driver whose
//! absence costs no cross-validated AUC is left out (weight 0) and the rest fitted again.
//!
//! **From coefficients to weights.** The engine composes drivers with a noisy-OR, `score = 1 −
//! Π(1 − wⱼ sⱼ)`; with `wⱼ = 1 − e^(−K βⱼ)` a PR's score is `1 − e^(−K Σ βⱼ sⱼ)` (exactly where
//! `sⱼ` is 0 or 1, closely otherwise): the same ranking as the regression. `K` sets the levels:
//! it is the largest value that keeps at most [`HIGH_SHARE_TARGET`] of the studied PRs at high
//! or critical, counting the drivers that are not fitted and the findings' floors.

pub mod model;

use std::collections::BTreeMap;

use model::{fit, Fit, Row};

use super::metrics::{pooled_auc, Ranked};
use super::study::Study;
use crate::settings::weights::{cutoff_of, level_for, log_ramp, FINDING_LEVEL_FLOORS};
use crate::settings::Settings;
use crate::signal::RiskLevel;

/// The drivers the fit weighs, in the order of a row's values.
pub const FITTED: &[&str] = &[
    "large_diff",
    "many_files",
    "api_surface_change",
    "missing_tests",
    "new_contributor",
];
/// Candidate `large_diff_severe_lines`.
pub const LINE_SEVERE: &[u64] = &[250, 500, 1000, 2000, 4000];
/// Candidate `many_files_severe`.
pub const FILE_SEVERE: &[u64] = &[5, 10, 20, 30, 50];
/// Candidate penalties.
pub const LAMBDAS: &[f64] = &[1e-4, 1e-3, 1e-2, 1e-1];
/// The share of studied PRs the proposed weights may put at high or critical (the issue's
/// ceiling is 6 %; a point of margin for PRs the fit did not see).
pub const HIGH_SHARE_TARGET: f64 = 0.05;
/// A threshold moves only when the grid's best ranks better than the current thresholds by at
/// least this much pooled AUC: a smaller gain is noise, and a change needs evidence.
pub const THRESHOLD_MARGIN: f64 = 0.005;
/// Folds of a one-repository cross-validation.
const FOLDS: usize = 5;

/// What one PR brings to the fit.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    pub group: usize,
    pub bad: bool,
    /// Lines to review and spread (`engine::review_size_of`).
    pub lines: f64,
    pub code_files: f64,
    /// Scales of the fitted drivers after the two size drivers.
    pub others: Vec<f64>,
    /// `Σ −ln(1 − w)` of the drivers that are not fitted, as the settings weigh them.
    pub fixed_hazard: f64,
    /// The level the findings' floors allow at least.
    pub floor: RiskLevel,
}

/// Reads the observations of studied PRs (their bundles kept) under `settings`.
pub fn observe(studies: &[Study], settings: &Settings) -> Vec<Observation> {
    let mut probe = settings.clone();
    for id in FITTED {
        probe.weights.insert((*id).to_string(), 1.0);
    }
    let mut observations = Vec::new();
    for (group, study) in studies.iter().enumerate() {
        for (pr, bundle) in study.prs.iter().zip(&study.bundles) {
            let signal = crate::analyze(bundle, &probe, Some(pr.merged_at));
            let fired = |id: &str| {
                signal
                    .risk
                    .drivers
                    .iter()
                    .find(|driver| driver.id == id)
                    .map_or(0.0, |driver| driver.weight)
            };
            let size = crate::engine::review_size_of(bundle, settings);
            let fixed_hazard = signal
                .risk
                .drivers
                .iter()
                .filter(|driver| !FITTED.contains(&driver.id.as_str()))
                .map(|driver| -(1.0 - driver.weight.clamp(0.0, 0.99)).ln())
                .sum();
            let floor = signal
                .supply_chain
                .findings
                .iter()
                .filter_map(|finding| {
                    FINDING_LEVEL_FLOORS
                        .iter()
                        .find(|(severity, _)| *severity == finding.severity)
                        .map(|(_, level)| *level)
                })
                .max()
                .unwrap_or(RiskLevel::Low);
            observations.push(Observation {
                group,
                bad: pr.label.bad(),
                lines: size.lines,
                code_files: size.spread,
                others: FITTED[2..].iter().map(|id| fired(id)).collect(),
                fixed_hazard,
                floor,
            });
        }
    }
    observations
}

/// The size thresholds of one grid point: where size and spread reach full weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct SizeThresholds {
    pub large_diff_severe_lines: u64,
    pub many_files_severe: u64,
}

impl SizeThresholds {
    fn of(settings: &Settings) -> Self {
        let t = &settings.thresholds;
        SizeThresholds {
            large_diff_severe_lines: t.large_diff_severe_lines,
            many_files_severe: t.many_files_severe,
        }
    }

    fn rows(self, observations: &[Observation]) -> Vec<Row> {
        observations
            .iter()
            .map(|observation| {
                let mut x = vec![
                    log_ramp(observation.lines, self.large_diff_severe_lines),
                    log_ramp(observation.code_files, self.many_files_severe),
                ];
                x.extend(&observation.others);
                Row {
                    group: observation.group,
                    bad: observation.bad,
                    x,
                }
            })
            .collect()
    }
}

/// The evidence for one driver's proposed weight.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct WeightChange {
    pub id: String,
    pub before: f64,
    pub after: f64,
    /// The fitted coefficient (log-odds per unit of the driver's scale).
    pub coefficient: f64,
    /// Share of PRs where the driver has a value.
    pub fired: f64,
    /// Cross-validated AUC lost when the driver is left out (positive: it helps).
    pub auc_loss_without: f64,
    /// Left out (weight 0) because leaving it out lost no cross-validated AUC.
    pub left_out: bool,
}

/// What `--fit` proposes, with its evidence.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Proposal {
    pub thresholds_before: SizeThresholds,
    pub thresholds: SizeThresholds,
    /// In-sample pooled AUC of the best and of the current grid point.
    pub thresholds_auc: f64,
    pub thresholds_auc_before: f64,
    pub lambda: f64,
    /// Cross-validated pooled AUC of the fitted model (PRs scored by a fit that did not see them).
    pub cross_validated_auc: f64,
    /// `K` of `w = 1 − e^(−K β)`.
    pub scale: f64,
    /// Share of studied PRs at high or critical under the proposal (as the fit computes it).
    pub high_share: f64,
    pub weights: Vec<WeightChange>,
}

/// Fits `observations` (`groups` repositories) and proposes weights and thresholds.
pub fn propose(observations: &[Observation], groups: usize, settings: &Settings) -> Proposal {
    let before = SizeThresholds::of(settings);
    let mut best: Option<(f64, SizeThresholds)> = None;
    let mut auc_before = 0.0;
    for &large_diff_severe_lines in LINE_SEVERE {
        for &many_files_severe in FILE_SEVERE {
            let candidate = SizeThresholds {
                large_diff_severe_lines,
                many_files_severe,
            };
            let rows = candidate.rows(observations);
            let model = fit(&rows, groups, FITTED.len(), LAMBDAS[1]);
            let auc = ranked_auc(&rows, groups, &model);
            if candidate == before {
                auc_before = auc;
            }
            if best.is_none_or(|(best_auc, _)| auc > best_auc + 1e-9) {
                best = Some((auc, candidate));
            }
        }
    }
    if auc_before == 0.0 {
        let rows = before.rows(observations);
        auc_before = ranked_auc(&rows, groups, &fit(&rows, groups, FITTED.len(), LAMBDAS[1]));
    }
    let (thresholds_auc, thresholds) = match best {
        Some((auc, best)) if auc >= auc_before + THRESHOLD_MARGIN => (auc, best),
        _ => (auc_before, before),
    };
    let rows = thresholds.rows(observations);
    let (lambda, cross_validated_auc) = LAMBDAS
        .iter()
        .map(|lambda| (*lambda, cross_validated(&rows, groups, *lambda, &[])))
        .fold((LAMBDAS[0], f64::MIN), |best, candidate| {
            if candidate.1 > best.1 + 1e-9 {
                candidate
            } else {
                best
            }
        });
    let first = fit(&rows, groups, FITTED.len(), lambda);
    // What each driver adds to the cross-validated AUC; one that adds nothing is left out and
    // the rest fitted again (a weight must earn its place on PRs the fit did not see).
    let losses: Vec<f64> = (0..FITTED.len())
        .map(|index| {
            if first.coefficients[index] > 0.0 {
                cross_validated_auc - cross_validated(&rows, groups, lambda, &[index])
            } else {
                0.0
            }
        })
        .collect();
    let left_out: Vec<usize> = (0..FITTED.len())
        .filter(|index| first.coefficients[*index] > 0.0 && losses[*index] <= 0.0)
        .collect();
    let fired: Vec<f64> = (0..FITTED.len())
        .map(|index| {
            rows.iter().filter(|row| row.x[index] > 0.0).count() as f64 / rows.len().max(1) as f64
        })
        .collect();
    let rows = without(&rows, &left_out);
    let (model, cross_validated_auc) = if left_out.is_empty() {
        (first, cross_validated_auc)
    } else {
        (
            fit(&rows, groups, FITTED.len(), lambda),
            cross_validated(&rows, groups, lambda, &[]),
        )
    };
    let scale = level_scale(observations, &rows, &model.coefficients);
    let weights_after: Vec<f64> = model
        .coefficients
        .iter()
        .map(|beta| weight_of(*beta, scale))
        .collect();
    let high_share = high_share(observations, &rows, &weights_after);
    let weights = FITTED
        .iter()
        .enumerate()
        .map(|(index, id)| WeightChange {
            id: (*id).to_string(),
            before: settings
                .weights
                .get(*id)
                .copied()
                .or_else(|| crate::engine::drivers::spec(id).map(|spec| spec.weight))
                .unwrap_or(0.0),
            after: weights_after[index],
            coefficient: model.coefficients[index],
            fired: fired[index],
            auc_loss_without: losses[index],
            left_out: left_out.contains(&index),
        })
        .collect();
    Proposal {
        thresholds_before: before,
        thresholds,
        thresholds_auc,
        thresholds_auc_before: auc_before,
        lambda,
        cross_validated_auc,
        scale,
        high_share,
        weights,
    }
}

/// `settings` with the proposal applied: for one repository, as its `repositories` entry (with
/// the calibration the panel's badge shows); for several, as the general weights and
/// thresholds (a corpus-wide proposal, as the defaults were made).
pub fn proposed_settings(
    studies: &[Study],
    settings: &Settings,
    proposal: &Proposal,
    auc_before: f64,
) -> Settings {
    let (weights, thresholds) = proposal.overrides();
    let mut proposed = settings.clone();
    match studies {
        [study] => {
            let entry = proposed
                .repositories
                .entry(study.repository.clone())
                .or_default();
            entry.weights.extend(weights);
            entry.thresholds.extend(thresholds);
            entry.calibration = Some(crate::settings::Calibration {
                commit: study.head.clone(),
                prs: study.prs.len() as u64,
                auc: round3(proposal.cross_validated_auc),
                auc_before: round3(auc_before),
                engine: crate::engine::ENGINE_VERSION.to_string(),
            });
        }
        _ => {
            proposed.weights.extend(weights);
            let t = &mut proposed.thresholds;
            let s = proposal.thresholds;
            t.large_diff_severe_lines = s.large_diff_severe_lines;
            t.many_files_severe = s.many_files_severe;
        }
    }
    proposed
}

/// The settings file `--fit` writes: only what the proposal sets — for one repository its
/// `repositories` entry, for several the general weights and the two size thresholds.
pub fn settings_file(studies: &[Study], proposed: &Settings) -> serde_json::Value {
    match studies {
        [study] => serde_json::json!({
            "repositories": {
                study.repository.clone(): proposed.repositories.get(&study.repository),
            }
        }),
        _ => serde_json::json!({
            "weights": FITTED
                .iter()
                .map(|id| ((*id).to_string(), serde_json::json!(proposed.weights.get(*id))))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
            "thresholds": {
                "large_diff_severe_lines": proposed.thresholds.large_diff_severe_lines,
                "many_files_severe": proposed.thresholds.many_files_severe,
            },
        }),
    }
}

fn round3(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

impl Proposal {
    /// The settings overrides the proposal makes: its weights and thresholds.
    pub fn overrides(&self) -> (BTreeMap<String, f64>, BTreeMap<String, u64>) {
        let weights = self
            .weights
            .iter()
            .map(|change| (change.id.clone(), change.after))
            .collect();
        let t = self.thresholds;
        let thresholds = [
            ("large_diff_severe_lines", t.large_diff_severe_lines),
            ("many_files_severe", t.many_files_severe),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_string(), value))
        .collect();
        (weights, thresholds)
    }
}

/// Pooled within-repository AUC of a model's ranking on `rows`.
fn ranked_auc(rows: &[Row], groups: usize, model: &Fit) -> f64 {
    let mut ranked = vec![Ranked::default(); groups];
    for row in rows {
        ranked[row.group].push(model.score(&row.x), 0.0, row.bad);
    }
    pooled_auc(&ranked, |group| &group.score).unwrap_or(0.5)
}

/// `rows` with the features `left_out` set to 0 (a driver that never fires).
fn without(rows: &[Row], left_out: &[usize]) -> Vec<Row> {
    rows.iter()
        .map(|row| {
            let mut row = row.clone();
            for feature in left_out {
                row.x[*feature] = 0.0;
            }
            row
        })
        .collect()
}

/// Pooled AUC of predictions each made by a fit that did not see the PR: leave one repository
/// out with several, [`FOLDS`] folds of one. `left_out` features are set to 0.
fn cross_validated(rows: &[Row], groups: usize, lambda: f64, left_out: &[usize]) -> f64 {
    let rows = without(rows, left_out);
    let fold_of = |index: usize, row: &Row| {
        if groups > 1 {
            row.group
        } else {
            index % FOLDS
        }
    };
    let folds = if groups > 1 { groups } else { FOLDS };
    let mut ranked = vec![Ranked::default(); groups];
    for fold in 0..folds {
        let training: Vec<Row> = rows
            .iter()
            .enumerate()
            .filter(|(index, row)| fold_of(*index, row) != fold)
            .map(|(_, row)| row.clone())
            .collect();
        let model = fit(&training, groups, FITTED.len(), lambda);
        for (index, row) in rows.iter().enumerate() {
            if fold_of(index, row) == fold {
                ranked[row.group].push(model.score(&row.x), 0.0, row.bad);
            }
        }
    }
    pooled_auc(&ranked, |group| &group.score).unwrap_or(0.5)
}

/// `w = 1 − e^(−K β)`, rounded to two decimals as the engine shows weights.
fn weight_of(beta: f64, scale: f64) -> f64 {
    crate::engine::drivers::round2((1.0 - (-scale * beta).exp()).clamp(0.0, 0.95))
}

/// The largest `K` (by bisection) that keeps at most [`HIGH_SHARE_TARGET`] of the PRs at high
/// or critical.
fn level_scale(observations: &[Observation], rows: &[Row], coefficients: &[f64]) -> f64 {
    let share_at = |scale: f64| {
        let weights: Vec<f64> = coefficients.iter().map(|b| weight_of(*b, scale)).collect();
        high_share(observations, rows, &weights)
    };
    let (mut low, mut high) = (0.0, 10.0);
    if share_at(high) <= HIGH_SHARE_TARGET {
        return high;
    }
    for _ in 0..40 {
        let middle = (low + high) / 2.0;
        if share_at(middle) <= HIGH_SHARE_TARGET {
            low = middle;
        } else {
            high = middle;
        }
    }
    low
}

/// Share of PRs the engine would put at high or critical with these fitted weights: the
/// noisy-OR of fitted and fixed drivers, raised to the findings' floor.
fn high_share(observations: &[Observation], rows: &[Row], weights: &[f64]) -> f64 {
    let high = observations
        .iter()
        .zip(rows)
        .filter(|(observation, row)| {
            let remaining: f64 = weights
                .iter()
                .zip(&row.x)
                .map(|(w, x)| 1.0 - crate::engine::drivers::round2(w * x))
                .product::<f64>()
                * (-observation.fixed_hazard).exp();
            let score = crate::engine::drivers::round2(1.0 - remaining);
            let level = level_for(score).max(observation.floor);
            level >= RiskLevel::High || score >= cutoff_of(RiskLevel::High)
        })
        .count();
    high as f64 / observations.len().max(1) as f64
}

#[cfg(test)]
mod tests;
