//! `triage`: how long this PR takes to review, and whether it has gone stale.
//!
//! **What it does.** `minutes = round(counted lines × 60 / review rate)` where counted lines
//! are additions + deletions of every file except lockfiles, generated, vendored and binary
//! files (they stay in supply chain). Effort bands: trivial < 5, light 5–19, moderate 20–59,
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

use crate::engine::context::Context;
use crate::settings::section_tables::{EFFORT_BANDS, STALENESS_LOW_DAYS};
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

    let (counted_lines, excluded_lines, unviewed_lines, source) = match &bundle.files {
        Some(files) => {
            let mut counted = 0u64;
            let mut excluded = 0u64;
            let mut unviewed = 0u64;
            for facts in &context.files {
                let Some(file) = files.get(facts.index) else {
                    continue;
                };
                let lines = file.additions.saturating_add(file.deletions);
                if facts.excluded_from_size {
                    excluded = excluded.saturating_add(lines);
                } else {
                    counted = counted.saturating_add(lines);
                    if !viewed.contains(&facts.path.as_str()) {
                        unviewed = unviewed.saturating_add(lines);
                    }
                }
            }
            (counted, excluded, unviewed, "")
        }
        None if pull.additions.is_none() && pull.deletions.is_none() => (
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
                " (PR totals; file list not fetched, so nothing could be excluded)",
            )
        }
    };
    let minutes = minutes_for(counted_lines, rate);
    let effort = effort_for(minutes);
    let mut formula =
        format!("round({counted_lines} lines × 60 / {rate} LOC/h) = {minutes} min{source}");
    if excluded_lines > 0 {
        formula.push_str(&format!(
            "; {excluded_lines} lines in lockfiles, generated, vendored or binary files not counted"
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
        formula,
        remaining_minutes: minutes_for(unviewed_lines, rate),
        age_days,
        advice: advice(effort, staleness, idle_days),
    }
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
