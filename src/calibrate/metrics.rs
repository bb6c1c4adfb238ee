//! How well a score ranks the PRs that went wrong: ROC AUC within each repository, pooled, with
//! a bootstrap interval; and each driver's firing rate and lift.
//!
//! **AUC** is the chance that a random bad PR (reverted or fixed soon) scores above a random
//! good one of the same repository, ties counting half (the Mann–Whitney U statistic over both
//! class sizes, computed with mid-ranks). **Pooled within-repository AUC** weighs each
//! repository's AUC by its number of (bad, good) pairs, so a repository's base rate never
//! ranks PRs of another (Hanley & McNeil 1982 for the statistic; pairs within strata as in
//! stratified C-statistics).
//!
//! **Interval**: a percentile bootstrap (Efron & Tibshirani 1993, ch. 13) resampling PRs with
//! replacement within each repository, [`BOOTSTRAP_ROUNDS`] rounds from a fixed seed, so the
//! same corpus always prints the same interval. The score and the baseline are resampled
//! together, which gives the interval of their difference too.
//!
//! **Lift** of a driver: the bad rate of PRs where it fired divided by the overall bad rate.

use serde::Serialize;

/// Bootstrap resamples.
pub const BOOTSTRAP_ROUNDS: usize = 1_000;
const SEED: u64 = 0x5eed_ca11_b8a7_e000;

/// One repository's PRs as (score, baseline, bad).
#[derive(Debug, Clone, Default)]
pub struct Ranked {
    pub score: Vec<f64>,
    pub baseline: Vec<f64>,
    pub bad: Vec<bool>,
}

impl Ranked {
    pub fn push(&mut self, score: f64, baseline: f64, bad: bool) {
        self.score.push(score);
        self.baseline.push(baseline);
        self.bad.push(bad);
    }

    pub fn pairs(&self) -> u64 {
        let bad = self.bad.iter().filter(|bad| **bad).count() as u64;
        bad * (self.bad.len() as u64 - bad)
    }
}

/// An estimate and its 95 % percentile-bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// AUC of the score, of the baseline, and of their difference, with intervals.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Comparison {
    pub score: Interval,
    pub baseline: Interval,
    pub difference: Interval,
}

/// ROC AUC of `values` for the positive class `bad`, ties counting half; `None` without both
/// classes.
pub fn auc(values: &[f64], bad: &[bool]) -> Option<f64> {
    let positives = bad.iter().filter(|bad| **bad).count();
    let negatives = bad.len() - positives;
    if positives == 0 || negatives == 0 {
        return None;
    }
    let mut order: Vec<usize> = (0..values.len()).collect();
    crate::order::sort_by(&mut order, |a, b| values[*a].total_cmp(&values[*b]));
    let mut rank_sum = 0.0;
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        // Ranks start..=end (1-based: start+1 ..= end+1) share their mean.
        let mid_rank = (start + end) as f64 / 2.0 + 1.0;
        rank_sum += mid_rank * order[start..=end].iter().filter(|i| bad[**i]).count() as f64;
        start = end + 1;
    }
    let (p, n) = (positives as f64, negatives as f64);
    Some((rank_sum - p * (p + 1.0) / 2.0) / (p * n))
}

/// Pooled within-repository AUC: each repository's AUC weighted by its (bad, good) pairs.
pub fn pooled_auc(groups: &[Ranked], pick: impl Fn(&Ranked) -> &[f64]) -> Option<f64> {
    let mut weighted = 0.0;
    let mut pairs = 0u64;
    for group in groups {
        if let Some(value) = auc(pick(group), &group.bad) {
            weighted += value * group.pairs() as f64;
            pairs += group.pairs();
        }
    }
    (pairs > 0).then(|| weighted / pairs as f64)
}

/// Pooled AUC of score and baseline with bootstrap intervals.
pub fn compare(groups: &[Ranked]) -> Option<Comparison> {
    let score = pooled_auc(groups, |group| &group.score)?;
    let baseline = pooled_auc(groups, |group| &group.baseline)?;
    let mut random = SplitMix(SEED);
    let mut scores = Vec::with_capacity(BOOTSTRAP_ROUNDS);
    let mut baselines = Vec::with_capacity(BOOTSTRAP_ROUNDS);
    let mut differences = Vec::with_capacity(BOOTSTRAP_ROUNDS);
    for _ in 0..BOOTSTRAP_ROUNDS {
        let resampled: Vec<Ranked> = groups
            .iter()
            .map(|group| {
                let len = group.bad.len();
                let mut sample = Ranked::default();
                for _ in 0..len {
                    let index = random.below(len);
                    sample.push(group.score[index], group.baseline[index], group.bad[index]);
                }
                sample
            })
            .collect();
        if let (Some(s), Some(b)) = (
            pooled_auc(&resampled, |group| &group.score),
            pooled_auc(&resampled, |group| &group.baseline),
        ) {
            scores.push(s);
            baselines.push(b);
            differences.push(s - b);
        }
    }
    Some(Comparison {
        score: interval(score, scores),
        baseline: interval(baseline, baselines),
        difference: interval(score - baseline, differences),
    })
}

