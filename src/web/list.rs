//! `listBadges`, `listBadgeOf` and `reviewFirstOrder`: what the pull-list badges
//! need from the library (`extension/pages/list/list.js` calls them; docs/CONTRACTS.md "wasm exports").
//!
//! Why here: the list's one GraphQL query and its mapping to patch-less bundles are the CLI
//! queue's (`crate::fetch::graphql`), and the order is `crate::queue`'s, so a badge, the panel
//! and `prlens queue` agree on the same bundle. A badge keeps only what the row shows and what
//! the order reads ([`QueueKey`]), so a list of cached badges needs no signals.

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::view::PanelView;
use crate::fetch::graphql::{queue_bundles, QueueError};
use crate::fetch::graphql_mine::queue_mine_bundles;
use crate::queue::{review_first_keys, QueueKey};
use crate::signal::{RiskLevel, Signal};

/// Drivers a badge's tooltip lists (the signal sorts them heaviest first).
const BADGE_DRIVERS: usize = 6;

#[derive(Serialize)]
struct BadgeDriver {
    id: String,
    label: String,
    detail: String,
}

/// One row's badge: the signal's level, minutes and drivers; `estimate` when the bundle came
/// from the list query (no patches, commits or history: `missing` says which sections).
#[derive(Serialize)]
struct ListBadge {
    owner: String,
    repo: String,
    number: u64,
    level: RiskLevel,
    /// `None`: unknown (a list estimate's patches were not read), shown as "–".
    minutes: Option<u64>,
    drivers: Vec<BadgeDriver>,
    estimate: bool,
    missing: Vec<String>,
    generated_at: String,
    /// The viewer reviewed an older commit (a reviewer's list, issue #38): the badge says so.
    changed_since_review: bool,
    /// The head commit scored: of a full badge and an estimate for the same head, the full one
    /// is kept (extension/shared/list-store.js `preferred`).
    head: Option<String>,
    key: QueueKey,
}

fn badge_of(signal: &Signal, estimate: bool) -> ListBadge {
    ListBadge {
        owner: signal.pr.owner.clone(),
        repo: signal.pr.repo.clone(),
        number: signal.pr.number,
        level: signal.risk.level,
        minutes: signal.triage.minutes,
        drivers: signal
            .risk
            .drivers
            .iter()
            .take(BADGE_DRIVERS)
            .map(|driver| BadgeDriver {
                id: driver.id.clone(),
                label: driver.label.clone(),
                detail: driver.detail.clone(),
            })
            .collect(),
        estimate,
        missing: signal.meta.missing.clone(),
        generated_at: signal.meta.generated_at.clone(),
        changed_since_review: signal
            .viewer
            .as_ref()
            .is_some_and(|viewer| viewer.since_review.is_some()),
        head: signal.pr.head_sha.clone(),
        key: QueueKey::of(signal),
    }
}

fn to_json<T: Serialize>(value: &T) -> Result<String, JsError> {
    serde_json::to_string(value).map_err(|error| JsError::new(&error.to_string()))
}

/// The badges (JSON array text) of the list query's answer `answer_json`, each from the
/// patch-less bundle the CLI queue builds, scored with `settings_json`. Rejects with the
/// GraphQL error's message (`name`: `not_found`, `rate_limited` or `graphql`). `mine`: the
/// answer is the reviewer's queue query's (`list-query-mine.json`, a `review-requested:@me`
/// list), whose bundles name the viewer.
#[wasm_bindgen(js_name = listBadges)]
pub fn list_badges(
    answer_json: &str,
    fetched_at: Option<String>,
    settings_json: &str,
    mine: Option<bool>,
) -> Result<String, JsValue> {
    let fail = |name: &str, message: &str| {
        let error = js_sys::Error::new(message);
        error.set_name(name);
        JsValue::from(error)
    };
    let answer: Value = serde_json::from_str(answer_json)
        .map_err(|error| fail("graphql", &format!("GitHub's answer is not JSON ({error})")))?;
    let mapped = if mine == Some(true) {
        queue_mine_bundles(&answer, fetched_at.as_deref())
    } else {
        queue_bundles(&answer, fetched_at.as_deref())
    };
    let queue = mapped.map_err(|error| match error {
        QueueError::NotFound(message) => fail("not_found", &message),
        QueueError::RateLimited(message) => fail("rate_limited", &message),
        QueueError::Other(message) => fail("graphql", &message),
    })?;
    let settings = crate::read_settings(settings_json)
        .map_err(|error| super::errors::analysis_error(&crate::AnalyzeError::Settings(error)))?;
    let mut badges = Vec::with_capacity(queue.bundles.len());
    for bundle in &queue.bundles {
        // Read from the mapped value once (no text in between), scored with the settings read once.
        let bundle = crate::Bundle::from_value(bundle)
            .map_err(|error| fail("graphql", &error.to_string()))?;
        badges.push(badge_of(&crate::analyze(&bundle, &settings, None), true));
    }
    to_json(&badges).map_err(JsValue::from)
}

/// Scores the built-in one-PR answer and drops the result: the list frame calls it while its
/// query is on the network (see [`crate::fetch::graphql::WARM_UP_ANSWER`]).
#[wasm_bindgen(js_name = warmUpList)]
pub fn warm_up_list() {
    let _ = list_badges(
        crate::fetch::graphql::WARM_UP_ANSWER,
        Some("2026-01-03T00:00:00Z".into()),
        "{}",
        None,
    );
}

/// The badge (JSON text) of one full bundle's view (`fetchAndAnalyze`, the panel's fetch).
#[wasm_bindgen(js_name = listBadgeOf)]
pub fn list_badge_of(view: &PanelView) -> Result<String, JsError> {
    to_json(&badge_of(view.signal(), false))
}

/// The review-first order of badge keys (JSON array text of [`QueueKey`]): their indexes,
/// riskiest ready PR first, drafts last (`crate::queue`).
#[wasm_bindgen(js_name = reviewFirstOrder)]
pub fn review_first_order(keys_json: &str) -> Result<Vec<u32>, JsError> {
    let keys: Vec<QueueKey> =
        serde_json::from_str(keys_json).map_err(|error| JsError::new(&error.to_string()))?;
    let mut order: Vec<u32> = (0..keys.len() as u32).collect();
    crate::order::sort_by(&mut order, |a, b| {
        review_first_keys(&keys[*a as usize], &keys[*b as usize])
    });
    Ok(order)
}
