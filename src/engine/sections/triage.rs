//! `triage`: how long this PR takes to review, and whether it has gone stale.
//!
//! **What it does.** `minutes = round(reading lines × 60 / review rate)` where counted lines
//! are additions + deletions of every file except lockfiles, generated, vendored and binary
//! files (they stay in supply chain), and reading lines weigh them by how they are read: prose,
//! translations and test data `LIGHT_READING_FACTOR` each, whitespace-only lines of code
//! `FORMATTING_MINUTES_FACTOR` each. Generated and vendored files are left out of the minutes
//! only (the author decides what looks so; risk still counts them). When GitHub's file list is
//! shorter than the PR's `changed_files` (it stops at 3,000), the lines of the unlisted files
//! (the PR's totals minus the listed ones) are counted in full. Effort bands: trivial < 5, light 5–19, moderate 20–59,
//! substantial 60–89, extensive ≥ 90 minutes. Staleness from days since the last update of an
//! open PR: none, low (≥ 7 days), medium (≥ `stale_days`), high (≥ `stale_high_days`).
//! `remaining_minutes` counts only files the viewer has not ticked "Viewed".
//!
//! **Why it matters.** Reviewers plan by time, and estimates that "always seemed so random"
//! get switched off (TryGhost/Ghost#26089), so the formula and its inputs are shown. Lockfiles
//! and generated code inflate naive estimates (gitStream#205, #505).
//!
//! **Source.** SmartBear/Cisco review rate 500 LOC/h, which reproduces the reference
//! product's 112 minutes for 930 lines (docs/sources.md, "Review size and time", "Paths
//! excluded from size", "Staleness").

use crate::bundle::Bundle;
use crate::engine::context::Context;
use crate::engine::files::FileFacts;
use crate::settings::section_tables::{EFFORT_BANDS, STALENESS_LOW_DAYS};
use crate::settings::weights::{FORMATTING_MINUTES_FACTOR, LIGHT_READING_FACTOR};
use crate::signal::{Effort, Staleness, Triage};
use crate::timestamp::SECONDS_PER_DAY;

pub fn assess(context: &Context) -> Triage {
    let bundle = context.bundle;
    let pull = &bundle.pull;
    let rate = context.settings.thresholds.review_rate_loc_per_hour.max(1);
    let viewed: std::collections::HashSet<&str> = bundle
        .page
        .iter()
        .flat_map(|page| page.viewed_files.iter().map(String::as_str))
        .collect();

    let mut light_lines = 0u64;
    let mut formatting_lines = 0u64;
    let mut unlisted = 0u64;
    let (counted_lines, excluded_lines, reading, unviewed_reading, source) = match &bundle.files {
        Some(files) => {
            let mut counted = 0u64;
            let mut excluded = 0u64;
            let mut reading = 0.0f64;
            let mut unviewed = 0.0f64;
            for facts in &context.files {
                let Some(file) = files.get(facts.index) else {
                    continue;
                };
                let lines = file.additions.saturating_add(file.deletions);
                if facts.excluded_from_size {
                    excluded = excluded.saturating_add(lines);
                } else {
                    counted = counted.saturating_add(lines);
                    let (weighted, light, formatting) = reading_lines(facts, lines);
                    light_lines = light_lines.saturating_add(light);
                    formatting_lines = formatting_lines.saturating_add(formatting);
                    reading += weighted;
                    if !viewed.contains(&facts.path.as_str()) {
                        unviewed += weighted;
                    }
                }
            }
            unlisted = unlisted_lines(bundle, files.len());
            counted = counted.saturating_add(unlisted);
            reading += unlisted as f64;
            unviewed += unlisted as f64;
            (
                counted,
                excluded,
                round_lines(reading),
                round_lines(unviewed),
                "",
            )
        }
        None if pull.additions.is_none() && pull.deletions.is_none() => (
            0,
            0,
            0,
            0,
            " (size unknown: the PR object has no line counts and the file list was not fetched)",
        ),
        None => {
            let lines = pull
                .additions
                .unwrap_or(0)
                .saturating_add(pull.deletions.unwrap_or(0));
            (
                lines,
                0,
                lines,
                lines,
                " (PR totals; file list not fetched, so nothing could be excluded)",
            )
        }
    };
    let size_unknown =
        bundle.files.is_none() && pull.additions.is_none() && pull.deletions.is_none();
    // Patches not fetched (a list estimate): the listed line counts are only an upper bound,
    // since whitespace-only, generated and minified lines are told apart by their patches.
    let unweighed = bundle.files.is_some() && !bundle.patches_fetched;
    let upper = minutes_for(reading, rate);
    let minutes = (!size_unknown && !unweighed).then_some(upper);
    let effort = minutes.map_or(Effort::Unknown, effort_for);
    let mut formula = if size_unknown {
        format!("minutes unknown{source}")
    } else if unweighed {
        format!(
            "minutes unknown: the files were listed without patches, so whitespace-only, generated and minified lines cannot be told apart; at most round({reading} lines × 60 / {rate} LOC/h) = {upper} min"
        )
    } else if reading == counted_lines {
        format!("round({counted_lines} lines × 60 / {rate} LOC/h) = {upper} min{source}")
    } else {
        format!(
            "round({reading} reading lines × 60 / {rate} LOC/h) = {upper} min{source}; of {counted_lines} lines counted"
        )
    };
    let weighed_down = reading < counted_lines;
    if weighed_down && light_lines > 0 {
        formula.push_str(&format!(
            "; {light_lines} lines of docs, translations or test data weigh {LIGHT_READING_FACTOR} each"
        ));
    }
    if weighed_down && formatting_lines > 0 {
        formula.push_str(&format!(
            "; {formatting_lines} whitespace/re-wrap-only lines weigh {FORMATTING_MINUTES_FACTOR} each"
        ));
    }
    if unlisted > 0 {
        formula.push_str(&format!(
            "; {unlisted} lines of files GitHub did not list counted from the PR's totals"
        ));
    }
    if excluded_lines > 0 {
        formula.push_str(&format!(
            "; {excluded_lines} lines in lockfiles, generated, vendored or binary files not counted (generated and vendored still count for risk)"
        ));
    }

    let age_days = pull
        .created_at
        .map(|created| (context.now.saturating_sub(created) / SECONDS_PER_DAY).max(0) as u64);
    let idle_days = pull
        .updated_at
        .or(pull.created_at)
        .map(|updated| (context.now.saturating_sub(updated) / SECONDS_PER_DAY).max(0) as u64);
    let open = pull.state.eq_ignore_ascii_case("open") && !pull.merged;
    let thresholds = &context.settings.thresholds;
    let staleness = match idle_days {
        Some(days) if open && days >= thresholds.stale_high_days => Staleness::High,
        Some(days) if open && days >= thresholds.stale_days => Staleness::Medium,
        Some(days) if open && days >= STALENESS_LOW_DAYS => Staleness::Low,
        _ => Staleness::None,
    };

    Triage {
        minutes,
        effort,
        staleness,
        counted_lines,
        excluded_lines,
        reading_lines: reading,
        formula,
        remaining_minutes: minutes.map(|_| minutes_for(unviewed_reading, rate)),
        age_days,
        advice: advice(effort, staleness, idle_days),
    }
}

