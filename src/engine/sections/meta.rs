//! `meta`: engine version, reference time, and which bundle sections fed the signal.
//!
//! A reviewer must be able to tell "no failing checks" from "checks were not fetched";
//! `missing` lists every absent section so the panel can show a partial state honestly.

use crate::engine::context::{Context, ENGINE_VERSION};
use crate::signal::Meta;
use crate::timestamp;

/// The meta section; `calibration` is the note of the repository settings in use, if any.
pub fn describe(context: &Context, calibration: Option<String>) -> Meta {
    let bundle = context.bundle;
    let sections: [(&str, bool); 12] = [
        ("files", bundle.files.is_some()),
        ("commits", bundle.commits.is_some()),
        ("users", bundle.users.is_some()),
        ("history", bundle.history.is_some()),
        ("check_runs", bundle.check_runs.is_some()),
        ("status", bundle.status.is_some()),
        ("reviews", bundle.reviews.is_some()),
        ("familiarity", bundle.familiarity.is_some()),
        ("page", bundle.page.is_some()),
        ("timeline", bundle.timeline.is_some()),
        ("events", bundle.events.is_some()),
        ("pull", true),
    ];
    let mut inputs = vec![];
    let mut missing = vec![];
    for (name, present) in sections {
        if present {
            inputs.push(name.to_string());
        } else {
            missing.push(name.to_string());
        }
    }
    if bundle.files.is_some() && !bundle.patches_fetched {
        missing.push("patches".to_string());
    }
    if bundle.files_truncated {
        missing.push("files (truncated at GitHub's 3,000-file cap)".to_string());
    }
    if bundle.commits_truncated {
        missing.push("commits (truncated at GitHub's 250-commit cap)".to_string());
    }
    Meta {
        engine_version: ENGINE_VERSION.to_string(),
        generated_at: timestamp::format(context.now).unwrap_or_default(),
        inputs,
        missing,
        notes: bundle.fetch_notes.clone(),
        calibration,
    }
}

/// "Calibrated for o/r: weights and thresholds fitted by prlens calibrate --fit on N merged
/// PRs at <commit> (cross-validated AUC a → b)", for the repository settings that apply.
pub fn calibration_note(
    settings: &crate::settings::Settings,
    owner: &str,
    repo: &str,
) -> Option<String> {
    let (name, calibration) = settings.calibration_for(owner, repo)?;
    let commit: String = calibration.commit.chars().take(12).collect();
    Some(format!(
        "Calibrated for {}: weights and thresholds fitted by prlens calibrate --fit on {} merged PRs at {} (cross-validated AUC {:.2} → {:.2})",
        crate::text::clip(name, 100),
        calibration.prs,
        crate::text::clip(&commit, 12),
        calibration.auc_before,
        calibration.auc
    ))
}
