//! Whether the description's claims hold in the diff: read from the Intent section's claims, so
//! the check and the section can never disagree. Fails on a claim the diff contradicts or does
//! not show ("The description says tests were added; no test file changed"); a bare mention of
//! a name the diff lacks is shown in Intent but does not fail the check (it may be context).

use crate::signal::{CheckOutcome, Intent};

/// Concerns quoted in the detail; the rest are counted.
const QUOTED: usize = 2;

pub(super) fn hold(intent: &Intent) -> (CheckOutcome, String) {
    if intent.checkable() == 0 {
        return (
            CheckOutcome::NotChecked,
            "Not checked: the description makes no claim the diff can check".into(),
        );
    }
    let raised: Vec<String> = intent
        .claims
        .iter()
        .filter(|claim| claim.raised())
        .map(crate::engine::sections::intent::concern)
        .collect();
    if raised.is_empty() {
        return (CheckOutcome::Pass, intent.summary());
    }
    let mut detail = raised[..raised.len().min(QUOTED)].join(". ");
    if raised.len() > QUOTED {
        detail.push_str(&format!(". {} more in Intent", raised.len() - QUOTED));
    }
    (CheckOutcome::Fail, detail)
}