/// A counted file's lines as read: `(weighted, light lines, formatting lines)`. Prose,
/// translations and test data weigh [`LIGHT_READING_FACTOR`]; whitespace-only lines of code
/// (where whitespace is not semantic: the API surface decides) [`FORMATTING_MINUTES_FACTOR`].
pub fn reading_lines(facts: &FileFacts, lines: u64) -> (f64, u64, u64) {
    if facts.light_reading {
        return (lines as f64 * LIGHT_READING_FACTOR, lines, 0);
    }
    let formatting = facts.formatting.lines.min(lines);
    let weighted = (lines - formatting) as f64 + formatting as f64 * FORMATTING_MINUTES_FACTOR;
    (weighted, 0, formatting)
}

/// Lines of files GitHub did not list: the PR's own totals minus the listed files' lines, when
/// the list is shorter than `changed_files` (GitHub stops at 3,000 files). 0 otherwise.
pub fn unlisted_lines(bundle: &Bundle, listed_files: usize) -> u64 {
    let pull = &bundle.pull;
    let truncated = pull
        .changed_files
        .is_some_and(|total| total > listed_files as u64);
    if !truncated {
        return 0;
    }
    let total = pull
        .additions
        .unwrap_or(0)
        .saturating_add(pull.deletions.unwrap_or(0));
    let listed: u64 = bundle
        .files
        .iter()
        .flatten()
        .map(|file| file.additions.saturating_add(file.deletions))
        .sum();
    total.saturating_sub(listed)
}

/// Weighed lines, rounded up: a line read in part is still read, and the estimate never rounds
/// a change down to nothing.
pub fn round_lines(lines: f64) -> u64 {
    lines.max(0.0).ceil() as u64
}

/// `round(lines × 60 / rate)`, in integers (half rounds up).
pub fn minutes_for(lines: u64, rate: u64) -> u64 {
    let rate = rate.max(1);
    lines
        .saturating_mul(60)
        .saturating_add(rate / 2)
        .checked_div(rate)
        .unwrap_or(0)
}

fn effort_for(minutes: u64) -> Effort {
    let band = EFFORT_BANDS
        .iter()
        .find(|(lower, _)| minutes >= *lower)
        .map_or("trivial", |(_, band)| band);
    match band {
        "extensive" => Effort::Extensive,
        "substantial" => Effort::Substantial,
        "moderate" => Effort::Moderate,
        "light" => Effort::Light,
        _ => Effort::Trivial,
    }
}

fn advice(effort: Effort, staleness: Staleness, idle_days: Option<u64>) -> String {
    let mut advice = match effort {
        Effort::Trivial => "Quick look; fits between other tasks",
        Effort::Light => "Review in one short sitting",
        Effort::Moderate => "Set aside a focused review session",
        Effort::Substantial => "Block an hour and review in one sitting before context fades",
        Effort::Extensive => "Schedule dedicated review time; consider pair review",
        Effort::Unknown => "Plan review time once the changed lines are known",
    }
    .to_string();
    if staleness != Staleness::None {
        if let Some(days) = idle_days {
            advice.push_str(&format!(
                ". No activity for {days} days: check it still applies to the base branch"
            ));
        }
    }
    advice
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_reproduce_the_reference_estimate() {
        assert_eq!(minutes_for(930, 500), 112);
        assert_eq!(minutes_for(0, 500), 0);
        assert_eq!(minutes_for(u64::MAX, 1), u64::MAX);
    }

    #[test]
    fn effort_bands_follow_the_table() {
        assert_eq!(effort_for(4), Effort::Trivial);
        assert_eq!(effort_for(5), Effort::Light);
        assert_eq!(effort_for(20), Effort::Moderate);
        assert_eq!(effort_for(60), Effort::Substantial);
        assert_eq!(effort_for(89), Effort::Substantial);
        assert_eq!(effort_for(90), Effort::Extensive);
    }
}