fn interval(value: f64, mut samples: Vec<f64>) -> Interval {
    crate::order::sort_by(&mut samples, f64::total_cmp);
    let at = |quantile: f64| {
        if samples.is_empty() {
            return value;
        }
        let index = ((samples.len() - 1) as f64 * quantile).round() as usize;
        samples[index.min(samples.len() - 1)]
    };
    Interval {
        value,
        low: at(0.025),
        high: at(0.975),
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a fixed, dependency-free stream for the bootstrap.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (bound ≥ 1), by multiply-shift (Lemire 2019; bias < 2⁻³²).
    fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next() >> 32) * bound as u128) >> 32) as usize
    }
}

/// How often a driver fired and how its PRs turned out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DriverLift {
    pub id: String,
    pub fired: usize,
    /// Share of studied PRs where it fired.
    pub rate: f64,
    /// Bad rate where it fired.
    pub bad_rate_fired: Option<f64>,
    /// Bad rate where it did not.
    pub bad_rate_silent: Option<f64>,
    /// `bad_rate_fired / overall bad rate`.
    pub lift: Option<f64>,
}

/// Lift of each driver over `(fired driver ids, bad)` rows; drivers in `ids` order.
pub fn lifts(ids: &[String], rows: &[(Vec<&str>, bool)]) -> Vec<DriverLift> {
    let total = rows.len();
    let bad_total = rows.iter().filter(|(_, bad)| *bad).count();
    let overall = (total > 0).then(|| bad_total as f64 / total as f64);
    ids.iter()
        .map(|id| {
            let fired: Vec<bool> = rows
                .iter()
                .filter(|(drivers, _)| drivers.contains(&id.as_str()))
                .map(|(_, bad)| *bad)
                .collect();
            let fired_bad = fired.iter().filter(|bad| **bad).count();
            let silent = total - fired.len();
            let bad_rate_fired = (!fired.is_empty()).then(|| fired_bad as f64 / fired.len() as f64);
            DriverLift {
                id: id.clone(),
                fired: fired.len(),
                rate: if total == 0 {
                    0.0
                } else {
                    fired.len() as f64 / total as f64
                },
                bad_rate_fired,
                bad_rate_silent: (silent > 0)
                    .then(|| (bad_total - fired_bad) as f64 / silent as f64),
                lift: match (bad_rate_fired, overall) {
                    (Some(rate), Some(overall)) if overall > 0.0 => Some(rate / overall),
                    _ => None,
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auc_is_the_chance_a_bad_pr_outranks_a_good_one_ties_counting_half() {
        assert_eq!(
            auc(&[1.0, 2.0, 3.0, 4.0], &[false, false, true, true]),
            Some(1.0)
        );
        assert_eq!(
            auc(&[4.0, 3.0, 2.0, 1.0], &[false, false, true, true]),
            Some(0.0)
        );
        assert_eq!(
            auc(&[1.0, 1.0, 1.0, 1.0], &[false, true, false, true]),
            Some(0.5)
        );
        // Pairs: (3 vs 1) win, (3 vs 2) win, (2 vs 1) win, (2 vs 2) tie → 3.5 / 4.
        assert_eq!(
            auc(&[1.0, 2.0, 2.0, 3.0], &[false, false, true, true]),
            Some(0.875)
        );
        assert_eq!(auc(&[1.0, 2.0], &[true, true]), None);
    }

    #[test]
    fn pooling_never_compares_prs_of_different_repositories() {
        // Each repository alone ranks perfectly; mixed, repo B's high base scores would not.
        let a = Ranked {
            score: vec![0.1, 0.2],
            baseline: vec![1.0, 1.0],
            bad: vec![false, true],
        };
        let b = Ranked {
            score: vec![0.8, 0.9],
            baseline: vec![1.0, 1.0],
            bad: vec![false, true],
        };
        assert_eq!(pooled_auc(&[a.clone(), b.clone()], |g| &g.score), Some(1.0));
        let comparison = compare(&[a, b]).unwrap();
        assert_eq!(comparison.baseline.value, 0.5);
        assert!(comparison.score.low <= 1.0 && comparison.difference.value == 0.5);
    }

    #[test]
    fn the_bootstrap_interval_is_reproducible_and_brackets_the_estimate() {
        let mut group = Ranked::default();
        for index in 0..200 {
            let bad = index % 5 == 0;
            group.push(
                f64::from(index % 7) + if bad { 2.0 } else { 0.0 },
                f64::from(index % 3),
                bad,
            );
        }
        let one = compare(std::slice::from_ref(&group)).unwrap();
        let two = compare(&[group]).unwrap();
        assert_eq!(one, two);
        assert!(
            one.score.low <= one.score.value && one.score.value <= one.score.high,
            "{one:?}"
        );
        assert!(one.score.high - one.score.low < 0.3);
    }

    #[test]
    fn lift_compares_the_bad_rate_where_a_driver_fired_with_the_overall_rate() {
        let rows = vec![
            (vec!["large_diff"], true),
            (vec!["large_diff"], false),
            (vec![], false),
            (vec![], false),
        ];
        let lift = &lifts(&["large_diff".into()], &rows)[0];
        assert_eq!((lift.fired, lift.rate), (2, 0.5));
        assert_eq!(lift.bad_rate_fired, Some(0.5));
        assert_eq!(lift.bad_rate_silent, Some(0.0));
        assert_eq!(lift.lift, Some(2.0));
    }
}
